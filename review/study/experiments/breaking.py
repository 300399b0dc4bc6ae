"""Cases built to break a sequence of decisions (issue 41), each measured on real ratings for the sequence the
verdicts use and for the asymptotic one used before (``sequence="asymptotic"``): ``tests/test_questions.py``
asserts the first, ``make bench`` prints both.

- **identical ratings**: 60 items on which the two runs score the same — nothing is known of the next item;
- **rare failures**: a new version half a point better on almost every item that ruins a few (set to 0), so that
  it is truly more than δ worse; and a version that changes 5 % of the sentences (the rest rated once, so their
  differences are exactly 0) and ruins them;
- **all tied**: every system of a test set made equal on average (each centred on the grand mean): Best must not
  eliminate one, Pairs must not call one better than another (any of its pairs, the campaign's whole risk);
- **independent draws**: items drawn with replacement from every real pair, shifted to be exactly δ apart.

A claim is wrong when it says "at least as good" (or "better") of a version more than δ worse, names it best,
eliminates a tied system as surely worse, or says a pair δ apart is within δ.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from ..maths import sequences
from .simulation import make_question

ALPHA = sequences.ALPHA


def identical(items: int = 60, delta: float = 2.0, sequence: str = "betting") -> dict:
    """NonInferior after ``items`` ratings of 90 for both runs, on 0–100, the population unknown."""
    q = make_question("non-inferior", ["old", "new"], delta, ALPHA, baseline="old", candidate="new",
                      sequence=sequence)
    for k in range(items):
        if q.decided:
            break
        q.observe({"old": 90.0, "new": 90.0}, item=k)
    return q.result()


def ruined(old: np.ndarray, delta: float) -> np.ndarray:
    """Every item 0.5 better (at most 100), except the fewest of the best-rated items set to 0 that make the new
    version more than δ worse on average."""
    new = np.minimum(old + 0.5, 100.0)
    for k in np.argsort(-old):
        if (new - old).mean() < -delta:
            break
        new[k] = 0.0
    return new


def changed(old: np.ndarray, share: float = 0.05) -> np.ndarray:
    """The same outputs (so the same ratings) but for ``share`` of the items, the best-rated ones, ruined (0)."""
    new = old.copy()
    new[np.argsort(-old)[: max(1, int(len(old) * share))]] = 0.0
    return new


def claims(old: np.ndarray, new: np.ndarray, delta: float, orders: int = 200, seed: int = 21,
           sequence: str = "betting") -> dict:
    """In random orders of the items (without replacement, on 0–100): the share of orders in which NonInferior
    calls ``new`` at least as good as ``old`` (or better), and in which Best over the two names ``new`` best."""
    rng = np.random.default_rng(seed)
    claimed = named = 0
    for _ in range(orders):
        order = rng.permutation(len(old))
        asked = {"non-inferior": make_question("non-inferior", ["old", "new"], delta, ALPHA, baseline="old",
                                               candidate="new", population=len(old), sequence=sequence),
                 "best": make_question("best", ["old", "new"], delta, ALPHA, population=len(old), sequence=sequence)}
        for q in asked.values():
            for k in order:
                if q.decided:
                    break
                q.observe({s: float({"old": old, "new": new}[s][k]) for s in q.serving()}, item=int(k))
        claimed += asked["non-inferior"].result()["decision"] in ("better", "at least as good")
        named += asked["best"].result()["best"] == "new"
    return {"at_least_as_good": claimed / orders, "named_best": named / orders, "orders": orders,
            "true_difference": float((new - old).mean())}


def tied_eliminated(systems: list[str], scores: np.ndarray, delta: float, orders: int = 100, seed: int = 13,
                    sequence: str = "betting", family: str = "campaign") -> float:
    """Every system centred on the grand mean (its pattern over the items kept): the share of orders in which Best
    eliminates one of them as surely worse."""
    tied = scores - scores.mean(axis=1, keepdims=True) + scores.mean()
    low, high = float(tied.min()), float(tied.max())
    rng = np.random.default_rng(seed)
    eliminated = 0
    for _ in range(orders):
        q = make_question("best", systems, delta, ALPHA, low=low, high=high, population=scores.shape[1],
                          sequence=sequence, family=family)
        for j in rng.permutation(scores.shape[1]):
            if q.decided:
                break
            q.observe({s: float(tied[k, j]) for k, s in enumerate(systems) if s in q.serving()}, item=int(j))
        eliminated += len(q.result()["still_in"]) < len(systems)
    return eliminated / orders


def tied_pairs_better(systems: list[str], scores: np.ndarray, delta: float, orders: int = 100, seed: int = 19,
                      family: str = "campaign") -> float:
    """Every system centred on the grand mean (its pattern over the items kept), every pair asked: the share of
    orders in which Pairs says some system is better than another (each mean difference is exactly 0). Pairs
    settles each pair on its own sequence, so the first claim of each is found for all pairs at once
    (``sequences.log_wealth``, the same numbers item by item); ``family`` "closed" runs the closed test itself."""
    tied = scores - scores.mean(axis=1, keepdims=True) + scores.mean()
    low, high = float(tied.min()), float(tied.max())
    rng = np.random.default_rng(seed)
    if family == "closed":
        return _tied_closed(systems, tied, delta, low, high, orders, rng)
    pairs = list(itertools.combinations(range(len(systems)), 2))
    q = make_question("pairs", systems, delta, ALPHA, low=low, high=high, population=scores.shape[1], family=family)
    alpha, span, n = q.alpha_per_pair, high - low, scores.shape[1]
    candidates = np.repeat(sequences.unit_difference(np.array([-delta, 0.0, delta]), span)[None], len(pairs), 0)
    bar = math.log(2 / alpha)
    claimed = 0
    for _ in range(orders):
        order = rng.permutation(n)
        x = np.stack([sequences.unit_difference(tied[a, order] - tied[b, order], span) for a, b in pairs])
        x = np.repeat(x, 3, axis=0)
        up, down = (w.reshape(len(pairs), 3, n) for w in sequences.log_wealth(x, candidates.ravel(), alpha, n))
        first = lambda hit: np.where(hit.any(-1), hit.argmax(-1), n)  # noqa: E731 — the first item each crosses
        better = np.minimum(first(up[:, 1] >= bar), first(down[:, 1] >= bar))
        equal = np.maximum(first(up[:, 0] >= bar), first(down[:, 2] >= bar))
        claimed += bool(((better < n) & (better <= equal)).any())
    return claimed / orders


def _tied_closed(systems: list[str], tied: np.ndarray, delta: float, low: float, high: float, orders: int,
                 rng: np.random.Generator) -> float:
    claimed = 0
    for _ in range(orders):
        q = make_question("pairs", systems, delta, ALPHA, low=low, high=high, population=tied.shape[1],
                          family="closed")
        for j in rng.permutation(tied.shape[1]):
            if q.decided:
                break
            q.observe({s: float(tied[k, j]) for k, s in enumerate(systems) if s in q.serving()}, item=int(j))
        claimed += any(p["decision"] in ("a better", "b better") for p in q.result()["pairs"])
    return claimed / orders


def _claims_within(x: np.ndarray, delta: float, span: float, sequence: str) -> np.ndarray:
    """For rows of differences drawn independently (true mean −δ): whether the sequence ever says the mean is above
    −δ ("at least as good") — the betting sequence with replacement, or the asymptotic one after its burn-in."""
    if sequence == "asymptotic":
        mean, variance = sequences.running_mean_and_variance(x)
        t = np.arange(1, x.shape[-1] + 1)
        lower = mean - sequences.radius(t, variance)
        return ((lower > -delta) & (t >= sequences.ASYMPTOTIC_BURN_IN)).any(axis=1)
    unit = sequences.unit_difference(x, span)
    log_up, _ = sequences.log_wealth(unit, np.full(len(x), float(sequences.unit_difference(-delta, span))), ALPHA)
    return (log_up >= math.log(2 / ALPHA)).any(axis=1)


def independent_draws(scores: np.ndarray, delta: float, orders: int = 200, draws: int = 400, seed: int = 17,
                      sequence: str = "betting") -> dict:
    """Items drawn with replacement from every pair's differences, centred and shifted to exactly −δ (clipped to the
    scale, which only lowers the mean): the share of ``orders`` runs of ``draws`` items that claim "at least as
    good", overall and on the worst pair."""
    span = float(scores.max() - scores.min())
    rng = np.random.default_rng(seed)
    rates = []
    for a, b in itertools.combinations(range(len(scores)), 2):
        d = scores[b] - scores[a]
        d = np.clip(d - d.mean() - delta, -span, span)
        rates.append(float(_claims_within(d[rng.integers(len(d), size=(orders, draws))], delta, span,
                                          sequence).mean()))
    return {"overall": float(np.mean(rates)), "worst_pair": float(max(rates))}


def bound(orders: int, alpha: float = ALPHA) -> float:
    """α plus two binomial standard errors of ``orders`` orders: the most a valid sequence shows, by chance."""
    return alpha + 2 * math.sqrt(alpha * (1 - alpha) / orders)
