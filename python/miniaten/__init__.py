"""MiniATen from Python: tensors, every operator of native_functions.yaml, autograd.

    import miniaten
    a = miniaten.ones(2, 3, requires_grad=True)
    b = (a * 2 + 1).sum()
    b.backward()
    a.grad                      # tensor([[2., 2., 2.], [2., 2., 2.]])

The operators and their signatures are generated (generated/python/bindings_*.cpp); this file
adds what PyTorch's Python layer adds on top of its operators.
"""
from miniaten import _C
from miniaten._C import *  # noqa: F401,F403  (operators, dtypes, Tensor, Generator, tensor, ...)
# The operators whose names start with an underscore (_softmax, ...) too, as torch has them.
globals().update({k: v for k, v in vars(_C).items() if k.startswith("_") and not k.startswith("__")})
from miniaten._C import Tensor, is_grad_enabled
from miniaten import autograd
from miniaten.autograd import enable_grad, no_grad, set_grad_enabled  # noqa: F401

__version__ = "0.1.0"


class _RemovableHandle:
    """What Tensor.register_hook returns: remove() stops the hook from running."""

    __slots__ = ("_capsule",)

    def __init__(self, capsule):
        self._capsule = capsule

    def remove(self):
        _C._remove_hook(self._capsule)


def _register_hook(self, hook):
    return _RemovableHandle(self._register_hook(hook))


def _numpy(self):
    if self.requires_grad:
        raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.")
    import numpy
    return numpy.asarray(self)


def _array(self, dtype=None):
    array = _numpy(self)
    return array if dtype is None else array.astype(dtype, copy=False)


def _format(self, spec):
    if self.dim() == 0:
        return self.item().__format__(spec)
    return object.__format__(self, spec)


def _reversed(self):
    return self.flip(0) if self.dim() > 0 else self


def _contains(self, element):
    return bool((self == element).any().item())


def _converter(dtype):
    def convert(self):
        return self.to(dtype)
    return convert


# t.float(), t.long(), ...: PyTorch's shorthands for t.to(dtype).
for _name, _dtype in (("float", _C.float32), ("double", _C.float64), ("half", _C.float16),
                      ("bfloat16", _C.bfloat16), ("int", _C.int32), ("long", _C.int64), ("short", _C.int16),
                      ("char", _C.int8), ("byte", _C.uint8), ("bool", _C.bool)):
    setattr(Tensor, _name, _converter(_dtype))
Tensor.cpu = lambda self: self
Tensor.register_hook = _register_hook
Tensor.numpy = _numpy
Tensor.__array__ = _array
Tensor.__format__ = _format
Tensor.__reversed__ = _reversed
Tensor.__contains__ = _contains
Tensor.__module__ = "miniaten"


# torch.functional's varargs forms: meshgrid(a, b) and broadcast_tensors(a, b) as well as a list.
def meshgrid(*tensors, indexing=None):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    return _C.meshgrid(tensors) if indexing is None else _C.meshgrid(tensors, indexing=indexing)


def broadcast_tensors(*tensors):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    return _C.broadcast_tensors(tensors)


# torch.unique and torch.unique_consecutive: the tuple their flags ask for, from the ATen ops.
def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    if dim is None:
        values, inverse, counts = _C._unique2(input, sorted, return_inverse, return_counts)
    else:
        values, inverse, counts = _C.unique_dim(input, dim, sorted, return_inverse, return_counts)
    return _flagged(values, inverse, counts, return_inverse, return_counts)


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    values, inverse, counts = _C.unique_consecutive(input, return_inverse, return_counts, dim)
    return _flagged(values, inverse, counts, return_inverse, return_counts)


def _flagged(values, inverse, counts, return_inverse, return_counts):
    extra = ((inverse,) if return_inverse else ()) + ((counts,) if return_counts else ())
    return (values,) + extra if extra else values


# The module layer, after the operators it is written with.
from miniaten import nn, optim  # noqa: E402,F401
from miniaten.nn.module import load, save  # noqa: E402,F401
