#include <aten/autograd/GradMode.h>
#include <aten/core/Error.h>
#include <nn/Module.h>

#include <map>

namespace aten::nn {

void Module::check_new_name(const std::string& name) const {
  ATEN_CHECK(!name.empty() && name.find('.') == std::string::npos,
             "Module: a parameter, buffer or submodule name must be non-empty and contain no "
             "'.', got \"",
             name, "\"");
  auto taken = [&](const auto& list) {
    for (const auto& entry : list) {
      if (entry.first == name) return true;
    }
    return false;
  };
  ATEN_CHECK(!taken(parameters_) && !taken(buffers_) && !taken(children_), "Module: the name \"",
             name, "\" is already registered");
}

Tensor Module::register_parameter(std::string name, Tensor tensor, bool requires_grad) {
  check_new_name(name);
  ATEN_CHECK(tensor.defined(), "Module::register_parameter: \"", name, "\" is undefined");
  tensor.requires_grad_(requires_grad);
  parameters_.emplace_back(std::move(name), tensor);
  return tensor;
}

Tensor Module::register_buffer(std::string name, Tensor tensor) {
  check_new_name(name);
  ATEN_CHECK(tensor.defined(), "Module::register_buffer: \"", name, "\" is undefined");
  buffers_.emplace_back(std::move(name), tensor);
  return tensor;
}

void Module::register_child(std::string name, std::shared_ptr<Module> module) {
  check_new_name(name);
  ATEN_CHECK(module != nullptr, "Module::register_module: \"", name, "\" is empty");
  children_.emplace_back(std::move(name), std::move(module));
}

void Module::collect(const std::string& prefix, bool recurse, bool buffers,
                     NamedTensors& out) const {
  for (const auto& [name, t] : buffers ? buffers_ : parameters_) out.emplace_back(prefix + name, t);
  if (!recurse) return;
  for (const auto& [name, child] : children_)
    child->collect(prefix + name + ".", true, buffers, out);
}

NamedTensors Module::named_parameters(bool recurse) const {
  NamedTensors out;
  collect("", recurse, /*buffers=*/false, out);
  return out;
}

NamedTensors Module::named_buffers(bool recurse) const {
  NamedTensors out;
  collect("", recurse, /*buffers=*/true, out);
  return out;
}

std::vector<Tensor> Module::parameters(bool recurse) const {
  std::vector<Tensor> out;
  for (auto& entry : named_parameters(recurse)) out.push_back(std::move(entry.second));
  return out;
}

std::vector<Tensor> Module::buffers(bool recurse) const {
  std::vector<Tensor> out;
  for (auto& entry : named_buffers(recurse)) out.push_back(std::move(entry.second));
  return out;
}

NamedTensors Module::state_dict() const {
  NamedTensors out = named_parameters();
  collect("", true, /*buffers=*/true, out);
  return out;
}

void Module::load_state_dict(const NamedTensors& state) {
  std::map<std::string, const Tensor*> given;
  for (const auto& [name, t] : state) {
    ATEN_CHECK(given.emplace(name, &t).second, "Module::load_state_dict: \"", name,
               "\" appears twice");
  }
  // Everything is checked before anything is copied: a failed load changes nothing.
  NamedTensors mine = state_dict();
  std::vector<const Tensor*> sources;
  for (const auto& [name, t] : mine) {
    auto it = given.find(name);
    ATEN_CHECK(it != given.end(), "Module::load_state_dict: \"", name, "\" is missing");
    const Tensor& src = *it->second;
    ATEN_CHECK(src.sizes() == t.sizes() && src.scalar_type() == t.scalar_type(),
               "Module::load_state_dict: \"", name, "\" is ", src.toString(), ", expected ",
               t.toString());
    sources.push_back(&src);
    given.erase(it);
  }
  ATEN_CHECK(given.empty(), "Module::load_state_dict: \"", given.begin()->first,
             "\" is not a parameter or buffer of this module");
  NoGradGuard no_grad;
  for (size_t i = 0; i < mine.size(); ++i) mine[i].second.copy_(*sources[i]);
}

void Module::train(bool on) {
  training_ = on;
  for (auto& [name, child] : children_) child->train(on);
}

void Module::zero_grad(bool set_to_none) {
  for (auto& [name, p] : named_parameters()) {
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

}  // namespace aten::nn
