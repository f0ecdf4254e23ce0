#include "Run.h"

#include "Bridge.h"

#include <aten/dispatch/Dispatcher.h>

#include <ATen/core/dispatch/Dispatcher.h>

#include <cmath>

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

int64_t elements(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

const Arg* arg_named(const Call& call, const char* name) {
  for (const Arg& a : call.args)
    if (a.name == name) return &a;
  return nullptr;
}

// The normalisation kernels read their parameters, statistics and gradient with the input's
// geometry and dtype, unchecked (the composites check them), and divide by the element count.
const char* crashes_libtorch_norm(const Call& call) {
  const std::string& o = call.overload;
  const bool batch = o.rfind("native_batch_norm", 0) == 0;
  const bool layer_backward = o.rfind("native_layer_norm_backward", 0) == 0;
  const bool group = o.rfind("native_group_norm", 0) == 0;
  if (!batch && !layer_backward && !group) return nullptr;
  const Arg* input = arg_named(call, "input");
  if (input == nullptr || !input->is_tensor) return nullptr;
  const std::vector<int64_t>& x = input->tensor.shape;
  const int64_t n = elements(x);
  auto is = [&](const char* name) {
    const Arg* a = arg_named(call, name);
    return a != nullptr && a->is_tensor ? a : nullptr;
  };
  auto flag = [&](const char* name) {
    const Arg* a = arg_named(call, name);
    return a != nullptr && a->value.is<bool>() && a->value.get<bool>();
  };
  // grad_out read with input's geometry and dtype, statistics with input's dtype.
  if (const Arg* g = is("grad_out"))
    if (g->tensor.shape != x || g->tensor.dtype != input->tensor.dtype)
      return "libtorch 1.13 reads a normalisation's grad_out with the input's geometry and dtype";
  if (batch) {
    if (x.size() < 2) return nullptr;
    const int64_t C = x[1];
    for (const char* p :
         {"weight", "bias", "running_mean", "running_var", "save_mean", "save_invstd"})
      if (const Arg* a = is(p); a != nullptr && elements(a->tensor.shape) != C)
        return "libtorch 1.13 reads batch_norm's parameters with the input's channel count";
    const bool train = flag("training") || flag("train");
    const bool backward = o.rfind("native_batch_norm_backward", 0) == 0;
    if (!train && (!is("running_mean") || !is("running_var")))
      return "libtorch 1.13 reads batch_norm's absent running statistics in evaluation";
    if (backward && train && (!is("save_mean") || !is("save_invstd")))
      return "libtorch 1.13 reads batch_norm's absent saved statistics in training";
    if (n == 0) return "libtorch 1.13 divides by batch_norm's zero element count";
    return nullptr;
  }
  auto stats_dtype_differs = [&] {
    for (const char* p : {"mean", "rstd"})
      if (const Arg* a = is(p); a != nullptr && a->tensor.dtype != input->tensor.dtype) return true;
    return false;
  };
  auto dense = [](const Arg* a) {
    return a == nullptr || a->tensor.arrangement == Arrangement::contiguous ||
           a->tensor.arrangement == Arrangement::offset;
  };
  // The layer_norm and group_norm backward kernels read grad_out, mean and rstd (group_norm's
  // input too) as contiguous, whatever their strides.
  if ((layer_backward || o.rfind("native_group_norm_backward", 0) == 0) &&
      (!dense(is("grad_out")) || !dense(is("mean")) || !dense(is("rstd")) ||
       (!layer_backward && !dense(input))))
    return "libtorch 1.13 reads a normalisation backward's grad_out and statistics as contiguous";
  // native_group_norm reads its weight and bias as contiguous.
  if (o.rfind("native_group_norm", 0) == 0 && (!dense(is("weight")) || !dense(is("bias"))))
    return "libtorch 1.13 reads native_group_norm's weight and bias as contiguous";
  if (layer_backward) {
    const Arg* shape = arg_named(call, "normalized_shape");
    int64_t M = n, K = 1;
    if (shape != nullptr && shape->value.is<std::vector<int64_t>>())
      for (int64_t s : shape->value.get<std::vector<int64_t>>()) K *= s;
    M = K == 0 ? 0 : n / K;
    for (const char* p : {"mean", "rstd"})
      if (const Arg* a = is(p); a != nullptr && elements(a->tensor.shape) != M)
        return "libtorch 1.13 reads layer_norm's statistics with the input's row count";
    if (stats_dtype_differs())
      return "libtorch 1.13 reads a normalisation's statistics in the input's dtype";
    return nullptr;
  }
  const Arg* groups = arg_named(call, "group");
  const Arg* N = arg_named(call, "N");
  if (groups == nullptr || N == nullptr) return nullptr;
  const int64_t G = groups->value.get<int64_t>();
  if (G <= 0) return "libtorch 1.13 divides by group_norm's group count";
  for (const char* p : {"mean", "rstd"})
    if (const Arg* a = is(p);
        a != nullptr && elements(a->tensor.shape) != N->value.get<int64_t>() * G)
      return "libtorch 1.13 reads group_norm's statistics with N * group elements";
  if (stats_dtype_differs())
    return "libtorch 1.13 reads a normalisation's statistics in the input's dtype";
  return nullptr;
}

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
  // tril.out / triu.out of a batch of matrices into a non-contiguous out= of the result's shape
  // (not resized) write past it: torch.tril(s, -2, out=torch.randn(3, 4, 1, 5).permute(3, 2, 1,
  // 0)) with s of shape [5, 1, 4, 3] corrupts the heap.
  if ((call.overload == "tril.out" || call.overload == "triu.out") && self.is_tensor) {
    for (const Arg& a : call.args)
      if (a.name == "out" && a.is_tensor && a.tensor.shape.size() >= 3 &&
          a.tensor.shape == self.tensor.shape && a.tensor.arrangement != Arrangement::contiguous)
        return "libtorch 1.13 writes tril/triu of a batch past a non-contiguous out=";
  }
  // diag of a matrix computes its diagonal's length unclamped: a diagonal past the matrix makes
  // a result of negative length.
  if (call.overload.rfind("diag", 0) == 0 && call.overload.rfind("diag_", 0) != 0 &&
      self.is_tensor && self.tensor.shape.size() == 2) {
    for (const Arg& a : call.args) {
      if (a.name != "diagonal" || !a.value.is<int64_t>()) continue;
      const int64_t k = a.value.get<int64_t>(), rows = self.tensor.shape[0];
      const int64_t cols = self.tensor.shape[1];
      if ((k >= 0 && cols - k < 0) || (k < 0 && rows + k < 0))
        return "libtorch 1.13 gives diag of a diagonal past the matrix a negative length";
    }
  }
  // smooth_l1_loss_backward of integral tensors divides by beta converted to their type, 0 for a
  // beta below 1 in magnitude: an integer division by zero (SIGFPE). MiniATen has no integral
  // kernel for it.
  if (call.overload.rfind("smooth_l1_loss_backward", 0) == 0) {
    bool integral = true;
    double beta = 1;
    for (const Arg& a : call.args) {
      if (a.is_tensor && a.name != "grad_input")
        integral = integral && isIntegralType(a.tensor.dtype, /*includeBool=*/true);
      if (a.name == "beta" && a.value.is<double>()) beta = a.value.get<double>();
      if (a.name == "beta" && a.value.is<bool>()) beta = a.value.get<bool>() ? 1 : 0;
      if (a.name == "beta" && a.value.is<int64_t>())
        beta = static_cast<double>(a.value.get<int64_t>());
    }
    if (integral && std::trunc(beta) == 0)
      return "libtorch 1.13 divides integral smooth_l1_loss_backward by a beta truncated to 0";
  }
  // A convolution with groups 0 divides by it (SIGFPE); MiniATen refuses it.
  if (call.overload.rfind("conv", 0) == 0) {
    for (const Arg& a : call.args)
      if (a.name == "groups" && a.value.is<int64_t>() && a.value.get<int64_t>() == 0)
        return "libtorch 1.13 divides by a convolution's groups of 0";
  }
  // convolution_backward asked for the bias's gradient with no bias_sizes reads the absent
  // optional (std::terminate).
  if (call.overload == "convolution_backward") {
    bool bias_sizes = true, bias_grad = false;
    for (const Arg& a : call.args) {
      if (a.name == "bias_sizes") bias_sizes = !a.value.isNone();
      if (a.name == "output_mask" && a.value.is<std::vector<bool>>())
        bias_grad = a.value.get<std::vector<bool>>().at(2);
    }
    if (!bias_sizes && bias_grad)
      return "libtorch 1.13 reads convolution_backward's absent bias_sizes";
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
  // embedding_bag's kernels trust their bookkeeping: the backwards index with offset2bag and
  // max_indices unchecked; the forward reads past indices when include_last_offset's last offset
  // is not their count, and past offsets when there are none; a mode other than 0-2 leaves
  // bag_size uninitialised.
  if (call.overload.rfind("_embedding_bag_backward", 0) == 0 ||
      call.overload.rfind("_embedding_bag_per_sample_weights_backward", 0) == 0)
    return "libtorch 1.13 indexes with embedding_bag's bookkeeping tensors unchecked";
  if (call.overload.rfind("embedding_bag", 0) == 0 ||
      call.overload.rfind("_embedding_bag", 0) == 0) {
    const Arg *indices = nullptr, *offsets = nullptr;
    bool include_last = false;
    int64_t mode = 0;
    for (const Arg& a : call.args) {
      if (a.name == "indices" && a.is_tensor) indices = &a;
      if (a.name == "offsets" && a.is_tensor) offsets = &a;
      if (a.name == "include_last_offset" && a.value.is<bool>()) include_last = a.value.get<bool>();
      if (a.name == "mode" && a.value.is<int64_t>()) mode = a.value.get<int64_t>();
    }
    if (mode < 0 || mode > 2)
      return "libtorch 1.13 leaves embedding_bag's bag_size unset for a mode other than 0-2";
    if (indices != nullptr && offsets != nullptr && indices->tensor.shape.size() == 1 &&
        offsets->tensor.shape.size() == 1 && offsets->tensor.offsets_into >= 0) {
      const Tensor o = materialize(offsets->tensor).to(ScalarType::Long).contiguous();
      if (o.numel() == 0 ||
          (include_last && o.data_ptr<int64_t>()[o.numel() - 1] != indices->tensor.shape[0]))
        return "libtorch 1.13 reads past embedding_bag's indices or offsets";
    }
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
      // end_index of an empty range is 1: each window writes an element of an empty gradient.
      if (call.overload.rfind("_adaptive_avg_pool2d_backward", 0) == 0 &&
          (x[x.size() - 1] == 0 || x[x.size() - 2] == 0))
        return "libtorch 1.13 writes past an empty input's adaptive pooling gradient";
    }
  }
  if (const char* why = crashes_libtorch_norm(call)) return why;
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
  // A libtorch bug can leave an out= no tensor can have (_adaptive_avg_pool2d.out with a negative
  // output size resizes it to a negative size): that is reported as what libtorch did, a
  // disagreement, rather than ending the run.
  try {
    for (const at::Tensor& t : written) o.written.push_back(from_torch(t));
  } catch (const std::exception& e) {
    o.threw = true;
    o.error = std::string("leaves an argument it writes invalid: ") + e.what();
    o.written.clear();
  }
  return o;
}

}  // namespace aten::conformance
