#pragma once
// One differential-fuzzer run: the bytes, decoded for case c (FuzzCase.cpp), choose the dtype,
// shapes, layouts, values and calls; any disagreement with the case's reference aborts with a
// trace of the run. Entry points: FuzzOps.cpp (libFuzzer's, the bytes choose the case too) and
// ReplayRegressions.cpp (inputs stored under the name of their case).
#include "ops/manifest/OpCase.h"

#include <cstddef>
#include <cstdint>

namespace aten::optest {

void fuzz_case(const OpCase& c, const uint8_t* data, size_t size);

}  // namespace aten::optest
