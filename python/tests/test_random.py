"""miniaten.manual_seed and miniaten.Generator."""
import pytest

import miniaten as mt


def test_manual_seed_reproduces_a_sequence():
    mt.manual_seed(7)
    a = mt.rand(5)
    mt.manual_seed(7)
    assert mt.equal(mt.rand(5), a)


def test_generator_state_round_trips():
    g = mt.Generator()
    g.manual_seed(3)
    assert g.initial_seed() == 3
    state = g.get_state()
    first = mt.randn(4, generator=g)
    g.set_state(state)
    assert mt.equal(mt.randn(4, generator=g), first)
    other = mt.Generator().manual_seed(3)
    assert mt.equal(mt.randn(4, generator=other), first)
    with pytest.raises(RuntimeError):
        g.set_state(mt.zeros(3, dtype=mt.uint8))


def test_sampling_ops_take_generators_and_keywords():
    g = mt.Generator().manual_seed(1)
    t = mt.empty(1000).uniform_(-1, 1, generator=g)
    assert -1 <= t.min().item() and t.max().item() < 1
    assert mt.randint(0, 5, (100,), generator=g).max().item() <= 4
    assert sorted(mt.randperm(6, generator=g).tolist()) == list(range(6))
