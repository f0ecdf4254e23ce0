#include <aten/autograd/AutogradMeta.h>
#include <aten/autograd/SavedVariable.h>

namespace aten::autograd {

SavedVariable::SavedVariable(const Tensor& t, bool is_output) {
  if (!t.defined()) return;
  was_default_constructed_ = false;
  saved_version_ = static_cast<uint32_t>(t._version());
  is_output_ = is_output && !t.is_leaf();
  if (is_output_) {
    data_ = t.detach();
    weak_grad_fn_ = t.grad_fn();
    output_nr_ = t.output_nr();
  } else {
    data_ = t;
  }
}

Tensor SavedVariable::unpack() const {
  if (was_default_constructed_) return Tensor();
  ATEN_CHECK(data_.defined(),
             "Trying to backward through the graph a second time (or directly access saved "
             "tensors after they have already been freed). Saved intermediate values of the graph "
             "are freed when you call .backward() or autograd::grad(). Specify retain_graph=true "
             "if you need to backward through the graph a second time or if you need to access "
             "saved tensors after calling backward.");
  std::shared_ptr<Node> grad_fn = is_output_ ? weak_grad_fn_.lock() : data_.grad_fn();
  const auto version = static_cast<uint32_t>(data_._version());
  if (version != saved_version_) [[unlikely]] {
    std::string producer = grad_fn == nullptr
                               ? std::string()
                               : aten::detail::str_cat(", which is output ",
                                                       is_output_ ? output_nr_ : data_.output_nr(),
                                                       " of ", grad_fn->name(), ",");
    ATEN_ERROR(
        "one of the variables needed for gradient computation has been modified by an "
        "inplace operation: [",
        data_.scalar_type(), " ", data_.sizes(), "]", producer, " is at version ", version,
        "; expected version ", saved_version_, " instead.");
  }
  if (!is_output_) return data_;
  // Only its own node unpacks an output, while it runs: the node is alive.
  ATEN_INTERNAL_ASSERT(grad_fn != nullptr);
  Tensor output = data_.detach();
  impl::set_gradient_edge(output, Edge(std::move(grad_fn), output_nr_));
  return output;
}

void SavedVariable::reset_data() {
  data_ = Tensor();
  weak_grad_fn_.reset();
}

}  // namespace aten::autograd
