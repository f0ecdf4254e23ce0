#pragma once
// The arithmetic a reference computes in: int64 for integral and Bool, double for floating,
// complex<double> for complex — never the dtype under test, so a kernel's rounding or overflow
// shows up as a difference instead of being reproduced.
#include <aten/core/ScalarType.h>

#include <complex>
#include <concepts>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace aten::optest {

enum class Domain { integral, floating, complex };

// The domain of an op computing on inputs of `inputs` dtypes into `result`: the higher of the
// inputs' promoted category and the result's (a Bool result adds nothing), so the true division
// of two Int tensors (result Float) computes in double, a comparison of Ints in int64, and the
// abs of a complex tensor in complex<double>.
Domain compute_domain(std::span<const ScalarType> inputs, ScalarType result);

template <typename T>
concept Real = std::integral<T> || std::floating_point<T>;

// An int64 result in an integral dtype's width (wrapping, as the kernels' integer arithmetic
// does), while it is still exact: a double would drop the low bits of values past 2^53 first.
inline double wrap_integer(ScalarType dtype, int64_t v) {
  switch (dtype) {
    case ScalarType::Bool:
      return v != 0;
    case ScalarType::Byte:
      return static_cast<uint8_t>(v);
    case ScalarType::Char:
      return static_cast<int8_t>(v);
    case ScalarType::Short:
      return static_cast<int16_t>(v);
    case ScalarType::Int:
      return static_cast<int32_t>(v);
    default:
      return static_cast<double>(v);
  }
}

// A sum of products as the kernels compute it: in complex<double> for floating dtypes; for
// integral ones in int64 arithmetic, wrapping (a sum of a few products of 2^26-sized values passes
// 2^53, where a double drops low bits), and wrapped to the dtype at the end.
class ProductSum {
 public:
  explicit ProductSum(ScalarType dtype)
      : dtype_(dtype), integral_(isIntegralType(dtype, /*includeBool=*/false)) {}
  // Adds x * y.
  void add(std::complex<double> x, std::complex<double> y) {
    if (integral_) {
      wrapped_ += static_cast<uint64_t>(static_cast<int64_t>(x.real())) *
                  static_cast<uint64_t>(static_cast<int64_t>(y.real()));
    } else {
      sum_ += x * y;
    }
  }
  std::complex<double> value() const {
    if (!integral_) return sum_;
    return {wrap_integer(dtype_, static_cast<int64_t>(wrapped_)), 0.0};
  }

 private:
  ScalarType dtype_;
  bool integral_;
  std::complex<double> sum_ = 0;
  uint64_t wrapped_ = 0;
};

namespace detail {

template <typename T>
T from_complex(std::complex<double> v) {
  if constexpr (std::is_same_v<T, std::complex<double>>) {
    return v;
  } else {
    return static_cast<T>(v.real());
  }
}

template <typename R>
std::complex<double> to_complex(R r, ScalarType result) {
  if constexpr (std::is_same_v<R, std::complex<double>>) {
    return r;
  } else if constexpr (std::is_integral_v<R> && !std::is_same_v<R, bool>) {
    return {wrap_integer(result, r), 0.0};
  } else {
    return {static_cast<double>(r), 0.0};
  }
}

template <typename T, typename F, size_t... I>
std::complex<double> call_as(F& f, const std::vector<std::complex<double>>& args, ScalarType result,
                             std::index_sequence<I...>) {
  return to_complex(f(from_complex<T>(args[I])...), result);
}

template <typename T, size_t>
using Repeat = T;

template <typename T, typename F, size_t... I>
constexpr bool invocable_with(std::index_sequence<I...>) {
  return std::is_invocable_v<F&, Repeat<T, I>...>;
}

template <typename T, typename F, size_t N>
std::complex<double> try_call(F& f, const std::vector<std::complex<double>>& args,
                              ScalarType result) {
  if constexpr (invocable_with<T, F>(std::make_index_sequence<N>{})) {
    return call_as<T>(f, args, result, std::make_index_sequence<N>{});
  } else {
    throw std::logic_error("the reference has no version for this domain");
  }
}

}  // namespace detail

// f(args...) with every argument converted to domain's type, the result back as complex<double>
// (a bool as 0 / 1, an integer wrapped to the result dtype's width). Supports up to 4
// arguments.
template <typename F>
std::complex<double> apply_in_domain(F& f, Domain domain,
                                     const std::vector<std::complex<double>>& args,
                                     ScalarType result) {
  auto dispatch = [&]<typename T>() -> std::complex<double> {
    switch (args.size()) {
      case 1:
        return detail::try_call<T, F, 1>(f, args, result);
      case 2:
        return detail::try_call<T, F, 2>(f, args, result);
      case 3:
        return detail::try_call<T, F, 3>(f, args, result);
      case 4:
        return detail::try_call<T, F, 4>(f, args, result);
      default:
        throw std::logic_error("pointwise references take 1 to 4 inputs");
    }
  };
  switch (domain) {
    case Domain::integral:
      return dispatch.template operator()<int64_t>();
    case Domain::floating:
      return dispatch.template operator()<double>();
    case Domain::complex:
      return dispatch.template operator()<std::complex<double>>();
  }
  return {};
}

}  // namespace aten::optest
