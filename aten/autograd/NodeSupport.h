#pragma once
// What every generated node (aten/autograd/<op>_autograd.cpp) does with what it saves, written
// once: how an argument is kept (a view becomes its owner), saved, read back in
// apply() and released, and where each formula's gradient goes among the node's next edges (a
// tensor list has one edge per element).
#include <aten/autograd/AutogradKernel.h>
#include <aten/autograd/Node.h>
#include <aten/autograd/SavedVariable.h>
#include <aten/autograd/TensorMeta.h>
#include <aten/core/Error.h>
#include <aten/core/OptionalArrayRef.h>

#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

namespace aten::autograd {

// ---- arguments a node keeps by value ----------------------------------------------------------

template <class A>
struct Owned {
  using type = A;
};
template <>
struct Owned<IntArrayRef> {
  using type = std::vector<int64_t>;
};
template <>
struct Owned<OptionalIntArrayRef> {
  using type = std::optional<std::vector<int64_t>>;
};
template <>
struct Owned<ArrayRef<double>> {
  using type = std::vector<double>;
};
template <>
struct Owned<std::string_view> {
  using type = std::string;
};
template <>
struct Owned<std::optional<std::string_view>> {
  using type = std::optional<std::string>;
};
// How a node keeps an argument passed as A.
template <class A>
using owned_t = typename Owned<std::remove_cvref_t<A>>::type;

inline std::vector<int64_t> owned(IntArrayRef a) { return {a.begin(), a.end()}; }
inline std::optional<std::vector<int64_t>> owned(OptionalIntArrayRef a) {
  if (!a.has_value()) return std::nullopt;
  return std::vector<int64_t>(a->begin(), a->end());
}
inline std::vector<double> owned(ArrayRef<double> a) { return {a.begin(), a.end()}; }
inline std::string owned(std::string_view s) { return std::string(s); }
inline std::optional<std::string> owned(std::optional<std::string_view> s) {
  if (!s.has_value()) return std::nullopt;
  return std::string(*s);
}
template <class T>
T owned(const T& value) {
  return value;
}

// What apply() reads a kept argument as: the type the formula was written for.
inline IntArrayRef view(const std::vector<int64_t>& a) { return a; }
inline OptionalIntArrayRef view(const std::optional<std::vector<int64_t>>& a) {
  return a.has_value() ? OptionalIntArrayRef(IntArrayRef(*a)) : OptionalIntArrayRef();
}
inline ArrayRef<double> view(const std::vector<double>& a) { return a; }
inline std::string_view view(const std::string& s) { return s; }
inline std::optional<std::string_view> view(const std::optional<std::string>& s) {
  if (!s.has_value()) return std::nullopt;
  return std::string_view(*s);
}
template <class T>
const T& view(const T& value) {
  return value;
}

// ---- tensors a node keeps ---------------------------------------------------------------------

inline SavedVariable save(const Tensor& t) { return SavedVariable(t, false); }
inline SavedVariable save(const std::optional<Tensor>& t) {
  return SavedVariable(t.value_or(Tensor()), false);
}
inline std::vector<SavedVariable> save(ArrayRef<Tensor> ts) {
  std::vector<SavedVariable> saved;
  saved.reserve(ts.size());
  for (const Tensor& t : ts) saved.emplace_back(t, false);
  return saved;
}
// A `Tensor?[]` (indexing's indices): None is kept as an undefined tensor.
inline std::vector<SavedVariable> save(ArrayRef<std::optional<Tensor>> ts) {
  std::vector<SavedVariable> saved;
  saved.reserve(ts.size());
  for (const std::optional<Tensor>& t : ts) saved.emplace_back(t.value_or(Tensor()), false);
  return saved;
}
// self as an in-place op found it: a copy, since the op is about to overwrite it.
SavedVariable save_original(const Tensor& self);
// self as the kernel found it: a copy for an in-place kernel (in_place), else self.
template <bool in_place>
SavedVariable save_self(const Tensor& self) {
  if constexpr (in_place) {
    return save_original(self);
  } else {
    return save(self);
  }
}
// An output of the node that saves it (its grad_fn is that node), after record_outputs.
inline SavedVariable save_output(const Tensor& t) { return SavedVariable(t, true); }

inline TensorMeta save_metadata(const Tensor& t) { return TensorMeta(t); }
inline std::vector<TensorMeta> save_metadata(ArrayRef<Tensor> ts) {
  return std::vector<TensorMeta>(ts.begin(), ts.end());
}

inline Tensor unpack(const SavedVariable& v) { return v.unpack(); }
inline std::vector<Tensor> unpack(const std::vector<SavedVariable>& vs) {
  std::vector<Tensor> ts;
  ts.reserve(vs.size());
  for (const SavedVariable& v : vs) ts.push_back(v.unpack());
  return ts;
}
inline std::optional<Tensor> unpack_optional(const SavedVariable& v) {
  Tensor t = v.unpack();
  return t.defined() ? std::optional<Tensor>(std::move(t)) : std::nullopt;
}

inline std::vector<std::optional<Tensor>> unpack_optional(const std::vector<SavedVariable>& vs) {
  std::vector<std::optional<Tensor>> ts;
  ts.reserve(vs.size());
  for (const SavedVariable& v : vs) ts.push_back(unpack_optional(v));
  return ts;
}

inline void release(SavedVariable& v) { v.reset_data(); }
inline void release(std::vector<SavedVariable>& vs) {
  for (SavedVariable& v : vs) v.reset_data();
}

// ---- gradients to next edges ------------------------------------------------------------------

// The next edges of one formula's input: one for a tensor, one per element for a list.
struct EdgeRange {
  size_t begin = 0;
  size_t count = 0;
};

class EdgeRanges {
 public:
  EdgeRange next(size_t count) {
    EdgeRange r{size_, count};
    size_ += count;
    return r;
  }
  size_t size() const { return size_; }

 private:
  size_t size_ = 0;
};

inline bool any_defined(const variable_list& grads) {
  for (const Tensor& g : grads)
    if (g.defined()) return true;
  return false;
}

// Whether the running backward wants any gradient of the range (Node::task_should_compute_output).
inline bool should_compute_any(const Node& node, EdgeRange r) {
  for (size_t i = r.begin; i < r.begin + r.count; ++i)
    if (node.task_should_compute_output(i)) return true;
  return false;
}

inline void assign(variable_list& grad_inputs, EdgeRange r, Tensor gradient) {
  grad_inputs[r.begin] = std::move(gradient);
}
inline void assign(variable_list& grad_inputs, EdgeRange r, std::vector<Tensor> gradients) {
  ATEN_CHECK(gradients.size() == r.count, "a list's backward formula gave ", gradients.size(),
             " gradients for ", r.count, " tensors");
  for (size_t i = 0; i < r.count; ++i) grad_inputs[r.begin + i] = std::move(gradients[i]);
}

// ---- outputs -----------------------------------------------------------------------------------

// Makes each output of the op the node's next input, in order. An output of a dtype without
// gradients (max's indices) keeps its place but gets no history.
void record_output(const Tensor& output, const std::shared_ptr<Node>& grad_fn);
inline void record_outputs(const Tensor& output, const std::shared_ptr<Node>& grad_fn) {
  record_output(output, grad_fn);
}
inline void record_outputs(const std::vector<Tensor>& outputs,
                           const std::shared_ptr<Node>& grad_fn) {
  for (const Tensor& t : outputs) record_output(t, grad_fn);
}
template <class... T>
void record_outputs(const std::tuple<T...>& outputs, const std::shared_ptr<Node>& grad_fn) {
  std::apply([&](const auto&... t) { (record_output(t, grad_fn), ...); }, outputs);
}

// ---- out= overloads ---------------------------------------------------------------------------

// ATen's refusal of an out= call that would have to record (the output's old values are lost),
// naming the overload "name.overload".
template <typename... Args>
void check_out_not_differentiable(const char* name, const char* overload, const Args&... inputs) {
  ATEN_CHECK(!compute_requires_grad(inputs...), name, *overload != '\0' ? "." : "", overload,
             "(): functions with out=... arguments don't support automatic "
             "differentiation, but one of the arguments requires grad.");
}

}  // namespace aten::autograd
