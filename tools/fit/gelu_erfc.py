#!/usr/bin/env python3
"""Fits the polynomials of the float gelu kernel (aten/native/cpu/GeluMath.h) and prints them.

For a = |x|, the kernel computes E(a) = Phi(-a) = 0.5 * erfc(a / sqrt(2)) as

    E(a) = R(a) * exp(-a^2 / 2),   R(a) = N(a) / D(a),  deg N = M, deg D = M + 1.

R(a) = 0.5 * erfcx(a / sqrt(2)) is smooth, decreasing from 0.5 and ~ 1 / (a sqrt(2 pi)) as a
grows, which the extra degree of D gives. The fit is over a in [0, A_MAX] (the kernel clamps a
there: E underflows to 0 in float from a ~ 14.1 on). It minimises the maximum relative error
by linearised least squares (N - f D, scaled by the previous D: Loeb's iteration) with Lawson's
reweighting towards the largest errors.

The kernel evaluates D as k a N + M (M of degree M too), which makes N's rounding errors cancel
for large a. So k = D's leading coefficient / N's is taken from that first fit, rounded to
float, and N and M are fitted again with k fixed (still linear: N (1 - f k a) - f M = 0), with
N(0) = C / 2 and M(0) = C (R(0) = 0.5 exactly), then rounded to float one coefficient at a time
(highest degree first), refitting the others to absorb each rounding. Last, R is evaluated as
the kernel evaluates it (Horner's rule with fused multiply-adds in float, then one division)
over every 97th float in range, and the maximum error printed in ULPs.

Also fitted: the kernel's exp(f) polynomial for |f| <= ln 2 / 2, the same way (c0 = 1).

Needs numpy (Debian: apt-get install python3-numpy; run with /usr/bin/python3). Not used by the
build. Usage: python3 tools/fit/gelu_erfc.py [M [C]]  (defaults 4, 1.75; takes ~10 s)
"""
import math
import sys

import numpy as np

M = 4
C = 1.75
A_MAX = 16.0


def target(a):
    # 0.5 * erfc(a / sqrt(2)) * exp(a^2 / 2) in double: erfc's relative error is ~1 ulp and
    # a^2 / 2 <= 128 costs ~1e-14 in exp, far below the float fit.
    return np.array([0.5 * math.erfc(x / math.sqrt(2.0)) * math.exp(x * x / 2.0) for x in a])


def grid(a_max, points):
    c = np.cos(np.linspace(math.pi, 0.0, points))
    return a_max * (c + 1.0) / 2.0  # Chebyshev points of [0, a_max], ends included


def fit_nd(m, a_max=A_MAX, iters=60, points=6000):
    # R = N / D, N(0) = 0.5, D(0) = 1, deg D = m + 1: linear in the unknowns once multiplied out
    # (N - f D = 0), each row scaled by 1 / (f D_previous) (Loeb), weights by Lawson.
    a = grid(a_max, points)
    f = target(a)
    V = np.vander(a, m + 2, increasing=True)
    A = np.hstack([V[:, 1:m + 1], -f[:, None] * V[:, 1:m + 2]])
    return lawson(A, f - 0.5, f, lambda sol: (np.concatenate([[0.5], sol[:m]]),
                                              np.concatenate([[1.0], sol[m:]])), V, iters)


def lawson(A, b, f, unpack, V, iters, fixed=None):
    fixed = fixed or {}
    b = b - sum((A[:, col] * v for col, v in fixed.items()), np.zeros(len(f)))
    free = [i for i in range(A.shape[1]) if i not in fixed]
    d_prev = np.ones(len(f))
    w = np.ones(len(f))
    best = None
    for it in range(iters):
        s = np.sqrt(w) / (f * d_prev)
        sol = np.zeros(A.shape[1])
        if free:
            sol[free], *_ = np.linalg.lstsq(A[:, free] * s[:, None], b * s, rcond=None)
        for col, v in fixed.items():
            sol[col] = v
        num, den = unpack(sol)
        n_val = V[:, :len(num)] @ num
        d_val = den(n_val) if callable(den) else V[:, :len(den)] @ den
        err = np.abs(n_val / d_val - f) / f
        if best is None or err.max() < best[0]:
            best = (err.max(), num, den, sol)
        d_prev = np.abs(d_val)
        if it >= 5:
            w = w * err
            w /= w.sum()
    return best


def fit_kernel(m, k, c, a_max=A_MAX, iters=60, points=6000, fixed=None):
    # The kernel's form: R = N / (k a N + M), N(0) = c / 2, M(0) = c, k given; deg N = deg M = m.
    # N (1 - f k a) - f M = 0 is linear in N's and M's coefficients.
    a = grid(a_max, points)
    f = target(a)
    V = np.vander(a, m + 1, increasing=True)
    A = np.hstack([V[:, 1:] * (1.0 - f * k * a)[:, None], -f[:, None] * V[:, 1:]])
    b = -(c / 2) * (1.0 - f * k * a) + f * c

    def unpack(sol):
        n = np.concatenate([[c / 2], sol[:m]])
        mm = np.concatenate([[c], sol[m:]])
        return n, lambda n_val: k * a * n_val + V @ mm

    e, n, _, sol = lawson(A, b, f, unpack, V, iters, fixed)
    return e, n, np.concatenate([[c], sol[m:]])


def fit_rounded(m, k, c):
    # Rounds the coefficients to float one at a time, highest degree first (they weigh most at
    # large a), refitting the others each time to absorb the rounding.
    fixed = {}
    for deg in range(m, 0, -1):
        for col in (deg - 1, m + deg - 1):
            _, n, mm = fit_kernel(m, k, c, fixed=fixed)
            v = n[deg] if col < m else mm[deg]
            fixed[col] = float(np.float32(v))
    return fit_kernel(m, k, c, fixed=fixed)


def kernel_error(n, mm, k, a_max=A_MAX):
    # R(a) in float as the kernel computes it (Horner's rule with fused multiply-adds, k * a,
    # D = fma(k a, N, M), N / D), over every 97th float in [0, a_max], against the exact R, in
    # ULPs of R. Returns the max and where.
    f32 = np.float32
    bits = np.arange(0, np.float32(a_max).view(np.uint32) + 1, 97, dtype=np.uint32)
    a = bits.view(f32).astype(np.float64)

    def rnd(v):
        return v.astype(f32).astype(np.float64)

    def horner(coef):
        r = np.full_like(a, float(f32(coef[-1])))
        for ci in coef[-2::-1]:
            r = rnd(r * a + float(f32(ci)))  # one rounding: fma
        return r

    nv = horner(n)
    d = rnd(rnd(a * float(f32(k))) * nv + horner(mm))
    r = rnd(nv / d)
    want = target(a)
    ulp = np.ldexp(1.0, np.floor(np.log2(want)).astype(int) - 23)
    err = np.abs(r - want) / ulp
    return float(err.max()), float(a[np.argmax(err)])


def fit_exp(deg=6, iters=80, points=4000):
    # exp(f) = 1 + c1 f + ... + c_deg f^deg on |f| <= ln 2 / 2 (a hair wider: k ln 2 + f
    # rounds), relative minimax (Lawson), c0 = 1; coefficients rounded to float from the highest
    # degree down, refitting the rest each time. Returns the coefficients and the max relative
    # error of Horner's rule in float over the interval.
    half = math.log(2.0) / 2 * 1.002
    f = half * np.cos(np.linspace(math.pi, 0.0, points))
    y = np.exp(f)
    V = np.vander(f, deg + 1, increasing=True)

    def solve(fixed):
        free = [i for i in range(1, deg + 1) if i not in fixed]
        b = y - 1.0 - sum((V[:, i] * v for i, v in fixed.items()), np.zeros(points))
        w = np.ones(points)
        best = None
        for _ in range(iters):
            s = np.sqrt(w) / y
            sol, *_ = np.linalg.lstsq(V[:, free] * s[:, None], b * s, rcond=None)
            coef = np.zeros(deg + 1)
            coef[0] = 1.0
            for i, v in fixed.items():
                coef[i] = v
            coef[free] = sol
            err = np.abs(V @ coef - y) / y
            if best is None or err.max() < best[0]:
                best = (err.max(), coef)
            w = w * err
            w /= w.sum()
        return best

    fixed = {}
    for i in range(deg, 0, -1):
        _, coef = solve(fixed)
        fixed[i] = float(np.float32(coef[i]))
    coef = np.array([1.0] + [fixed[i] for i in range(1, deg + 1)])
    f32 = f.astype(np.float32).astype(np.float64)
    p = np.full_like(f32, coef[-1])
    for c in coef[-2::-1]:
        p = (p * f32 + c).astype(np.float32).astype(np.float64)
    return coef, float(np.max(np.abs(p - np.exp(f32)) / np.exp(f32)))


def main():
    m = int(sys.argv[1]) if len(sys.argv) > 1 else M
    c = float(sys.argv[2]) if len(sys.argv) > 2 else C
    e, n, d, _ = fit_nd(m)
    k = float(np.float32(d[-1] / n[-1]))
    e_k, _, _ = fit_kernel(m, k, c)
    e_r, n, mm = fit_rounded(m, k, c)
    e32, at = kernel_error(n, mm, k)
    print(f"R = N / D, deg N = {m}, deg D = {m + 1}, a in [0, {A_MAX}]")
    print(f"max relative error: {e:.3e}; as N / (k a N + M) with float k = {k!r}: {e_k:.3e}, "
          f"{e_r:.3e} with float coefficients")
    print(f"computed in float as the kernel does: max {e32:.2f} ULP at a = {at:.4g}")
    for name, coef in (("N", n), ("M", mm)):
        print(f"{name}: " + ", ".join(f"{float(np.float32(ci))!r}f" for ci in coef))
    coef, e_exp = fit_exp()
    print(f"exp(f), |f| <= ln 2 / 2, degree {len(coef) - 1}: max relative error {e_exp:.3e} "
          f"(float coefficients and arithmetic)")
    print("exp: " + ", ".join(f"{float(np.float32(ci))!r}f" for ci in coef))


if __name__ == "__main__":
    main()
