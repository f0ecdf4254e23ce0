#include <aten/core/Error.h>
#include <nn/optim/Optimizer.h>

#include <charconv>

namespace aten::optim {

Optimizer::Optimizer(std::vector<Tensor> parameters) : parameters_(std::move(parameters)) {
  for (size_t i = 0; i < parameters_.size(); ++i) {
    const Tensor& p = parameters_[i];
    ATEN_CHECK(p.defined() && p.is_leaf(), "Optimizer: parameter ", i,
               " must be a defined leaf tensor");
    ATEN_CHECK(p.scalar_type() == kFloat || p.scalar_type() == kDouble,
               "Optimizer: parameters must be Float or Double, parameter ", i, " is ",
               p.toString());
    ATEN_CHECK(p.scalar_type() == parameters_[0].scalar_type(),
               "Optimizer: every parameter must have one dtype; parameter 0 is ",
               parameters_[0].toString(), ", parameter ", i, " is ", p.toString());
    ATEN_CHECK(p.is_contiguous(), "Optimizer: parameter ", i, " must be contiguous, got ",
               p.toString());
  }
}

void Optimizer::zero_grad(bool set_to_none) {
  for (const Tensor& p : parameters_) {
    Tensor& grad = p.mutable_grad();
    if (!grad.defined()) continue;
    if (set_to_none) {
      grad = Tensor();
    } else {
      grad = grad.detach();
      grad.zero_();
    }
  }
}

Optimizer::Work Optimizer::collect_work(const char* who) const {
  Work work;
  for (size_t i = 0; i < parameters_.size(); ++i) {
    const Tensor& p = parameters_[i];
    const Tensor& g = p.grad();
    if (!g.defined()) continue;
    ATEN_CHECK(g.sizes() == p.sizes() && g.scalar_type() == p.scalar_type(), who,
               ": the gradient of parameter ", i, " is ", g.toString(), ", expected ",
               p.toString());
    work.index.push_back(i);
    work.grads.push_back(g.is_contiguous() ? g : g.contiguous());
  }
  return work;
}

namespace detail {

bool parse_state_name(const std::string& name, size_t& index, std::string& what) {
  constexpr std::string_view kPrefix = "state.";
  if (name.rfind(kPrefix, 0) != 0) return false;
  const char* begin = name.data() + kPrefix.size();
  const char* end = name.data() + name.size();
  auto [rest, ec] = std::from_chars(begin, end, index);
  if (ec != std::errc() || rest == begin || rest == end || *rest != '.') return false;
  what.assign(rest + 1, end);
  return !what.empty();
}

Tensor checked_state(const char* who, const std::string& name, const Tensor& value,
                     const Tensor& parameter) {
  ATEN_CHECK(value.sizes() == parameter.sizes() && value.scalar_type() == parameter.scalar_type(),
             who, "::load_state_dict: \"", name, "\" is ", value.toString(), ", expected ",
             parameter.toString(), " (its parameter's)");
  return value.clone().contiguous();
}

}  // namespace detail

}  // namespace aten::optim
