#include "Bridge.h"

#include <aten/core/Error.h>
#include <aten/ops/empty_strided.h>

#include <cstring>
#include <stdexcept>
#include <string>

namespace aten::conformance {

namespace {

// Elements from the storage offset to the farthest one the geometry reaches; 0 when empty.
int64_t storage_extent(IntArrayRef sizes, IntArrayRef strides) {
  int64_t last = 0;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 0) return 0;
    last += (sizes[d] - 1) * strides[d];
  }
  return last + 1;
}

}  // namespace

c10::ScalarType to_torch(ScalarType t) {
  switch (t) {
#define ATEN_TO_TORCH(_, name) \
  case ScalarType::name:       \
    return c10::ScalarType::name;
    ATEN_FORALL_SCALAR_TYPES_WITH_CPP_TYPE(ATEN_TO_TORCH)
#undef ATEN_TO_TORCH
    default:
      ATEN_ERROR("no libtorch dtype for ", t);
  }
}

ScalarType from_torch(c10::ScalarType t) {
  switch (t) {
#define ATEN_FROM_TORCH(_, name) \
  case c10::ScalarType::name:    \
    return ScalarType::name;
    ATEN_FORALL_SCALAR_TYPES_WITH_CPP_TYPE(ATEN_FROM_TORCH)
#undef ATEN_FROM_TORCH
    default:
      ATEN_ERROR("no MiniATen dtype for libtorch's ", c10::toString(t));
  }
}

at::Tensor to_torch(const Tensor& t) {
  auto options = at::TensorOptions().dtype(to_torch(t.scalar_type()));
  const std::vector<int64_t> sizes(t.sizes().begin(), t.sizes().end());
  const std::vector<int64_t> strides(t.strides().begin(), t.strides().end());
  if (t.is_meta()) return at::empty_strided(sizes, strides, options.device(at::kMeta));
  // The whole storage, so that an op that looks past the tensor's own elements (as_strided's
  // bounds check) sees the same storage on both sides.
  const auto& storage = t.unsafeGetTensorImpl()->storage();
  const auto nbytes = static_cast<int64_t>(storage->nbytes());
  at::Tensor base = at::empty({nbytes / t.element_size()}, options);
  if (nbytes > 0) std::memcpy(base.data_ptr(), storage->data(), nbytes);
  return base.as_strided(sizes, strides, t.storage_offset());
}

Tensor from_torch(const at::Tensor& t) {
  const ScalarType dtype = from_torch(t.scalar_type());
  if (t.is_meta()) {
    return empty_strided(t.sizes().vec(), t.strides().vec(), TensorOptions(dtype).device(kMeta));
  }
  Tensor r = empty_strided(t.sizes().vec(), t.strides().vec(), TensorOptions(dtype));
  const int64_t extent = storage_extent(r.sizes(), r.strides());
  // libtorch can leave an out= whose sizes its storage does not hold: resize_ sets the sizes,
  // then fails to allocate under the suite's memory limit.
  const auto nbytes = static_cast<int64_t>(t.storage().nbytes());
  if (extent > 0 && (t.storage_offset() + extent) * r.element_size() > nbytes) {
    throw std::runtime_error("sizes " + c10::str(t.sizes()) + " reach past the " +
                             std::to_string(nbytes) + " bytes of its storage (an allocation " +
                             "that failed?)");
  }
  if (extent > 0) std::memcpy(r.data_ptr(), t.data_ptr(), extent * r.element_size());
  return r;
}

namespace {

c10::Scalar to_torch_scalar(const Scalar& s) {
  if (s.isBoolean()) return c10::Scalar(s.toBool());
  if (s.isIntegral(false)) return c10::Scalar(s.toLong());
  if (s.isComplex()) {
    const auto z = s.to<complex<double>>();
    return c10::Scalar(c10::complex<double>(z.real(), z.imag()));
  }
  return c10::Scalar(s.toDouble());
}

}  // namespace

c10::IValue to_torch(const IValue& v, const c10::TypePtr& type) {
  if (v.isNone()) return c10::IValue();
  c10::TypePtr t = type;
  if (auto opt = t->cast<c10::OptionalType>()) t = opt->getElementType();
  return std::visit(
      [&](const auto& x) -> c10::IValue {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          return c10::IValue();
        } else if constexpr (std::is_same_v<T, Tensor>) {
          return x.defined() ? c10::IValue(to_torch(x)) : c10::IValue(at::Tensor());
        } else if constexpr (std::is_same_v<T, Scalar>) {
          return c10::IValue(to_torch_scalar(x));
        } else if constexpr (std::is_same_v<T, ScalarType>) {
          return c10::IValue(to_torch(x));
        } else if constexpr (std::is_same_v<T, MemoryFormat>) {
          switch (x) {
            case MemoryFormat::Contiguous:
              return c10::IValue(at::MemoryFormat::Contiguous);
            case MemoryFormat::ChannelsLast:
              return c10::IValue(at::MemoryFormat::ChannelsLast);
            case MemoryFormat::ChannelsLast3d:
              return c10::IValue(at::MemoryFormat::ChannelsLast3d);
            default:
              return c10::IValue(at::MemoryFormat::Preserve);
          }
        } else if constexpr (std::is_same_v<T, Layout>) {
          return c10::IValue(at::kStrided);
        } else if constexpr (std::is_same_v<T, Device>) {
          return c10::IValue(x.is_meta() ? at::Device(at::kMeta) : at::Device(at::kCPU));
        } else if constexpr (std::is_same_v<T, std::vector<Tensor>>) {
          std::vector<at::Tensor> ts;
          for (const Tensor& e : x) ts.push_back(to_torch(e));
          return c10::IValue(ts);
        } else if constexpr (std::is_same_v<T, std::vector<bool>>) {
          c10::List<bool> flags;
          for (bool b : x) flags.push_back(b);
          return c10::IValue(flags);
        } else if constexpr (std::is_same_v<T, std::vector<std::optional<Tensor>>>) {
          c10::List<c10::optional<at::Tensor>> ts;
          for (const std::optional<Tensor>& e : x)
            ts.push_back(e.has_value() ? c10::optional<at::Tensor>(to_torch(*e)) : c10::nullopt);
          return c10::IValue(ts);
        } else if constexpr (std::is_same_v<T, Generator>) {
          // The calls pass no generator (Calls.cpp): each library samples from its own.
          ATEN_ERROR("conformance: a MiniATen Generator has no libtorch counterpart");
          return c10::IValue();
        } else if constexpr (std::is_same_v<T, int64_t>) {
          // An int where the schema wants a list (`int[1] dim`) or a float.
          if (t->kind() == c10::TypeKind::ListType) return c10::IValue(std::vector<int64_t>{x});
          if (t->kind() == c10::TypeKind::FloatType) return c10::IValue(static_cast<double>(x));
          return c10::IValue(x);
        } else {
          return c10::IValue(x);  // double, bool, std::string, int and float lists
        }
      },
      v.payload());
}

IValue from_torch(const c10::IValue& v) {
  if (v.isNone()) return IValue();
  if (v.isTensor()) {
    const at::Tensor& t = v.toTensor();
    return t.defined() ? IValue(from_torch(t)) : IValue(Tensor());
  }
  if (v.isTensorList()) {
    std::vector<Tensor> ts;
    for (const at::Tensor& t : v.toTensorVector()) ts.push_back(from_torch(t));
    return IValue(std::move(ts));
  }
  if (v.isBool()) return IValue(v.toBool());
  if (v.isInt()) return IValue(v.toInt());
  if (v.isDouble()) return IValue(v.toDouble());
  if (v.isComplexDouble()) {
    const auto z = v.toComplexDouble();
    return IValue(Scalar(std::complex<double>(z.real(), z.imag())));
  }
  ATEN_ERROR("a libtorch return of kind ", v.tagKind(), " has no MiniATen counterpart");
}

}  // namespace aten::conformance
