// Type promotion: the dtype a pointwise op computes in (and returns) when its operands differ.
//
// Operands fall into three ranks: tensors with dimensions, zero-dim tensors, and C++ numbers
// (wrapped into zero-dim tensors). The dtype comes from the highest rank that has operands,
// unless a lower rank holds a higher *category* (bool < integer < floating < complex): then
// that category wins. So a float number turns an Int tensor into Float, but a Double zero-dim
// tensor does not turn a Float tensor into Double. This is ATen's rule, result_type().
//
// The dtypes below come from Meta tensors, which run the same type promotion as a real call
// and stop before computing, so they hold for any dtype whether or not add has a kernel for it.
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/add.h>
#include <aten/ops/empty.h>

#include <complex>
#include <functional>
#include <iostream>
#include <string>

using namespace aten;

namespace {

Tensor meta(ScalarType dtype, IntArrayRef sizes = {3}) {
  return empty(sizes, TensorOptions().dtype(dtype).device(kMeta));
}

void show(const std::string& what, const Tensor& result) {
  std::cout << "  " << what << " -> " << result.dtype() << "\n";
}

void fails(const std::string& what, const std::function<void()>& f) {
  try {
    f();
    std::cout << "  " << what << ": no error?!\n";
  } catch (const Error& e) {
    std::cout << "  " << what << "\n    " << e.what() << "\n";
  }
}

}  // namespace

int main() {
  using ST = ScalarType;
  std::cout << "Two tensors with dimensions: the promoted dtype (promote_types).\n";
  show("Int + Long", meta(ST::Int) + meta(ST::Long));            // the wider integer
  show("Byte + Char", meta(ST::Byte) + meta(ST::Char));          // needs a sign bit too
  show("Bool + Int", meta(ST::Bool) + meta(ST::Int));            // Bool is below all
  show("Long + Float", meta(ST::Long) + meta(ST::Float));        // floating beats integral
  show("Half + BFloat16", meta(ST::Half) + meta(ST::BFloat16));  // neither holds the other
  show("Float + Double", meta(ST::Float) + meta(ST::Double));    // the wider float
  show("Double + ComplexFloat", meta(ST::Double) + meta(ST::ComplexFloat));  // complex, double

  std::cout << "\nA zero-dim tensor counts only when it brings a higher category:\n";
  show("Int [3] + Long []", meta(ST::Int) + meta(ST::Long, {}));  // same category: Int
  show("Float [3] + Double []", meta(ST::Float) + meta(ST::Double, {}));
  show("Int [3] + Double []", meta(ST::Int) + meta(ST::Double, {}));     // floating: it wins
  show("Long [] + Float []", meta(ST::Long, {}) + meta(ST::Float, {}));  // both zero-dim: promoted
  // complex, at the tensor's precision
  show("Float [3] + ComplexDouble []", meta(ST::Float) + meta(ST::ComplexDouble, {}));

  std::cout << "\nC++ numbers: an integer keeps the tensor's dtype, a float makes it floating\n"
               "(Float, the default dtype), a complex one complex, bool changes nothing:\n";
  show("Char [3] + 1000", meta(ST::Char) + 1000);  // the value does not matter, only its kind
  show("Int [3] + 2.5", meta(ST::Int) + 2.5);
  show("Half [3] + 2.5", meta(ST::Half) + 2.5);  // already floating: stays Half
  show("Bool [3] + 1", meta(ST::Bool) + 1);      // integer beats bool: Long
  show("Int [3] + true", meta(ST::Int) + true);
  // complex, at the tensor's precision
  show("Half [3] + 1j", meta(ST::Half) + std::complex<double>(0, 1));

  std::cout << "\nThe values, on CPU: an Int tensor plus 0.5 computes in Float.\n";
  Tensor i = tensor({1, 2, 3});
  std::cout << i << " + 0.5 =\n" << i + 0.5 << "\n";
  std::cout << i << " * 2 =\n" << i * 2 << "\n";
  Tensor d = tensor({0.25});
  std::cout << "A Double tensor with a dimension does promote: " << (i + d.to(ST::Double)).dtype()
            << "\n";

  std::cout << "\nout= and in place: the result must fit the output's dtype (can_cast):\n";
  Tensor out = empty({0}, TensorOptions().dtype(ST::Double));
  add_out(out, tensor({1.f, 2.f}), tensor({3, 4}));
  std::cout << "  add_out(Double out, Float, Int) computes in Float, stores Double: " << out
            << "\n";
  fails("add_out(Int out, Float, Int)  (Float would lose its fraction in Int)", [] {
    Tensor int_out = empty({0}, TensorOptions().dtype(ScalarType::Int));
    add_out(int_out, tensor({1.f, 2.f}), tensor({3, 4}));
  });
  fails("Int.add_(Float)  (in place, self is the output)", [] {
    tensor({1, 2}).add_(tensor({0.5f, 0.5f}));
  });
  Tensor f = tensor({1.f, 2.f});
  f.add_(tensor({3, 4}));
  std::cout << "  Float.add_(Int) is fine: " << f << "\n";
  return 0;
}
