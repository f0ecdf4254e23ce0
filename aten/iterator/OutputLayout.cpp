#include <aten/iterator/OutputLayout.h>
#include <aten/iterator/TensorIterator.h>
#include <aten/ops/empty_strided.h>

namespace aten {

DimVector iterator_output_strides(
    std::initializer_list<std::reference_wrapper<const Tensor>> inputs) {
  TensorIteratorConfig config;
  config.check_all_same_dtype(false).add_owned_output(Tensor());
  for (const Tensor& t : inputs)
    config.add_owned_input(aten::empty_strided(t.sizes(), t.strides(), t.options().device(kMeta)));
  const TensorIterator iter(config);
  return DimVector(iter.output(0).strides().begin(), iter.output(0).strides().end());
}

}  // namespace aten
