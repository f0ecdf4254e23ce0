"""Overload resolution, keywords, out=, and the errors of the generated bindings."""
import re
from pathlib import Path

import numpy as np
import pytest
import yaml

import miniaten as mt

ROOT = Path(__file__).resolve().parents[2]


def _schemas():
    with open(ROOT / "native_functions.yaml", encoding="utf-8") as f:
        for entry in yaml.safe_load(f):
            variants = [v.strip() for v in entry.get("variants", "function").split(",")]
            name = re.match(r"([\w]+)", entry["func"]).group(1)
            yield name, variants


def test_every_operator_is_reachable():
    missing = []
    for name, variants in _schemas():
        if "function" in variants and not callable(getattr(mt, name, None)):
            missing.append(f"miniaten.{name}")
        if "method" in variants and not callable(getattr(mt.Tensor, name, None)):
            missing.append(f"Tensor.{name}")
    assert not missing, missing


def test_tensor_and_scalar_overloads():
    t = mt.tensor([1.0, 2.0])
    assert mt.add(t, t).tolist() == [2.0, 4.0]
    assert mt.add(t, 1).tolist() == [2.0, 3.0]          # add.Scalar
    assert mt.add(t, t, alpha=2).tolist() == [3.0, 6.0]
    assert mt.pow(2, t).tolist() == [2.0, 4.0]          # pow.Scalar: a number as self
    assert mt.pow(t, 2).tolist() == [1.0, 4.0]
    assert t.add(mt.tensor(1.0)).tolist() == [2.0, 3.0]  # a 0-dim tensor matches Tensor first
    assert mt.sum(mt.ones(2, 3), 1).tolist() == [3.0, 3.0]  # an int for int[1]
    assert mt.sum(mt.ones(2, 3), dim=(0, 1)).item() == 6.0
    assert mt.ones(2, 3).sum(dtype=mt.float64).dtype is mt.float64
    assert mt.zeros((2, 3)).shape == (2, 3) and mt.zeros(2, 3).shape == (2, 3) and mt.zeros([4]).shape == (4,)
    assert mt.ones(6).view(2, 3).shape == (2, 3) and mt.ones(6).view((3, 2)).shape == (3, 2)
    assert mt.ones(2, 3).permute(1, 0).shape == (3, 2)
    assert mt.full((2,), 7, dtype=mt.int32).tolist() == [7, 7]
    assert mt.ones(2, dtype=float).dtype is mt.float64   # Python's types as dtypes
    assert mt.add(input=t, other=t).tolist() == [2.0, 4.0]
    assert mt.div(mt.tensor([7.0, -7.0]), 2, rounding_mode="floor").tolist() == [3.0, -4.0]
    assert mt.clamp(t, min=1.5).tolist() == [1.5, 2.0]
    assert mt.cat([t, t]).shape == (4,) and mt.stack((t, t), dim=1).shape == (2, 2)


def test_out_keyword_returns_the_same_object():
    t = mt.tensor([1.0, 2.0])
    out = mt.empty(2)
    result = mt.add(t, t, out=out)
    assert result is out and out.tolist() == [2.0, 4.0]
    values, indices = mt.empty(0), mt.empty(0, dtype=mt.int64)
    r = mt.max(mt.tensor([[1.0, 5.0], [7.0, 2.0]]), 1, out=(values, indices))
    assert r[0] is values and r[1] is indices
    assert values.tolist() == [5.0, 7.0] and indices.tolist() == [1, 0]
    u = mt.ones(2)
    assert u.add_(1) is u and u.tolist() == [2.0, 2.0]


def test_factories_take_requires_grad():
    t = mt.zeros(2, requires_grad=True)
    assert t.requires_grad and t.is_leaf
    assert mt.ones(3, dtype=mt.float64, requires_grad=True).requires_grad


def test_no_matching_signature_lists_the_accepted_ones():
    with pytest.raises(TypeError) as e:
        mt.add(mt.ones(1), "x")
    text = str(e.value)
    assert text.startswith("add() received an invalid combination of arguments - got (Tensor, str), but expected one of:")
    assert "\n * (Tensor input, Tensor other, *, Number alpha)" in text
    assert "\n * (Tensor input, Number other, Number alpha)" in text
    with pytest.raises(TypeError, match="got \\(Tensor, nonsense=int\\)"):
        mt.neg(mt.ones(1), nonsense=1)
    with pytest.raises(TypeError):
        mt.ones(1).sum(dim="a")
    with pytest.raises(TypeError):
        mt.add(mt.ones(1))


def test_cpp_errors_become_python_errors_with_the_same_text():
    with pytest.raises(RuntimeError, match="The size of tensor a \\(2\\) must match the size of tensor b \\(3\\)"):
        mt.ones(2) + mt.ones(3)
    with pytest.raises(IndexError, match="Dimension out of range"):
        mt.ones(2).sum(3)
    with pytest.raises(IndexError, match="out of range"):
        mt.ones(2).select(0, 5)
    with pytest.raises(RuntimeError, match="result type Float can't be cast to the desired output type Long"):
        mt.add(mt.ones(2), mt.ones(2), out=mt.empty(2, dtype=mt.int64))
    with pytest.raises(RuntimeError, match="Overflow"):
        mt.add(mt.ones(1), 2**70)


def test_large_tensors_release_the_gil_and_still_compute():
    a = np.random.default_rng(0).standard_normal(1 << 17).astype(np.float32)
    t = mt.from_numpy(a)
    np.testing.assert_allclose((t * 2 + 1).numpy(), a * 2 + 1, rtol=1e-6)
    with pytest.raises(RuntimeError):
        mt.add(t, mt.ones(3))  # the error path restores the GIL too


def test_an_op_on_a_large_tensor_lets_other_threads_run():
    import threading
    import time

    a = mt.ones(1 << 24)
    stamps, stop = [], threading.Event()

    def spin():
        while not stop.is_set():
            for _ in range(200):
                pass
            stamps.append(time.perf_counter())

    thread = threading.Thread(target=spin)
    thread.start()
    try:
        for _ in range(20):
            start = time.perf_counter()
            a.exp()  # one call: the GIL could change hands between two
            end = time.perf_counter()
            if end - start > 0.02:
                break
        middle = (start + (end - start) * 0.3, end - (end - start) * 0.3)
        # The other thread made progress while the op ran: the op released the GIL.
        assert any(middle[0] < s < middle[1] for s in stamps), (end - start)
    finally:
        stop.set()
        thread.join()
