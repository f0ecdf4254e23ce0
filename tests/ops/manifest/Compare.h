#pragma once
// What the manifest suite and its other drivers (the fuzzer, the thread and error-guarantee
// tests) share besides the cases: which dtypes a case runs, and comparing a result with its
// reference.
#include "OpCase.h"

#include <optional>
#include <string>

namespace aten::optest {

// The case's unique name (OpCase::name).
const std::string& case_name(const OpCase& c);
// The dtypes its first overload declares in native_functions.yaml (or c.dtypes when set).
std::vector<ScalarType> declared_dtypes(const OpCase& c);
// Every dtype the case runs: the declared ones, then its promoted_dtypes.
std::vector<ScalarType> dtypes_run(const OpCase& c);

// Whether the case runs on layout (it is not in its skip_layouts).
bool runs_layout(const OpCase& c, Layout layout);

std::string describe(const Shape& idx);
std::string describe(std::complex<double> v);

// got (a CPU tensor) against want: nullopt when dtype, shape and every value (within the
// dtype's tolerance times scale; NaN matches NaN, infinities match exactly) agree, else what
// differs (up to max_reported elements). A sampled reference (want.support set) checks dtype,
// shape and that every value lies in the support.
std::optional<std::string> mismatch(const Tensor& got, const RefTensor& want, double scale,
                                    int max_reported = 5);

// The same logical values, bit for bit in the reference's terms (NaN equals NaN).
bool same_values(const RefTensor& a, const RefTensor& b);
// A size > 1 dim with stride 0: writing through it writes one element several times.
bool has_internal_overlap(const Tensor& t);

}  // namespace aten::optest
