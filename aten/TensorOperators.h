#pragma once
// C++ operators on tensors, each the operator it spells.
#include <aten/ops/add.h>
#include <aten/ops/bitwise_and.h>
#include <aten/ops/bitwise_or.h>
#include <aten/ops/bitwise_xor.h>
#include <aten/ops/div.h>
#include <aten/ops/eq.h>
#include <aten/ops/ge.h>
#include <aten/ops/gt.h>
#include <aten/ops/le.h>
#include <aten/ops/lt.h>
#include <aten/ops/mul.h>
#include <aten/ops/ne.h>
#include <aten/ops/remainder.h>
#include <aten/ops/sub.h>

namespace aten {

inline Tensor operator+(const Tensor& a, const Tensor& b) { return add(a, b); }
inline Tensor& operator+=(Tensor& a, const Tensor& b) { return a.add_(b); }
inline Tensor operator+(const Tensor& a, const Scalar& b) { return add(a, b); }
inline Tensor operator+(const Scalar& a, const Tensor& b) { return add(b, a); }
inline Tensor operator*(const Tensor& a, const Tensor& b) { return mul(a, b); }
inline Tensor& operator*=(Tensor& a, const Tensor& b) { return a.mul_(b); }
inline Tensor operator*(const Tensor& a, const Scalar& b) { return mul(a, b); }
inline Tensor operator*(const Scalar& a, const Tensor& b) { return mul(b, a); }

// The ones whose Scalar-first form would need another op (rsub, a reciprocal) have only the
// Tensor-first forms.
#define ATEN_BINARY_OPERATOR(op, fn)                                               \
  inline Tensor operator op(const Tensor& a, const Tensor& b) { return fn(a, b); } \
  inline Tensor operator op(const Tensor& a, const Scalar& b) { return fn(a, b); } \
  inline Tensor& operator op##=(Tensor& a, const Tensor& b) { return a.fn##_(b); } \
  inline Tensor& operator op##=(Tensor& a, const Scalar& b) { return a.fn##_(b); }
ATEN_BINARY_OPERATOR(-, sub)
ATEN_BINARY_OPERATOR(/, div)
ATEN_BINARY_OPERATOR(%, remainder)
ATEN_BINARY_OPERATOR(&, bitwise_and)
ATEN_BINARY_OPERATOR(|, bitwise_or)
ATEN_BINARY_OPERATOR(^, bitwise_xor)
#undef ATEN_BINARY_OPERATOR

// Comparisons give Bool tensors, as in ATen (not a C++ bool: see aten::equal for that).
#define ATEN_COMPARISON_OPERATOR(op, fn)                                           \
  inline Tensor operator op(const Tensor& a, const Tensor& b) { return fn(a, b); } \
  inline Tensor operator op(const Tensor& a, const Scalar& b) { return fn(a, b); }
ATEN_COMPARISON_OPERATOR(==, eq)
ATEN_COMPARISON_OPERATOR(!=, ne)
ATEN_COMPARISON_OPERATOR(<, lt)
ATEN_COMPARISON_OPERATOR(<=, le)
ATEN_COMPARISON_OPERATOR(>, gt)
ATEN_COMPARISON_OPERATOR(>=, ge)
#undef ATEN_COMPARISON_OPERATOR

}  // namespace aten
