"""miniaten.autograd: gradients of tensors with respect to others, and grad mode switches."""
import functools

from miniaten import _C


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, allow_unused=False):
    """d(outputs)/d(inputs), as a tuple with one entry per input (None for an unused one when
    allow_unused is set)."""
    return _C._grad(outputs, inputs, grad_outputs, retain_graph, create_graph, allow_unused)


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, inputs=None):
    """Accumulates into the leaves' .grad the gradients of `tensors` (each with its grad_tensor)."""
    if isinstance(tensors, _C.Tensor):
        tensors = [tensors]
    grads = grad_tensors if grad_tensors is not None else [None] * len(tensors)
    if isinstance(grads, _C.Tensor):
        grads = [grads]
    for t, g in zip(tensors, grads):
        t.backward(g, retain_graph=True if retain_graph is None and len(tensors) > 1 else retain_graph,
                   create_graph=create_graph, inputs=inputs)


class _GradMode:
    """A context manager that is also a decorator, setting grad mode for its extent."""

    enabled = True

    def __enter__(self):
        self._previous = _C.is_grad_enabled()
        _C._set_grad_enabled(self.enabled)
        return self

    def __exit__(self, *exc):
        _C._set_grad_enabled(self._previous)
        return False

    def __call__(self, function):
        @functools.wraps(function)
        def wrapper(*args, **kwargs):
            with self.__class__():
                return function(*args, **kwargs)
        return wrapper


class no_grad(_GradMode):
    """Operators run inside record no graph: `with miniaten.no_grad(): ...` or `@no_grad()`."""

    enabled = False


class enable_grad(_GradMode):
    enabled = True


class set_grad_enabled(_GradMode):
    def __init__(self, mode):
        self.enabled = bool(mode)
        self._previous = _C.is_grad_enabled()
        _C._set_grad_enabled(self.enabled)

    def __enter__(self):
        return self

    def __call__(self, function):
        _C._set_grad_enabled(self._previous)

        @functools.wraps(function)
        def wrapper(*args, **kwargs):
            with set_grad_enabled(self.enabled):
                return function(*args, **kwargs)
        return wrapper
