#pragma once
// What a new tensor should be: dtype, device, and (optionally) memory format. Builder-style,
// so `TensorOptions().dtype(ScalarType::Long).device(kMeta)` reads as it does in ATen.
#include <aten/core/Device.h>
#include <aten/core/MemoryFormat.h>
#include <aten/core/ScalarType.h>

#include <optional>

namespace aten {

class TensorOptions {
 public:
  constexpr TensorOptions() = default;
  constexpr TensorOptions(ScalarType t) : dtype_(t) {}
  constexpr TensorOptions(Device d) : device_(d) {}

  constexpr ScalarType dtype() const { return dtype_; }
  constexpr Device device() const { return device_; }
  constexpr std::optional<MemoryFormat> memory_format_opt() const {
    return has_memory_format_ ? std::optional<MemoryFormat>(memory_format_) : std::nullopt;
  }

  constexpr TensorOptions dtype(ScalarType t) const {
    TensorOptions o = *this;
    o.dtype_ = t;
    return o;
  }
  constexpr TensorOptions device(Device d) const {
    TensorOptions o = *this;
    o.device_ = d;
    return o;
  }
  constexpr TensorOptions memory_format(MemoryFormat f) const {
    TensorOptions o = *this;
    o.memory_format_ = f;
    o.has_memory_format_ = true;
    return o;
  }

 private:
  ScalarType dtype_ = ScalarType::Float;
  Device device_ = kCPU;
  // A flag rather than std::optional: GCC 12 misreports optionals in copied options as
  // maybe-uninitialized, and warnings are errors.
  MemoryFormat memory_format_ = MemoryFormat::Contiguous;
  bool has_memory_format_ = false;
};

inline TensorOptions dtype(ScalarType t) { return TensorOptions().dtype(t); }
inline TensorOptions device(Device d) { return TensorOptions().device(d); }

}  // namespace aten
