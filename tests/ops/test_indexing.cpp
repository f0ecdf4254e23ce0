// The ops of aten/native/Indexing.cpp and Embedding.cpp: nonzero, argwhere, masked_select,
// index, index_put_ / index_put, embedding and its backward, one_hot. Advanced indexing is
// checked against a reference written from NumPy's rules (below), on the layouts that decide
// the result's shape: adjacent and separated indices, masks, None entries, broadcasting.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/argwhere.h>
#include <aten/ops/embedding.h>
#include <aten/ops/embedding_backward.h>
#include <aten/ops/embedding_dense_backward.h>
#include <aten/ops/empty.h>
#include <aten/ops/index.h>
#include <aten/ops/index_add.h>
#include <aten/ops/index_copy.h>
#include <aten/ops/index_fill.h>
#include <aten/ops/index_put.h>
#include <aten/ops/masked_scatter.h>
#include <aten/ops/masked_select.h>
#include <aten/ops/nonzero.h>
#include <aten/ops/one_hot.h>
#include <aten/ops/permute.h>
#include <aten/ops/take.h>
#include <aten/ops/view_as_complex.h>
#include <aten/ops/zeros.h>
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <optional>
#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::expect_all, ref::expect_error;
using ref::expect_equal, ref::iota, ref::longs, ref::meta, ref::of, ref::values_of;
using ref::make;
using ref::read_double;

namespace {

using Indices = std::vector<std::optional<Tensor>>;
using Shape = std::vector<int64_t>;

Tensor bools(IntArrayRef sizes, std::vector<int> values) {
  return make<bool>(sizes, [&](int64_t i) { return static_cast<double>(values.at(i)); });
}

// ---- the reference: NumPy's advanced indexing, element by element ---------------------------

// The coordinates of t's nonzero elements in C order, one vector per dim.
std::vector<std::vector<int64_t>> ref_nonzero(const Tensor& t) {
  std::vector<std::vector<int64_t>> coords(static_cast<size_t>(t.dim()));
  ref::for_each_index(t.sizes(), [&](const std::vector<int64_t>& idx) {
    if (read_double(t, idx) != 0)
      for (size_t d = 0; d < idx.size(); ++d) coords[d].push_back(idx[d]);
  });
  return coords;
}

struct RefIndex {
  Shape result;
  // For each result element (C order), self's coordinates.
  std::vector<Shape> sources;
};

RefIndex ref_index(const Tensor& self, const Indices& indices) {
  // One index per self dim: a Long tensor as values with a shape, or none.
  struct Ix {
    bool defined = false;
    Shape shape;
    std::vector<int64_t> values;  // C order
  };
  std::vector<Ix> per_dim(static_cast<size_t>(self.dim()));
  size_t d = 0;
  for (const auto& i : indices) {
    if (!i.has_value()) {
      ++d;
      continue;
    }
    if (i->scalar_type() == ScalarType::Bool || i->scalar_type() == ScalarType::Byte) {
      auto coords = ref_nonzero(*i);
      for (auto& c : coords) {
        Ix x{true, {static_cast<int64_t>(c.size())}, c};
        per_dim[d++] = x;
      }
      continue;
    }
    Ix x{true, Shape(i->sizes().begin(), i->sizes().end()), {}};
    for (double v : values_of(*i)) x.values.push_back(static_cast<int64_t>(v));
    per_dim[d++] = x;
  }
  Shape bshape;
  std::vector<size_t> dims;
  for (size_t k = 0; k < per_dim.size(); ++k) {
    if (!per_dim[k].defined) continue;
    dims.push_back(k);
    bshape = ref::broadcast_shape(bshape, per_dim[k].shape);
  }
  const bool adjacent = dims.back() - dims.front() + 1 == dims.size();
  // The kept dims, and where the broadcast block goes among them.
  std::vector<size_t> kept;
  for (size_t k = 0; k < per_dim.size(); ++k)
    if (!per_dim[k].defined) kept.push_back(k);
  const size_t block_at = adjacent ? dims.front() : 0;
  RefIndex r;
  for (size_t k = 0; k < block_at; ++k) r.result.push_back(self.sizes()[kept[k]]);
  r.result.insert(r.result.end(), bshape.begin(), bshape.end());
  for (size_t k = block_at; k < kept.size(); ++k) r.result.push_back(self.sizes()[kept[k]]);
  ref::for_each_index(r.result, [&](const std::vector<int64_t>& idx) {
    Shape src(static_cast<size_t>(self.dim()));
    for (size_t k = 0; k < block_at; ++k) src[kept[k]] = idx[k];
    for (size_t k = block_at; k < kept.size(); ++k) src[kept[k]] = idx[k + bshape.size()];
    const Shape b(idx.begin() + static_cast<std::ptrdiff_t>(block_at),
                  idx.begin() + static_cast<std::ptrdiff_t>(block_at + bshape.size()));
    for (size_t k : dims) {
      const Ix& x = per_dim[k];
      // Right-aligned broadcast read.
      int64_t flat = 0;
      for (size_t j = 0; j < x.shape.size(); ++j) {
        const int64_t bj = b[bshape.size() - x.shape.size() + j];
        flat = flat * x.shape[j] + (x.shape[j] == 1 ? 0 : bj);
      }
      int64_t v = x.values[static_cast<size_t>(flat)];
      if (v < 0) v += self.sizes()[k];
      src[k] = v;
    }
    r.sources.push_back(src);
  });
  return r;
}

void expect_index(const Tensor& self, const Indices& indices) {
  const RefIndex want = ref_index(self, indices);
  const Tensor got = index(self, indices);
  ASSERT_EQ(got.sizes(), IntArrayRef(want.result)) << self.toString();
  const std::vector<double> v = values_of(got);
  for (size_t i = 0; i < v.size(); ++i) EXPECT_EQ(v[i], read_double(self, want.sources[i])) << i;
  // The same on Meta, when no mask needs nonzero().
  bool masks = false;
  for (const auto& i : indices) masks |= i.has_value() && i->scalar_type() != ScalarType::Long;
  if (!masks) {
    Indices m;
    for (const auto& i : indices)
      m.push_back(i.has_value() ? std::optional<Tensor>(ref::to_meta(*i)) : std::nullopt);
    const Tensor gm = index(ref::to_meta(self), m);
    EXPECT_EQ(gm.sizes(), got.sizes());
    EXPECT_EQ(gm.strides(), got.strides());
  }
}

}  // namespace

// ---- nonzero / argwhere ----------------------------------------------------------------------

TEST(Nonzero, CoordinatesInCOrderWithAtenStrides) {
  Tensor x = of(ScalarType::Float, {0, 1.5, -0.0, ref::kNaN, 0, -2}).view({2, 3});
  Tensor nz = nonzero(x);
  EXPECT_EQ(nz.scalar_type(), ScalarType::Long);
  EXPECT_EQ(nz.sizes(), IntArrayRef({3, 2}));
  EXPECT_EQ(nz.strides(), IntArrayRef({1, 3}));  // column by column, as ATen's CPU kernel
  EXPECT_EQ(values_of(nz), (std::vector<double>{0, 1, 1, 0, 1, 2}));
  expect_equal(argwhere(x), nz);
  // Transposed input: C order of the logical tensor.
  EXPECT_EQ(values_of(x.t().nonzero()), (std::vector<double>{0, 1, 1, 0, 2, 1}));
  // Complex: either part counts; 0-dim: [n, 0].
  Tensor c = view_as_complex(of(ScalarType::Float, {0, 0, 0, 2}).view({2, 2}));
  EXPECT_EQ(nonzero(c).sizes(), IntArrayRef({1, 1}));
  EXPECT_EQ(nonzero(of(ScalarType::Int, {3}).view({})).sizes(), IntArrayRef({1, 0}));
  EXPECT_EQ(nonzero(of(ScalarType::Int, {0}).view({})).sizes(), IntArrayRef({0, 0}));
  EXPECT_EQ(nonzero(empty({0, 4})).sizes(), IntArrayRef({0, 2}));
}

TEST(Nonzero, ManyChunksAtAnyThreadCount) {
  // Past several counting chunks, with a pattern that changes across chunk boundaries.
  const int64_t n = 200003;
  Tensor x = make<int8_t>({n}, [](int64_t i) { return (i % 7 == 0 || i % 11 == 3) ? 1 : 0; });
  std::vector<double> want;
  for (int64_t i = 0; i < n; ++i)
    if (i % 7 == 0 || i % 11 == 3) want.push_back(static_cast<double>(i));
  for (int threads : {1, 2, 3}) {
    ref::ThreadCount guard;
    set_num_threads(threads);
    EXPECT_EQ(values_of(nonzero(x)), want) << threads << " threads";
  }
}

TEST(Nonzero, OutAndErrors) {
  Tensor x = iota({2, 2});
  Tensor out = empty({0}, ScalarType::Long);
  nonzero_out(out, x);
  EXPECT_EQ(values_of(out), (std::vector<double>{0, 1, 1, 0, 1, 1}));
  Tensor wrong = empty({0}, ScalarType::Int);
  expect_error([&] { nonzero_out(wrong, x); },
               {"nonzero", "Expected out tensor to have scalar type Long", "Int"});
  // Data-dependent shape: no Meta kernel, as in ATen; the Dispatcher's error names op and key.
  expect_error([&] { nonzero(meta({2})); }, {"nonzero", "Meta"});
  expect_error([&] { argwhere(meta({2})); }, {"nonzero", "Meta"});
}

// ---- index -----------------------------------------------------------------------------------

TEST(Index, LongIndicesMatchTheReference) {
  Tensor x = iota({4, 5, 6});
  expect_index(x, {longs({3}, {2, 0, 2})});
  expect_index(x, {longs({2, 2}, {-1, 0, 3, -4})});
  expect_index(x, {std::nullopt, longs({3}, {4, 0, -5})});
  expect_index(x, {std::nullopt, std::nullopt, longs({2}, {5, 0})});
  // Adjacent indices broadcast in place; separated ones (a None between) go first.
  expect_index(x, {std::nullopt, longs({2, 1}, {1, 2}), longs({3}, {0, 5, 3})});
  expect_index(x, {longs({2, 1}, {1, 2}), std::nullopt, longs({3}, {0, 5, 3})});
  expect_index(x, {longs({1}, {3}), longs({1}, {4}), longs({1}, {5})});
  // Strided self: transposed, sliced, expanded.
  expect_index(x.permute({2, 0, 1}), {longs({2}, {5, 1}), std::nullopt, longs({2}, {0, 4})});
  expect_index(x.permute({2, 0, 1}), {std::nullopt, longs({3}, {3, 3, 0})});
  expect_index(iota({3}).expand({4, 3}), {longs({2}, {3, 1}), longs({1}, {2})});
  // Zero-size: an empty index, a self with an empty kept dim.
  expect_index(x, {longs({0}, {})});
  expect_index(iota({3, 0}), {longs({2}, {2, 0})});
}

TEST(Index, MasksStandForTheirNonzeroCoordinates) {
  Tensor x = iota({3, 4});
  expect_index(x, {bools({3}, {1, 0, 1})});
  expect_index(x, {bools({3, 4}, {1, 0, 0, 1, 0, 0, 0, 0, 1, 1, 1, 0})});
  expect_index(x, {std::nullopt, bools({4}, {0, 1, 1, 0}).to(ScalarType::Byte)});
  expect_index(x, {longs({2}, {2, 0}), bools({4}, {0, 1, 0, 1})});
  expect_index(x.t(), {bools({4}, {0, 0, 0, 0})});
  // A mask needs nonzero(), which has no Meta kernel (as in ATen).
  expect_error([&] { index(meta({3}), {meta({3}, ScalarType::Bool)}); }, {"nonzero", "Meta"});
}

TEST(Index, DtypesAndOut) {
  for (ScalarType t : {ScalarType::Bool, ScalarType::Half, ScalarType::ComplexDouble,
                       ScalarType::ComplexHalf, ScalarType::Short}) {
    Tensor x = iota({3, 2}).to(t);
    Tensor r = x.index({longs({2}, {2, 0})});
    EXPECT_EQ(r.scalar_type(), t);
    const std::vector<double> v = values_of(x);
    EXPECT_EQ(values_of(r), (std::vector<double>{v[4], v[5], v[0], v[1]})) << t;
  }
  Tensor out = empty({0});
  index_out(out, iota({3, 2}), {longs({2}, {2, 0})});
  EXPECT_EQ(values_of(out), (std::vector<double>{4, 5, 0, 1}));
  // A non-contiguous out= gets the values where they belong.
  Tensor wide = zeros({2, 4});
  Tensor strided = wide.slice(1, 0, 4, 2);
  index_out(strided, iota({3, 2}), {longs({2}, {1, 2})});
  EXPECT_EQ(values_of(wide), (std::vector<double>{2, 0, 3, 0, 4, 0, 5, 0}));
  Tensor bad = empty({0}, ScalarType::Double);
  expect_error([&] { index_out(bad, iota({3, 2}), {longs({1}, {0})}); }, {"index"});
}

TEST(Index, Errors) {
  Tensor x = iota({3, 4});
  expect_error(
      [&] {
        index(x, {longs({1}, {0}), longs({1}, {0}), longs({1}, {0})});
      },
      {"index", "too many indices for tensor of dimension 2 (got 3)"});
  expect_error([&] { index(x, {of(ScalarType::Float, {0})}); },
               {"tensors used as indices must be long, byte or bool tensors"});
  expect_error([&] { index(x, {longs({1}, {0}).to(ScalarType::Int)}); },
               {"tensors used as indices must be long, byte or bool tensors"});
  expect_error(
      [&] {
        index(x, {bools({4}, {1, 1, 1, 1})});
      },
      {"The shape of the mask [4] at index 0 does not match the shape of the indexed "
       "tensor [3, 4] at index 0"});
  expect_error(
      [&] {
        index(x, {longs({2}, {0, 3})});
      },
      {"index 3 is out of bounds for dimension 0 with size 3"});
  expect_error(
      [&] {
        index(x, {std::nullopt, longs({1}, {-5})});
      },
      {"index -5 is out of bounds for dimension 1 with size 4"});
  expect_error(
      [&] {
        index(x, {longs({2}, {0, 1}), longs({3}, {0, 1, 2})});
      },
      {"shape mismatch: indexing tensors could not be broadcast together with shapes "
       "[2], [3]"});
  expect_error([&] { index(iota({1}).view({}), {longs({}, {0})}); },
               {"too many indices for tensor of dimension 0 (got 1)"});
  // Every entry None: a copy of self (libtorch 1.13 fails an internal assert).
  Tensor copy = index(x, {std::nullopt});
  expect_equal(copy, x);
  EXPECT_FALSE(copy.is_same(x));
}

// ---- index_put_ / index_put --------------------------------------------------------------------

TEST(IndexPut, LastWriteWinsAndAccumulateSums) {
  Tensor x = zeros({4});
  x.index_put_({longs({5}, {1, 3, 1, -1, 1})}, of(ScalarType::Float, {10, 20, 30, 40, 50}));
  EXPECT_EQ(values_of(x), (std::vector<double>{0, 50, 0, 40}));
  x.index_put_({longs({5}, {1, 3, 1, -1, 1})}, of(ScalarType::Float, {1, 2, 3, 4, 5}), true);
  EXPECT_EQ(values_of(x), (std::vector<double>{0, 59, 0, 46}));
  // Values broadcast to the indexed shape; rows of a 2-d self; a mask; separated indices.
  Tensor y = zeros({3, 2});
  index_put_(y, {longs({2}, {2, 0})}, of(ScalarType::Float, {7, 8}));
  EXPECT_EQ(values_of(y), (std::vector<double>{7, 8, 0, 0, 7, 8}));
  index_put_(y, {bools({3, 2}, {1, 0, 0, 1, 0, 0})}, of(ScalarType::Float, {-1}), true);
  EXPECT_EQ(values_of(y), (std::vector<double>{6, 8, 0, -1, 7, 8}));
  Tensor z = zeros({2, 3, 2});
  z.index_put_({longs({2}, {1, 0}), std::nullopt, longs({2}, {0, 1})},
               iota({2, 3}));  // [2, 3]: the indexed dims go first
  EXPECT_EQ(values_of(z), (std::vector<double>{0, 3, 0, 4, 0, 5, 0, 0, 1, 0, 2, 0}));
  // Integer and Bool accumulation.
  Tensor b = of(ScalarType::Bool, {0, 0, 1});
  b.index_put_({longs({2}, {0, 0})}, of(ScalarType::Bool, {0, 1}), true);
  EXPECT_EQ(values_of(b), (std::vector<double>{1, 0, 1}));
  // The functional form leaves self alone.
  Tensor s = iota({3});
  Tensor r = index_put(s, {longs({1}, {1})}, of(ScalarType::Float, {9}));
  EXPECT_EQ(values_of(s), (std::vector<double>{0, 1, 2}));
  EXPECT_EQ(values_of(r), (std::vector<double>{0, 9, 2}));
}

TEST(IndexPut, ErrorsLeaveSelfUnchanged) {
  Tensor x = iota({3, 4});
  expect_error([&] { x.index_put_({longs({1}, {0})}, iota({4}).to(ScalarType::Double)); },
               {"Index put requires the source and destination dtypes match, got Float for the "
                "destination and Double for the source."});
  expect_error(
      [&] {
        x.index_put_({longs({2}, {0, 1})}, iota({3}));
      },
      {"shape mismatch: value tensor of shape [3] cannot be broadcast to indexing result "
       "of shape [2, 4]"});
  expect_error(
      [&] {
        x.index_put_({longs({2}, {0, 7})}, iota({4}), true);
      },
      {"index_put_", "index 7 is out of bounds for dimension 0 with size 3"});
  expect_error(
      [&] {
        iota({3}).expand({2, 3}).index_put_({longs({1}, {0})}, iota({3}));
      },
      {"index_put_"});
  expect_equal(x, iota({3, 4}));
  // Meta: the checks and nothing else.
  Tensor m = meta({3, 4});
  EXPECT_TRUE(m.index_put_({ref::to_meta(longs({2}, {0, 1}))}, meta({4})).is_meta());
  expect_error(
      [&] {
        m.index_put_({ref::to_meta(longs({2}, {0, 1}))}, meta({3}));
      },
      {"shape mismatch"});
}

// ---- masked_select ---------------------------------------------------------------------------

TEST(MaskedSelect, BroadcastsSelfAndMask) {
  Tensor x = iota({2, 3});
  EXPECT_EQ(values_of(masked_select(x, bools({3}, {1, 0, 1}))), (std::vector<double>{0, 2, 3, 5}));
  EXPECT_EQ(values_of(x.t().masked_select(bools({2}, {0, 1}).to(ScalarType::Byte))),
            (std::vector<double>{3, 4, 5}));
  // self broadcast by the mask, and 0-dim operands.
  EXPECT_EQ(values_of(masked_select(iota({3}), bools({2, 1}, {1, 1}))),
            (std::vector<double>{0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(masked_select(iota({1}).view({}), bools({}, {1})).sizes(), IntArrayRef({1}));
  Tensor out = empty({0});
  masked_select_out(out, x, bools({2, 3}, {0, 0, 1, 1, 0, 0}));
  EXPECT_EQ(values_of(out), (std::vector<double>{2, 3}));
  Tensor wrong = empty({0}, ScalarType::Int);
  expect_error(
      [&] {
        masked_select_out(wrong, x, bools({3}, {1, 1, 1}));
      },
      {"masked_select(): self and result must have the same scalar type"});
  expect_error([&] { masked_select(x, iota({3})); },
               {"masked_select: expected BoolTensor or ByteTensor for mask"});
  expect_error([&] { masked_select(x, bools({2}, {1, 1})); }, {"masked_select"});
  expect_error([&] { masked_select(meta({2}), meta({2}, ScalarType::Bool)); },
               {"masked_select", "Meta"});
}

// ---- embedding ---------------------------------------------------------------------------------

TEST(Embedding, RowsOfWeight) {
  Tensor w = iota({5, 3});
  Tensor e = embedding(w, longs({2, 2}, {4, 0, 0, 2}));
  EXPECT_EQ(e.sizes(), IntArrayRef({2, 2, 3}));
  EXPECT_EQ(values_of(e), (std::vector<double>{12, 13, 14, 0, 1, 2, 0, 1, 2, 6, 7, 8}));
  expect_equal(embedding(w, longs({2}, {4, 0}).to(ScalarType::Int)), e.select(0, 0));
  ref::expect_same_geometry(embedding(meta({5, 3}), meta({2, 2}, ScalarType::Long)), e);
  expect_error([&] { embedding(w, of(ScalarType::Float, {0})); },
               {"Expected tensor for argument #1 'indices' to have one of the following scalar "
                "types: Long, Int; but got Float"});
  expect_error([&] { embedding(iota({3}), longs({1}, {0})); }, {"'weight' must be 2-D"});
  expect_error([&] { embedding(w, longs({1}, {5})); }, {"index 5 is out of bounds"});
}

TEST(Embedding, DenseBackwardPaddingAndFrequency) {
  // indices [[1, 3], [1, 0]], grad rows g_i = (i, 10 i).
  Tensor idx = longs({2, 2}, {1, 3, 1, 0});
  Tensor grad = make<double>({2, 2, 2}, [](int64_t i) { return (i % 2 ? 10.0 : 1.0) * (i / 2); });
  Tensor g = embedding_dense_backward(grad, idx, 5, -1, false);
  EXPECT_EQ(values_of(g), (std::vector<double>{3, 30, 2, 20, 0, 0, 1, 10, 0, 0}));
  g = embedding_dense_backward(grad, idx, 5, 1, false);  // row 1 is padding
  EXPECT_EQ(values_of(g), (std::vector<double>{3, 30, 0, 0, 0, 0, 1, 10, 0, 0}));
  g = embedding_dense_backward(grad, idx.to(ScalarType::Int), 5, -1, true);  // 1 appears twice
  EXPECT_EQ(values_of(g), (std::vector<double>{3, 30, 1, 10, 0, 0, 1, 10, 0, 0}));
  expect_equal(embedding_backward(grad, idx, 5, -1, false, false),
               embedding_dense_backward(grad, idx, 5, -1, false));
  ref::expect_same_geometry(
      embedding_dense_backward(ref::to_meta(grad), ref::to_meta(idx), 5, -1, false), g);
  expect_error([&] { embedding_backward(grad, idx, 5, -1, false, true); },
               {"sparse", "no sparse tensors"});
  expect_error([&] { embedding_dense_backward(grad, idx, 3, -1, false); },
               {"index 3 is out of range for num_weights 3"});
  // Even with rows of no elements, where there is nothing to add.
  expect_error(
      [&] {
        embedding_dense_backward(empty({2, 2, 0}), idx, 3, -1, true);
      },
      {"index 3 is out of range for num_weights 3"});
  expect_error([&] { embedding_dense_backward(grad.select(0, 0), idx, 5, -1, false); },
               {"does not hold one row per index"});
}

TEST(Embedding, DenseBackwardManyRowsAtAnyThreadCount) {
  const int64_t n = 5000, num = 300, d = 7;
  Tensor idx = make<int64_t>({n}, [](int64_t i) { return (i * 37 + i / 5) % num; });
  Tensor grad = make<float>({n, d}, [](int64_t i) { return static_cast<double>(i % 13) - 6; });
  std::vector<double> want(static_cast<size_t>(num * d), 0.0);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t c = 0; c < d; ++c)
      want[static_cast<size_t>(((i * 37 + i / 5) % num) * d + c)] += static_cast<double>(
                                                                         (i * d + c) % 13) -
                                                                     6;
  for (int threads : {1, 2, 3}) {
    ref::ThreadCount guard;
    set_num_threads(threads);
    EXPECT_EQ(values_of(embedding_dense_backward(grad, idx, num, -1, false)), want);
  }
}

TEST(OneHot, ValuesClassesAndErrors) {
  Tensor r = one_hot(longs({2, 2}, {0, 2, 1, 2}));
  EXPECT_EQ(r.sizes(), IntArrayRef({2, 2, 3}));
  EXPECT_EQ(values_of(r), (std::vector<double>{1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1}));
  EXPECT_EQ(one_hot(longs({1}, {1}), 4).sizes(), IntArrayRef({1, 4}));
  EXPECT_EQ(one_hot(longs({}, {1}), 3).sizes(), IntArrayRef({3}));
  EXPECT_EQ(one_hot(longs({0}, {}), 3).sizes(), IntArrayRef({0, 3}));
  EXPECT_EQ(one_hot(meta({2}, ScalarType::Long), 3).sizes(), IntArrayRef({2, 3}));
  expect_error([&] { one_hot(longs({1}, {1}).to(ScalarType::Int)); },
               {"one_hot is only applicable to index tensor."});
  expect_error([&] { one_hot(longs({0}, {})); },
               {"Can not infer total number of classes from empty tensor."});
  expect_error([&] { one_hot(longs({1}, {-1})); }, {"Class values must be non-negative."});
  expect_error([&] { one_hot(longs({1}, {3}), 3); },
               {"Class values must be smaller than num_classes."});
  expect_error([&] { one_hot(meta({2}, ScalarType::Long)); },
               {"Can not infer total number of classes from meta tensor."});
  // An empty Meta self is checked as an empty CPU one.
  expect_error(
      [&] {
        one_hot(meta({6, 0}, ScalarType::Long), 0);
      },
      {"Can not infer total number of classes from empty tensor."});
  EXPECT_EQ(one_hot(meta({6, 0}, ScalarType::Long), 2).sizes(), IntArrayRef({6, 0, 2}));
}

TEST(IndexPut, TransposedSelfWritesWhereTheIndicesPoint) {
  for (bool accumulate : {false, true}) {
    Tensor plain = zeros({3, 4});
    Tensor transposed = zeros({4, 3}).t();
    Tensor mask = bools({3, 4}, {1, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 0});
    Tensor values = iota({5});
    plain.index_put_({mask}, values, accumulate);
    transposed.index_put_({mask}, values, accumulate);
    expect_equal(transposed, plain);
    EXPECT_EQ(values_of(plain), (std::vector<double>{0, 0, 0, 1, 0, 2, 0, 3, 4, 0, 0, 0}));
  }
}

TEST(IndexPut, ThreeDimMaskIntoAPermutedSelf) {
  Tensor mask = bools({1, 4, 3}, {1, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0}).expand({3, 4, 3});
  Tensor plain = zeros({3, 4, 3});
  Tensor permuted = zeros({3, 4, 3}).permute({2, 1, 0}).contiguous().permute({2, 1, 0});
  ASSERT_EQ(permuted.strides(), IntArrayRef({1, 3, 12}));
  plain.index_put_({mask}, iota({12}), true);
  permuted.index_put_({mask}, iota({12}), true);
  expect_equal(permuted, plain);
  expect_equal(index(permuted, {mask}), iota({12}));
}

TEST(IndexPut, OneMaskAndOneValueIsMaskedFill) {
  // As ATen: no accumulation, one value and one mask among Nones take masked_fill_'s path, which
  // converts the value to self's dtype and refuses Byte masks holding anything but 0 and 1.
  Tensor x = zeros({2, 3}, ScalarType::Short);
  x.index_put_({std::nullopt, bools({3}, {1, 0, 1})}, of(ScalarType::Long, {7}).view({}));
  EXPECT_EQ(values_of(x), (std::vector<double>{7, 0, 7, 7, 0, 7}));
  x.index_put_({bools({2}, {0, 1}).to(ScalarType::Byte)}, of(ScalarType::Double, {-2}));
  EXPECT_EQ(values_of(x), (std::vector<double>{7, 0, 7, -2, -2, -2}));
  expect_error(
      [&] {
        x.index_put_({of(ScalarType::Byte, {2, 0})}, of(ScalarType::Short, {1}));
      },
      {"Mask tensor can take 0 and 1 values only"});
  expect_error(
      [&] {
        x.index_put_({bools({3}, {1, 0, 1})}, of(ScalarType::Short, {1}));
      },
      {"The shape of the mask [3] at index 0 does not match"});
  // Anything else still needs self's dtype.
  expect_error([&] { x.index_put_({longs({1}, {0})}, of(ScalarType::Long, {1})); },
               {"Index put requires the source and destination dtypes match"});
  EXPECT_EQ(values_of(x), (std::vector<double>{7, 0, 7, -2, -2, -2}));
}

// ---- index_add, index_fill_ ------------------------------------------------------------------

TEST(IndexAdd, RepeatedIndicesSumInOrderWithAlpha) {
  Tensor x = iota({3, 2});
  Tensor r = x.index_add(0, longs({3}, {2, 0, 2}), iota({3, 2}) + 1, 2);
  // rows: 0 + 2*[3, 4]; 1 unchanged; 2 + 2*([1, 2] + [5, 6])
  EXPECT_EQ(values_of(r), (std::vector<double>{6, 9, 2, 3, 16, 21}));
  EXPECT_EQ(values_of(x), (std::vector<double>{0, 1, 2, 3, 4, 5}));
  x.index_add_(1, longs({2}, {1, 1}).to(ScalarType::Int), iota({3, 2}));
  EXPECT_EQ(values_of(x), (std::vector<double>{0, 2, 2, 8, 4, 14}));
  // An integer self takes alpha in its dtype (2.5 -> 2); Bool adds as a logical or.
  Tensor i = zeros({3}, ScalarType::Int);
  i.index_add_(0, longs({2}, {0, 0}), of(ScalarType::Int, {1, 3}), 2.5);
  EXPECT_EQ(values_of(i), (std::vector<double>{8, 0, 0}));
  Tensor b = of(ScalarType::Bool, {0, 1});
  b.index_add_(0, longs({2}, {0, 0}), of(ScalarType::Bool, {0, 1}));
  EXPECT_EQ(values_of(b), (std::vector<double>{1, 1}));
  // 0-dim self and source; out=; Meta.
  Tensor z = of(ScalarType::Float, {1}).view({});
  EXPECT_EQ(values_of(z.index_add(0, longs({}, {0}), of(ScalarType::Float, {2}).view({}))),
            (std::vector<double>{3}));
  Tensor out = empty({0});
  index_add_out(out, iota({2}), 0, longs({1}, {1}), of(ScalarType::Float, {5}));
  EXPECT_EQ(values_of(out), (std::vector<double>{0, 6}));
  ref::expect_same_geometry(index_add(meta({3, 2}), 0, ref::to_meta(longs({1}, {0})), meta({1, 2})),
                            iota({3, 2}));
}

TEST(IndexAdd, Errors) {
  Tensor x = zeros({3, 4});
  expect_error(
      [&] {
        x.index_add_(0, longs({1}, {0}), zeros({2, 4}));
      },
      {"index_add_(): Number of indices (1) should be equal to source.size(dim): (2), "
       "for dim: 0"});
  expect_error(
      [&] {
        x.index_add_(0, of(ScalarType::Float, {0}), zeros({1, 4}));
      },
      {"index_add_(): Expected dtype int32/int64 for index but got: Float"});
  expect_error(
      [&] {
        x.index_add_(0, longs({1, 1}, {0}), zeros({1, 4}));
      },
      {"index_add_(): Index is supposed to be a vector, but got dim: 2"});
  expect_error(
      [&] {
        x.index_add_(0, longs({1}, {0}), zeros({1, 4}, ScalarType::Double));
      },
      {"index_add_(): self (Float) and source (Double) must have the same scalar type"});
  expect_error([&] { x.index_add_(0, longs({1}, {0}), zeros({1, 5})); }, {"differ at dim 1"});
  expect_error(
      [&] {
        x.index_add_(0, longs({1}, {3}), zeros({1, 4}) + 1);
      },
      {"index 3 is out of range for dimension 0 with size 3"});
  expect_error(
      [&] {
        x.index_add_(0, longs({1}, {-1}), zeros({1, 4}) + 1);
      },
      {"index -1 is out of range"});
  expect_all(x, 0);
}

TEST(IndexFill, ValuesNegativeIndicesAndErrors) {
  Tensor x = zeros({3, 2});
  x.index_fill_(0, longs({2}, {-1, 0}), 2.5);
  EXPECT_EQ(values_of(x), (std::vector<double>{2.5, 2.5, 0, 0, 2.5, 2.5}));
  Tensor r = index_fill(x, 1, longs({1}, {1}), of(ScalarType::Double, {7}).view({}));
  EXPECT_EQ(values_of(r), (std::vector<double>{2.5, 7, 0, 7, 2.5, 7}));
  EXPECT_EQ(values_of(x), (std::vector<double>{2.5, 2.5, 0, 0, 2.5, 2.5}));
  Tensor z = of(ScalarType::Int, {1}).view({});
  z.index_fill_(0, longs({}, {0}), 4);
  EXPECT_EQ(values_of(z), (std::vector<double>{4}));
  ref::expect_same_geometry(index_fill(meta({3, 2}), 0, ref::to_meta(longs({1}, {0})), 1.0), x);
  expect_error([&] { x.index_fill_(0, longs({1}, {3}), 1); },
               {"index 3 is out of bounds for dimension 0 with size 3"});
  expect_error([&] { x.index_fill_(0, longs({1}, {0}).to(ScalarType::Int), 1); },
               {"index_fill_(): Expected dtype int64 for index"});
  expect_error([&] { x.index_fill_(0, longs({1}, {0}), of(ScalarType::Float, {1})); },
               {"index_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 "
                "dimension(s)."});
  // With another dim empty there is nothing to fill and no index is read, as in ATen.
  Tensor e = zeros({3, 0});
  e.index_fill_(0, longs({1}, {7}), 1);
  EXPECT_EQ(e.sizes(), IntArrayRef({3, 0}));
  // Even a zero imaginary part: the Scalar's kind decides, as in ATen.
  expect_error([&] { x.index_fill_(0, longs({1}, {0}), Scalar(std::complex<double>(1, 0))); },
               {"index_fill_(): Converting complex Scalar to non-complex type is not supported"});
  EXPECT_EQ(values_of(x), (std::vector<double>{2.5, 2.5, 0, 0, 2.5, 2.5}));
}

TEST(IndexCopy, CopiesRowsAndChecksAsATen) {
  const Tensor self = zeros({2, 3});
  const Tensor source = iota({2, 2});
  EXPECT_EQ(values_of(index_copy(self, 1, longs({2}, {2, 0}), source)),
            (std::vector<double>{1, 0, 0, 3, 0, 2}));
  // Repeated indices: the last write wins.
  EXPECT_EQ(values_of(index_copy(self, 1, longs({2}, {1, 1}), source)),
            (std::vector<double>{0, 1, 0, 0, 3, 0}));
  expect_error(
      [&] {
        index_copy(self, 1, longs({2}, {3, 0}), source);
      },
      {"index_copy_(): index 3 is out of bounds for dimension 1 with size 3"});
  expect_error(
      [&] {
        index_copy(self, 1, longs({2}, {-1, 0}), source);
      },
      {"index -1 is out of bounds"});
  expect_error(
      [&] {
        index_copy(self, 1, longs({2}, {2, 0}), iota({2, 3}));
      },
      {"Number of indices (2) should be equal to source.size(dim) (3)"});
  expect_error(
      [&] {
        index_copy(self, 1, longs({2}, {2, 0}), iota({3, 2}));
      },
      {"Source/destination tensor must have same slice shapes"});
  expect_error(
      [&] {
        index_copy(self, 1, longs({2}, {2, 0}).to(ScalarType::Int), source);
      },
      {"index_copy_(): Expected a long tensor for index, but got Int"});
  // A 0-dim source takes one index.
  EXPECT_EQ(
      values_of(index_copy(zeros({3}), 0, longs({1}, {1}), of(ScalarType::Float, {5}).reshape({}))),
      (std::vector<double>{0, 5, 0}));
}

TEST(Take, FlatIndicesNegativeFromTheEnd) {
  const Tensor x = iota({2, 3});
  const Tensor t = take(x, longs({2, 2}, {0, -1, 5, 3}));
  EXPECT_EQ(t.sizes(), IntArrayRef({2, 2}));
  EXPECT_EQ(values_of(t), (std::vector<double>{0, 5, 5, 3}));
  expect_error([&] { take(x, longs({1}, {6})); },
               {"out of range: tried to access index 6 on a tensor of 6 elements."});
  expect_error([&] { take(x, longs({1}, {-7})); }, {"tried to access index -7"});
  expect_error([&] { take(zeros({0}), longs({1}, {0})); },
               {"take(): tried to take from an empty tensor"});
  expect_error([&] { take(x, longs({1}, {0}).to(ScalarType::Int)); },
               {"take(): Expected a long tensor for index, but got Int"});
  EXPECT_EQ(take(meta({2, 3}), meta({4, 1}, ScalarType::Long)).sizes(), IntArrayRef({4, 1}));
}

TEST(MaskedScatter, FillsTrueElementsInOrder) {
  const Tensor x = iota({2, 3});
  const Tensor mask = make<bool>({2, 3}, [](int64_t i) { return i % 3 != 1; });
  const Tensor source = make<float>({10}, [](int64_t i) { return 10.0 + i; });
  EXPECT_EQ(values_of(masked_scatter(x, mask, source)),
            (std::vector<double>{10, 1, 11, 12, 4, 13}));
  // The mask broadcasts, to self in place and with self in the functional form.
  Tensor row = iota({3});
  EXPECT_EQ(masked_scatter(row, mask, source).sizes(), IntArrayRef({2, 3}));
  Tensor y = x.clone();
  masked_scatter_(y, make<bool>({3}, [](int64_t i) { return i == 2; }), source);
  EXPECT_EQ(values_of(y), (std::vector<double>{0, 1, 10, 3, 4, 11}));
  expect_error([&] { masked_scatter(x, mask, make<float>({3}, [](int64_t) { return 0.0; })); },
               {"Number of elements of source < number of ones in mask"});
  expect_error([&] { masked_scatter(x, mask, source.to(ScalarType::Double)); },
               {"masked_scatter: expected self and source to have same dtypes"});
  expect_error([&] { masked_scatter(x, mask.to(ScalarType::Float), source); },
               {"masked_scatter_ only supports boolean masks"});
}

// An index with elements into an empty indexed dim is out of range even when the result is empty
// (another dim of self is 0), by shapes alone as in ATen; an empty index into it is not.
TEST(Index, AnIndexIntoAnEmptyDimIsOutOfRange) {
  expect_error(
      [] {
        zeros({0, 0}, ScalarType::Bool).index({longs({}, {0})});
      },
      {"index is out of bounds for dimension with size 0"});
  expect_error(
      [] {
        meta({0, 3}).index({ref::to_meta(longs({1}, {0}))});
      },
      {"index is out of bounds for dimension with size 0"});
  EXPECT_EQ(zeros({0, 3}).index({longs({0}, {})}).sizes(), IntArrayRef({0, 3}));
}

// An empty index adds nothing, and then (as in ATen) source's other dims need not match self's.
TEST(IndexAdd, AnEmptyIndexAcceptsAnyEmptySource) {
  const Tensor self = iota({7, 2});
  expect_equal(index_add(self, 0, longs({0}, {}), zeros({0, 3})), self);
  EXPECT_EQ(index_add(zeros({7, 0}), 1, longs({0}, {}), zeros({0, 0})).sizes(),
            IntArrayRef({7, 0}));
  expect_error([&] { index_add(self, 0, longs({1}, {0}), zeros({1, 3})); }, {"differ at dim 1"});
}
