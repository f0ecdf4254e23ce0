// Prints the CPU capabilities of the build machine that MiniATen has kernels for, as a CMake
// list (cmake/CpuKernels.cmake). The tests are aten/cpu/Capability.cpp's.
#include <cstdio>

int main() {
  __builtin_cpu_init();
  const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
  std::printf("%s", avx512 ? "AVX2;AVX512" : avx2 ? "AVX2" : "");
  return 0;
}
