// The differential fuzzer's entry point: the first two bytes choose a case of the registry by
// index, the rest are decoded for it (FuzzCase.cpp). The index depends on the registry's order,
// so an input that found a bug is kept under its case's name (tests/fuzz/regressions/), not
// in this form.
#include "FuzzCase.h"

#include <algorithm>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace aten::optest;
  const std::vector<OpCase>& cases = all_cases();
  // Missing bytes read as 0, as everywhere in the decoding.
  const size_t index = size_t{size > 0 ? data[0] : uint8_t{0}} << 8 | (size > 1 ? data[1] : 0);
  const size_t used = std::min<size_t>(size, 2);
  fuzz_case(cases[index % cases.size()], data + used, size - used);
  return 0;
}
