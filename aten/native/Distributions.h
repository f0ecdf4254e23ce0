#pragma once
// The sampling ops' kernels (uniform_, normal_, exponential_, geometric_, log_normal_, cauchy_,
// bernoulli_, random_, poisson): each fills a contiguous tensor `out` from one call's reservation
// `range`, element i (in row-major order) from fixed words of it (PhiloxStream.h), so the values
// never depend on how the kernel splits the work. Distributions.cpp checks the arguments, reserves
// the words and hands a non-contiguous self over as a contiguous temporary; the kernels live in
// native/cpu/DistributionsKernel.cpp. `a` and `b` are the op's parameters in schema order
// (from, to; mean, std; lambd; p; median, sigma), b unused by the one-parameter ops.
#include <aten/core/PhiloxStream.h>
#include <aten/core/ScalarType.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/DispatchStub.h>

#include <cstdint>

namespace aten::native {

using sample_fn = void (*)(const Tensor& out, const PhiloxRange& range, double a, double b);
ATEN_DECLARE_DISPATCH(sample_fn, uniform_stub);
ATEN_DECLARE_DISPATCH(sample_fn, normal_stub);
ATEN_DECLARE_DISPATCH(sample_fn, exponential_stub);
ATEN_DECLARE_DISPATCH(sample_fn, geometric_stub);
ATEN_DECLARE_DISPATCH(sample_fn, log_normal_stub);
ATEN_DECLARE_DISPATCH(sample_fn, cauchy_stub);
ATEN_DECLARE_DISPATCH(sample_fn, bernoulli_scalar_stub);
// random_: from + an integer uniform on [0, span) (span 0 stands for 2^64), two words an element.
using random_fn = void (*)(const Tensor& out, const PhiloxRange& range, int64_t from,
                           uint64_t span);
ATEN_DECLARE_DISPATCH(random_fn, random_stub);

// poisson: element i's count from its rate, element i of `rates` (a contiguous Double tensor of
// out's shape, every rate >= 0), from a fixed window of kPoissonWords words (the layout is told
// at poisson's entry in native_functions.yaml).
constexpr int64_t kPoissonWords = 64;
using poisson_fn = void (*)(const Tensor& out, const PhiloxRange& range, const Tensor& rates);
ATEN_DECLARE_DISPATCH(poisson_fn, poisson_stub);

// The words an element draws for a uniform on [0, 1) of the type a dtype's values are computed
// in (uniform_acc_t): two (53 bits) for Double, one (24 bits) for Float, Half and BFloat16.
// uniform_, normal_, exponential_, log_normal_ and cauchy_ draw this many; geometric_ and
// bernoulli_ always draw two, since their results compare or take the log of a uniform whose
// resolution should not depend on the output dtype (an integer, a Bool).
constexpr int64_t kDoubleUniformWords = 2;
inline int64_t uniform_words(ScalarType t) {
  return t == ScalarType::Double ? kDoubleUniformWords : 1;
}

}  // namespace aten::native
