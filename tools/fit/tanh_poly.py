#!/usr/bin/env python3
"""Fits the polynomial of the float tanh kernel's small-argument branch (aten/cpu/vec/VecMath.h,
tanh_of) and prints it.

Below |x| = 0.625 the kernel computes tanh(x) = x (1 + s P(s)), s = x^2, P of degree 5.
P(s) = (tanh(sqrt(s)) - sqrt(s)) / s^(3/2) is analytic on [0, 0.625^2] (tanh's nearest poles
are at s = -(pi/2)^2), so interpolation at Chebyshev nodes is within a few percent of the
minimax error. The linear system is solved in exact rationals (its Vandermonde matrix is
ill-conditioned in floats); the coefficients are then rounded to float and the relative error
of x (1 + s P(s)) against math.tanh printed. Pure Python: python3 tools/fit/tanh_poly.py
"""

import math
import struct
from fractions import Fraction

DEGREE = 5
LIMIT = 0.625  # the kernel's switch to (1 - e^-2|x|) / (1 + e^-2|x|)


def to_float32(x: float) -> float:
    return struct.unpack("f", struct.pack("f", x))[0]


def solve(matrix: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction]:
    n = len(rhs)
    rows = [row[:] + [rhs[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                k = rows[r][col] / rows[col][col]
                rows[r] = [a - k * b for a, b in zip(rows[r], rows[col])]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def p_exact(s: float) -> float:
    if s < 1e-6:  # the series: the quotient below cancels there
        return -1 / 3 + 2 / 15 * s - 17 / 315 * s * s
    x = math.sqrt(s)
    return (math.tanh(x) - x) / x**3


def main() -> None:
    top = LIMIT * LIMIT
    nodes = [top / 2 * (1 + math.cos(math.pi * (2 * k + 1) / (2 * (DEGREE + 1))))
             for k in range(DEGREE + 1)]
    matrix = [[Fraction(s) ** j for j in range(DEGREE + 1)] for s in nodes]
    coefs = [to_float32(float(c)) for c in solve(matrix, [Fraction(p_exact(s)) for s in nodes])]
    worst = 0.0
    for i in range(1, 20001):
        x = LIMIT * i / 20000
        s = x * x
        approx = x * (1 + s * sum(c * s**j for j, c in enumerate(coefs)))
        worst = max(worst, abs(approx / math.tanh(x) - 1))
    print("P, constant term first:", ", ".join(f"{c.hex()} ({c!r})" for c in coefs))
    print(f"max relative error: {worst:.3g} ({worst / 2**-24:.3f} x 2^-24)")


if __name__ == "__main__":
    main()
