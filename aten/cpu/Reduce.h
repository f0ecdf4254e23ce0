#pragma once
// Reductions over a reduce-op TensorIterator (dims [0, nr) reduced, output stride 0 there;
// dims [nr, ndim) kept). Results are bit-identical for any number of threads: a reduction is
// split at boundaries fixed by sizes alone (chunks of kReduceChunk reduced elements), every
// partial result is computed in a fixed order, and partials are combined in a fixed tree.
// Outputs are independent of each other, so how they are shared out (blocks, reduce_outer's
// tiles) may depend on the thread count.
//
// An op describes itself to reduce_driver and reduce_outer (below); sums use Cascade for
// accuracy.
#include <aten/cpu/Parallel.h>
#include <aten/iterator/DimCounter.h>
#include <aten/iterator/TensorIterator.h>

#include <algorithm>
#include <array>
#include <memory>

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
    add_with([p](int b) { return static_cast<acc_t>(p[b]); }, n);
  }
  // Adds value(b) to lane b, for b in [0, n).
  template <typename value_t>
  void add_with(const value_t& value, int n = W) {
    for (int b = 0; b < n; ++b) level[0][b] += value(b);
    if (++count[0] == kBlock) carry(0);
  }
  // Adds W sums of kBlock values each, made by the caller in the order add() would have used
  // (from zero, one value per lane per step): the same arithmetic as kBlock add()s. Level 0
  // must be empty, as it is between blocks.
  void add_block(const acc_t* sums) {
    static_assert(kLevels >= 2);
    for (int b = 0; b < W; ++b) level[1][b] += sums[b];
    if (++count[1] == kBlock) carry(1);
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

// A run of n elements of in_t at byte stride s, summed accurately as value(x) in acc_t;
// contiguous runs use 16 lanes joined in a tree.
template <typename in_t, typename acc_t, typename value_t>
acc_t cascade_sum(const char* p, int64_t n, int64_t s, const value_t& value) {
  constexpr int W = 16;
  if (s == sizeof(in_t) && n >= W) {
    const auto* x = reinterpret_cast<const in_t*>(p);
    Cascade<acc_t, W> lanes;
    int64_t i = 0;
    // Whole blocks accumulate in a local array the compiler keeps in registers. Through level
    // 0, which carry() can reach, every step stored the lanes and loaded them back: AVX-512
    // row sums of floats ran at 18 GB/s. The additions and their order are level 0's, so the
    // results are the same bits.
    constexpr int64_t kBlockElems = int64_t{Cascade<acc_t, W>::kBlock} * W;
    for (; i + kBlockElems <= n; i += kBlockElems) {
      acc_t block[W] = {};
      for (int64_t k = i; k < i + kBlockElems; k += W)
        for (int b = 0; b < W; ++b) block[b] += value(x[k + b]);
      lanes.add_block(block);
    }
    for (; i + W <= n; i += W) lanes.add_with([&](int b) { return value(x[i + b]); });
    if (i < n) lanes.add_with([&](int b) { return value(x[i + b]); }, static_cast<int>(n - i));
    acc_t partial[W];
    for (int b = 0; b < W; ++b) partial[b] = lanes.lane(b);
    return tree_combine(partial, W, [](acc_t a, acc_t b) { return a + b; });
  }
  Cascade<acc_t> c;
  for (int64_t i = 0; i < n; ++i)
    c.add_with([&](int) { return value(*reinterpret_cast<const in_t*>(p + i * s)); });
  return c.lane();
}

// The geometry of a reduction, read off the iterator once: one input, one or two outputs
// (values and indices) laid out alike.
struct ReductionShape {
  explicit ReductionShape(const TensorIteratorBase& iter)
      : shape(iter.shape()),
        nr(iter.num_reduce_dims()),
        nout(iter.noutputs()),
        in_strides(iter.strides(iter.noutputs())),
        in(static_cast<char*>(iter.data_ptr(iter.noutputs()))) {
    for (int k = 0; k < nout; ++k) {
      out_strides[k] = iter.strides(k);
      out[k] = static_cast<char*>(iter.data_ptr(k));
    }
    for (int d = 0; d < nr; ++d) n_red *= shape[d];
    for (size_t d = nr; d < shape.size(); ++d) n_out *= shape[d];
  }
  struct Offsets {
    int64_t in = 0;
    int64_t out[2] = {0, 0};
  };
  // Byte offsets of output o (C order over the kept dims, fastest first) in input and outputs.
  Offsets offsets(int64_t o) const {
    Offsets r;
    for (size_t d = nr; d < shape.size() && o > 0; ++d) {
      const int64_t c = o % shape[d];
      o /= shape[d];
      r.in += c * in_strides[d];
      for (int k = 0; k < nout; ++k) r.out[k] += c * out_strides[k][d];
    }
    return r;
  }
  // The outputs of output o.
  std::array<char*, 2> out_ptrs(const Offsets& off) const {
    return {out[0] + off.out[0], nout > 1 ? out[1] + off.out[1] : nullptr};
  }

  IntArrayRef shape;
  int nr;
  int nout;
  IntArrayRef in_strides;
  IntArrayRef out_strides[2];
  char* in;
  char* out[2] = {nullptr, nullptr};
  int64_t n_red = 1, n_out = 1;
};

// Calls visit(ptr, n, stride) for the runs along reduced dim 0 that make up reduced elements
// [begin, end) of the output whose input data starts at base, in the order of the reduced
// elements' linear index (dim 0 fastest).
template <typename visit_t>
void for_each_run(const ReductionShape& rs, char* base, int64_t begin, int64_t end,
                  const visit_t& visit) {
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

// What reduce_driver asks of an op:
//   acc_t, in_t;
//   acc_t identity() const;                 the result of an empty reduction
//   acc_t reduce(acc_t a, in_t x, int64_t i) const;   folds in element number i
//   acc_t combine(acc_t earlier, acc_t later) const;  joins partials of adjacent ranges
//   void store(std::array<char*, 2> out, acc_t a) const;  writes the result(s)
// and optionally, for a faster loop over one run of n elements (byte stride s, the first
// being element number i):
//   acc_t run(acc_t a, const char* p, int64_t n, int64_t s, int64_t i) const;
// and, for reduce_outer, lanes of its own (FoldLanes' interface, below):
//   template <int64_t W> using OuterLanes = ...;
template <typename ops_t>
typename ops_t::acc_t fold_run(const ops_t& ops, typename ops_t::acc_t acc, const char* p,
                               int64_t n, int64_t s, int64_t index) {
  using in_t = typename ops_t::in_t;
  if constexpr (requires { ops.run(acc, p, n, s, index); }) {
    return ops.run(acc, p, n, s, index);
  } else {
    for (int64_t i = 0; i < n; ++i)
      acc = ops.reduce(acc, *reinterpret_cast<const in_t*>(p + i * s), index + i);
    return acc;
  }
}

// reduce_outer's lanes for an op without its own: one accumulator per output, each folding its
// elements in order with ops.reduce, as the general path would.
template <typename ops_t, int64_t W>
struct FoldLanes {
  using acc_t = typename ops_t::acc_t;
  using in_t = typename ops_t::in_t;
  acc_t acc[W];

  void start(const ops_t& ops, int n) {
    for (int b = 0; b < n; ++b) acc[b] = ops.identity();
  }
  // Folds len rows (byte stride s, W or fewer elements each) into lanes [0, n); the first row
  // holds element number index of every lane.
  void rows(const ops_t& ops, const char* p, int64_t len, int64_t s, int n, int64_t index) {
    for (int64_t r = 0; r < len; ++r) {
      const auto* row = reinterpret_cast<const in_t*>(p + r * s);
      for (int b = 0; b < n; ++b) acc[b] = ops.reduce(acc[b], row[b], index + r);
    }
  }
  acc_t result(int b) const { return acc[b]; }
};

// reduce_outer's lanes for a sum (an op whose reduce is a + ops.value(x)): a cascade per lane.
// Up to one cascade block of rows goes into plain sums, then one add into the cascade: the
// cascade's bookkeeping per row was the bottleneck.
template <typename ops_t, int64_t W>
struct CascadeLanes {
  using acc_t = typename ops_t::acc_t;
  using in_t = typename ops_t::in_t;
  Cascade<acc_t, W> cascade;  // 16 KiB at W = 4 KiB / sizeof(acc_t)
  acc_t local[W];

  void start(const ops_t&, int) { cascade = Cascade<acc_t, W>{}; }
  void rows(const ops_t& ops, const char* p, int64_t len, int64_t s, int n, int64_t) {
    constexpr int64_t kBlock = Cascade<acc_t, W>::kBlock;
    for (int64_t r0 = 0; r0 < len; r0 += kBlock) {
      const int64_t r1 = std::min(len, r0 + kBlock);
      std::fill_n(local, n, acc_t(0));
      int64_t r = r0;
      // Four rows at a time: four streams in flight, and a quarter of the adds into local.
      for (; r + 4 <= r1; r += 4) {
        const auto* x0 = reinterpret_cast<const in_t*>(p + r * s);
        const auto* x1 = reinterpret_cast<const in_t*>(p + (r + 1) * s);
        const auto* x2 = reinterpret_cast<const in_t*>(p + (r + 2) * s);
        const auto* x3 = reinterpret_cast<const in_t*>(p + (r + 3) * s);
        for (int b = 0; b < n; ++b)
          local[b] += (ops.value(x0[b]) + ops.value(x1[b])) + (ops.value(x2[b]) + ops.value(x3[b]));
      }
      for (; r < r1; ++r) {
        const auto* row = reinterpret_cast<const in_t*>(p + r * s);
        for (int b = 0; b < n; ++b) local[b] += ops.value(row[b]);
      }
      cascade.add(local, n);
    }
  }
  acc_t result(int b) const { return cascade.lane(b); }
};

// Bytes of accumulators in one tile of reduce_outer: rows of a tile this wide stream. 64-lane
// tiles read 256 bytes per row and jumped a page, which held a column sum of [4096, 4096] floats
// to a third of the memory bandwidth.
constexpr int64_t kOuterTileBytes = 4096;

template <typename ops_t, int64_t W>
struct OuterLanesOf {
  using type = FoldLanes<ops_t, W>;
};
template <typename ops_t, int64_t W>
requires requires { typename ops_t::template OuterLanes<W>; }
struct OuterLanesOf<ops_t, W> {
  using type = typename ops_t::template OuterLanes<W>;
};

// Outputs adjacent in memory whose inputs are adjacent too (a reduction over a leading dim): a
// tile of them is reduced together, row by row, so the input streams instead of being read one
// column at a time. A lane depends only on its own elements, taken in order, so the tiling
// (chosen here by thread count, to give every thread work) never changes a result.
//
// The lanes are ops_t::OuterLanes<W> where the op defines them (sums: CascadeLanes), else
// FoldLanes; W is the widest tile.
template <typename ops_t>
bool reduce_outer(const ReductionShape& rs, const ops_t& ops) {
  using acc_t = typename ops_t::acc_t;
  using in_t = typename ops_t::in_t;
  constexpr int64_t kMaxTile = std::max<int64_t>(1, kOuterTileBytes / sizeof(acc_t));
  constexpr int64_t kMinTile = 64, kAlign = 16;
  using Lanes = typename OuterLanesOf<ops_t, kMaxTile>::type;
  if (rs.n_red == 0 || rs.n_out < kOutputParallelMin) return false;
  if (rs.nr == 0 || rs.nr == static_cast<int>(rs.shape.size())) return false;
  if (rs.in_strides[rs.nr] != sizeof(in_t) || rs.in_strides[0] == sizeof(in_t)) return false;
  const int64_t width = rs.shape[rs.nr];  // outputs along the first kept dim
  const int64_t rows_of_tiles = rs.n_out / width;
  auto ceil_div = [](int64_t a, int64_t b) { return (a + b - 1) / b; };
  // Tiles per row of outputs: as few as kMaxTile allows, but one per thread if there are enough
  // lanes (kMinTile each) to go round.
  const int64_t fewest = ceil_div(width, kMaxTile), most = ceil_div(width, kMinTile);
  const int64_t wanted = ceil_div(static_cast<int64_t>(get_num_threads()), rows_of_tiles);
  const int64_t per_row = std::clamp(wanted, fewest, std::max(fewest, most));
  const int64_t tile_width = std::min(kMaxTile,
                                      ceil_div(ceil_div(width, per_row), kAlign) * kAlign);
  const int64_t tiles_per_row = ceil_div(width, tile_width);
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / (rs.n_red * tile_width));
  parallel_for(0, tiles_per_row * rows_of_tiles, grain, [&](int64_t t0, int64_t t1) {
    Lanes lanes;  // up to 20 KiB (CascadeLanes)
    for (int64_t t = t0; t < t1; ++t) {
      const int64_t col = (t % tiles_per_row) * tile_width;
      const int n = static_cast<int>(std::min(tile_width, width - col));
      const auto off = rs.offsets((t / tiles_per_row) * width + col);
      lanes.start(ops, n);
      int64_t index = 0;
      for_each_run(rs, rs.in + off.in, 0, rs.n_red, [&](char* p, int64_t len, int64_t s) {
        lanes.rows(ops, p, len, s, n, index);
        index += len;
      });
      for (int b = 0; b < n; ++b) {
        ops.store({rs.out[0] + off.out[0] + b * rs.out_strides[0][rs.nr],
                   rs.nout > 1 ? rs.out[1] + off.out[1] + b * rs.out_strides[1][rs.nr] : nullptr},
                  lanes.result(b));
      }
    }
  });
  return true;
}

// The general driver: each (output, chunk) partial is folded in order, run by run.
template <typename ops_t>
void reduce_driver(TensorIteratorBase& iter, const ops_t& ops) {
  using acc_t = typename ops_t::acc_t;
  const ReductionShape rs(iter);
  auto reduce_range = [&](char* base, int64_t begin, int64_t end) {
    acc_t acc = ops.identity();
    int64_t index = begin;
    for_each_run(rs, base, begin, end, [&](char* p, int64_t n, int64_t s) {
      acc = fold_run(ops, acc, p, n, s, index);
      index += n;
    });
    return acc;
  };
  if (rs.n_red == 0) {  // an empty reduction is the identity
    for (int64_t o = 0; o < rs.n_out; ++o) ops.store(rs.out_ptrs(rs.offsets(o)), ops.identity());
    return;
  }
  if (rs.n_out >= kOutputParallelMin || rs.n_red <= kReduceChunk) {
    const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / rs.n_red);
    parallel_for(0, rs.n_out, grain, [&](int64_t b, int64_t e) {
      for (int64_t o = b; o < e; ++o) {
        const auto off = rs.offsets(o);
        ops.store(rs.out_ptrs(off), reduce_range(rs.in + off.in, 0, rs.n_red));
      }
    });
    return;
  }
  // Few outputs, long reductions: fixed chunks of the reduction in parallel, then a fixed tree.
  const int64_t nchunks = (rs.n_red + kReduceChunk - 1) / kReduceChunk;
  // (not a std::vector: acc_t may be bool)
  auto partial = std::make_unique<acc_t[]>(static_cast<size_t>(nchunks * rs.n_out));
  parallel_for(0, nchunks * rs.n_out, 1, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) {
      const int64_t o = i / nchunks, c = i % nchunks;
      partial[i] = reduce_range(rs.in + rs.offsets(o).in, c * kReduceChunk,
                                std::min(rs.n_red, (c + 1) * kReduceChunk));
    }
  });
  for (int64_t o = 0; o < rs.n_out; ++o)
    ops.store(rs.out_ptrs(rs.offsets(o)),
              tree_combine(partial.get() + o * nchunks, nchunks,
                           [&](const acc_t& a, const acc_t& b) { return ops.combine(a, b); }));
}

}  // namespace CPU_CAPABILITY
}  // namespace aten::native
