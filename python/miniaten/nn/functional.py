"""miniaten.nn.functional: the operators under PyTorch's functional names and argument forms."""
import miniaten as _m

_REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}
_BAG_MODES = {"sum": 0, "mean": 1, "max": 2}


def _reduction(reduction):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"reduction must be one of 'none', 'mean', 'sum', got {reduction!r}")
    return _REDUCTIONS[reduction]


def relu(input):
    return _m.relu(input)


def pad(input, pad, mode="constant", value=None):
    return _m.pad(input, list(pad), mode, value)


def linear(input, weight, bias=None):
    return _m.linear(input, weight, bias)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _m.conv2d(input, weight, bias, stride, padding, dilation, groups)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False):
    if stride is None:  # the kernel size, as the schema's empty default says
        stride = kernel_size
    return _m.max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode)


def dropout(input, p=0.5, training=True):
    return _m.dropout(input, p, training)


def softmax(input, dim):
    return _m.softmax(input, dim)


def log_softmax(input, dim):
    return _m.log_softmax(input, dim)


def nll_loss(input, target, weight=None, ignore_index=-100, reduction="mean"):
    return _m.nll_loss(input, target, weight, _reduction(reduction), ignore_index)


def cross_entropy(input, target, weight=None, ignore_index=-100, reduction="mean",
                  label_smoothing=0.0):
    return _m.cross_entropy_loss(input, target, weight, _reduction(reduction), ignore_index,
                                 label_smoothing)


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False,
                  mode="mean", sparse=False, per_sample_weights=None, include_last_offset=False,
                  padding_idx=None):
    """torch.nn.functional.embedding_bag: a 2-d input is bags of its rows (offsets must then be
    None); a 1-d one is split into bags at offsets."""
    if max_norm is not None:
        raise NotImplementedError("embedding_bag: max_norm (renormalising weight in place) is not "
                                  "supported")
    if mode not in _BAG_MODES:
        raise ValueError(f"mode has to be one of sum, mean or max, got {mode!r}")
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError("if input is 2D, then offsets has to be None")
        offsets = _m.arange(0, input.numel(), input.size(1), dtype=input.dtype)
        input = input.reshape([-1])
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape([-1])
    elif input.dim() != 1 or offsets is None:
        raise ValueError("input has to be 1D (with offsets) or 2D (without)")
    return _m.embedding_bag(weight, input, offsets, scale_grad_by_freq, _BAG_MODES[mode], sparse,
                            per_sample_weights, include_last_offset, padding_idx)[0]
