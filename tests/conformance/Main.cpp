// The conformance suite: random calls of every MiniATen overload that libtorch also has, made
// on both libraries, compared (Compare.h), and each disagreement either explained by
// divergences.yaml or reported as a one-line reproducer. Exits 1 on any unexplained one.
//
//   conformance [--calls N] [--from F] [--seed S] [--call I] [--ops GLOBS] [--reproducers FILE]
//               [--verbose]
//
// The seed comes from --seed, else ATEN_CONFORMANCE_SEED, else a fixed default; the count from
// --calls, else ATEN_CONFORMANCE_CALLS, else 50,000. `--call I` makes call I of the run alone;
// `--from F` starts at call F, so that processes can share a long run (calls F to N - 1).
// `--ops softmax*,linear` (or `--ops @FILE`, a glob per line) draws only from the overloads
// matching one of the globs, to look at a few ops closely; the calls are then other calls than the
// full run's, numbered in that run (`--call I` with the same `--ops` makes call I again).
#include "Calls.h"
#include "Compare.h"
#include "Divergences.h"
#include "Gradients.h"
#include "Run.h"

#include <aten/OpManifest.h>
#include <aten/core/Formatting.h>
#include <aten/ops/empty_strided.h>

#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/csrc/jit/frontend/function_schema_parser.h>

#include <fnmatch.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

namespace aten::conformance {
namespace {

struct Target {
  std::string overload;  // "add.Tensor"
  c10::FunctionSchema mine;
  std::vector<std::string> types;  // each argument's declared type
  const c10::FunctionSchema* torch;
  std::span<const ScalarType> dtypes;
  // Whether its gradients are compared too (Gradients.h): a functional overload that records
  // or decomposes under autograd, or an in-place one that records.
  bool gradients;
  bool inplace;
};

// Factories of uninitialised memory: only their geometry is compared.
const std::set<std::string, std::less<>> kUninitialized = {"empty.memory_format", "empty_strided",
                                                           "empty_like"};

// Sampling ops, by operator name: their values come from different generators (libtorch's
// Mersenne Twister, MiniATen's Philox stream), so only the geometry of what they return and
// write is compared; their errors are compared as every op's.
const std::set<std::string, std::less<>> kSampling = {
    "uniform_",  "normal_",    "normal",    "exponential_",   "geometric_", "log_normal_",
    "cauchy_",   "bernoulli_", "bernoulli", "random_",        "rand",       "randn",
    "rand_like", "randn_like", "randint",   "randint_like",   "randperm",   "multinomial",
    "poisson",   "dropout",    "dropout_",  "feature_dropout"};

bool samples(const std::string& overload) {
  return kSampling.count(overload.substr(0, overload.find('.'))) > 0;
}

// Ops whose gradients depend on what they drew (dropout's mask): only the gradients' geometry
// is compared. The other sampling ops' gradients are zeros on both sides.
const std::set<std::string, std::less<>> kRandomGradients = {"dropout", "dropout_",
                                                             "feature_dropout"};

// A Meta tensor of t's geometry and dtype: what is compared of uninitialised memory and of
// random draws.
Tensor geometry_only(const Tensor& t) {
  return empty_strided(t.sizes(), t.strides(), t.options().device(kMeta));
}

std::string full_name(const manifest::Overload& o) {
  std::string n(o.name);
  if (!o.overload.empty()) n.append(".").append(o.overload);
  return n;
}

// Why MiniATen's schema cannot be called through libtorch's, or "".
std::string incompatible(const c10::FunctionSchema& mine, const c10::FunctionSchema& torch) {
  for (const c10::Argument& a : mine.arguments()) {
    const c10::Argument* t = nullptr;
    for (const c10::Argument& b : torch.arguments())
      if (b.name() == a.name()) t = &b;
    if (t == nullptr) return "libtorch has no argument '" + a.name() + "'";
    // libtorch 1.13 declares some sizes SymInt (embedding_dense_backward's num_weights); an
    // int is what a boxed call passes it, as MiniATen's `int`.
    const std::string theirs = t->type()->str() == "SymInt" ? "int" : t->type()->str();
    if (theirs != a.type()->str())
      return "argument '" + a.name() + "' is " + a.type()->str() + ", libtorch's " +
             t->type()->str();
  }
  for (const c10::Argument& b : torch.arguments()) {
    bool found = false;
    for (const c10::Argument& a : mine.arguments()) found |= a.name() == b.name();
    if (!found && !b.default_value().has_value())
      return "libtorch's argument '" + b.name() + "' has no default";
  }
  return "";
}

std::vector<Target> targets(std::ostream& log) {
  std::vector<Target> ts;
  std::vector<std::string> lacking, differing;
  for (const manifest::Overload& o : manifest::kOverloads) {
    const std::string name = full_name(o);
    auto handle = c10::Dispatcher::singleton().findSchema(
        {"aten::" + std::string(o.name), std::string(o.overload)});
    if (!handle) {
      lacking.push_back(name);
      continue;
    }
    auto mine = torch::jit::parseSchema("aten::" + std::string(o.schema));
    const std::string why = incompatible(mine, handle->schema());
    if (!why.empty()) {
      differing.push_back(name + " (" + why + ")");
      continue;
    }
    using manifest::Autograd;
    using manifest::SchemaKind;
    const bool gradients = (o.kind == SchemaKind::functional &&
                            (o.autograd == Autograd::records ||
                             o.autograd == Autograd::decomposes)) ||
                           (o.kind == SchemaKind::inplace && o.autograd == Autograd::records);
    ts.push_back({name, std::move(mine), declared_types(o.schema), &handle->schema(), o.dtypes,
                  gradients, o.kind == SchemaKind::inplace});
  }
  log << "conformance: " << ts.size() << " overloads compared; libtorch lacks " << lacking.size();
  for (const auto& n : lacking) log << " " << n;
  log << "\n";
  for (const auto& d : differing) log << "conformance: schema differs, not compared: " << d << "\n";
  return ts;
}

uint64_t env_or(const char* name, uint64_t fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::strtoull(v, nullptr, 0) : fallback;
}

struct Tally {
  int64_t agreed = 0, both_threw = 0, explained = 0, open = 0, unexplained = 0;
  // Of the gradient comparisons (Gradients.h): calls made, of how many overloads, and how many
  // ran a backward on both sides.
  int64_t grad_calls = 0, grad_backward = 0, grad_agreed = 0, grad_both_threw = 0;
  std::set<std::string> grad_overloads;
  std::map<std::string, int64_t> open_by_op;
  std::map<std::string, std::pair<int64_t, int64_t>> by_category;  // explained, unexplained
  std::map<std::string, int64_t> unexplained_by_op;
};

// --ops: the targets whose overload matches one of the globs, given as a comma-separated list
// or as @file with one glob per line (tests/conformance/nn_ops.txt: the neural-network operators').
void keep_matching(std::vector<Target>& ts, const std::string& ops) {
  const bool file = ops.front() == '@';
  std::unique_ptr<std::istream> list;
  if (file) list = std::make_unique<std::ifstream>(ops.substr(1));
  else list = std::make_unique<std::stringstream>(ops);
  if (!*list) throw std::runtime_error("--ops: cannot read " + ops.substr(1));
  std::vector<std::string> globs;
  for (std::string g; std::getline(*list, g, file ? '\n' : ',');)
    if (!g.empty()) globs.push_back(g);
  std::erase_if(ts, [&](const Target& t) {
    return std::none_of(globs.begin(), globs.end(), [&](const std::string& g) {
      return fnmatch(g.c_str(), t.overload.c_str(), 0) == 0;
    });
  });
  if (ts.empty()) throw std::runtime_error("--ops " + ops + " matches no overload");
}

int run(int argc, char** argv) {
  uint64_t seed = env_or("ATEN_CONFORMANCE_SEED", 20261125);
  uint64_t calls = env_or("ATEN_CONFORMANCE_CALLS", 50000);
  int64_t only = -1;
  uint64_t from = 0;
  bool verbose = false;
  // Each call's line before it is made, for a call that crashes the process.
  const bool trace = std::getenv("ATEN_CONFORMANCE_TRACE") != nullptr;
  std::string reproducers, ops, table_path = ATEN_CONFORMANCE_DIVERGENCES;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error(a + " needs a value");
      return argv[++i];
    };
    if (a == "--calls") calls = std::stoull(next());
    else if (a == "--seed") seed = std::stoull(next());
    else if (a == "--call") only = std::stoll(next());
    else if (a == "--from") from = std::stoull(next());
    else if (a == "--reproducers") reproducers = next();
    else if (a == "--divergences") table_path = next();
    else if (a == "--ops") ops = next();
    else if (a == "--verbose") verbose = true;
    else throw std::runtime_error("unknown argument " + a);
  }
  const std::vector<Divergence> table = read_divergences(table_path);
  std::vector<Target> ts = targets(std::cout);
  if (!ops.empty()) {
    keep_matching(ts, ops);
    std::cout << "conformance: --ops keeps " << ts.size() << " overloads\n";
  }
  std::cout << "conformance: seed " << seed << " (ATEN_CONFORMANCE_SEED), " << calls << " calls, "
            << table.size() << " intentional divergences in " << table_path << "\n";
  std::unique_ptr<std::ofstream> repro;
  if (!reproducers.empty()) repro = std::make_unique<std::ofstream>(reproducers);
  Tally tally;
  const uint64_t begin = only >= 0 ? static_cast<uint64_t>(only) : from;
  const uint64_t end = only >= 0 ? begin + 1 : calls;
  for (uint64_t i = begin; i < end; ++i) {
    const Target& t = ts[(i * 0x9e3779b97f4a7c15ULL ^ seed) % ts.size()];
    const Call call = make_call(t.mine, t.types, t.overload, t.dtypes, seed, i);
    if (trace) std::cerr << "call " << i << ": " << call.str() << std::endl;
    std::optional<Disagreement> d;
    Outcome mine = run_miniaten(call);
    Outcome theirs = run_libtorch(call, *t.torch);
    if (kUninitialized.count(t.overload) || samples(t.overload)) {
      for (Outcome* o : {&mine, &theirs}) {
        for (IValue& v : o->returns)
          if (v.is<Tensor>()) v = geometry_only(v.get<Tensor>());
        // After an error what is left in them is compared: both should be unchanged.
        if (!o->threw)
          for (Tensor& w : o->written)
            if (w.defined()) w = geometry_only(w);
      }
    }
    d = compare(call, mine, theirs);
    // The gradients, of a call whose results agree.
    std::optional<GradCall> g;
    GradOutcome grad_mine, grad_theirs;
    if (!d && !mine.threw && t.gradients) g = make_grad_call(call, t.inplace, seed, i);
    if (g) {
      grad_mine = grad_miniaten(call, *g);
      // A max pooling window that holds no element of the input (all padding) gets an index
      // outside it, which MiniATen's backward refuses and libtorch 1.13's writes through,
      // corrupting its heap: the backward is not made on it.
      const bool writes_outside = grad_mine.threw && grad_mine.in_backward &&
                                  t.overload.rfind("max_pool2d", 0) == 0 &&
                                  grad_mine.error.find("out of range") != std::string::npos;
      if (writes_outside) {
        grad_theirs = grad_mine;
        grad_theirs.error = "not called: libtorch 1.13 writes outside the input";
      } else {
        grad_theirs = grad_libtorch(call, *t.torch, *g);
      }
      const std::string op = t.overload.substr(0, t.overload.find('.'));
      d = compare_grads(call, *g, grad_mine, grad_theirs, kRandomGradients.count(op) > 0);
      ++tally.grad_calls;
      tally.grad_overloads.insert(t.overload);
      if (!grad_mine.grads.empty() && !grad_theirs.grads.empty()) ++tally.grad_backward;
      if (!d) ++(grad_mine.threw ? tally.grad_both_threw : tally.grad_agreed);
    }
    if (verbose || only >= 0) {
      auto grads = [&](const GradOutcome& o) -> std::string {
        if (o.threw)
          return "; gradients: throws in " + std::string(o.in_backward ? "backward " : "forward ") +
                 o.error;
        std::string s = "; gradients:";
        for (const Tensor& x : o.grads) s += x.defined() ? " " + x.toString() : " none";
        return o.grads.empty() ? "; gradients: no output requires grad" : s;
      };
      std::cout << "call " << i << ": " << call.str()
                << "\n  MiniATen: " << (mine.threw ? "throws " + mine.error : "returns")
                << (g ? grads(grad_mine) : "")
                << "\n  libtorch: " << (theirs.threw ? "throws " + theirs.error : "returns")
                << (g ? grads(grad_theirs) : "") << "\n";
      // One call alone: its tensors' values too, and the gradients', to take a disagreement
      // apart.
      if (only >= 0) {
        for (const Arg& a : call.args) {
          if (a.is_tensor) std::cout << a.name << " = " << materialize(a.tensor) << "\n";
          for (size_t k = 0; k < a.tensors.size(); ++k)
            std::cout << a.name << "[" << k << "] = " << materialize(a.tensors[k]) << "\n";
        }
        for (const auto& [who, o] :
             {std::pair<const char*, const Outcome*>{"MiniATen", &mine}, {"libtorch", &theirs}}) {
          for (size_t k = 0; k < o->returns.size(); ++k)
            if (o->returns[k].is<Tensor>())
              std::cout << who << "'s return " << k << " = " << o->returns[k].get<Tensor>() << "\n";
        }
        if (g) {
          for (size_t k = 0; k < g->leaves.size(); ++k) {
            for (const auto& [who, o] :
                 {std::pair<const char*, const GradOutcome*>{"MiniATen", &grad_mine},
                  {"libtorch", &grad_theirs}}) {
              if (k < o->grads.size() && o->grads[k].defined())
                std::cout << who << "'s gradient " << k << " = " << o->grads[k] << "\n";
            }
          }
        }
      }
    }
    if (!d) {
      ++(mine.threw ? tally.both_threw : tally.agreed);
      continue;
    }
    const Divergence* why = explain(table, call, *d);
    auto& cat = tally.by_category[d->category];
    const std::string line = "ATEN_CONFORMANCE_SEED=" + std::to_string(seed) +
                             " conformance --call " + std::to_string(i) + "  # " + call.str() +
                             ": " + d->category + ": " + d->detail;
    if (why != nullptr) {
      ++(why->open ? tally.open : tally.explained);
      ++cat.first;
      if (why->open) {
        ++tally.open_by_op[t.overload];
        // The open bugs get reproducers too, marked, so they can be worked through.
        if (repro) *repro << "open: " << line << "\n";
      }
      continue;
    }
    ++tally.unexplained;
    ++cat.second;
    ++tally.unexplained_by_op[t.overload];
    if (repro) *repro << line << "\n";
    if (tally.unexplained <= 30 || only >= 0) std::cout << line << "\n";
  }
  std::cout << "conformance: " << (end - begin) << " calls: " << tally.agreed << " agree, "
            << tally.both_threw << " both throw, " << tally.explained
            << " disagree as divergences.yaml explains, " << tally.open
            << " are open bugs listed there, " << tally.unexplained << " unexplained\n";
  std::vector<std::string> never;  // differentiable overloads no call compared gradients of
  for (const Target& t : ts)
    if (t.gradients && !tally.grad_overloads.count(t.overload)) never.push_back(t.overload);
  std::cout << "conformance: gradients compared in " << tally.grad_calls << " calls of "
            << tally.grad_overloads.size() << " of the "
            << tally.grad_overloads.size() + never.size() << " differentiable overloads ("
            << tally.grad_backward << " ran a backward): " << tally.grad_agreed << " agree, "
            << tally.grad_both_threw
            << " both throw; their disagreements are the categories grad *\n";
  if (verbose && !never.empty()) {
    std::cout << "  no gradients compared for:";
    for (const std::string& n : never) std::cout << " " << n;
    std::cout << "\n";
  }
  for (const auto& [category, counts] : tally.by_category) {
    std::cout << "  " << category << ": " << counts.first << " listed, " << counts.second
              << " unexplained\n";
  }
  if (!tally.open_by_op.empty()) {
    std::cout << "  open bugs by overload:";
    for (const auto& [op, n] : tally.open_by_op) std::cout << " " << op << "=" << n;
    std::cout << "\n";
  }
  if (!tally.unexplained_by_op.empty()) {
    std::cout << "  unexplained by overload:";
    for (const auto& [op, n] : tally.unexplained_by_op) std::cout << " " << op << "=" << n;
    std::cout << "\n";
  }
  return tally.unexplained == 0 ? 0 : 1;
}

}  // namespace
}  // namespace aten::conformance

int main(int argc, char** argv) {
  try {
    return aten::conformance::run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "conformance: " << e.what() << "\n";
    return 2;
  }
}
