"""Autograd from Python, checked against PyTorch (Debian's python3-torch) on the same values."""
import threading

import numpy as np
import pytest

import miniaten as mt

torch = pytest.importorskip("torch")


def pair(values, requires_grad=True):
    a = np.asarray(values, dtype=np.float64)
    return (mt.tensor(a, requires_grad=requires_grad),
            torch.tensor(a, requires_grad=requires_grad))


def close(m, t):
    np.testing.assert_allclose(np.asarray(m.detach()), t.detach().numpy(), rtol=1e-10, atol=1e-12)


def test_backward_matches_pytorch():
    (a, ta), (b, tb) = pair([[1.0, -2.0], [3.0, 0.5]]), pair([0.5, 4.0])
    for f in (lambda x, y: (x * y + x).sum(),
              lambda x, y: (x.exp() / (1 + y ** 2)).mean(),
              lambda x, y: (x @ x.T).sum() + y.tanh().sum(),
              lambda x, y: x.softmax(1).log().sum() * y.sum()):
        for t in (a, b, ta, tb):
            t.grad = None
        f(a, b).backward()
        f(ta, tb).backward()
        close(a.grad, ta.grad)
        close(b.grad, tb.grad)
    assert a.is_leaf and not (a * 2).is_leaf
    assert (a * a).grad_fn.name() == "MulBackward0"


def test_autograd_grad_and_double_backward():
    x, tx = pair([0.3, -1.2, 2.0])
    y, ty = (x ** 3).sum(), (tx ** 3).sum()
    (g,) = mt.autograd.grad(y, x, create_graph=True)
    (tg,) = torch.autograd.grad(ty, tx, create_graph=True)
    close(g, tg)
    (gg,) = mt.autograd.grad(g.sum(), x)
    (tgg,) = torch.autograd.grad(tg.sum(), tx)
    close(gg, tgg)
    unused = mt.ones(1, requires_grad=True)
    assert mt.autograd.grad((x * 2).sum(), [x, unused], allow_unused=True)[1] is None


def test_accumulation_retain_graph_and_its_error():
    x = mt.tensor([1.0, 2.0], requires_grad=True)
    y = (x * x).sum()
    y.backward(retain_graph=True)
    y.backward()
    assert x.grad.tolist() == [4.0, 8.0]
    with pytest.raises(RuntimeError, match="second time"):
        y.backward()


def test_no_grad_as_context_and_decorator():
    x = mt.ones(2, requires_grad=True)
    with mt.no_grad():
        assert not (x * 2).requires_grad
        assert not mt.is_grad_enabled()
    assert mt.is_grad_enabled() and (x * 2).requires_grad

    @mt.no_grad()
    def f(t):
        return t * 2

    assert not f(x).requires_grad
    with mt.set_grad_enabled(False):
        assert not (x + 1).requires_grad
    assert (x + 1).requires_grad


def test_hooks_take_python_callables():
    x = mt.tensor([1.0, 2.0], requires_grad=True)
    seen = []
    handle = x.register_hook(lambda g: seen.append(g.tolist()))
    doubled = (x * 3)
    doubled.register_hook(lambda g: g * 2)
    doubled.sum().backward()
    assert seen == [[6.0, 6.0]] and x.grad.tolist() == [6.0, 6.0]
    handle.remove()
    x.grad = None
    (x * 3).sum().backward()
    assert seen == [[6.0, 6.0]] and x.grad.tolist() == [3.0, 3.0]

    def broken(_):
        raise ValueError("hook says no")

    x.register_hook(broken)
    with pytest.raises(RuntimeError, match="hook says no"):
        (x * 1).sum().backward()


def test_version_counter_error_from_python():
    x = mt.ones(2, requires_grad=True)
    y = x * 1
    z = y * y
    y.add_(1)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        z.sum().backward()


def test_backward_on_one_thread_while_another_runs_forward():
    errors = []

    def work(seed):
        try:
            rng = np.random.default_rng(seed)
            for _ in range(200):
                x = mt.tensor(rng.standard_normal(8), requires_grad=True)
                (x.sin() * x).sum().backward()
                expected = np.sin(x.detach().numpy()) + x.detach().numpy() * np.cos(x.detach().numpy())
                np.testing.assert_allclose(x.grad.numpy(), expected, rtol=1e-5)
        except Exception as e:  # noqa: BLE001  (reported by the main thread)
            errors.append(e)

    threads = [threading.Thread(target=work, args=(s,)) for s in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
