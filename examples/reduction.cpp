// Reductions, with sum: over everything, over some dims (negative dims count from the end),
// keeping the reduced dims as size 1 (keepdim) so the result broadcasts back against the input,
// and in a chosen dtype. Integer and bool inputs sum into Long, as in ATen, so they don't
// overflow their own type; floating inputs sum in their own dtype unless dtype= says otherwise.
#include <aten/ATen.h>

#include <functional>
#include <iostream>
#include <string>

using namespace aten;

namespace {

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
  // [2, 3, 4]: element (i, j, k) holds 100 i + 10 j + k, so each sum is easy to check by eye.
  Tensor x = arange(4).reshape({1, 1, 4}) + arange(3).reshape({1, 3, 1}) * 10 +
             arange(2).reshape({2, 1, 1}) * 100;
  x = x.to(ScalarType::Float);
  std::cout << "x, shape " << x.sizes() << ":\n" << x << "\n";

  std::cout << "\nsum(x): every element, a zero-dim tensor\n" << sum(x) << "\n";
  std::cout << "\nsum(x, {0}): over dim 0, shape [3, 4]\n" << sum(x, IntArrayRef{0}) << "\n";
  std::cout << "\nsum(x, {-1}): over the last dim, shape [2, 3]\n"
            << sum(x, IntArrayRef{-1}) << "\n";
  std::cout << "\nsum(x, {0, 2}): over two dims at once, shape [3]\n"
            << sum(x, IntArrayRef{0, 2}) << "\n";

  Tensor row_sums = sum(x, IntArrayRef{2}, /*keepdim=*/true);
  std::cout << "\nsum(x, {2}, keepdim=true): dim 2 stays, as size 1, shape " << row_sums.sizes()
            << ":\n";
  std::cout << row_sums << "\n";
  std::cout << "so it broadcasts back against x: x + row_sums has shape " << (x + row_sums).sizes()
            << ", x's (without keepdim, [2, 3] against [2, 3, 4] would not broadcast)\n";

  std::cout << "\nDtypes:\n";
  Tensor ints = tensor({2000000000, 2000000000});  // Int: the sum does not fit in 32 bits
  std::cout << "  sum of Int " << ints.sizes() << " is " << sum(ints).dtype() << ": " << sum(ints)
            << "\n";
  Tensor flags = tensor({true, false, true, true});
  std::cout << "  sum of Bool counts the trues, as Long: " << sum(flags) << "\n";
  std::cout << "  sum(x, dtype=Double): " << sum(x, ScalarType::Double).toString() << " "
            << sum(x, ScalarType::Double) << "\n";
  std::cout << "  x.sum({1}, false, Double) as a method: "
            << x.sum(IntArrayRef{1}, false, ScalarType::Double).toString() << "\n";

  std::cout << "\nEdge cases:\n";
  std::cout << "  the sum of no elements is 0: sum(empty [0, 3], {0}) = "
            << sum(zeros({0, 3}), IntArrayRef{0}) << "\n";
  std::cout << "  a zero-dim tensor sums to itself: " << sum(tensor({7.f}, {})) << "\n";
  Tensor out = empty({0});
  sum_out(out, x, IntArrayRef{1});
  std::cout << "  sum_out(out, x, {1}) resizes the empty out to " << out.sizes() << "\n";
  Tensor m = sum(empty({1000, 1000, 50}, TensorOptions().device(kMeta)), IntArrayRef{1}, true);
  std::cout << "  on Meta, only the shape: " << m.toString() << "\n";

  std::cout << "\nErrors name the op and the argument:\n";
  fails("sum(x, {3})  (x has 3 dims: -3..2)", [&] { sum(x, IntArrayRef{3}); });
  fails("sum(x, {1, -2})  (the same dim twice)", [&] { sum(x, IntArrayRef{1, -2}); });
  return 0;
}
