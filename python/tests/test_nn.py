"""miniaten.nn and miniaten.optim: each layer's forward and backward against PyTorch's with the
same weights, optimizer steps against torch.optim on the same parameters and gradients, state
round trips (module, optimizer, generator) through a file, and a resumed training run that
continues bit for bit."""
import numpy as np
import pytest

import miniaten as mt
from miniaten import nn, optim

torch = pytest.importorskip("torch")


def as_torch(t):
    return torch.from_numpy(np.array(t.detach()))


def close(m, t, tol=1e-5):
    np.testing.assert_allclose(np.asarray(m.detach()), t.detach().numpy(), rtol=tol, atol=tol)


def torch_twin(layer, torch_layer):
    """torch_layer with layer's parameters and buffers copied in."""
    with torch.no_grad():
        for name, t in list(layer.named_parameters()) + list(layer.named_buffers()):
            getattr(torch_layer, name).copy_(as_torch(t))
    return torch_layer


@pytest.mark.parametrize("make, make_torch, shape", [
    (lambda: nn.Linear(5, 3), lambda: torch.nn.Linear(5, 3), (4, 5)),
    (lambda: nn.Linear(5, 3, bias=False), lambda: torch.nn.Linear(5, 3, bias=False), (2, 4, 5)),
    (lambda: nn.Conv2d(2, 3, 3, stride=2, padding=1), lambda: torch.nn.Conv2d(2, 3, 3, 2, 1),
     (2, 2, 7, 6)),
    (lambda: nn.BatchNorm2d(3), lambda: torch.nn.BatchNorm2d(3), (4, 3, 5, 5)),
    (lambda: nn.LayerNorm([4, 5]), lambda: torch.nn.LayerNorm([4, 5]), (3, 4, 5)),
    (lambda: nn.MaxPool2d(2), lambda: torch.nn.MaxPool2d(2), (2, 3, 6, 6)),
    (lambda: nn.Flatten(), lambda: torch.nn.Flatten(), (2, 3, 4)),
    (lambda: nn.ReLU(), lambda: torch.nn.ReLU(), (3, 4)),
])
def test_layer_forward_and_backward_match_pytorch(make, make_torch, shape):
    mt.manual_seed(7)
    layer = make()
    twin = torch_twin(layer, make_torch())
    x = mt.randn(*shape, requires_grad=True)
    tx = as_torch(x).requires_grad_(True)
    y, ty = layer(x), twin(tx)
    close(y, ty)
    w = mt.randn(*y.shape)
    (y * w).sum().backward()
    (ty * as_torch(w)).sum().backward()
    close(x.grad, tx.grad, 1e-4)
    for name, p in layer.named_parameters():
        close(p.grad, getattr(twin, name).grad, 1e-4)
    for name, b in layer.named_buffers():  # BatchNorm's running statistics
        close(b, getattr(twin, name))


def test_embedding_and_dropout():
    mt.manual_seed(3)
    emb = nn.Embedding(10, 4, padding_idx=0)
    assert (emb.weight[0] == 0).all().item()
    idx = mt.tensor([[1, 0, 9]])
    close(emb(idx), torch.nn.functional.embedding(as_torch(idx), as_torch(emb.weight)))
    drop = nn.Dropout(0.25)
    x = mt.ones(1000)
    y = drop(x)
    kept = (y != 0).sum().item()
    assert 650 < kept < 850 and mt.allclose(y[y != 0], mt.full([kept], 1 / 0.75))
    drop.eval()
    assert mt.equal(drop(x), x)


def test_module_tree_names_modes_and_state():
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(nn.Conv2d(1, 2, 3), nn.BatchNorm2d(2), nn.ReLU())
            self.head = nn.Linear(2, 3)
            self.register_parameter("scale", mt.ones(1))

        def forward(self, x):
            return self.head(self.body(x).mean([2, 3])) * self.scale

    net = Net()
    names = [n for n, _ in net.named_parameters()]
    assert names == ["scale", "body.0.weight", "body.0.bias", "body.1.weight", "body.1.bias",
                     "head.weight", "head.bias"]
    assert [n for n, _ in net.named_buffers()] == [
        "body.1.running_mean", "body.1.running_var", "body.1.num_batches_tracked"]
    net.eval()
    assert not net.training and not net.body[1].training
    net.train()
    assert net.body[1].training
    assert net(mt.randn(2, 1, 5, 5)).shape == (2, 3)
    state = net.state_dict()
    assert list(state)[:2] == ["scale", "body.0.weight"] and "body.1.running_var" in state


def test_load_state_dict_checks_before_copying():
    a, b = nn.Linear(3, 2), nn.Linear(3, 2)
    before = b.weight.clone()
    bad = a.state_dict()
    bad["bias"] = mt.zeros(5)
    with pytest.raises(RuntimeError, match="'bias' has shape"):
        b.load_state_dict(bad)
    assert mt.equal(b.weight, before)  # nothing copied
    with pytest.raises(RuntimeError, match="missing keys"):
        b.load_state_dict({"weight": a.weight})
    b.load_state_dict(a.state_dict())
    assert mt.equal(b.weight, a.weight) and mt.equal(b.bias, a.bias)


def test_bad_layer_arguments_raise():
    with pytest.raises(Exception, match="out_features|negative|size"):
        nn.Linear(3, -1)
    with pytest.raises(TypeError):
        nn.Linear(3, 2, generator=5)


def step_both(make, make_torch, steps=3):
    mt.manual_seed(11)
    p = mt.randn(4, 3, requires_grad=True)
    tp = as_torch(p).requires_grad_(True)
    opt, topt = make([p]), make_torch([tp])
    for k in range(steps):
        g = mt.randn(4, 3)
        p.grad = g
        tp.grad = as_torch(g)
        opt.step()
        topt.step()
        close(p, tp, 1e-6)


@pytest.mark.parametrize("make, make_torch", [
    (lambda ps: optim.SGD(ps, lr=0.1), lambda ps: torch.optim.SGD(ps, lr=0.1)),
    (lambda ps: optim.SGD(ps, lr=0.1, momentum=0.9, weight_decay=0.01, nesterov=True),
     lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.9, weight_decay=0.01, nesterov=True)),
    (lambda ps: optim.SGD(ps, lr=0.1, momentum=0.5, dampening=0.1),
     lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.5, dampening=0.1)),
    (lambda ps: optim.Adam(ps, lr=0.01, weight_decay=0.1),
     lambda ps: torch.optim.Adam(ps, lr=0.01, weight_decay=0.1)),
    (lambda ps: optim.Adam(ps, lr=0.01, amsgrad=True),
     lambda ps: torch.optim.Adam(ps, lr=0.01, amsgrad=True)),
    (lambda ps: optim.AdamW(ps, lr=0.01), lambda ps: torch.optim.AdamW(ps, lr=0.01)),
])
def test_optimizer_steps_match_torch_optim(make, make_torch):
    step_both(make, make_torch)


def test_optimizer_errors():
    with pytest.raises(ValueError, match="empty parameter list"):
        optim.SGD([], lr=0.1)
    with pytest.raises(TypeError, match="not a miniaten.Tensor"):
        optim.SGD([1.0], lr=0.1)
    p = mt.zeros(2, requires_grad=True)
    opt = optim.Adam([p])
    with pytest.raises(Exception):
        opt.load_state_dict({"state.0.exp_avg": mt.zeros(5)})


def make_run(gen):
    model = nn.Sequential(nn.Linear(6, 8, generator=gen), nn.ReLU(), nn.Dropout(0.1, generator=gen),
                          nn.Linear(8, 3, generator=gen))
    return model, optim.Adam(model.parameters(), lr=0.01)


def train_steps(model, opt, gen, steps):
    losses = []
    for _ in range(steps):
        x = mt.randn(5, 6, generator=gen)
        y = mt.randint(0, 3, (5,), generator=gen)
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return losses


def test_training_resumes_bit_for_bit_from_files(tmp_path):
    gen = mt.Generator()
    gen.manual_seed(5)
    model, opt = make_run(gen)
    first = train_steps(model, opt, gen, 3)
    assert first[-1] < first[0] or len(set(first)) == 3
    mt.save({**model.state_dict(), "@generator": gen.get_state()}, tmp_path / "model.bin")
    mt.save(opt.state_dict(), tmp_path / "opt.bin")
    expected = train_steps(model, opt, gen, 4)

    gen2 = mt.Generator()
    gen2.manual_seed(99)  # a different stream until the saved state is loaded
    model2, opt2 = make_run(gen2)
    saved = mt.load(tmp_path / "model.bin")
    gen2.set_state(saved.pop("@generator"))
    model2.load_state_dict(saved)
    opt2.load_state_dict(mt.load(tmp_path / "opt.bin"))
    assert train_steps(model2, opt2, gen2, 4) == expected


def test_three_epochs_learn_and_repeat():
    def run():
        gen = mt.Generator()
        gen.manual_seed(1)
        x = mt.randn(64, 6, generator=gen)
        y = (x[:, 0] > 0).to(mt.int64)
        model = nn.Sequential(nn.Linear(6, 16, generator=gen), nn.ReLU(), nn.Linear(16, 2, generator=gen))
        opt = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        losses = []
        for _ in range(3):
            for b in range(0, 64, 16):
                opt.zero_grad()
                loss = nn.functional.cross_entropy(model(x[b:b + 16]), y[b:b + 16])
                loss.backward()
                opt.step()
            losses.append(loss.item())
        return losses
    first = run()
    assert first[-1] < first[0]
    assert run() == first
