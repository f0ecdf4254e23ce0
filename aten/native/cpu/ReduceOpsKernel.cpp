// CPU kernels of reductions. Compiled once per CPU capability.
#include <aten/cpu/Reduce.h>
#include <aten/native/ReduceOps.h>
#include <aten/ops/sum_dtypes.h>

#include <type_traits>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

// Floating sums accumulate in double (16M floats stay within ~1e-9 relative error); integer
// sums in int64 (exact, wrapping like ATen's on overflow).
template <typename T>
using sum_acc_t = std::conditional_t<std::is_floating_point_v<T>, double, int64_t>;

// A run of n elements, byte stride s, summed accurately; contiguous runs use 16 lanes.
template <typename in_t, typename acc_t>
acc_t sum_run(const char* p, int64_t n, int64_t s) {
  constexpr int W = 16;
  if (s == sizeof(in_t) && n >= W) {
    const auto* x = reinterpret_cast<const in_t*>(p);
    Cascade<acc_t, W> lanes;
    int64_t i = 0;
    for (; i + W <= n; i += W) lanes.add(x + i);
    if (i < n) lanes.add(x + i, static_cast<int>(n - i));
    acc_t partial[W];
    for (int b = 0; b < W; ++b) partial[b] = lanes.lane(b);
    return tree_combine(partial, W, [](acc_t a, acc_t b) { return a + b; });
  }
  Cascade<acc_t> c;
  for (int64_t i = 0; i < n; ++i) c.add(reinterpret_cast<const in_t*>(p + i * s));
  return c.lane();
}

template <typename in_t, typename out_t>
struct SumOps {
  using acc_t = sum_acc_t<in_t>;
  acc_t identity() const { return acc_t(0); }
  acc_t combine(acc_t a, acc_t b) const { return a + b; }
  out_t project(acc_t a) const { return static_cast<out_t>(a); }
};

// Outputs adjacent in memory whose inputs are adjacent too (sum over a leading dim): 64 of
// them are summed together, row by row, each lane a cascade of its own.
template <typename in_t, typename out_t>
bool sum_outer(const ReductionShape& rs) {
  using acc_t = sum_acc_t<in_t>;
  constexpr int B = 64;
  if (rs.nr == 0 || rs.nr == static_cast<int>(rs.shape.size())) return false;
  if (rs.in_strides[rs.nr] != sizeof(in_t) || rs.in_strides[0] == sizeof(in_t)) return false;
  const int64_t width = rs.shape[rs.nr];  // outputs along the first kept dim
  const int64_t blocks_per_row = (width + B - 1) / B;
  const int64_t nblocks = blocks_per_row * (rs.n_out / width);
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / (rs.n_red * B));
  parallel_for(0, nblocks, grain, [&](int64_t b0, int64_t b1) {
    for (int64_t blk = b0; blk < b1; ++blk) {
      const int64_t col = (blk % blocks_per_row) * B;
      const int n = static_cast<int>(std::min<int64_t>(B, width - col));
      auto [in_off, out_off] = rs.offsets((blk / blocks_per_row) * width + col);
      Cascade<acc_t, B> lanes;
      for_each_run(rs, rs.in + in_off, 0, rs.n_red, [&](char* p, int64_t len, int64_t s) {
        // Up to one cascade block of rows into local sums the compiler keeps in registers,
        // then one add into the cascade: the cascade's bookkeeping per row was the bottleneck.
        for (int64_t r0 = 0; r0 < len; r0 += Cascade<acc_t, B>::kBlock) {
          const int64_t r1 = std::min(len, r0 + Cascade<acc_t, B>::kBlock);
          acc_t local[B] = {};
          for (int64_t r = r0; r < r1; ++r) {
            const auto* row = reinterpret_cast<const in_t*>(p + r * s);
            if (n == B) {
              for (int b = 0; b < B; ++b) local[b] += static_cast<acc_t>(row[b]);
            } else {
              for (int b = 0; b < n; ++b) local[b] += static_cast<acc_t>(row[b]);
            }
          }
          lanes.add(local, n);
        }
      });
      for (int b = 0; b < n; ++b)
        *reinterpret_cast<out_t*>(rs.out + out_off + b * rs.out_strides[rs.nr]) = static_cast<out_t>(lanes.lane(b));
    }
  });
  return true;
}

template <typename in_t, typename out_t>
void sum_impl(TensorIteratorBase& iter) {
  using acc_t = sum_acc_t<in_t>;
  const ReductionShape rs(iter);
  if (rs.n_red > 0 && rs.n_out >= kOutputParallelMin && sum_outer<in_t, out_t>(rs)) return;
  reduce_driver<acc_t, out_t>(iter, SumOps<in_t, out_t>{}, [](acc_t acc, const char* p, int64_t n, int64_t s) {
    return acc + sum_run<in_t, acc_t>(p, n, s);
  });
}

void sum_kernel(TensorIteratorBase& iter) {
  const ScalarType out = iter.dtype(0);
  ATEN_DISPATCH_sum_TYPES(iter.dtype(1), [&] {
    if (out == iter.dtype(1)) {
      sum_impl<scalar_t, scalar_t>(iter);
    } else {
      ATEN_INTERNAL_ASSERT(out == ScalarType::Long);
      sum_impl<scalar_t, int64_t>(iter);
    }
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(sum_stub, &sum_kernel);

}  // namespace aten::native
