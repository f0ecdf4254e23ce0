#pragma once
// TensorIterator: decides, once per op call, the broadcast shape, dtypes and output layout of a
// pointwise operation, and walks its elements in 2-D steps of the fastest-varying dims.
//
// build() is a pipeline of named steps (see TensorIterator.cpp); the result is an iteration
// space of ndim() dims, ordered fastest first, where each operand has a byte stride per dim.
#include <aten/core/FunctionRef.h>
#include <aten/cpu/Parallel.h>
#include <aten/iterator/DimCounter.h>
#include <aten/iterator/OperandInfo.h>
#include <aten/iterator/TensorIteratorConfig.h>
#include <aten/structured/MetaBase.h>

#include <optional>

namespace aten {

class TensorIteratorBase : public impl::MetaBase {
 public:
  TensorIteratorBase() = default;
  TensorIteratorBase(const TensorIteratorBase&) = default;
  TensorIteratorBase(TensorIteratorBase&&) = default;
  TensorIteratorBase& operator=(const TensorIteratorBase&) = default;
  TensorIteratorBase& operator=(TensorIteratorBase&&) = default;
  // Inline into each structured wrapper, which destroys one iterator per call: out of line, the
  // destructor costs a call and a frame on every op.
  [[gnu::always_inline]] ~TensorIteratorBase() override = default;

  // data[arg] points at the first element of each operand; strides[arg] is the byte stride of
  // operand arg along dim 0 and strides[ntensors + arg] along dim 1.
  using loop2d_t =
      FunctionRef<void(char** data, const int64_t* strides, int64_t size0, int64_t size1)>;

  void build(TensorIteratorConfig& config);
  // The builders of ATen's common configurations. out may be undefined (allocated), the
  // user's out=, or an input (in-place). They borrow their tensors, which must outlive the
  // iterator (a structured kernel's arguments do); a temporary operand (a Scalar wrapped as a
  // tensor) is passed as an rvalue and kept by the iterator.
  // out = f(a, b): inputs promoted to their common dtype, cast (safely) into out.
  void build_binary_op(const Tensor& out, const Tensor& a, const Tensor& b);
  void build_binary_op(const Tensor& out, const Tensor& a, Tensor&& b);
  void build_binary_op(const Tensor& out, Tensor&& a, const Tensor& b);
  // ... computed in floating point: integer inputs promote to Float (true division, atan2).
  void build_binary_float_op(const Tensor& out, const Tensor& a, const Tensor& b);
  // ... with a Bool result unless out says otherwise.
  void build_comparison_op(const Tensor& out, const Tensor& a, const Tensor& b);
  void build_comparison_op(const Tensor& out, const Tensor& a, Tensor&& b);
  // out = f(a), all one dtype.
  void build_unary_op(const Tensor& out, const Tensor& a);
  // out = f(a) in floating point (exp, sqrt of integers give Float).
  void build_unary_float_op(const Tensor& out, const Tensor& a);
  // out = f() (fill, random).
  void build_nullary_op(const Tensor& out);

  // out = reduce(in) over the dims where out (same rank as in) has size 1 and in does not.
  void build_reduce_op(const Tensor& out, const Tensor& in);
  // Two results of one reduction (values and indices), laid out alike.
  void build_reduce_op(const Tensor& out1, const Tensor& out2, const Tensor& in);

  int ndim() const { return static_cast<int>(shape_.size()); }
  bool is_reduction() const { return is_reduction_; }
  // For a reduction: the leading dims, along which the output does not move.
  int num_reduce_dims() const;
  IntArrayRef shape() const { return shape_; }
  int64_t numel() const { return numel_; }
  // Outputs and inputs together; more is an error (loops keep their pointers on the stack).
  static constexpr size_t kMaxOperands = 8;
  int ntensors() const { return static_cast<int>(operands_.size()); }
  int noutputs() const { return num_outputs_; }
  int ninputs() const { return ntensors() - num_outputs_; }

  const Tensor& tensor(int arg) const { return *operands_[arg].tensor; }
  const Tensor& output(int i = 0) const { return *operands_[i].tensor; }
  const Tensor& input(int i = 0) const { return *operands_[num_outputs_ + i].tensor; }
  ScalarType dtype(int arg = 0) const { return operands_[arg].dtype; }
  ScalarType common_dtype() const { return common_dtype_; }
  Device device() const { return device_; }
  DeviceType device_type() const { return device_.type; }
  IntArrayRef strides(int arg) const { return operands_[arg].stride_bytes; }
  void* data_ptr(int arg) const { return operands_[arg].data; }
  bool is_meta() const { return device_.is_meta(); }
  // Every operand is one dense run: the iteration is a single flat loop.
  bool is_contiguous() const;
  // Operand arg is the same element everywhere (stride 0 in every dim).
  bool is_scalar(int arg) const;

  // Operands that disagree about their fastest dim are walked in tiles of kTile0 x kTile1
  // elements (dim 0 x dim 1), when the disagreeing operand's stride along dim 0 is beyond a
  // cache line. Measured on a 4096 x 4096 float transpose and NCHW->NHWC of [64,64,56,56]:
  // 16 rows along dim 0 fill one 64-byte line of 4-byte output per row; rows a power of two
  // apart share cache sets, so fewer of them are live at once than in a square tile (64 x 64
  // ran 3.5x slower than 8 x 256, and 16 x 128 beat both).
  static constexpr int64_t kTile0 = 16;
  static constexpr int64_t kTile1 = 128;
  static constexpr int64_t kTileMinStrideBytes = 64;
  // Whether for_each walks tiles (see choose_tiling); serial_for_each never does.
  bool is_tiled() const { return tiled_; }

  // For kernels that walk an operand in an order no tensor can describe (flip walks its output
  // backwards along the flipped dims): the operand's byte strides in iterator dims, and the
  // address of its first element. ATen's names; nothing is checked.
  void _unsafe_set_arg_strides(int arg, IntArrayRef strides) {
    operands_[arg].stride_bytes = DimVector(strides);
  }
  void _unsafe_set_arg_data(int arg, void* data) { operands_[arg].data = static_cast<char*>(data); }

  // Writes outputs computed in a temporary of the common dtype into the user's tensors. The
  // loops call it after every kernel; inline, so that the usual call, with no temporary, is one
  // test.
  void cast_outputs() {
    if (has_output_temporaries_) [[unlikely]]
      cast_output_temporaries();
  }

  // Runs loop over every element, split across threads when there are at least grain_size.
  void for_each(loop2d_t loop, int64_t grain_size = GRAIN_SIZE);
  // Runs loop over the linear range on this thread.
  void serial_for_each(loop2d_t loop, Range range) const;

  // Records an output the wrapper created or checked. Subclasses (generated wrappers, or
  // TensorIterator) allocate first, then call this.
  void set_output_raw_strided(int64_t output_idx, IntArrayRef sizes, IntArrayRef strides,
                              TensorOptions options) override;

 protected:
  // The layout that every defined operand shares (see shared_dense_layout): a memory format, or
  // when no format describes it, the strides themselves.
  struct DenseLayout {
    MemoryFormat format;
    IntArrayRef strides;  // empty: the format decides
  };

  // The steps of build(), in order.
  void populate_operands(TensorIteratorConfig& config);
  void mark_outputs();
  void compute_mem_overlaps(const TensorIteratorConfig& config);
  bool compute_uniform_shape_and_types(const TensorIteratorConfig& config);
  void compute_shape(const TensorIteratorConfig& config);
  void mark_resize_outputs(const TensorIteratorConfig& config);
  void compute_types(const TensorIteratorConfig& config);
  std::optional<DenseLayout> shared_dense_layout() const;
  void set_up_flat(const DenseLayout& layout);
  void compute_strides();
  void reorder_dimensions(const TensorIteratorConfig& config);
  void allocate_or_resize_outputs();
  void coalesce_dimensions();
  void choose_tiling(const TensorIteratorConfig& config);
  void update_data_pointers();
  void tiled_for_each(loop2d_t loop, int64_t grain_size) const;
  void cast_output_temporaries();

  void permute_dimensions(IntArrayRef perm);
  ScalarType compute_common_dtype() const;
  TensorOptions original_options(const OperandInfo& op) const;
  DimVector invert_perm(IntArrayRef input) const;
  std::string describe_operands() const;

  // Outputs first, then inputs, in the config's order.
  SmallVector<OperandInfo, 4> operands_;
  // How many of operands_ are outputs.
  int num_outputs_ = 0;
  // The iteration's sizes, fastest dim first, and their product (set where the shape is
  // decided; the loops ask for it several times a call).
  DimVector shape_;
  int64_t numel_ = 1;
  // perm_[i]: the original dim that iterator dim i came from.
  DimVector perm_;
  // No operand is broadcast (compute_shape).
  bool all_ops_same_shape_ = true;
  // The config's is_reduction.
  bool is_reduction_ = false;
  // for_each walks dims 0 and 1 in kTile0 x kTile1 tiles.
  bool tiled_ = false;
  // Some output is computed in a temporary of the common dtype (compute_types), which
  // cast_outputs() writes back.
  bool has_output_temporaries_ = false;
  // The dtype the computation runs in.
  ScalarType common_dtype_ = ScalarType::Undefined;
  // The device the computation runs on.
  Device device_ = kCPU;
};

// A TensorIterator outside structured kernels: allocates its own outputs.
class TensorIterator final : public TensorIteratorBase {
 public:
  TensorIterator() = default;
  explicit TensorIterator(TensorIteratorConfig& config) { build(config); }
  static TensorIterator binary_op(const Tensor& out, const Tensor& a, const Tensor& b);
  static TensorIterator reduce_op(const Tensor& out, const Tensor& in);
  static TensorIterator reduce_op(const Tensor& out1, const Tensor& out2, const Tensor& in);

  void set_output_raw_strided(int64_t output_idx, IntArrayRef sizes, IntArrayRef strides,
                              TensorOptions options) override;
  const Tensor& maybe_get_output(int64_t output_idx) override;
};

}  // namespace aten
