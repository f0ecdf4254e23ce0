// Uses MiniATen from another project, through the installed headers and library.
#include <aten/ATen.h>
#include <aten/dispatch/Dispatcher.h>

#include <iostream>

using namespace aten;

int main() {
  std::cout << "MiniATen " << MINIATEN_VERSION << ", compiled as C++ " << __cplusplus
#ifdef _OPENMP
            << " with OpenMP"
#endif
            << "\n";

  Tensor a = tensor({1.f, 2.f, 3.f, 4.f, 5.f, 6.f}, {2, 3});
  Tensor b = tensor({10.f, 20.f, 30.f});
  std::cout << "a + b =\n" << a + b << "\n";

  // The generated C++ function and a call by name both reach the kernel the library registered
  // with its dispatcher when the dispatcher was first used.
  OperatorHandle op = Dispatcher::singleton().findSchemaOrThrow("add", "Tensor");
  std::cout << "by name: " << op.schema() << "\n";
  Tensor c = op.typed<Tensor(const Tensor&, const Tensor&, const Scalar&)>().call(a, b, 2);
  std::cout << c << "\n";

  Tensor m = empty({64, 1, 5}, TensorOptions().device(kMeta)) +
             empty({7, 1}, TensorOptions().device(kMeta));
  std::cout << "on Meta: " << m.toString() << "\n";
  return 0;
}
