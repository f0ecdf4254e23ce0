#include <aten/autograd/GradMode.h>
#include <aten/core/Error.h>
#include <aten/ops/empty_like.h>
#include <nn/optim/FusedUpdate.h>
#include <nn/optim/SGD.h>

namespace aten::optim {

SGD::SGD(std::vector<Tensor> parameters, SGDOptions options_)
    : Optimizer(std::move(parameters)), options(options_) {
  ATEN_CHECK(options.lr() >= 0, "SGD: invalid learning rate ", options.lr());
  ATEN_CHECK(options.momentum() >= 0, "SGD: invalid momentum ", options.momentum());
  ATEN_CHECK(options.weight_decay() >= 0, "SGD: invalid weight_decay ", options.weight_decay());
  ATEN_CHECK(!options.nesterov() || (options.momentum() > 0 && options.dampening() == 0),
             "SGD: Nesterov momentum requires a momentum and zero dampening");
  momentum_buffers_.resize(parameters_.size());
}

void SGD::step() {
  NoGradGuard no_grad;
  Work work = collect_work("SGD");
  std::vector<Tensor> params, buffers;
  std::vector<bool> first;
  for (size_t i : work.index) {
    params.push_back(parameters_[i]);
    Tensor& buf = momentum_buffers_[i];
    first.push_back(options.momentum() != 0 && !buf.defined());
    if (options.momentum() != 0 && !buf.defined()) buf = aten::empty_like(parameters_[i]);
    buffers.push_back(buf);
  }
  detail::sgd_update(params, work.grads, buffers, first,
                     {options.lr(), options.momentum(), options.dampening(), options.weight_decay(),
                      options.nesterov()});
  for (const Tensor& p : params) p.unsafeGetTensorImpl()->storage()->bump_version();
}

NamedTensors SGD::state_dict() const {
  NamedTensors out;
  for (size_t i = 0; i < parameters_.size(); ++i) {
    if (momentum_buffers_[i].defined()) {
      out.emplace_back("state." + std::to_string(i) + ".momentum_buffer",
                       momentum_buffers_[i].clone());
    }
  }
  return out;
}

void SGD::load_state_dict(const NamedTensors& state) {
  std::vector<Tensor> buffers(parameters_.size());
  for (const auto& [name, value] : state) {
    size_t i = 0;
    std::string what;
    ATEN_CHECK(detail::parse_state_name(name, i, what) && what == "momentum_buffer" &&
                   i < parameters_.size(),
               "SGD::load_state_dict: unexpected entry \"", name, "\" (this optimizer has ",
               parameters_.size(), " parameters and only momentum buffers)");
    buffers[i] = detail::checked_state("SGD", name, value, parameters_[i]);
  }
  momentum_buffers_ = std::move(buffers);
}

}  // namespace aten::optim
