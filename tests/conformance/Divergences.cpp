#include "Divergences.h"

#include <aten/core/Error.h>

#include <fnmatch.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

namespace aten::conformance {

namespace {

std::string trim(std::string s) {
  const auto b = s.find_first_not_of(" \t");
  const auto e = s.find_last_not_of(" \t");
  s = b == std::string::npos ? "" : s.substr(b, e - b + 1);
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front())
    s = s.substr(1, s.size() - 2);
  return s;
}

std::vector<std::string> list_of(const std::string& v) {
  std::vector<std::string> items;
  if (v.empty() || v.front() != '[') return {trim(v)};
  std::stringstream ss(v.substr(1, v.rfind(']') - 1));
  for (std::string item; std::getline(ss, item, ',');)
    if (!trim(item).empty()) items.push_back(trim(item));
  return items;
}

bool matches_any(const std::vector<std::string>& globs, const std::string& s) {
  if (globs.empty()) return true;
  for (const std::string& g : globs)
    if (fnmatch(g.c_str(), s.c_str(), 0) == 0) return true;
  return false;
}

const Arg* arg_named(const Call& call, const std::string& name) {
  for (const Arg& a : call.args)
    if (a.name == name) return &a;
  return nullptr;
}

int64_t int_arg(const Call& call, const std::string& name) {
  const Arg* a = arg_named(call, name);
  return a != nullptr && a->value.is<int64_t>() ? a->value.get<int64_t>() : -1;
}

// A normalization's groups hold one or two elements: group_norm's (native_group_norm's, its
// backward's), or layer_norm's over a normalized_shape of that many. With one the variance is 0
// and rstd = 1 / sqrt(eps) magnifies the last bit of every term; with two the normalized values
// are +-1 but for eps / var, and the true gradient is that small next to the terms.
bool tiny_groups(const Call& call) {
  if (const Arg* normalized = arg_named(call, "normalized_shape");
      normalized != nullptr && normalized->value.is<std::vector<int64_t>>()) {
    int64_t size = 1;
    for (int64_t s : normalized->value.get<std::vector<int64_t>>()) size *= s;
    return size == 1 || size == 2;
  }
  int64_t size = 0;
  if (const Arg* input = arg_named(call, "input");
      input != nullptr && input->is_tensor && call.overload.rfind("group_norm", 0) == 0) {
    const std::vector<int64_t>& shape = input->tensor.shape;
    const int64_t groups = int_arg(call, "num_groups");
    if (shape.size() < 2 || groups <= 0 || shape[1] % groups != 0) return false;
    size = shape[1] / groups;
    for (size_t d = 2; d < shape.size(); ++d) size *= shape[d];
  } else {
    const int64_t C = int_arg(call, "C"), HxW = int_arg(call, "HxW"), G = int_arg(call, "group");
    if (G <= 0 || C % G != 0) return false;
    size = C / G * HxW;
  }
  return size == 1 || size == 2;
}

// pad's amounts include a negative one (a crop).
bool negative_pads(const Call& call) {
  const Arg* pad = arg_named(call, "pad");
  if (pad == nullptr || !pad->value.is<std::vector<int64_t>>()) return false;
  const std::vector<int64_t>& p = pad->value.get<std::vector<int64_t>>();
  return std::any_of(p.begin(), p.end(), [](int64_t v) { return v < 0; });
}

// The conditions an entry's `where:` can name.
using Condition = bool (*)(const Call&);
const std::map<std::string, Condition, std::less<>> kConditions = {
    {"tiny_groups", tiny_groups}, {"negative_pads", negative_pads}};

}  // namespace

namespace {

// Sets the field `key` of d from its text (continuation lines already joined).
void set_field(Divergence& d, const std::string& key, const std::string& value,
               const std::string& where) {
  if (key == "ops") {
    d.ops = list_of(value);
  } else if (key == "category") {
    d.category = value;
  } else if (key == "dtypes") {
    d.dtypes = list_of(value);
  } else if (key == "arrangements") {
    d.arrangements = list_of(value);
  } else if (key == "meta") {
    ATEN_CHECK(value == "true" || value == "false", where, ": meta is true or false");
    d.meta = value == "true";
  } else if (key == "detail") {
    d.detail = value;
  } else if (key == "call") {
    d.call = value;
  } else if (key == "where") {
    ATEN_CHECK(kConditions.count(value) > 0, where, ": unknown condition '", value, "'");
    d.where = value;
  } else if (key == "reason") {
    d.reason = value;
  } else if (key == "status") {
    ATEN_CHECK(value == "open", where, ": status is 'open' or absent");
    d.open = true;
  } else {
    ATEN_ERROR(
        where, ": unknown key '", key,
        "' (ops, category, dtypes, arrangements, meta, call, where, detail, status, reason)");
  }
}

}  // namespace

std::vector<Divergence> read_divergences(const std::string& path) {
  std::ifstream in(path);
  ATEN_CHECK(in.good(), "conformance: cannot read ", path);
  std::vector<Divergence> table;
  // The key being read, its text so far and where it started: a line indented past the keys
  // continues it.
  std::string key, value, where;
  auto flush = [&] {
    if (!key.empty()) set_field(table.back(), key, trim(value), where);
    key.clear();
  };
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    const std::string t = trim(line);
    if (t.empty() || t.front() == '#') continue;
    if (line.rfind("    ", 0) == 0 && !key.empty()) {
      value += " " + t;
      continue;
    }
    flush();
    std::string body = line;
    if (t.rfind("- ", 0) == 0) {
      table.emplace_back().line = n;
      body = t.substr(2);
    } else {
      ATEN_CHECK(!table.empty() && line.rfind("  ", 0) == 0, path, ":", n,
                 ": expected '- ops: ...' or an indented 'key: value'");
    }
    const auto colon = body.find(':');
    ATEN_CHECK(colon != std::string::npos, path, ":", n, ": expected 'key: value'");
    key = trim(body.substr(0, colon));
    value = body.substr(colon + 1);
    where = path + ":" + std::to_string(n);
  }
  flush();
  for (const Divergence& d : table) {
    ATEN_CHECK(!d.ops.empty() && !d.category.empty() && !d.reason.empty(), path, ":", d.line,
               ": an entry needs ops, category and reason");
  }
  return table;
}

const Divergence* explain(const std::vector<Divergence>& table, const Call& call,
                          const Disagreement& d) {
  std::vector<std::string> dtypes, arrangements;
  for (const Arg& a : call.args) {
    auto add = [&](const TensorArg& t) {
      dtypes.push_back(toString(t.dtype));
      arrangements.push_back(name_of(t.arrangement));
    };
    if (a.is_tensor) add(a.tensor);
    for (const TensorArg& t : a.tensors) add(t);
    // A dtype= argument is a dtype the call computes in, as a tensor's is.
    if (a.value.is<ScalarType>()) dtypes.push_back(toString(a.value.get<ScalarType>()));
    // A complex Scalar makes the result complex: the call computes in complex too.
    if (a.value.is<Scalar>() && a.value.get<Scalar>().isComplex())
      dtypes.push_back("ComplexDouble");
  }
  auto any_of = [](const std::vector<std::string>& wanted, const std::vector<std::string>& have) {
    if (wanted.empty()) return true;
    for (const std::string& h : have)
      if (matches_any(wanted, h)) return true;
    return false;
  };
  // Intentional entries first: an open one (a bug not fixed yet) counts only what no reason
  // explains, so that the open count is the bugs'.
  for (const bool open : {false, true})
    for (const Divergence& e : table) {
      if (e.open != open) continue;
      if (!matches_any(e.ops, call.overload)) continue;
      if (fnmatch((e.category + "*").c_str(), d.category.c_str(), 0) != 0) continue;
      if (!any_of(e.dtypes, dtypes) || !any_of(e.arrangements, arrangements)) continue;
      if (e.meta.has_value() && *e.meta != call.meta) continue;
      if (!e.detail.empty() && fnmatch(("*" + e.detail + "*").c_str(), d.detail.c_str(), 0) != 0) {
        continue;
      }
      if (!e.call.empty() && call.str().find(e.call) == std::string::npos) continue;
      if (!e.where.empty() && !kConditions.at(e.where)(call)) continue;
      return &e;
    }
  return nullptr;
}

}  // namespace aten::conformance
