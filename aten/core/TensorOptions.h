#pragma once
// What a new tensor should be: dtype, device, layout, pinned memory and memory format, each
// either set or left to its default. Builder-style, so `TensorOptions().dtype(kLong).device(kMeta)`
// reads as it does in ATen. Factory schemas take the same fields as separate optional arguments
// (`ScalarType? dtype, Layout? layout, Device? device, bool? pin_memory`); the generated
// TensorOptions overloads split options into those with the `*_opt()` accessors, and kernels
// put them back together with the setters that take optionals.
#include <aten/core/Device.h>
#include <aten/core/Layout.h>
#include <aten/core/MemoryFormat.h>
#include <aten/core/ScalarType.h>

#include <optional>

namespace aten {

class TensorOptions {
 public:
  constexpr TensorOptions() = default;
  constexpr TensorOptions(ScalarType t) { dtype_ = t, has_dtype_ = true; }
  constexpr TensorOptions(Device d) { device_ = d, has_device_ = true; }

  // The value, or the default when unset: Float, CPU, Strided, not pinned.
  constexpr ScalarType dtype() const { return dtype_; }
  constexpr Device device() const { return device_; }
  constexpr Layout layout() const { return layout_; }
  constexpr bool pinned_memory() const { return pinned_memory_; }

  constexpr std::optional<ScalarType> dtype_opt() const { return opt(has_dtype_, dtype_); }
  constexpr std::optional<Device> device_opt() const { return opt(has_device_, device_); }
  constexpr std::optional<Layout> layout_opt() const { return opt(has_layout_, layout_); }
  constexpr std::optional<bool> pinned_memory_opt() const {
    return opt(has_pinned_memory_, pinned_memory_);
  }
  constexpr std::optional<MemoryFormat> memory_format_opt() const {
    return opt(has_memory_format_, memory_format_);
  }

  constexpr TensorOptions dtype(ScalarType t) const {
    return with(&TensorOptions::dtype_, &TensorOptions::has_dtype_, t);
  }
  constexpr TensorOptions device(Device d) const {
    return with(&TensorOptions::device_, &TensorOptions::has_device_, d);
  }
  constexpr TensorOptions layout(Layout l) const {
    return with(&TensorOptions::layout_, &TensorOptions::has_layout_, l);
  }
  constexpr TensorOptions pinned_memory(bool p) const {
    return with(&TensorOptions::pinned_memory_, &TensorOptions::has_pinned_memory_, p);
  }
  constexpr TensorOptions memory_format(MemoryFormat f) const {
    return with(&TensorOptions::memory_format_, &TensorOptions::has_memory_format_, f);
  }
  // Setters for a factory's optional arguments: nullopt leaves the field as it was.
  constexpr TensorOptions dtype(std::optional<ScalarType> t) const { return t ? dtype(*t) : *this; }
  constexpr TensorOptions device(std::optional<Device> d) const { return d ? device(*d) : *this; }
  constexpr TensorOptions layout(std::optional<Layout> l) const { return l ? layout(*l) : *this; }
  constexpr TensorOptions pinned_memory(std::optional<bool> p) const {
    return p ? pinned_memory(*p) : *this;
  }
  constexpr TensorOptions memory_format(std::optional<MemoryFormat> f) const {
    return f ? memory_format(*f) : *this;
  }

 private:
  template <typename T>
  static constexpr std::optional<T> opt(bool has, T value) {
    return has ? std::optional<T>(value) : std::nullopt;
  }
  template <typename T>
  constexpr TensorOptions with(T TensorOptions::*field, bool TensorOptions::*has, T value) const {
    TensorOptions o = *this;
    o.*field = value;
    o.*has = true;
    return o;
  }

  // Values plus flags rather than std::optionals: GCC 12 misreports optionals in copied
  // options as maybe-uninitialized, and warnings are errors.
  ScalarType dtype_ = ScalarType::Float;
  Device device_ = kCPU;
  Layout layout_ = Layout::Strided;
  MemoryFormat memory_format_ = MemoryFormat::Contiguous;
  bool pinned_memory_ = false;
  bool has_dtype_ = false;
  bool has_device_ = false;
  bool has_layout_ = false;
  bool has_pinned_memory_ = false;
  bool has_memory_format_ = false;
};

inline TensorOptions dtype(ScalarType t) { return TensorOptions().dtype(t); }
inline TensorOptions device(Device d) { return TensorOptions().device(d); }

namespace detail {
// The memory format of a factory called with both options and an explicit memory_format
// argument: either may give it, not both (ATen's rule).
std::optional<MemoryFormat> memory_format_of(const TensorOptions& options,
                                             std::optional<MemoryFormat> memory_format);
}  // namespace detail

}  // namespace aten
