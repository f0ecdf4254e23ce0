"""The layers: handles on the C++ modules of nn/ (aten::nn::Linear, ...). Each builds its C++
module with the given options (its weights initialised there, as libtorch does: Kaiming-uniform,
from the generator given or the default one) and registers the C++ module's parameters and
buffers, the same tensors, under their C++ names; forward is the C++ module's."""
from miniaten import _C
from miniaten.nn.module import Module


class _CppLayer(Module):
    def __init__(self, kind, **options):
        super().__init__()
        object.__setattr__(self, "_impl", _C._layer(kind, options))
        object.__setattr__(self, "_options", options)
        for name, p in self._impl.named_parameters():
            self._parameters[name] = p
        for name, b in self._impl.named_buffers():
            self._buffers[name] = b

    def forward(self, x):
        return self._impl.forward(x)

    def train(self, mode=True):
        super().train(mode)
        self._impl.train(bool(mode))
        return self

    def extra_repr(self):
        return ", ".join(f"{k}={v}" for k, v in self._options.items() if k != "generator")


class Linear(_CppLayer):
    """y = x W^T + b, W of shape [out_features, in_features]."""

    def __init__(self, in_features, out_features, bias=True, generator=None):
        super().__init__("Linear", in_features=in_features, out_features=out_features, bias=bias,
                         generator=generator)


class Conv2d(_CppLayer):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, bias=True, generator=None):
        super().__init__("Conv2d", in_channels=in_channels, out_channels=out_channels,
                         kernel_size=kernel_size, stride=stride, padding=padding,
                         dilation=dilation, groups=groups, bias=bias, generator=generator)


class BatchNorm2d(_CppLayer):
    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True):
        super().__init__("BatchNorm2d", num_features=num_features, eps=eps, momentum=momentum,
                         affine=affine, track_running_stats=track_running_stats)


class LayerNorm(_CppLayer):
    def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True):
        if isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        super().__init__("LayerNorm", normalized_shape=tuple(normalized_shape), eps=eps,
                         elementwise_affine=elementwise_affine)


class Dropout(_CppLayer):
    """Zeroes each element with probability p in training mode, scaling the rest by 1/(1-p)."""

    def __init__(self, p=0.5, generator=None):
        super().__init__("Dropout", p=p, generator=generator)


class Embedding(_CppLayer):
    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, generator=None):
        super().__init__("Embedding", num_embeddings=num_embeddings, embedding_dim=embedding_dim,
                         padding_idx=padding_idx, generator=generator)


class MaxPool2d(_CppLayer):
    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False):
        super().__init__("MaxPool2d", kernel_size=kernel_size, stride=stride, padding=padding,
                         dilation=dilation, ceil_mode=ceil_mode)


class Flatten(_CppLayer):
    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__("Flatten", start_dim=start_dim, end_dim=end_dim)


class ReLU(_CppLayer):
    def __init__(self):
        super().__init__("ReLU")
