// MiniATen's demo: adding tensors of different layouts, the way an ATen user would.
// The headers of what this program uses, one per operator (<aten/ops/add.h>), as the library
// and its tests include them: <aten/ATen.h> has everything, but a file that includes it is
// recompiled whenever an operator is added to the library.
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Capability.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/add.h>
#include <aten/ops/empty.h>

#include <iostream>

using namespace aten;

namespace {

// 0, 1, 2, ... in C order, as float.
Tensor iota(IntArrayRef sizes) {
  Tensor t = empty(sizes);
  float* p = t.data_ptr<float>();
  for (int64_t i = 0; i < t.numel(); ++i) p[i] = static_cast<float>(i);
  return t;
}

void show(const char* what, const Tensor& t) {
  std::cout << what << "\n" << t << "\n  " << t.toString() << "\n\n";
}

}  // namespace

int main() {
  std::cout << "MiniATen demo (CPU kernels: " << toString(get_cpu_capability()) << ", "
            << get_num_threads() << " threads)\n\n";

  Tensor a = iota({2, 3});
  Tensor b = tensor({10.f, 20.f, 30.f, 40.f, 50.f, 60.f}, {2, 3});
  show("a", a);
  show("b", b);
  show("a + b", a + b);
  show("a.add(b, /*alpha=*/0.5)", a.add(b, 0.5));

  Tensor row = tensor({100.f, 200.f, 300.f});
  Tensor col = tensor({1000.f, 2000.f}, {2, 1});
  show("a + row   (broadcast [3] over rows)", a + row);
  show("a + col   (broadcast [2, 1] over columns)", a + col);
  show("row + col (both broadcast: [2, 1] + [3] -> [2, 3])", row + col);
  show("a + 0-dim tensor", a + tensor({0.25f}, {}));

  Tensor out = empty({0});
  add_out(out, a, b, 2);
  show("add_out(out, a, b, 2)   (empty out resized)", out);

  a.add_(row);
  show("a.add_(row)   (in place)", a);

  Tensor nhwc = empty({1, 2, 2, 2}, TensorOptions().memory_format(MemoryFormat::ChannelsLast));
  for (int64_t i = 0; i < 8; ++i) nhwc.data_ptr<float>()[i] = static_cast<float>(i);
  Tensor r = nhwc + nhwc;
  show("channels-last + channels-last (result stays channels-last)", r);

  Tensor ints = tensor({1, 2, 3}) + tensor({10, 20, 30});
  show("Int tensors", ints);

  Tensor m = empty({64, 1, 5}, TensorOptions().device(kMeta));
  show("Meta: [64, 1, 5] + [7, 1] (shape inference, no data)",
       m + empty({7, 1}, TensorOptions().device(kMeta)));

  try {
    tensor({1.f, 2.f}) + tensor({1.f, 2.f, 3.f});
  } catch (const Error& e) {
    std::cout << "Errors name the op and the shapes:\n  " << e.what() << "\n";
  }
  return 0;
}
