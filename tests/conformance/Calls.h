#pragma once
// Random calls of MiniATen's operators, generated from their schemas: every argument is drawn
// from what its type and name admit (a `dim` within the rank, an `index` within the size along
// it, an `out` of a random dtype and shape), tensors in random dtypes and layouts with values
// that include NaN, infinities, -0, huge and tiny numbers. A call is a pure function of
// (seed, index), so any one can be made again on its own.
#include <aten/core/Tensor.h>
#include <aten/dispatch/IValue.h>

#include <ATen/core/function_schema.h>

#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace aten::conformance {

// How a tensor argument sits in memory.
enum class Arrangement { contiguous, transposed, sliced, expanded, channels_last, offset };
const char* name_of(Arrangement a);

struct TensorArg {
  ScalarType dtype;
  std::vector<int64_t> shape;
  Arrangement arrangement = Arrangement::contiguous;
  // Values: element i is drawn from this seed; an index tensor takes values in
  // [-index_bound, index_bound) (negative only where the op accepts them), else from the
  // dtype's mix of ordinary and special values.
  uint64_t seed = 0;
  int64_t index_bound = -1;
  bool index_negative = false;
  // Set (>= 0) for embedding_bag's offsets into that many indices: sorted, the first 0.
  int64_t offsets_into = -1;
  // Floating values from the ordinary mix only: no NaN, infinities, extremes or subnormals.
  bool ordinary = false;
};

// One argument: a tensor described by TensorArg (materialised fresh for each library), a list
// of them, or a plain value.
struct Arg {
  std::string name;
  bool is_tensor = false;
  bool is_tensor_list = false;
  TensorArg tensor;
  std::vector<TensorArg> tensors;
  // A `Tensor?[]` (indexing's indices): one flag per entry, false for None; `tensors` holds the
  // entries that are present, in order. Empty for a `Tensor[]`.
  std::vector<bool> present;
  IValue value;
};

struct Call {
  const c10::FunctionSchema* schema;  // MiniATen's, parsed
  std::string overload;               // "add.Tensor"
  std::vector<Arg> args;              // schema order, every argument (defaults drawn or taken)
  bool meta = false;                  // tensors on the Meta device: geometry and errors only
  std::string str() const;            // one line: the overload and each argument
};

// The tensor TensorArg describes, in MiniATen; on Meta, a tensor of the same geometry.
Tensor materialize(const TensorArg& t, bool meta = false);

// splitmix64's finaliser: the calls' seeds are mixed with it.
uint64_t mix(uint64_t x);

// A tensor of ordinary values (TensorArg::ordinary) in any arrangement, drawn from `seed`: a
// gradient flowing into an output.
TensorArg ordinary_tensor_arg(uint64_t seed, ScalarType dtype, std::vector<int64_t> shape);

// The declared type of each argument of a schema string ("ScalarType?", "int[1]", ...), which
// libtorch's parsed schema does not keep apart (a ScalarType is an int there).
std::vector<std::string> declared_types(std::string_view schema);

// Draws call number `index` of the run seeded with `seed` for `schema` (parsed), whose
// arguments have the declared `types`.
Call make_call(const c10::FunctionSchema& schema, std::span<const std::string> types,
               const std::string& overload, std::span<const ScalarType> declared_dtypes,
               uint64_t seed, uint64_t index);

}  // namespace aten::conformance
