// The GEMM behind every matrix product, written here (no BLAS). Compiled once per CPU capability.
//
// C = beta * C + alpha * A @ B runs the classic blocked loop nest: for each NC-wide panel of
// columns and KC-deep slice of k, B's slice is packed into NR-wide micro-panels; for each MC-tall
// block of rows, A's slice is packed into MR-tall micro-panels; then a register-tiled micro-kernel
// computes each MR x NR tile of C from one micro-panel of each, with the tile in registers for
// the whole k-slice. Packing turns any strides (transposed, sliced, broadcast) into unit-stride
// streams and converts to the type products are computed in, so the micro-kernel sees one
// layout. Threads take blocks of C (a batch entry, or a band of rows or columns of one matrix)
// and each packs its own panels, so nothing is shared and the result does not depend on the
// thread count. A single column (mv, dot, or m == 1 turned around) takes a matrix-vector path
// without packing: there is no reuse to pack for.
#include <aten/core/Convert.h>
#include <aten/core/DtypeDispatch.h>
#include <aten/cpu/Parallel.h>
#include <aten/cpu/vec/Vectorized.h>
#include <aten/native/LinearAlgebra.h>

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <type_traits>
#include <utility>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

using vec::Vectorized;

// ---- element types ---------------------------------------------------------------------------
// Products are computed in acc_t<S>: float for Half and BFloat16 (rounded once, at the end),
// unsigned integers for the integer types (wrapping without signed-overflow UB; the low bits,
// which are all the result keeps, are those of the exact product sum), S itself otherwise.
template <typename S>
struct Acc {
  using type = S;
};
template <>
struct Acc<Half> {
  using type = float;
};
template <>
struct Acc<BFloat16> {
  using type = float;
};
template <typename S>
requires std::is_integral_v<S>
struct Acc<S> {
  // 16-bit unsigned products would promote to int and could overflow it.
  using type = std::conditional_t<sizeof(S) == 8, uint64_t, uint32_t>;
};
template <typename S>
using acc_t = typename Acc<S>::type;

// Whether C can be accumulated in place (same bits as acc_t<S>), or needs a buffer.
template <typename S>
constexpr bool kInPlace = sizeof(acc_t<S>) == sizeof(S);

template <typename S>
acc_t<S> to_acc(S x) {
  if constexpr (std::is_integral_v<S>) return static_cast<acc_t<S>>(x);  // modular
  else return convert<acc_t<S>>(x);
}

template <typename S>
S from_acc(acc_t<S> x) {
  if constexpr (std::is_integral_v<S>) return static_cast<S>(x);  // keeps the low bits
  else return convert<S>(x);
}

// alpha * x + beta * y, where beta == 0 means y is not read.
template <typename T>
T axpby(T alpha, T x, T beta, T y) {
  return beta == T(0) ? alpha * x : alpha * x + beta * y;
}

// ---- workspaces ------------------------------------------------------------------------------
// Per thread and per role, kept between calls: a 1024 x 1024 product must not pay page faults
// for fresh packing buffers each time.
class Workspace {
 public:
  ~Workspace() { std::free(p_); }
  template <typename T>
  T* get(int64_t n) {
    const size_t bytes = (static_cast<size_t>(n) * sizeof(T) + 63) / 64 * 64;
    if (bytes > size_) {
      std::free(p_);
      p_ = std::aligned_alloc(64, bytes);
      ATEN_CHECK(p_ != nullptr, "out of memory allocating a ", bytes, "-byte GEMM workspace");
      size_ = bytes;
    }
    return static_cast<T*>(p_);
  }

 private:
  void* p_ = nullptr;
  size_t size_ = 0;
};

enum WorkspaceRole { kPackA, kPackB, kBuffer, kRoles };

template <typename T>
T* workspace(WorkspaceRole role, int64_t n) {
  thread_local Workspace ws[kRoles];
  return ws[role].get<T>(n);
}

// ---- micro-kernels ---------------------------------------------------------------------------
// A micro-kernel multiplies an MR x kc micro-panel of A (stored k-major: MR values per k) by a
// kc x NR micro-panel of B (NR values per k). full() writes the tile into C (unit column
// stride) as alpha * tile + beta * C; tile() writes the plain tile into a local MR x NR array.

// float and double: MR rows of NV vectors, all in registers, one FMA per vector per k.
template <typename T, int MR_, int NV>
struct MicroVec {
  using V = Vectorized<T>;
  static constexpr int MR = MR_;
  static constexpr int VS = static_cast<int>(V::size());
  static constexpr int NR = NV * VS;

  static void full(int64_t kc, const T* a, const T* b, T* c, int64_t ldc, T alpha, T beta) {
    V acc[MR][NV];
    accumulate(kc, a, b, acc);
    const V va(alpha), vb(beta);
#pragma GCC unroll 16
    for (int r = 0; r < MR; ++r) {
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) {
        T* p = c + r * ldc + v * VS;
        V x = acc[r][v] * va;
        if (beta != T(0)) x = vec::fmadd(vb, V::loadu(p), x);
        x.store(p);
      }
    }
  }

  static void tile(int64_t kc, const T* a, const T* b, T* out) {
    V acc[MR][NV];
    accumulate(kc, a, b, acc);
    for (int r = 0; r < MR; ++r)
      for (int v = 0; v < NV; ++v) acc[r][v].store(out + r * NR + v * VS);
  }

 private:
  static void accumulate(int64_t kc, const T* a, const T* b, V (&acc)[MR][NV]) {
#pragma GCC unroll 16
    for (int r = 0; r < MR; ++r)
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) acc[r][v] = V(T(0));
    for (int64_t kk = 0; kk < kc; ++kk) {
      V bv[NV];
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) bv[v] = V::loadu(b + v * VS);
#pragma GCC unroll 16
      for (int r = 0; r < MR; ++r) {
        const V av(a[r]);
#pragma GCC unroll 4
        for (int v = 0; v < NV; ++v) acc[r][v] = vec::fmadd(av, bv[v], acc[r][v]);
      }
      a += MR;
      b += NR;
    }
  }
};

// Every other type (complex, the unsigned integer accumulators): a small tile of scalars, left
// to the compiler's vectorizer.
template <typename T, int MR_, int NR_>
struct MicroScalar {
  static constexpr int MR = MR_;
  static constexpr int NR = NR_;

  static void tile(int64_t kc, const T* a, const T* b, T* out) {
    T acc[MR][NR] = {};
    for (int64_t kk = 0; kk < kc; ++kk) {
      for (int r = 0; r < MR; ++r)
        for (int j = 0; j < NR; ++j) acc[r][j] += a[r] * b[j];
      a += MR;
      b += NR;
    }
    for (int r = 0; r < MR; ++r)
      for (int j = 0; j < NR; ++j) out[r * NR + j] = acc[r][j];
  }

  static void full(int64_t kc, const T* a, const T* b, T* c, int64_t ldc, T alpha, T beta) {
    T t[MR * NR];
    tile(kc, a, b, t);
    for (int r = 0; r < MR; ++r)
      for (int j = 0; j < NR; ++j)
        c[r * ldc + j] = axpby(alpha, t[r * NR + j], beta, c[r * ldc + j]);
  }
};

// Tile shapes: as many accumulators as the register file holds, with room for the B vectors
// and one broadcast A value (AVX-512: 28 of 32 zmm; AVX2: 12 of 16 ymm). Measured on Zen 4,
// 14 x 32 and 12 x 32 run alike; a k-slice of 128 instead of 256 is ~4% slower.
#if defined(CPU_CAPABILITY_AVX512)
constexpr int kVecMR = 14;
#elif defined(CPU_CAPABILITY_AVX2)
constexpr int kVecMR = 6;
#else
constexpr int kVecMR = 4;
#endif

template <typename T>
struct MicroFor {
  using type = MicroScalar<T, 4, 8>;
};
template <>
struct MicroFor<float> {
  using type = MicroVec<float, kVecMR, 2>;
};
template <>
struct MicroFor<double> {
  using type = MicroVec<double, kVecMR, 2>;
};

// Cache blocking, in elements: a KC x NR micro-panel of B stays in L1 while the micro-kernel
// walks down an MC x KC block of A in L2; the KC x NC panel of B sits in L2/L3.
constexpr int64_t kKC = 256;
template <typename Micro>
constexpr int64_t kMC = Micro::MR * 16;
template <typename Micro>
constexpr int64_t kNC = (2048 / Micro::NR) * Micro::NR;

// ---- packing ---------------------------------------------------------------------------------
// Packs `count` lines (rows of A or columns of B) of `depth` elements into W-wide micro-panels:
// panel p holds lines p*W .. p*W+W-1 interleaved, W values per depth step, zero past `count`.
// Reads go along whichever of the two strides is 1.
template <int W, typename S>
void pack(acc_t<S>* dst, const S* src, int64_t count, int64_t depth, int64_t line_stride,
          int64_t depth_stride) {
  using T = acc_t<S>;
  for (int64_t p = 0; p < count; p += W) {
    const int64_t w = std::min<int64_t>(W, count - p);
    const S* s = src + p * line_stride;
    T* d = dst + p * depth;
    if (w == W && line_stride == 1) {
      for (int64_t kk = 0; kk < depth; ++kk)
        for (int j = 0; j < W; ++j) d[kk * W + j] = to_acc(s[kk * depth_stride + j]);
    } else {
      for (int64_t j = 0; j < w; ++j)
        for (int64_t kk = 0; kk < depth; ++kk)
          d[kk * W + j] = to_acc(s[j * line_stride + kk * depth_stride]);
      for (int64_t j = w; j < W; ++j)
        for (int64_t kk = 0; kk < depth; ++kk) d[kk * W + j] = T(0);
    }
  }
}

// ---- one block of C, on one thread -------------------------------------------------------------
template <typename S>
struct Operands {
  const S* a;
  int64_t a_rs, a_cs;
  const S* b;
  int64_t b_rs, b_cs;
};

// C (in the accumulation type, any strides) = beta * C + alpha * A @ B.
template <typename S>
void gemm_block(int64_t m, int64_t n, int64_t k, const Operands<S>& x, acc_t<S>* c, int64_t c_rs,
                int64_t c_cs, acc_t<S> alpha, acc_t<S> beta) {
  using T = acc_t<S>;
  using Micro = typename MicroFor<T>::type;
  constexpr int MR = Micro::MR, NR = Micro::NR;
  if (k == 0) {
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        T& e = c[i * c_rs + j * c_cs];
        e = beta == T(0) ? T(0) : beta * e;
      }
    return;
  }
  const int64_t MC = kMC<Micro>, NC = kNC<Micro>;
  T* apack = workspace<T>(kPackA, MC * kKC);
  T* bpack = workspace<T>(kPackB, kKC * NC);
  for (int64_t jc = 0; jc < n; jc += NC) {
    const int64_t nc = std::min(NC, n - jc);
    for (int64_t pc = 0; pc < k; pc += kKC) {
      const int64_t kc = std::min(kKC, k - pc);
      pack<NR>(bpack, x.b + pc * x.b_rs + jc * x.b_cs, nc, kc, x.b_cs, x.b_rs);
      const T beta_k = pc == 0 ? beta : T(1);  // later k-slices add to what the first wrote
      for (int64_t ic = 0; ic < m; ic += MC) {
        const int64_t mc = std::min(MC, m - ic);
        pack<MR>(apack, x.a + ic * x.a_rs + pc * x.a_cs, mc, kc, x.a_rs, x.a_cs);
        for (int64_t jr = 0; jr < nc; jr += NR) {
          const int64_t nr = std::min<int64_t>(NR, nc - jr);
          for (int64_t ir = 0; ir < mc; ir += MR) {
            const int64_t mr = std::min<int64_t>(MR, mc - ir);
            T* ct = c + (ic + ir) * c_rs + (jc + jr) * c_cs;
            const T* ap = apack + ir * kc;
            const T* bp = bpack + jr * kc;
            if (mr == MR && nr == NR && c_cs == 1) {
              Micro::full(kc, ap, bp, ct, c_rs, alpha, beta_k);
            } else {
              T t[MR * NR];
              Micro::tile(kc, ap, bp, t);
              for (int64_t i = 0; i < mr; ++i)
                for (int64_t j = 0; j < nr; ++j) {
                  T& e = ct[i * c_rs + j * c_cs];
                  e = axpby(alpha, t[i * NR + j], beta_k, e);
                }
            }
          }
        }
      }
    }
  }
}

// sum_k a[k * as] * b[k * bs] in the accumulation type; contiguous float and double in vectors.
template <typename S>
acc_t<S> dot_run(const S* a, int64_t as, const S* b, int64_t bs, int64_t k) {
  using T = acc_t<S>;
  int64_t i = 0;
  T sum(0);
  if constexpr (std::is_same_v<S, float> || std::is_same_v<S, double>) {
    if (as == 1 && bs == 1) {
      using V = Vectorized<S>;
      constexpr int64_t VS = V::size();
      V s0(S(0)), s1(S(0)), s2(S(0)), s3(S(0));
      for (; i + 4 * VS <= k; i += 4 * VS) {
        s0 = vec::fmadd(V::loadu(a + i), V::loadu(b + i), s0);
        s1 = vec::fmadd(V::loadu(a + i + VS), V::loadu(b + i + VS), s1);
        s2 = vec::fmadd(V::loadu(a + i + 2 * VS), V::loadu(b + i + 2 * VS), s2);
        s3 = vec::fmadd(V::loadu(a + i + 3 * VS), V::loadu(b + i + 3 * VS), s3);
      }
      S lanes[VS];
      ((s0 + s1) + (s2 + s3)).store(lanes);
      for (int64_t l = 0; l < VS; ++l) sum += lanes[l];
    }
  }
  for (; i < k; ++i) sum += to_acc(a[i * as]) * to_acc(b[i * bs]);
  return sum;
}

// y = beta * y + alpha * A @ x for m rows: dot products along rows, or, when A's rows are the
// unit-stride direction, column updates over a band of rows.
template <typename S>
void gemv_block(int64_t m, int64_t k, const Operands<S>& x, S* y, int64_t y_s, acc_t<S> alpha,
                acc_t<S> beta) {
  using T = acc_t<S>;
  constexpr int64_t kBand = 256;
  T t[kBand];
  for (int64_t i0 = 0; i0 < m; i0 += kBand) {
    const int64_t rows = std::min(kBand, m - i0);
    const S* a = x.a + i0 * x.a_rs;
    if (x.a_rs == 1 && x.a_cs != 1) {
      std::fill(t, t + rows, T(0));
      for (int64_t kk = 0; kk < k; ++kk) {
        const T xv = to_acc(x.b[kk * x.b_rs]);
        const S* col = a + kk * x.a_cs;
        for (int64_t i = 0; i < rows; ++i) t[i] += to_acc(col[i]) * xv;
      }
    } else {
      for (int64_t i = 0; i < rows; ++i) t[i] = dot_run(a + i * x.a_rs, x.a_cs, x.b, x.b_rs, k);
    }
    for (int64_t i = 0; i < rows; ++i) {
      S& e = y[(i0 + i) * y_s];
      e = from_acc<S>(beta == T(0) ? alpha * t[i] : alpha * t[i] + beta * to_acc(e));
    }
  }
}

// One block of C in S: directly when C has the accumulation type's bits, else through a
// buffer in the accumulation type, a band at a time, rounded once into C.
template <typename S>
void block(int64_t m, int64_t n, int64_t k, const Operands<S>& x, S* c, int64_t c_rs, int64_t c_cs,
           acc_t<S> alpha, acc_t<S> beta) {
  using T = acc_t<S>;
  if (n == 1) {
    gemv_block(m, k, x, c, c_rs, alpha, beta);
  } else if constexpr (kInPlace<S>) {
    gemm_block(m, n, k, x, reinterpret_cast<T*>(c), c_rs, c_cs, alpha, beta);
  } else {
    constexpr int64_t kRows = 128, kCols = 2048;
    T* buf = workspace<T>(kBuffer, kRows * kCols);
    for (int64_t i0 = 0; i0 < m; i0 += kRows) {
      for (int64_t j0 = 0; j0 < n; j0 += kCols) {
        const int64_t rows = std::min(kRows, m - i0), cols = std::min(kCols, n - j0);
        Operands<S> sub = x;
        sub.a += i0 * x.a_rs;
        sub.b += j0 * x.b_cs;
        gemm_block(rows, cols, k, sub, buf, cols, 1, T(1), T(0));
        for (int64_t i = 0; i < rows; ++i)
          for (int64_t j = 0; j < cols; ++j) {
            S& e = c[(i0 + i) * c_rs + (j0 + j) * c_cs];
            e = from_acc<S>(beta == T(0) ? alpha * buf[i * cols + j]
                                         : alpha * buf[i * cols + j] + beta * to_acc(e));
          }
      }
    }
  }
}

// ---- the whole problem, over threads ---------------------------------------------------------
// Below this many multiply-adds a product runs on one thread.
constexpr int64_t kParallelWork = 64 * 64 * 64;

template <typename S>
void gemm_typed(const GemmProblem& p) {
  using T = acc_t<S>;
  int64_t m = p.m, n = p.n;
  const int64_t k = p.k, batch = p.batch;
  if (batch == 0 || m == 0 || n == 0) return;
  GemmOperand a = p.a, b = p.b;
  int64_t c_rs = p.c_row_stride, c_cs = p.c_col_stride;
  // C^T = B^T A^T: a single row becomes a single column (the matrix-vector path), and a
  // column-major C becomes row-major (the micro-kernel's vector stores).
  if (n != 1 && (m == 1 || (c_cs != 1 && c_rs == 1))) {
    std::swap(m, n);
    std::swap(c_rs, c_cs);
    GemmOperand at{b.data, b.batch_stride, b.col_stride, b.row_stride};
    GemmOperand bt{a.data, a.batch_stride, a.col_stride, a.row_stride};
    a = at;
    b = bt;
  }
  auto scalar = [](const Scalar& s) {
    if constexpr (std::is_integral_v<S>) return static_cast<T>(s.to<S>());
    else return s.to<T>();
  };
  const T alpha = scalar(p.alpha), beta = scalar(p.beta);

  // Tasks: batch entries, each cut into `parts` bands (of rows, or of columns when there are
  // more columns) so that the tasks divide evenly among the threads.
  const int threads = in_parallel_region() ? 1 : get_num_threads();
  const bool parallel = threads > 1 && batch * m * n * std::max<int64_t>(k, 1) >= kParallelWork;
  const int64_t parts = parallel ? threads / std::gcd<int64_t>(batch, threads) : 1;
  using Micro = typename MicroFor<T>::type;
  const bool by_rows = n == 1 || m >= n;
  const int64_t extent = by_rows ? m : n;
  const int64_t align = n == 1 ? 1 : by_rows ? Micro::MR : Micro::NR;  // bands cut at tile edges
  const int64_t band = std::max<int64_t>(1, (extent + parts - 1) / parts);
  const int64_t band_size = (band + align - 1) / align * align;

  auto run = [&](int64_t t0, int64_t t1) {
    for (int64_t t = t0; t < t1; ++t) {
      const int64_t bi = t / parts, lo = (t % parts) * band_size;
      if (lo >= extent) continue;
      const int64_t len = std::min(band_size, extent - lo);
      Operands<S> x{
          static_cast<const S*>(a.data) + bi * a.batch_stride, a.row_stride, a.col_stride,
          static_cast<const S*>(b.data) + bi * b.batch_stride, b.row_stride, b.col_stride};
      S* c = static_cast<S*>(p.c) + bi * p.c_batch_stride;
      if (by_rows) {
        x.a += lo * x.a_rs;
        block<S>(len, n, k, x, c + lo * c_rs, c_rs, c_cs, alpha, beta);
      } else {
        x.b += lo * x.b_cs;
        block<S>(m, len, k, x, c + lo * c_cs, c_rs, c_cs, alpha, beta);
      }
    }
  };
  if (parallel) parallel_for(0, batch * parts, 1, run);
  else run(0, batch * parts);
}

void gemm_kernel(const GemmProblem& p) {
  // The union of what mm, bmm, addmm, dot, mv and matmul declare; each op checks its own list
  // before it gets here, so the default case is unreachable from the public ops.
  switch (p.dtype) {
    ATEN_DTYPE_CASE(Byte, uint8_t, [&] { gemm_typed<scalar_t>(p); })
    ATEN_DTYPE_CASE(Char, int8_t, [&] { gemm_typed<scalar_t>(p); })
    ATEN_DTYPE_CASE(Short, int16_t, [&] { gemm_typed<scalar_t>(p); })
    ATEN_DTYPE_CASE(Int, int32_t, [&] { gemm_typed<scalar_t>(p); })
    ATEN_DTYPE_CASE(Long, int64_t, [&] { gemm_typed<scalar_t>(p); })
    ATEN_DTYPE_CASE(Half, Half, [&] { gemm_typed<scalar_t>(p); })
    ATEN_DTYPE_CASE(BFloat16, BFloat16, [&] { gemm_typed<scalar_t>(p); })
    ATEN_DTYPE_CASE(Float, float, [&] { gemm_typed<scalar_t>(p); })
    ATEN_DTYPE_CASE(Double, double, [&] { gemm_typed<scalar_t>(p); })
    ATEN_DTYPE_CASE(ComplexFloat, complex<float>, [&] { gemm_typed<scalar_t>(p); })
    ATEN_DTYPE_CASE(ComplexDouble, complex<double>, [&] { gemm_typed<scalar_t>(p); })
    default:
      detail::dtype_not_implemented("gemm", p.dtype);
  }
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(gemm_stub, &gemm_kernel);

}  // namespace aten::native
