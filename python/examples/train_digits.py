"""Trains two classifiers on scikit-learn's handwritten digits (1,797 8 x 8 images of 0-9, from
Debian's python3-sklearn) with miniaten.nn and miniaten.optim: an MLP on the 64 pixels, and a small
CNN on the images as [N, 1, 8, 8]. Prints one line per epoch (mean training loss, train and test
accuracy, time) and the CNN's confusion matrix on the test set. The same models, seeds and
hyperparameters as examples/train_digits.cpp; everything is seeded, so a run prints the same
numbers every time at a given thread count.

    PYTHONPATH=build/python python3 python/examples/train_digits.py [path/to/digits.csv.gz]
"""
import gzip
import sys
import time

import miniaten as m
from miniaten import nn, optim

DIGITS = "/usr/lib/python3/dist-packages/sklearn/datasets/data/digits.csv.gz"
PIXELS, CLASSES = 64, 10


def load_digits(path):
    """digits.csv.gz: one image a line, 64 integers 0-16 then the label, no header."""
    try:
        with gzip.open(path, "rt") as f:
            rows = [line.split(",") for line in f if line.strip()]
    except FileNotFoundError:
        sys.exit(f"train_digits: cannot open {path}; it comes with Debian's scikit-learn: "
                 "apt-get install python3-sklearn")
    for i, row in enumerate(rows, 1):
        if len(row) != PIXELS + 1 or not 0 <= int(row[-1]) < CLASSES:
            sys.exit(f"train_digits: {path}:{i}: expected 64 pixels and a label 0-9")
    images = m.tensor([[int(v) / 16.0 for v in row[:PIXELS]] for row in rows], dtype=m.float32)
    labels = m.tensor([int(row[-1]) for row in rows], dtype=m.int64)
    return images, labels


def accuracy(model, images, labels, reshape):
    with m.no_grad():
        model.eval()
        predicted = model(reshape(images)).argmax(1)
        model.train()
    return (predicted == labels).sum().item() / labels.shape[0]


def train(name, model, optimizer, train_set, test_set, epochs, batch, gen, reshape):
    images, labels = train_set
    n = labels.shape[0]
    for epoch in range(1, epochs + 1):
        start = time.perf_counter()
        order = m.randperm(n, generator=gen)
        total, batches = 0.0, 0
        for b in range(0, n, batch):
            index = order.narrow(0, b, min(batch, n - b))
            x, y = images.index_select(0, index), labels.index_select(0, index)
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(model(reshape(x)), y)
            loss.backward()
            optimizer.step()
            total += loss.item()
            batches += 1
        train_acc = accuracy(model, *train_set, reshape)
        test_acc = accuracy(model, *test_set, reshape)
        print(f"{name} epoch {epoch:2d}  loss {total / batches:.4f}  train {100 * train_acc:6.2f}%  "
              f"test {100 * test_acc:6.2f}%  {time.perf_counter() - start:.2f} s")


def print_confusion(model, images, labels, reshape):
    with m.no_grad():
        model.eval()
        predicted = model(reshape(images)).argmax(1).tolist()
    counts = [[0] * CLASSES for _ in range(CLASSES)]
    for t, p in zip(labels.tolist(), predicted):
        counts[t][p] += 1
    print("confusion matrix (rows: true digit, columns: predicted)")
    print("     " + "".join(f"{c:4d}" for c in range(CLASSES)))
    for r in range(CLASSES):
        print(f"  {r}: " + "".join(f"{v:4d}" for v in counts[r]))


def main():
    start = time.perf_counter()
    images, labels = load_digits(sys.argv[1] if len(sys.argv) > 1 else DIGITS)
    # 80/20, the same split in every run.
    gen = m.Generator()
    gen.manual_seed(2024)
    order = m.randperm(labels.shape[0], generator=gen)
    n_test = labels.shape[0] // 5
    test_index, train_index = order.narrow(0, 0, n_test), order.narrow(0, n_test, labels.shape[0] - n_test)
    test_set = (images.index_select(0, test_index), labels.index_select(0, test_index))
    train_set = (images.index_select(0, train_index), labels.index_select(0, train_index))
    print(f"digits: {train_index.shape[0]} training and {n_test} test images, "
          f"{m.get_num_threads()} threads")

    def flat(x):
        return x

    mlp = nn.Sequential(nn.Linear(PIXELS, 128, generator=gen), nn.ReLU(),
                        nn.Linear(128, CLASSES, generator=gen))
    train("mlp", mlp, optim.SGD(mlp.parameters(), lr=0.05, momentum=0.9), train_set, test_set,
          epochs=10, batch=32, gen=gen, reshape=flat)

    def image(x):
        return x.reshape(-1, 1, 8, 8)

    cnn = nn.Sequential(nn.Conv2d(1, 16, 3, padding=1, generator=gen), nn.BatchNorm2d(16),
                        nn.ReLU(), nn.MaxPool2d(2),  # 16 x 4 x 4
                        nn.Conv2d(16, 32, 3, padding=1, generator=gen), nn.BatchNorm2d(32),
                        nn.ReLU(), nn.MaxPool2d(2),  # 32 x 2 x 2
                        nn.Flatten(), nn.Dropout(0.2, generator=gen),
                        nn.Linear(32 * 2 * 2, CLASSES, generator=gen))
    train("cnn", cnn, optim.AdamW(cnn.parameters(), lr=3e-3), train_set, test_set, epochs=15,
          batch=32, gen=gen, reshape=image)

    print_confusion(cnn, *test_set, image)
    print(f"cnn test accuracy {100 * accuracy(cnn, *test_set, image):.2f}%, "
          f"total {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
