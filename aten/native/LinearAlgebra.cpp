// Matrix products: mm, bmm and addmm (structured), dot and mv (on mm), matmul (on all of them).
// Every product runs gemm_stub (aten/native/cpu/GemmKernel.cpp), which takes any strides, so
// meta() asks for no particular output layout and an out= of any layout is written in place.
#include <aten/iterator/Broadcast.h>
#include <aten/native/CompositeOut.h>
#include <aten/native/LinearAlgebra.h>
#include <aten/ops/addmm_dtypes.h>
#include <aten/ops/addmm_native.h>
#include <aten/ops/bmm.h>
#include <aten/ops/bmm_dtypes.h>
#include <aten/ops/bmm_native.h>
#include <aten/ops/dot.h>
#include <aten/ops/dot_dtypes.h>
#include <aten/ops/dot_native.h>
#include <aten/ops/matmul.h>
#include <aten/ops/matmul_dtypes.h>
#include <aten/ops/matmul_native.h>
#include <aten/ops/mm.h>
#include <aten/ops/mm_dtypes.h>
#include <aten/ops/mm_native.h>
#include <aten/ops/mv.h>
#include <aten/ops/mv_dtypes.h>
#include <aten/ops/mv_native.h>
#include <aten/ops/reshape.h>
#include <aten/ops/squeeze.h>
#include <aten/ops/unsqueeze.h>
#include <aten/structured/StructuredOutputs.h>

#include <sstream>

namespace aten::native {

ATEN_DEFINE_DISPATCH(gemm_stub);

namespace {

std::string shape_str(const Tensor& t) {
  std::ostringstream s;
  for (int64_t d = 0; d < t.dim(); ++d) s << (d ? "x" : "") << t.sizes()[d];
  return s.str();
}

void check_dims(const Tensor& t, int64_t dims, const char* name) {
  ATEN_CHECK(t.dim() == dims, name, " must be a ",
             dims == 2   ? "matrix"
             : dims == 3 ? "3D tensor"
                         : "1D tensor",
             ", but got a ", t.dim(), "-D tensor of shape ", t.sizes());
}

void check_same_dtype(const Tensor& a, const char* a_name, const Tensor& b, const char* b_name) {
  ATEN_CHECK(a.scalar_type() == b.scalar_type(), "expected ", a_name, " and ", b_name,
             " to have the same dtype, but got: ", a.dtype(), " != ", b.dtype());
  ATEN_CHECK(a.device() == b.device(), "expected ", a_name, " and ", b_name,
             " to be on the same device, but got: ", a.device(), " and ", b.device());
}

// The byte range t spans in its storage.
std::pair<const char*, const char*> span(const Tensor& t) {
  const auto* begin = static_cast<const char*>(t.unsafeGetTensorImpl()->data());
  int64_t last = 0;
  for (int64_t d = 0; d < t.dim(); ++d) last += (t.sizes()[d] - 1) * std::abs(t.strides()[d]);
  int64_t first = 0;
  for (int64_t d = 0; d < t.dim(); ++d)
    if (t.strides()[d] < 0) first += (t.sizes()[d] - 1) * t.strides()[d];
  return {begin + first * t.element_size(), begin + (first + last + 1) * t.element_size()};
}

// The kernel reads its inputs while it writes out, a slice at a time: out may not share memory
// with them, nor write one element twice.
void check_out(const Tensor& out, const Tensor& in, const char* name) {
  if (out.numel() == 0) return;
  // Checked whatever in holds: with an empty inner dim out is still written (beta * self, or 0).
  for (int64_t d = 0; d < out.dim(); ++d)
    ATEN_CHECK(out.strides()[d] != 0 || out.sizes()[d] == 1,
               "unsupported operation: more than one element of the written-to tensor refers to a "
               "single memory location (",
               out.toString(), "). Please clone() the tensor first.");
  if (in.numel() == 0 ||
      out.unsafeGetTensorImpl()->storage().get() != in.unsafeGetTensorImpl()->storage().get())
    return;
  auto [o0, o1] = span(out);
  auto [i0, i1] = span(in);
  ATEN_CHECK(!(o0 < i1 && i0 < o1), "unsupported operation: ", name, " (", in.toString(),
             ") and the written-to tensor (", out.toString(),
             ") share memory. Please clone() the tensor first.");
}

bool is_zero(const Scalar& s) { return s.toComplexDouble() == complex<double>(0); }

}  // namespace

void gemm_tensors(const Tensor& c, const Tensor& a, const Tensor& b, const Scalar& beta,
                  const Scalar& alpha) {
  const int64_t o = c.dim() == 3 ? 1 : 0;  // the batch dim, if any, comes first
  auto operand = [&](const Tensor& t) {
    return GemmOperand{t.data_ptr(), o ? t.strides()[0] : 0, t.strides()[o], t.strides()[o + 1]};
  };
  GemmProblem p{c.scalar_type(),
                o ? c.sizes()[0] : 1,
                a.sizes()[o],
                b.sizes()[o + 1],
                a.sizes()[o + 1],
                operand(a),
                operand(b),
                c.data_ptr(),
                o ? c.strides()[0] : 0,
                c.strides()[o],
                c.strides()[o + 1],
                beta,
                alpha};
  gemm_stub(c.device(), p);
}

}  // namespace aten::native

namespace aten::meta {

ATEN_META_FUNC(mm)(const Tensor& self, const Tensor& mat2) {
  native::check_dims(self, 2, "self");
  native::check_dims(mat2, 2, "mat2");
  ATEN_CHECK(self.sizes()[1] == mat2.sizes()[0], "mat1 and mat2 shapes cannot be multiplied (",
             native::shape_str(self), " and ", native::shape_str(mat2), ")");
  native::check_same_dtype(self, "mat1", mat2, "mat2");
  ATEN_DISPATCH_mm_TYPES(self.scalar_type(), [] {});
  set_output_raw_strided(0, {self.sizes()[0], mat2.sizes()[1]}, {}, self.options());
}

ATEN_META_FUNC(bmm)(const Tensor& self, const Tensor& mat2) {
  native::check_dims(self, 3, "batch1");
  native::check_dims(mat2, 3, "batch2");
  ATEN_CHECK(self.sizes()[0] == mat2.sizes()[0] && self.sizes()[2] == mat2.sizes()[1],
             "Expected size for first two dimensions of batch2 tensor to be: [", self.sizes()[0],
             ", ", self.sizes()[2], "] but got: [", mat2.sizes()[0], ", ", mat2.sizes()[1],
             "] (batch1 ", self.sizes(), ", batch2 ", mat2.sizes(), ")");
  native::check_same_dtype(self, "batch1", mat2, "batch2");
  ATEN_DISPATCH_bmm_TYPES(self.scalar_type(), [] {});
  set_output_raw_strided(0, {self.sizes()[0], self.sizes()[1], mat2.sizes()[2]}, {},
                         self.options());
}

ATEN_META_FUNC(addmm)
(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta,
 const Scalar& alpha) {
  native::check_dims(mat1, 2, "mat1");
  native::check_dims(mat2, 2, "mat2");
  ATEN_CHECK(mat1.sizes()[1] == mat2.sizes()[0], "mat1 and mat2 shapes cannot be multiplied (",
             native::shape_str(mat1), " and ", native::shape_str(mat2), ")");
  native::check_same_dtype(mat1, "mat1", mat2, "mat2");
  native::check_same_dtype(self, "self", mat1, "mat1");
  const int64_t m = mat1.sizes()[0], n = mat2.sizes()[1];
  const int64_t sd = self.dim();
  ATEN_CHECK(sd <= 2 && (sd < 2 || self.sizes()[0] == m || self.sizes()[0] == 1) &&
                 (sd < 1 || self.sizes()[sd - 1] == n || self.sizes()[sd - 1] == 1),
             "self of shape ", self.sizes(), " cannot be broadcast to the result's shape [", m,
             ", ", n, "] (mat1 ", native::shape_str(mat1), ", mat2 ", native::shape_str(mat2), ")");
  ATEN_DISPATCH_addmm_TYPES(self.scalar_type(), [&] {
    (void)beta
        .to<scalar_t>();  // a value the dtype cannot hold is an error before anything is written
    (void)alpha.to<scalar_t>();
  });
  set_output_raw_strided(0, {m, n}, {}, self.options());
}

}  // namespace aten::meta

namespace aten::native {

ATEN_IMPL_FUNC(mm_out_cpu)(const Tensor& self, const Tensor& mat2, const Tensor& out) {
  check_out(out, self, "mat1");
  check_out(out, mat2, "mat2");
  gemm_tensors(out, self, mat2, 0, 1);
}

ATEN_IMPL_FUNC(bmm_out_cpu)(const Tensor& self, const Tensor& mat2, const Tensor& out) {
  check_out(out, self, "batch1");
  check_out(out, mat2, "batch2");
  gemm_tensors(out, self, mat2, 0, 1);
}

ATEN_IMPL_FUNC(addmm_out_cpu)
(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta,
 const Scalar& alpha, const Tensor& out) {
  check_out(out, mat1, "mat1");
  check_out(out, mat2, "mat2");
  // out = self (broadcast) first, unless out is self (addmm_) or beta makes self irrelevant.
  if (!is_zero(beta) && !out.is_same(self)) {
    check_out(out, self, "self");
    out.copy_(self.expand(out.sizes()));
  }
  gemm_tensors(out, mat1, mat2, beta, alpha);
}

// ---- dot and mv: mm with a vector as a 1 x k or k x 1 matrix
// -------------------------------------

namespace {
void check_dot(const Tensor& self, const Tensor& other) {
  ATEN_CHECK(self.dim() == 1 && other.dim() == 1, "1D tensors expected, but got ", self.dim(),
             "D and ", other.dim(), "D tensors");
  ATEN_CHECK(self.numel() == other.numel(), "inconsistent tensor size, expected tensor [",
             self.numel(), "] and src [", other.numel(),
             "] to have the same number of elements, but got ", self.numel(), " and ",
             other.numel(), " elements respectively");
  check_same_dtype(self, "self", other, "tensor");
  ATEN_DISPATCH_dot_TYPES(self.scalar_type(), [] {});
}

void check_mv(const Tensor& self, const Tensor& vec) {
  ATEN_CHECK(self.dim() == 2 && vec.dim() == 1, "expected a matrix and a vector, but got ",
             self.dim(), "-D and ", vec.dim(), "-D tensors (shapes ", self.sizes(), " and ",
             vec.sizes(), ")");
  ATEN_CHECK(self.sizes()[1] == vec.sizes()[0], "size mismatch, got mat (", shape_str(self),
             "), vec (", vec.sizes()[0], ")");
  check_same_dtype(self, "self", vec, "vec");
  ATEN_DISPATCH_mv_TYPES(self.scalar_type(), [] {});
}
}  // namespace

Tensor dot(const Tensor& self, const Tensor& tensor) {
  check_dot(self, tensor);
  return aten::squeeze(aten::mm(aten::unsqueeze(self, 0), aten::unsqueeze(tensor, 1)));
}

Tensor& dot_out(const Tensor& self, const Tensor& tensor, Tensor& out) {
  check_dot(self, tensor);
  detail::resize_out(out, {}, {}, self.options());
  Tensor out2d = aten::unsqueeze(aten::unsqueeze(out, 0), 1);
  aten::mm_out(out2d, aten::unsqueeze(self, 0), aten::unsqueeze(tensor, 1));
  return out;
}

Tensor mv(const Tensor& self, const Tensor& vec) {
  check_mv(self, vec);
  return aten::squeeze(aten::mm(self, aten::unsqueeze(vec, 1)), 1);
}

Tensor& mv_out(const Tensor& self, const Tensor& vec, Tensor& out) {
  check_mv(self, vec);
  detail::resize_out(out, {self.sizes()[0]}, {}, self.options());
  Tensor out2d = aten::unsqueeze(out, 1);
  aten::mm_out(out2d, self, aten::unsqueeze(vec, 1));
  return out;
}

// ---- matmul: NumPy's rules, by the number of dims of each side ---------------------------------

Tensor matmul(const Tensor& self, const Tensor& other) {
  const int64_t d1 = self.dim(), d2 = other.dim();
  ATEN_CHECK(d1 > 0 && d2 > 0, "both arguments to matmul need to be at least 1D, but they are ", d1,
             "D and ", d2, "D");
  ATEN_DISPATCH_matmul_TYPES(self.scalar_type(), [] {});
  const int64_t k1 = self.sizes()[d1 - 1], k2 = d2 == 1 ? other.sizes()[0] : other.sizes()[d2 - 2];
  ATEN_CHECK(k1 == k2, "shapes ", self.sizes(), " and ", other.sizes(), " cannot be multiplied (",
             k1, " != ", k2, ")");
  if (d1 == 1 && d2 == 1) return aten::dot(self, other);
  if (d1 == 2 && d2 == 1) return aten::mv(self, other);
  if (d1 == 1 && d2 == 2) return aten::squeeze(aten::mm(aten::unsqueeze(self, 0), other), 0);
  if (d1 == 2 && d2 == 2) return aten::mm(self, other);
  if (d1 >= 3 && d2 <= 2) {
    // Batch dims of self fold into its rows: one mm instead of a bmm over copies of other.
    DimVector out_shape(self.sizes().begin(), self.sizes().end() - 1);
    if (d2 == 2) out_shape.push_back(other.sizes()[1]);
    int64_t nrows = 1;  // not -1 in the reshape: it is ambiguous when k1 == 0
    for (int64_t d = 0; d < d1 - 1; ++d) nrows *= self.sizes()[d];
    Tensor rows = aten::reshape(self, {nrows, k1});
    Tensor prod = d2 == 2 ? aten::mm(rows, other) : aten::mv(rows, other);
    return aten::reshape(prod, out_shape);
  }
  // Both have matrices (a vector is one row of self, or one column of other) under batch dims
  // that broadcast against each other: expand both, flatten the batch, one bmm.
  const int64_t n = d1 >= 2 ? self.sizes()[d1 - 2] : 1;
  const int64_t p = d2 >= 2 ? other.sizes()[d2 - 1] : 1;
  IntArrayRef batch1 = d1 > 2 ? self.sizes().slice(0, d1 - 2) : IntArrayRef();
  IntArrayRef batch2 = d2 > 2 ? other.sizes().slice(0, d2 - 2) : IntArrayRef();
  DimVector batch = infer_size(batch1, batch2);
  int64_t nbatch = 1;
  for (int64_t s : batch) nbatch *= s;
  DimVector shape1 = batch, shape2 = batch;
  shape1.push_back(n);
  shape1.push_back(k1);
  shape2.push_back(k1);
  shape2.push_back(p);
  Tensor a = aten::reshape((d1 == 1 ? aten::unsqueeze(self, 0) : self).expand(shape1),
                           {nbatch, n, k1});
  Tensor b = aten::reshape((d2 == 1 ? aten::unsqueeze(other, 1) : other).expand(shape2),
                           {nbatch, k1, p});
  DimVector out_shape = batch;
  if (d1 >= 2) out_shape.push_back(n);
  if (d2 >= 2) out_shape.push_back(p);
  return aten::reshape(aten::bmm(a, b), out_shape);
}

Tensor& matmul_out(const Tensor& self, const Tensor& other, Tensor& out) {
  return copy_into_out(aten::matmul(self, other), out);
}

}  // namespace aten::native
