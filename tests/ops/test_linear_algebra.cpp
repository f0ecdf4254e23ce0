// mm, bmm, addmm, dot, mv, matmul against naive triple loops in double / int64 /
// complex<double>: every declared dtype, transposed / sliced / broadcast operands, sizes that
// are not multiples of the kernel's tiles (and k beyond one k-slice), zero sizes, the 1-d
// cases, out= (empty, exact, and wrongly strided), Meta runs, thread counts, and the errors.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/addmm.h>
#include <aten/ops/bmm.h>
#include <aten/ops/dot.h>
#include <aten/ops/empty.h>
#include <aten/ops/full.h>
#include <aten/ops/matmul.h>
#include <aten/ops/mm.h>
#include <aten/ops/mv.h>
#include <aten/ops/t.h>
#include <aten/ops/view_as_real.h>
#include <aten/ops/zeros.h>
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <limits>

#include "DtypeShorthands.h"
#include "Reference.h"
#include "ops/manifest/Domain.h"

using namespace aten;
using C = std::complex<double>;
using ref::restride;

namespace {

const ScalarType kProductDtypes[] = {ref::u1, ref::i1, ref::i2, ref::i4, ref::i8, ref::f2,
                                     ref::bf, ref::f4, ref::f8, ref::c4, ref::c8};

C read_c(const Tensor& t, const std::vector<int64_t>& idx) {
  if (t.scalar_type() == ScalarType::ComplexFloat) return C(ref::get<std::complex<float>>(t, idx));
  if (t.scalar_type() == ScalarType::ComplexDouble) return ref::get<C>(t, idx);
  return ref::read_double(t, idx);
}

// Small values, so that integer products are exact and Half holds the inputs: -5..5 (0..10 for
// Byte), plus quarters for floating types and an imaginary part for complex ones.
Tensor matmul_values(IntArrayRef sizes, ScalarType t, int seed = 0) {
  Tensor src = empty(sizes, ScalarType::ComplexDouble);
  int64_t i = 0;
  ref::for_each_index(sizes, [&](const std::vector<int64_t>& idx) {
    double re = double((i * 7 + seed * 3) % 11) - (t == ScalarType::Byte ? 0 : 5);
    if (isFloatingType(t) || isComplexType(t)) re += 0.25 * double((i + seed) % 3);
    const double im = isComplexType(t) ? double((i * 5 + seed) % 7) - 3 : 0.0;
    ref::set<C>(src, idx, C(re, im));
    ++i;
  });
  Tensor out = empty(sizes, t);
  if (isComplexType(t)) return out.copy_(src);
  return out.copy_(view_as_real(src).select(-1, 0));
}

double tolerance(ScalarType t) {
  switch (t) {
    case ScalarType::Float:
    case ScalarType::ComplexFloat:
      return 1e-5;
    case ScalarType::Double:
    case ScalarType::ComplexDouble:
      return 1e-12;
    case ScalarType::Half:
      return 2e-3;
    case ScalarType::BFloat16:
      return 1.6e-2;
    default:
      return 0;  // integers: exact, modulo the dtype's width
  }
}

// A 2-d reference: beta * self + alpha * a @ b, with the size of the terms for the tolerance.
struct Expected {
  int64_t m, n;
  std::vector<C> value;
  std::vector<double> size;
};

Expected reference(const Tensor& a, const Tensor& b, const Tensor& self = Tensor(), C beta = 0,
                   C alpha = 1) {
  const int64_t m = a.sizes()[0], k = a.sizes()[1], n = b.sizes()[1];
  Expected e{m, n, std::vector<C>(m * n), std::vector<double>(m * n)};
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      C s = 0;
      double mag = 0;
      for (int64_t kk = 0; kk < k; ++kk) {
        const C p = read_c(a, {i, kk}) * read_c(b, {kk, j});
        s += p;
        mag += std::abs(p);
      }
      C v = alpha * s;
      if (beta != C(0)) {
        // self broadcast to [m, n]: trailing dims aligned, size-1 dims pinned to 0.
        std::vector<int64_t> idx;
        if (self.dim() == 2) idx.push_back(self.sizes()[0] == 1 ? 0 : i);
        if (self.dim() >= 1) idx.push_back(self.sizes()[self.dim() - 1] == 1 ? 0 : j);
        const C x = read_c(self, idx);
        v += beta * x;
        mag = std::abs(alpha) * mag + std::abs(beta * x);
      }
      e.value[i * n + j] = v;
      e.size[i * n + j] = mag;
    }
  return e;
}

void expect_matches(const Tensor& r, const Expected& e) {
  ASSERT_EQ(r.sizes(), IntArrayRef({e.m, e.n}));
  const ScalarType t = r.scalar_type();
  for (int64_t i = 0; i < e.m; ++i)
    for (int64_t j = 0; j < e.n; ++j) {
      const C got = read_c(r, {i, j});
      C want = e.value[i * e.n + j];
      if (isIntegralType(t, false))
        want = optest::wrap_integer(t, static_cast<int64_t>(want.real()));
      ASSERT_LE(std::abs(got - want), tolerance(t) * (e.size[i * e.n + j] + 1))
          << t << " at (" << i << ", " << j << "): got " << got << ", want " << want;
    }
}

// The same geometry as t's, holding the same values, as a transposed view of a fresh tensor.
Tensor as_transposed(const Tensor& t) {
  Tensor base = empty({t.sizes()[1], t.sizes()[0]}, t.scalar_type());
  base.copy_(t.t());
  return base.t();
}

// t's values at every other element of a bigger tensor, at an offset.
Tensor as_sliced(const Tensor& t) {
  Tensor base = empty({t.sizes()[0] + 1, 2 * t.sizes()[1]}, t.scalar_type());
  Tensor v = base.slice(0, 1, t.sizes()[0] + 1).slice(1, 0, 2 * t.sizes()[1], 2);
  v.copy_(t);
  return v;
}

// Same sizes and the same value everywhere, bit for bit (NaN aside).
bool same_values(const Tensor& a, const Tensor& b) {
  if (a.sizes() != b.sizes()) return false;
  bool same = true;
  ref::for_each_index(a.sizes(), [&](const std::vector<int64_t>& idx) {
    same = same && read_c(a, idx) == read_c(b, idx);
  });
  return same;
}

bool all_zero(const Tensor& t) {
  bool zero = true;
  ref::for_each_index(
      t.sizes(), [&](const std::vector<int64_t>& idx) { zero = zero && read_c(t, idx) == C(0); });
  return zero;
}

struct MatmulShape {
  int64_t m, k, n;
};
// Tile edges, single rows and columns (the matrix-vector path), and k beyond one 256-deep slice.
const MatmulShape kShapes[] = {{13, 17, 35}, {1, 9, 21}, {21, 9, 1}, {1, 5, 1}, {30, 300, 40}};

}  // namespace

TEST(Mm, EveryDtypeAndShapeMatchesTheReference) {
  for (ScalarType t : kProductDtypes)
    for (MatmulShape s : kShapes) {
      SCOPED_TRACE(::testing::Message()
                   << t << " " << s.m << "x" << s.k << " @ " << s.k << "x" << s.n);
      Tensor a = matmul_values({s.m, s.k}, t), b = matmul_values({s.k, s.n}, t, 1);
      Tensor r = mm(a, b);
      EXPECT_EQ(r.scalar_type(), t);
      EXPECT_TRUE(r.is_contiguous());
      expect_matches(r, reference(a, b));
    }
}

TEST(Mm, TransposedSlicedAndBroadcastOperands) {
  for (ScalarType t : kProductDtypes) {
    Tensor a = matmul_values({19, 23}, t), b = matmul_values({23, 37}, t, 2);
    const Expected e = reference(a, b);
    SCOPED_TRACE(::testing::Message() << t);
    expect_matches(mm(as_transposed(a), b), e);
    expect_matches(mm(a, as_transposed(b)), e);
    expect_matches(mm(as_transposed(a), as_transposed(b)), e);
    expect_matches(mm(as_sliced(a), as_sliced(b)), e);
    expect_matches(a.mm(as_sliced(as_transposed(b))), e);
    // A row broadcast down the rows (stride 0), and a column of b broadcast across.
    Tensor row = matmul_values({1, 23}, t, 3), col = matmul_values({23, 1}, t, 4);
    expect_matches(mm(row.expand({19, 23}), col.expand({23, 37})),
                   reference(row.expand({19, 23}), col.expand({23, 37})));
  }
}

TEST(Mm, LargeFloatAndDoubleAreTheSameAtOneAndTwoThreads) {
  // Threads take bands of columns (more columns than rows) or of rows; each element's sum runs
  // in the same order either way.
  const int saved = get_num_threads();
  for (ScalarType t : {ref::f4, ref::f8})
    for (MatmulShape s : {MatmulShape{67, 300, 101}, MatmulShape{101, 300, 67}}) {
      Tensor a = matmul_values({s.m, s.k}, t), b = matmul_values({s.k, s.n}, t, 5);
      set_num_threads(1);
      Tensor r1 = mm(a, b), r1t = mm(as_transposed(a), as_transposed(b));
      set_num_threads(2);
      Tensor r2 = mm(a, b), r2t = mm(as_transposed(a), as_transposed(b));
      expect_matches(r2, reference(a, b));
      EXPECT_TRUE(same_values(r1, r2)) << t;
      EXPECT_TRUE(same_values(r1t, r2t)) << t;
    }
  set_num_threads(saved);
}

TEST(Mm, ZeroSizes) {
  for (ScalarType t : {ref::f4, ref::i8, ref::c8, ref::f2}) {
    EXPECT_EQ(mm(matmul_values({0, 3}, t), matmul_values({3, 4}, t)).sizes(), IntArrayRef({0, 4}));
    EXPECT_EQ(mm(matmul_values({3, 4}, t), matmul_values({4, 0}, t)).sizes(), IntArrayRef({3, 0}));
    Tensor r = mm(matmul_values({3, 0}, t), matmul_values({0, 4}, t));  // k = 0: zeros
    expect_matches(r, reference(matmul_values({3, 0}, t), matmul_values({0, 4}, t)));
  }
}

TEST(Mm, OutVariants) {
  Tensor a = matmul_values({13, 29}, ref::f4), b = matmul_values({29, 21}, ref::f4, 1);
  const Expected e = reference(a, b);
  Tensor out = empty({0}, ScalarType::Float);  // resized
  EXPECT_TRUE(mm_out(out, a, b).is_same(out));
  expect_matches(out, e);
  Tensor exact = empty({13, 21}, ScalarType::Float);
  mm_outf(a, b, exact);
  expect_matches(exact, e);
  // Wrongly strided outs are written in place, in their own layout.
  Tensor transposed = empty({21, 13}, ScalarType::Float).t();
  mm_out(transposed, a, b);
  EXPECT_EQ(transposed.strides(), IntArrayRef({1, 13}));
  expect_matches(transposed, e);
  Tensor big = zeros({26, 63}, ScalarType::Float);
  Tensor sliced = big.slice(0, 0, 26, 2).slice(1, 0, 63, 3);
  mm_out(sliced, a, b);
  expect_matches(sliced, e);
  EXPECT_TRUE(all_zero(big.select(0, 1)));  // the rows in between are untouched
  EXPECT_TRUE(all_zero(big.select(1, 1)));
}

TEST(Mm, Errors) {
  Tensor a = matmul_values({2, 3}, ref::f4), b = matmul_values({4, 5}, ref::f4);
  ref::expect_error([&] { mm(a, b); },
                    {"mm: mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)"});
  ref::expect_error(
      [&] {
        mm(matmul_values({2, 3, 4}, ref::f4), b);
      },
      {"mm: self must be a matrix", "[2, 3, 4]"});
  ref::expect_error([&] { mm(a, matmul_values({3}, ref::f4)); }, {"mm: mat2 must be a matrix"});
  ref::expect_error(
      [&] {
        mm(a, matmul_values({3, 2}, ref::f8));
      },
      {"mm: expected mat1 and mat2 to have the same dtype, but got: Float != Double"});
  Tensor bools = empty({2, 2}, ScalarType::Bool);
  ref::expect_error([&] { mm(bools, bools); }, {"\"mm\" not implemented for 'Bool'"});
  Tensor wrong_dtype = empty({2, 2}, ScalarType::Double);
  ref::expect_error(
      [&] {
        mm_out(wrong_dtype, a, matmul_values({3, 2}, ref::f4));
      },
      {"mm.out", "dtype"});
  Tensor wrong_shape = zeros({3, 3}, ScalarType::Float);
  ref::expect_error(
      [&] {
        mm_out(wrong_shape, a, matmul_values({3, 2}, ref::f4));
      },
      {"mm.out", "[2, 2]"});
  EXPECT_TRUE(all_zero(wrong_shape));
  // out sharing memory with an input, or writing one element twice.
  Tensor sq = matmul_values({3, 3}, ref::f4);
  ref::expect_error(
      [&] {
        mm_out(sq, sq, matmul_values({3, 3}, ref::f4));
      },
      {"mm.out", "mat1", "share memory"});
  Tensor expanded = zeros({1, 3}, ScalarType::Float).expand({3, 3});
  ref::expect_error(
      [&] {
        mm_out(expanded, matmul_values({3, 3}, ref::f4), matmul_values({3, 3}, ref::f4));
      },
      {"single memory location"});
}

TEST(Bmm, EveryDtypeLayoutsAndBroadcastBatches) {
  for (ScalarType t : kProductDtypes) {
    SCOPED_TRACE(::testing::Message() << t);
    Tensor a = matmul_values({3, 13, 17}, t), b = matmul_values({3, 17, 34}, t, 1);
    Tensor r = bmm(a, b);
    ASSERT_EQ(r.sizes(), IntArrayRef({3, 13, 34}));
    for (int64_t i = 0; i < 3; ++i)
      expect_matches(r.select(0, i), reference(a.select(0, i), b.select(0, i)));
    // Transposed matrices inside the batch; one matrix of b shared by every batch (stride 0).
    Tensor at = empty({3, 17, 13}, t).transpose(1, 2);
    at.copy_(a);
    Tensor shared = matmul_values({1, 17, 34}, t, 2).expand({3, 17, 34});
    Tensor r2 = a.bmm(shared), r3 = bmm(at, b);
    for (int64_t i = 0; i < 3; ++i) {
      expect_matches(r2.select(0, i), reference(a.select(0, i), shared.select(0, i)));
      expect_matches(r3.select(0, i), reference(a.select(0, i), b.select(0, i)));
    }
  }
}

TEST(Bmm, ManySmallMatricesOverThreadsAndZeroSizes) {
  const int saved = get_num_threads();
  Tensor a = matmul_values({65, 9, 7}, ref::f8), b = matmul_values({65, 7, 5}, ref::f8, 1);
  set_num_threads(1);
  Tensor r1 = bmm(a, b);
  set_num_threads(2);
  Tensor r2 = bmm(a, b);
  set_num_threads(saved);
  EXPECT_TRUE(same_values(r1, r2));
  for (int64_t i = 0; i < 65; i += 16)
    expect_matches(r2.select(0, i), reference(a.select(0, i), b.select(0, i)));
  EXPECT_EQ(bmm(matmul_values({0, 2, 3}, ref::f4), matmul_values({0, 3, 4}, ref::f4)).sizes(),
            IntArrayRef({0, 2, 4}));
  Tensor k0 = bmm(matmul_values({2, 2, 0}, ref::f4), matmul_values({2, 0, 4}, ref::f4));
  EXPECT_EQ(k0.sizes(), IntArrayRef({2, 2, 4}));
  EXPECT_TRUE(all_zero(k0));
}

TEST(Bmm, OutAndErrors) {
  Tensor a = matmul_values({2, 5, 6}, ref::f4), b = matmul_values({2, 6, 7}, ref::f4, 1);
  Tensor out = empty({2, 7, 5}, ScalarType::Float).transpose(1, 2);  // wrongly strided
  bmm_out(out, a, b);
  for (int64_t i = 0; i < 2; ++i)
    expect_matches(out.select(0, i), reference(a.select(0, i), b.select(0, i)));
  ref::expect_error(
      [&] {
        bmm(matmul_values({5, 6}, ref::f4), b);
      },
      {"bmm: batch1 must be a 3D tensor"});
  ref::expect_error(
      [&] {
        bmm(a, matmul_values({3, 6, 7}, ref::f4));
      },
      {"bmm: Expected size for first two dimensions of batch2 tensor to be: [2, 6] but got: [3, "
       "6]"});
  ref::expect_error(
      [&] {
        bmm(a, matmul_values({2, 5, 7}, ref::f4));
      },
      {"to be: [2, 6] but got: [2, 5]"});
  Tensor bools = empty({1, 2, 2}, ScalarType::Bool);
  ref::expect_error([&] { bmm(bools, bools); }, {"\"bmm\" not implemented for 'Bool'"});
}

TEST(Addmm, EveryDtypeBetaAlphaAndBroadcastSelf) {
  for (ScalarType t : kProductDtypes) {
    SCOPED_TRACE(::testing::Message() << t);
    Tensor a = matmul_values({11, 19}, t), b = matmul_values({19, 35}, t, 1);
    const bool integral = isIntegralType(t, false);
    const Scalar beta = integral ? Scalar(2) : Scalar(0.5),
                 alpha = integral ? Scalar(3) : Scalar(-1.5);
    const C cb = integral ? 2.0 : 0.5, ca = integral ? 3.0 : -1.5;
    for (std::vector<int64_t> shape : {std::vector<int64_t>{11, 35}, {35}, {1, 35}, {11, 1}, {}}) {
      Tensor self = matmul_values(shape, t, 2);
      expect_matches(addmm(self, a, b, beta, alpha), reference(a, b, self, cb, ca));
      expect_matches(addmm(self, a, b), reference(a, b, self, 1, 1));
    }
    Tensor self = matmul_values({11, 35}, t, 3);
    const Expected e = reference(a, b, self, cb, ca);
    EXPECT_TRUE(self.addmm_(as_transposed(a), b, beta, alpha).is_same(self));
    expect_matches(self, e);
  }
}

TEST(Addmm, BetaZeroIgnoresSelfAndKZeroScalesIt) {
  Tensor nan = full({4, 5}, std::numeric_limits<double>::quiet_NaN());
  Tensor a = matmul_values({4, 3}, ref::f4), b = matmul_values({3, 5}, ref::f4);
  expect_matches(addmm(nan, a, b, 0, 2), reference(a, b, Tensor(), 0, 2));
  Tensor in_place = nan.clone();
  in_place.addmm_(a, b, 0);
  expect_matches(in_place, reference(a, b));
  Tensor self = matmul_values({4, 5}, ref::f4, 1);
  Tensor k0a = matmul_values({4, 0}, ref::f4), k0b = matmul_values({0, 5}, ref::f4);
  expect_matches(addmm(self, k0a, k0b, 3, 2), reference(k0a, k0b, self, 3, 2));
  EXPECT_TRUE(all_zero(addmm(nan, k0a, k0b, 0)));
}

TEST(Addmm, OutAndErrors) {
  Tensor self = matmul_values({5}, ref::f8), a = matmul_values({4, 3}, ref::f8, 1),
         b = matmul_values({3, 5}, ref::f8, 2);
  const Expected e = reference(a, b, self, 2, 1);
  Tensor out = empty({5, 4}, ScalarType::Double).t();  // wrongly strided
  addmm_out(out, self, a, b, 2);
  expect_matches(out, e);
  Tensor resized = empty({0}, ScalarType::Double);
  addmm_outf(self, a, b, 2, 1, resized);
  expect_matches(resized, e);
  ref::expect_error([&] { addmm(matmul_values({3}, ref::f8), a, b); },
                    {"addmm: self of shape [3] cannot be broadcast to the result's shape [4, 5]"});
  ref::expect_error(
      [&] {
        addmm(self, a, matmul_values({4, 5}, ref::f8));
      },
      {"addmm: mat1 and mat2 shapes cannot be multiplied (4x3 and 4x5)"});
  ref::expect_error([&] { addmm(matmul_values({5}, ref::f4), a, b); },
                    {"addmm: expected self and mat1 to have the same dtype"});
  ref::expect_error(
      [&] {
        addmm(matmul_values({5}, ref::i1), matmul_values({4, 3}, ref::i1),
              matmul_values({3, 5}, ref::i1), 300);
      },
      {"addmm"});
  Tensor wrong = matmul_values({4, 4}, ref::f8);
  ref::expect_error([&] { wrong.addmm_(a, b); },
                    {"addmm_: self of shape [4, 4] cannot be broadcast"});
  ref::expect_error([&] { matmul_values({5}, ref::f8).addmm_(a, b); },
                    {"addmm_", "Bad in-place call"});
}

TEST(DotAndMv, EveryDtypeStridedAndTransposed) {
  for (ScalarType t : kProductDtypes) {
    SCOPED_TRACE(::testing::Message() << t);
    Tensor x = matmul_values({37}, t), y = matmul_values({37}, t, 1);
    Tensor d = dot(x, y);
    EXPECT_EQ(d.dim(), 0);
    EXPECT_EQ(d.scalar_type(), t);
    expect_matches(d.view({1, 1}), reference(x.view({1, 37}), y.view({37, 1})));
    Tensor xs = matmul_values({74}, t, 2).slice(0, 0, 74, 2);
    expect_matches(x.dot(xs).view({1, 1}), reference(x.view({1, 37}), xs.unsqueeze(1)));

    Tensor m = matmul_values({300, 37}, t, 3);
    const Expected e = reference(m, y.unsqueeze(1));
    expect_matches(mv(m, y).unsqueeze(1), e);
    expect_matches(mv(as_transposed(m), y).unsqueeze(1), e);  // column-major: the axpy path
    expect_matches(m.mv(xs).unsqueeze(1), reference(m, xs.unsqueeze(1)));
  }
}

TEST(DotAndMv, OutZeroSizeMetaAndErrors) {
  Tensor x = matmul_values({5}, ref::f4), y = matmul_values({5}, ref::f4, 1),
         m = matmul_values({3, 5}, ref::f4);
  Tensor out = empty({0}, ScalarType::Float);
  dot_out(out, x, y);
  EXPECT_EQ(out.dim(), 0);
  EXPECT_FLOAT_EQ(out.item<float>(), dot(x, y).item<float>());
  Tensor mv_o = empty({6}, ScalarType::Float).slice(0, 0, 6, 2);  // strided
  mv_out(mv_o, m, y);
  expect_matches(mv_o.unsqueeze(1), reference(m, y.unsqueeze(1)));
  EXPECT_EQ(dot(matmul_values({0}, ref::f8), matmul_values({0}, ref::f8)).item<double>(), 0.0);
  EXPECT_EQ(mv(matmul_values({0, 3}, ref::f8), matmul_values({3}, ref::f8)).sizes(),
            IntArrayRef({0}));
  EXPECT_TRUE(all_zero(mv(matmul_values({2, 0}, ref::f8), matmul_values({0}, ref::f8))));
  ref::expect_error([&] { dot(x, matmul_values({4}, ref::f4)); },
                    {"dot: inconsistent tensor size, expected tensor [5] and src [4]"});
  ref::expect_error([&] { dot(m, x); }, {"dot: 1D tensors expected, but got 2D and 1D tensors"});
  ref::expect_error([&] { dot(x, matmul_values({5}, ref::f8)); },
                    {"dot: expected self and tensor to have the same dtype"});
  ref::expect_error([&] { mv(m, matmul_values({4}, ref::f4)); },
                    {"mv: size mismatch, got mat (3x5), vec (4)"});
  ref::expect_error([&] { mv(x, x); }, {"mv: expected a matrix and a vector"});
  Tensor bools = empty({2}, ScalarType::Bool);
  ref::expect_error([&] { dot(bools, bools); }, {"\"dot\" not implemented for 'Bool'"});
  ref::expect_error(
      [&] {
        mv(empty({2, 2}, ScalarType::Bool), bools);
      },
      {"\"mv\" not implemented for 'Bool'"});
  Tensor mm_meta = ref::to_meta(m);
  ref::expect_same_geometry(mv(mm_meta, ref::to_meta(y)), mv(m, y));
  ref::expect_same_geometry(dot(ref::to_meta(x), ref::to_meta(y)), dot(x, y));
}

namespace {
// matmul's reference: each (broadcast) batch entry through the 2-d reference.
void expect_matmul(const Tensor& a, const Tensor& b) {
  SCOPED_TRACE(::testing::Message() << a.sizes() << " @ " << b.sizes());
  Tensor r = matmul(a, b);
  const Tensor a2 = a.dim() == 1 ? a.unsqueeze(0) : a, b2 = b.dim() == 1 ? b.unsqueeze(1) : b;
  std::vector<int64_t> ba(a2.sizes().begin(), a2.sizes().end() - 2),
      bb(b2.sizes().begin(), b2.sizes().end() - 2);
  const std::vector<int64_t> batch = ref::broadcast_shape(ba, bb);
  std::vector<int64_t> shape = batch;
  if (a.dim() > 1) shape.push_back(a2.sizes()[a2.dim() - 2]);
  if (b.dim() > 1) shape.push_back(b2.sizes()[b2.dim() - 1]);
  ASSERT_EQ(r.sizes(), IntArrayRef(shape));
  // r with the vector dims put back, viewed as [batch..., n, p].
  Tensor r2 = r;
  if (a.dim() == 1) r2 = r2.unsqueeze(r2.dim() - (b.dim() > 1 ? 1 : 0));
  if (b.dim() == 1) r2 = r2.unsqueeze(-1);
  ref::for_each_index(batch, [&](const std::vector<int64_t>& idx) {
    Tensor ai = a2, bi = b2, ri = r2;
    for (size_t d = 0; d < idx.size(); ++d) {
      const int64_t da = static_cast<int64_t>(d) - static_cast<int64_t>(batch.size() - ba.size());
      const int64_t db = static_cast<int64_t>(d) - static_cast<int64_t>(batch.size() - bb.size());
      ri = ri.select(0, idx[d]);
      if (da >= 0) ai = ai.select(0, ai.sizes()[0] == 1 ? 0 : idx[d]);
      if (db >= 0) bi = bi.select(0, bi.sizes()[0] == 1 ? 0 : idx[d]);
    }
    expect_matches(ri, reference(ai, bi));
  });
  ref::expect_same_geometry(matmul(ref::to_meta(a), ref::to_meta(b)), r);
}
}  // namespace

TEST(Matmul, EveryRankCombinationAndBroadcastBatches) {
  const std::vector<std::vector<int64_t>> lhs = {{4}, {3, 4}, {2, 3, 4}, {2, 1, 3, 4}};
  const std::vector<std::vector<int64_t>> rhs = {{4}, {4, 5}, {2, 4, 5}, {3, 1, 4, 5}};
  for (ScalarType t : {ref::f4, ref::i8, ref::c8}) {
    SCOPED_TRACE(::testing::Message() << t);
    for (const auto& sa : lhs)
      for (const auto& sb : rhs) {
        if (sa.size() == 4 && sb.size() == 4)
          continue;  // batch [2, 1] vs [3, 1]: not broadcastable
        expect_matmul(matmul_values(sa, t), matmul_values(sb, t, 1));
      }
    expect_matmul(matmul_values({2, 1, 3, 4}, t),
                  matmul_values({1, 5, 4, 6}, t, 1));  // [2, 5] batches
  }
  for (ScalarType t : kProductDtypes)
    expect_matmul(matmul_values({2, 3, 4}, t), matmul_values({4, 5}, t, 1));
  expect_matmul(matmul_values({2, 0, 3}, ref::f4), matmul_values({3, 4}, ref::f4));
  expect_matmul(matmul_values({2, 3, 0}, ref::f4), matmul_values({2, 0, 4}, ref::f4));
  expect_matmul(matmul_values({2, 3, 0}, ref::f4),
                matmul_values({0, 4}, ref::f4));  // folded, k = 0
  expect_matmul(matmul_values({2, 3, 0}, ref::f4), matmul_values({0}, ref::f4));
}

TEST(Matmul, OutAndErrors) {
  Tensor a = matmul_values({2, 3, 4}, ref::f8), b = matmul_values({4, 5}, ref::f8, 1);
  Tensor out = empty({0}, ScalarType::Double);
  matmul_out(out, a, b);
  EXPECT_TRUE(same_values(out, matmul(a, b)));
  Tensor strided = empty({5, 3, 2}, ScalarType::Double).permute({2, 1, 0});
  matmul_outf(a, b, strided);
  EXPECT_TRUE(same_values(strided, matmul(a, b)));
  ref::expect_error(
      [&] { matmul(matmul_values({}, ref::f4), matmul_values({3}, ref::f4)); },
      {"matmul: both arguments to matmul need to be at least 1D, but they are 0D and 1D"});
  ref::expect_error(
      [&] {
        matmul(matmul_values({2, 3}, ref::f4), matmul_values({4, 5}, ref::f4));
      },
      {"matmul: shapes [2, 3] and [4, 5] cannot be multiplied (3 != 4)"});
  ref::expect_error(
      [&] {
        matmul(matmul_values({2, 2, 3}, ref::f4), matmul_values({3, 3, 4}, ref::f4));
      },
      {"matmul", "[2]", "[3]"});
  Tensor bools = empty({2, 2}, ScalarType::Bool);
  ref::expect_error([&] { matmul(bools, bools); }, {"\"matmul\" not implemented for 'Bool'"});
  ref::expect_error([&] { matmul_out(bools, a, b); }, {"dtype"});
}

TEST(Linalg, MetaGivesTheCpuGeometry) {
  Tensor a = matmul_values({7, 5}, ref::f4), b = matmul_values({5, 9}, ref::f4, 1),
         s = matmul_values({9}, ref::f4, 2);
  Tensor ba = matmul_values({3, 7, 5}, ref::f4), bb = matmul_values({3, 5, 9}, ref::f4);
  ref::expect_same_geometry(mm(ref::to_meta(a), ref::to_meta(b)), mm(a, b));
  ref::expect_same_geometry(bmm(ref::to_meta(ba), ref::to_meta(bb)), bmm(ba, bb));
  ref::expect_same_geometry(addmm(ref::to_meta(s), ref::to_meta(a), ref::to_meta(b)),
                            addmm(s, a, b));
  Tensor meta_out = empty({0}, TensorOptions(ScalarType::Float).device(kMeta));
  mm_out(meta_out, ref::to_meta(a), ref::to_meta(b));
  EXPECT_EQ(meta_out.sizes(), IntArrayRef({7, 9}));
  ref::expect_error([&] { mm(ref::to_meta(a), ref::to_meta(a)); },
                    {"mm: mat1 and mat2 shapes cannot be multiplied (7x5 and 7x5)"});
}
