// searchsorted: where each value of self goes in the sorted last dim of sorted_sequence, by
// ATen's binary searches (lower bound: the first element not below the value; upper bound: the
// first above it), so NaN values and NaN elements fall where ATen's comparisons put them. The
// values and the sequence are compared in their result_type, self being a wrapped number in the
// Scalar overload.
#include <aten/core/Empty.h>
#include <aten/core/ScalarOps.h>
#include <aten/cpu/Parallel.h>
#include <aten/iterator/ResultType.h>
#include <aten/ops/empty.h>
#include <aten/ops/searchsorted.h>
#include <aten/ops/searchsorted_dtypes.h>
#include <aten/ops/searchsorted_native.h>

#include <climits>
#include <type_traits>

namespace aten::native {
namespace {

// Whether the leading dims of boundaries and self (all but the last) match.
bool leading_dims_match(const Tensor& boundaries, const Tensor& self) {
  if (boundaries.dim() != self.dim()) return false;
  for (int64_t d = 0; d + 1 < boundaries.dim(); ++d)
    if (boundaries.sizes()[d] != self.sizes()[d]) return false;
  return true;
}

// The number of values a search runs in parallel at least: one binary search is short.
constexpr int64_t kSearchGrain = 200;

template <typename T>
using search_t =
    std::conditional_t<std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float, T>;

// ATen's cus_lower_bound / cus_upper_bound over [start, start + size) of bd, through sorter when
// given (whose entries count from start).
template <typename T>
int64_t bound(const T* bd, const int64_t* sorter, int64_t start, int64_t size, search_t<T> v,
              bool right) {
  int64_t lo = start;
  int64_t hi = start + size;
  while (lo < hi) {
    const int64_t mid = lo + ((hi - lo) >> 1);
    const auto m = static_cast<search_t<T>>(sorter ? bd[sorter[mid] + start] : bd[mid]);
    if (right ? !(m > v) : !(m >= v)) lo = mid + 1;
    else hi = mid;
  }
  return lo - start;
}

template <typename T, typename O>
void search(const Tensor& result, const Tensor& self, const Tensor& boundaries,
            const Tensor& sorter, bool right) {
  const int64_t n = self.numel();
  const int64_t row_in = self.dim() == 0 ? 1 : self.sizes().back();
  const int64_t row_bd = boundaries.sizes().back();
  const bool one_row = boundaries.dim() == 1;
  const T* in = self.data_ptr<T>();
  const T* bd = boundaries.data_ptr<T>();
  const int64_t* st = sorter.defined() ? sorter.data_ptr<int64_t>() : nullptr;
  O* out = result.data_ptr<O>();
  parallel_for(0, n, kSearchGrain, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      const int64_t start = one_row ? 0 : i / row_in * row_bd;
      out[i] = static_cast<O>(bound(bd, st, start, row_bd, static_cast<search_t<T>>(in[i]), right));
    }
  });
}

}  // namespace
}  // namespace aten::native

namespace aten::meta {

ATEN_META_FUNC(searchsorted_Tensor)
(const Tensor& boundaries, const Tensor& self, bool out_int32, bool right,
 std::optional<std::string_view> side, const std::optional<Tensor>& sorter_opt) {
  if (side) {
    ATEN_CHECK(*side == "left" || *side == "right",
               "torch.searchsorted(): side can only be 'left' or 'right' but got ", *side);
    ATEN_CHECK(!right || *side == "right",
               "torch.searchsorted(): side and right can't be set to opposites, got side of ",
               *side, " while right was True");
  }
  ATEN_CHECK(boundaries.device() == self.device(),
             "torch.searchsorted(): boundaries and input value tensors should have same device "
             "type, but got boundaries tensor device type ",
             boundaries.device(), " and input value tensor device type ", self.device());
  if (sorter_opt && sorter_opt->defined()) {
    const Tensor& sorter = *sorter_opt;
    ATEN_CHECK(sorter.device() == boundaries.device(),
               "torch.searchsorted(): sorter and boundary tensors should have same device type, "
               "but got sorter tensor device type ",
               sorter.device(), " and input value tensor device type ", boundaries.device());
    ATEN_CHECK(sorter.sizes() == boundaries.sizes(),
               "torch.searchsorted(): boundary and sorter must have the same size, but got "
               "boundary tensor ",
               boundaries.sizes(), "and got sorter tensor ", sorter.sizes());
    ATEN_CHECK(sorter.scalar_type() == ScalarType::Long,
               "torch.searchsorted(): sorter must be a tensor of long dtype but got dtype ",
               sorter.scalar_type());
  }
  ATEN_CHECK(self.dim() > 0 || (self.numel() == 1 && boundaries.dim() == 1),
             "torch.searchsorted(): input value can be a scalar only when boundaries tensor "
             "dimension is 1, but we got boundaries tensor dim(",
             boundaries.dim(), ") and input value's dim(", self.dim(), ") numel(", self.numel(),
             ")");
  ATEN_CHECK(boundaries.dim() != 0,
             "torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 "
             "dimension");
  ATEN_CHECK(boundaries.dim() == 1 || native::leading_dims_match(boundaries, self),
             "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 "
             "dimensions of boundaries tensor and input value tensor must match, but we got "
             "boundaries tensor ",
             boundaries.sizes(), " and input value tensor ", self.sizes());
  if (const Tensor& out = maybe_get_output(); out.defined()) {
    const ScalarType t = out.scalar_type();
    ATEN_CHECK((t == ScalarType::Long && !out_int32) || (t == ScalarType::Int && out_int32),
               "torch.searchsorted(): output tensor's dtype is wrong, it can only be Int(int32) "
               "or Long(int64) depending on whether out_int32 flag is True, but we got output "
               "tensor's dtype ",
               t, " and out_int32 flag is ", out_int32 ? "True" : "False");
  }
  if (out_int32)
    ATEN_CHECK(boundaries.sizes().back() < INT_MAX,
               "torch.searchsorted(): the size of boundaries' last dimension should be less than ",
               INT_MAX, ", but we got ", boundaries.sizes().back());
  set_output_raw_strided(0, self.sizes(), {},
                         self.options().dtype(out_int32 ? ScalarType::Int : ScalarType::Long));
}

}  // namespace aten::meta

namespace aten::native {

ATEN_IMPL_FUNC(searchsorted_out)
(const Tensor& boundaries, const Tensor& self, bool out_int32, bool right,
 std::optional<std::string_view> side, const std::optional<Tensor>& sorter_opt, const Tensor& out) {
  const ScalarType common = result_type(boundaries, self);
  ATEN_DISPATCH_searchsorted_TYPES(common, [] {});
  Tensor sorter = sorter_opt && sorter_opt->defined() ? sorter_opt->contiguous() : Tensor();
  if (sorter.defined() && sorter.numel() > 0) {
    const int64_t* s = sorter.data_ptr<int64_t>();
    const int64_t row = sorter.sizes().back();
    bool in_range = true;
    for (int64_t i = 0; i < sorter.numel(); ++i) in_range = in_range && s[i] >= 0 && s[i] < row;
    ATEN_CHECK(in_range, "torch.searchsorted(): sorter index out of range");
  }
  if (self.numel() == 0) return;
  const bool is_right = side ? *side == "right" : right;
  const Tensor in = self.to(common).contiguous();
  const Tensor bd = boundaries.to(common).contiguous();
  const Tensor result = out.is_contiguous() ? out : out.contiguous();
  ATEN_DISPATCH_searchsorted_TYPES(common, [&] {
    if (out_int32) search<scalar_t, int32_t>(result, in, bd, sorter, is_right);
    else search<scalar_t, int64_t>(result, in, bd, sorter, is_right);
  });
  if (!result.is_same(out)) out.copy_(result);
}

Tensor searchsorted(const Tensor& boundaries, const Scalar& self, bool out_int32, bool right,
                    std::optional<std::string_view> side, const std::optional<Tensor>& sorter) {
  // A wrapped number on boundaries' device, as ATen's searchsorted_scalar_tensor.
  Tensor value = boundaries.is_meta()
                     ? aten::empty({}, TensorOptions(self.type()).device(boundaries.device()))
                     : detail::scalar_to_tensor(self);
  value.unsafeGetTensorImpl()->set_wrapped_number(true);
  return aten::searchsorted(boundaries, value, out_int32, right, side, sorter);
}

}  // namespace aten::native
