// Broadcasting: which shapes combine in a pointwise op, and what the errors say when they don't.
//
// Shapes are lined up from the right. Each pair of sizes must be equal, or one of them must be
// 1 (it is stretched, without copying, to the other), or one of them must be missing (the
// shorter shape is padded with 1s on the left). The result takes the larger size of each pair.
//
//   [4, 1, 5]            a zero-dim tensor (shape []) broadcasts against anything;
//      [3, 1]            a size-0 dimension stays 0 against a 1, and fails against anything else.
//   ---------
//   [4, 3, 5]

// The headers of what this program uses, one per operator (<aten/ops/add.h>), as the library
// and its tests include them: <aten/ATen.h> has everything, but a file that includes it is
// recompiled whenever an operator is added to the library.
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/add.h>
#include <aten/ops/empty.h>

#include <functional>
#include <iostream>
#include <string>

using namespace aten;

namespace {

// Only shapes matter here, so the operands are left uninitialised.
void broadcasts(IntArrayRef a, IntArrayRef b) {
  Tensor r = empty(a) + empty(b);
  std::cout << "  " << a << " + " << b << " -> " << r.sizes() << "\n";
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
  std::cout << "These broadcast:\n";
  broadcasts({2, 3}, {2, 3});     // same shape: no broadcasting at all
  broadcasts({2, 3}, {3});        // a row, added to every row
  broadcasts({2, 3}, {2, 1});     // a column, added to every column
  broadcasts({2, 1}, {3});        // both sides stretch
  broadcasts({4, 1, 5}, {3, 1});  // the diagram above
  broadcasts({2, 3}, {});         // zero-dim: a scalar held in a tensor
  broadcasts({0, 3}, {3});        // an empty result is still a result
  broadcasts({0}, {1});           // 1 stretches to 0

  std::cout << "\nThe values: a row [3] plus a column [2, 1] is a [2, 3] table.\n";
  Tensor row = tensor({1.f, 2.f, 3.f});
  Tensor col = tensor({10.f, 20.f}, {2, 1});
  std::cout << row + col << "\n";

  std::cout << "\nThese don't; the error names the op, the dimension and both shapes:\n";
  fails("[2] + [3]", [] { empty({2}) + empty({3}); });
  fails("[2, 3] + [2]  (shapes line up from the right: 3 against 2)", [] {
    empty({2, 3}) + empty({2});
  });
  fails("[0] + [2]  (0 is a size like any other, not a wildcard)", [] { empty({0}) + empty({2}); });

  std::cout << "\nIn place and out=, the result's shape is fixed in advance:\n";
  fails("[3].add_([2, 3])  (self would have to grow)", [] { empty({3}).add_(empty({2, 3})); });
  fails("add_out(out [2, 2], [2, 3], [3])  (a non-empty out is never resized)", [] {
    Tensor out = empty({2, 2});
    add_out(out, empty({2, 3}), empty({3}));
  });
  Tensor out = empty({0});
  add_out(out, empty({2, 3}), empty({3}));
  std::cout << "  add_out(out [0], [2, 3], [3]) resizes the empty out to " << out.sizes() << "\n";

  Tensor a = empty({2, 3});
  a.add_(empty({3}));
  std::cout << "  [2, 3].add_([3]) is fine: only the other operand broadcasts -> " << a.sizes()
            << "\n";
  return 0;
}
