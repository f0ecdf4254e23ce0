#include <aten/core/Empty.h>
#include <aten/core/MemoryOverlap.h>
#include <aten/cpu/Parallel.h>
#include <aten/iterator/Broadcast.h>
#include <aten/iterator/ResultType.h>
#include <aten/iterator/TensorIterator.h>

#include <algorithm>
#include <cstdlib>

namespace aten {

// ---- build(): the pipeline ------------------------------------------------------------------

// Flattened: each step runs once per op call, and the calls between them were a tenth of the
// set-up of a 1-element op.
[[gnu::flatten]] void TensorIteratorBase::build(TensorIteratorConfig& config) {
  is_reduction_ = config.is_reduction_;
  populate_operands(config);
  mark_outputs();
  compute_mem_overlaps(config);
  if (!compute_uniform_shape_and_types(config)) {
    compute_shape(config);
    mark_resize_outputs(config);
    compute_types(config);
  }
  if (const std::optional<DenseLayout> layout = shared_dense_layout()) {
    set_up_flat(*layout);
  } else {
    compute_strides();
    reorder_dimensions(config);
    allocate_or_resize_outputs();
    if (!is_meta()) {
      coalesce_dimensions();
      choose_tiling(config);
    }
  }
  if (!is_meta()) update_data_pointers();
}

namespace {
TensorIteratorConfig binary_op_config() {
  TensorIteratorConfig config;
  config.set_check_mem_overlap(true)
      .allow_cpu_scalars(true)
      .promote_inputs_to_common_dtype(true)
      .cast_common_dtype_to_outputs(true)
      .enforce_safe_casting_to_output(true);
  return config;
}
}  // namespace

void TensorIteratorBase::build_binary_op(const Tensor& out, const Tensor& a, const Tensor& b) {
  TensorIteratorConfig config = binary_op_config();
  config.add_output(out).add_input(a, "self").add_input(b, "other");
  build(config);
}

void TensorIteratorBase::build_binary_op(const Tensor& out, const Tensor& a, Tensor&& b) {
  TensorIteratorConfig config = binary_op_config();
  config.add_output(out).add_input(a, "self").add_owned_input(std::move(b), "other");
  build(config);
}

void TensorIteratorBase::build_binary_op(const Tensor& out, Tensor&& a, const Tensor& b) {
  TensorIteratorConfig config = binary_op_config();
  config.add_output(out).add_owned_input(std::move(a), "self").add_input(b, "other");
  build(config);
}

void TensorIteratorBase::build_binary_float_op(const Tensor& out, const Tensor& a,
                                               const Tensor& b) {
  TensorIteratorConfig config = binary_op_config();
  config.promote_integer_inputs_to_float(true);
  config.add_output(out).add_input(a, "self").add_input(b, "other");
  build(config);
}

namespace {
TensorIteratorConfig comparison_op_config(const Tensor& out) {
  TensorIteratorConfig config;
  config.set_check_mem_overlap(true).allow_cpu_scalars(true).promote_inputs_to_common_dtype(true);
  // A fresh result is Bool; an out= of another dtype receives the comparison cast to it.
  if (!out.defined()) config.declare_static_dtype(ScalarType::Bool);
  if (out.defined() && out.scalar_type() != ScalarType::Bool)
    config.cast_common_dtype_to_outputs(true);
  return config;
}
}  // namespace

void TensorIteratorBase::build_comparison_op(const Tensor& out, const Tensor& a, const Tensor& b) {
  TensorIteratorConfig config = comparison_op_config(out);
  config.add_output(out).add_input(a, "self").add_input(b, "other");
  build(config);
}

void TensorIteratorBase::build_comparison_op(const Tensor& out, const Tensor& a, Tensor&& b) {
  TensorIteratorConfig config = comparison_op_config(out);
  config.add_output(out).add_input(a, "self").add_owned_input(std::move(b), "other");
  build(config);
}

void TensorIteratorBase::build_unary_op(const Tensor& out, const Tensor& a) {
  TensorIteratorConfig config;
  config.set_check_mem_overlap(true).check_all_same_dtype(true);
  config.add_output(out).add_input(a, "self");
  build(config);
}

void TensorIteratorBase::build_unary_float_op(const Tensor& out, const Tensor& a) {
  TensorIteratorConfig config;
  config.set_check_mem_overlap(true)
      .promote_inputs_to_common_dtype(true)
      .cast_common_dtype_to_outputs(true)
      .enforce_safe_casting_to_output(true)
      .promote_integer_inputs_to_float(true);
  config.add_output(out).add_input(a, "self");
  build(config);
}

void TensorIteratorBase::build_nullary_op(const Tensor& out) {
  TensorIteratorConfig config;
  config.set_check_mem_overlap(true).check_all_same_dtype(false).resize_outputs(false);
  config.add_output(out);
  build(config);
}

namespace {
TensorIteratorConfig reduce_op_config() {
  TensorIteratorConfig config;
  config.is_reduction(true).resize_outputs(false).check_all_same_dtype(false).set_check_mem_overlap(
      false);
  return config;
}

}  // namespace

void TensorIteratorBase::build_reduce_op(const Tensor& out, const Tensor& in) {
  TensorIteratorConfig config = reduce_op_config();
  config.add_output(out).add_input(in, "self");
  build(config);
}

void TensorIteratorBase::build_reduce_op(const Tensor& out1, const Tensor& out2, const Tensor& in) {
  ATEN_CHECK(out1.sizes() == out2.sizes(),
             "reduce_op: the two outputs differ in shape: ", out1.sizes(), " and ", out2.sizes());
  TensorIteratorConfig config = reduce_op_config();
  config.add_output(out1).add_output(out2).add_input(in, "self");
  build(config);
}

int TensorIteratorBase::num_reduce_dims() const {
  int n = 0;
  while (n < ndim() && operands_[0].stride_bytes[n] == 0) ++n;
  return n;
}

// ---- the steps ------------------------------------------------------------------------------

void TensorIteratorBase::populate_operands(TensorIteratorConfig& config) {
  num_outputs_ = config.num_outputs_;
  ATEN_CHECK(config.operands_.size() <= kMaxOperands, "TensorIterator takes at most ", kMaxOperands,
             " operands, got ", config.operands_.size());
  operands_.reserve(config.operands_.size());
  for (size_t i = 0; i < config.operands_.size(); ++i) {
    auto& from = config.operands_[i];
    // Built in place from the tensor: no value-initialised OperandInfo to zero and overwrite.
    OperandInfo& op = operands_.emplace_back(std::move(from.tensor));  // a borrow stays a borrow
    if (op.tensor->defined()) op.dtype = op.tensor->scalar_type();
    op.is_output = static_cast<int>(i) < num_outputs_;
    op.name = from.name;
  }
}

void TensorIteratorBase::mark_outputs() {
  for (int i = 0; i < num_outputs_; ++i) {
    auto& out = operands_[i];
    if (!out.tensor->defined()) continue;
    for (int j = num_outputs_; j < ntensors(); ++j)
      if (out.tensor->is_same(*operands_[j].tensor)) out.is_read_write = true;
  }
}

void TensorIteratorBase::compute_mem_overlaps(const TensorIteratorConfig& config) {
  if (!config.check_mem_overlap_) return;
  for (int i = 0; i < num_outputs_; ++i) {
    const Tensor& out = *operands_[i].tensor;
    if (!out.defined()) continue;  // every functional call: nothing to check
    // Geometry alone, so Meta tensors too (ranges_overlap has no addresses for them).
    assert_no_internal_overlap(out);
    for (int j = num_outputs_; j < ntensors(); ++j) {
      const Tensor& in = *operands_[j].tensor;
      // The same view is fine: true in-place.
      if (in.defined()) assert_no_overlap(out, in, operands_[j].name ? operands_[j].name : "input");
    }
  }
}

// The shape and types of the commonest call at once: when every defined operand has the same
// sizes, dtype and device and none is a wrapped number (which promotion ranks apart),
// compute_shape, mark_resize_outputs and compute_types can reach only one answer, set here.
// Returns false, having changed nothing, for any other call (an erroneous one included).
bool TensorIteratorBase::compute_uniform_shape_and_types(const TensorIteratorConfig& config) {
  if (config.static_shape_ || is_reduction_) return false;
  const TensorImpl* first = nullptr;
  for (const auto& op : operands_) {
    if (!op.tensor->defined()) continue;
    const TensorImpl* t = op.tensor->unsafeGetTensorImpl();
    if (t->is_wrapped_number()) return false;
    if (first == nullptr) {
      first = t;
    } else if (t->dtype() != first->dtype() || !(t->device() == first->device()) ||
               !(t->sizes() == first->sizes())) {
      return false;
    }
  }
  if (first == nullptr) return false;
  if (config.promote_integer_inputs_to_float_ && isIntegralType(first->dtype(), true)) return false;
  // Element by element: a shape has a few dims, fewer than a call to memmove costs.
  shape_.clear();
  for (int64_t s : first->sizes()) shape_.push_back(s);
  numel_ = first->numel();
  common_dtype_ = first->dtype();
  device_ = first->device();
  for (int i = 0; i < num_outputs_; ++i)
    if (!operands_[i].tensor->defined())
      operands_[i].dtype = config.static_dtype_.value_or(common_dtype_);
  return true;
}

// The layout every defined operand shares, if any: then the outputs take it and the iteration
// is one flat loop. Outputs about to be resized don't get a say.
std::optional<TensorIteratorBase::DenseLayout> TensorIteratorBase::shared_dense_layout() const {
  if (!all_ops_same_shape_ || is_reduction_) return std::nullopt;
  auto all = [&](auto&& pred) {
    for (const auto& op : operands_)
      if (op.tensor->defined() && !op.will_resize && !pred(*op.tensor)) return false;
    return true;
  };
  // Checked in order of likelihood; the contiguous case looks at one flag per operand.
  if (all([](const Tensor& t) { return t.is_contiguous(); }))
    return DenseLayout{MemoryFormat::Contiguous, {}};
  if (all([](const Tensor& t) { return t.is_contiguous(MemoryFormat::ChannelsLast); }))
    return DenseLayout{MemoryFormat::ChannelsLast, {}};
  const Tensor* reference = nullptr;
  if (all([&](const Tensor& t) {
        if (reference == nullptr) reference = &t;
        return t.is_non_overlapping_and_dense() && t.strides() == reference->strides();
      }))
    return DenseLayout{MemoryFormat::Contiguous, reference->strides()};
  return std::nullopt;
}

void TensorIteratorBase::set_up_flat(const DenseLayout& layout) {
  for (int i = 0; i < num_outputs_; ++i) {
    TensorOptions options = original_options(operands_[i]);
    if (layout.strides.empty()) options = options.memory_format(layout.format);
    set_output_raw_strided(i, shape_, layout.strides, options);
  }
  // One flat dim of numel() elements (none for a 0-dim result), along which every operand
  // advances by one element per step.
  shape_.assign(shape_.empty() ? 0 : 1, numel());
  for (auto& op : operands_) op.stride_bytes.assign(shape_.size(), elementSize(op.dtype));
}

namespace {
int64_t product(IntArrayRef shape) {
  int64_t n = 1;
  for (int64_t s : shape) n *= s;
  return n;
}
}  // namespace

void TensorIteratorBase::compute_shape(const TensorIteratorConfig& config) {
  if (config.static_shape_) {
    shape_ = *config.static_shape_;
    numel_ = product(shape_);
    all_ops_same_shape_ = false;
    return;
  }
  bool first = true;
  for (auto& op : operands_) {
    if (!op.tensor->defined()) continue;
    // Outputs that may be resized take the shape of the inputs, not the other way round.
    if (config.resize_outputs_ && op.is_output) continue;
    IntArrayRef shape = op.tensor->sizes();
    if (first) {
      shape_.assign(shape.begin(), shape.end());
      first = false;
    } else if (!(shape == IntArrayRef(shape_))) {
      all_ops_same_shape_ = false;
      shape_ = infer_size(shape_, shape);
    }
  }
  // No inputs (a nullary op): the outputs define the shape.
  if (first) {
    for (auto& op : operands_) {
      if (!op.tensor->defined()) continue;
      shape_ = DimVector(op.tensor->sizes());
      break;
    }
  }
  numel_ = product(shape_);
}

void TensorIteratorBase::mark_resize_outputs(const TensorIteratorConfig& config) {
  if (config.static_shape_) return;  // the caller vouches for the outputs' shapes
  for (int i = 0; i < num_outputs_; ++i) {
    auto& op = operands_[i];
    if (!op.tensor->defined() || op.tensor->sizes() == IntArrayRef(shape_)) continue;
    if (config.is_reduction_) continue;  // a reduction's output is smaller by design
    ATEN_CHECK(config.resize_outputs_, "output with shape ", op.tensor->sizes(),
               " doesn't match the broadcast shape ", shape_);
    op.will_resize = true;
  }
}

ScalarType TensorIteratorBase::compute_common_dtype() const {
  // The common case first: inputs of one dtype, none a wrapped number, on which every bucket
  // agrees (ResultTypeState below).
  ScalarType only = ScalarType::Undefined;
  bool uniform = true;
  for (int j = num_outputs_; j < ntensors() && uniform; ++j) {
    const OperandInfo& op = operands_[j];
    if (!op.tensor->defined()) continue;
    uniform = !op.tensor->is_wrapped_number() &&
              (only == ScalarType::Undefined || op.dtype == only);
    only = op.dtype;
  }
  if (uniform) return only;

  ResultTypeState state;
  for (int j = num_outputs_; j < ntensors(); ++j) state.update(*operands_[j].tensor);
  return state.result();
}

TensorOptions TensorIteratorBase::original_options(const OperandInfo& op) const {
  // What the user's tensor is: a temporary standing in for it has the common dtype instead.
  const ScalarType dtype = op.original.defined() ? op.original.scalar_type() : op.dtype;
  return TensorOptions(dtype).device(device_);
}

void TensorIteratorBase::compute_types(const TensorIteratorConfig& config) {
  // Device: the first operand's, except that 0-dim CPU inputs (wrapped numbers) may join
  // tensors of another device when allowed.
  bool have_device = false;
  for (const auto& op : operands_) {
    const Tensor& t = *op.tensor;
    if (!t.defined()) continue;
    if (config.allow_cpu_scalars_ && !op.is_output && t.dim() == 0 && t.is_cpu()) continue;
    if (!have_device) {
      device_ = t.device();
      have_device = true;
    } else if (config.check_all_same_device_) {
      ATEN_CHECK(t.device() == device_,
                 "Expected all tensors to be on the same device, but found "
                 "at least two devices: ",
                 device_, " and ", t.device(), " (", describe_operands(), ")");
    }
  }
  if (!have_device) device_ = kCPU;

  // The dtype the computation runs in.
  common_dtype_ = ScalarType::Undefined;
  if (config.promote_inputs_to_common_dtype_) {
    common_dtype_ = compute_common_dtype();
  } else {
    for (int j = num_outputs_; j < ntensors() && common_dtype_ == ScalarType::Undefined; ++j)
      if (operands_[j].tensor->defined()) common_dtype_ = operands_[j].dtype;
  }
  if (common_dtype_ == ScalarType::Undefined)  // no inputs: the outputs say
    for (int i = 0; i < num_outputs_ && common_dtype_ == ScalarType::Undefined; ++i)
      if (operands_[i].tensor->defined()) common_dtype_ = operands_[i].dtype;
  if (config.promote_integer_inputs_to_float_ && isIntegralType(common_dtype_, true))
    common_dtype_ = ScalarType::Float;

  if (config.check_all_same_dtype_) {
    for (const auto& op : operands_)
      ATEN_CHECK(!op.tensor->defined() || op.dtype == common_dtype_,
                 "expected all operands to have the same dtype, but got ", describe_operands());
  }

  // An operand of another dtype than the computation's: an input is converted, an output is
  // computed into a temporary of the common dtype and cast back. Rare, so out of line: the
  // loop below stays short for the usual operands of one dtype.
  auto adopt_common_dtype = [ this, &config ](OperandInfo & op) __attribute__((noinline)) {
    const bool cpu = device_.is_cpu();
    if (op.is_output) {
      if (config.enforce_safe_casting_to_output_)
        ATEN_CHECK(can_cast(common_dtype_, op.dtype), "result type ", common_dtype_,
                   " can't be cast to the desired output type ", op.dtype, " (",
                   op.name ? op.name : "out", ": ", op.tensor->toString(), ")");
      if (config.cast_common_dtype_to_outputs_ && cpu) {
        // Compute into a temporary of the common dtype; cast_outputs() writes it back.
        op.original = *op.tensor;
        op.tensor = MaybeOwned<Tensor>::owned(Tensor(detail::empty_generic(
            op.original.sizes(), TensorOptions(common_dtype_).device(device_))));
        op.dtype = common_dtype_;
        has_output_temporaries_ = true;
      }
    } else if (config.promote_inputs_to_common_dtype_) {
      if (cpu) op.tensor = MaybeOwned<Tensor>::owned(op.tensor->to(common_dtype_));
      op.dtype = common_dtype_;
    }
  };
  for (auto& op : operands_) {
    if (!op.tensor->defined()) {  // an output to allocate
      op.dtype = config.static_dtype_.value_or(common_dtype_);
    } else if (op.dtype != common_dtype_) [[unlikely]] {
      adopt_common_dtype(op);
    }
  }
}

void TensorIteratorBase::cast_output_temporaries() {
  for (int i = 0; i < num_outputs_; ++i) {
    OperandInfo& op = operands_[i];
    if (!op.original.defined()) continue;
    op.original.copy_(*op.tensor);
    op.tensor = MaybeOwned<Tensor>::owned(std::move(op.original));
    op.original = Tensor();
    op.dtype = op.tensor->scalar_type();
  }
  has_output_temporaries_ = false;
}

void TensorIteratorBase::compute_strides() {
  for (auto& op : operands_) {
    if (!op.tensor->defined() || op.will_resize) continue;
    IntArrayRef sizes = op.tensor->sizes(), strides = op.tensor->strides();
    const int64_t item = op.tensor->element_size();
    const size_t offset = shape_.size() - sizes.size();  // leading broadcast dims stay 0
    op.stride_bytes.assign(shape_.size(), 0);
    for (size_t d = 0; d < sizes.size(); ++d)
      if (!(sizes[d] == 1 && shape_[offset + d] != 1))
        op.stride_bytes[offset + d] = strides[d] * item;
  }
}

void TensorIteratorBase::reorder_dimensions(const TensorIteratorConfig& config) {
  // Iterator dims run fastest first; start from C order (last dim fastest).
  const int n = ndim();
  perm_.resize(n);
  for (int i = 0; i < n; ++i) perm_[i] = n - 1 - i;
  if (config.enforce_linear_iteration_ || n <= 1) {
    permute_dimensions(perm_);
    return;
  }
  // Should dim0 (currently placed before dim1) move after it? The first operand with an
  // opinion decides: outputs first, then inputs. Broadcast (stride 0) dims give no opinion; on
  // equal strides the smaller dim goes first.
  auto should_swap = [&](int64_t dim0, int64_t dim1) {
    for (const auto& op : operands_) {
      if (op.stride_bytes.empty() || op.will_resize) continue;
      const int64_t s0 = op.stride_bytes[dim0], s1 = op.stride_bytes[dim1];
      // A reduction's reduced dims (output stride 0) go first.
      if (is_reduction_ && op.is_output && (s0 == 0) != (s1 == 0)) return s1 == 0 ? 1 : -1;
      if (s0 == 0 || s1 == 0) continue;
      if (s0 < s1) return -1;
      if (s0 > s1) return 1;
      if (shape_[dim0] > shape_[dim1]) return 1;
    }
    return 0;
  };
  // Insertion sort, stable so ties keep C order.
  for (int i = 1; i < n; ++i) {
    int dim1 = i;
    for (int dim0 = i - 1; dim0 >= 0; --dim0) {
      int c = should_swap(perm_[dim0], perm_[dim1]);
      if (c > 0) {
        std::swap(perm_[dim0], perm_[dim1]);
        dim1 = dim0;
      } else if (c < 0) {
        break;
      }
    }
  }
  permute_dimensions(perm_);
}

void TensorIteratorBase::permute_dimensions(IntArrayRef perm) {
  auto apply = [&](const DimVector& v) {
    DimVector out(v.size());
    for (size_t i = 0; i < perm.size(); ++i) out[i] = v[perm[i]];
    return out;
  };
  shape_ = apply(shape_);
  for (auto& op : operands_)
    if (!op.stride_bytes.empty()) op.stride_bytes = apply(op.stride_bytes);
}

DimVector TensorIteratorBase::invert_perm(IntArrayRef input) const {
  DimVector out(input.size());
  for (size_t i = 0; i < perm_.size(); ++i) out[perm_[i]] = input[i];
  return out;
}

void TensorIteratorBase::allocate_or_resize_outputs() {
  const int n = ndim();
  bool c_order = true;  // the permutation is plain C order: the output is just contiguous
  for (int i = 0; i < n; ++i) c_order &= perm_[i] == n - 1 - i;
  for (int i = 0; i < num_outputs_; ++i) {
    auto& op = operands_[i];
    if (op.tensor->defined() && !op.will_resize) {
      // Already the right shape (shape_ is permuted by now, so use the tensor's own).
      set_output_raw_strided(i, invert_perm(shape_), {}, original_options(op));
      continue;
    }
    // Dense strides in iterator order, so the output is laid out like the inputs. As in ATen,
    // a size-0 dim multiplies in as 0: the dims after it get stride 0 (there is no element).
    const int64_t item = elementSize(op.dtype);
    op.stride_bytes.resize(n);
    int64_t next = item;
    for (int d = 0; d < n; ++d) {
      op.stride_bytes[d] = next;
      next *= shape_[d];
    }
    DimVector sizes = invert_perm(shape_);
    TensorOptions options = original_options(op);
    if (c_order) {
      set_output_raw_strided(i, sizes, {}, options.memory_format(MemoryFormat::Contiguous));
    } else {
      DimVector strides = invert_perm(op.stride_bytes);
      for (auto& s : strides) s /= item;
      set_output_raw_strided(i, sizes, strides, options);
    }
  }
}

void TensorIteratorBase::coalesce_dimensions() {
  if (ndim() <= 1) return;
  // dim0 and dim1 (next to each other) can be one dim when either is size 1, or when, for
  // every operand, stepping off the end of dim0 lands exactly on the next element of dim1.
  auto can_coalesce = [&](int dim0, int dim1) {
    if (shape_[dim0] == 1 || shape_[dim1] == 1) return true;
    for (const auto& op : operands_)
      if (op.stride_bytes[dim0] * shape_[dim0] != op.stride_bytes[dim1]) return false;
    return true;
  };
  auto take_strides = [&](int to, int from) {
    for (auto& op : operands_) op.stride_bytes[to] = op.stride_bytes[from];
  };
  int prev = 0;
  for (int dim = 1; dim < ndim(); ++dim) {
    if (can_coalesce(prev, dim)) {
      if (shape_[prev] == 1) take_strides(prev, dim);
      shape_[prev] *= shape_[dim];
    } else {
      ++prev;
      if (prev != dim) {
        take_strides(prev, dim);
        shape_[prev] = shape_[dim];
      }
    }
  }
  shape_.resize(prev + 1);
  for (auto& op : operands_) op.stride_bytes.resize(prev + 1);
}

void TensorIteratorBase::choose_tiling(const TensorIteratorConfig& config) {
  tiled_ = false;
  if (config.enforce_linear_iteration_ || config.is_reduction_ || ndim() < 2) return;
  // Dim 0 is the outputs' fastest dim. An input whose fastest dim is another one, d, is read
  // across cache lines at every step along dim 0; walking dims 0 and d in square tiles lets
  // both sides stream (what ATen and NumPy don't do for a transposed copy).
  for (int a = num_outputs_; a < ntensors(); ++a) {
    const DimVector& st = operands_[a].stride_bytes;
    if (st[0] == 0 || std::abs(st[0]) <= kTileMinStrideBytes) continue;
    int fast = -1;
    for (int d = 1; d < ndim(); ++d)
      if (st[d] != 0 && (fast < 0 || std::abs(st[d]) < std::abs(st[fast]))) fast = d;
    if (fast < 0 || std::abs(st[fast]) >= std::abs(st[0])) continue;
    if (shape_[0] < 2 * kTile0 || shape_[fast] < 2 * kTile0) continue;
    // Bring d next to dim 0; pointwise results don't depend on the order dims are walked in.
    for (int d = fast; d > 1; --d) {
      std::swap(shape_[d], shape_[d - 1]);
      for (auto& op : operands_) std::swap(op.stride_bytes[d], op.stride_bytes[d - 1]);
    }
    tiled_ = true;
    return;
  }
}

void TensorIteratorBase::update_data_pointers() {
  for (auto& op : operands_)
    op.data = op.tensor->defined() ? static_cast<char*>(op.tensor->unsafeGetTensorImpl()->data())
                                   : nullptr;
}

// ---- outputs --------------------------------------------------------------------------------

namespace {
// The wrapper sized the user's tensor t; the temporary of the common dtype standing in for it
// follows. Out of line: the usual output has no temporary, and set_output_raw_strided then
// needs no registers saved for this.
[[gnu::noinline]] void resize_output_temporary(const OperandInfo& op, const Tensor& t,
                                               IntArrayRef sizes, IntArrayRef strides,
                                               TensorOptions options) {
  ATEN_INTERNAL_ASSERT(t.defined() && op.original.is_same(t));
  if (!(op.tensor->sizes() == sizes) || !strides.empty()) {
    const auto format = options.memory_format_opt().value_or(MemoryFormat::Contiguous);
    op.tensor->unsafeGetTensorImpl()->resize(
        sizes, strides.empty() ? strides_for_format(sizes, format) : DimVector(strides));
  }
}
}  // namespace

void TensorIteratorBase::set_output_raw_strided(int64_t output_idx, IntArrayRef sizes,
                                                IntArrayRef strides, TensorOptions options) {
  auto& op = operands_[output_idx];
  if (op.original.defined()) {
    resize_output_temporary(op, maybe_get_output(output_idx), sizes, strides, options);
    return;
  }
  const Tensor& t = maybe_get_output(output_idx);
  ATEN_INTERNAL_ASSERT(t.defined());
  // t lives in the wrapper (functional) or is the caller's (out=, in-place): borrow it.
  if (!op.tensor->is_same(t)) op.tensor = MaybeOwned<Tensor>::borrowed(t);
  op.dtype = t.scalar_type();
}

void TensorIterator::set_output_raw_strided(int64_t output_idx, IntArrayRef sizes,
                                            IntArrayRef strides, TensorOptions options) {
  auto& op = operands_[output_idx];
  if (!op.tensor->defined()) {
    op.tensor = MaybeOwned<Tensor>::owned(
        Tensor(strides.empty() ? detail::empty_generic(sizes, options)
                               : detail::empty_strided_generic(sizes, strides, options)));
  } else if (op.will_resize) {
    // The caller's tensor: an out= of another dtype than the computation's stands behind a
    // temporary (compute_types), which the base resizes after it.
    const Tensor& out = op.original.defined() ? op.original : *op.tensor;
    out.unsafeGetTensorImpl()->resize(sizes, strides);
  }
  TensorIteratorBase::set_output_raw_strided(output_idx, sizes, strides, options);
}

// The caller's tensor, which an output temporary stands in for until cast_outputs().
const Tensor& TensorIterator::maybe_get_output(int64_t output_idx) {
  const OperandInfo& op = operands_[output_idx];
  return op.original.defined() ? op.original : *op.tensor;
}

// These two hand the iterator to the caller, past the lifetime of the tensors they were given
// (often temporaries): it owns its operands.
TensorIterator TensorIterator::reduce_op(const Tensor& out, const Tensor& in) {
  TensorIteratorConfig config = reduce_op_config();
  config.add_owned_output(out).add_owned_input(in, "self");
  return TensorIterator(config);
}

TensorIterator TensorIterator::reduce_op(const Tensor& out1, const Tensor& out2, const Tensor& in) {
  ATEN_CHECK(out1.sizes() == out2.sizes(),
             "reduce_op: the two outputs differ in shape: ", out1.sizes(), " and ", out2.sizes());
  TensorIteratorConfig config = reduce_op_config();
  config.add_owned_output(out1).add_owned_output(out2).add_owned_input(in, "self");
  return TensorIterator(config);
}

TensorIterator TensorIterator::binary_op(const Tensor& out, const Tensor& a, const Tensor& b) {
  TensorIteratorConfig config = binary_op_config();
  config.add_owned_output(out).add_owned_input(a, "self").add_owned_input(b, "other");
  return TensorIterator(config);
}

// ---- queries and loops ----------------------------------------------------------------------

bool TensorIteratorBase::is_contiguous() const {
  if (numel() == 1) return true;
  if (ndim() != 1) return false;
  for (const auto& op : operands_)
    if (op.stride_bytes[0] != elementSize(op.dtype)) return false;
  return true;
}

bool TensorIteratorBase::is_scalar(int arg) const {
  for (int d = 0; d < ndim(); ++d)
    if (operands_[arg].stride_bytes[d] != 0 && shape_[d] != 1) return false;
  return true;
}

std::string TensorIteratorBase::describe_operands() const {
  std::string s;
  for (const auto& op : operands_) {
    if (!op.tensor->defined()) continue;
    if (!s.empty()) s += ", ";
    s += detail::str_cat(op.name ? op.name : "input", ": ", op.tensor->toString());
  }
  return s;
}

namespace {
// n elements of at least one grain: on the threads, unless there is one or this already runs on
// one of them. Out of line, so that for_each reaches serial_for_each, a small op's path, by a
// jump.
[[gnu::noinline]] void maybe_parallel_for_each(const TensorIteratorBase& iter,
                                               TensorIteratorBase::loop2d_t loop, int64_t n,
                                               int64_t grain_size) {
  if (get_num_threads() == 1 || in_parallel_region()) {
    iter.serial_for_each(loop, {0, n});
    return;
  }
  parallel_for(0, n, grain_size, [&](int64_t begin, int64_t end) {
    iter.serial_for_each(loop, {begin, end});
  });
}
}  // namespace

void TensorIteratorBase::for_each(loop2d_t loop, int64_t grain_size) {
  const int64_t n = numel();
  if (n == 0) return;
  if (tiled_) {
    tiled_for_each(loop, grain_size);
    return;
  }
  if (n < grain_size) {
    serial_for_each(loop, {0, n});
    return;
  }
  maybe_parallel_for_each(*this, loop, n, grain_size);
}

void TensorIteratorBase::tiled_for_each(loop2d_t loop, int64_t grain_size) const {
  const int nt = ntensors();
  const int64_t tiles0 = (shape_[0] + kTile0 - 1) / kTile0;
  const int64_t tiles1 = (shape_[1] + kTile1 - 1) / kTile1;
  int64_t ntiles = tiles0 * tiles1;
  for (int d = 2; d < ndim(); ++d) ntiles *= shape_[d];

  auto run = [&](int64_t begin, int64_t end) {
    SmallVector<int64_t, 8> strides(2 * static_cast<size_t>(nt));
    for (int a = 0; a < nt; ++a) {
      strides[a] = operands_[a].stride_bytes[0];
      strides[nt + a] = operands_[a].stride_bytes[1];
    }
    SmallVector<char*, 4> ptrs(static_cast<size_t>(nt));
    for (int64_t t = begin; t < end; ++t) {
      // Tiles run along dim 0 fastest, then dim 1, then the outer dims.
      const int64_t i0 = t % tiles0, i1 = (t / tiles0) % tiles1;
      int64_t outer = t / (tiles0 * tiles1);
      for (int a = 0; a < nt; ++a)
        ptrs[a] = operands_[a].data + i0 * kTile0 * strides[a] + i1 * kTile1 * strides[nt + a];
      for (int d = 2; d < ndim() && outer > 0; ++d) {
        const int64_t coord = outer % shape_[d];
        outer /= shape_[d];
        for (int a = 0; a < nt; ++a) ptrs[a] += coord * operands_[a].stride_bytes[d];
      }
      loop(ptrs.data(), strides.data(), std::min(kTile0, shape_[0] - i0 * kTile0),
           std::min(kTile1, shape_[1] - i1 * kTile1));
    }
  };
  const int64_t grain_tiles = std::max<int64_t>(1, grain_size / (kTile0 * kTile1));
  if (ntiles <= grain_tiles || get_num_threads() == 1 || in_parallel_region()) {
    run(0, ntiles);
  } else {
    parallel_for(0, ntiles, grain_tiles, run);
  }
}

void TensorIteratorBase::serial_for_each(loop2d_t loop, Range range) const {
  if (range.size() <= 0) return;
  const int nt = ntensors(), nd = ndim();
  // The loop's byte strides, dim 0 for every operand then dim 1 (zero where the iteration has no
  // such dim), and each operand's address at range.begin: on the stack (populate_operands
  // bounds the count).
  int64_t strides[2 * kMaxOperands];
  char* ptrs[kMaxOperands];
  if (nd <= 1) {  // flat, the path of every contiguous op: one call, no counter
    for (int a = 0; a < nt; ++a) {
      const int64_t s = nd == 1 ? operands_[a].stride_bytes[0] : 0;
      strides[a] = s;
      strides[nt + a] = 0;
      ptrs[a] = operands_[a].data + range.begin * s;
    }
    loop(ptrs, strides, range.size(), 1);
    return;
  }
  for (int a = 0; a < nt; ++a) {
    strides[a] = operands_[a].stride_bytes[0];
    strides[nt + a] = operands_[a].stride_bytes[1];
  }
  // Otherwise in 2-D steps; out of line, so the flat path keeps a small frame.
  auto walk = [&]() __attribute__((noinline)) {
    DimCounter counter(shape_, range);
    while (!counter.is_done()) {
      for (int a = 0; a < nt; ++a) {
        char* p = operands_[a].data;
        for (int d = 0; d < nd; ++d) p += counter.values[d] * operands_[a].stride_bytes[d];
        ptrs[a] = p;
      }
      auto step = counter.max_2d_step();
      loop(ptrs, strides, step[0], step[1]);
      counter.increment(step);
    }
  };
  walk();
}

}  // namespace aten
