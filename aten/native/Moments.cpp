// var, std, var_mean, std_mean: one Welford pass (aten/native/cpu/MomentsKernel.cpp) with
// ATen's correction rule. The unbiased= overloads are correction 1 or 0. Each op checks its
// declared dtypes itself (the kernel is shared).
#include <aten/native/ReduceOps.h>
#include <aten/ops/std.h>
#include <aten/ops/std_dtypes.h>
#include <aten/ops/std_mean.h>
#include <aten/ops/std_mean_dtypes.h>
#include <aten/ops/std_mean_native.h>
#include <aten/ops/std_native.h>
#include <aten/ops/var.h>
#include <aten/ops/var_dtypes.h>
#include <aten/ops/var_mean.h>
#include <aten/ops/var_mean_dtypes.h>
#include <aten/ops/var_mean_native.h>
#include <aten/ops/var_native.h>

namespace aten::native {

ATEN_DEFINE_DISPATCH(moments_stub);

namespace {

// The variance (or deviation) has self's real dtype, or out's when out= is given (it is then
// computed in the real dtype and converted).
void meta_moment(impl::MetaBase& meta, const Tensor& self, OptionalIntArrayRef dim, bool keepdim) {
  const Tensor& out = meta.maybe_get_output();
  resize_reduction(meta, self, dim, keepdim,
                   out.defined() ? out.scalar_type() : toRealValueType(self.scalar_type()));
}

void run_moment(const char* op, const Tensor& self, OptionalIntArrayRef dim,
                std::optional<int64_t> correction, bool keepdim, bool take_sqrt,
                const Tensor& out) {
  compute_into(out, toRealValueType(self.scalar_type()), op, [&](const Tensor& result) {
    auto iter = make_reduction(result, self, make_dim_mask(dim, self.dim()), keepdim);
    moments_stub(iter.device(), iter, correction.value_or(1), take_sqrt);
  });
}

void run_moment_mean(const Tensor& self, OptionalIntArrayRef dim, std::optional<int64_t> correction,
                     bool keepdim, bool take_sqrt, const Tensor& out0, const Tensor& out1) {
  auto iter = make_reduction(out0, out1, self, make_dim_mask(dim, self.dim()), keepdim);
  moments_stub(iter.device(), iter, correction.value_or(1), take_sqrt);
}

}  // namespace

}  // namespace aten::native

namespace aten::meta {

ATEN_META_FUNC(var_correction)
(const Tensor& self, OptionalIntArrayRef dim, std::optional<int64_t> /*correction*/, bool keepdim) {
  native::meta_moment(*this, self, dim, keepdim);
}

ATEN_META_FUNC(std_correction)
(const Tensor& self, OptionalIntArrayRef dim, std::optional<int64_t> /*correction*/, bool keepdim) {
  native::meta_moment(*this, self, dim, keepdim);
}

// (variance in the real dtype, mean in self's dtype)
ATEN_META_FUNC(var_mean_correction)
(const Tensor& self, OptionalIntArrayRef dim, std::optional<int64_t> /*correction*/, bool keepdim) {
  native::resize_reduction(*this, self, dim, keepdim, toRealValueType(self.scalar_type()),
                           self.scalar_type());
}

ATEN_META_FUNC(std_mean_correction)
(const Tensor& self, OptionalIntArrayRef dim, std::optional<int64_t> /*correction*/, bool keepdim) {
  native::resize_reduction(*this, self, dim, keepdim, toRealValueType(self.scalar_type()),
                           self.scalar_type());
}

}  // namespace aten::meta

namespace aten::native {

ATEN_IMPL_FUNC(var_out)
(const Tensor& self, OptionalIntArrayRef dim, std::optional<int64_t> correction, bool keepdim,
 const Tensor& out) {
  ATEN_DISPATCH_var_TYPES(self.scalar_type(), [] {});
  run_moment("var", self, dim, correction, keepdim, false, out);
}

ATEN_IMPL_FUNC(std_out)
(const Tensor& self, OptionalIntArrayRef dim, std::optional<int64_t> correction, bool keepdim,
 const Tensor& out) {
  ATEN_DISPATCH_std_TYPES(self.scalar_type(), [] {});
  run_moment("std", self, dim, correction, keepdim, true, out);
}

ATEN_IMPL_FUNC(var_mean_out)
(const Tensor& self, OptionalIntArrayRef dim, std::optional<int64_t> correction, bool keepdim,
 const Tensor& out0, const Tensor& out1) {
  ATEN_DISPATCH_var_mean_TYPES(self.scalar_type(), [] {});
  run_moment_mean(self, dim, correction, keepdim, false, out0, out1);
}

ATEN_IMPL_FUNC(std_mean_out)
(const Tensor& self, OptionalIntArrayRef dim, std::optional<int64_t> correction, bool keepdim,
 const Tensor& out0, const Tensor& out1) {
  ATEN_DISPATCH_std_mean_TYPES(self.scalar_type(), [] {});
  run_moment_mean(self, dim, correction, keepdim, true, out0, out1);
}

// The unbiased= forms (CompositeImplicitAutograd, as in ATen).
Tensor var(const Tensor& self, bool unbiased) {
  return aten::var(self, std::nullopt, std::optional<int64_t>(unbiased ? 1 : 0), false);
}
Tensor var(const Tensor& self, OptionalIntArrayRef dim, bool unbiased, bool keepdim) {
  return aten::var(self, dim, std::optional<int64_t>(unbiased ? 1 : 0), keepdim);
}
Tensor& var(const Tensor& self, OptionalIntArrayRef dim, bool unbiased, bool keepdim, Tensor& out) {
  return aten::var_outf(self, dim, std::optional<int64_t>(unbiased ? 1 : 0), keepdim, out);
}

Tensor std(const Tensor& self, bool unbiased) {
  return aten::std(self, std::nullopt, std::optional<int64_t>(unbiased ? 1 : 0), false);
}
Tensor std(const Tensor& self, OptionalIntArrayRef dim, bool unbiased, bool keepdim) {
  return aten::std(self, dim, std::optional<int64_t>(unbiased ? 1 : 0), keepdim);
}
Tensor& std(const Tensor& self, OptionalIntArrayRef dim, bool unbiased, bool keepdim, Tensor& out) {
  return aten::std_outf(self, dim, std::optional<int64_t>(unbiased ? 1 : 0), keepdim, out);
}

std::tuple<Tensor, Tensor> var_mean(const Tensor& self, bool unbiased) {
  return aten::var_mean(self, std::nullopt, std::optional<int64_t>(unbiased ? 1 : 0), false);
}
std::tuple<Tensor, Tensor> var_mean(const Tensor& self, OptionalIntArrayRef dim, bool unbiased,
                                    bool keepdim) {
  return aten::var_mean(self, dim, std::optional<int64_t>(unbiased ? 1 : 0), keepdim);
}

std::tuple<Tensor, Tensor> std_mean(const Tensor& self, bool unbiased) {
  return aten::std_mean(self, std::nullopt, std::optional<int64_t>(unbiased ? 1 : 0), false);
}
std::tuple<Tensor, Tensor> std_mean(const Tensor& self, OptionalIntArrayRef dim, bool unbiased,
                                    bool keepdim) {
  return aten::std_mean(self, dim, std::optional<int64_t>(unbiased ? 1 : 0), keepdim);
}

}  // namespace aten::native
