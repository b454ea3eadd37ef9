"""The one mean and 95 % half-width (Student's t, 1.96 for many samples) of sample values,
for every estimator: running (optionally weighted) sums per card, or a plain list."""

from __future__ import annotations

import math

import numpy as np

Z95 = 1.96


class Sums:
    """Running weighted sums of ``k`` values a sample; with unit weights the effective
    sample size is the count. The cross products are kept because the values of one
    sample are correlated: a gap between two of them is paired sample by sample."""

    def __init__(self, k: int):
        self.n = 0
        self.w = self.w2 = 0.0
        self.s = np.zeros(k)
        self.sx = np.zeros((k, k))

    def add(self, vals, weight: float = 1.0) -> None:
        v = np.asarray(vals, dtype=float)
        self.n += 1
        self.w += weight
        self.w2 += weight * weight
        self.s += weight * v
        self.sx += weight * np.outer(v, v)

    @property
    def ss(self) -> np.ndarray:
        """The weighted sums of squares (the cross products' diagonal)."""
        return np.diagonal(self.sx)

    def n_eff(self) -> float:
        return self.w * self.w / self.w2 if self.w2 else 0.0

    def means(self) -> np.ndarray:
        return self.s / self.w if self.w else np.zeros_like(self.s)

    def half_widths(self) -> np.ndarray:
        """Half-widths of the 95 % intervals of the means (needs an effective size over 1)."""
        n = self.n_eff()
        return half_width(self.means(), self.ss / self.w, n)

    def gap_half_widths(self, j: int) -> np.ndarray:
        """Half-widths of the 95 % intervals of value ``j`` less each value, paired sample
        by sample (0 for ``j`` itself; needs an effective size over 1)."""
        m = self.means()
        gap_sq = (self.ss[j] + self.ss - 2.0 * self.sx[j]) / self.w
        return half_width(m[j] - m, gap_sq, self.n_eff())

    def errors(self, bound: float, unanimous: bool = False) -> np.ndarray:
        """The half-widths, none wider than ``bound`` (the widest a value can stray), and
        ``bound`` itself below an effective size of two: an estimate always has one.
        ``unanimous``: a value every sample gave alike (no spread to measure, Student's t
        says 0) is given the half-width no n samples alike can rule out, unanimous(n) of
        ``bound``: a chance of winning whose two samples were both won (1 and 1) is not
        1 ± 0."""
        n = self.n_eff()
        if n <= 1.0 + 1e-9:
            return np.full(len(self.s), float(bound))
        h = self.half_widths()
        if unanimous:
            m = self.means()
            alike = self.ss / self.w - m * m <= 1e-12 * max(float(bound), 1.0) ** 2
            h = np.where(alike, np.maximum(h, unanimous_share(n) * bound), h)
        return np.minimum(h, bound)

    def gap_errors(self, j: int, bound: float) -> np.ndarray:
        """``errors`` for value ``j`` less each value (a gap strays up to twice ``bound``)."""
        if self.n_eff() <= 1.0 + 1e-9:
            return np.full(len(self.s), 2.0 * bound)
        return np.minimum(self.gap_half_widths(j), 2.0 * bound)


def unanimous_share(n: float) -> float:
    """The share of a value's range that ``n`` samples all alike leave open at 95 %: a value
    whose every sample is v may have a mean as far off as a two-valued one whose other
    value none of the n drew (each came out v with chance at least 0.025^(1/n))."""
    return 1.0 - 0.025 ** (1.0 / n)


def t95(df: float) -> float:
    """The two-sided 95 % quantile of Student's t with ``df`` degrees of freedom (> 0): a
    mean of few samples, whose variance is itself estimated, needs more than 1.96
    standard errors (10 samples: 2.26). Below 3 from the table, above by the
    Cornish-Fisher expansion (within 0.7 % of the exact quantile at 3, closer above)."""
    z = Z95
    d = max(float(df), 1.0)
    if d < 3:
        return 12.706 if d < 2 else 4.303
    return (
        z
        + (z**3 + z) / (4 * d)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * d * d)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * d**3)
    )


def half_width(mean, mean_sq, n):
    """Half-width of the 95 % interval of a mean from the mean of the squares and the
    (effective) sample size ``n`` > 1, with the unbiased variance and Student's t."""
    var = np.maximum(mean_sq - mean * mean, 0.0) * n / (n - 1)
    return t95(n - 1) * np.sqrt(var / n)


def mean_error(xs) -> tuple[float, float | None]:
    """Mean and 95 % half-width of a list of values (two passes; None for one value)."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, None
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, t95(n - 1) * math.sqrt(var / n)
