// Calls aten::add on two 1-element float tensors N times (default 100000): the per-call
// overhead, for an instruction count that a loaded machine cannot blur:
//   valgrind --tool=callgrind build/bench/add_calls 100000
// and divide the total by N (the set-up before the loop is a few hundred thousand instructions;
// `add_calls 0` measures it alone). With a second argument `grad`, both tensors require grad
// and every call records a node: the forward cost of autograd.
#include <aten/core/Tensor.h>
#include <aten/ops/add.h>
#include <aten/ops/empty.h>

#include <cstdlib>
#include <string_view>

int main(int argc, char** argv) {
  const long n = argc > 1 ? std::atol(argv[1]) : 100000;
  const bool requires_grad = argc > 2 && std::string_view(argv[2]) == "grad";
  aten::Tensor a = aten::empty({1}), b = aten::empty({1});
  a.data_ptr<float>()[0] = 1.f;
  b.data_ptr<float>()[0] = 2.f;
  a.requires_grad_(requires_grad);
  b.requires_grad_(requires_grad);
  float sum = 0.f;
  aten::add(a, b);  // the first call looks up the operator and picks the kernel
  for (long i = 0; i < n; ++i) sum += aten::add(a, b).data_ptr<float>()[0];
  return sum == 3.f * static_cast<float>(n) ? 0 : 1;
}
