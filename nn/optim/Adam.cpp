#include <aten/autograd/GradMode.h>
#include <aten/core/Error.h>
#include <aten/ops/zeros.h>
#include <aten/ops/zeros_like.h>
#include <nn/optim/Adam.h>
#include <nn/optim/FusedUpdate.h>

namespace aten::optim {

Adam::Adam(std::vector<Tensor> parameters, AdamOptions options)
    : Adam(std::move(parameters), options, /*decoupled_weight_decay=*/false) {}

Adam::Adam(std::vector<Tensor> parameters, AdamOptions options_, bool decoupled_weight_decay)
    : Optimizer(std::move(parameters)), options(options_), decoupled_(decoupled_weight_decay) {
  const auto [beta1, beta2] = options.betas();
  ATEN_CHECK(options.lr() >= 0, name(), ": invalid learning rate ", options.lr());
  ATEN_CHECK(options.eps() >= 0, name(), ": invalid epsilon ", options.eps());
  ATEN_CHECK(beta1 >= 0 && beta1 < 1 && beta2 >= 0 && beta2 < 1, name(), ": invalid betas (", beta1,
             ", ", beta2, "): each must be in [0, 1)");
  ATEN_CHECK(options.weight_decay() >= 0, name(), ": invalid weight_decay ",
             options.weight_decay());
  state_.resize(parameters_.size());
}

void Adam::step() {
  NoGradGuard no_grad;
  Work work = collect_work(name());
  std::vector<Tensor> params, exp_avgs, exp_avg_sqs, max_exp_avg_sqs;
  std::vector<int64_t> steps;
  for (size_t i : work.index) {
    State& s = state_[i];
    if (s.step == 0) {
      s.exp_avg = aten::zeros_like(parameters_[i]);
      s.exp_avg_sq = aten::zeros_like(parameters_[i]);
      if (options.amsgrad()) s.max_exp_avg_sq = aten::zeros_like(parameters_[i]);
    }
    ++s.step;
    params.push_back(parameters_[i]);
    exp_avgs.push_back(s.exp_avg);
    exp_avg_sqs.push_back(s.exp_avg_sq);
    max_exp_avg_sqs.push_back(s.max_exp_avg_sq);
    steps.push_back(s.step);
  }
  const auto [beta1, beta2] = options.betas();
  detail::adam_update(params, work.grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, steps,
                      {options.lr(), beta1, beta2, options.eps(), options.weight_decay(),
                       options.amsgrad(), decoupled_});
  for (const Tensor& p : params) p.unsafeGetTensorImpl()->storage()->bump_version();
}

NamedTensors Adam::state_dict() const {
  NamedTensors out;
  for (size_t i = 0; i < state_.size(); ++i) {
    const State& s = state_[i];
    if (s.step == 0) continue;
    const std::string prefix = "state." + std::to_string(i) + ".";
    out.emplace_back(prefix + "step", aten::zeros({}, kLong).fill_(s.step));
    out.emplace_back(prefix + "exp_avg", s.exp_avg.clone());
    out.emplace_back(prefix + "exp_avg_sq", s.exp_avg_sq.clone());
    if (s.max_exp_avg_sq.defined()) {
      out.emplace_back(prefix + "max_exp_avg_sq", s.max_exp_avg_sq.clone());
    }
  }
  return out;
}

void Adam::load_state_dict(const NamedTensors& state) {
  std::vector<State> loaded(parameters_.size());
  for (const auto& [name_, value] : state) {
    size_t i = 0;
    std::string what;
    const bool ok = detail::parse_state_name(name_, i, what) && i < parameters_.size();
    ATEN_CHECK(ok, name(), "::load_state_dict: unexpected entry \"", name_,
               "\" (this optimizer has ", parameters_.size(), " parameters)");
    State& s = loaded[i];
    if (what == "step") {
      ATEN_CHECK(value.dim() == 0 && value.scalar_type() == kLong && value.item<int64_t>() > 0,
                 name(), "::load_state_dict: \"", name_, "\" must be a positive 0-dim Long, got ",
                 value.toString());
      s.step = value.item<int64_t>();
    } else if (what == "exp_avg") {
      s.exp_avg = detail::checked_state(name(), name_, value, parameters_[i]);
    } else if (what == "exp_avg_sq") {
      s.exp_avg_sq = detail::checked_state(name(), name_, value, parameters_[i]);
    } else if (what == "max_exp_avg_sq") {
      s.max_exp_avg_sq = detail::checked_state(name(), name_, value, parameters_[i]);
    } else {
      ATEN_ERROR(name(), "::load_state_dict: unexpected entry \"", name_, "\"");
    }
  }
  for (size_t i = 0; i < loaded.size(); ++i) {
    const State& s = loaded[i];
    const bool any = s.step != 0 || s.exp_avg.defined() || s.exp_avg_sq.defined() ||
                     s.max_exp_avg_sq.defined();
    const bool complete = s.step != 0 && s.exp_avg.defined() && s.exp_avg_sq.defined() &&
                          s.max_exp_avg_sq.defined() == options.amsgrad();
    ATEN_CHECK(!any || complete, name(), "::load_state_dict: the state of parameter ", i,
               " is incomplete (it needs step, exp_avg, exp_avg_sq",
               options.amsgrad() ? ", max_exp_avg_sq" : "", " and nothing else)");
  }
  state_ = std::move(loaded);
}

}  // namespace aten::optim
