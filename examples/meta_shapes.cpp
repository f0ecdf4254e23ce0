// Shape inference with Meta tensors: a Meta tensor has sizes, strides and a dtype but no data.
// An operator called on Meta tensors runs its meta() function only, the same code that decides
// the output of a real call (broadcasting, dtype, layout, argument checks), and then stops.
// That answers "what would this produce?" instantly, for shapes far too large to allocate.

// The headers of what this program uses, one per operator (<aten/ops/add.h>), as the library
// and its tests include them: <aten/ATen.h> has everything, but a file that includes it is
// recompiled whenever an operator is added to the library.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/add.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_strided.h>

#include <iostream>

using namespace aten;

namespace {

const TensorOptions meta = TensorOptions().device(kMeta);

void show(const char* what, const Tensor& t) {
  std::cout << what << "\n  " << t.toString() << "\n";
}

}  // namespace

int main() {
  Tensor a = empty({64, 1, 5}, meta);
  Tensor b = empty({7, 1}, meta);
  show("[64, 1, 5] + [7, 1]:", a + b);

  // 40 TB of floats: no allocation happens, so this returns at once.
  Tensor huge = empty({100000, 1, 1000}, meta) + empty({100000, 1}, meta);
  show("[100000, 1, 1000] + [100000, 1]:", huge);
  std::cout << "  nbytes() = " << huge.nbytes() << ", none of them allocated\n";

  // The output's layout follows the inputs', exactly as on CPU: a channels-last image plus a
  // per-channel bias stays channels-last.
  Tensor image = empty({8, 3, 32, 32}, meta.memory_format(MemoryFormat::ChannelsLast));
  Tensor bias = empty({3, 1, 1}, meta);
  Tensor y = image + bias;
  show("channels-last [8, 3, 32, 32] + [3, 1, 1]:", y);
  std::cout << "  channels-last: " << std::boolalpha << y.is_contiguous(MemoryFormat::ChannelsLast)
            << "\n";

  // A transposed input: the output takes the same memory order, so both walk memory together.
  Tensor t = empty_strided({5, 4}, {1, 5}, meta);
  show("transposed [5, 4] (strides [1, 5]) + [4]:", t + empty({4}, meta));

  // out= and in-place run the same checks: an empty out is resized, a mismatched one refused.
  Tensor out = empty({0}, meta);
  add_out(out, a, b);
  show("add_out into an empty Meta out:", out);

  // Bad input fails exactly as it would on CPU, so Meta runs validate a program's shapes.
  const auto fails = [](const char* what, auto&& f) {
    try {
      f();
      std::cout << what << ": no error?!\n";
    } catch (const Error& e) {
      std::cout << what << "\n  " << e.what() << "\n";
    }
  };
  fails("[2] + [3] on Meta:", [] { empty({2}, meta) + empty({3}, meta); });
  fails("[4].add_([3, 4]) on Meta:", [] { empty({4}, meta).add_(empty({3, 4}, meta)); });
  fails("Meta and CPU operands do not mix:", [] { empty({2}, meta) + empty({2}); });
  fails("and there is no data to read:", [] { empty({2}, meta).data_ptr(); });
  return 0;
}
