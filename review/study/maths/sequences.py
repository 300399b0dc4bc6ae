"""Confidence sequences for the mean of bounded scores: the intervals every verdict of the study stands on
(``review.study.maths.questions``), each valid at every number of items at once, so looking after every
rating costs no validity.

**Betting** (Waudby-Smith & Ramdas 2024, "Estimating means of bounded random variables by betting", JRSS-B
86(1)). Scores of a task lie on its scale, so a score, and a difference of two, lies in a known range; mapped
to [0, 1], each candidate mean ``m`` is a bet against the values seen: the wealth of betting that the mean is
above ``m`` (or below) grows by ``1 + λ_t (x_t − m)`` an item. By Ville's inequality the true mean's wealth
ever reaches 2/α with probability at most α/2, so "the mean is above ``m``" is said once that wealth has
reached 2/α (and stays said: the running intersection). The bets λ_t are the paper's predictable mixture
empirical-Bernstein bets, each from the items before it alone (it adapts to a small spread, as the
asymptotic sequence did, with no approximation), truncated at ``TRUNCATION``/m (or /(1 − m)) so that no
single item can take the wealth to 0.

**Without replacement** (Waudby-Smith & Ramdas 2020, "Confidence sequences for sampling without
replacement", NeurIPS). A campaign rates each of its N segments once, in a random order: its question is
about the mean over those N. Given the sum of the t − 1 values seen, that mean is ``m`` exactly when the
values still to come have mean ``(N m − S_{t−1}) / (N − t + 1)``: the bet is against that, so the interval
narrows towards a point, and a candidate the values seen make impossible is rejected at once. At the N-th item the
mean is known: the interval is that point and every candidate other than it is settled (the bets alone, truncated,
could leave a question open with every item rated — 79 accepted of 100 against a rule of 80 %).
``population=None`` is the with-replacement sequence (items drawn independently, an unknown population).

Both are valid from the first item: there is no burn-in. After 60 identical ratings on a 0–100 scale the interval
of the mean difference is still about ±6.6 (tested), as it should be: the next item could be anything on the scale;
settling a margin of 2 from such ratings takes 207 of them (:func:`fewest_items`).

The asymptotic sequence that decided comparisons before (Waudby-Smith, Arbour, Sinha, Kennedy & Ramdas 2021,
with a burn-in) is kept below, named as such, only so that ``make bench`` measures it beside the betting one (on
the same orders and the cases built to break a sequence): no verdict uses it.
"""

from __future__ import annotations

import math

import numpy as np

ALPHA = 0.05
TRUNCATION = 0.9       # a bet never stakes more than 90 % of what it could lose (measured: docs/metrics.md)
PRIOR_MEAN = 0.5       # the bets' regularised running mean and variance start here (the paper's defaults)
PRIOR_VARIANCE = 0.25
BISECTIONS = 30        # halvings that find an interval's edge (to within 1e-9 of the scale)
EXACT = 1e-12          # of the unit scale: a complete population's mean this close to a candidate is at it (sums of
#                        shares such as 80/100 land on the candidate's own rounding)


def bets(x: np.ndarray, alpha: float) -> np.ndarray:
    """Predictable-mixture empirical-Bernstein bets λ_t (before truncation) for a one-sided test at level
    ``alpha``, each from x_1…x_{t−1} only: λ_t = sqrt(2 log(1/α) / (σ̂²_{t−1} t log(1 + t))), with the regularised
    running mean and variance μ̂_t = (½ + Σx)/(t + 1), σ̂²_t = (¼ + Σ(x_i − μ̂_i)²)/(t + 1)."""
    t = np.arange(1, x.shape[-1] + 1)
    mean = (PRIOR_MEAN + np.cumsum(x, axis=-1)) / (t + 1)
    variance = (PRIOR_VARIANCE + np.cumsum((x - mean) ** 2, axis=-1)) / (t + 1)
    before = np.concatenate([np.full(x.shape[:-1] + (1,), PRIOR_VARIANCE), variance[..., :-1]], axis=-1)
    return np.sqrt(2 * math.log(1 / alpha) / (before * t * np.log1p(t)))


def centres(x: np.ndarray, m: np.ndarray, population: int | None) -> np.ndarray:
    """The mean of the values still to come if the mean is ``m`` (rows: candidates; columns: items): ``m``
    itself with replacement; ``(N m − S_{t−1}) / (N − t + 1)`` without."""
    m = np.asarray(m, dtype=float)[..., None]
    if population is None:
        return np.broadcast_to(m, m.shape[:-1] + (x.shape[-1],))
    t = np.arange(1, x.shape[-1] + 1)
    before = np.concatenate([np.zeros(x.shape[:-1] + (1,)), np.cumsum(x, axis=-1)[..., :-1]], axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        return (population * m - before) / (population - t + 1)


def log_wealth(x, m, alpha: float = ALPHA, population: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """log wealth of betting that the mean is above each candidate ``m`` (first) and below it (second), for
    each candidate (rows) after each item (columns); each a one-sided test at level ``alpha / 2``. A candidate
    the values seen make impossible (without replacement) has infinite wealth on the side that rejects it."""
    x = np.asarray(x, dtype=float)
    centre = centres(x, m, population)
    lam = bets(x, alpha / 2)
    with np.errstate(divide="ignore", invalid="ignore"):
        up = np.where(centre > 1, 0.0, np.minimum(lam, TRUNCATION / np.maximum(centre, 1e-300)))
        down = np.where(centre < 0, 0.0, np.minimum(lam, TRUNCATION / np.maximum(1 - centre, 1e-300)))
        log_up = np.cumsum(np.log1p(np.clip(up * (x - centre), -1 + 1e-15, None)), axis=-1)
        log_down = np.cumsum(np.log1p(np.clip(-down * (x - centre), -1 + 1e-15, None)), axis=-1)
    log_up = np.where(np.cumsum(centre < 0, axis=-1) > 0, np.inf, log_up)
    log_down = np.where(np.cumsum(centre > 1, axis=-1) > 0, np.inf, log_down)
    return log_up, log_down


def _ever_rejected(x: np.ndarray, m: float, side: int, alpha: float, population: int | None) -> bool:
    """Whether the wealth of betting that the mean is above ``m`` (side 0) or below it (side 1) ever reached 2/α."""
    return bool((log_wealth(x, np.array([m]), alpha, population)[side][0] >= math.log(2 / alpha)).any())


def _edge(x: np.ndarray, side: int, alpha: float, population: int | None, steps: int = BISECTIONS) -> float:
    """The edge of the candidates ever rejected on one side: they are the means below it (side 0: [0, L)) or above it
    (side 1: (U, 1]), since a wealth only falls as its candidate moves towards the values; found by bisection."""
    inside, outside = (1.0, 0.0) if side == 0 else (0.0, 1.0)  # a candidate kept, one rejected (if any is)
    if not _ever_rejected(x, outside, side, alpha, population):
        return outside
    for _ in range(steps):
        middle = (inside + outside) / 2
        if _ever_rejected(x, middle, side, alpha, population):
            outside = middle
        else:
            inside = middle
    return outside


def interval(x, alpha: float = ALPHA, population: int | None = None) -> tuple[float, float] | None:
    """The confidence sequence's interval for the mean of values in [0, 1] after the last item: the candidates
    never rejected so far (the running intersection)."""
    x = np.asarray(x, dtype=float)
    if not len(x):
        return None
    if population is not None and len(x) >= population:  # every item of the population: its mean, exactly
        return float(x.mean()), float(x.mean())
    low, high = _edge(x, 0, alpha, population), _edge(x, 1, alpha, population)
    if low > high:  # possible only without replacement, at the last items: the mean the values give
        return float(x.mean()), float(x.mean())
    return low, high


class Bounded:
    """One stream of values in [0, 1] (a pair's differences, a run's scores, mapped from their scale), fed one
    item at a time, with one-sided tests at a few fixed candidate means: ``above(m)`` once the wealth of betting
    that the mean is above ``m`` has reached 2/α (then the sequence's interval lies above ``m`` for good),
    ``below(m)`` likewise. The same numbers as :func:`log_wealth`, item by item (a test says so)."""

    def __init__(self, candidates: list[float], alpha: float = ALPHA, population: int | None = None):
        if population is not None and population < 1:
            raise ValueError(f"population: {population!r} must be at least 1")
        self.alpha, self.population, self.bar = alpha, population, math.log(2 / alpha)
        self.candidates = sorted(set(float(m) for m in candidates))
        self.values: list[float] = []
        self.total = 0.0                                        # Σx
        self.variance_sum, self.variance = 0.0, PRIOR_VARIANCE  # Σ(x_i − μ̂_i)², σ̂² before the next item
        self.wealth = {m: [0.0, 0.0] for m in self.candidates}  # log wealth above, below
        self.crossed = {m: [False, False] for m in self.candidates}

    @property
    def n(self) -> int:
        return len(self.values)

    def centre(self, m: float) -> float:
        if self.population is None:
            return m
        return (self.population * m - self.total) / (self.population - self.n)

    def add(self, x: float) -> None:
        if self.population is not None and self.n >= self.population:
            raise ValueError(f"more items than the {self.population} there are")
        t = self.n + 1
        lam = math.sqrt(2 * math.log(2 / self.alpha) / (self.variance * t * math.log1p(t)))
        for m in self.candidates:
            centre, wealth, crossed = self.centre(m), self.wealth[m], self.crossed[m]
            if centre < 0:
                wealth[0] = math.inf
            elif centre <= 1:
                wealth[0] += math.log1p(max(min(lam, TRUNCATION / max(centre, 1e-300)) * (x - centre), -1 + 1e-15))
            if centre > 1:
                wealth[1] = math.inf
            elif centre >= 0:
                wealth[1] += math.log1p(max(-min(lam, TRUNCATION / max(1 - centre, 1e-300)) * (x - centre), -1 + 1e-15))
            crossed[0] = crossed[0] or wealth[0] >= self.bar
            crossed[1] = crossed[1] or wealth[1] >= self.bar
        self.values.append(x)
        self.total += x
        mean = (PRIOR_MEAN + self.total) / (t + 1)
        self.variance_sum += (x - mean) ** 2
        self.variance = (PRIOR_VARIANCE + self.variance_sum) / (t + 1)
        if self.population is not None and self.n == self.population:
            self._settle_exactly()

    def _settle_exactly(self) -> None:
        """Every item of the population is in: its mean is known, so each candidate is surely above or below it —
        or is it, which neither side says (a share exactly at a threshold: the question says so in words)."""
        mean = self.total / self.n
        for m in self.candidates:
            self.crossed[m][0] = self.crossed[m][0] or mean > m + EXACT
            self.crossed[m][1] = self.crossed[m][1] or mean < m - EXACT

    @property
    def complete(self) -> bool:
        """Every item of the population has been added (its mean is known exactly)."""
        return self.population is not None and self.n == self.population

    def at(self, m: float) -> bool:
        """The population's mean is ``m`` exactly (every item in)."""
        return self.complete and abs(self.total / self.n - m) <= EXACT

    def above(self, m: float) -> bool:
        """The mean is surely above ``m`` (from some item on)."""
        return self.crossed[m][0]

    def below(self, m: float) -> bool:
        """The mean is surely below ``m``."""
        return self.crossed[m][1]

    @property
    def mean(self) -> float | None:
        return self.total / self.n if self.n else None

    def interval(self) -> tuple[float, float] | None:
        return interval(self.values, self.alpha, self.population)


def fewest_items(gap: float, alpha: float = ALPHA, limit: int = 100_000) -> int | None:
    """The fewest items after which values all exactly ``gap`` above ½ (a difference of δ everywhere, nothing
    varying) make the with-replacement sequence say the mean is above ½: no campaign smaller than this can settle
    a difference of δ before its last segment. None beyond ``limit``."""
    stream = Bounded([0.5], alpha)
    while stream.n < limit:
        stream.add(0.5 + gap)
        if stream.above(0.5):
            return stream.n
    return None


def unit_difference(difference, span: float):
    """A difference of two scores on a scale ``span`` wide (in [−span, span]) mapped to [0, 1]."""
    return (np.asarray(difference, dtype=float) + span) / (2 * span)


def first_stops(x: np.ndarray, alpha: float = ALPHA, population: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """For each row of values in [0, 1] (differences mapped by :func:`unit_difference`, items in recorded order):
    the number of items after which the betting sequence first excludes ½ — no difference — (0 when it never
    does) and the side (+1: the mean is above ½)."""
    x = np.atleast_2d(np.asarray(x, dtype=float))
    if x.shape[-1] == 0:
        return np.zeros(len(x), dtype=int), np.zeros(len(x), dtype=int)
    log_up, log_down = log_wealth(x, np.full(x.shape[:-1], 0.5), alpha, population)
    bar = math.log(2 / alpha)
    up, down = log_up >= bar, log_down >= bar
    hit = up | down
    stopped = hit.any(axis=-1)
    at = np.argmax(hit, axis=-1)
    side = np.where(up[np.arange(len(x)), at], 1, -1)
    return np.where(stopped, at + 1, 0), np.where(stopped, side, 0)


# ----------------------------------------------------------------------------- asymptotic (before issue 41)
# Waudby-Smith, Arbour, Sinha, Kennedy & Ramdas (2021), Theorem 2.2, two-sided: mean_t ± σ̂_t·sqrt(2(tρ²+1)/(t²ρ²)
# ·log(sqrt(tρ²+1)/α)), the Robbins normal-mixture boundary with the running standard deviation. Valid only as
# the number of items grows: 60 identical ratings give σ̂ = 0 and an interval of [0, 0]. Measured beside the
# betting sequence (make bench); no verdict uses it.

ASYMPTOTIC_BURN_IN = 60   # the burn-in the questions used with it
OPTIMISED_AT = 50         # t*: the normal-mixture boundary is tightest near this many items


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


def asymptotic_first_stops(x: np.ndarray, alpha: float = ALPHA,
                           burn_in: int = ASYMPTOTIC_BURN_IN) -> tuple[np.ndarray, np.ndarray]:
    """:func:`first_stops` with the asymptotic sequence on raw differences (0 is no difference)."""
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


class Asymptotic:
    """The asymptotic sequence as a stream with the interface of :class:`Bounded` (on raw differences, not
    mapped): what the questions decided with before the betting sequence, nothing before ``burn_in`` items, the
    running intersection after. Only ``make bench`` and the simulation use it, to measure it beside the other."""

    def __init__(self, candidates: list[float], alpha: float = ALPHA, population: int | None = None,
                 burn_in: int = ASYMPTOTIC_BURN_IN):
        self.alpha, self.burn_in, self.population = alpha, burn_in, population
        self.n, self.total, self.squares = 0, 0.0, 0.0
        self.low, self.high = -math.inf, math.inf

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x
        if self.n >= self.burn_in:
            mean = self.total / self.n
            r = float(radius(self.n, max(self.squares / self.n - mean * mean, 0.0), self.alpha))
            self.low, self.high = max(self.low, mean - r), min(self.high, mean + r)

    def above(self, m: float) -> bool:
        return self.low > m

    def below(self, m: float) -> bool:
        return self.high < m

    @property
    def mean(self) -> float | None:
        return self.total / self.n if self.n else None

    def interval(self) -> tuple[float, float] | None:
        return None if self.n < self.burn_in else (self.low, self.high)
