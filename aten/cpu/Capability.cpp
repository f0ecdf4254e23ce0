#include <aten/core/Error.h>
#include <aten/cpu/Capability.h>

#include <cstdlib>
#include <string_view>

namespace aten {
namespace {

CPUCapability detect() {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq"))
    return CPUCapability::AVX512;
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return CPUCapability::AVX2;
  return CPUCapability::DEFAULT;
}

CPUCapability hardware_capability() {
  static const CPUCapability capability = detect();
  return capability;
}

CPUCapability compute() {
  CPUCapability best = hardware_capability();
  const char* env = std::getenv("ATEN_CPU_CAPABILITY");
  if (env == nullptr || *env == '\0') return best;
  std::string_view want(env);
  CPUCapability requested;
  if (want == "default") {
    requested = CPUCapability::DEFAULT;
  } else if (want == "avx2") {
    requested = CPUCapability::AVX2;
  } else if (want == "avx512") {
    requested = CPUCapability::AVX512;
  } else {
    ATEN_ERROR("ATEN_CPU_CAPABILITY='", want, "' is not one of default, avx2, avx512");
  }
  // Asking for more than the CPU has would crash on the first instruction it lacks.
  return requested < best ? requested : best;
}

}  // namespace

CPUCapability get_cpu_capability() {
  static const CPUCapability capability = compute();
  return capability;
}

// Set by cmake/CpuKernels.cmake for a host build's test copies.
#ifndef ATEN_CPU_TEST_COPY_DEFAULT
#define ATEN_CPU_TEST_COPY_DEFAULT 0
#endif
#ifndef ATEN_CPU_TEST_COPY_AVX2
#define ATEN_CPU_TEST_COPY_AVX2 0
#endif

constexpr bool kTestCopy[] = {ATEN_CPU_TEST_COPY_DEFAULT, ATEN_CPU_TEST_COPY_AVX2, false};

bool is_test_copy(CPUCapability c) { return kTestCopy[static_cast<int>(c)]; }

void check_cpu_runs_full_copies() {
  ATEN_CHECK(!is_test_copy(hardware_capability()),
             "this library was built with ATEN_CPU_CAPABILITIES=host on a machine with a better "
             "instruction set than this one's (",
             toString(hardware_capability()),
             "), and its kernels for this dtype need it: rebuild with -DATEN_CPU_CAPABILITIES=all "
             "to run it here");
}

const char* toString(CPUCapability c) {
  switch (c) {
    case CPUCapability::DEFAULT:
      return "default";
    case CPUCapability::AVX2:
      return "avx2";
    case CPUCapability::AVX512:
      return "avx512";
  }
  return "unknown";
}

}  // namespace aten
