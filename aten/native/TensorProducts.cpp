// Products composed of the matrix products (addmm, mm, bmm) and views: addmv, baddbmm, addbmm,
// outer, kron, tensordot. Their gradients are those of the ops they are made of. The out= and
// in-place forms compute the result first, so a bad out or self changes nothing.
#include <aten/TensorOperators.h>
#include <aten/core/TypePromotion.h>
#include <aten/native/CompositeOut.h>
#include <aten/ops/addbmm_native.h>
#include <aten/ops/addmm.h>
#include <aten/ops/addmv_native.h>
#include <aten/ops/baddbmm_dtypes.h>
#include <aten/ops/baddbmm_native.h>
#include <aten/ops/bmm.h>
#include <aten/ops/kron_native.h>
#include <aten/ops/mm.h>
#include <aten/ops/outer_native.h>
#include <aten/ops/permute.h>
#include <aten/ops/reshape.h>
#include <aten/ops/squeeze.h>
#include <aten/ops/sum.h>
#include <aten/ops/tensordot_native.h>
#include <aten/ops/unsqueeze.h>
#include <aten/structured/StructuredOutputs.h>

#include <algorithm>
#include <vector>

namespace aten::native {

namespace {

// outer and kron are mul's results, which ATen writes into an out= of any dtype it can cast to.
Tensor& into_cast_out(const Tensor& result, Tensor& out) {
  ATEN_CHECK(can_cast(result.scalar_type(), out.scalar_type()), "result type ",
             result.scalar_type(), " can't be cast to the desired output type ", out.scalar_type());
  detail::resize_out(out, result.sizes(), {}, result.options().dtype(out.scalar_type()));
  out.copy_(result);
  return out;
}

// self must broadcast to `sizes` (ATen expands it; it never grows the result).
void check_expands(const Tensor& self, IntArrayRef sizes) {
  bool ok = self.dim() <= static_cast<int64_t>(sizes.size());
  for (int64_t i = 1; ok && i <= self.dim(); ++i) {
    const int64_t s = self.size(-i), r = sizes[sizes.size() - static_cast<size_t>(i)];
    ok = s == r || s == 1;
  }
  ATEN_CHECK(ok, "the input of size ", self.sizes(), " does not broadcast to the product's size ",
             sizes);
}

}  // namespace

// ---- addmv: beta * self + alpha * (mat @ vec) ---------------------------------------------------

Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta,
             const Scalar& alpha) {
  ATEN_CHECK(mat.dim() == 2 && vec.dim() == 1 && self.dim() <= 1,
             "vector + matrix @ vector expected, got ", self.dim(), ", ", mat.dim(), ", ",
             vec.dim());
  ATEN_CHECK(mat.size(1) == vec.size(0) && (self.numel() == 1 || self.size(0) == mat.size(0)),
             "size mismatch, got input (", self.dim() == 0 ? 1 : self.size(0), "), mat (",
             mat.size(0), "x", mat.size(1), "), vec (", vec.size(0), ")");
  // addmm with vec as a column: its beta == 0 rule (self not read) and its fused rounding.
  const Tensor column_self = self.dim() == 0 ? self : self.unsqueeze(1);
  return aten::addmm(column_self, mat, vec.unsqueeze(1), beta, alpha).squeeze(1);
}

Tensor& addmv_(Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta,
               const Scalar& alpha) {
  return copy_into_self(addmv(self, mat, vec, beta, alpha), self);
}

Tensor& addmv_out(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta,
                  const Scalar& alpha, Tensor& out) {
  return copy_into_out(addmv(self, mat, vec, beta, alpha), out);
}

// ---- baddbmm: beta * self + alpha * (batch1 @ batch2), batch by batch
// ------------------------------

namespace {

void check_batches(const Tensor& self, const Tensor& batch1, const Tensor& batch2) {
  ATEN_CHECK(
      self.scalar_type() == batch1.scalar_type() && batch1.scalar_type() == batch2.scalar_type(),
      "expected self, batch1 and batch2 of one dtype, got ", self.scalar_type(), ", ",
      batch1.scalar_type(), " and ", batch2.scalar_type());
  ATEN_CHECK(batch1.dim() == 3, "batch1 must be a 3D tensor, got ", batch1.dim(), "D");
  ATEN_CHECK(batch2.dim() == 3, "batch2 must be a 3D tensor, got ", batch2.dim(), "D");
  ATEN_CHECK(batch1.size(0) == batch2.size(0),
             "batch1 and batch2 must have same number of batches, got ", batch1.size(0), " and ",
             batch2.size(0));
  ATEN_CHECK(batch1.size(2) == batch2.size(1), "incompatible matrix sizes for bmm (",
             batch1.size(1), "x", batch1.size(2), " and ", batch2.size(1), "x", batch2.size(2),
             ")");
}

bool is_value(const Scalar& s, double v) { return s.toComplexDouble() == complex<double>(v); }

// alpha * product + beta * self, where beta == 0 does not read self (its NaNs stay out), as
// ATen's kernels. The scalars are taken in the product's dtype, as those kernels take them: an
// integer product stays integral, a real one real (a complex scalar with an imaginary part is
// an error there).
Tensor scaled_sum(const Tensor& self, const Tensor& product, const Scalar& beta,
                  const Scalar& alpha) {
  const ScalarType t = product.scalar_type();
  auto in_dtype = [t](const Scalar& s) {
    if (isIntegralType(t, true)) return Scalar(s.toLong());
    return isComplexType(t) ? s : Scalar(s.toDouble());
  };
  Tensor result = is_value(alpha, 1) ? product : product * in_dtype(alpha);
  if (is_value(beta, 0)) return result;
  return result + (is_value(beta, 1) ? self : self * in_dtype(beta));
}

}  // namespace

Tensor baddbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta,
               const Scalar& alpha) {
  check_batches(self, batch1, batch2);
  const std::vector<int64_t> sizes = {batch1.size(0), batch1.size(1), batch2.size(2)};
  check_expands(self, sizes);
  // A value the dtype cannot hold (-1.5 for Byte, 65504 for Char) is an error before anything
  // is computed, as ATen's kernel converts both to it.
  ATEN_DISPATCH_baddbmm_TYPES(self.scalar_type(), [&] {
    (void)beta.to<scalar_t>();
    (void)alpha.to<scalar_t>();
  });
  return scaled_sum(self, aten::bmm(batch1, batch2), beta, alpha);
}

Tensor& baddbmm_(Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta,
                 const Scalar& alpha) {
  return copy_into_self(baddbmm(self, batch1, batch2, beta, alpha), self);
}

Tensor& baddbmm_out(const Tensor& self, const Tensor& batch1, const Tensor& batch2,
                    const Scalar& beta, const Scalar& alpha, Tensor& out) {
  return copy_into_out(baddbmm(self, batch1, batch2, beta, alpha), out);
}

// ---- addbmm: beta * self + alpha * sum over b of batch1[b] @ batch2[b]
// ---------------------------- The sum of the batch's products is one product: [n, b * k] @ [b * k,
// p].

Tensor addbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta,
              const Scalar& alpha) {
  check_batches(self, batch1, batch2);
  const int64_t b = batch1.size(0), n = batch1.size(1), k = batch1.size(2), p = batch2.size(2);
  check_expands(self, std::vector<int64_t>{n, p});
  const Tensor rows = batch1.permute({1, 0, 2}).reshape({n, b * k});
  const Tensor cols = batch2.reshape({b * k, p});
  return aten::addmm(self, rows, cols, beta, alpha);
}

Tensor& addbmm_(Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta,
                const Scalar& alpha) {
  return copy_into_self(addbmm(self, batch1, batch2, beta, alpha), self);
}

Tensor& addbmm_out(const Tensor& self, const Tensor& batch1, const Tensor& batch2,
                   const Scalar& beta, const Scalar& alpha, Tensor& out) {
  return copy_into_out(addbmm(self, batch1, batch2, beta, alpha), out);
}

// ---- outer and kron
// --------------------------------------------------------------------------------

Tensor outer(const Tensor& self, const Tensor& vec2) {
  ATEN_CHECK(self.dim() == 1 && vec2.dim() == 1, "outer: expected 1D tensors, got ", self.dim(),
             "D and ", vec2.dim(), "D");
  return self.reshape({self.size(0), 1}) * vec2;
}

Tensor& outer_out(const Tensor& self, const Tensor& vec2, Tensor& out) {
  return into_cast_out(outer(self, vec2), out);
}

// Every element of self times all of other, block (i, j, ...) of the result being
// self[i, j, ...] * other: interleave the two tensors' dims ([a0, 1, a1, 1, ...] and
// [1, b0, 1, b1, ...]), multiply, and merge each pair.
Tensor kron(const Tensor& self, const Tensor& other) {
  const int64_t dims = std::max(self.dim(), other.dim());
  std::vector<int64_t> a(static_cast<size_t>(2 * dims), 1), b(a.size(), 1), merged;
  for (int64_t d = 0; d < dims; ++d) {
    const int64_t sa = d < dims - self.dim() ? 1 : self.size(d - (dims - self.dim()));
    const int64_t sb = d < dims - other.dim() ? 1 : other.size(d - (dims - other.dim()));
    a[static_cast<size_t>(2 * d)] = sa;
    b[static_cast<size_t>(2 * d + 1)] = sb;
    merged.push_back(sa * sb);
  }
  return (self.reshape(a) * other.reshape(b)).reshape(merged);
}

Tensor& kron_out(const Tensor& self, const Tensor& other, Tensor& out) {
  return into_cast_out(kron(self, other), out);
}

// ---- tensordot: contract dims_self of self with dims_other of other
// -------------------------------- self's kept dims, then the contracted ones, as a matrix; other's
// contracted dims, then its kept ones; one product; the kept dims as the result's.

Tensor tensordot(const Tensor& self, const Tensor& other, IntArrayRef dims_self,
                 IntArrayRef dims_other) {
  ATEN_CHECK(dims_self.size() == dims_other.size(),
             "both dimension lists should have same length, got ", dims_self.size(), " and ",
             dims_other.size());
  std::vector<bool> contracted_self(static_cast<size_t>(self.dim())),
      contracted_other(static_cast<size_t>(other.dim()));
  std::vector<int64_t> perm_self, perm_other, result_sizes;
  Tensor a = self, b = other;
  int64_t k = 1;
  for (size_t i = 0; i < dims_self.size(); ++i) {
    const int64_t ds = dims_self[i] < 0 ? dims_self[i] + self.dim() : dims_self[i];
    const int64_t d_o = dims_other[i] < 0 ? dims_other[i] + other.dim() : dims_other[i];
    ATEN_CHECK(ds >= 0 && ds < self.dim() && d_o >= 0 && d_o < other.dim(),
               "tensordot: dimension out of range (dims_self=", dims_self,
               ", dims_other=", dims_other, ", for tensors of ", self.dim(), " and ", other.dim(),
               " dims)");
    ATEN_CHECK(
        !contracted_self[static_cast<size_t>(ds)] && !contracted_other[static_cast<size_t>(d_o)],
        "tensordot: a dimension is contracted twice (dims_self=", dims_self,
        ", dims_other=", dims_other, ")");
    // A dim of size 1 on one side broadcasts against the other's, which is summed right away,
    // in its own dtype (ATen's sum would promote an integral one to Long, which its product
    // then refuses).
    if (other.size(d_o) == 1 && self.size(ds) != 1) a = aten::sum(a, {ds}, true, a.scalar_type());
    else if (self.size(ds) == 1 && other.size(d_o) != 1)
      b = aten::sum(b, {d_o}, true, b.scalar_type());
    ATEN_CHECK(a.size(ds) == b.size(d_o),
               "contracted dimensions need to match, but first has size ", self.size(ds),
               " in dim ", ds, " and second has size ", other.size(d_o), " in dim ", d_o);
    contracted_self[static_cast<size_t>(ds)] = contracted_other[static_cast<size_t>(d_o)] = true;
    k *= a.size(ds);
  }
  int64_t m = 1, n = 1;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (!contracted_self[static_cast<size_t>(d)]) {
      perm_self.push_back(d);
      result_sizes.push_back(self.size(d));
      m *= self.size(d);
    }
  for (size_t i = 0; i < dims_self.size(); ++i)
    perm_self.push_back(dims_self[i] < 0 ? dims_self[i] + self.dim() : dims_self[i]);
  for (size_t i = 0; i < dims_other.size(); ++i)
    perm_other.push_back(dims_other[i] < 0 ? dims_other[i] + other.dim() : dims_other[i]);
  for (int64_t d = 0; d < other.dim(); ++d)
    if (!contracted_other[static_cast<size_t>(d)]) {
      perm_other.push_back(d);
      result_sizes.push_back(other.size(d));
      n *= other.size(d);
    }
  return aten::mm(a.permute(perm_self).reshape({m, k}), b.permute(perm_other).reshape({k, n}))
      .reshape(result_sizes);
}

Tensor& tensordot_out(const Tensor& self, const Tensor& other, IntArrayRef dims_self,
                      IntArrayRef dims_other, Tensor& out) {
  return copy_into_out(tensordot(self, other, dims_self, dims_other), out);
}

}  // namespace aten::native
