// The cases of aten/native/Fill.cpp's ops: fill_, zero_.
#include "../OpCase.h"

#include <aten/core/Tensor.h>
#include <aten/ops/empty_like.h>
#include <aten/ops/fill.h>
#include <aten/ops/zero.h>

namespace aten::optest {

ATEN_OP_CASES(fill) {
  std::vector<OpCase> cases;
  // Fills: the functional call fills a fresh tensor like self.
  for (double value : {2.5, 100.0}) {
    OpCase fill = unary_case(
        {"fill_.Scalar"},
        [value](const Tensors& in) {
          Tensor t = empty_like(in[0]);
          return Tensors{fill_(t, value)};
        },
        nullptr, [value](Tensors& in) { in[0].fill_(value); },
        pointwise([value](auto) { return value; }));
    fill.result_dtypes = first_dtype;
    fill.inplace_allows_overlap = true;
    cases.push_back(fill);
  }
  OpCase zero = unary_case(
      {"zero_"},
      [](const Tensors& in) {
        Tensor t = empty_like(in[0]);
        return Tensors{zero_(t)};
      },
      nullptr, [](Tensors& in) { in[0].zero_(); }, pointwise([](auto) { return 0; }));
  zero.result_dtypes = first_dtype;
  zero.inplace_allows_overlap = true;
  cases.push_back(zero);
  return cases;
}

}  // namespace aten::optest
