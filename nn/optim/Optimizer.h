#pragma once
// The optimizers' base, in the shape of libtorch's torch::optim::Optimizer (one parameter
// group): it holds the parameters it updates, and per-parameter state (momentum buffers, Adam's
// moments, step counts) that state_dict() exports and load_state_dict() restores, so that a
// training run resumed from a saved module and optimizer continues bit for bit.
//
//   optim::SGD opt(model->parameters(), optim::SGDOptions(0.1).momentum(0.9));
//   opt.zero_grad();  loss.backward();  opt.step();
//
// step() updates every parameter that has a gradient in one pass over its data (the fused
// kernels of FusedUpdate.h), records nothing for autograd, and bumps each updated parameter's
// version counter as an in-place op would.
#include <aten/core/Tensor.h>
#include <nn/Module.h>

#include <vector>

namespace aten::optim {

using nn::NamedTensors;

class Optimizer {
 public:
  explicit Optimizer(std::vector<Tensor> parameters);
  virtual ~Optimizer() = default;
  Optimizer(const Optimizer&) = delete;
  Optimizer& operator=(const Optimizer&) = delete;

  // Drops the gradients (set_to_none, the default, as in PyTorch 2), or zeroes them.
  void zero_grad(bool set_to_none = true);
  virtual void step() = 0;

  const std::vector<Tensor>& parameters() const { return parameters_; }

  // The per-parameter state, named "state.<parameter index>.<what>", e.g.
  // "state.0.momentum_buffer", "state.3.exp_avg_sq", "state.3.step" (a 0-dim Long). A parameter
  // that has never been stepped has no entries. Hyperparameters are not part of it: a resumed
  // run constructs the optimizer with the same options.
  virtual NamedTensors state_dict() const = 0;
  // Replaces the state with a copy of `state` (every entry checked first against the
  // parameters' shapes and dtypes; a failed load changes nothing).
  virtual void load_state_dict(const NamedTensors& state) = 0;

 protected:
  // The parameters with a gradient, and their gradients (made contiguous if they are not),
  // after checking that each is a contiguous float or double tensor with a gradient of its
  // shape and dtype.
  struct Work {
    std::vector<size_t> index;
    std::vector<Tensor> grads;
  };
  Work collect_work(const char* who) const;

  std::vector<Tensor> parameters_;
};

namespace detail {
// Splits "state.<i>.<what>" into i and what; false if the name has another form.
bool parse_state_name(const std::string& name, size_t& index, std::string& what);
// Checks a loaded state tensor against its parameter and returns a contiguous copy of it.
Tensor checked_state(const char* who, const std::string& name, const Tensor& value,
                     const Tensor& parameter);
}  // namespace detail

}  // namespace aten::optim
