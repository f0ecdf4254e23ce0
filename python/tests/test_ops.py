"""Operator values against NumPy, family by family, over dtypes and layouts (contiguous,
transposed, sliced, broadcast, zero-size, zero-dim). NumPy computes in float64 where it lacks
the dtype's precision (float16 and bfloat16 are compared at their own tolerance)."""
import numpy as np
import pytest

import miniaten as mt

RNG = np.random.default_rng(1234)
FLOATS = [mt.float32, mt.float64]
INTS = [mt.int32, mt.int64]
NP = {mt.float32: np.float32, mt.float64: np.float64, mt.int32: np.int32, mt.int64: np.int64,
      mt.bool: np.bool_, mt.float16: np.float16, mt.int16: np.int16, mt.uint8: np.uint8, mt.int8: np.int8}
TOL = {mt.float16: 2e-3, mt.bfloat16: 2e-2, mt.float32: 2e-6, mt.float64: 1e-12}


def layouts(shape, dtype, low=-3.0, high=3.0):
    """(name, tensor, array) for each layout, the same values on both sides."""
    def make(s):
        if dtype is mt.bool:
            return RNG.integers(0, 2, s).astype(np.bool_)
        if dtype in INTS or dtype in (mt.int16, mt.int8, mt.uint8):
            return RNG.integers(int(max(low, 0 if dtype is mt.uint8 else low)), int(high) + 1, s).astype(NP[dtype])
        return RNG.uniform(low, high, s).astype(NP.get(dtype, np.float32))

    base = make(shape)
    yield "contiguous", mt.tensor(base, dtype=dtype), base.astype(np.float64) if dtype in (mt.float16,) else base
    wide = make((shape[1], shape[0]))
    yield "transposed", mt.tensor(wide, dtype=dtype).T, wide.T
    big = make((shape[0], shape[1] * 2))
    yield "sliced", mt.tensor(big, dtype=dtype)[:, ::2], big[:, ::2]
    row = make((1, shape[1]))
    yield "broadcast", mt.tensor(row, dtype=dtype).expand(*shape), np.broadcast_to(row, shape)
    empty = make((0, shape[1]))
    yield "zero-size", mt.tensor(empty, dtype=dtype), empty
    scalar = make(())
    yield "zero-dim", mt.tensor(scalar, dtype=dtype), scalar


def check(result, expected, dtype, name):
    got = np.asarray(result.float() if result.dtype in (mt.float16, mt.bfloat16) else result)
    expected = np.asarray(expected)
    assert got.shape == expected.shape, name
    if got.dtype == np.bool_ or np.issubdtype(got.dtype, np.integer):
        np.testing.assert_array_equal(got, expected, err_msg=name)
    else:
        tol = TOL.get(dtype, 2e-6)
        np.testing.assert_allclose(got, expected, rtol=tol, atol=tol, equal_nan=True, err_msg=name)


UNARY = {
    "abs": np.abs, "neg": np.negative, "exp": np.exp, "expm1": np.expm1, "exp2": np.exp2, "sin": np.sin,
    "cos": np.cos, "tan": np.tan, "tanh": np.tanh, "sinh": np.sinh, "cosh": np.cosh, "atan": np.arctan,
    "floor": np.floor, "ceil": np.ceil, "trunc": np.trunc, "round": np.round,
    "sigmoid": lambda x: 1 / (1 + np.exp(-x)), "relu": lambda x: np.maximum(x, 0), "sign": np.sign,
}
POSITIVE = {"log": np.log, "log2": np.log2, "log10": np.log10, "log1p": np.log1p, "sqrt": np.sqrt,
            "rsqrt": lambda x: 1 / np.sqrt(x), "reciprocal": np.reciprocal}
UNIT = {"asin": np.arcsin, "acos": np.arccos}


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name", sorted(UNARY) + sorted(POSITIVE) + sorted(UNIT))
def test_unary(name, dtype):
    ref = UNARY.get(name) or POSITIVE.get(name) or UNIT[name]
    low, high = (0.1, 4.0) if name in POSITIVE else ((-0.9, 0.9) if name in UNIT else (-3.0, 3.0))
    for layout, t, a in layouts((3, 4), dtype, low, high):
        check(getattr(mt, name)(t), ref(a.astype(np.float64)), dtype, f"{name} {layout}")
        check(getattr(t, name)(), ref(a.astype(np.float64)), dtype, f"Tensor.{name} {layout}")


@pytest.mark.parametrize("dtype", INTS)
@pytest.mark.parametrize("name", ["abs", "neg", "sign"])
def test_unary_integers(name, dtype):
    for layout, t, a in layouts((3, 4), dtype):
        check(getattr(mt, name)(t), UNARY[name](a).astype(a.dtype), dtype, f"{name} {layout}")


BINARY = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.true_divide, "maximum": np.maximum,
    "minimum": np.minimum, "atan2": np.arctan2, "fmod": np.fmod, "remainder": np.mod,
    "eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal, "gt": np.greater,
    "ge": np.greater_equal, "pow": lambda a, b: np.power(np.abs(a) + 0.5, b),
}


@pytest.mark.parametrize("dtype", FLOATS + INTS)
@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary(name, dtype):
    if dtype in INTS and name in ("atan2", "div", "pow"):
        pytest.skip("floating-point only in this table")
    other_np = RNG.uniform(0.5, 3.0, (4,)).astype(NP[dtype]) if dtype in FLOATS else \
        RNG.integers(1, 4, (4,)).astype(NP[dtype])
    for layout, t, a in layouts((3, 4), dtype):
        if layout == "zero-dim":
            continue
        lhs = (t.abs() + 0.5) if name == "pow" else t
        expected = BINARY[name](a, other_np)
        got = getattr(mt, name)(lhs if name != "pow" else lhs, mt.tensor(other_np)) if name != "pow" else \
            mt.pow(lhs, mt.tensor(other_np))
        check(got, expected, dtype, f"{name} {layout}")


@pytest.mark.parametrize("name,ref", [("logical_and", np.logical_and), ("logical_or", np.logical_or),
                                      ("logical_xor", np.logical_xor), ("bitwise_and", np.bitwise_and),
                                      ("bitwise_or", np.bitwise_or), ("bitwise_xor", np.bitwise_xor)])
def test_logical_and_bitwise(name, ref):
    for dtype in (mt.bool, mt.int32, mt.int64):
        for layout, t, a in layouts((3, 4), dtype):
            check(getattr(mt, name)(t, t.flip(-1) if t.dim() else t), ref(a, np.flip(a, -1) if a.ndim else a),
                  dtype, f"{name} {layout}")


REDUCTIONS = {"sum": np.sum, "mean": np.mean, "prod": np.prod, "amax": np.max, "amin": np.min,
              "std": lambda a, axis: np.std(a, axis=axis, ddof=1), "var": lambda a, axis: np.var(a, axis=axis, ddof=1)}


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name", sorted(REDUCTIONS))
def test_reductions(name, dtype):
    for layout, t, a in layouts((3, 4), dtype, 0.5, 1.5):
        if layout in ("zero-size", "zero-dim"):
            continue
        ref = REDUCTIONS[name]
        check(getattr(mt, name)(t, 1), ref(a.astype(np.float64), axis=1), dtype, f"{name} dim=1 {layout}")
        if name not in ("amax", "amin"):
            check(getattr(mt, name)(t), ref(a.astype(np.float64), axis=None), dtype, f"{name} all {layout}")


def test_reductions_of_empty_and_integer_tensors():
    assert mt.sum(mt.zeros(0, 3)).item() == 0.0
    assert mt.sum(mt.zeros(0, 3), 0).tolist() == [0.0, 0.0, 0.0]
    assert mt.sum(mt.tensor([1, 2, 3], dtype=mt.int32)).dtype is mt.int64
    assert mt.prod(mt.zeros(0)).item() == 1.0
    a = RNG.uniform(-1, 1, (3, 5))
    t = mt.tensor(a)
    check(mt.argmax(t, 1), np.argmax(a, 1), mt.int64, "argmax")
    check(mt.argmin(t, 0), np.argmin(a, 0), mt.int64, "argmin")
    check(mt.cumsum(t, 1), np.cumsum(a, 1), mt.float64, "cumsum")
    check(mt.cumprod(t, 0), np.cumprod(a, 0), mt.float64, "cumprod")
    check(mt.all(t > -2), np.all(a > -2), mt.bool, "all")
    check(mt.any(t > 0.99), np.any(a > 0.99), mt.bool, "any")


def test_shape_operators():
    a = RNG.uniform(-1, 1, (2, 3, 4))
    t = mt.tensor(a)
    check(t.reshape(4, 6), a.reshape(4, 6), mt.float64, "reshape")
    check(t.permute(2, 0, 1), a.transpose(2, 0, 1), mt.float64, "permute")
    check(t.transpose(0, 2), np.swapaxes(a, 0, 2), mt.float64, "transpose")
    check(t.flatten(), a.flatten(), mt.float64, "flatten")
    check(t.unsqueeze(1), a[:, None], mt.float64, "unsqueeze")
    check(t[:, :1].squeeze(1), a[:, 0], mt.float64, "squeeze")
    check(t.flip(1), np.flip(a, 1), mt.float64, "flip")
    check(mt.cat([t, t], 1), np.concatenate([a, a], 1), mt.float64, "cat")
    check(mt.stack([t, t], 0), np.stack([a, a], 0), mt.float64, "stack")
    check(t.narrow(2, 1, 2), a[:, :, 1:3], mt.float64, "narrow")
    check(t[0].diagonal(), np.diagonal(a[0]), mt.float64, "diagonal")
    check(mt.where(t > 0, t, 0.0), np.where(a > 0, a, 0.0), mt.float64, "where")
    check(t.masked_fill(t < 0, 9.0), np.where(a < 0, 9.0, a), mt.float64, "masked_fill")
    check(mt.clamp(t, -0.5, 0.5), np.clip(a, -0.5, 0.5), mt.float64, "clamp")
    idx = np.array([2, 0])
    check(mt.index_select(t, 1, mt.tensor(idx)), a[:, idx], mt.float64, "index_select")
    g = RNG.integers(0, 4, (2, 3, 2))
    check(mt.gather(t, 2, mt.tensor(g)), np.take_along_axis(a, g, 2), mt.float64, "gather")


@pytest.mark.parametrize("dtype", FLOATS)
def test_linear_algebra(dtype):
    a = RNG.uniform(-1, 1, (3, 4)).astype(NP[dtype])
    b = RNG.uniform(-1, 1, (4, 5)).astype(NP[dtype])
    check(mt.mm(mt.tensor(a), mt.tensor(b)), a.astype(np.float64) @ b, dtype, "mm")
    check(mt.matmul(mt.tensor(a).T.contiguous().T, mt.tensor(b)), a.astype(np.float64) @ b, dtype, "matmul strided")
    c = RNG.uniform(-1, 1, (2, 3, 4)).astype(NP[dtype])
    check(mt.matmul(mt.tensor(c), mt.tensor(b)), c.astype(np.float64) @ b, dtype, "batched matmul")
    v = RNG.uniform(-1, 1, (4,)).astype(NP[dtype])
    check(mt.matmul(mt.tensor(a), mt.tensor(v)), a.astype(np.float64) @ v, dtype, "matrix @ vector")


def test_softmax_family_and_losses():
    a = RNG.uniform(-2, 2, (4, 5))
    t = mt.tensor(a)
    e = np.exp(a - a.max(1, keepdims=True))
    check(mt.softmax(t, 1), e / e.sum(1, keepdims=True), mt.float64, "softmax")
    check(mt.log_softmax(t, 1), np.log(e / e.sum(1, keepdims=True)), mt.float64, "log_softmax")
    target = np.array([0, 3, 1, 4])
    logp = np.log(e / e.sum(1, keepdims=True))
    check(mt.nll_loss(mt.log_softmax(t, 1), mt.tensor(target)), -logp[np.arange(4), target].mean(), mt.float64, "nll")


def test_dtype_conversions_and_half_precision():
    a = RNG.uniform(-2, 2, (3, 4)).astype(np.float32)
    t = mt.tensor(a)
    for dtype in (mt.float16, mt.bfloat16, mt.float64, mt.int32, mt.uint8, mt.bool):
        converted = t.to(dtype)
        assert converted.dtype is dtype
    check(t.to(mt.float16) + t.to(mt.float16), (a.astype(np.float16) * 2).astype(np.float64), mt.float16, "half add")
    check(t.to(mt.int32), a.astype(np.int32), mt.int32, "to int32")


def test_meta_tensors_give_shapes_without_data():
    m = mt.empty(2, 3, device="meta")
    r = (m + mt.empty(3, device="meta")).sum(1)
    assert r.is_meta and r.shape == (2,) and r.dtype is mt.float32
    with pytest.raises(TypeError):
        np.asarray(m)
