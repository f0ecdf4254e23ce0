"""The shape helpers (tril, triu, diag, trace, movedim, meshgrid, pad, ...) from Python, against
NumPy, with PyTorch's Python forms (varargs meshgrid, keyword arguments)."""
import numpy as np

import miniaten as mt
import miniaten.nn.functional as F


def test_triangles_diagonals_and_trace():
    a = np.arange(12.0).reshape(3, 4)
    x = mt.tensor(a)
    assert np.array_equal(x.tril(-1).numpy(), np.tril(a, -1))
    assert np.array_equal(mt.triu(x, diagonal=2).numpy(), np.triu(a, 2))
    assert np.array_equal(mt.diag(x, 1).numpy(), np.diag(a, 1))
    assert np.array_equal(mt.diag(mt.tensor([1.0, 2.0]), -1).numpy(), np.diag([1.0, 2.0], -1))
    assert mt.trace(x).item() == np.trace(a)
    assert mt.diag_embed(mt.tensor(a), offset=1).shape == (3, 5, 5)


def test_views_and_grids():
    x = mt.zeros(2, 3, 4)
    assert x.movedim(0, -1).shape == (3, 4, 2)
    assert mt.movedim(x, [0, 1], [2, 0]).shape == (3, 4, 2)
    assert x[0].broadcast_to([5, 3, 4]).shape == (5, 3, 4)
    assert [t.shape for t in mt.broadcast_tensors(mt.zeros(3, 1), mt.zeros(4))] == [(3, 4), (3, 4)]
    assert len(x.unbind(1)) == 3
    gx, gy = mt.meshgrid(mt.arange(2.0), mt.arange(3.0), indexing="xy")
    nx, ny = np.meshgrid(np.arange(2.0), np.arange(3.0), indexing="xy")
    assert np.array_equal(gx.numpy(), nx) and np.array_equal(gy.numpy(), ny)
    assert mt.meshgrid([mt.arange(2.0), mt.arange(3.0)])[0].shape == (2, 3)


def test_tile_repeat_interleave_and_pad():
    a = np.arange(6.0).reshape(2, 3)
    x = mt.tensor(a)
    assert np.array_equal(x.tile([2]).numpy(), np.tile(a, 2))
    assert np.array_equal(x.repeat_interleave(2, dim=1).numpy(), np.repeat(a, 2, axis=1))
    assert np.array_equal(mt.repeat_interleave(x, mt.tensor([1, 2]), dim=0).numpy(),
                          np.repeat(a, [1, 2], axis=0))
    assert np.array_equal(F.pad(x, (1, 2), mode="reflect").numpy(), np.pad(a, ((0, 0), (1, 2)), "reflect"))
    assert np.array_equal(F.pad(x, (1, 1, 1, 0), value=7.0).numpy(),
                          np.pad(a, ((1, 0), (1, 1)), constant_values=7.0))
