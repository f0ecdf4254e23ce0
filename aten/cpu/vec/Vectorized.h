#pragma once
// Vectorized<T> and its functions, for files compiled once per CPU capability. The generic
// version (VectorizedBase.h) serves every type; under CPU_CAPABILITY_AVX2 / _AVX512 the
// float, double, int32_t and int64_t specialisations replace it.
#include <aten/cpu/vec/Convert.h>
#include <aten/cpu/vec/VecMath.h>
#include <aten/cpu/vec/VectorizedBase.h>
#if defined(CPU_CAPABILITY_AVX2)
#include <aten/cpu/vec/VectorizedAVX2.h>
#elif defined(CPU_CAPABILITY_AVX512)
#include <aten/cpu/vec/VectorizedAVX512.h>
#endif
