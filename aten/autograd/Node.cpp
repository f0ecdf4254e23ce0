#include <aten/autograd/Engine.h>
#include <aten/autograd/Node.h>

#include <cxxabi.h>

#include <cstdlib>

namespace aten::autograd {
namespace {

// Per thread, so creating a node costs no atomic operation. The engine only compares numbers
// to pick an order among ready nodes; dependency counts, not numbers, make it correct.
constinit thread_local uint64_t next_sequence_nr = 0;

}  // namespace

Node::Node(edge_list next_edges) : Node(next_sequence_nr++, std::move(next_edges)) {}

Node::Node(uint64_t sequence_nr, edge_list next_edges)
    : sequence_nr_(sequence_nr), next_edges_(std::move(next_edges)) {}

std::string Node::name() const {
  const char* mangled = typeid(*this).name();
  int status = 0;
  char* demangled = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
  std::string full = status == 0 && demangled != nullptr ? demangled : mangled;
  std::free(demangled);
  // A class of an anonymous namespace demangles as "(anonymous namespace)::Name".
  const size_t colon = full.rfind("::");
  return colon == std::string::npos ? full : full.substr(colon + 2);
}

uint32_t Node::add_input_metadata(const TensorBase& output) {
  input_metadata_.emplace_back(output);
  return static_cast<uint32_t>(input_metadata_.size() - 1);
}

bool Node::task_should_compute_output(size_t i) const {
  const Edge& edge = next_edges_[i];
  return edge.is_valid() && detail::running_task_executes(edge.function.get());
}

Node::Hooks& Node::hooks() {
  if (hooks_ == nullptr) hooks_ = std::make_unique<Hooks>();
  return *hooks_;
}

unsigned Node::add_tensor_pre_hook(uint32_t input_nr, TensorHook hook) {
  std::vector<InputHook>& pre = hooks().tensor_pre;
  pre.push_back({input_nr, std::move(hook)});
  return static_cast<unsigned>(pre.size() - 1);
}

void Node::set_retains_grad_hook(uint32_t input_nr, TensorHook hook) {
  std::vector<InputHook>& retains = hooks().retains_grad;
  for (InputHook& h : retains) {
    if (h.input_nr == input_nr) {
      h.hook = std::move(hook);
      return;
    }
  }
  retains.push_back({input_nr, std::move(hook)});
}

TensorHook Node::pop_retains_grad_hook(uint32_t input_nr) {
  if (hooks_ == nullptr) return {};
  std::vector<InputHook>& retains = hooks_->retains_grad;
  for (auto it = retains.begin(); it != retains.end(); ++it) {
    if (it->input_nr != input_nr) continue;
    TensorHook hook = std::move(it->hook);
    retains.erase(it);
    return hook;
  }
  return {};
}

void Node::call_tensor_pre_hooks(variable_list& grads) {
  if (hooks_ == nullptr) return;
  for (const InputHook& h : hooks_->tensor_pre) apply_hook(h.hook, grads[h.input_nr]);
  for (const InputHook& h : hooks_->retains_grad) apply_hook(h.hook, grads[h.input_nr]);
}

void apply_hook(const TensorHook& hook, Tensor& grad) {
  if (!hook || !grad.defined()) return;
  Tensor replaced = hook(grad);
  if (!replaced.defined()) return;
  ATEN_CHECK(replaced.sizes() == grad.sizes(), "hook has changed the size of value (was ",
             grad.sizes(), " got ", replaced.sizes(), ")");
  ATEN_CHECK(replaced.scalar_type() == grad.scalar_type() && replaced.device() == grad.device(),
             "hook has changed the type of value (was ", grad.toString(), " got ",
             replaced.toString(), ")");
  grad = std::move(replaced);
}

}  // namespace aten::autograd
