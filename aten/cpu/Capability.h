#pragma once
// Which instruction set the CPU kernels run with. Every kernel file in aten/native/cpu/ is
// compiled once per capability; the best one the CPU supports is picked at run time, and the
// environment variable ATEN_CPU_CAPABILITY=default|avx2|avx512 can lower the choice.
#include <cstdint>

namespace aten {

enum class CPUCapability : int8_t { DEFAULT = 0, AVX2 = 1, AVX512 = 2 };

// Decided once per process: the CPU's best, lowered to ATEN_CPU_CAPABILITY if that is set.
CPUCapability get_cpu_capability();
const char* toString(CPUCapability c);

// Whether capability c's kernel copies were built for the tests alone. A host build
// (ATEN_CPU_CAPABILITIES=host, cmake/CpuKernels.cmake) compiles the copies below the build
// machine's best capability for the tests' ATEN_CPU_CAPABILITY, with the dtypes every copy holds
// and no others; the best capability's copies, the full ones, hold them all.
bool is_test_copy(CPUCapability c);
// Throws unless this CPU can run the full copies: a host build moved to a CPU without the build
// machine's best capability runs the dtypes every copy holds, and no others.
void check_cpu_runs_full_copies();

}  // namespace aten
