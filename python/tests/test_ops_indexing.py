"""Sorting, indexing, scatter/gather and embedding operators against NumPy over dtypes and the
layouts of test_ops.py; their named-tuple results."""
import numpy as np
import pytest

import miniaten as mt
from test_ops import FLOATS, INTS, NP, RNG, check, layouts

DTYPES = FLOATS + INTS + [mt.float16]


def np_of(a):
    return np.asarray(a, dtype=np.float64) if a.dtype == np.float16 else np.asarray(a)


@pytest.mark.parametrize("dtype", DTYPES)
def test_sort_argsort_msort(dtype):
    for name, t, a in layouts((5, 9), dtype):
        a = np_of(a)
        for dim in ([-1, 0] if a.ndim else [0]):
            for descending in (False, True):
                r = mt.sort(t, dim=dim, descending=descending, stable=True)
                key = -a if descending else a
                order = np.argsort(key, axis=dim, kind="stable") if a.ndim else np.array(0)
                want = np.take_along_axis(a, order, axis=dim) if a.ndim else a
                check(r.values, want, dtype, f"sort {name} dim {dim} desc {descending}")
                check(r.indices, order, mt.int64, f"sort indices {name}")
                check(mt.argsort(t, dim=dim, descending=descending, stable=True), order, mt.int64,
                      f"argsort {name}")
        if a.ndim:
            check(mt.msort(t), np.sort(a, axis=0, kind="stable"), dtype, f"msort {name}")


def test_sort_named_tuple_and_out():
    t = mt.tensor([[3.0, 1.0, 2.0], [0.0, -1.0, 5.0]])
    r = mt.sort(t, 1)
    assert type(r).__name__ == "sort" and type(r).__module__ == "miniaten.return_types"
    values, indices = r
    assert values is r.values or mt.equal(values, r.values)
    assert r._fields if hasattr(r, "_fields") else r.n_fields == 2
    v, i = mt.empty(0), mt.empty(0, dtype=mt.int64)
    out = mt.sort(t, 1, out=(v, i))
    assert out.values is v and out.indices is i
    m = t.max(1)
    assert type(m).__name__ == "max"
    np.testing.assert_array_equal(np.asarray(m.indices), [0, 2])


@pytest.mark.parametrize("dtype", FLOATS + INTS + [mt.bool])
def test_nonzero_argwhere_masked_select(dtype):
    for name, t, a in layouts((4, 6), dtype, low=-1, high=1):
        a = np.asarray(a)
        check(mt.nonzero(t), np.argwhere(a), mt.int64, f"nonzero {name}")
        check(mt.argwhere(t), np.argwhere(a), mt.int64, f"argwhere {name}")
        mask = a > 0 if a.dtype != np.bool_ else a
        check(mt.masked_select(t, mt.tensor(np.asarray(mask))), a[mask], dtype, f"masked_select {name}")


@pytest.mark.parametrize("dtype", FLOATS + INTS)
def test_gather_scatter_index_select(dtype):
    for name, t, a in layouts((4, 6), dtype):
        a = np.asarray(a)
        if a.ndim != 2 or a.shape[0] == 0:
            continue
        idx = RNG.integers(0, a.shape[1], (a.shape[0], 3))
        check(mt.gather(t, 1, mt.tensor(idx)), np.take_along_axis(a, idx, 1), dtype, f"gather {name}")
        rows = RNG.integers(0, a.shape[0], 5)
        check(mt.index_select(t, 0, mt.tensor(rows)), a[rows], dtype, f"index_select {name}")
        # scatter: a permutation per row, so no index repeats and the result is defined.
        perm = np.stack([RNG.permutation(a.shape[1]) for _ in range(a.shape[0])])
        src = RNG.integers(-5, 5, a.shape).astype(a.dtype)
        want = a.copy()
        np.put_along_axis(want, perm, src, 1)
        check(mt.scatter(t, 1, mt.tensor(perm), mt.tensor(src)), want, dtype, f"scatter {name}")
        want_add = a.copy()
        np.add.at(want_add, (np.arange(a.shape[0])[:, None], idx), src[:, :3])
        check(mt.scatter(t, 1, mt.tensor(idx), mt.tensor(np.ascontiguousarray(src[:, :3])),
                         reduce="add"), want_add, dtype, f"scatter reduce=add {name}")
        check(mt.scatter(t, 1, mt.tensor(perm), 9), np.full_like(a, 9), dtype, f"scatter value {name}")


@pytest.mark.parametrize("dtype", FLOATS + INTS)
def test_advanced_indexing_index_put_index_add_index_fill(dtype):
    for name, t, a in layouts((5, 4), dtype):
        a = np.asarray(a)
        if a.ndim != 2 or a.shape[0] == 0:
            continue
        rows, cols = np.array([4, 0, 2, 0]), np.array([1, 3, 0, 1])
        check(t[mt.tensor(rows), mt.tensor(cols)], a[rows, cols], dtype, f"index {name}")
        check(t[mt.tensor(a > 0)], a[a > 0], dtype, f"bool index {name}")
        check(t[1:, mt.tensor([2, 0])], a[1:, [2, 0]], dtype, f"slice + index {name}")
        values = np.array([1, 2, 3, 4]).astype(a.dtype)
        acc = a.copy()
        np.add.at(acc, (rows, cols), values)
        got = t.clone().index_put_((mt.tensor(rows), mt.tensor(cols)), mt.tensor(values), accumulate=True)
        check(got, acc, dtype, f"index_put_ accumulate {name}")
        src = RNG.integers(-3, 3, (4, a.shape[1])).astype(a.dtype)
        want = a.copy()
        np.add.at(want, rows, src)
        check(mt.index_add(t, 0, mt.tensor(rows), mt.tensor(src)), want, dtype, f"index_add {name}")
        filled = a.copy()
        filled[:, [0, 2]] = 7
        check(mt.index_fill(t, 1, mt.tensor([0, 2]), 7), filled, dtype, f"index_fill {name}")


def test_embedding_and_one_hot():
    weight = RNG.uniform(-1, 1, (10, 3))
    idx = RNG.integers(0, 10, (4, 5))
    check(mt.embedding(mt.tensor(weight), mt.tensor(idx)), weight[idx], mt.float64, "embedding")
    check(mt.one_hot(mt.tensor(idx), 10), np.eye(10, dtype=np.int64)[idx], mt.int64, "one_hot")
    with pytest.raises(RuntimeError):
        mt.one_hot(mt.tensor([1, 12]), 10)
