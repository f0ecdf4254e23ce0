"""miniaten.optim: handles on the C++ optimizers of nn/optim (one parameter group each). step()
applies the optimizer's fused update kernel to every parameter with a gradient, in one pass
over its data, exactly as the C++ optimizer does; state_dict() is the C++ state by name
("state.<i>.momentum_buffer", ...), which load_state_dict() restores for a bit-identical resume."""
from collections import OrderedDict

from miniaten import _C


class Optimizer:
    def __init__(self, kind, params, **options):
        self._params = list(params)
        if not self._params:
            raise ValueError("optimizer got an empty parameter list")
        self._impl = _C._optimizer(kind, self._params, options)
        self.defaults = options

    @property
    def params(self):
        return list(self._params)

    def step(self):
        self._impl.step()

    def zero_grad(self, set_to_none=True):
        self._impl.zero_grad(bool(set_to_none))

    def state_dict(self):
        return OrderedDict(self._impl.state_dict())

    def load_state_dict(self, state_dict):
        self._impl.load_state_dict(list(state_dict.items()))


class SGD(Optimizer):
    def __init__(self, params, lr, momentum=0.0, dampening=0.0, weight_decay=0.0, nesterov=False):
        super().__init__("SGD", params, lr=lr, momentum=momentum, dampening=dampening,
                         weight_decay=weight_decay, nesterov=nesterov)


class Adam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0,
                 amsgrad=False):
        super().__init__("Adam", params, lr=lr, beta1=betas[0], beta2=betas[1], eps=eps,
                         weight_decay=weight_decay, amsgrad=amsgrad)


class AdamW(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
                 amsgrad=False):
        super().__init__("AdamW", params, lr=lr, beta1=betas[0], beta2=betas[1], eps=eps,
                         weight_decay=weight_decay, amsgrad=amsgrad)
