#pragma once
// The kernels of batch_norm, layer_norm and group_norm and their backward
// (native/cpu/NormalizationKernel.cpp). Every tensor they take is contiguous and of one dtype,
// Float or Double; an undefined tensor stands for an absent weight or bias (1 and 0) or for a
// result not asked for. Sums accumulate in double.
#include <aten/core/Tensor.h>
#include <aten/cpu/DispatchStub.h>

namespace aten::native {

// x viewed as [N, C, S] (a channels-last input as [N * H * W, C, 1]): per channel c, mean[c]
// and var_sum[c], the sum of the squared deviations from it.
using batch_norm_stats_fn = void (*)(const Tensor& x, int64_t N, int64_t C, int64_t S,
                                     const Tensor& mean, const Tensor& var_sum);
ATEN_DECLARE_DISPATCH(batch_norm_stats_fn, batch_norm_stats_stub);

// Per channel: sum_dy[c] = sum of dy, dot[c] = sum of dy * (x - mean[c]).
using batch_norm_backward_reduce_fn = void (*)(const Tensor& dy, const Tensor& x,
                                               const Tensor& mean, int64_t N, int64_t C, int64_t S,
                                               const Tensor& sum_dy, const Tensor& dot);
ATEN_DECLARE_DISPATCH(batch_norm_backward_reduce_fn, batch_norm_backward_reduce_stub);

// out = dy * a[c] + x * b[c] + k[c] over [N, C, S] (dy undefined: no dy term).
using channel_linear_fn = void (*)(const Tensor& out, const Tensor& dy, const Tensor& x, int64_t N,
                                   int64_t C, int64_t S, const Tensor& a, const Tensor& b,
                                   const Tensor& k);
ATEN_DECLARE_DISPATCH(channel_linear_fn, channel_linear_stub);

// x as M rows of N: y = (x - mean) * rstd * w + b per row, with the row's mean and rstd.
using layer_norm_fn = void (*)(const Tensor& y, const Tensor& mean, const Tensor& rstd,
                               const Tensor& x, const Tensor& w, const Tensor& b, int64_t M,
                               int64_t N, double eps);
ATEN_DECLARE_DISPATCH(layer_norm_fn, layer_norm_stub);

// The gradients dx ([M, N]), dw and db ([N]) that are defined.
using layer_norm_backward_fn = void (*)(const Tensor& dx, const Tensor& dw, const Tensor& db,
                                        const Tensor& dy, const Tensor& x, const Tensor& mean,
                                        const Tensor& rstd, const Tensor& w, int64_t M, int64_t N);
ATEN_DECLARE_DISPATCH(layer_norm_backward_fn, layer_norm_backward_stub);

// x as [N, C, HxW], the channels in G groups: mean and rstd per (n, group), [N, G].
using group_norm_fn = void (*)(const Tensor& y, const Tensor& mean, const Tensor& rstd,
                               const Tensor& x, const Tensor& w, const Tensor& b, int64_t N,
                               int64_t C, int64_t HxW, int64_t G, double eps);
ATEN_DECLARE_DISPATCH(group_norm_fn, group_norm_stub);

using group_norm_backward_fn = void (*)(const Tensor& dx, const Tensor& dw, const Tensor& db,
                                        const Tensor& dy, const Tensor& x, const Tensor& mean,
                                        const Tensor& rstd, const Tensor& w, int64_t N, int64_t C,
                                        int64_t HxW, int64_t G);
ATEN_DECLARE_DISPATCH(group_norm_backward_fn, group_norm_backward_stub);

}  // namespace aten::native
