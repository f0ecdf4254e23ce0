// Calls my_ops.yaml's operators, which this program added to the installed MiniATen: through
// their generated C++ functions, through aten's Dispatcher by name, and on Meta tensors.
#include <aten/ATen.h>
#include <aten/dispatch/Dispatcher.h>
#include <my_ops/Functions.h>

#include <iostream>

using namespace aten;

int main() {
  Tensor a = tensor({1.f, 2.f, 3.f, 4.f, 5.f, 6.f}, {2, 3});
  Tensor b = tensor({10.f, 20.f, 30.f});

  // The generated functions, like aten's own: functional, out= and in place, with broadcasting.
  std::cout << "my_ops::scaled_add(a, b, 2) =\n" << my_ops::scaled_add(a, b, 2) << "\n";
  Tensor out = empty({0}, TensorOptions().dtype(ScalarType::Double));
  my_ops::scaled_add_out(out, a.to(ScalarType::Double), b.to(ScalarType::Double), 0.5);
  std::cout << "scaled_add_out into a Double tensor: " << out.toString() << "\n" << out << "\n";
  Tensor c = a.clone();
  my_ops::scaled_add_(c, b, -1);
  std::cout << "scaled_add_(c, b, -1) =\n" << c << "\n";
  std::cout << "my_ops::midpoint(a, b) (composite) =\n" << my_ops::midpoint(a, b) << "\n";

  // By name: the registration ran when this program was loaded, and the library's own operators
  // sit next to it in the same Dispatcher.
  Dispatcher& dispatcher = Dispatcher::singleton();
  OperatorHandle op = dispatcher.findSchemaOrThrow("my_ops::scaled_add", "");
  std::cout << "by name: " << op.schema() << "\n";
  Tensor d = op.typed<Tensor(const Tensor&, const Tensor&, const Scalar&)>().call(a, b, 10);
  std::cout << d << "\n";
  std::cout << "add.Tensor registered too: " << dispatcher.findOp({"add", "Tensor"}).has_value()
            << "\n";

  // On Meta tensors the generated Meta kernel runs meta() alone: the shape, no data.
  Tensor m = my_ops::scaled_add(empty({64, 1, 5}, TensorOptions().device(kMeta)),
                                empty({7, 1}, TensorOptions().device(kMeta)), 3);
  std::cout << "on Meta: " << m.toString() << "\n";

  // Errors name the extension's operator.
  try {
    my_ops::scaled_add(tensor({1, 2}), tensor({3, 4}), 1);
  } catch (const Error& e) {
    std::cout << "error: " << e.what() << "\n";
  }
  try {
    my_ops::scaled_add(a, tensor({1.f, 2.f}), 1);
  } catch (const Error& e) {
    std::cout << "error: " << e.what() << "\n";
  }
  return 0;
}
