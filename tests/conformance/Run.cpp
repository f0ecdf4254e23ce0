#include "Run.h"

#include "Bridge.h"

#include <aten/dispatch/Dispatcher.h>

#include <ATen/core/dispatch/Dispatcher.h>

namespace aten::conformance {

namespace {

bool is_written(const c10::Argument& a) {
  return a.alias_info() != nullptr && a.alias_info()->isWrite();
}

}  // namespace

IValue materialize(const Arg& a, bool meta) {
  if (a.is_tensor) return materialize(a.tensor, meta);
  if (a.is_tensor_list && !a.present.empty()) {
    std::vector<std::optional<Tensor>> ts;
    for (size_t k = 0, t = 0; k < a.present.size(); ++k) {
      if (a.present[k]) ts.emplace_back(materialize(a.tensors[t++], meta));
      else ts.emplace_back(std::nullopt);
    }
    return ts;
  }
  if (a.is_tensor_list) {
    std::vector<Tensor> ts;
    for (const TensorArg& t : a.tensors) ts.push_back(materialize(t, meta));
    return ts;
  }
  return a.value;
}

Outcome run_miniaten(const Call& call) {
  Outcome o;
  Stack stack;
  for (const Arg& a : call.args) stack.push_back(materialize(a, call.meta));
  std::vector<Tensor> written;
  const auto& args = call.schema->arguments();
  for (size_t i = 0; i < args.size(); ++i)
    if (is_written(args[i]) && stack[i].is<Tensor>()) written.push_back(stack[i].get<Tensor>());
  try {
    call_miniaten(call, stack);
    o.returns = std::move(stack);
  } catch (const std::exception& e) {
    o.threw = true;
    o.error = e.what();
  }
  o.written = std::move(written);
  return o;
}

namespace {

// Calls that corrupt libtorch 1.13's heap or crash it, so are not made on it: the outcome says
// so instead, and divergences.yaml gives the reason.
const char* crashes_libtorch(const Call& call) {
  const Arg& self = call.args.front();
  // index_select of a 0-dim tensor with more than one index writes past its 1-element result.
  if (call.overload.rfind("index_select", 0) == 0 && self.is_tensor && self.tensor.shape.empty()) {
    for (const Arg& a : call.args)
      if (a.name == "index" && a.is_tensor && !a.tensor.shape.empty() && a.tensor.shape[0] > 1)
        return "libtorch 1.13 writes past the result of index_select on a 0-dim tensor";
  }
  // index.Tensor_out copies self's bytes into an out= of another dtype unconverted: a wider
  // one reads past self (a crash). MiniATen refuses such an out=.
  if (call.overload == "index.Tensor_out") {
    for (const Arg& a : call.args)
      if (a.name == "out" && a.is_tensor && self.is_tensor && a.tensor.dtype != self.tensor.dtype)
        return "libtorch 1.13 copies self's bytes into index's out= of another dtype unconverted";
  }
  // embedding_dense_backward with scale_grad_by_freq counts each index in an array of
  // num_weights, unchecked: an index outside [0, num_weights) writes outside it.
  if (call.overload.rfind("embedding_dense_backward", 0) == 0 ||
      call.overload.rfind("embedding_backward", 0) == 0) {
    const Arg *indices = nullptr, *num = nullptr, *scale = nullptr;
    for (const Arg& a : call.args) {
      if (a.name == "indices") indices = &a;
      if (a.name == "num_weights") num = &a;
      if (a.name == "scale_grad_by_freq") scale = &a;
    }
    if (indices != nullptr && indices->is_tensor && num != nullptr && num->value.is<int64_t>() &&
        scale != nullptr && scale->value.is<bool>() && scale->value.get<bool>() &&
        (indices->tensor.dtype == ScalarType::Long || indices->tensor.dtype == ScalarType::Int)) {
      const Tensor idx = materialize(indices->tensor).to(ScalarType::Long).contiguous();
      const int64_t* v = idx.data_ptr<int64_t>();
      for (int64_t k = 0; k < idx.numel(); ++k)
        if (v[k] < 0 || v[k] >= num->value.get<int64_t>())
          return "libtorch 1.13 counts embedding indices out of range outside its array";
    }
  }
  // embedding_backward with sparse=True returns a sparse tensor, which has no MiniATen
  // counterpart to compare with.
  if (call.overload == "embedding_backward") {
    for (const Arg& a : call.args)
      if (a.name == "sparse" && a.value.is<bool>() && a.value.get<bool>())
        return "libtorch 1.13 returns a sparse gradient from embedding_backward(sparse=True)";
  }
  // norm's out= overloads of a complex tensor store the result as the complex dtype's real type
  // whatever out's dtype is: into a smaller one they write past it.
  if (call.overload.rfind("norm.", 0) == 0 && call.overload.ends_with("out") && self.is_tensor &&
      isComplexType(self.tensor.dtype)) {
    for (const Arg& a : call.args)
      if (a.name == "out" && a.is_tensor && a.tensor.dtype != toRealValueType(self.tensor.dtype))
        return "libtorch 1.13 writes norm's result of a complex tensor as its real dtype into out";
  }
  // The softmax backward kernels read output with grad_output's geometry, unchecked: a smaller
  // output is read out of bounds (a division by zero where one of its dims is 0).
  if (call.overload.rfind("_softmax_backward_data", 0) == 0 ||
      call.overload.rfind("_log_softmax_backward_data", 0) == 0) {
    const Arg* output = nullptr;
    for (const Arg& a : call.args)
      if (a.name == "output") output = &a;
    if (output != nullptr && output->is_tensor && self.is_tensor &&
        output->tensor.shape != self.tensor.shape)
      return "libtorch 1.13 reads a softmax's output of another shape than grad_output's";
  }
  // The pooling backward kernels read (and write) self's planes with grad_output's batch and
  // channels, unchecked.
  if (call.overload.rfind("_adaptive_avg_pool2d_backward", 0) == 0 ||
      call.overload.rfind("avg_pool2d_backward", 0) == 0 ||
      call.overload.rfind("max_pool2d_with_indices_backward", 0) == 0) {
    const Arg* input = nullptr;
    for (const Arg& a : call.args)
      if (a.name == "self") input = &a;
    if (input != nullptr && input->is_tensor && self.is_tensor &&
        (self.tensor.shape.size() == 3 || self.tensor.shape.size() == 4)) {
      const auto& g = self.tensor.shape;
      const auto& x = input->tensor.shape;
      if (x.size() != g.size() || x[g.size() - 3] != g[g.size() - 3] ||
          (g.size() == 4 && x[0] != g[0]))
        return "libtorch 1.13 reads a pooling input of other planes than grad_output's";
    }
  }
  return nullptr;
}

}  // namespace

torch::jit::Stack libtorch_arguments(const Call& call, const c10::FunctionSchema& torch_schema,
                                     std::vector<int>* arg_of) {
  torch::jit::Stack stack;
  try {
    for (const c10::Argument& ta : torch_schema.arguments()) {
      int mine = -1;
      for (size_t i = 0; i < call.args.size(); ++i)
        if (call.args[i].name == ta.name()) mine = static_cast<int>(i);
      if (arg_of != nullptr) arg_of->push_back(mine);
      if (mine < 0) {  // an argument MiniATen's schema lacks: libtorch's default
        stack.push_back(*ta.default_value());
        continue;
      }
      stack.push_back(to_torch(materialize(call.args[mine], call.meta), ta.type()));
    }
  } catch (const std::exception& e) {
    ATEN_ERROR("conformance: could not make the arguments of ", call.str(),
               " for libtorch: ", e.what());
  }
  return stack;
}

void call_miniaten(const Call& call, Stack& stack) {
  const auto dot = call.overload.find('.');
  const std::string name = call.overload.substr(0, dot);
  const std::string overload = dot == std::string::npos ? "" : call.overload.substr(dot + 1);
  Dispatcher::singleton().findSchemaOrThrow(name.c_str(), overload.c_str()).callBoxed(stack);
}

void call_libtorch(const Call& call, torch::jit::Stack& stack) {
  const auto dot = call.overload.find('.');
  const std::string name = "aten::" + call.overload.substr(0, dot);
  const std::string overload = dot == std::string::npos ? "" : call.overload.substr(dot + 1);
  c10::Dispatcher::singleton().findSchemaOrThrow(name.c_str(), overload.c_str()).callBoxed(&stack);
}

Outcome run_libtorch(const Call& call, const c10::FunctionSchema& torch_schema) {
  Outcome o;
  if (const char* why = crashes_libtorch(call)) {
    o.threw = true;
    o.error = std::string("not called: ") + why;
    return o;
  }
  torch::jit::Stack stack = libtorch_arguments(call, torch_schema);
  std::vector<at::Tensor> written;
  for (size_t k = 0; k < stack.size(); ++k)
    if (is_written(torch_schema.arguments()[k]) && stack[k].isTensor())
      written.push_back(stack[k].toTensor());
  try {
    call_libtorch(call, stack);
    for (const c10::IValue& v : stack) o.returns.push_back(from_torch(v));
  } catch (const std::exception& e) {
    o.threw = true;
    o.error = e.what();
    o.error = o.error.substr(0, o.error.find('\n'));
  }
  for (const at::Tensor& t : written) o.written.push_back(from_torch(t));
  return o;
}

}  // namespace aten::conformance
