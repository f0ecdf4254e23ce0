"""miniaten.nn.Module and Sequential: the Python side of the module tree.

A module holds named parameters, buffers and submodules, assigned as attributes, in assignment
order: that order is the order of parameters(), state_dict() and an optimizer's state. The
layers (layers.py) are handles on the C++ modules of nn/ (aten::nn::Linear, ...), whose
parameters are the same tensors as the C++ module's; a user's module composes them in Python,
as torch.nn does.
"""
from collections import OrderedDict

from miniaten import _C
from miniaten.autograd import no_grad


class Module:
    def __init__(self):
        object.__setattr__(self, "_parameters", OrderedDict())
        object.__setattr__(self, "_buffers", OrderedDict())
        object.__setattr__(self, "_modules", OrderedDict())
        object.__setattr__(self, "training", True)

    # ---- registration ------------------------------------------------------------------------
    def register_parameter(self, name, tensor):
        """A leaf that requires grad, updated by optimizers and saved by state_dict()."""
        if tensor is not None and not tensor.requires_grad:
            tensor.requires_grad_(True)
        self._check_name(name)
        self._parameters[name] = tensor

    def register_buffer(self, name, tensor):
        """State saved by state_dict() but not trained (BatchNorm's running statistics)."""
        self._check_name(name)
        self._buffers[name] = tensor

    def add_module(self, name, module):
        if not isinstance(module, Module):
            raise TypeError(f"add_module: {type(module).__name__} is not a miniaten.nn.Module")
        self._check_name(name)
        self._modules[name] = module

    def _check_name(self, name):
        if not isinstance(name, str) or not name or "." in name:
            raise KeyError(f"a module member's name must be a non-empty string without '.', got {name!r}")

    def __setattr__(self, name, value):
        if "_modules" not in self.__dict__:
            raise AttributeError("Module.__init__() must run before attributes are assigned")
        if isinstance(value, Module):
            self.__dict__.pop(name, None)
            self._parameters.pop(name, None)
            self._buffers.pop(name, None)
            self._modules[name] = value
        elif name in self._parameters:
            self._parameters[name] = value
        elif name in self._buffers:
            self._buffers[name] = value
        else:
            self._modules.pop(name, None)
            object.__setattr__(self, name, value)

    def __getattr__(self, name):
        # Only called when normal lookup fails: the registered members.
        for table in ("_parameters", "_buffers", "_modules"):
            members = self.__dict__.get(table)
            if members is not None and name in members:
                return members[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    # ---- calling -----------------------------------------------------------------------------
    def forward(self, *args, **kwargs):
        raise NotImplementedError(f"{type(self).__name__} defines no forward()")

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    # ---- traversal ---------------------------------------------------------------------------
    def named_children(self):
        return iter(self._modules.items())

    def children(self):
        return iter(self._modules.values())

    def named_modules(self, prefix=""):
        yield prefix, self
        for name, child in self._modules.items():
            yield from child.named_modules(f"{prefix}.{name}" if prefix else name)

    def modules(self):
        return (m for _, m in self.named_modules())

    def _named(self, table, prefix, recurse):
        for name, t in getattr(self, table).items():
            if t is not None:
                yield (f"{prefix}.{name}" if prefix else name), t
        if recurse:
            for name, child in self._modules.items():
                yield from child._named(table, f"{prefix}.{name}" if prefix else name, True)

    def named_parameters(self, prefix="", recurse=True):
        return self._named("_parameters", prefix, recurse)

    def parameters(self, recurse=True):
        return (p for _, p in self.named_parameters(recurse=recurse))

    def named_buffers(self, prefix="", recurse=True):
        return self._named("_buffers", prefix, recurse)

    def buffers(self, recurse=True):
        return (b for _, b in self.named_buffers(recurse=recurse))

    # ---- modes and gradients -----------------------------------------------------------------
    def train(self, mode=True):
        """Training mode (batch statistics, dropout masks) for this module and every submodule."""
        object.__setattr__(self, "training", bool(mode))
        for child in self._modules.values():
            child.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def zero_grad(self, set_to_none=True):
        for p in self.parameters():
            if p.grad is None:
                continue
            if set_to_none:
                p.grad = None
            else:
                p.grad.zero_()

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    # ---- state -------------------------------------------------------------------------------
    def state_dict(self):
        """Parameters then buffers of every module, by dotted name, detached (sharing memory)."""
        state = OrderedDict()
        for name, t in self._state_items(""):
            state[name] = t.detach()
        return state

    def _state_items(self, prefix):
        yield from self.named_parameters(prefix, recurse=False)
        yield from self.named_buffers(prefix, recurse=False)
        for name, child in self._modules.items():
            yield from child._state_items(f"{prefix}.{name}" if prefix else name)

    def load_state_dict(self, state_dict, strict=True):
        """Copies each entry into the tensor of the same name. Every name is checked (missing,
        unexpected, shape) before anything is copied, so a failed load changes nothing."""
        own = OrderedDict(self._state_items(""))
        missing = [k for k in own if k not in state_dict]
        unexpected = [k for k in state_dict if k not in own]
        if strict and (missing or unexpected):
            raise RuntimeError(f"load_state_dict: missing keys {missing}, unexpected keys {unexpected}")
        for name, t in own.items():
            if name in state_dict and tuple(state_dict[name].shape) != tuple(t.shape):
                raise RuntimeError(f"load_state_dict: '{name}' has shape {tuple(t.shape)} here and "
                                   f"{tuple(state_dict[name].shape)} in the state")
        with no_grad():
            for name, t in own.items():
                if name in state_dict:
                    t.copy_(state_dict[name])
        return missing, unexpected

    def __repr__(self):
        lines = [f"{type(self).__name__}({self.extra_repr()}"]
        for name, child in self._modules.items():
            lines.append(f"  ({name}): " + repr(child).replace("\n", "\n  "))
        return lines[0] + ")" if len(lines) == 1 else "\n".join(lines) + "\n)"

    def extra_repr(self):
        return ""


class Sequential(Module):
    """Modules applied in order; the i-th is named str(i)."""

    def __init__(self, *modules):
        super().__init__()
        if len(modules) == 1 and isinstance(modules[0], OrderedDict):
            for name, m in modules[0].items():
                self.add_module(name, m)
        else:
            for i, m in enumerate(modules):
                self.add_module(str(i), m)

    def forward(self, x):
        for m in self._modules.values():
            x = m(x)
        return x

    def __len__(self):
        return len(self._modules)

    def __getitem__(self, i):
        return list(self._modules.values())[i]

    def __iter__(self):
        return iter(self._modules.values())


def save(obj, path):
    """Writes a state_dict (a mapping of names to tensors: a module's, an optimizer's, or any)
    to path, in nn/Serialize.h's tensor archive (what the C++ nn::save writes)."""
    _C._save_archive(list(obj.items()), str(path))


def load(path):
    """The mapping save() wrote (or the C++ nn::save), as an OrderedDict of tensors."""
    return OrderedDict(_C._load_archive(str(path)))
