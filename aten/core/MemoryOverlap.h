#pragma once
// Whether tensors share memory, judged from their geometry: what TensorIterator checks for
// its operands, and what ops that write through restrided views (gather, scatter_, cat) check
// on the tensors the user passed.
#include <aten/core/Tensor.h>

namespace aten {

// Some element of t is stored at the same place as another (an expanded tensor). Only the
// cheap cases are proven (a stride 0 along a dim of size > 1); others count as no overlap,
// as in ATen.
bool has_internal_overlap(const TensorBase& t);

// a and b are one storage read with the same geometry and dtype (a true in-place operand).
bool is_same_view(const TensorBase& a, const TensorBase& b);

// a and b touch some common bytes, judged by the byte ranges they span.
bool ranges_overlap(const TensorBase& a, const TensorBase& b);

// The errors, worded as ATen's: `t` may not be written, or `out` may not be written while
// `in` (named `name`) is read, unless both are the same view.
void assert_no_internal_overlap(const TensorBase& t);
void assert_no_overlap(const TensorBase& out, const TensorBase& in, const char* name);

}  // namespace aten
