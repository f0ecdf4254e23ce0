"""The remaining operator families against NumPy: activations, pointwise, comparisons, norms,
min/max, fill/copy, convolution and pooling (against direct loops), linear, im2col, and the
sampling ops (through statistics, since no other library shares the stream)."""
import math

import numpy as np
import pytest

import miniaten as mt

RNG = np.random.default_rng(99)


def close(got, expected, tol=1e-10):
    np.testing.assert_allclose(np.asarray(got), expected, rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype,tol", [(mt.float32, 2e-6), (mt.float64, 1e-12)])
def test_activations(dtype, tol):
    a = RNG.uniform(-3, 3, (4, 5))
    t = mt.tensor(a, dtype=dtype)
    erf = np.vectorize(math.erf)
    close(mt.relu(t), np.maximum(a, 0), tol)
    close(mt.silu(t), a / (1 + np.exp(-a)), tol)
    close(mt.gelu(t), 0.5 * a * (1 + erf(a / math.sqrt(2))), tol)
    close(mt.gelu(t, approximate="tanh"),
          0.5 * a * (1 + np.tanh(math.sqrt(2 / math.pi) * (a + 0.044715 * a ** 3))), tol)
    close(mt.relu(t.T), np.maximum(a.T, 0), tol)


def test_pointwise_and_comparisons():
    a, b, c = (RNG.uniform(0.5, 2, (3, 4)) for _ in range(3))
    ta, tb, tc = map(mt.tensor, (a, b, c))
    close(mt.addcmul(ta, tb, tc, value=0.5), a + 0.5 * b * c)
    close(mt.addcdiv(ta, tb, tc, value=2), a + 2 * b / c)
    close(mt.lerp(ta, tb, 0.25), a + 0.25 * (b - a))
    close(mt.lerp(ta, tb, tc), a + c * (b - a))
    special = mt.tensor([1.0, math.inf, -math.inf, math.nan])
    assert mt.isnan(special).tolist() == [False, False, False, True]
    assert mt.isinf(special).tolist() == [False, True, True, False]
    assert mt.isfinite(special).tolist() == [True, False, False, False]
    assert mt.isclose(ta, ta + 1e-9).all().item() and not mt.isclose(ta, ta + 1e-3).all().item()
    assert mt.allclose(ta, ta * (1 + 1e-9)) and not mt.allclose(ta, tb)
    assert mt.equal(ta, mt.tensor(a)) and not mt.equal(ta, tb)


def test_norms_min_max_and_moments():
    a = RNG.uniform(-2, 2, (3, 5))
    t = mt.tensor(a)
    close(mt.norm(t), np.linalg.norm(a))
    close(mt.norm(t, 1, 1), np.abs(a).sum(1))
    close(mt.norm(t, 3, 0, True), (np.abs(a) ** 3).sum(0, keepdims=True) ** (1 / 3))
    close(mt.logsumexp(t, 1), np.log(np.exp(a).sum(1)))
    values, indices = mt.max(t, 1)
    close(values, a.max(1))
    assert indices.tolist() == a.argmax(1).tolist()
    values, indices = mt.min(t, 0, keepdim=True)
    close(values, a.min(0, keepdims=True))
    close(mt.amax(t, (0, 1)), a.max())
    close(mt.max(t), a.max())
    close(mt.amin(t.T, 1), a.T.min(1))


def test_fill_copy_and_conversions():
    t = mt.empty(2, 3)
    assert t.fill_(2.5).tolist() == [[2.5] * 3] * 2
    assert t.zero_().tolist() == [[0.0] * 3] * 2
    src = mt.tensor(RNG.uniform(-5, 5, (3, 2)))
    dst = mt.empty(2, 3, dtype=mt.int32)
    dst.copy_(src.T)
    np.testing.assert_array_equal(dst.numpy(), np.asarray(src).T.astype(np.int32))
    assert src.T.contiguous().is_contiguous() and not src.T.is_contiguous()
    assert src.clone().tolist() == src.tolist()
    assert src.type_as(dst).dtype is mt.int32 and src.to(dst).dtype is mt.int32


def conv2d_reference(x, w, b, stride, padding):
    n, c, h, wd = x.shape
    o, _, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (padding, padding), (padding, padding)))
    oh, ow = (h + 2 * padding - kh) // stride + 1, (wd + 2 * padding - kw) // stride + 1
    out = np.zeros((n, o, oh, ow))
    for i in range(oh):
        for j in range(ow):
            patch = xp[:, :, i * stride:i * stride + kh, j * stride:j * stride + kw]
            out[:, :, i, j] = np.tensordot(patch, w, axes=([1, 2, 3], [1, 2, 3])) + b
    return out


@pytest.mark.parametrize("stride,padding", [(1, 0), (2, 1)])
def test_convolution_and_linear(stride, padding):
    x = RNG.uniform(-1, 1, (2, 3, 7, 6))
    w = RNG.uniform(-1, 1, (4, 3, 3, 3))
    b = RNG.uniform(-1, 1, (4,))
    got = mt.conv2d(mt.tensor(x), mt.tensor(w), mt.tensor(b), stride, padding)
    close(got, conv2d_reference(x, w, b, stride, padding), 1e-9)
    x1 = RNG.uniform(-1, 1, (2, 3, 9))
    w1 = RNG.uniform(-1, 1, (5, 3, 2))
    got1 = mt.conv1d(mt.tensor(x1), mt.tensor(w1))
    ref1 = conv2d_reference(x1[:, :, None], w1[:, :, None], np.zeros(5), 1, 0)[:, :, 0]
    close(got1, ref1, 1e-9)
    lw, lb = RNG.uniform(-1, 1, (5, 6)), RNG.uniform(-1, 1, (5,))
    li = RNG.uniform(-1, 1, (4, 6))
    close(mt.linear(mt.tensor(li), mt.tensor(lw), mt.tensor(lb)), li @ lw.T + lb)


def test_pooling():
    x = RNG.uniform(-1, 1, (2, 3, 6, 8))
    t = mt.tensor(x)
    windows = x.reshape(2, 3, 3, 2, 4, 2)
    close(mt.max_pool2d(t, 2), windows.max(axis=(3, 5)))
    close(mt.avg_pool2d(t, 2), windows.mean(axis=(3, 5)))
    values, indices = mt.max_pool2d_with_indices(t, 2)
    flat = x.reshape(2, 3, -1)
    np.testing.assert_array_equal(np.take_along_axis(flat, indices.numpy().reshape(2, 3, -1), 2),
                                  values.numpy().reshape(2, 3, -1))
    close(mt.adaptive_avg_pool2d(t, (1, 1)), x.mean(axis=(2, 3), keepdims=True))
    close(mt.adaptive_avg_pool2d(t, (3, 4)), windows.mean(axis=(3, 5)))


def test_im2col_and_col2im():
    x = RNG.uniform(-1, 1, (1, 2, 4, 4))
    cols = mt.im2col(mt.tensor(x), (2, 2), (1, 1), (0, 0), (2, 2))
    expected = x.reshape(1, 2, 2, 2, 2, 2).transpose(0, 1, 3, 5, 2, 4).reshape(1, 8, 4)
    close(cols, expected)
    close(mt.col2im(cols, (4, 4), (2, 2), (1, 1), (0, 0), (2, 2)), x)


def test_sampling_statistics():
    g = mt.Generator().manual_seed(2024)
    n = 200_000
    u = mt.rand(n, generator=g, dtype=mt.float64).numpy()
    assert abs(u.mean() - 0.5) < 5 * math.sqrt(1 / 12 / n) and 0 <= u.min() and u.max() < 1
    z = mt.randn(n, generator=g, dtype=mt.float64).numpy()
    assert abs(z.mean()) < 5 / math.sqrt(n) and abs(z.var() - 1) < 5 * math.sqrt(2 / n)
    k = mt.randint(3, 9, (n,), generator=g).numpy()
    counts = np.bincount(k - 3, minlength=6)
    expected = n / 6
    assert ((counts - expected) ** 2 / expected).sum() < 30  # chi-squared, 5 dof: far in the tail
    kept = mt.dropout(mt.ones(n), 0.25, True).numpy()
    assert abs((kept == 0).mean() - 0.25) < 0.01 and set(np.unique(kept)) <= {0.0, np.float32(1 / 0.75)}
    assert mt.dropout(mt.ones(5), 0.5, False).tolist() == [1.0] * 5
    assert sorted(mt.randperm(50, generator=g).tolist()) == list(range(50))
    assert mt.rand_like(mt.empty(3, 4)).shape == (3, 4)
    assert mt.randint_like(mt.empty(3), 10).max().item() < 10


def _np_norm(x, axes, eps):
    mean = x.mean(axis=axes, keepdims=True)
    var = x.var(axis=axes, keepdims=True)
    return (x - mean) / np.sqrt(var + eps)


@pytest.mark.parametrize("dtype,tol", [(mt.float32, 2e-5), (mt.float64, 1e-10)])
def test_normalizations_against_numpy(dtype, tol):
    rng = np.random.default_rng(5)
    x = rng.uniform(-2, 2, (4, 6, 3, 5))
    w, b = rng.uniform(0.5, 1.5, 6), rng.uniform(-1, 1, 6)
    t = mt.tensor(x, dtype=dtype)
    tw, tb_ = mt.tensor(w, dtype=dtype), mt.tensor(b, dtype=dtype)
    cw = w[None, :, None, None]
    cb = b[None, :, None, None]
    # batch_norm, training: batch statistics; the running ones move by momentum (unbiased var).
    rm, rv = mt.zeros(6, dtype=dtype), mt.ones(6, dtype=dtype)
    got = mt.batch_norm(t, tw, tb_, rm, rv, True, 0.1, 1e-5, False)
    np.testing.assert_allclose(np.asarray(got), _np_norm(x, (0, 2, 3), 1e-5) * cw + cb, rtol=tol, atol=tol)
    np.testing.assert_allclose(np.asarray(rm), 0.1 * x.mean(axis=(0, 2, 3)), rtol=tol, atol=tol)
    np.testing.assert_allclose(np.asarray(rv), 0.9 + 0.1 * x.var(axis=(0, 2, 3), ddof=1), rtol=tol, atol=tol)
    # evaluation: the running statistics.
    got = mt.batch_norm(t, tw, tb_, rm, rv, False, 0.1, 1e-5, False)
    want = (x - np.asarray(rm)[None, :, None, None]) / np.sqrt(np.asarray(rv)[None, :, None, None] + 1e-5) * cw + cb
    np.testing.assert_allclose(np.asarray(got), want, rtol=tol, atol=tol)
    # layer_norm over the last two dims, group_norm with 3 groups, instance_norm.
    lw, lb = rng.uniform(0.5, 1.5, (3, 5)), rng.uniform(-1, 1, (3, 5))
    got = mt.layer_norm(t, [3, 5], mt.tensor(lw, dtype=dtype), mt.tensor(lb, dtype=dtype), 1e-5)
    np.testing.assert_allclose(np.asarray(got), _np_norm(x, (2, 3), 1e-5) * lw + lb, rtol=tol, atol=tol)
    got = mt.group_norm(t, 3, tw, tb_, 1e-5)
    grouped = _np_norm(x.reshape(4, 3, -1), (2,), 1e-5).reshape(x.shape)
    np.testing.assert_allclose(np.asarray(got), grouped * cw + cb, rtol=tol, atol=tol)
    got = mt.instance_norm(t, tw, tb_, None, None, True, 0.1, 1e-5, False)
    np.testing.assert_allclose(np.asarray(got), _np_norm(x, (2, 3), 1e-5) * cw + cb, rtol=tol, atol=tol)


def test_leaky_relu_softplus_and_losses_against_numpy():
    rng = np.random.default_rng(6)
    x = rng.uniform(-30, 30, (5, 7))
    t = mt.tensor(x)
    np.testing.assert_allclose(np.asarray(mt.leaky_relu(t, 0.2)), np.where(x > 0, x, 0.2 * x))
    # softplus: log(1 + exp(beta x)) / beta, the input itself past threshold / beta.
    want = np.where(2 * x > 20, x, np.log1p(np.exp(2 * x)) / 2)
    np.testing.assert_allclose(np.asarray(mt.softplus(t, 2, 20)), want, rtol=1e-12)
    logits = rng.uniform(-3, 3, (6, 4))
    target = np.array([0, 3, 1, 1, 2, -100])
    weight = rng.uniform(0.5, 2, 4)
    logp = logits - np.log(np.exp(logits).sum(1, keepdims=True))
    keep = target != -100
    picked = -logp[np.arange(6)[keep], target[keep]] * weight[target[keep]]
    got = mt.cross_entropy_loss(mt.tensor(logits), mt.tensor(target), mt.tensor(weight), 1, -100, 0.0)
    np.testing.assert_allclose(got.item(), picked.sum() / weight[target[keep]].sum(), rtol=1e-12)
    got = mt.nll_loss(mt.tensor(logp), mt.tensor(target), None, 2, -100)
    np.testing.assert_allclose(got.item(), -logp[np.arange(6)[keep], target[keep]].sum(), rtol=1e-12)
    # probabilities as targets, with label smoothing 0.1.
    probs = rng.dirichlet(np.ones(4), 6)
    smoothed = probs * 0.9 + 0.1 / 4
    got = mt.cross_entropy_loss(mt.tensor(logits), mt.tensor(probs), None, 1, -100, 0.1)
    np.testing.assert_allclose(got.item(), -(smoothed * logp).sum(1).mean(), rtol=1e-12)


def test_bernoulli_multinomial_poisson_statistics():
    g = mt.Generator().manual_seed(77)
    n = 100_000
    p = mt.full([n], 0.3, dtype=mt.float64)
    b = mt.bernoulli(p, generator=g).numpy()
    assert set(np.unique(b)) <= {0.0, 1.0} and abs(b.mean() - 0.3) < 5 * math.sqrt(0.21 / n)
    probs = np.array([0.1, 0.2, 0.3, 0.4])
    draws = mt.multinomial(mt.tensor(probs), n, True, generator=g).numpy()
    counts = np.bincount(draws, minlength=4)
    assert (((counts - n * probs) ** 2) / (n * probs)).sum() < 25  # chi-squared, 3 dof
    without = mt.multinomial(mt.tensor(probs), 4, False, generator=g).numpy()
    assert sorted(without.tolist()) == [0, 1, 2, 3]
    rates = mt.full([n], 3.5, dtype=mt.float64)
    k = mt.poisson(rates, generator=g).numpy()
    assert np.all(k == np.floor(k)) and abs(k.mean() - 3.5) < 5 * math.sqrt(3.5 / n)
    assert abs(k.var() - 3.5) < 0.1


def test_moments_nan_to_num_and_hypot_against_numpy():
    rng = np.random.default_rng(8)
    x = rng.uniform(-3, 3, (6, 7))
    t = mt.tensor(x)
    for dim, keep in ((1, False), (0, True)):
        v, m = mt.var_mean(t, dim, keepdim=keep)
        np.testing.assert_allclose(np.asarray(v), x.var(axis=dim, ddof=1, keepdims=keep), rtol=1e-12)
        np.testing.assert_allclose(np.asarray(m), x.mean(axis=dim, keepdims=keep), rtol=1e-12)
        s, m = mt.std_mean(t, dim, keepdim=keep, correction=0)
        np.testing.assert_allclose(np.asarray(s), x.std(axis=dim, keepdims=keep), rtol=1e-12)
    special = np.array([np.nan, np.inf, -np.inf, 1.5, -0.0])
    np.testing.assert_array_equal(np.asarray(mt.nan_to_num(mt.tensor(special), 0.0, 9.0, -9.0)),
                                  np.nan_to_num(special, nan=0.0, posinf=9.0, neginf=-9.0))
    y = rng.uniform(-3, 3, (6, 7))
    np.testing.assert_allclose(np.asarray(mt.hypot(t, mt.tensor(y))), np.hypot(x, y), rtol=1e-12)


def test_embedding_bag_and_unique_match_pytorch():
    torch = pytest.importorskip("torch")
    w = RNG.uniform(-1, 1, (10, 3))
    idx = np.array([[1, 2, 4], [4, 3, 9]])
    for mode in ("sum", "mean", "max"):
        got = mt.nn.functional.embedding_bag(mt.tensor(idx), mt.tensor(w), mode=mode,
                                             padding_idx=4)
        want = torch.nn.functional.embedding_bag(torch.tensor(idx), torch.tensor(w), mode=mode,
                                                 padding_idx=4)
        close(got, want.numpy())
    flat = mt.tensor(idx.reshape(-1))
    got = mt.nn.functional.embedding_bag(flat, mt.tensor(w), mt.tensor(np.array([0, 2])),
                                         mode="sum",
                                         per_sample_weights=mt.tensor(np.arange(6.0)))
    want = torch.nn.functional.embedding_bag(torch.tensor(idx.reshape(-1)), torch.tensor(w),
                                             torch.tensor([0, 2]), mode="sum",
                                             per_sample_weights=torch.arange(6.0).double())
    close(got, want.numpy())
    x = np.array([[3, 1], [3, 1], [2, 2], [3, 1]])
    values, inverse, counts = mt.unique(mt.tensor(x), return_inverse=True, return_counts=True)
    tv, ti, tc = torch.unique(torch.tensor(x), return_inverse=True, return_counts=True)
    for a, b in ((values, tv), (inverse, ti), (counts, tc)):
        np.testing.assert_array_equal(np.asarray(a), b.numpy())
    rows, rows_inverse = mt.unique(mt.tensor(x), dim=0, return_inverse=True)
    trows, trows_inverse = torch.unique(torch.tensor(x), dim=0, return_inverse=True)
    np.testing.assert_array_equal(np.asarray(rows), trows.numpy())
    np.testing.assert_array_equal(np.asarray(rows_inverse), trows_inverse.numpy())
    runs = mt.unique_consecutive(mt.tensor(x.reshape(-1)), return_counts=True)
    truns = torch.unique_consecutive(torch.tensor(x.reshape(-1)), return_counts=True)
    for a, b in zip(runs, truns):
        np.testing.assert_array_equal(np.asarray(a), b.numpy())
    assert isinstance(mt.unique(mt.tensor(x)), mt.Tensor)
