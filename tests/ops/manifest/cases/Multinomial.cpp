// multinomial (aten/native/Multinomial.cpp), with and without replacement: num_samples Long
// indices per row of the probabilities, each a category of the row. The values are random
// draws: the reference gives the shape, the dtype and the support. The distributions are
// tested in tests/ops/test_multinomial.cpp.
#include "../OpCase.h"

#include <aten/ops/multinomial.h>

#include <cmath>

namespace aten::optest {

ATEN_OP_CASES(multinomial) {
  std::vector<OpCase> cases;
  for (bool replacement : {false, true}) {
    const int64_t n = replacement ? 50 : 3;  // more samples than categories, with replacement
    OpCase c;
    c.overloads = {"multinomial", "multinomial.out"};
    c.inputs = {{kShape, Values::positive}};
    c.call = [=](const Tensors& in) { return Tensors{aten::multinomial(in[0], n, replacement)}; };
    c.call_out = [=](const Tensors& in, Tensors& out) {
      aten::multinomial_out(out[0], in[0], n, replacement);
    };
    c.result_dtypes = [](std::span<const ScalarType>) { return std::vector<ScalarType>{kLong}; };
    c.reference = [=](const Refs& in, std::span<const ScalarType>) {
      const Shape& s = in[0].sizes;
      const int64_t categories = s.back();
      RefTensor r = filled(s.size() == 1 ? Shape{n} : Shape{s[0], n}, kLong);
      r.support = [=](double x) {
        return x >= 0 && x < static_cast<double>(categories) && x == std::floor(x);
      };
      return Refs{r};
    };
    // A 0-dim self is refused ("prob_dist must be 1 or 2 dim"), as by ATen.
    c.skip_layouts = {Layout::zero_dim};
    c.reference_ordinary_values_only = true;
    c.undeclared_error = "multinomial only supports floating-point dtypes for input";
    c.undeclared_errors = {{kHalf, "\"multinomial\" not implemented for 'Half'"}};
    cases.push_back(c);
  }
  return cases;
}

}  // namespace aten::optest
