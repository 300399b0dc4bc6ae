"""The few numerical routines the study needs, in numpy alone (so the app and the offline bundle do
not carry scipy). Each is checked against scipy in the tests."""

from __future__ import annotations

import math

import numpy as np


def rankdata(values: np.ndarray) -> np.ndarray:
    """Ranks from 1, ties given their average rank (scipy's ``rankdata(method="average")``)."""
    values = np.asarray(values, dtype=float)
    _, inverse, counts = np.unique(values, return_inverse=True, return_counts=True)
    ends = np.cumsum(counts)
    return (ends - (counts - 1) / 2.0)[inverse]


def rankdata_rows(matrix: np.ndarray) -> np.ndarray:
    """Average ranks within each row of a matrix with short rows (pairwise comparison, O(L²) per row)."""
    m = np.asarray(matrix, dtype=float)
    less = (m[:, None, :] < m[:, :, None]).sum(axis=2)
    equal = (m[:, None, :] == m[:, :, None]).sum(axis=2)
    return less + (equal + 1) / 2.0


def zscore(values: np.ndarray) -> np.ndarray:
    values = np.asarray(values, dtype=float)
    sd = values.std()
    return (values - values.mean()) / sd if sd > 0 else np.zeros_like(values)


def pearson(a: np.ndarray, b: np.ndarray) -> float:
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if len(a) < 2 or np.ptp(a) == 0 or np.ptp(b) == 0:
        return math.nan
    ac, bc = a - a.mean(), b - b.mean()
    return float(np.clip((ac @ bc) / math.sqrt((ac @ ac) * (bc @ bc)), -1.0, 1.0))


def strict_inversions(values: np.ndarray) -> int:
    """Pairs i < j with values[i] > values[j], by a bottom-up merge sort in numpy (O(n log² n))."""
    _, ranks = np.unique(np.asarray(values), return_inverse=True)
    a = ranks.astype(np.int64).ravel()
    n = len(a)
    scale = int(a.max()) + 1 if n else 1
    index = np.arange(n)
    total, width = 0, 1
    while width < n:
        block = index // (2 * width)
        right = (index // width) % 2 == 1
        keys = block * scale + a
        left_keys = keys[~right]  # sorted: blocks in order, each left half sorted by the previous level
        rk, rb = keys[right], block[right]
        above = np.searchsorted(left_keys, (rb + 1) * scale, side="left") - np.searchsorted(left_keys, rk, side="right")
        total += int(above.sum())
        a = a[np.argsort(keys, kind="stable")]  # merge: each block sorted
        width *= 2
    return total


class InversionPlan:
    """The bottom-up merge of :func:`strict_inversions` for one sequence, prepared once, so that the
    weighted inversion count of many rows of multiplicities (bootstrap resamples) moves only weights:
    at every level, which elements are left and right halves and where each right element falls among
    its block's sorted left half."""

    def __init__(self, values: np.ndarray):
        _, ranks = np.unique(np.asarray(values), return_inverse=True)
        a = ranks.astype(np.int64).ravel()
        n = len(a)
        scale = int(a.max()) + 1 if n else 1
        index = np.arange(n)
        self.levels = []
        width = 1
        while width < n:
            block = index // (2 * width)
            right = (index // width) % 2 == 1
            keys = block * scale + a
            left_keys = keys[~right]
            rk, rb = keys[right], block[right]
            end = np.searchsorted(left_keys, (rb + 1) * scale, side="left")
            start = np.searchsorted(left_keys, rk, side="right")
            order = np.argsort(keys, kind="stable")
            self.levels.append((np.flatnonzero(~right), np.flatnonzero(right), end, start, order))
            a = a[order]
            width *= 2

    def count(self, weights: np.ndarray) -> np.ndarray:
        """Σ_{i<j, v_i > v_j} w_bi w_bj for every row b (whole-number weights, exact in integers)."""
        counts = np.rint(np.asarray(weights, dtype=float))
        small = counts.max(initial=0) < 2**15 and counts.sum(axis=1).max(initial=0) < 2**31 // 2**15
        # small whole numbers: int16 weights and int32 running sums move the least memory, exactly
        w = np.ascontiguousarray(counts.astype(np.int16 if small else np.int64).T)  # elements × rows
        running = np.int32 if small else np.int64
        total = np.zeros(w.shape[1], dtype=np.int64)
        for left, right, end, start, order in self.levels:
            cum = np.zeros((len(left) + 1, w.shape[1]), dtype=running)
            np.cumsum(w[left], axis=0, dtype=running, out=cum[1:])
            total += (w[right] * (cum[end] - cum[start])).sum(axis=0, dtype=np.int64)
            w = w[order]
        return total.astype(float)


def weighted_tie_pairs(weights: np.ndarray, *columns: np.ndarray) -> np.ndarray:
    """Pairs tied on every given column in the multiset where element i appears ``weights[b, i]`` times:
    Σ over groups of S(S − 1)/2 with S the group's total weight."""
    order = np.lexsort(columns[::-1])
    starts = np.r_[0, np.flatnonzero(np.any([np.diff(np.asarray(c)[order]) != 0 for c in columns], axis=0)) + 1]
    group = np.add.reduceat(np.asarray(weights, dtype=float)[:, order], starts, axis=1)
    return (group * (group - 1) / 2).sum(axis=1)


class WeightedKendall:
    """:func:`kendall_counts` of one (gold, metric) pair of vectors for many rows of multiplicities
    (bootstrap resamples), with everything that does not depend on the weights prepared once."""

    def __init__(self, gold: np.ndarray, metric: np.ndarray):
        self.g, self.m = np.asarray(gold, dtype=float), np.asarray(metric, dtype=float)
        self.order = np.lexsort((self.g, self.m))
        self.plan = InversionPlan(self.g[self.order])
        joint = np.lexsort((self.m, self.g))
        same = (np.diff(self.g[joint]) == 0) & (np.diff(self.m[joint]) == 0)
        self.joint, self.joint_starts = joint, np.r_[0, np.flatnonzero(~same) + 1]

    def counts(self, weights: np.ndarray, g_ties: np.ndarray, m_ties: np.ndarray) -> tuple[np.ndarray, ...]:
        w = np.asarray(weights, dtype=float)
        n = w.sum(axis=1)
        total = n * (n - 1) / 2
        group = np.add.reduceat(w[:, self.joint], self.joint_starts, axis=1)
        both = (group * (group - 1) / 2).sum(axis=1)
        m_only, g_only = m_ties - both, g_ties - both
        discordant = self.plan.count(w[:, self.order])
        return total - m_only - g_only - both - discordant, discordant, m_only, g_only, both


def weighted_kendall_counts(gold: np.ndarray, metric: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, ...]:
    """:func:`kendall_counts` for every row of multiplicities at once: (concordant, discordant, tied
    only in the metric, tied only in gold, tied in both), each a vector over the rows."""
    w = np.asarray(weights, dtype=float)
    return WeightedKendall(gold, metric).counts(w, weighted_tie_pairs(w, np.asarray(gold, dtype=float)),
                                                weighted_tie_pairs(w, np.asarray(metric, dtype=float)))


def tie_pairs(*columns: np.ndarray) -> int:
    """Pairs tied on every given column at once (sort, then count runs of equal rows)."""
    if len(columns[0]) < 2:
        return 0
    order = np.lexsort(columns[::-1])
    same = np.ones(len(order) - 1, dtype=bool)
    for col in columns:
        c = np.asarray(col)[order]
        same &= c[1:] == c[:-1]
    if not same.any():
        return 0
    edges = np.flatnonzero(np.diff(np.r_[0, same.astype(np.int8), 0]))
    runs = edges[1::2] - edges[::2] + 1  # a run of k equal neighbours is k + 1 equal values
    return int((runs * (runs - 1) // 2).sum())


def kendall_counts(gold: np.ndarray, metric: np.ndarray) -> tuple[int, int, int, int, int]:
    """Concordant, discordant, tied only in the metric, tied only in gold, tied in both — O(n log² n)."""
    g, m = np.asarray(gold, dtype=float), np.asarray(metric, dtype=float)
    n = len(g)
    total = n * (n - 1) // 2

    both = tie_pairs(g, m)
    m_only, g_only = tie_pairs(m) - both, tie_pairs(g) - both
    order = np.lexsort((g, m))  # by metric, then gold: pairs tied in either never count as inversions
    discordant = strict_inversions(g[order])
    concordant = total - m_only - g_only - both - discordant
    return concordant, discordant, m_only, g_only, both


def nnls(a: np.ndarray, b: np.ndarray, max_iter: int | None = None) -> np.ndarray:
    """Non-negative least squares, min ‖Ax − b‖ with x ≥ 0 (Lawson & Hanson 1974, active set)."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    rows, cols = a.shape
    passive = np.zeros(cols, dtype=bool)
    x = np.zeros(cols)
    tol = 10 * np.finfo(float).eps * np.abs(a).sum(axis=0).max() * max(rows, cols)
    w = a.T @ (b - a @ x)
    iterations, limit = 0, max_iter or 3 * cols
    while (~passive).any() and np.where(passive, -np.inf, w).max() > tol and iterations < limit:
        passive[int(np.argmax(np.where(passive, -np.inf, w)))] = True
        while True:
            iterations += 1
            s = np.zeros(cols)
            s[passive] = np.linalg.lstsq(a[:, passive], b, rcond=None)[0]
            if s[passive].min() > tol or iterations >= limit:
                break
            shrink = passive & (s <= tol)
            alpha = np.min(x[shrink] / (x[shrink] - s[shrink]))
            x = x + alpha * (s - x)
            passive &= x > tol
        x = s
        w = a.T @ (b - a @ x)
    return np.maximum(x, 0.0)


def regularized_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b) (scipy's ``special.betainc``), by its continued
    fraction, evaluated where it converges fast (the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) elsewhere)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz evaluation)."""
    tiny = 1e-300

    def kept(v: float) -> float:
        return v if abs(v) > tiny else tiny

    c, d = 1.0, 1.0 / kept(1.0 - (a + b) * x / (a + 1.0))
    h = d
    for m in range(1, 10_000):
        for term in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                     -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 / kept(1.0 + term * d)
            c = kept(1.0 + term / c)
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def paired_t_pvalue(a: np.ndarray, b: np.ndarray) -> float:
    """The two-sided p-value of the paired t-test (scipy's ``stats.ttest_rel(a, b).pvalue``): NaN when the
    differences are all equal to zero, 0 when they are all equal to something else."""
    d = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    n = len(d)
    if n < 2:
        return math.nan
    with np.errstate(invalid="ignore", divide="ignore"):
        t = float(np.float64(d.mean()) / np.float64(d.std(ddof=1) / math.sqrt(n)))
    if math.isnan(t):
        return math.nan
    df = n - 1.0
    return regularized_beta(df / 2.0, 0.5, df / (df + t * t)) if math.isfinite(t) else 0.0
