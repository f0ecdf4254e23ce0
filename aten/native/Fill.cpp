// fill_ (the kernel behind zeros, ones, full, eye and their _like forms) and zero_.
#include <aten/native/Fill.h>
#include <aten/ops/fill.h>
#include <aten/ops/fill_dtypes.h>
#include <aten/ops/fill_native.h>
#include <aten/ops/zero_native.h>

namespace aten::native {

ATEN_DEFINE_DISPATCH(fill_stub);

namespace {
// Converts value to self's dtype once before anything is written, so that a value the dtype
// cannot hold (300 into Char, 1+2j into Float) is an error on CPU and Meta alike and leaves
// self untouched.
void check_fill_value(const Tensor& self, const Scalar& value) {
  ATEN_DISPATCH_fill_TYPES(self.scalar_type(), [&] { (void)fill_value<scalar_t>(value); });
}
}  // namespace

Tensor& fill_(Tensor& self, const Scalar& value) {
  check_fill_value(self, value);
  if (self.numel() == 0) return self;
  // Writing one value is idempotent, so elements that share memory (an expanded self) are
  // fine, as in ATen: no overlap check.
  TensorIteratorConfig config;
  config.add_output(self, "self")
      .resize_outputs(false)
      .check_all_same_dtype(false)
      .set_check_mem_overlap(false);
  TensorIterator iter(config);
  fill_stub(iter.device(), iter, value);
  return self;
}

Tensor& fill_meta_(Tensor& self, const Scalar& value) {
  check_fill_value(self, value);
  return self;
}

Tensor& zero_(Tensor& self) { return self.fill_(0); }

}  // namespace aten::native
