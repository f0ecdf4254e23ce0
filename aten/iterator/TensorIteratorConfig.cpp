#include <aten/iterator/TensorIteratorConfig.h>

namespace aten {

TensorIteratorConfig& TensorIteratorConfig::add_owned_output(Tensor t, const char* name) {
  ATEN_INTERNAL_ASSERT(num_inputs_ == 0);
  operands_.push_back({MaybeOwned<Tensor>::owned(std::move(t)), name});
  ++num_outputs_;
  return *this;
}

TensorIteratorConfig& TensorIteratorConfig::add_owned_input(Tensor t, const char* name) {
  operands_.push_back({MaybeOwned<Tensor>::owned(std::move(t)), name});
  ++num_inputs_;
  return *this;
}

TensorIteratorConfig& TensorIteratorConfig::declare_static_shape(IntArrayRef shape,
                                                                 IntArrayRef squash_dims) {
  ATEN_CHECK(!resize_outputs_, "declare_static_shape(", shape,
             ") conflicts with resize_outputs(true): call "
             "resize_outputs(false) before declare_static_shape");
  DimVector s(shape);
  for (int64_t d : squash_dims) {
    ATEN_CHECK(d >= 0 && d < static_cast<int64_t>(s.size()), "squash dim ", d,
               " is out of range for the static shape ", shape);
    s[d] = 1;
  }
  static_shape_ = std::move(s);
  return *this;
}

}  // namespace aten
