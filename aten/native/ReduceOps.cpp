// Reductions that fold with an identity: sum, nansum, mean, prod, all, any; and the shape and
// dtype rules every reduction shares.
#include <aten/core/Alias.h>
#include <aten/native/ReduceOps.h>
#include <aten/ops/all_native.h>
#include <aten/ops/any_native.h>
#include <aten/ops/copy.h>
#include <aten/ops/empty.h>
#include <aten/ops/mean.h>
#include <aten/ops/mean_dtypes.h>
#include <aten/ops/mean_native.h>
#include <aten/ops/nansum_native.h>
#include <aten/ops/prod.h>
#include <aten/ops/prod_native.h>
#include <aten/ops/reshape.h>
#include <aten/ops/sum.h>
#include <aten/ops/sum_native.h>
#include <aten/ops/to.h>
#include <aten/structured/StructuredOutputs.h>

namespace aten::native {

ATEN_DEFINE_DISPATCH(sum_stub);
ATEN_DEFINE_DISPATCH(nansum_stub);
ATEN_DEFINE_DISPATCH(mean_stub);
ATEN_DEFINE_DISPATCH(prod_stub);
ATEN_DEFINE_DISPATCH(all_stub);
ATEN_DEFINE_DISPATCH(any_stub);

DimMask make_dim_mask(OptionalIntArrayRef dims, int64_t ndim) {
  ATEN_CHECK(ndim <= 64, "reductions support tensors of at most 64 dims, got ", ndim);
  DimMask mask;
  if (!dims.has_value() || dims->empty()) {
    for (int64_t d = 0; d < ndim; ++d) mask.set(d);
    return mask;
  }
  for (int64_t d : *dims) {
    const int64_t w = maybe_wrap_dim(d, ndim);
    ATEN_CHECK(!mask[w], "dim ", w, " appears multiple times in the list of dims ", *dims);
    mask.set(w);
  }
  return mask;
}

DimVector reduction_shape(const Tensor& self, const DimMask& mask, bool keepdim) {
  DimVector shape;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (!mask[d]) shape.push_back(self.sizes()[d]);
    else if (keepdim) shape.push_back(1);
  }
  return shape;
}

void resize_reduction(impl::MetaBase& meta, const Tensor& self, OptionalIntArrayRef dims,
                      bool keepdim, ScalarType out_dtype, std::optional<ScalarType> second_dtype) {
  const DimVector shape = reduction_shape(self, make_dim_mask(dims, self.dim()), keepdim);
  meta.set_output_raw_strided(0, shape, {}, self.options().dtype(out_dtype));
  if (second_dtype) meta.set_output_raw_strided(1, shape, {}, self.options().dtype(*second_dtype));
}

namespace {
// result viewed with self's rank: size 1 (stride 0) along every reduced dim.
Tensor view_as_reduced(const Tensor& result, const Tensor& self, const DimMask& mask,
                       bool keepdim) {
  // The iterator cannot check the result for internal overlap (this view has stride 0 along
  // the reduced dims by design), so an out= that is an expand is refused here.
  for (int64_t d = 0; d < result.dim(); ++d)
    ATEN_CHECK(result.strides()[d] != 0 || result.sizes()[d] <= 1,
               "unsupported operation: more than one element of the written-to tensor refers to a "
               "single memory location (",
               result.toString(),
               "). Please clone() the tensor before "
               "performing the operation.");
  DimVector sizes(self.sizes()), strides(static_cast<size_t>(self.dim()), 0);
  int64_t j = 0;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (mask[d]) {
      sizes[d] = 1;
      if (keepdim) ++j;
    } else {
      strides[d] = result.strides()[j++];
    }
  }
  return detail::alias_with_sizes_and_strides(result, sizes, strides);
}
}  // namespace

TensorIterator make_reduction(const Tensor& result, const Tensor& self, const DimMask& mask,
                              bool keepdim) {
  return TensorIterator::reduce_op(view_as_reduced(result, self, mask, keepdim), self);
}

TensorIterator make_reduction(const Tensor& result1, const Tensor& result2, const Tensor& self,
                              const DimMask& mask, bool keepdim) {
  return TensorIterator::reduce_op(view_as_reduced(result1, self, mask, keepdim),
                                   view_as_reduced(result2, self, mask, keepdim), self);
}

void check_nonempty_reduction(const Tensor& self, const DimMask& mask, bool all_dims,
                              const char* op) {
  if (all_dims) {
    ATEN_CHECK(self.numel() != 0, op,
               ": Expected reduction dim to be specified for input.numel() == 0. Specify the "
               "reduction dim with the 'dim' argument.");
    return;
  }
  for (int64_t d = 0; d < self.dim(); ++d)
    ATEN_CHECK(!mask[d] || self.sizes()[d] != 0, op, ": Expected reduction dim ", d,
               " to have non-zero size.");
}

bool can_cast_result(ScalarType from, ScalarType to) {
  if (isComplexType(from) && !isComplexType(to)) return false;
  if (isFloatingType(from) && isIntegralType(to, false)) return false;
  if (from != ScalarType::Bool && to == ScalarType::Bool) return false;
  return true;
}

void compute_into(const Tensor& out, ScalarType compute_dtype, const char* op,
                  FunctionRef<void(const Tensor&)> compute) {
  if (out.scalar_type() == compute_dtype) {
    compute(out);
    return;
  }
  ATEN_CHECK(can_cast_result(compute_dtype, out.scalar_type()), op, ": result type ", compute_dtype,
             " can't be cast to the desired output type ", out.scalar_type());
  Tensor tmp = aten::empty(out.sizes(), out.options().dtype(compute_dtype));
  compute(tmp);
  out.copy_(tmp);
}

namespace {

// ATen's rule for sum, nansum and prod: integral (and bool) inputs accumulate into Long,
// others into their own dtype; an explicit dtype, or the out= tensor's, wins.
ScalarType sum_dtype(const Tensor& self, const Tensor& out, std::optional<ScalarType> dtype) {
  if (dtype) return *dtype;
  if (out.defined()) return out.scalar_type();
  return isIntegralType(self.scalar_type(), true) ? ScalarType::Long : self.scalar_type();
}

// Runs a sum-like stub from self into out over mask. The kernels read self's dtype and write
// out's when the two agree or (for integers) out is Long; any other pair converts self first.
template <typename stub_t>
void run_sum_like(stub_t& stub, const Tensor& self, const DimMask& mask, bool keepdim,
                  const Tensor& out) {
  const ScalarType in = self.scalar_type(), res = out.scalar_type();
  const bool direct = res == in || (isIntegralType(in, true) && res == ScalarType::Long);
  const Tensor src = direct ? self : self.to(res);
  auto iter = make_reduction(out, src, mask, keepdim);
  stub(iter.device(), iter);
}

// all/any: Bool, or Byte for Byte inputs; out= may be either.
ScalarType logical_reduce_dtype(const char* op, const Tensor& self, const Tensor& out) {
  if (out.defined()) {
    ATEN_CHECK(out.scalar_type() == ScalarType::Bool || out.scalar_type() == ScalarType::Byte, op,
               " only supports bool tensor for result, got: ", out.scalar_type());
    return out.scalar_type();
  }
  return self.scalar_type() == ScalarType::Byte ? ScalarType::Byte : ScalarType::Bool;
}

}  // namespace

}  // namespace aten::native

namespace aten::meta {

ATEN_META_FUNC(sum_dim_IntList)
(const Tensor& self, OptionalIntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) {
  native::resize_reduction(*this, self, dim, keepdim,
                           native::sum_dtype(self, maybe_get_output(), dtype));
}

ATEN_META_FUNC(nansum)
(const Tensor& self, OptionalIntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) {
  native::resize_reduction(*this, self, dim, keepdim,
                           native::sum_dtype(self, maybe_get_output(), dtype));
}

ATEN_META_FUNC(mean_dim)
(const Tensor& self, OptionalIntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) {
  // ATen's rule: the mean is taken in dtype (or self's dtype), which must be floating or
  // complex; the result has out's dtype when out= is given.
  // The message names the dtype as every undeclared one does, then says why, as ATen does.
  const ScalarType in = dtype.value_or(self.scalar_type());
  ATEN_CHECK(isFloatingType(in) || isComplexType(in), "\"mean\" not implemented for '", in,
             "': mean(): could not infer output dtype. ", dtype ? "Optional" : "Input",
             " dtype must be either a floating point or complex dtype. Got: ", in);
  const Tensor& out = maybe_get_output();
  const ScalarType res = dtype.value_or(out.defined() ? out.scalar_type() : in);
  native::resize_reduction(*this, self, dim, keepdim, res);
}

ATEN_META_FUNC(prod_dim_int)
(const Tensor& self, int64_t dim, bool keepdim, std::optional<ScalarType> dtype) {
  const int64_t dims[] = {dim};
  native::resize_reduction(*this, self, IntArrayRef(dims, 1), keepdim,
                           native::sum_dtype(self, maybe_get_output(), dtype));
}

ATEN_META_FUNC(all_dim)(const Tensor& self, int64_t dim, bool keepdim) {
  const int64_t dims[] = {dim};
  native::resize_reduction(*this, self, IntArrayRef(dims, 1), keepdim,
                           native::logical_reduce_dtype("all", self, maybe_get_output()));
}

ATEN_META_FUNC(all)(const Tensor& self) {
  native::resize_reduction(*this, self, std::nullopt, false,
                           native::logical_reduce_dtype("all", self, maybe_get_output()));
}

ATEN_META_FUNC(any_dim)(const Tensor& self, int64_t dim, bool keepdim) {
  const int64_t dims[] = {dim};
  native::resize_reduction(*this, self, IntArrayRef(dims, 1), keepdim,
                           native::logical_reduce_dtype("any", self, maybe_get_output()));
}

ATEN_META_FUNC(any)(const Tensor& self) {
  native::resize_reduction(*this, self, std::nullopt, false,
                           native::logical_reduce_dtype("any", self, maybe_get_output()));
}

}  // namespace aten::meta

namespace aten::native {

ATEN_IMPL_FUNC(sum_out)
(const Tensor& self, OptionalIntArrayRef dim, bool keepdim, std::optional<ScalarType> /*dtype*/,
 const Tensor& out) {
  run_sum_like(sum_stub, self, make_dim_mask(dim, self.dim()), keepdim, out);
}

Tensor sum(const Tensor& self, std::optional<ScalarType> dtype) {
  return aten::sum(self, std::nullopt, false, dtype);
}

// sum.out and prod.out (no dim) are ATen's generated out= forms of sum(self, dtype) and
// prod(self, dtype): the functional result copied into out, so out may have any dtype and
// receives the result converted (sum(x, dtype=Float, out=<Double>) is the float sum in a
// double). The dim overloads are structured: their out must have the result's dtype.
Tensor& sum_all_out(const Tensor& self, std::optional<ScalarType> dtype, Tensor& out) {
  const Tensor result = aten::sum(self, dtype);
  detail::resize_out(out, result.sizes(), {}, out.options());
  out.copy_(result);
  return out;
}

ATEN_IMPL_FUNC(nansum_out)
(const Tensor& self, OptionalIntArrayRef dim, bool keepdim, std::optional<ScalarType> /*dtype*/,
 const Tensor& out) {
  // Integers have no NaN: a plain sum.
  const DimMask mask = make_dim_mask(dim, self.dim());
  if (isIntegralType(self.scalar_type(), true)) run_sum_like(sum_stub, self, mask, keepdim, out);
  else run_sum_like(nansum_stub, self, mask, keepdim, out);
}

ATEN_IMPL_FUNC(mean_out)
(const Tensor& self, OptionalIntArrayRef dim, bool keepdim, std::optional<ScalarType> /*dtype*/,
 const Tensor& out) {
  // ATen's mean is sum(self, dim, dtype=out's dtype) then a division by the count, both in
  // out's dtype: self is converted to it first (a Float input into a Double out is summed in
  // double), and the sum is rounded to it before the division (see the kernel's
  // divide_by_count). meta() made dtype, when given, out's dtype. A dtype that cannot hold a
  // quotient is refused as ATen's division refuses it.
  const ScalarType res = out.scalar_type();
  ATEN_CHECK(isFloatingType(res) || isComplexType(res),
             "result type Float can't be cast to the desired output type ", res);
  const Tensor src = self.scalar_type() == res ? self : self.to(res);
  auto iter = make_reduction(out, src, make_dim_mask(dim, self.dim()), keepdim);
  mean_stub(iter.device(), iter);
}

Tensor mean(const Tensor& self, std::optional<ScalarType> dtype) {
  return aten::mean(self, std::nullopt, false, dtype);
}

ATEN_IMPL_FUNC(prod_out)
(const Tensor& self, int64_t dim, bool keepdim, std::optional<ScalarType> /*dtype*/,
 const Tensor& out) {
  const int64_t dims[] = {dim};
  run_sum_like(prod_stub, self, make_dim_mask(IntArrayRef(dims, 1), self.dim()), keepdim, out);
}

// The product of every element: of the flattened tensor (a copy only when self is not
// viewable as one dim).
Tensor prod(const Tensor& self, std::optional<ScalarType> dtype) {
  return aten::prod(self.reshape({-1}), 0, false, dtype);
}

// As sum_all_out.
Tensor& prod_all_out(const Tensor& self, std::optional<ScalarType> dtype, Tensor& out) {
  const Tensor result = aten::prod(self, dtype);
  detail::resize_out(out, result.sizes(), {}, out.options());
  out.copy_(result);
  return out;
}

ATEN_IMPL_FUNC(all_out)(const Tensor& self, int64_t dim, bool keepdim, const Tensor& out) {
  const int64_t dims[] = {dim};
  auto iter = make_reduction(out, self, make_dim_mask(IntArrayRef(dims, 1), self.dim()), keepdim);
  all_stub(iter.device(), iter);
}

ATEN_IMPL_FUNC(all_all_out)(const Tensor& self, const Tensor& out) {
  auto iter = make_reduction(out, self, make_dim_mask(std::nullopt, self.dim()), false);
  all_stub(iter.device(), iter);
}

ATEN_IMPL_FUNC(any_out)(const Tensor& self, int64_t dim, bool keepdim, const Tensor& out) {
  const int64_t dims[] = {dim};
  auto iter = make_reduction(out, self, make_dim_mask(IntArrayRef(dims, 1), self.dim()), keepdim);
  any_stub(iter.device(), iter);
}

ATEN_IMPL_FUNC(any_all_out)(const Tensor& self, const Tensor& out) {
  auto iter = make_reduction(out, self, make_dim_mask(std::nullopt, self.dim()), false);
  any_stub(iter.device(), iter);
}

}  // namespace aten::native
