"""miniaten.Tensor from Python: operators, indexing, conversions, printing, NumPy and DLPack."""
import math

import numpy as np
import pytest

import miniaten as mt


def arr(t):
    return np.asarray(t)


def test_dtype_objects_and_properties():
    t = mt.ones(2, 3)
    assert t.dtype is mt.float32 and t.dtype is mt.float
    assert t.shape == (2, 3) and t.ndim == 2 and len(t) == 2
    assert t.device == mt.device("cpu") and str(t.device) == "cpu"
    assert repr(mt.int64) == "miniaten.int64" and mt.long is mt.int64
    assert mt.float16.is_floating_point and not mt.int32.is_floating_point
    assert mt.complex64.is_complex and mt.float64.itemsize == 8
    assert t.T.shape == (3, 2) and t.size() == (2, 3) and t.size(1) == 3 and t.stride() == (3, 1)
    assert mt.empty(2, 3, device="meta").is_meta


def test_repr_matches_the_cpp_printer():
    assert repr(mt.tensor([1.0, 2.5])) == "tensor([1.0000, 2.5000])"
    assert repr(mt.tensor([[1, 2], [3, 4]])) == "tensor([[1, 2],\n        [3, 4]])"
    assert repr(mt.tensor([1, 2], dtype=mt.int32)) == "tensor([1, 2], dtype=torch.int32)" or \
        repr(mt.tensor([1, 2], dtype=mt.int32)).startswith("tensor([1, 2], dtype=")


def test_tensor_infers_dtypes_as_pytorch():
    assert mt.tensor([1, 2]).dtype is mt.int64
    assert mt.tensor([1, 2.0]).dtype is mt.float32
    assert mt.tensor([True, False]).dtype is mt.bool
    assert mt.tensor([1j, 2]).dtype is mt.complex64
    assert mt.tensor([]).dtype is mt.float32 and mt.tensor([]).shape == (0,)
    assert mt.tensor(3.5).shape == () and mt.tensor(3.5).item() == 3.5
    assert mt.tensor([[1, 2], [3, 4]], dtype=mt.float64).dtype is mt.float64
    assert mt.tensor([2**62 + 1]).item() == 2**62 + 1
    with pytest.raises(ValueError):
        mt.tensor([[1, 2], [3]])
    with pytest.raises(TypeError):
        mt.tensor(["a"])


def test_item_tolist_and_python_numbers():
    t = mt.tensor([[1.5, 2.0], [3.0, 4.0]])
    assert t.tolist() == [[1.5, 2.0], [3.0, 4.0]]
    assert mt.tensor([1, 2]).tolist() == [1, 2] and isinstance(mt.tensor([1]).tolist()[0], int)
    assert mt.tensor([True]).tolist() == [True]
    assert t[1, 0].item() == 3.0 and float(t[0, 0]) == 1.5 and int(t[1, 1]) == 4
    assert bool(mt.tensor([1])) and not bool(mt.tensor(0.0))
    with pytest.raises(RuntimeError, match="more than one value is ambiguous"):
        bool(t)
    assert [1, 2, 3][mt.tensor(1)] == 2
    with pytest.raises(TypeError):
        [1, 2][mt.tensor(1.0)]
    assert f"{mt.tensor(2.5):.2f}" == "2.50"


@pytest.mark.parametrize("op,ref", [
    (lambda a, b: a + b, np.add), (lambda a, b: a - b, np.subtract), (lambda a, b: a * b, np.multiply),
    (lambda a, b: a / b, np.true_divide), (lambda a, b: a // b, np.floor_divide), (lambda a, b: a % b, np.mod),
    (lambda a, b: a ** b, np.power), (lambda a, b: a == b, np.equal), (lambda a, b: a != b, np.not_equal),
    (lambda a, b: a < b, np.less), (lambda a, b: a <= b, np.less_equal), (lambda a, b: a > b, np.greater),
    (lambda a, b: a >= b, np.greater_equal),
])
def test_binary_operators_and_reflected_forms(op, ref):
    x = np.array([[1.5, -2.0, 3.0], [4.0, 5.5, -6.0]], dtype=np.float64)
    y = np.array([2.0, 3.0, -1.5], dtype=np.float64)
    a, b = mt.tensor(x), mt.tensor(y)
    np.testing.assert_allclose(arr(op(a, b)), ref(x, y), rtol=1e-12)
    np.testing.assert_allclose(arr(op(a, 2.0)), ref(x, 2.0), rtol=1e-12)
    np.testing.assert_allclose(arr(op(3.0, a)), ref(3.0, x), rtol=1e-12)


def test_number_operands_keep_the_tensor_dtype():
    t = mt.tensor([1.0, 2.0])
    assert (t + 1).dtype is mt.float32 and (2 * t).dtype is mt.float32 and (1 - t).dtype is mt.float32
    assert (mt.tensor([1, 2]) + 1.5).dtype is mt.float32
    assert (mt.tensor([1, 2]) / 2).dtype is mt.float32
    np.testing.assert_array_equal(arr(1 - t), [0.0, -1.0])
    np.testing.assert_array_equal(arr(2 ** mt.tensor([1.0, 3.0])), [2.0, 8.0])


def test_unary_bitwise_matmul_and_inplace_operators():
    t = mt.tensor([[1.0, -2.0], [3.0, 4.0]])
    np.testing.assert_array_equal(arr(-t), -arr(t))
    np.testing.assert_array_equal(arr(abs(t)), np.abs(arr(t)))
    np.testing.assert_allclose(arr(t @ t), arr(t) @ arr(t))
    i = mt.tensor([0b1100, 0b1010])
    np.testing.assert_array_equal(arr(i & 0b1000), [8, 8])
    np.testing.assert_array_equal(arr(i | 1), [13, 11])
    np.testing.assert_array_equal(arr(i ^ i), [0, 0])
    np.testing.assert_array_equal(arr(~mt.tensor([True, False])), [False, True])
    u = t.clone()
    alias = u
    u += 1
    u *= 2
    u -= t
    u /= 2
    assert u is alias
    np.testing.assert_allclose(arr(u), ((arr(t) + 1) * 2 - arr(t)) / 2)
    with pytest.raises(TypeError):
        t + "a"
    assert (t == None) is False  # noqa: E711  (falls back to identity, as PyTorch)


def test_basic_indexing_makes_views():
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    t = mt.tensor(x)
    for index in [0, -1, (1, 2), (slice(None), 1), (Ellipsis, 2), (None, 0), (0, None, slice(1, 3)),
                  (slice(None, None, 2),), (1, Ellipsis, slice(0, 4, 3)), (True,), (slice(5, 10),)]:
        np.testing.assert_array_equal(arr(t[index]), x[index], err_msg=str(index))
    view = t[0, 1]
    view[2] = 100.0
    assert t[0, 1, 2].item() == 100.0
    t[1] = 7
    assert (t[1] == 7).all().item()
    t[:, 0, :] = mt.tensor([1.0, 2.0, 3.0, 4.0])
    np.testing.assert_array_equal(arr(t[1, 0]), [1.0, 2.0, 3.0, 4.0])
    with pytest.raises(IndexError, match="out of bounds"):
        t[5]
    with pytest.raises(IndexError, match="too many indices"):
        t[0, 0, 0, 0]
    with pytest.raises(ValueError, match="step must be greater than zero"):
        t[::-1]


def test_advanced_indexing_with_long_and_bool_tensors():
    x = np.arange(12, dtype=np.float64).reshape(3, 4)
    t = mt.tensor(x)
    if not hasattr(t, "index"):
        pytest.skip("the index operator is not in this build")
    np.testing.assert_array_equal(arr(t[mt.tensor([2, 0])]), x[[2, 0]])
    np.testing.assert_array_equal(arr(t[[0, 2]]), x[[0, 2]])
    np.testing.assert_array_equal(arr(t[:, mt.tensor([1, 3])]), x[:, [1, 3]])
    mask = t > 5
    np.testing.assert_array_equal(arr(t[mask]), x[x > 5])
    t[mask] = 0.0
    x[x > 5] = 0.0
    np.testing.assert_array_equal(arr(t), x)


def test_len_and_iteration():
    t = mt.tensor([[1, 2], [3, 4], [5, 6]])
    assert len(t) == 3
    assert [row.tolist() for row in t] == [[1, 2], [3, 4], [5, 6]]
    with pytest.raises(TypeError, match="0-d"):
        len(mt.tensor(1))
    with pytest.raises(TypeError, match="0-d"):
        iter(mt.tensor(1))


def test_numpy_shares_memory_both_ways():
    t = mt.zeros(2, 3)
    a = t.numpy()
    a[0, 1] = 5.0
    assert t[0, 1].item() == 5.0
    assert np.shares_memory(a, np.asarray(t))
    base = np.arange(6, dtype=np.int32).reshape(2, 3)
    u = mt.from_numpy(base)
    u[1, 2] = -1
    assert base[1, 2] == -1 and u.dtype is mt.int32
    strided = mt.from_numpy(base.T)
    assert strided.stride() == (1, 3) and strided.tolist() == base.T.tolist()
    with pytest.raises(ValueError, match="negative"):
        mt.from_numpy(base[::-1])
    tr = mt.tensor([[1.0, 2.0], [3.0, 4.0]]).T
    np.testing.assert_array_equal(np.asarray(tr), [[1.0, 3.0], [2.0, 4.0]])
    with pytest.raises(RuntimeError, match="requires grad"):
        mt.ones(2, requires_grad=True).numpy()
    for dtype in (np.bool_, np.uint8, np.int8, np.int16, np.int64, np.float16, np.float32, np.float64,
                  np.complex64, np.complex128):
        x = (np.arange(4) % 3).astype(dtype)
        np.testing.assert_array_equal(mt.from_numpy(x).numpy(), x)
        np.testing.assert_array_equal(mt.tensor(x).numpy(), x)
    del t, u
    assert a[0, 1] == 5.0  # the array keeps the tensor's memory alive


def test_memoryview_and_dlpack():
    t = mt.arange(6, dtype=mt.float32).reshape(2, 3)
    m = memoryview(t)
    assert m.format == "f" and m.shape == (2, 3) and m.tolist() == [[0, 1, 2], [3, 4, 5]]
    a = np.from_dlpack(t)  # NumPy marks DLPack imports read-only; the memory is still t's
    t[0, 0] = 9.0
    assert a[0, 0] == 9.0
    back = mt.from_dlpack(np.arange(4.0))
    assert back.tolist() == [0.0, 1.0, 2.0, 3.0] and back.dtype is mt.float64
    with pytest.raises(BufferError):
        memoryview(mt.ones(2, dtype=mt.bfloat16))


def test_hash_and_identity():
    t = mt.ones(1)
    assert hash(t) == hash(t) and {t: 1}[t] == 1
    assert math.isclose(mt.ones(1).sum().item(), 1.0)
