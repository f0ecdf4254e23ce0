#include <aten/iterator/TensorIteratorConfig.h>

namespace aten {

TensorIteratorConfig& TensorIteratorConfig::add_output(const TensorBase& t, const char* name) {
  ATEN_INTERNAL_ASSERT(num_inputs_ == 0);  // outputs come first, as operands_ assumes
  tensors_.push_back(&t);
  names_.push_back(name);
  ++num_outputs_;
  return *this;
}

TensorIteratorConfig& TensorIteratorConfig::add_input(const TensorBase& t, const char* name) {
  tensors_.push_back(&t);
  names_.push_back(name);
  ++num_inputs_;
  return *this;
}

}  // namespace aten
