#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Capability.h>
#include <aten/cpu/DispatchStub.h>
#include <aten/native/LinearAlgebra.h>
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

using tensor_test_fn = int (*)(const Tensor&);
ATEN_DECLARE_DISPATCH(tensor_test_fn, tensor_test_stub);
ATEN_DEFINE_DISPATCH(tensor_test_stub);
namespace {
int t_default(const Tensor&) { return 1; }
int t_avx2(const Tensor&) { return 2; }
int t_avx512(const Tensor&) { return 3; }
}  // namespace
ATEN_REGISTER_ARCH_DISPATCH(tensor_test_stub, DEFAULT, &t_default);
ATEN_REGISTER_ARCH_DISPATCH(tensor_test_stub, AVX2, &t_avx2);
ATEN_REGISTER_ARCH_DISPATCH(tensor_test_stub, AVX512, &t_avx512);
}  // namespace aten::native

// A host build's copies below the machine's best capability are test copies, without the dtypes
// that have no vector code (cmake/CpuKernels.cmake): a call with such a dtype runs in the best
// copy, one with only dtypes every copy holds in the capability's own.
TEST(DispatchStub, RunsTheDtypesATestCopyLacksInTheBestCopy) {
  const int own = 1 + static_cast<int>(get_cpu_capability());
  const int best = 3;  // this stub's best registered kernel
  const bool test_copy = is_test_copy(get_cpu_capability());
  for (ScalarType t : {kFloat, kDouble, kInt, kLong, kBool})
    EXPECT_EQ(native::tensor_test_stub(kCPU, empty({2}, t)), own) << t;
  for (ScalarType t : {kByte, kChar, kShort, kHalf, kBFloat16, kComplexFloat, kComplexDouble})
    EXPECT_EQ(native::tensor_test_stub(kCPU, empty({2}, t)), test_copy ? best : own) << t;
}

// What makes a test copy quicker to build: the kernel's cases for the other dtypes are left out.
// gemm's problem carries its dtype itself (test_copy_holds(const GemmProblem&)).
template <typename T>
T gemm_1x1(void (*kernel)(const native::GemmProblem&), ScalarType dtype) {
  T a = 2, b = 3, c = 0;
  kernel({dtype, 1, 1, 1, 1, {&a, 0, 1, 1}, {&b, 0, 1, 1}, &c, 0, 1, 1, 0, 1});
  return c;
}

TEST(DispatchStub, ATestCopyHasNoCodeForTheDtypesItLacks) {
  if (!is_test_copy(CPUCapability::DEFAULT)) GTEST_SKIP() << "this build has no test copies";
  auto* const test_copy = native::gemm_stub_t::DEFAULT;
  EXPECT_EQ(gemm_1x1<float>(test_copy, kFloat), 6.0f);
  try {
    gemm_1x1<int8_t>(test_copy, kChar);
    ADD_FAILURE() << "the DEFAULT test copy ran gemm for int8";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("kernel copy built for the tests has no 'Char' code"),
              std::string::npos)
        << e.what();
  }
  // Through the stub, under every capability.
  auto stub = [](const native::GemmProblem& p) { native::gemm_stub(kCPU, p); };
  EXPECT_EQ(gemm_1x1<int8_t>(stub, kChar), 6);
  EXPECT_EQ(gemm_1x1<double>(stub, kDouble), 6.0);
}

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
