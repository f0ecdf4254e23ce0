#include <aten/dispatch/Boxing.h>
#include <aten/dispatch/IValue.h>
#include <aten/dispatch/OperatorName.h>

#include <iterator>

namespace aten {

namespace {
// Indexed like IValue::Payload's alternatives.
constexpr const char* kKindNames[] = {
    "None",    "Tensor",     "Scalar",       "int",    "float",    "bool",
    "str",     "ScalarType", "MemoryFormat", "Layout", "Device",   "int[]",
    "float[]", "Tensor[]",   "Generator",    "bool[]", "Tensor?[]"};
static_assert(std::size(kKindNames) == std::variant_size_v<IValue::Payload>);
}  // namespace

const char* IValue::kind_name() const { return kKindNames[v_.index()]; }

void IValue::wrong_type(size_t wanted) const {
  ATEN_ERROR("expected a value of type ", kKindNames[wanted], " but got ", kind_name());
}

Scalar IValue::toScalar() const {
  if (const auto* s = std::get_if<Scalar>(&v_)) return *s;
  if (const auto* i = std::get_if<int64_t>(&v_)) return *i;
  if (const auto* d = std::get_if<double>(&v_)) return *d;
  if (const auto* b = std::get_if<bool>(&v_)) return *b;
  wrong_type(kind_index<Scalar>());
}

namespace detail {
void boxed_arity_error(const char* name, const char* overload, size_t expected, size_t given) {
  ATEN_ERROR(OperatorName{name, overload}, ": a boxed call needs ", expected,
             " arguments on the stack (every argument of the schema, defaults included), got ",
             given);
}

void bool_list_size_error(size_t expected, size_t given) {
  ATEN_ERROR("expected a list of ", expected, " bools but got ", given);
}
}  // namespace detail

}  // namespace aten
