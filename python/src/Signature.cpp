#include "Signature.h"

#include "Arguments.h"
#include "Objects.h"
#include "Random.h"
#include "Tensor.h"

#include <aten/core/Error.h>

#include <cstring>
#include <stdexcept>

namespace miniaten::python {
namespace {

// A tensor with at least this many elements makes the call release the GIL: below it the
// release costs more than the work, as NumPy decides.
constexpr int64_t kReleaseGilNumel = 1 << 16;

struct TypeName {
  std::string_view text;
  Kind kind;
};
constexpr TypeName kTypes[] = {
    {"Tensor", Kind::Tensor},
    {"Scalar", Kind::Scalar},
    {"int", Kind::Int},
    {"float", Kind::Float},
    {"bool", Kind::Bool},
    {"str", Kind::String},
    {"ScalarType", Kind::ScalarType},
    {"Layout", Kind::Layout},
    {"Device", Kind::Device},
    {"MemoryFormat", Kind::MemoryFormat},
    {"Generator", Kind::Generator},
};

[[noreturn]] void bad_row(std::string_view text, const std::string& why) {
  throw std::runtime_error("miniaten: cannot read the binding signature '" + std::string(text) +
                           "': " + why);
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// Splits at commas outside brackets: `int[2] stride=[1, 1]` stays one item.
std::vector<std::string_view> split_items(std::string_view text) {
  std::vector<std::string_view> items;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '[' || c == '(') ++depth;
    if (c == ']' || c == ')') --depth;
    if (c == ',' && depth == 0) {
      items.push_back(trim(text.substr(start, i - start)));
      start = i + 1;
    }
  }
  if (!trim(text.substr(start)).empty()) items.push_back(trim(text.substr(start)));
  return items;
}

PyObject* parse_default(const Param& p, std::string_view text, std::string_view row) {
  if (text == "None") return Py_NewRef(Py_None);
  if (text == "True") return Py_NewRef(Py_True);
  if (text == "False") return Py_NewRef(Py_False);
  if (text.front() == '"' || text.front() == '\'') {
    return PyUnicode_FromStringAndSize(text.data() + 1, static_cast<Py_ssize_t>(text.size()) - 2);
  }
  if (text.front() == '[') {
    auto items = split_items(text.substr(1, text.size() - 2));
    PyObject* tuple = PyTuple_New(static_cast<Py_ssize_t>(items.size()));
    for (size_t i = 0; i < items.size(); ++i)
      PyTuple_SET_ITEM(tuple, i, parse_default(p, items[i], row));
    return tuple;
  }
  // Identifiers: a dtype (`long`), a memory format, a layout, a reduction (Mean = 1, as ATen's
  // enum).
  if (p.kind == Kind::ScalarType) {
    if (PyObject* dtype = dtype_by_name(text)) return Py_NewRef(dtype);
  }
  if (p.kind == Kind::MemoryFormat) {
    if (PyObject* format = memory_format_by_name(text)) return Py_NewRef(format);
  }
  if (p.kind == Kind::Layout && text == "strided") return Py_NewRef(strided_layout());
  if (p.kind == Kind::Int && text == "Mean") return PyLong_FromLong(1);
  if (p.kind == Kind::Int && text == "Sum") return PyLong_FromLong(2);
  std::string number(text);
  if (number.find_first_of(".eE") != std::string::npos && number.find("0x") != 0) {
    return PyFloat_FromDouble(std::stod(number));
  }
  char* end = nullptr;
  long long value = std::strtoll(number.c_str(), &end, 10);
  if (end == number.c_str() || *end != '\0') bad_row(row, "unknown default '" + number + "'");
  return PyLong_FromLongLong(value);
}

Param parse_param(std::string_view item, std::string_view row) {
  Param p{};
  size_t space = item.find(' ');
  if (space == std::string_view::npos) bad_row(row, "no name in '" + std::string(item) + "'");
  std::string_view type = item.substr(0, space);
  std::string_view rest = trim(item.substr(space + 1));
  size_t eq = rest.find('=');
  std::string_view name = trim(rest.substr(0, eq));
  std::string_view default_text = eq == std::string_view::npos ? std::string_view()
                                                               : trim(rest.substr(eq + 1));

  if (type.ends_with("?") && !type.ends_with("?[]")) {
    p.optional = true;
    type.remove_suffix(1);
  }
  bool list = false;
  if (type.ends_with("]")) {
    size_t open = type.find('[');
    std::string_view size = type.substr(open + 1, type.size() - open - 2);
    if (!size.empty()) p.list_size = std::stoi(std::string(size));
    type = type.substr(0, open);
    list = true;
  }
  if (list) {
    if (type == "int") p.kind = Kind::IntList;
    else if (type == "float") p.kind = Kind::FloatList;
    else if (type == "Tensor") p.kind = Kind::TensorList;
    else if (type == "Tensor?") p.kind = Kind::OptionalTensorList;
    else if (type == "bool") p.kind = Kind::BoolList;
    else bad_row(row, "unknown list type '" + std::string(type) + "[]'");
  } else {
    bool found = false;
    for (const auto& t : kTypes) {
      if (t.text == type) {
        p.kind = t.kind;
        found = true;
      }
    }
    if (!found) bad_row(row, "unknown type '" + std::string(type) + "'");
  }
  p.name = std::string(name);
  p.interned = PyUnicode_InternFromString(p.name.c_str());
  if (!default_text.empty()) p.default_value = parse_default(p, default_text, row);
  return p;
}

bool is_int(PyObject* obj) {
  if (PyLong_Check(obj)) return !PyBool_Check(obj);
  if (is_tensor(obj)) {
    const auto& t = unpack(obj);
    return t.dim() == 0 && aten::isIntegralType(t.scalar_type(), false) && !t.is_meta();
  }
  // NumPy's integers and anything else that says it is one.
  return !PyFloat_Check(obj) && Py_TYPE(obj)->tp_as_number != nullptr &&
         Py_TYPE(obj)->tp_as_number->nb_index != nullptr && !PySequence_Check(obj);
}

bool is_float(PyObject* obj) {
  if (PyFloat_Check(obj) || PyLong_Check(obj)) return true;
  if (is_tensor(obj)) return unpack(obj).dim() == 0 && !unpack(obj).is_meta();
  return Py_TYPE(obj)->tp_as_number != nullptr && Py_TYPE(obj)->tp_as_number->nb_float != nullptr &&
         !PyComplex_Check(obj);
}

bool is_scalar(PyObject* obj) {
  if (PyLong_Check(obj) || PyFloat_Check(obj) || PyComplex_Check(obj)) return true;
  if (is_tensor(obj)) {
    const auto& t = unpack(obj);
    return t.dim() == 0 && !t.requires_grad() && !t.is_meta();
  }
  return is_float(obj) || is_int(obj);
}

template <typename Pred>
bool all_items(PyObject* obj, Pred pred) {
  if (!PyTuple_Check(obj) && !PyList_Check(obj)) return false;
  Py_ssize_t n = PySequence_Fast_GET_SIZE(obj);
  PyObject** items = PySequence_Fast_ITEMS(obj);
  for (Py_ssize_t i = 0; i < n; ++i) {
    if (!pred(items[i])) return false;
  }
  return true;
}

// Keyword names in calls are interned (identifiers in source code are): a pointer comparison
// decides, and only a name built at run time is compared by value.
bool same_name(PyObject* key, PyObject* interned) {
  return key == interned ||
         (PyUnicode_CHECK_INTERNED(key) == 0 && PyUnicode_Compare(key, interned) == 0);
}

// The keywords every signature may take beyond its own arguments.
struct ExtraNames {
  PyObject* input = PyUnicode_InternFromString("input");
  PyObject* out = PyUnicode_InternFromString("out");
  PyObject* requires_grad = PyUnicode_InternFromString("requires_grad");
};
const ExtraNames& names() {
  static const ExtraNames n;
  return n;
}

void note_size(PyObject* obj, bool& large) {
  if (is_tensor(obj) && unpack(obj).numel() >= kReleaseGilNumel) large = true;
}

}  // namespace

const char* python_type_name(PyObject* obj) {
  if (is_tensor(obj)) return "Tensor";
  if (obj == Py_None) return "NoneType";
  return Py_TYPE(obj)->tp_name;
}

bool accepts(const Param& p, PyObject* obj) {
  if (obj == Py_None) return p.optional;
  switch (p.kind) {
    case Kind::Tensor:
      return is_tensor(obj);
    case Kind::Scalar:
      return is_scalar(obj);
    case Kind::Int:
      return is_int(obj);
    case Kind::Float:
      return is_float(obj);
    case Kind::Bool:
      return PyBool_Check(obj);
    case Kind::String:
      return PyUnicode_Check(obj);
    case Kind::ScalarType:
      return is_dtype(obj) || obj == reinterpret_cast<PyObject*>(&PyFloat_Type) ||
             obj == reinterpret_cast<PyObject*>(&PyLong_Type) ||
             obj == reinterpret_cast<PyObject*>(&PyBool_Type) ||
             obj == reinterpret_cast<PyObject*>(&PyComplex_Type);
    case Kind::Layout:
      return is_layout(obj);
    case Kind::Device:
      return is_device(obj) || PyUnicode_Check(obj);
    case Kind::MemoryFormat:
      return is_memory_format(obj);
    case Kind::Generator:
      return is_generator(obj);
    case Kind::IntList:
      // One int stands for the list (`sum(t, 1)`, `zeros(3)`), as in PyTorch.
      return is_int(obj) || all_items(obj, is_int);
    case Kind::FloatList:
      return is_float(obj) || all_items(obj, is_float);
    case Kind::TensorList:
      return all_items(obj, is_tensor);
    case Kind::BoolList:
      return all_items(obj, [](PyObject* o) { return PyBool_Check(o) != 0; }) &&
             PySequence_Fast_GET_SIZE(obj) == p.list_size;
    case Kind::OptionalTensorList:
      return all_items(obj, [](PyObject* o) { return o == Py_None || is_tensor(o); });
  }
  return false;
}

Signature parse_signature(std::string_view text, int outs) {
  Signature s;
  bool kwarg_only = false;
  for (std::string_view item : split_items(text)) {
    if (item == "*") {
      kwarg_only = true;
      continue;
    }
    Param p = parse_param(item, text);
    p.kwarg_only = kwarg_only;
    if (!kwarg_only) ++s.positional;
    if (p.name == "self" && p.kind == Kind::Tensor && !p.optional)
      s.self = static_cast<int>(s.params.size());
    if (p.name == "device" && p.kind == Kind::Device) s.factory = true;
    s.params.push_back(std::move(p));
  }
  if (s.params.size() > static_cast<size_t>(kMaxParams)) bad_row(text, "too many arguments");
  s.outs = outs;
  for (size_t i = s.params.size() - outs; i < s.params.size(); ++i) s.params[i].out = true;
  return s;
}

bool Signature::match(PyObject* self_obj, PyObject* const* args, Py_ssize_t nargs,
                      PyObject* kwnames, Arguments& a) const {
  const int n = static_cast<int>(params.size());
  for (int i = 0; i < n; ++i) a.slots_[i] = nullptr;
  a.large_ = false;
  a.requires_grad_ = false;
  Py_CLEAR(a.varargs_);

  // Positional arguments fill the parameters before `*`, skipping a method's bound self.
  int next = 0;
  if (self_obj != nullptr) {
    if (self < 0) return false;
    a.slots_[self] = self_obj;
  }
  auto next_positional = [&]() {
    while (next < positional && self_obj != nullptr && next == self) ++next;
    return next < positional ? next++ : -1;
  };
  const int available = positional - (self_obj != nullptr ? 1 : 0);
  if (nargs > available) {
    // `t.view(2, 3)`, `zeros(2, 3)`: the ints of a signature's only positional list.
    if (available != 1) return false;
    int p = next_positional();
    if (params[p].kind != Kind::IntList) return false;
    a.varargs_ = PyTuple_New(nargs);
    for (Py_ssize_t i = 0; i < nargs; ++i) PyTuple_SET_ITEM(a.varargs_, i, Py_NewRef(args[i]));
    a.slots_[p] = a.varargs_;
  } else {
    for (Py_ssize_t i = 0; i < nargs; ++i) a.slots_[next_positional()] = args[i];
  }

  // Keywords: interned names compare by pointer; `input` names a function's self and `out`
  // the written arguments (a tuple when there are several), as PyTorch spells them.
  const Py_ssize_t nkw = kwnames == nullptr ? 0 : PyTuple_GET_SIZE(kwnames);
  for (Py_ssize_t k = 0; k < nkw; ++k) {
    PyObject* key = PyTuple_GET_ITEM(kwnames, k);
    PyObject* value = args[nargs + k];
    int found = -1;
    for (int i = 0; i < n && found < 0; ++i) {
      if (same_name(key, params[i].interned)) found = i;
    }
    if (found >= 0 && params[found].out && outs > 1)
      return false;  // several outs: only `out=(...)`
    if (found < 0 && self >= 0 && self_obj == nullptr && same_name(key, names().input)) {
      found = self;
    }
    if (found < 0 && outs > 0 && same_name(key, names().out)) {
      const int first = n - outs;
      if (outs == 1) {
        found = first;
      } else {
        if (!PyTuple_Check(value) || PyTuple_GET_SIZE(value) != outs) return false;
        for (int j = 0; j < outs; ++j) a.slots_[first + j] = PyTuple_GET_ITEM(value, j);
        continue;
      }
    }
    if (found < 0 && factory && same_name(key, names().requires_grad)) {
      if (!PyBool_Check(value)) return false;
      a.requires_grad_ = value == Py_True;
      continue;
    }
    if (found < 0 || a.slots_[found] != nullptr) return false;
    a.slots_[found] = value;
  }

  for (int i = 0; i < n; ++i) {
    PyObject*& slot = a.slots_[i];
    if (slot == nullptr) {
      if (params[i].default_value == nullptr) return false;
      slot = params[i].default_value;
      continue;
    }
    if (!accepts(params[i], slot)) return false;
    note_size(slot, a.large_);
  }
  a.sig_ = this;
  return true;
}

std::string Signature::to_string(bool method) const {
  static const char* const names[] = {"Tensor",
                                      "Number",
                                      "int",
                                      "float",
                                      "bool",
                                      "str",
                                      "dtype",
                                      "layout",
                                      "device",
                                      "memory_format",
                                      "Generator",
                                      "tuple of ints",
                                      "tuple of floats",
                                      "tuple of Tensors",
                                      "tuple of Tensors",
                                      "tuple of bools"};
  std::string text = "(";
  bool first = true;
  bool star = false;
  for (int i = 0; i < static_cast<int>(params.size()); ++i) {
    const Param& p = params[i];
    if (method && i == self) continue;
    if (p.out && p.name != "out" && i != static_cast<int>(params.size()) - outs) continue;
    if (!first) text += ", ";
    if (p.kwarg_only && !star) {
      text += "*, ";
      star = true;
    }
    first = false;
    text += names[static_cast<int>(p.kind)];
    if (p.out && outs > 1) {
      text = text.substr(0, text.size() - std::strlen(names[static_cast<int>(p.kind)]));
      text += "tuple of Tensors out";
      continue;
    }
    text += " ";
    text += (i == self && !method) ? "input" : (p.out ? "out" : p.name);
  }
  return text + ")";
}

}  // namespace miniaten::python
