#pragma once
// aten::nn::Module, the base of every layer, in the shape of libtorch's torch::nn::Module: a
// module owns named parameters (tensors that require grad and that optimizers update), named
// buffers (state that is saved but not trained, such as BatchNorm's running statistics) and
// named submodules. Names nest with dots: a Sequential's first Linear's weight is "0.weight".
//
//   struct Net : nn::Module {
//     Net() { fc = register_module("fc", nn::Linear(64, 10)); }
//     Tensor forward(const Tensor& x) { return fc(x); }
//     nn::Linear fc{nullptr};
//   };
//
// Registration order is the order of parameters(), named_parameters() and state_dict(), which
// is what an optimizer's state and a saved file are matched by. A layer is used through its
// holder (`nn::Linear`, a shared handle to an `nn::LinearImpl`), as in libtorch.
#include <aten/core/Tensor.h>

#include <concepts>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace aten::nn {

// Ordered (name, tensor) pairs: `for (auto& [name, p] : m.named_parameters())`.
using NamedTensors = std::vector<std::pair<std::string, Tensor>>;

class Module : public std::enable_shared_from_this<Module> {
 public:
  Module() = default;
  virtual ~Module() = default;
  Module(const Module&) = delete;
  Module& operator=(const Module&) = delete;

  // A leaf that requires grad (unless requires_grad is false); the returned handle shares the
  // registered tensor, so a layer keeps it as a member.
  Tensor register_parameter(std::string name, Tensor tensor, bool requires_grad = true);
  Tensor register_buffer(std::string name, Tensor tensor);
  template <typename M>
  M register_module(std::string name, M module);

  // Own and (with recurse) every submodule's, depth first, in registration order.
  std::vector<Tensor> parameters(bool recurse = true) const;
  NamedTensors named_parameters(bool recurse = true) const;
  std::vector<Tensor> buffers(bool recurse = true) const;
  NamedTensors named_buffers(bool recurse = true) const;
  std::vector<std::pair<std::string, std::shared_ptr<Module>>> named_children() const {
    return children_;
  }

  // Parameters then buffers, with their dotted names: what save() writes.
  NamedTensors state_dict() const;
  // Copies each entry into the tensor of the same name (no autograd recording). Every
  // parameter and buffer must be present with its shape and dtype; an unknown name is an error.
  void load_state_dict(const NamedTensors& state);

  // Training mode (BatchNorm's batch statistics, Dropout's masks) for this module and every
  // submodule; eval() is train(false).
  virtual void train(bool on = true);
  void eval() { train(false); }
  bool is_training() const { return training_; }

  // Drops every parameter's gradient (set_to_none, the default, as in PyTorch 2) or zeroes it.
  void zero_grad(bool set_to_none = true);

 private:
  void collect(const std::string& prefix, bool recurse, bool buffers, NamedTensors& out) const;
  void register_child(std::string name, std::shared_ptr<Module> module);
  void check_new_name(const std::string& name) const;

  NamedTensors parameters_;
  NamedTensors buffers_;
  std::vector<std::pair<std::string, std::shared_ptr<Module>>> children_;
  bool training_ = true;
};

// A shared handle to a module implementation, as libtorch's ModuleHolder: `Linear(64, 10)`
// constructs a LinearImpl, `linear->weight` reaches it, `linear(x)` calls its forward.
// `Linear(nullptr)` is an empty handle, to be assigned later (register_module's result).
template <typename Impl>
class ModuleHolder {
 public:
  using ImplType = Impl;

  explicit ModuleHolder(std::nullptr_t) {}
  ModuleHolder(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}  // NOLINT: conversion
  template <typename... Args>
  requires std::constructible_from<Impl, Args&&...> &&
      (sizeof...(Args) != 1 || !(std::same_as<std::remove_cvref_t<Args>, ModuleHolder> ||
                                 ...)) explicit ModuleHolder(Args&&... args)
      : impl_(std::make_shared<Impl>(std::forward<Args>(args)...)) {}

  Impl* operator->() const { return impl_.get(); }
  Impl& operator*() const { return *impl_; }
  const std::shared_ptr<Impl>& ptr() const { return impl_; }
  bool is_empty() const { return impl_ == nullptr; }

  template <typename... Args>
  decltype(auto) operator()(Args&&... args) const {
    return impl_->forward(std::forward<Args>(args)...);
  }
  template <typename Arg>
  decltype(auto) operator[](Arg&& arg) const {
    return (*impl_)[std::forward<Arg>(arg)];
  }

 private:
  std::shared_ptr<Impl> impl_;
};

// Declares the holder `Name` of `NameImpl`.
#define ATEN_NN_MODULE(Name)                                  \
  class Name : public ::aten::nn::ModuleHolder<Name##Impl> {  \
   public:                                                    \
    using ::aten::nn::ModuleHolder<Name##Impl>::ModuleHolder; \
  }

// An option with a chainable setter and a getter, as libtorch's TORCH_ARG.
#define ATEN_NN_ARG(T, name)                \
 public:                                    \
  auto& name(const T& value) {              \
    name##_ = value;                        \
    return *this;                           \
  }                                         \
  const T& name() const { return name##_; } \
                                            \
 private:                                   \
  T name##_

namespace detail {
template <typename M>
std::shared_ptr<Module> module_ptr(const M& m) {
  if constexpr (requires { m.ptr(); }) {
    return m.ptr();
  } else {
    return m;
  }
}
}  // namespace detail

template <typename M>
M Module::register_module(std::string name, M module) {
  register_child(std::move(name), detail::module_ptr(module));
  return module;
}

}  // namespace aten::nn
