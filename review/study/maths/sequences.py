"""Anytime-valid decisions: stop asking speakers as soon as their answers settle a question, however
often one looks.

Two questions are decided as ratings arrive, each from a **confidence sequence** (a sequence of
intervals that holds the true value at every time at once, so looking after every rating costs no
validity):

- **which of two systems is better** on the same items, from the paired differences of a human score
  (system A's minus system B's on one item): "A better", "B better" or "open". We use the
  *asymptotic* confidence sequence of Waudby-Smith, Arbour, Sinha, Kennedy & Ramdas (2021,
  "Time-uniform central limit theory and asymptotic confidence sequences", Theorem 2.2, two-sided):
  ``mean_t ± σ̂_t·sqrt(2(tρ²+1)/(t²ρ²)·log(sqrt(tρ²+1)/α))``, the Robbins normal-mixture boundary with
  the running standard deviation, ρ chosen to be tightest at ``OPTIMISED_AT`` items. Human scores lie on
  wide scales (0–100, −25–0) while the difference between two systems on one item spreads much less:
  the betting sequences of Waudby-Smith & Ramdas (2024), valid for any bounded data, must allow for
  the whole range and stopped after 68 % of the items on WMT23 MQM where this one stops after 27 %
  (``lyss study simulate-sequential``). Its validity is asymptotic, so no decision is taken before
  ``BURN_IN`` items; the simulation measures the error that is left (sign-flipped differences, a true
  null) at about 3–4 % for α = 5 %.
- **a run's tier** (spec §5, ``review/data/tier_rule.json``): whether the share of items the speakers
  accept reaches the rule's threshold: "confirmed", "refused" or "open". The share lies in [0, 1] and is
  often near 0 or 1, where a running variance is 0 after a few items and an asymptotic sequence would
  claim certainty: the **betting** confidence sequence (Waudby-Smith & Ramdas 2024, "Estimating means of
  bounded random variables by betting", JRSS-B 86(1), the hedged capital process with predictable
  mixture empirical-Bernstein bets) is valid from the first item, with no approximation.

Ratings are taken in the order they were recorded (``review/decisions.py``), never ahead of it.
``tests/test_sequential.py`` checks both against the ``confseq`` package.
"""

from __future__ import annotations

import math

import numpy as np

ALPHA = 0.05
BURN_IN = 20        # items before a comparison may be decided (the sequence's validity is asymptotic)
OPTIMISED_AT = 50   # t*: the normal-mixture boundary is tightest near this many items
TRUNCATION = 0.5    # a bet never stakes more than half of what it could lose
THETA = 0.5         # the hedge between "mean above m" and "mean below m"
GRID = 1001         # candidate shares between 0 and 1 for the betting interval


# ----------------------------------------------------------------------------- asymptotic (comparisons)

def mixture_rho2(alpha: float = ALPHA, optimised_at: float = OPTIMISED_AT) -> float:
    """ρ² of the normal mixture that makes the boundary tightest after ``optimised_at`` items."""
    return (-2 * math.log(alpha) + math.log(-2 * math.log(alpha) + 1)) / optimised_at


def radius(t, variance, alpha: float = ALPHA, optimised_at: float = OPTIMISED_AT):
    """Half-width of the asymptotic confidence sequence after ``t`` items with running ``variance``."""
    t = np.asarray(t, dtype=float)
    rho2 = mixture_rho2(alpha, optimised_at)
    return np.sqrt(variance) * np.sqrt(2 * (t * rho2 + 1) / (t * t * rho2) * np.log(np.sqrt(t * rho2 + 1) / alpha))


def running_mean_and_variance(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Mean and (population) variance after each item, along the last axis."""
    t = np.arange(1, x.shape[-1] + 1)
    mean = np.cumsum(x, axis=-1) / t
    variance = np.maximum(np.cumsum(x * x, axis=-1) / t - mean * mean, 0.0)
    return mean, variance


def first_stops(x: np.ndarray, alpha: float = ALPHA, burn_in: int = BURN_IN) -> tuple[np.ndarray, np.ndarray]:
    """For each row of differences (items in the order they were recorded): the number of items after
    which the sequence first excludes 0 (0 when it never does) and the side (+1: the mean is above 0)."""
    x = np.atleast_2d(np.asarray(x, dtype=float))
    if x.shape[-1] == 0:
        return np.zeros(len(x), dtype=int), np.zeros(len(x), dtype=int)
    mean, variance = running_mean_and_variance(x)
    t = np.arange(1, x.shape[-1] + 1)
    hit = (np.abs(mean) > radius(t, variance, alpha)) & (t >= burn_in)
    stopped = hit.any(axis=-1)
    at = np.argmax(hit, axis=-1)
    side = np.sign(mean[np.arange(len(x)), at]).astype(int)
    return np.where(stopped, at + 1, 0), np.where(stopped, side, 0)


def items_needed(gap: float, variance: float, alpha: float = ALPHA, limit: int = 10 ** 7) -> int | None:
    """The fewest items after which a sequence with this variance would leave a mean ``gap`` away from
    its centre outside — the planner's "about how many" (None when the gap is 0 or out of reach)."""
    if gap <= 0 or variance < 0:
        return None
    if variance == 0:
        return BURN_IN
    low, high = 1, 2
    while radius(high, variance, alpha) >= gap:
        low, high = high, high * 2
        if high > limit:
            return None
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if radius(middle, variance, alpha) >= gap else (low, middle)
    return max(high, BURN_IN)


def compare(differences, alpha: float = ALPHA) -> dict:
    """"A better", "B better" or "open" from paired differences in recorded order, the interval the
    sequence gives now (None before ``BURN_IN`` items), the item after which it stopped, and about how
    many more items an open comparison needs if the difference stays as it is."""
    x = np.asarray(differences, dtype=float)
    n = len(x)
    stop, side = (int(v) for v in (a[0] for a in first_stops(x, alpha))) if n else (0, 0)
    mean = float(x.mean()) if n else None
    span = None
    if n >= BURN_IN:
        means, variances = running_mean_and_variance(x)
        t = np.arange(1, n + 1)[BURN_IN - 1:]
        r = radius(t, variances[BURN_IN - 1:], alpha)
        # the running intersection: every interval since the burn-in holds the mean at once
        span = [float(np.max(means[BURN_IN - 1:] - r)), float(np.min(means[BURN_IN - 1:] + r))]
    decision = "open" if not stop else ("A better" if side > 0 else "B better")
    more = None
    if decision == "open" and n >= 2:
        needed = items_needed(abs(mean), float(x.var()), alpha)
        more = None if needed is None else max(1, needed - n)
    return {"decision": decision, "items": n, "decided_after": stop or None, "mean_difference": mean,
            "interval": span, "about_more_items": more, "alpha": alpha}


# ----------------------------------------------------------------------------- betting (shares, tiers)

def bets(x: np.ndarray, alpha: float) -> np.ndarray:
    """Predictable-mixture empirical-Bernstein bets λ_t (before truncation), each from x_1…x_{t−1} only:
    λ_t = sqrt(2 log(1/α) / (σ̂²_{t−1} t log(1 + t))), with the regularised running mean and variance
    μ̂_t = (½ + Σx)/(t + 1), σ̂²_t = (¼ + Σ(x_i − μ̂_i)²)/(t + 1) (the paper's defaults)."""
    t = np.arange(1, x.shape[-1] + 1)
    mean = (0.5 + np.cumsum(x, axis=-1)) / (t + 1)
    variance = (0.25 + np.cumsum((x - mean) ** 2, axis=-1)) / (t + 1)
    before = np.concatenate([np.full(x.shape[:-1] + (1,), 0.25), variance[..., :-1]], axis=-1)
    return np.sqrt(2 * math.log(1 / alpha) / (before * t * np.log1p(t)))


def log_capital(x: np.ndarray, m: np.ndarray, alpha: float = ALPHA) -> np.ndarray:
    """log K_t(m) = log max(θ K⁺_t(m), (1 − θ) K⁻_t(m)) for each candidate mean ``m`` (rows) at each time
    (columns): the wealth of betting that the mean is above ``m`` and below it. By Ville's inequality the
    true mean's wealth ever reaches 1/α with probability at most α."""
    x = np.asarray(x, dtype=float)
    m = np.asarray(m, dtype=float)[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        up = np.minimum(bets(x, alpha * THETA), TRUNCATION / m)
        down = np.minimum(bets(x, alpha * (1 - THETA)), TRUNCATION / (1 - m))
        log_up = np.cumsum(np.log1p(up * (x - m)), axis=-1)
        log_down = np.cumsum(np.log1p(-down * (x - m)), axis=-1)
    log_up = np.nan_to_num(log_up, nan=-np.inf)
    log_down = np.nan_to_num(log_down, nan=-np.inf)
    return np.maximum(math.log(THETA) + log_up, math.log(1 - THETA) + log_down)


def share_interval(x, alpha: float = ALPHA) -> tuple[float, float]:
    """The betting confidence sequence for the mean of values in [0, 1], as the interval of candidates
    never rejected so far (the running intersection)."""
    x = np.asarray(x, dtype=float)
    if not len(x):
        return 0.0, 1.0
    grid = np.linspace(0, 1, GRID)
    capital = log_capital(x, grid, alpha)
    kept = grid[(capital < math.log(1 / alpha)).all(axis=1)]
    if not len(kept):  # every candidate was rejected at some time (rare): the last time's interval alone
        kept = grid[capital[:, -1] < math.log(1 / alpha)]
    if not len(kept):
        return float(x.mean()), float(x.mean())
    step = 1 / (GRID - 1)
    return max(0.0, float(kept.min()) - step), min(1.0, float(kept.max()) + step)


def tier_decision(accepted, threshold: float, alpha: float = ALPHA) -> dict:
    """The rule "the share of accepted items reaches ``threshold``", with items in recorded order:
    "confirmed" once the sequence lies at or above it, "refused" once below, else "open" with about
    how many more items it needs if the share stays as it is. Also the number of items after which it
    was settled (the first time it was)."""
    x = np.asarray(accepted, dtype=float)
    n = len(x)
    decided_after, state = None, "open"
    if n:
        grid = np.array([threshold])
        capital = log_capital(x, grid, alpha)[0]
        reached = np.flatnonzero(capital >= math.log(1 / alpha))
        if len(reached):
            decided_after = int(reached[0]) + 1
            state = "confirmed" if x[:decided_after].mean() > threshold else "refused"
    low, high = share_interval(x, alpha)
    share = float(x.mean()) if n else None
    more = None
    if state == "open" and n >= 2:
        needed = items_needed(abs(share - threshold), max(share * (1 - share), 1 / (4 * n)), alpha)
        more = None if needed is None else max(1, needed - n)
    return {"decision": state, "items": n, "decided_after": decided_after, "share": share,
            "interval": [low, high], "threshold": threshold, "about_more_items": more, "alpha": alpha}
