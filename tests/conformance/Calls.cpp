#include "Calls.h"

#include "Bridge.h"

#include <aten/core/Error.h>
#include <aten/ops/as_strided.h>
#include <aten/ops/copy.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_strided.h>
#include <aten/ops/expand.h>
#include <aten/ops/permute.h>
#include <aten/ops/select.h>
#include <aten/ops/slice.h>
#include <aten/ops/unsqueeze.h>
#include <aten/ops/zeros.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <sstream>

namespace aten::conformance {

namespace {

using Rng = std::mt19937_64;

constexpr ScalarType kAllDtypes[] = {
    ScalarType::Bool, ScalarType::Byte,     ScalarType::Char,         ScalarType::Short,
    ScalarType::Int,  ScalarType::Long,     ScalarType::Float,        ScalarType::Double,
    ScalarType::Half, ScalarType::BFloat16, ScalarType::ComplexFloat, ScalarType::ComplexDouble};

bool chance(Rng& r, double p) { return std::uniform_real_distribution<double>(0, 1)(r) < p; }
int64_t between(Rng& r, int64_t lo, int64_t hi) {  // inclusive
  return std::uniform_int_distribution<int64_t>(lo, hi)(r);
}
template <typename T>
T pick(Rng& r, std::span<const T> from) {
  return from[between(r, 0, static_cast<int64_t>(from.size()) - 1)];
}
template <typename T>
T pick(Rng& r, std::initializer_list<T> from) {
  return pick(r, std::span<const T>(from.begin(), from.size()));
}

ScalarType draw_dtype(Rng& r, std::span<const ScalarType> declared) {
  if (!declared.empty() && chance(r, 0.85)) return pick(r, declared);
  return pick(r, std::span<const ScalarType>(kAllDtypes));
}

int64_t draw_size(Rng& r) {
  const double u = std::uniform_real_distribution<double>(0, 1)(r);
  if (u < 0.04) return 0;
  if (u < 0.25) return 1;
  return between(r, 2, 7);
}

std::vector<int64_t> draw_shape(Rng& r, bool pooling = false) {
  // Pooling ops take [C, H, W] or [N, C, H, W] inputs: mostly those.
  if (pooling && chance(r, 0.85)) {
    std::vector<int64_t> s(chance(r, 0.5) ? 3 : 4);
    for (auto& d : s) d = chance(r, 0.05) ? 0 : between(r, 1, 7);
    return s;
  }
  if (chance(r, 0.04)) return {between(r, 150, 300), between(r, 30, 270)};  // parallel, vector
  const int64_t rank = pick<int64_t>(r, {0, 1, 1, 2, 2, 2, 3, 3, 4});
  std::vector<int64_t> s(rank);
  for (auto& d : s) d = draw_size(r);
  return s;
}

// A shape that broadcasts with s.
std::vector<int64_t> partner_shape(Rng& r, const std::vector<int64_t>& s) {
  const double u = std::uniform_real_distribution<double>(0, 1)(r);
  if (u < 0.6) return s;
  if (u < 0.8) {
    std::vector<int64_t> p = s;
    for (auto& d : p)
      if (chance(r, 0.5)) d = 1;
    return p;
  }
  if (u < 0.9 && !s.empty())
    return {s.begin() + between(r, 1, static_cast<int64_t>(s.size())), s.end()};
  if (u < 0.95) return {};
  return draw_shape(r);  // usually not broadcastable: the error path
}

Arrangement draw_arrangement(Rng& r, const std::vector<int64_t>& shape) {
  const double u = std::uniform_real_distribution<double>(0, 1)(r);
  if (u < 0.45 || shape.empty()) return Arrangement::contiguous;
  if (u < 0.6) return Arrangement::transposed;
  if (u < 0.75) return Arrangement::sliced;
  if (u < 0.85) return Arrangement::expanded;
  if (u < 0.9 && shape.size() == 4) return Arrangement::channels_last;
  return Arrangement::offset;
}

TensorArg tensor_arg(Rng& r, ScalarType dtype, std::vector<int64_t> shape) {
  TensorArg t{dtype, std::move(shape)};
  t.arrangement = draw_arrangement(r, t.shape);
  t.seed = r();
  return t;
}

// Element i of a floating tensor: mostly ordinary values, sometimes (unless `ordinary`) the
// special ones.
double float_value(uint64_t bits, bool ordinary = false) {
  static constexpr double kSpecial[] = {std::numeric_limits<double>::quiet_NaN(),
                                        std::numeric_limits<double>::infinity(),
                                        -std::numeric_limits<double>::infinity(),
                                        -0.0,
                                        0.0,
                                        1e30,
                                        -1e30,
                                        1e-30,
                                        1e-40,
                                        65504.0,
                                        1.0,
                                        -1.0,
                                        0.5,
                                        3e38,
                                        1e-310};
  if (!ordinary && bits % 100 < 12) return kSpecial[(bits >> 8) % std::size(kSpecial)];
  // Multiples of 1/64 in [-3, 3], or any double there.
  const double u = static_cast<double>(bits >> 11) * 0x1.0p-53;
  if (bits % 100 < 50) return std::round((u * 6 - 3) * 64) / 64;
  return u * 6 - 3;
}

int64_t int_value(uint64_t bits, ScalarType dtype) {
  const int64_t v = static_cast<int64_t>((bits >> 8) % 19) - 9;
  if (dtype == ScalarType::Byte) return v + 9;
  if (dtype == ScalarType::Bool) return v & 1;
  return v;
}

Scalar draw_scalar(Rng& r, ScalarType dtype) {
  const double u = std::uniform_real_distribution<double>(0, 1)(r);
  const bool integral_tensor = isIntegralType(dtype, /*includeBool=*/true);
  if (u < (integral_tensor ? 0.65 : 0.25)) return Scalar(between(r, -5, 5));
  if (u < 0.85) return Scalar(float_value(r()));
  if (u < 0.92) return Scalar(chance(r, 0.5));
  return Scalar(std::complex<double>(float_value(r()), float_value(r())));
}

std::vector<int64_t> contiguous_strides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size());
  int64_t acc = 1;
  for (size_t d = shape.size(); d-- > 0;) {
    s[d] = acc;
    acc *= std::max<int64_t>(shape[d], 1);
  }
  return s;
}

int64_t numel_of(const std::vector<int64_t>& shape) {
  return std::accumulate(shape.begin(), shape.end(), int64_t{1}, std::multiplies<>());
}

// A dim of a tensor of rank `rank`, counted either way.
int64_t draw_dim(Rng& r, int64_t rank) {
  const int64_t n = std::max<int64_t>(rank, 1);
  return between(r, -n, n - 1);
}

// The tensor arguments of linear-algebra ops: their shapes follow from a few sizes.
std::vector<std::vector<int64_t>> linalg_shapes(Rng& r, const std::string& op) {
  const int64_t n = between(r, 0, 6), k = between(r, 0, 6), m = between(r, 0, 6);
  const int64_t b = between(r, 1, 3);
  const int64_t k2 = chance(r, 0.05) ? k + 1 : k;  // a mismatch now and then
  if (op == "mm") return {{n, k}, {k2, m}};
  if (op == "bmm") return {{b, n, k}, {b, k2, m}};
  if (op == "addmm")
    return {chance(r, 0.5) ? std::vector<int64_t>{n, m} : std::vector<int64_t>{m}, {n, k}, {k2, m}};
  if (op == "dot") return {{k}, {k2}};
  if (op == "mv") return {{n, k}, {k2}};
  if (op == "matmul") {
    auto side = [&](int64_t rows, int64_t cols, bool left) {
      const int64_t rank = pick<int64_t>(r, {1, 2, 2, 3});
      if (rank == 1) return std::vector<int64_t>{left ? cols : rows};
      std::vector<int64_t> s = {rows, cols};
      if (rank == 3) s.insert(s.begin(), chance(r, 0.3) ? 1 : b);
      return s;
    };
    return {side(n, k, true), side(k2, m, false)};
  }
  return {};
}

// The normalisation ops, whose parameters and statistics are sized by the input's channels
// (or normalized_shape, or groups).
bool is_norm(const std::string& op) { return op.find("_norm") != std::string::npos; }

bool is_embedding_bag(const std::string& op) {
  return op.rfind("embedding_bag", 0) == 0 || op.rfind("_embedding_bag", 0) == 0;
}

bool is_linalg(const std::string& op) {
  return op == "mm" || op == "bmm" || op == "addmm" || op == "dot" || op == "mv" || op == "matmul";
}

// The convolutions (conv1d ... conv_transpose3d, convolution and its backward): one geometry
// drawn first, so that the tensors' shapes and the int lists agree, now and then not (the error
// paths). Without it almost every random call is refused by both libraries.
bool is_conv(const std::string& op) { return op.rfind("conv", 0) == 0; }

struct ConvDraw {
  int64_t dims = 2, groups = 1, out_channels = 1;
  bool transposed = false;
  std::vector<int64_t> stride, padding, dilation, output_padding;
  std::vector<int64_t> kernel, output_size;  // im2col's and col2im's
};

// One spatial dim of a convolution or an unfolding: kernel, stride, dilation and padding (pushed
// onto c), the window's extent, and an input size that the padded window fits.
struct DimDraw {
  int64_t k, s, dil, pad, extent, size;
};
DimDraw draw_window_dim(Rng& r, ConvDraw& c) {
  const int64_t k = between(r, 1, 3), s = between(r, 1, 2), dil = chance(r, 0.8) ? 1 : 2;
  const int64_t pad = between(r, 0, 1);
  const int64_t extent = dil * (k - 1) + 1;
  c.stride.push_back(s);
  c.dilation.push_back(dil);
  c.padding.push_back(pad);
  return {k, s, dil, pad, extent, std::max<int64_t>(1, extent - 2 * pad) + between(r, 0, 5)};
}

// im2col and col2im: the same, a 2-d geometry whose images (im2col) or columns (col2im) agree
// with kernel_size, dilation, padding, stride and output_size, now and then not.
bool is_unfold(const std::string& op) {
  return op.rfind("im2col", 0) == 0 || op.rfind("col2im", 0) == 0;
}

std::vector<std::vector<int64_t>> unfold_shapes(Rng& r, const std::string& op, ConvDraw& c) {
  c.kernel.clear();
  c.output_size.clear();
  int64_t blocks = 1;
  for (int j = 0; j < 2; ++j) {
    const auto [k, s, dil, pad, extent, size] = draw_window_dim(r, c);
    c.kernel.push_back(k);
    c.output_size.push_back(size);
    blocks *= (size + 2 * pad - extent) / s + 1;
  }
  const int64_t N = chance(r, 0.05) ? 0 : between(r, 1, 3), C = between(r, 1, 3);
  std::vector<int64_t> shape = op.rfind("im2col", 0) == 0
                                   ? std::vector<int64_t>{N, C, c.output_size[0], c.output_size[1]}
                                   : std::vector<int64_t>{N, C * c.kernel[0] * c.kernel[1], blocks};
  if (chance(r, 0.1)) shape.erase(shape.begin());  // unbatched
  if (chance(r, 0.05)) shape[between(r, 0, static_cast<int64_t>(shape.size()) - 1)] += 1;
  return {shape};
}

// The shapes of a convolution's tensor arguments in order: input, weight, bias (the backward:
// grad_output, input, weight).
std::vector<std::vector<int64_t>> conv_shapes(Rng& r, const std::string& op, ConvDraw& c) {
  const bool functional = op.rfind("convolution", 0) != 0;
  c.dims = op.find("1d") != std::string::npos   ? 1
           : op.find("2d") != std::string::npos ? 2
           : op.find("3d") != std::string::npos ? 3
                                                : between(r, 1, 3);
  c.transposed = op.find("transpose") != std::string::npos || (!functional && chance(r, 0.3));
  c.groups = chance(r, 0.7) ? 1 : between(r, 2, 3);
  const int64_t N = chance(r, 0.05) ? 0 : between(r, 1, 3);
  const int64_t C = c.groups * between(r, 1, 3);
  c.out_channels = c.groups * between(r, 1, 3);
  std::vector<int64_t> in, kernel, out;
  for (int64_t j = 0; j < c.dims; ++j) {
    // Plain variables, not a structured binding: the lambda below captures them (clang 14 refuses).
    const DimDraw d = draw_window_dim(r, c);
    const int64_t s = d.s, dil = d.dil, pad = d.pad, extent = d.extent;
    int64_t size = d.size;
    kernel.push_back(d.k);
    in.push_back(size);
    // Below the stride or the dilation, as a transposed convolution requires.
    c.output_padding.push_back(c.transposed && chance(r, 0.3) ? between(r, 0, std::max(s, dil) - 1)
                                                              : 0);
    auto out_size = [&] {
      return c.transposed ? (size - 1) * s - 2 * pad + extent + c.output_padding.back()
                          : (size + 2 * pad - extent) / s + 1;
    };
    while (out_size() < 1) ++size;  // a transposed one's padding can take all of it
    in.back() = size;
    out.push_back(out_size());
  }
  auto with = [](std::vector<int64_t> head, const std::vector<int64_t>& tail) {
    head.insert(head.end(), tail.begin(), tail.end());
    return head;
  };
  const int64_t O = c.out_channels;
  // The functional forms also take an unbatched input.
  const bool unbatched = functional && chance(r, 0.1);
  std::vector<int64_t> input = unbatched ? with({C}, in) : with({N, C}, in);
  std::vector<int64_t> weight = c.transposed ? with({C, O / c.groups}, kernel)
                                             : with({O, C / c.groups}, kernel);
  std::vector<std::vector<int64_t>> shapes;
  if (op == "convolution_backward") shapes = {with({N, O}, out), input, weight};
  else shapes = {input, weight, {O}};
  if (chance(r, 0.05)) {  // one size off
    auto& t = shapes[between(r, 0, static_cast<int64_t>(shapes.size()) - 1)];
    t[between(r, 0, static_cast<int64_t>(t.size()) - 1)] += 1;
  }
  return shapes;
}

// A shape with as many elements as `s` (view, reshape), sometimes with a -1.
std::vector<int64_t> same_numel_shape(Rng& r, const std::vector<int64_t>& s) {
  std::vector<int64_t> t = s;
  if (chance(r, 0.4) && t.size() >= 2) {  // merge two neighbours
    const size_t i = between(r, 0, static_cast<int64_t>(t.size()) - 2);
    t[i] *= t[i + 1];
    t.erase(t.begin() + static_cast<std::ptrdiff_t>(i) + 1);
  } else if (chance(r, 0.3)) {
    t.insert(t.begin() + between(r, 0, static_cast<int64_t>(t.size())), 1);
  } else if (chance(r, 0.3)) {
    t = {numel_of(s)};
  }
  if (!t.empty() && chance(r, 0.3)) t[between(r, 0, static_cast<int64_t>(t.size()) - 1)] = -1;
  if (chance(r, 0.05) && !t.empty()) t[0] += 1;  // the error path
  return t;
}

struct Draw {
  Rng& r;
  const std::string& op;
  std::span<const ScalarType> declared;
  ScalarType dtype;
  std::vector<int64_t> shape;
  int64_t dim;  // the dim most int `dim` arguments take, drawn first so the tensors can use it
  std::vector<std::vector<int64_t>> linalg;  // shapes of the tensor arguments, in order
  size_t tensors_drawn = 0;
  std::vector<int64_t> last_size;        // the last int[] drawn: empty_strided's stride follows it
  bool meta;                             // factories are asked for Meta tensors
  std::vector<int64_t> self_shape = {};  // the shape of the `self` tensor drawn
  // Normalisation ops: normalized_shape as drawn, and the group count (a divisor of the
  // channels, drawn first so that mean and rstd can have N * group elements).
  std::vector<int64_t> normalized = {};
  int64_t groups = 1;
  int64_t index_length = 0;  // the last 1-d index's length (index_add's source)
  ConvDraw conv = {};

  int64_t rank() const { return static_cast<int64_t>(shape.size()); }
  int64_t size_at_dim() const {
    if (shape.empty()) return 1;
    const int64_t d = dim < 0 ? dim + rank() : dim;
    return d >= 0 && d < rank() ? shape[d] : 1;
  }

  TensorArg tensor(const c10::Argument& a, bool first) {
    const std::string& name = a.name();
    const bool written = a.alias_info() != nullptr && a.alias_info()->isWrite();
    std::vector<int64_t> s;
    if (!linalg.empty() && tensors_drawn < linalg.size() && !(written && a.kwarg_only())) {
      s = linalg[tensors_drawn];
    }
    ++tensors_drawn;
    if (written && a.kwarg_only()) return out_tensor();
    if (name == "condition" || name == "mask") {
      return tensor_arg(r, ScalarType::Bool, name == "mask" ? partner_shape(r, shape) : shape);
    }
    if (name == "index") return index_tensor();
    if (is_embedding_bag(op) && !first) return bag_tensor(name);
    if (name == "indices" && op.rfind("embedding", 0) == 0) return embedding_indices();
    if (first && op == "one_hot") {
      TensorArg t = tensor_arg(r, chance(r, 0.95) ? ScalarType::Long : draw_dtype(r, {}), shape);
      t.index_bound = between(r, 1, 6);
      return t;
    }
    if (name == "values" && op.rfind("index_put", 0) == 0) {
      // A 0-dim value or a row of self's last dim broadcast to any indexed shape (so that
      // repeated indices write equal values), else most likely the shape-mismatch error.
      const double u = std::uniform_real_distribution<double>(0, 1)(r);
      std::vector<int64_t> s = u < 0.45   ? std::vector<int64_t>{}
                               : u < 0.85 ? (shape.empty() ? std::vector<int64_t>{}
                                                           : std::vector<int64_t>{shape.back()})
                                          : partner_shape(r, shape);
      return tensor_arg(r, chance(r, 0.9) ? dtype : draw_dtype(r, declared), s);
    }
    if (name == "indices" && op.rfind("max_pool2d", 0) == 0) return pool_indices();
    if (is_norm(op) && !first) return norm_tensor(name);
    if (name == "self") self_shape = !s.empty() ? s : first ? shape : std::vector<int64_t>{};
    if (!s.empty() || (is_linalg(op) && tensors_drawn <= linalg.size())) {
      return tensor_arg(
          r, first || chance(r, is_conv(op) ? 0.95 : 0.8) ? dtype : draw_dtype(r, declared), s);
    }
    if (first) return tensor_arg(r, dtype, shape);
    if (name == "src" && op == "scatter") return tensor_arg(r, dtype, shape);
    if (name == "source" && op == "index_add" && chance(r, 0.9)) {
      // self's shape with the index's length along dim.
      std::vector<int64_t> s = shape;
      const int64_t d = dim < 0 ? dim + rank() : dim;
      if (d >= 0 && d < rank()) s[d] = index_length;
      return tensor_arg(r, chance(r, 0.9) ? dtype : draw_dtype(r, declared), s);
    }
    return tensor_arg(r, chance(r, 0.75) ? dtype : draw_dtype(r, declared),
                      partner_shape(r, shape));
  }

  // A parameter or statistic of a normalisation op: mostly of the size the input asks for, in
  // its dtype (now and then another, the error paths).
  TensorArg norm_tensor(const std::string& name) {
    std::vector<int64_t> s;
    const int64_t C = shape.size() >= 2 ? shape[1] : 1;
    const bool layer = op.find("layer_norm") != std::string::npos;
    const bool group = op.find("group_norm") != std::string::npos;
    if (name == "input" || name == "grad_out") {
      s = shape;
    } else if (layer && (name == "weight" || name == "bias")) {
      s = normalized;
    } else if (layer && (name == "mean" || name == "rstd")) {
      s = shape;
      for (size_t d = shape.size() - std::min(shape.size(), normalized.size()); d < s.size(); ++d)
        s[d] = 1;
    } else if (group && (name == "mean" || name == "rstd")) {
      s = {shape.empty() ? 1 : shape[0], groups};
    } else {
      s = {C};
    }
    if (chance(r, 0.05)) s = draw_shape(r);
    TensorArg t = tensor_arg(r, chance(r, 0.9) ? dtype : draw_dtype(r, declared), s);
    if (name == "running_var" || name == "save_invstd" || name == "rstd") t.ordinary = true;
    return t;
  }

  TensorArg out_tensor() {
    const double u = std::uniform_real_distribution<double>(0, 1)(r);
    std::vector<int64_t> s = u < 0.5 ? std::vector<int64_t>{0} : u < 0.8 ? shape : draw_shape(r);
    TensorArg t = tensor_arg(r, chance(r, 0.5) ? dtype : draw_dtype(r, {}), s);
    if (t.arrangement == Arrangement::expanded && chance(r, 0.7)) {
      t.arrangement = Arrangement::contiguous;
    }
    return t;
  }

  // max_pool2d_with_indices_backward's indices: grad_output's shape, each a flat index into
  // self's last two dims (libtorch writes where they point, unchecked).
  TensorArg pool_indices() {
    TensorArg t = tensor_arg(r, chance(r, 0.95) ? ScalarType::Long : draw_dtype(r, {}), shape);
    const int64_t n = self_shape.size();
    t.index_bound = n >= 2 ? std::max<int64_t>(self_shape[n - 1] * self_shape[n - 2], 1) : 1;
    return t;
  }

  TensorArg index_tensor() {
    std::vector<int64_t> s;
    if (op == "index_select" || op == "index_add" || op == "index_fill") {
      s = {between(r, 0, 6)};
      if (chance(r, 0.1)) s = {};
      index_length = s.empty() ? 1 : s[0];
    } else {
      s = shape;  // gather and scatter: an index no larger than self
      for (auto& d : s)
        if (chance(r, 0.3)) d = between(r, 0, d);
    }
    TensorArg t = tensor_arg(r, chance(r, 0.95) ? ScalarType::Long : draw_dtype(r, {}), s);
    t.index_bound = size_at_dim();
    t.index_negative = op == "index_fill";    // the one of these that wraps negative indices
    if (chance(r, 0.03)) t.index_bound += 1;  // out of range: the error path
    return t;
  }

  // embedding's indices: weight's rows (embedding), or one per row of grad (the backwards,
  // whose num_weights is mostly kWeights); now and then one out of range, or a float index.
  static constexpr int64_t kWeights = 5;
  TensorArg embedding_indices() {
    std::vector<int64_t> s;
    int64_t bound = kWeights;
    if (op == "embedding") {
      s = {between(r, 0, 4)};
      if (chance(r, 0.3)) s.push_back(between(r, 1, 3));
      bound = shape.empty() ? 1 : shape[0];
    } else if (!shape.empty()) {
      s.assign(shape.begin(), shape.end() - 1);
    }
    const bool good = chance(r, 0.95);
    TensorArg t = tensor_arg(
        r, good ? (chance(r, 0.7) ? ScalarType::Long : ScalarType::Int) : draw_dtype(r, {}), s);
    t.index_bound = bound + (chance(r, 0.03) ? 1 : 0);
    return t;
  }

  // embedding_bag's tensors after weight (`shape`): 1-d indices below weight's rows, offsets
  // into them, one per-sample weight per index, and the backwards' bookkeeping; now and then a
  // dtype or length off (the error paths).
  TensorArg bag_tensor(const std::string& name) {
    const int64_t rows = shape.empty() ? 1 : shape[0];
    if (name == "indices") {
      index_length = between(r, 0, 9);
      TensorArg t = tensor_arg(r,
                               chance(r, 0.97)
                                   ? (chance(r, 0.7) ? ScalarType::Long : ScalarType::Int)
                                   : draw_dtype(r, {}),
                               {index_length});
      t.index_bound = rows + (chance(r, 0.03) ? 1 : 0);
      return t;
    }
    if (name == "offsets") {
      TensorArg t = tensor_arg(r, chance(r, 0.7) ? ScalarType::Long : ScalarType::Int,
                               {between(r, 1, 5)});
      t.offsets_into = index_length;
      return t;
    }
    if (name == "per_sample_weights")
      return tensor_arg(r, chance(r, 0.9) ? dtype : draw_dtype(r, declared),
                        {index_length + (chance(r, 0.03) ? 1 : 0)});
    return tensor_arg(r, chance(r, 0.75) ? dtype : draw_dtype(r, declared),
                      partner_shape(r, shape));
  }

  // indexing's Tensor?[] indices into a self of `shape`: per dim a None, a Long index (values
  // in [-size, size), shapes that broadcast together) or a Bool / Byte mask over one or the
  // remaining dims. Now and then an index past self's dims, a value out of range, or an Int
  // index: the error paths. Never every entry None (libtorch 1.13 fails an internal assert).
  std::vector<std::optional<TensorArg>> index_list() {
    std::vector<std::optional<TensorArg>> out;
    const int64_t rank_ = rank();
    const int64_t n = between(r, 1, std::max<int64_t>(1, rank_ + (chance(r, 0.05) ? 1 : 0)));
    std::vector<int64_t> common;
    for (int64_t k = between(r, 0, 2); k > 0; --k) common.push_back(between(r, 0, 4));
    int64_t d = 0;
    bool any = false;
    for (int64_t k = 0; k < n; ++k) {
      const bool last = k == n - 1;
      if (d < rank_ && chance(r, 0.3) && !(last && !any)) {
        out.emplace_back(std::nullopt);
        ++d;
        continue;
      }
      if (d < rank_ && chance(r, 0.2)) {
        const int64_t m = chance(r, 0.5) ? 1 : rank_ - d;
        std::vector<int64_t> s(shape.begin() + d, shape.begin() + d + m);
        out.emplace_back(
            tensor_arg(r, chance(r, 0.8) ? ScalarType::Bool : ScalarType::Byte, std::move(s)));
        d += m;
        any = true;
        continue;
      }
      std::vector<int64_t> s = common;
      for (auto& x : s)
        if (chance(r, 0.3)) x = 1;
      if (!s.empty() && chance(r, 0.2)) s.erase(s.begin());
      TensorArg t = tensor_arg(r, chance(r, 0.95) ? ScalarType::Long : ScalarType::Int, s);
      t.index_bound = d < rank_ ? shape[d] : 1;
      t.index_negative = true;
      if (chance(r, 0.03)) t.index_bound += 1;
      out.emplace_back(std::move(t));
      ++d;
      any = true;
    }
    return out;
  }

  std::vector<TensorArg> tensor_list() {
    std::vector<TensorArg> ts;
    const int64_t n = between(r, op == "stack" || op == "cat" ? 1 : 0, 3);
    for (int64_t i = 0; i < n; ++i) {
      std::vector<int64_t> s = shape;
      if (op == "cat" && !s.empty() && chance(r, 0.7)) {
        const int64_t d = dim < 0 ? dim + rank() : dim;
        if (d >= 0 && d < rank()) s[d] = between(r, 0, 4);
      }
      ts.push_back(tensor_arg(r, chance(r, 0.8) ? dtype : draw_dtype(r, declared), s));
    }
    return ts;
  }

  IValue int_arg(const std::string& name) {
    if (is_conv(op) && name == "groups") return chance(r, 0.97) ? conv.groups : between(r, 0, 4);
    if (name == "dim") return chance(r, 0.9) ? dim : between(r, -rank() - 1, rank());
    if (name == "dim0" || name == "dim1" || name == "dim2" || name == "start_dim" ||
        name == "end_dim" || name == "dimension") {
      return draw_dim(r, rank());
    }
    if (name == "index")
      return between(r, -size_at_dim(), size_at_dim() - (chance(r, 0.95) ? 1 : 0));
    if (name == "num_weights") return chance(r, 0.9) ? kWeights : between(r, 0, 6);
    if (is_embedding_bag(op) && name == "mode") return chance(r, 0.97) ? between(r, 0, 2) : 3;
    if (is_embedding_bag(op) && name == "padding_idx") {
      const int64_t rows = shape.empty() ? 1 : shape[0];
      return chance(r, 0.97) ? between(r, -rows, rows - 1) : rows;
    }
    if (name == "length" || name == "split_size" || name == "chunks" || name == "size" ||
        name == "steps" || name == "n" || name == "m") {
      return between(r, 0, 5);
    }
    if (name == "step") return between(r, 1, 3);
    if (is_norm(op)) {  // native_group_norm's sizes, mostly the input's
      const int64_t C = rank() >= 2 ? shape[1] : 1;
      if (name == "N") return chance(r, 0.95) ? (rank() >= 1 ? shape[0] : 1) : between(r, 0, 4);
      if (name == "C") return chance(r, 0.95) ? C : between(r, 0, 4);
      if (name == "HxW") {
        int64_t hw = 1;
        for (int64_t d = 2; d < rank(); ++d) hw *= shape[d];
        return chance(r, 0.95) ? hw : between(r, 0, 4);
      }
      if (name == "group" || name == "num_groups") return groups;
    }
    if (name == "decimals") return between(r, -2, 3);
    if (name == "correction") return between(r, 0, 2);
    if (name == "storage_offset") return between(r, 0, 3);
    return between(r, -2, 5);
  }

  // Pooling parameters: one or two small values, now and then one out of range (the error
  // paths); stride may be empty (the kernel size).
  std::vector<int64_t> pool_list(int64_t lo, int64_t hi) {
    std::vector<int64_t> v(chance(r, 0.3) ? 1 : 2);
    for (auto& x : v) x = between(r, lo, hi);
    if (chance(r, 0.04)) v.push_back(between(r, lo, hi));
    if (chance(r, 0.04)) v[0] = between(r, -1, lo);
    return v;
  }

  IValue int_list_arg(const std::string& name) {
    std::vector<int64_t> v;
    if (name == "normalized_shape") {  // trailing dims of the input, now and then not
      const int64_t k = between(r, chance(r, 0.05) ? 0 : 1, std::max<int64_t>(rank(), 1));
      normalized.assign(shape.end() - std::min<int64_t>(k, rank()), shape.end());
      if (chance(r, 0.05) && !normalized.empty()) normalized[0] += 1;
      return normalized;
    }
    if ((is_conv(op) || is_unfold(op)) && !chance(r, 0.03)) {
      if (name == "kernel_size" && is_unfold(op)) return conv.kernel;
      if (name == "output_size" && is_unfold(op)) return conv.output_size;
      if (name == "stride") return conv.stride;
      if (name == "padding") return conv.padding;
      if (name == "dilation") return conv.dilation;
      if (name == "output_padding") return conv.output_padding;
      if (name == "bias_sizes") return std::vector<int64_t>{conv.out_channels};
    }
    if (op.find("pool2d") != std::string::npos) {
      if (name == "kernel_size") return pool_list(1, 3);
      if (name == "stride") return chance(r, 0.3) ? std::vector<int64_t>{} : pool_list(1, 3);
      if (name == "padding") return pool_list(0, 1);
      if (name == "dilation") return pool_list(1, 2);
      if (name == "output_size") return pool_list(0, 4);
    }
    if (name == "size" || name == "shape") {
      if (op == "view" || op == "reshape") {
        v = same_numel_shape(r, shape);
      } else if (op == "expand") {
        v = shape;
        for (auto& d : v)
          if (d == 1 && chance(r, 0.5)) d = between(r, 0, 4);
        if (chance(r, 0.3)) v.insert(v.begin(), between(r, 1, 3));
        if (!v.empty() && chance(r, 0.2)) v[between(r, 0, static_cast<int64_t>(v.size()) - 1)] = -1;
      } else {
        v = draw_shape(r);
      }
      last_size = v;
      return v;
    }
    if (name == "stride") {
      v = contiguous_strides(last_size);
      if (chance(r, 0.4)) std::reverse(v.begin(), v.end());
      return v;
    }
    if (name == "dims" && op == "permute") {
      v.resize(shape.size());
      std::iota(v.begin(), v.end(), 0);
      std::shuffle(v.begin(), v.end(), r);
      if (chance(r, 0.1) && !v.empty()) v[0] = v.back();  // a repeated dim: the error path
      return v;
    }
    if (name == "repeats") {
      v.resize(shape.size() + between(r, 0, 1));
      for (auto& d : v) d = between(r, 0, 3);
      return v;
    }
    if (name == "pad") {  // [before, after] pairs for up to 3 trailing dims, now and then odd
      v.resize(2 * between(r, 1, std::clamp<int64_t>(rank(), 1, 3)) + (chance(r, 0.03) ? 1 : 0));
      for (auto& x : v) x = between(r, -1, 3);
      return v;
    }
    if (name == "shifts") {
      v = {between(r, -3, 3)};
      return v;
    }
    if (name == "split_sizes") {
      int64_t left = size_at_dim();
      while (left > 0) {
        const int64_t take = between(r, 0, left);
        v.push_back(take);
        left -= take;
      }
      if (chance(r, 0.1)) v.push_back(1);
      return v;
    }
    // dim / dims: a set of dims, or none ([] means every dim where the op allows it).
    const double u = std::uniform_real_distribution<double>(0, 1)(r);
    if (u < 0.4) return std::vector<int64_t>{dim};
    if (u < 0.55) return std::vector<int64_t>{};
    for (int64_t d = 0; d < rank(); ++d)
      if (chance(r, 0.5)) v.push_back(chance(r, 0.5) ? d : d - rank());
    return v;
  }

  IValue value(const c10::Argument& a, const std::string& declared) {
    const std::string& name = a.name();
    c10::TypePtr type = a.type();
    // Generators: none, on both sides, so each library samples from its default generator (the
    // values of sampling ops are not compared, only their geometry: Main.cpp).
    if (declared.rfind("Generator", 0) == 0) return IValue();
    if (auto opt = type->cast<c10::OptionalType>()) {
      // Optional arguments: None often, since it is their default and ATen's common path.
      if (chance(r, name == "dtype" || name == "memory_format" ? 0.7 : 0.3)) return IValue();
      type = opt->getElementType();
    }
    // Enums are ints in libtorch's parsed schema.
    if (declared.rfind("ScalarType", 0) == 0) return draw_dtype(r, {});
    if (declared.rfind("Layout", 0) == 0) return Layout::Strided;
    if (declared.rfind("MemoryFormat", 0) == 0) {
      if (shape.size() == 4 && chance(r, 0.3)) return MemoryFormat::ChannelsLast;
      return chance(r, 0.5) ? MemoryFormat::Contiguous : MemoryFormat::Preserve;
    }
    switch (type->kind()) {
      case c10::TypeKind::IntType:
        return int_arg(name);
      case c10::TypeKind::FloatType:
        if (name == "rtol" || name == "atol") return pick<double>(r, {1e-5, 1e-3, 0.1, 0.0});
        return float_value(r());
      case c10::TypeKind::BoolType:
        if (is_conv(op) && name == "transposed")
          return chance(r, 0.97) ? conv.transposed : !conv.transposed;
        return chance(r, 0.5);
      case c10::TypeKind::NumberType: {  // Scalar
        if (name == "alpha" && chance(r, 0.5)) return Scalar(1);
        if (name == "p") return Scalar(pick<double>(r, {1, 2, 3, 0, 0.5, INFINITY, -INFINITY}));
        if (name == "exponent" && chance(r, 0.6))
          return Scalar(pick<double>(r, {0, 1, 2, 3, 0.5, -1, 2.5, -2}));
        return draw_scalar(r, dtype);
      }
      case c10::TypeKind::DeviceObjType:
        return Device(meta ? DeviceType::Meta : DeviceType::CPU);
      case c10::TypeKind::StringType:
        if (name == "approximate") return pick<const char*>(r, {"none", "tanh"});
        if (name == "rounding_mode") return pick<const char*>(r, {"trunc", "floor"});
        if (name == "reduce" && op == "scatter_reduce")
          return pick<const char*>(r, {"sum", "prod", "mean", "amax", "amin"});
        if (name == "reduce") return pick<const char*>(r, {"add", "multiply"});
        if (name == "mode")
          return pick<const char*>(r, {"constant", "reflect", "replicate", "circular"});
        if (name == "indexing") return pick<const char*>(r, {"ij", "xy"});
        if (is_conv(op) && name == "padding") return pick<const char*>(r, {"valid", "same"});
        return std::string("none");
      case c10::TypeKind::ListType: {
        const auto elem = type->castRaw<c10::ListType>()->getElementType();
        if (elem->kind() == c10::TypeKind::IntType) return int_list_arg(name);
        if (elem->kind() == c10::TypeKind::BoolType)  // output_mask
          return std::vector<bool>{chance(r, 0.8), chance(r, 0.8), chance(r, 0.8)};
        if (elem->kind() == c10::TypeKind::FloatType) return std::vector<double>{float_value(r())};
        break;
      }
      default:
        break;
    }
    ATEN_ERROR("conformance: no way to draw argument '", name, "' of type ", type->str());
  }
};

// The schema's default for `a` (declared as `declared`) as a MiniATen value.
IValue default_of(const c10::Argument& a, const std::string& declared) {
  const c10::IValue& d = *a.default_value();
  if (d.isNone()) return IValue();
  c10::TypePtr type = a.type();
  if (auto opt = type->cast<c10::OptionalType>()) type = opt->getElementType();
  if (declared.rfind("ScalarType", 0) == 0) {
    return from_torch(static_cast<c10::ScalarType>(d.toInt()));
  }
  if (declared.rfind("Layout", 0) == 0) return Layout::Strided;
  if (declared.rfind("MemoryFormat", 0) == 0) {
    switch (static_cast<at::MemoryFormat>(d.toInt())) {
      case at::MemoryFormat::Contiguous:
        return MemoryFormat::Contiguous;
      case at::MemoryFormat::ChannelsLast:
        return MemoryFormat::ChannelsLast;
      case at::MemoryFormat::ChannelsLast3d:
        return MemoryFormat::ChannelsLast3d;
      default:
        return MemoryFormat::Preserve;
    }
  }
  switch (type->kind()) {
    case c10::TypeKind::NumberType:
      if (d.isInt()) return Scalar(d.toInt());
      return Scalar(d.toDouble());
    case c10::TypeKind::ListType:
      if (d.isIntList()) return d.toIntVector();
      if (d.isInt()) return std::vector<int64_t>{d.toInt()};
      break;
    default:
      if (d.isInt()) return d.toInt();
      if (d.isDouble()) return d.toDouble();
      if (d.isBool()) return d.toBool();
      if (d.isString()) return std::string(d.toStringRef());
  }
  ATEN_ERROR("conformance: default of '", a.name(), "' has no MiniATen value");
}

}  // namespace

uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

TensorArg ordinary_tensor_arg(uint64_t seed, ScalarType dtype, std::vector<int64_t> shape) {
  Rng r(mix(seed));
  TensorArg t = tensor_arg(r, dtype, std::move(shape));
  t.ordinary = true;
  return t;
}

const char* name_of(Arrangement a) {
  switch (a) {
    case Arrangement::contiguous:
      return "contiguous";
    case Arrangement::transposed:
      return "transposed";
    case Arrangement::sliced:
      return "sliced";
    case Arrangement::expanded:
      return "expanded";
    case Arrangement::channels_last:
      return "channels_last";
    case Arrangement::offset:
      return "offset";
  }
  return "?";
}

std::vector<std::string> declared_types(std::string_view schema) {
  const auto open = schema.find('(');
  const auto close = schema.rfind(") ->");
  std::vector<std::string> types;
  int depth = 0;
  size_t start = open + 1;
  for (size_t i = open + 1; i <= close; ++i) {
    const char c = schema[i];
    if (c == '(' || c == '[') ++depth;
    if ((c == ')' || c == ']') && i != close) --depth;
    if (i == close || (c == ',' && depth == 0)) {
      std::string arg(schema.substr(start, i - start));
      arg.erase(0, arg.find_first_not_of(' '));
      if (!arg.empty() && arg != "*") {
        const auto eq = arg.find('=');
        const std::string decl = arg.substr(0, eq);
        types.push_back(decl.substr(0, decl.rfind(' ')));
      }
      start = i + 1;
    }
  }
  return types;
}

Call make_call(const c10::FunctionSchema& schema, std::span<const std::string> types,
               const std::string& overload, std::span<const ScalarType> declared_dtypes,
               uint64_t seed, uint64_t index) {
  Rng r(mix(seed ^ mix(index)));
  const bool meta = chance(r, 0.15);
  const std::string op = schema.name().substr(schema.name().find("::") + 2);
  Draw draw{r,
            op,
            declared_dtypes,
            draw_dtype(r, declared_dtypes),
            draw_shape(r, op.find("pool2d") != std::string::npos || is_norm(op)),
            0,
            {},
            0,
            {},
            meta};
  if (is_embedding_bag(op) && chance(r, 0.95)) draw.shape = {between(r, 1, 6), between(r, 0, 5)};
  // kron's result has the product of its operands' sizes: two of the large shapes would be
  // gigabytes.
  while (op == "kron" && numel_of(draw.shape) > 512) draw.shape = draw_shape(r);
  draw.dim = draw_dim(r, draw.rank());
  if (is_norm(op)) {  // a divisor of the channels, now and then not
    const int64_t C = draw.rank() >= 2 ? draw.shape[1] : 1;
    std::vector<int64_t> divisors;
    for (int64_t g = 1; g <= C; ++g)
      if (C % g == 0) divisors.push_back(g);
    draw.groups = divisors.empty() || chance(r, 0.05) ? between(r, 1, 4)
                                                      : pick(r, std::span<const int64_t>(divisors));
  }
  if (is_linalg(op)) {
    draw.linalg = linalg_shapes(r, op);
    draw.shape = draw.linalg[0];
  }
  if (is_conv(op)) {
    draw.linalg = conv_shapes(r, op, draw.conv);
    draw.shape = draw.linalg[op == "convolution_backward" ? 1 : 0];
  }
  if (is_unfold(op)) {
    draw.linalg = unfold_shapes(r, op, draw.conv);
    draw.shape = draw.linalg[0];
  }
  Call call{&schema, overload, {}, meta};
  bool first_tensor = true;
  ATEN_CHECK(types.size() == schema.arguments().size(), "conformance: ", overload,
             ": declared types do not match the schema");
  for (size_t ai = 0; ai < types.size(); ++ai) {
    const c10::Argument& a = schema.arguments()[ai];
    Arg arg;
    arg.name = a.name();
    const c10::TypePtr& type = a.type();
    const bool written = a.alias_info() != nullptr && a.alias_info()->isWrite();
    if (type->kind() == c10::TypeKind::TensorType ||
        (type->kind() == c10::TypeKind::OptionalType &&
         type->castRaw<c10::OptionalType>()->getElementType()->kind() ==
             c10::TypeKind::TensorType)) {
      if (type->kind() == c10::TypeKind::OptionalType && chance(r, 0.25)) {
        arg.value = IValue();
      } else {
        arg.is_tensor = true;
        arg.tensor = draw.tensor(a, first_tensor);
        first_tensor = false;
      }
    } else if (types[ai] == "Tensor?[]") {
      arg.is_tensor_list = true;
      for (auto& t : draw.index_list()) {
        arg.present.push_back(t.has_value());
        if (t.has_value()) arg.tensors.push_back(std::move(*t));
      }
      first_tensor = false;
    } else if (type->kind() == c10::TypeKind::ListType &&
               type->castRaw<c10::ListType>()->getElementType()->kind() ==
                   c10::TypeKind::TensorType) {
      arg.is_tensor_list = true;
      arg.tensors = draw.tensor_list();
      first_tensor = false;
    } else if (a.default_value().has_value() && chance(r, 0.3)) {
      arg.value = default_of(a, types[ai]);
    } else {
      arg.value = draw.value(a, types[ai]);
    }
    (void)written;
    call.args.push_back(std::move(arg));
  }
  return call;
}

Tensor materialize(const TensorArg& t, bool meta) {
  if (meta) {
    const Tensor cpu = materialize(t, false);
    return empty_strided(cpu.sizes(), cpu.strides(), cpu.options().device(kMeta));
  }
  const int64_t n = numel_of(t.shape);
  // The values, in C order, as Long or Double (or ComplexDouble) then cast to the dtype.
  const bool index = t.index_bound >= 0;
  const bool complex = !index && isComplexType(t.dtype);
  const bool floating = !index && (isFloatingType(t.dtype) || complex);
  Tensor values = empty({n}, floating ? (complex ? ScalarType::ComplexDouble : ScalarType::Double)
                                      : ScalarType::Long);
  for (int64_t i = 0; i < n; ++i) {
    const uint64_t bits = mix(t.seed + static_cast<uint64_t>(i));
    if (t.offsets_into >= 0) {
      values.data_ptr<int64_t>()[i] = i == 0 ? 0
                                             : static_cast<int64_t>((bits >> 4) %
                                                                    (t.offsets_into + 1));
    } else if (index) {
      const int64_t bound = std::max<int64_t>(t.index_bound, 1);
      const auto k = static_cast<int64_t>((bits >> 4) % (t.index_negative ? 2 * bound : bound));
      values.data_ptr<int64_t>()[i] = t.index_negative ? k - bound : k;
    } else if (complex) {
      values.data_ptr<aten::complex<double>>()[i] = {float_value(bits, t.ordinary),
                                                     float_value(mix(bits), t.ordinary)};
    } else if (floating) {
      values.data_ptr<double>()[i] = float_value(bits, t.ordinary);
    } else {
      values.data_ptr<int64_t>()[i] = int_value(bits, t.dtype);
    }
  }
  if (t.offsets_into >= 0) {
    int64_t* v = values.data_ptr<int64_t>();
    std::sort(v, v + n);
  }
  Tensor logical = empty(t.shape, t.dtype);
  logical.copy_(values.view(t.shape));
  const int64_t rank = static_cast<int64_t>(t.shape.size());
  switch (t.arrangement) {
    case Arrangement::contiguous:
      return logical;
    case Arrangement::transposed: {
      std::vector<int64_t> reversed(t.shape.rbegin(), t.shape.rend()), perm(rank);
      std::iota(perm.rbegin(), perm.rend(), 0);
      Tensor r = zeros(reversed, t.dtype).permute(perm);
      r.copy_(logical);
      return r;
    }
    case Arrangement::sliced: {
      std::vector<int64_t> wide = t.shape;
      wide.back() = 2 * wide.back() + 1;
      Tensor r = zeros(wide, t.dtype).slice(rank - 1, 1, std::nullopt, 2);
      r.copy_(logical);
      return r;
    }
    case Arrangement::expanded: {
      if (rank == 0 || t.shape[0] == 0) return logical;
      return logical.select(0, 0).unsqueeze(0).expand(t.shape);
    }
    case Arrangement::channels_last: {
      Tensor r =
          zeros({t.shape[0], t.shape[2], t.shape[3], t.shape[1]}, t.dtype).permute({0, 3, 1, 2});
      r.copy_(logical);
      return r;
    }
    case Arrangement::offset: {
      Tensor r = zeros({n + 3}, t.dtype).as_strided(t.shape, contiguous_strides(t.shape), 3);
      r.copy_(logical);
      return r;
    }
  }
  return logical;
}

std::string Call::str() const {
  std::ostringstream os;
  os << overload << "(";
  auto tensor = [&](const TensorArg& t) {
    os << t.dtype << "[";
    for (size_t i = 0; i < t.shape.size(); ++i) os << (i ? "," : "") << t.shape[i];
    os << "] " << name_of(t.arrangement);
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const Arg& a = args[i];
    os << (i ? ", " : "") << a.name << "=";
    if (a.is_tensor) {
      tensor(a.tensor);
    } else if (a.is_tensor_list && !a.present.empty()) {
      os << "[";
      for (size_t k = 0, t = 0; k < a.present.size(); ++k) {
        if (k) os << "; ";
        if (a.present[k]) tensor(a.tensors[t++]);
        else os << "None";
      }
      os << "]";
    } else if (a.is_tensor_list) {
      os << "[";
      for (size_t k = 0; k < a.tensors.size(); ++k) {
        if (k) os << "; ";
        tensor(a.tensors[k]);
      }
      os << "]";
    } else {
      std::visit(
          [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, std::monostate>) {
              os << "None";
            } else if constexpr (std::is_same_v<T, std::vector<int64_t>> ||
                                 std::is_same_v<T, std::vector<double>>) {
              os << "[";
              for (size_t k = 0; k < x.size(); ++k) os << (k ? "," : "") << x[k];
              os << "]";
            } else if constexpr (std::is_same_v<T, std::vector<Tensor>> ||
                                 std::is_same_v<T, std::vector<std::optional<Tensor>>> ||
                                 std::is_same_v<T, Tensor> || std::is_same_v<T, Device> ||
                                 std::is_same_v<T, Layout> || std::is_same_v<T, Generator>) {
              os << "?";
            } else if constexpr (std::is_same_v<T, bool>) {
              os << (x ? "True" : "False");
            } else if constexpr (std::is_same_v<T, std::string>) {
              os << '"' << x << '"';
            } else {
              os << x;
            }
          },
          a.value.payload());
    }
  }
  os << ")";
  if (meta) os << " on Meta";
  return os.str();
}

}  // namespace aten::conformance
