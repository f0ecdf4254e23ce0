#pragma once
// Printing tensors the way PyTorch does: tensor([[1., 2.], [3., 4.]]), with the dtype named
// when it is not the default for its kind, and long dims summarised with "...".
#include <aten/core/TensorBase.h>

#include <ostream>
#include <string>

namespace aten {

std::ostream& operator<<(std::ostream& os, const TensorBase& t);
std::string to_string(const TensorBase& t);

}  // namespace aten
