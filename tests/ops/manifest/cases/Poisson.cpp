// poisson (aten/native/Poisson.cpp): a count per element, of the rate's dtype and shape. The
// values are random draws: the reference gives the shape, the dtype and the support (counts).
// The distribution is tested in tests/ops/test_poisson.cpp.
#include "../OpCase.h"

#include <aten/ops/poisson.h>

#include <cmath>

namespace aten::optest {

ATEN_OP_CASES(poisson) {
  OpCase c;
  c.overloads = {"poisson"};
  c.inputs = {{kShape, Values::positive}};
  c.call = [](const Tensors& in) { return Tensors{aten::poisson(in[0])}; };
  c.result_dtypes = same_as_promoted;
  c.reference = sampled([](double x) { return x >= 0 && x == std::floor(x); });
  // A negative or NaN rate is an error, as in ATen: no special values go in.
  c.reference_ordinary_values_only = true;
  return {c};
}

}  // namespace aten::optest
