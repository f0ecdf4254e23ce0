#pragma once
// Reductions over a reduce-op TensorIterator (dims [0, nr) reduced, output stride 0 there;
// dims [nr, ndim) kept). Results are bit-identical for any number of threads: work is split
// at boundaries fixed by sizes alone (chunks of kReduceChunk reduced elements, blocks of
// outputs), every partial result is computed in a fixed order, and partials are combined in a
// fixed tree.
//
// An op provides: acc_t, identity(), reduce(acc, in_t) -> acc, combine(acc, acc) -> acc,
// project(acc) -> out_t. Sums use Cascade (below) for accuracy.
#include <aten/cpu/Parallel.h>
#include <aten/iterator/DimCounter.h>
#include <aten/iterator/TensorIterator.h>

#include <vector>

#ifndef CPU_CAPABILITY
#error "Reduce.h is for kernel files compiled once per CPU capability (aten/native/cpu/)"
#endif

namespace aten::native {
inline namespace CPU_CAPABILITY {

// Reduced elements per chunk when few outputs share a long reduction: the unit of parallel
// work and the leaf of the fixed combination tree.
constexpr int64_t kReduceChunk = 32768;
// With at least this many outputs, outputs (not chunks of the reduction) are shared out.
constexpr int64_t kOutputParallelMin = 16;

// W sums side by side (one per output lane, or per interleaved lane of a contiguous run), each
// with error growing like log(n): values are summed in blocks of kBlock; a full block is added
// one level up, and so on. Pairwise summation's accuracy, streaming.
template <typename acc_t, int W = 1>
struct Cascade {
  static constexpr int kLevels = 4, kBlock = 256;
  acc_t level[kLevels][W] = {};
  int count[kLevels] = {};

  // Adds p[0..n) to lanes 0..n-1 (the other lanes get nothing this step).
  template <typename in_t>
  void add(const in_t* p, int n = W) {
    for (int b = 0; b < n; ++b) level[0][b] += static_cast<acc_t>(p[b]);
    if (++count[0] == kBlock) carry(0);
  }
  void carry(int l) {
    if (l + 1 == kLevels) return;  // the top level just keeps growing
    for (int b = 0; b < W; ++b) {
      level[l + 1][b] += level[l][b];
      level[l][b] = acc_t(0);
    }
    count[l] = 0;
    if (++count[l + 1] == kBlock) carry(l + 1);
  }
  acc_t lane(int b = 0) const {
    acc_t t = level[0][b];
    for (int l = 1; l < kLevels; ++l) t += level[l][b];
    return t;
  }
};

// Combines v[0..n) pairwise, in a tree fixed by n.
template <typename acc_t, typename combine_t>
acc_t tree_combine(const acc_t* v, int64_t n, const combine_t& combine) {
  if (n == 1) return v[0];
  const int64_t half = n / 2;
  return combine(tree_combine(v, half, combine), tree_combine(v + half, n - half, combine));
}

// The geometry of a reduction, read off the iterator once.
struct ReductionShape {
  explicit ReductionShape(const TensorIteratorBase& iter)
      : shape(iter.shape()), nr(iter.num_reduce_dims()),
        in_strides(iter.strides(1)), out_strides(iter.strides(0)),
        in(static_cast<char*>(iter.data_ptr(1))), out(static_cast<char*>(iter.data_ptr(0))) {
    for (int d = 0; d < nr; ++d) n_red *= shape[d];
    for (size_t d = nr; d < shape.size(); ++d) n_out *= shape[d];
  }
  // Byte offsets of output o (C order over the kept dims, fastest first) in input and output.
  std::pair<int64_t, int64_t> offsets(int64_t o) const {
    int64_t in_off = 0, out_off = 0;
    for (size_t d = nr; d < shape.size() && o > 0; ++d) {
      const int64_t c = o % shape[d];
      o /= shape[d];
      in_off += c * in_strides[d];
      out_off += c * out_strides[d];
    }
    return {in_off, out_off};
  }

  IntArrayRef shape;
  int nr;
  IntArrayRef in_strides, out_strides;
  char* in;
  char* out;
  int64_t n_red = 1, n_out = 1;
};

// Calls visit(ptr, n, stride) for the runs along reduced dim 0 that make up reduced elements
// [begin, end) of the output whose input data starts at base.
template <typename visit_t>
void for_each_run(const ReductionShape& rs, char* base, int64_t begin, int64_t end, const visit_t& visit) {
  if (rs.nr == 0) {
    visit(base, 1, 0);
    return;
  }
  DimCounter counter(rs.shape.slice(0, rs.nr), {begin, end});
  while (!counter.is_done()) {
    char* p = base;
    for (int d = 0; d < rs.nr; ++d) p += counter.values[d] * rs.in_strides[d];
    // Only whole steps along dim 0: a 2-D step is walked as rows.
    auto step = counter.max_2d_step();
    for (int64_t r = 0; r < step[1]; ++r)
      visit(p + (rs.nr > 1 ? r * rs.in_strides[1] : 0), step[0], rs.in_strides[0]);
    counter.increment(step);
  }
}

// The general driver: each (output, chunk) partial is reduced in order by `reduce_run`, which
// folds one run of n elements (byte stride s) into an accumulator.
template <typename acc_t, typename out_t, typename ops_t, typename run_t>
void reduce_driver(TensorIteratorBase& iter, const ops_t& ops, const run_t& reduce_run) {
  const ReductionShape rs(iter);
  auto reduce_range = [&](int64_t o, int64_t begin, int64_t end) {
    acc_t acc = ops.identity();
    for_each_run(rs, rs.in + rs.offsets(o).first, begin, end,
                 [&](char* p, int64_t n, int64_t s) { acc = reduce_run(acc, p, n, s); });
    return acc;
  };
  auto store = [&](int64_t o, acc_t acc) {
    *reinterpret_cast<out_t*>(rs.out + rs.offsets(o).second) = ops.project(acc);
  };
  if (rs.n_red == 0) {  // an empty reduction is the identity
    for (int64_t o = 0; o < rs.n_out; ++o) store(o, ops.identity());
    return;
  }
  if (rs.n_out >= kOutputParallelMin || rs.n_red <= kReduceChunk) {
    const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / rs.n_red);
    parallel_for(0, rs.n_out, grain, [&](int64_t b, int64_t e) {
      for (int64_t o = b; o < e; ++o) store(o, reduce_range(o, 0, rs.n_red));
    });
    return;
  }
  // Few outputs, long reductions: fixed chunks of the reduction in parallel, then a fixed tree.
  const int64_t nchunks = (rs.n_red + kReduceChunk - 1) / kReduceChunk;
  std::vector<acc_t> partial(static_cast<size_t>(nchunks * rs.n_out));
  parallel_for(0, nchunks * rs.n_out, 1, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) {
      const int64_t o = i / nchunks, c = i % nchunks;
      partial[i] = reduce_range(o, c * kReduceChunk, std::min(rs.n_red, (c + 1) * kReduceChunk));
    }
  });
  for (int64_t o = 0; o < rs.n_out; ++o)
    store(o, tree_combine(partial.data() + o * nchunks, nchunks,
                          [&](acc_t a, acc_t b) { return ops.combine(a, b); }));
}

}  // namespace CPU_CAPABILITY
}  // namespace aten::native
