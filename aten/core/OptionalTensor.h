#pragma once
// Optional tensor arguments (`Tensor?` in a schema) arrive as std::optional<Tensor>, which may
// also hold an undefined tensor: both mean the argument was not given.
#include <aten/core/Tensor.h>

#include <optional>

namespace aten {

// Whether an optional tensor argument was given: present and defined.
inline bool given(const std::optional<Tensor>& t) { return t.has_value() && t->defined(); }

// The argument, or an undefined tensor where it is absent.
inline Tensor value_of(const std::optional<Tensor>& t) { return t.has_value() ? *t : Tensor(); }

}  // namespace aten
