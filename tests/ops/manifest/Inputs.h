#pragma once
// Making a case's inputs: their shapes under each Layout, their memory layout, and their values
// (drawn per dtype from the case's Values, the same for every layout).
#include "OpCase.h"

#include <cstdint>
#include <random>

namespace aten::optest {

// The inputs of c for dtype under layout, filled with values drawn from seed; nullopt when
// the layout does not apply (a transposed 1-d input is just contiguous, and is skipped).
std::optional<Tensors> make_inputs(const OpCase& c, ScalarType dtype, Layout layout, uint64_t seed);

// One value of `values` for dtype (the real part; complex inputs draw their imaginary part as
// Double).
double draw_value(Values values, ScalarType dtype, std::mt19937_64& rng);

// An input is tested in the dtype under test unless it declares its own.
inline ScalarType dtype_of(const Input& in, ScalarType tested) { return in.dtype.value_or(tested); }

}  // namespace aten::optest
