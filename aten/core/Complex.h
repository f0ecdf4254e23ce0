#pragma once
// Complex element types are std::complex; aten::complex<T> names them the way ATen code reads.
#include <complex>
#include <type_traits>

namespace aten {

template <typename T>
using complex = std::complex<T>;

template <typename T>
struct is_complex : std::false_type {};
template <typename T>
struct is_complex<std::complex<T>> : std::true_type {};
template <typename T>
inline constexpr bool is_complex_v = is_complex<std::remove_cv_t<T>>::value;

}  // namespace aten
