"""Best pays for the comparisons its claim needs (issue 66, 7): its claim — no run more than δ better than the one
named — is wrong only when one of the truly best run's K − 1 sequences misses, so each pair is checked at α/(K−1),
not at α/m as Pairs' family of m = K(K−1)/2 verdicts needs; the words say which claim holds at which level."""

from __future__ import annotations

import numpy as np

from review.sentences import english
from review.study import verdicts
from review.study.experiments.simulation import make_question
from review.study.maths import questions


def test_best_checks_each_pair_at_alpha_over_k_minus_one_and_pairs_at_alpha_over_m():
    systems = [f"s{k}" for k in range(12)]
    best = questions.Best(systems, 5.0, 0.05, low=0, high=100)
    pairs = questions.Pairs(systems, 5.0, 0.05, low=0, high=100)
    assert best.alpha_per_pair == 0.05 / 11 == questions.best_pair(0.05, 12)  # before: 0.05 / 66
    assert pairs.alpha_per_pair == 0.05 / 66 == questions.per_pair(0.05, 12)
    today = make_question("best", systems, 5.0, 0.05, low=0, high=100, family="every pair")
    assert today.alpha_per_pair == 0.05 / 66  # Best as it was, measured beside it by make bench


def test_best_says_what_its_level_covers():
    best = questions.Best(["a", "b", "c"], 1.0, 0.05, low=0, high=10)
    for k in range(40):
        best.observe({"a": 9.0, "b": 2.0 + k % 2, "c": 1.0}, item=k)
        if best.decided:
            break
    said = [english(s) for s in verdicts.said(best.result())]
    risk = said[-1]
    assert "at most 5%" in risk and "2 comparisons, each checked at 0.025" in risk, risk
    assert "a line on two other runs holds at 0.025 on its own" in risk


def test_best_names_a_wrong_run_at_most_alpha_often_on_a_boundary_null():
    """Four runs, one best by 1.05 δ over the three others (each item's scores drawn independently): the run named
    best is more than δ worse than the best in at most α of 200 campaigns (plus the sampling slack)."""
    rng = np.random.default_rng(7)
    delta, n, wrong = 1.0, 300, 0
    for _ in range(200):
        means = np.array([6.0, 6.0 - 1.05 * delta, 6.0 - 1.05 * delta, 6.0 - 1.05 * delta])
        scores = np.clip(rng.normal(means[:, None], 2.0, (4, n)), 0, 10)
        scores += (means - scores.mean(axis=1))[:, None]  # the population's means exactly as said
        scores = np.clip(scores, 0, 10)
        truth = scores.mean(axis=1)
        q = questions.Best(["best", "x", "y", "z"], delta, 0.05, low=0, high=10, population=n)
        for j in range(n):
            if q.decided:
                break
            q.observe({s: float(scores[k, j]) for k, s in enumerate(["best", "x", "y", "z"]) if s in q.serving()},
                      item=j)
        named = q.result()["best"]
        wrong += named is not None and truth[["best", "x", "y", "z"].index(named)] < truth.max() - delta
    assert wrong / 200 <= 0.05 + 0.035, wrong  # 0.035: three standard errors of a 5 % rate over 200
