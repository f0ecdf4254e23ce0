#pragma once
// Intra-op parallelism on OpenMP: a range split into one chunk per thread, never nested, with
// the first exception thrown by a worker rethrown in the caller.
#include <aten/core/FunctionRef.h>

#include <cstdint>

namespace aten {

// Below this many elements an op runs on one thread: spawning costs more than it saves.
constexpr int64_t GRAIN_SIZE = 32768;

int get_num_threads();
void set_num_threads(int n);
// True inside a parallel_for body; nested parallel_for calls then run serially.
bool in_parallel_region();

// Calls f(chunk_begin, chunk_end) over [begin, end) in chunks of at least grain_size elements.
void parallel_for(int64_t begin, int64_t end, int64_t grain_size,
                  FunctionRef<void(int64_t, int64_t)> f);

}  // namespace aten
