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

CPUCapability compute() {
  CPUCapability best = detect();
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
