// masked_fill_ and masked_fill: value written where a Bool mask (broadcast to self) is true.
// The checks run before anything is written, so bad input changes nothing.
#include <aten/core/MemoryOverlap.h>
#include <aten/iterator/Broadcast.h>
#include <aten/native/MaskedFill.h>
#include <aten/ops/clone.h>
#include <aten/ops/expand.h>
#include <aten/ops/masked_fill.h>
#include <aten/ops/masked_fill_dtypes.h>
#include <aten/ops/masked_fill_native.h>

namespace aten::native {

ATEN_DEFINE_DISPATCH(masked_fill_stub);

namespace {

void check_same_device(const Tensor& self, const Tensor& other, const char* name) {
  ATEN_CHECK(self.device() == other.device(), "Expected ", name, " to be on the device of self (",
             self.device(), "), but it is on ", other.device());
}

void check_mask(const Tensor& mask) {
  ATEN_CHECK(mask.scalar_type() == ScalarType::Bool, "expected a Bool mask, but got mask of dtype ",
             mask.dtype());
}

void check_masked_fill_(const Tensor& self, const Tensor& mask, const Scalar* value) {
  check_mask(mask);
  check_same_device(self, mask, "mask");
  ATEN_CHECK(infer_size(self.sizes(), mask.sizes()) == DimVector(self.sizes()), "mask of shape ",
             mask.sizes(), " cannot be broadcast to self of shape ", self.sizes());
  // ATen only warns about an expanded self; writing into one is a race, so it is an error here.
  assert_no_internal_overlap(self);
  assert_no_overlap(self, mask, "mask");
  // A value self's dtype cannot hold (300 into Char, 1+2j into Float) is an error before
  // anything is written.
  ATEN_DISPATCH_masked_fill_TYPES(self.scalar_type(), [&] {
    if (value != nullptr) (void)value->to<scalar_t>();
  });
}

void check_value_tensor(const Tensor& value) {
  ATEN_CHECK(value.dim() == 0, "only supports a 0-dimensional value tensor, but got tensor with ",
             value.dim(), " dimension(s) (shape ", value.sizes(), ")");
}

}  // namespace

Tensor& masked_fill__cpu(Tensor& self, const Tensor& mask, const Scalar& value) {
  check_masked_fill_(self, mask, &value);
  if (self.numel() == 0) return self;
  TensorIteratorConfig config;
  config.add_output(self, "self")
      .add_input(mask, "mask")
      .resize_outputs(false)
      .check_all_same_dtype(false)
      .set_check_mem_overlap(false);
  TensorIterator iter(config);
  masked_fill_stub(iter.device(), iter, value);
  return self;
}

Tensor& masked_fill__cpu(Tensor& self, const Tensor& mask, const Tensor& value) {
  check_value_tensor(value);
  check_same_device(self, value, "value");
  return masked_fill__cpu(self, mask, value.item());
}

Tensor& masked_fill__meta(Tensor& self, const Tensor& mask, const Scalar& value) {
  check_masked_fill_(self, mask, &value);
  return self;
}

Tensor& masked_fill__meta(Tensor& self, const Tensor& mask, const Tensor& value) {
  check_value_tensor(value);
  check_masked_fill_(self, mask, nullptr);  // a Meta value has no number to check
  return self;
}

// self and mask broadcast against each other, as in ATen; the result is contiguous.
Tensor masked_fill(const Tensor& self, const Tensor& mask, const Scalar& value) {
  check_mask(mask);
  Tensor result =
      self.expand(infer_size(self.sizes(), mask.sizes())).clone(MemoryFormat::Contiguous);
  return result.masked_fill_(mask, value);
}

Tensor masked_fill(const Tensor& self, const Tensor& mask, const Tensor& value) {
  check_mask(mask);
  check_value_tensor(value);
  Tensor result =
      self.expand(infer_size(self.sizes(), mask.sizes())).clone(MemoryFormat::Contiguous);
  return result.masked_fill_(mask, value);
}

}  // namespace aten::native
