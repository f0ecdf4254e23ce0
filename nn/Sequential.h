#pragma once
// Sequential: modules applied one after the other, registered as submodules "0", "1", ...
//
//   nn::Sequential mlp(nn::Linear(64, 256), nn::ReLU(), nn::Linear(256, 10));
//   mlp->push_back(nn::Dropout(0.1));
//   Tensor logits = mlp(x);
//
// Each element is a holder (nn::Linear) or a shared_ptr to a module whose forward takes and
// returns one Tensor.
#include <nn/Module.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace aten::nn {

class SequentialImpl : public Module {
 public:
  SequentialImpl() = default;
  template <typename... M>
  explicit SequentialImpl(M&&... modules) {
    (push_back(std::forward<M>(modules)), ...);
  }

  template <typename M>
  void push_back(M module) {
    std::shared_ptr<Module> base = detail::module_ptr(module);
    if constexpr (requires { module.ptr(); }) {
      forwards_.emplace_back([m = module.ptr()](const Tensor& x) { return m->forward(x); });
    } else {
      forwards_.emplace_back([m = module](const Tensor& x) { return m->forward(x); });
    }
    modules_.push_back(base);
    register_module(std::to_string(modules_.size() - 1), base);
  }

  Tensor forward(const Tensor& input) const {
    Tensor x = input;
    for (const auto& f : forwards_) x = f(x);
    return x;
  }

  size_t size() const { return modules_.size(); }
  const std::shared_ptr<Module>& operator[](size_t i) const { return modules_.at(i); }

 private:
  std::vector<std::function<Tensor(const Tensor&)>> forwards_;
  std::vector<std::shared_ptr<Module>> modules_;
};
ATEN_NN_MODULE(Sequential);

}  // namespace aten::nn
