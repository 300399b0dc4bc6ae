"""The other way to hold α for a whole campaign of many pairs, measured beside the one the questions use (each of the
m pairs at α/m, Bonferroni: ``review.study.maths.questions.per_pair``): a **closed test on e-values** (Vovk & Wang
2021, "E-values: calibration, combination and applications", Ann. Statist. 49(3); the e-Holm procedure).

Each pair's betting wealth at a candidate is an e-process for the one-sided null it bets against (its mean is at most,
or at least, that candidate): :class:`ClosedPairs` keeps four of them a pair — "a − b ≤ 0" (rejected: a better),
"≥ 0" (b better), "≤ −δ" and "≥ δ" (both rejected: equal within δ). The average of e-processes of the same items is an
e-process, so rejecting a null only once every average of its e-value with any others' is at least 1/α keeps the
chance of *any* false claim among them at most α (the closure of the average; Ville's inequality on the average over
the true nulls). It spends α where the e-values of other nulls are already large; where most nulls stay unrejected it
is no better than α/m (``make bench`` prints what each costs).
"""

from __future__ import annotations

import math

import numpy as np

from ..maths import questions

CLAIMS = (("up", 0.0, "a better"), ("down", 0.0, "b better"), ("up", -1.0, "equal"), ("down", 1.0, "equal"))


def closure(log_e: np.ndarray, alpha: float) -> np.ndarray:
    """For each null, whether the closed test rejects it: every average of its e-value with the k smallest of the
    others (k = 0 … n − 1, the smallest averages there are) is at least 1/α."""
    e = np.exp(np.minimum(log_e, 700.0))
    order = np.argsort(e, kind="stable")
    smallest = np.concatenate([[0.0], np.cumsum(e[order])])  # smallest[k]: the sum of the k smallest of all
    rank = np.empty(len(e), dtype=int)
    rank[order] = np.arange(len(e))
    k = np.arange(len(e))  # how many others join the average
    rejected = np.zeros(len(e), dtype=bool)
    for j in range(len(e)):
        others = np.where(k <= rank[j], smallest[k], smallest[np.minimum(k + 1, len(e))] - e[j])
        rejected[j] = bool(((e[j] + others) / (k + 1)).min() >= 1 / alpha)
    return rejected


class ClosedPairs(questions.Pairs):
    """:class:`~questions.Pairs` whose claims are made by the closed test on e-values over every pair's four nulls
    (the bets of each pair tuned as at α/m, as the questions' own)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.rejected: set[tuple] = set()

    def _nulls(self) -> list[tuple]:
        return [((a, b), side, sign, claim) for (a, b) in self.pairs for side, sign, claim in CLAIMS]

    def _observe(self, values: dict[str, float]) -> None:
        for (a, b), pair in self.pairs.items():
            if self.decisions[(a, b)] == "open":
                pair.add(values[a] - values[b])
        nulls = self._nulls()
        log_e = np.array([self._log_e(pair, side, sign) for pair, side, sign, _ in nulls])
        for null, rejected in zip(nulls, closure(log_e, self.alpha)):
            if rejected:
                self.rejected.add(null[:3])
        for (a, b), pair in self.pairs.items():
            if self.decisions[(a, b)] != "open":
                continue
            said = [claim for key, side, sign, claim in nulls if key == (a, b) and (key, side, sign) in self.rejected]
            if "a better" in said or "b better" in said:
                self.decisions[(a, b)] = "a better" if "a better" in said else "b better"
            elif said.count("equal") == 2:
                self.decisions[(a, b)] = "equal"
            if self.decisions[(a, b)] != "open":
                self.settled_after[(a, b)] = pair.n

    def _log_e(self, key: tuple, side: str, sign: float) -> float:
        """The pair's current log wealth against the null at candidate ``sign`` × δ, on the side it bets."""
        difference = self.pairs[key]
        stream = difference.stream
        wealth = stream.wealth[stream.candidates[[-1.0, 0.0, 1.0].index(sign)]]
        return wealth[0] if side == "up" else wealth[1]


__all__ = ["ClosedPairs", "closure"]
