#include <aten/core/Error.h>
#include <aten/core/TensorOptions.h>

namespace aten::detail {

std::optional<MemoryFormat> memory_format_of(const TensorOptions& options,
                                             std::optional<MemoryFormat> memory_format) {
  ATEN_CHECK(!(options.memory_format_opt() && memory_format),
             "memory_format is given both in TensorOptions (", *options.memory_format_opt(),
             ") and as an argument (", *memory_format, "); give it once");
  return memory_format ? memory_format : options.memory_format_opt();
}

}  // namespace aten::detail
