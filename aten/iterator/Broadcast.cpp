#include <aten/core/Error.h>
#include <aten/iterator/Broadcast.h>

#include <algorithm>

namespace aten {

DimVector infer_size(IntArrayRef a, IntArrayRef b) {
  const int64_t na = static_cast<int64_t>(a.size());
  const int64_t nb = static_cast<int64_t>(b.size());
  const int64_t n = std::max(na, nb);
  DimVector out(static_cast<size_t>(n));
  for (int64_t i = n - 1; i >= 0; --i) {
    const int64_t ia = i - (n - na), ib = i - (n - nb);
    const int64_t sa = ia >= 0 ? a[ia] : 1;
    const int64_t sb = ib >= 0 ? b[ib] : 1;
    ATEN_CHECK(sa == sb || sa == 1 || sb == 1, "The size of tensor a (", sa,
               ") must match the size of tensor b (", sb, ") at non-singleton dimension ", i,
               " (shapes ", a, " and ", b, ")");
    out[i] = sa == 1 ? sb : sa;
  }
  return out;
}

}  // namespace aten
