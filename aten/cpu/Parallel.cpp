#include <aten/core/Error.h>
#include <aten/cpu/Parallel.h>

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <exception>

namespace aten {
namespace {
thread_local bool tls_in_parallel = false;

struct ParallelRegionGuard {
  bool prev = std::exchange(tls_in_parallel, true);
  ~ParallelRegionGuard() { tls_in_parallel = prev; }
};
}  // namespace

int get_num_threads() { return omp_get_max_threads(); }

void set_num_threads(int n) {
  ATEN_CHECK(n > 0, "set_num_threads: expected a positive number of threads, got ", n);
  omp_set_num_threads(n);
}

bool in_parallel_region() { return tls_in_parallel || omp_in_parallel(); }

void parallel_for(int64_t begin, int64_t end, int64_t grain_size,
                  FunctionRef<void(int64_t, int64_t)> f) {
  if (begin >= end) return;
  const int64_t range = end - begin;
  int64_t nthreads = std::min<int64_t>(get_num_threads(),
                                       (range + grain_size - 1) / std::max<int64_t>(grain_size, 1));
  if (nthreads <= 1 || in_parallel_region()) {
    ParallelRegionGuard guard;
    f(begin, end);
    return;
  }
  // Workers inherit the caller's op chain so their errors name the ops too.
  const OpFrame* op_frame = OpContext::current();
  std::atomic_flag failed = ATOMIC_FLAG_INIT;
  std::exception_ptr error;
#pragma omp parallel num_threads(static_cast <int>(nthreads))
  {
    const int64_t nt = omp_get_num_threads();
    const int64_t chunk = (range + nt - 1) / nt;
    const int64_t local_begin = begin + omp_get_thread_num() * chunk;
    if (local_begin < end) {
      ParallelRegionGuard guard;
      OpContextInherit context(op_frame);
      try {
        f(local_begin, std::min(end, local_begin + chunk));
      } catch (...) {
        if (!failed.test_and_set()) error = std::current_exception();
      }
    }
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace aten
