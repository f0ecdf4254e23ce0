#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Capability.h>
#include <aten/cpu/DispatchStub.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

using namespace aten;

namespace aten::native {
using test_fn = int (*)(int);
ATEN_DECLARE_DISPATCH(test_fn, test_stub);
ATEN_DEFINE_DISPATCH(test_stub);
namespace {
int k_default(int x) { return x + 1; }
int k_avx2(int x) { return x + 2; }
}  // namespace
// As if compiled three times; AVX512 missing falls back to AVX2.
ATEN_REGISTER_ARCH_DISPATCH(test_stub, DEFAULT, &k_default);
ATEN_REGISTER_ARCH_DISPATCH(test_stub, AVX2, &k_avx2);
ATEN_REGISTER_ARCH_DISPATCH(test_stub, AVX512, nullptr);
}  // namespace aten::native

TEST(DispatchStub, PicksTheBestRegisteredKernelForTheCapability) {
  int expected = get_cpu_capability() == CPUCapability::DEFAULT ? 1 : 2;
  EXPECT_EQ(native::test_stub(kCPU, 0), expected);
  EXPECT_THROW(native::test_stub(kMeta, 0), Error);
}

// ctest runs this binary once per capability with ATEN_CPU_CAPABILITY set (see CMakeLists).
TEST(DispatchStub, CapabilityIsTheCpusBestLoweredByTheEnvironment) {
  __builtin_cpu_init();
  CPUCapability best = CPUCapability::DEFAULT;
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) best = CPUCapability::AVX2;
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq"))
    best = CPUCapability::AVX512;
  CPUCapability expected = best;
  if (const char* env = std::getenv("ATEN_CPU_CAPABILITY")) {
    std::string want = env;
    CPUCapability asked = want == "default" ? CPUCapability::DEFAULT
                          : want == "avx2"  ? CPUCapability::AVX2
                                            : CPUCapability::AVX512;
    expected = std::min(asked, best);
  }
  EXPECT_EQ(get_cpu_capability(), expected) << toString(get_cpu_capability());
}
