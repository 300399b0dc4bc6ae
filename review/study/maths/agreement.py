"""Krippendorff's alpha from value counts per unit (Krippendorff 2011, "Computing Krippendorff's
Alpha-Reliability"), with bootstrap intervals over units computed for all resamples at once.

For a unit u with m_u ≥ 2 pairable values and value counts N_u, its coincidences are
(N_u N_uᵀ − diag N_u) / (m_u − 1); their sum O has margins n_c = Σ_u N_uc, and
α = 1 − (n − 1) D_o / D_e with D_o = Σ o_ck δ²_ck and D_e = Σ n_c n_k δ²_ck.
The interval δ² is (v_c − v_k)²; the ordinal δ_ck = Σ_{g=c}^{k} n_g − (n_c + n_k)/2 equals p_k − p_c with
p_c = Σ_{g≤c} n_g − n_c/2, so both are "interval on positions p" and D_o = 2 Σ n_c p_c² − 2 pᵀOp, where
pᵀOp = Σ_u w_u ((N_u·p)² − N_u·p²). A resample only reweights units, so every resample is a few
matrix products over (units × values). Equal to the ``krippendorff`` package (tested).
"""

from __future__ import annotations

import math

import numpy as np

from scoring.stats import percentile_interval, resample_counts

LEVELS = ("nominal", "ordinal", "interval", "ratio")


def value_counts(reliability: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(pairable units × V) counts of each distinct value, and the sorted distinct values.
    ``reliability`` is raters × units with NaN where a rater gave no value."""
    data = np.asarray(reliability, dtype=float)
    values = np.unique(data[np.isfinite(data)])
    counts = np.zeros((data.shape[1], len(values)))
    rows, cols = np.nonzero(np.isfinite(data))
    np.add.at(counts, (cols, np.searchsorted(values, data[rows, cols])), 1.0)
    return counts[counts.sum(axis=1) >= 2], values


def _ratio(weights: np.ndarray, counts: np.ndarray, values: np.ndarray) -> np.ndarray:
    """The ratio level, δ² = ((v_c − v_k)/(v_c + v_k))², through the coincidence matrices themselves."""
    m = counts.sum(axis=1)
    v = len(values)
    units = counts[:, :, None] * counts[:, None, :]
    units[:, np.arange(v), np.arange(v)] -= counts
    coincidence = (weights @ (units / (m - 1)[:, None, None]).reshape(len(counts), v * v)).reshape(-1, v, v)
    with np.errstate(invalid="ignore", divide="ignore"):
        d2 = np.nan_to_num(((values[:, None] - values[None, :]) / (values[:, None] + values[None, :])) ** 2)
    margins = coincidence.sum(axis=2)
    n = margins.sum(axis=1)
    observed = (coincidence * d2).sum(axis=(1, 2))
    expected = np.einsum("bc,bk,ck->b", margins, margins, d2)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(expected > 0, 1.0 - (n - 1) * observed / expected, np.nan)


def alpha_for_weights(weights: np.ndarray, counts: np.ndarray, values: np.ndarray, level: str) -> np.ndarray:
    """α for each row of unit weights (B × units; all ones: the data itself); NaN where undefined."""
    if level == "ratio":
        return _ratio(weights, counts, values)
    m = counts.sum(axis=1)
    w = 1.0 / (m - 1)
    margins = weights @ counts  # (B × V)
    n = margins.sum(axis=1)
    if level == "nominal":
        same = weights @ (w * ((counts ** 2).sum(axis=1) - m))  # trace of O per resample
        observed, expected = n - same, n ** 2 - (margins ** 2).sum(axis=1)
    else:
        if level == "interval":
            p = np.broadcast_to(values, margins.shape)
        elif level == "ordinal":
            p = np.cumsum(margins, axis=1) - margins / 2
        else:
            raise ValueError(f"unknown level {level!r}")
        spread = (margins * p ** 2).sum(axis=1)
        if level == "interval":
            inner = (counts @ values) ** 2 - counts @ values ** 2  # (units,)
            pop = weights @ (w * inner)
        else:
            inner = (counts @ p.T) ** 2 - counts @ (p ** 2).T  # (units × B)
            pop = np.einsum("bu,u,ub->b", weights, w, inner)
        observed = 2 * spread - 2 * pop
        expected = 2 * n * spread - 2 * (margins * p).sum(axis=1) ** 2
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(expected > 0, 1.0 - (n - 1) * observed / expected, np.nan)


def alpha(reliability: np.ndarray, level: str) -> float:
    counts, values = value_counts(reliability)
    if not len(counts) or len(values) < 2:
        return math.nan
    return float(alpha_for_weights(np.ones((1, len(counts))), counts, values, level)[0])


def alpha_with_ci(reliability: np.ndarray, level: str, resamples: int = 1000, seed: int = 12345,
                  confidence: float = 0.95) -> dict:
    """α and, unless ``resamples`` is 0, a percentile bootstrap interval over units."""
    data = np.asarray(reliability, dtype=float)
    counts, values = value_counts(data)
    usable = len(counts) > 0 and len(values) >= 2
    point = alpha(data, level) if usable else math.nan
    low = high = math.nan
    if resamples and usable:
        rng = np.random.default_rng(seed)
        weights = resample_counts(rng.integers(0, len(counts), size=(resamples, len(counts))), len(counts))
        found = alpha_for_weights(weights, counts, values, level)
        found = found[np.isfinite(found)]
        if found.size:
            low, high = percentile_interval(found, 1 - confidence)
    clean = lambda x: None if math.isnan(x) else x
    return {"alpha": clean(point), "ci_lower": clean(low), "ci_upper": clean(high), "level": level,
            "units": int(data.shape[1]), "raters": int(data.shape[0]), "resamples": resamples}
