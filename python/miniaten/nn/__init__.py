"""miniaten.nn: modules (Python composition over the C++ layers of nn/), the loss modules, and
the functional forms (miniaten.nn.functional)."""
from miniaten.nn import functional  # noqa: F401
from miniaten.nn.layers import (  # noqa: F401
    BatchNorm2d,
    Conv2d,
    Dropout,
    Embedding,
    Flatten,
    LayerNorm,
    Linear,
    MaxPool2d,
    ReLU,
)
from miniaten.nn.module import Module, Sequential  # noqa: F401


class CrossEntropyLoss(Module):
    def __init__(self, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
        super().__init__()
        self.weight, self.ignore_index = weight, ignore_index
        self.reduction, self.label_smoothing = reduction, label_smoothing

    def forward(self, input, target):
        return functional.cross_entropy(input, target, self.weight, self.ignore_index,
                                        self.reduction, self.label_smoothing)


class NLLLoss(Module):
    def __init__(self, weight=None, ignore_index=-100, reduction="mean"):
        super().__init__()
        self.weight, self.ignore_index, self.reduction = weight, ignore_index, reduction

    def forward(self, input, target):
        return functional.nll_loss(input, target, self.weight, self.ignore_index, self.reduction)
