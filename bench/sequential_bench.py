"""Fewest speaker-hours (``lyss study simulate-sequential``) on the real ratings of WMT23 en-de.

1. Ratings: the fixed design (every system on every item; the baseline, 1.00) against the sequential
   comparisons and an adaptive campaign over all systems, on MQM, DA+SQM and ESA-1.
2. Speed of the simulation: the vectorised stops of ``review.study.maths.sequences`` against the same confidence
   sequence written out item by item in Python, on the same pairs and orders, measured in this run.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from bench.common import SHARED, timed
from review.study.maths import sequences
from review.study.experiments import breaking
from review.study.experiments.simulation import pairwise_nulls, score_matrix, simulate, simulate_question, stress_best

DATA = [("wmt23-en-de", "mqm"), ("wmt23-en-de", "da-sqm"), ("wmt23-en-de-esa", "ESA-1")]
DELTA = {"mqm": 2.0, "da-sqm": 4.0, "ESA-1": 8.0, "MQM-1": 2.0}  # the margins of issue 33's targets


def _stop_by_hand(x, alpha: float) -> int:
    rho2 = sequences.mixture_rho2(alpha)
    total = squares = 0.0
    for t, value in enumerate(x, 1):
        total += value
        squares += value * value
        mean = total / t
        sd = math.sqrt(max(squares / t - mean * mean, 0.0))
        if t >= sequences.ASYMPTOTIC_BURN_IN and abs(mean) > sd * math.sqrt(
                2 * (t * rho2 + 1) / (t * t * rho2) * math.log(math.sqrt(t * rho2 + 1) / alpha)):
            return t
    return 0


def main() -> None:
    print("ratings to the decisions, 100 random item orders (fixed design = 1.00, the baseline):")
    for folder, human in DATA:
        path = SHARED / "data" / folder
        if not path.exists():
            print(f"  {folder}: not in {SHARED}/data, skipped")
            continue
        seconds, r = timed(simulate, str(path), "en-de", human, 100)
        print(f"  {human:<7} {r['pairs']} pairs, {r['items']} items, {r['fixed_decided']} decided by the fixed test: "
              f"sequential {r['mean_fraction']:.3f} (median {r['median_fraction']:.3f}), adaptive campaign "
              f"{r['adaptive_fraction']:.3f}; type I {r['type_one_error']:.3f}, wrong direction "
              f"{r['wrong_direction']:.4f}   ({seconds:.1f} s)")
    questions_table()
    breaking_table()
    path = SHARED / "data" / "wmt23-en-de"
    if not path.exists():
        return
    _, scores = score_matrix(str(path), "en-de", "mqm")
    rng = np.random.default_rng(0)
    pairs = list(itertools.combinations(range(len(scores)), 2))[:12]
    orders = np.array([rng.permutation(scores.shape[1]) for _ in range(20)])
    rows = np.concatenate([(scores[a] - scores[b])[orders] for a, b in pairs])
    base, by_hand = timed(lambda: [_stop_by_hand(list(r), 0.05) for r in rows])
    ours, (stops, _) = timed(sequences.asymptotic_first_stops, rows, 0.05)
    assert list(stops) == by_hand
    print(f"first stops of {len(rows)} pair × order runs of {scores.shape[1]} MQM items (the asymptotic sequence):")
    print(f"  baseline  item by item in Python:   {base:.3f} s")
    print(f"  lyss      vectorised (numpy):        {ours:.3f} s   speed-up {base / ours:.0f}×")


def questions_table() -> None:
    print("the community's questions, 200 random item orders (fixed design = 1.00, the baseline); each line: the "
          "betting sequence the verdicts use, then the asymptotic one used before (burn-in 60), on the same orders:")
    for folder, human in [*DATA, ("wmt23-en-de-esa", "MQM-1")]:
        path = SHARED / "data" / folder
        if not path.exists():
            continue
        systems, scores = score_matrix(str(path), "en-de", human)
        means = scores.mean(axis=1)
        ranked = [systems[k] for k in np.argsort(-means)]
        middle = float(np.median(means))
        for kind, extra in (("best", {}), ("non-inferior", {"baseline": ranked[0], "candidate": ranked[1]}),
                            ("pairs", {}), ("tier", {"candidate": ranked[0], "threshold": middle})):
            for sequence in ("betting", "asymptotic"):
                seconds, r = timed(simulate_question, str(path), "en-de", human, kind, DELTA[human], 200, sequence=sequence,
                                   **extra)
                nulls = r["null_type_one_error"] or {}
                said = "; ".join(f"{k.replace('_', ' ')} {v['overall']:.3f}" + (f" (worst {v['worst_pair']:.3f})" if
                                                                               "worst_pair" in v else "")
                                 for k, v in nulls.items())
                print(f"  {human:<7} {kind:<13} {sequence:<10} delta {DELTA[human]:g}: ratings {r['fraction']:.3f}, right "
                      f"{r['correct']:.3f}, wrong {r['wrong']:.3f}, open {r['open']:.3f}" + (f"; type I {said}" if said
                                                                                              else "") +
                      f"   ({seconds:.1f} s)")
        nulls = pairwise_nulls(str(path), "en-de", human)
        print(f"  {human:<7} every pair at alpha 0.05 (betting, without replacement), type I: " + "; ".join(
            f"{k.replace('_', ' ')} {v['overall']:.3f} (worst {v['worst_pair']:.3f})" for k, v in nulls.items()) +
              f"; bound for the worst pair {0.05 + 2 * math.sqrt(0.05 * 0.95 / 200):.3f}")
        print(f"  {human:<7} best, others at best - 1.05 delta: wrong "
              f"{stress_best(str(path), 'en-de', human, DELTA[human]):.3f} (at most 0.08)")


def breaking_table() -> None:
    """The cases built to break a sequence (``review.study.experiments.breaking``), for the betting sequence the
    verdicts use and the asymptotic one used before; a valid sequence stays within α + 2 binomial SE."""
    esa = SHARED / "data" / "wmt23-en-de-esa"
    wmt = SHARED / "data" / "wmt23-en-de"
    if not (esa.exists() and wmt.exists()):
        return
    print(f"cases built to break a sequence (alpha 0.05; a valid one stays within {breaking.bound(200):.3f} on 200 "
          f"orders, {breaking.bound(100):.3f} on 100), betting / asymptotic:")
    said = {seq: breaking.identical(60, 2.0, seq) for seq in ("betting", "asymptotic")}
    print("  60 identical ratings, delta 2: " + " / ".join(
        f"{r['decision']} " + ("—" if r["interval"] is None else f"[{r['interval'][0]:+.2f}, {r['interval'][1]:+.2f}]")
        for r in said.values()))
    systems, scores = score_matrix(str(esa), "en-de", "ESA-1")
    old = scores[int(np.argmax(scores.mean(axis=1)))]
    for name, new, delta in (("rare failures, delta 2", breaking.ruined(old, 2.0), 2.0),
                             ("rare failures, delta 8", breaking.ruined(old, 8.0), 8.0),
                             ("5 % of outputs changed, delta 2", breaking.changed(old, 0.05), 2.0)):
        found = [breaking.claims(old, new, delta, sequence=seq) for seq in ("betting", "asymptotic")]
        print(f"  {name} (true difference {found[0]['true_difference']:+.2f}): 'at least as good' " +
              " / ".join(f"{f['at_least_as_good']:.3f}" for f in found) + "; named best " +
              " / ".join(f"{f['named_best']:.3f}" for f in found))
    systems, scores = score_matrix(str(wmt), "en-de", "mqm")
    print("  12 MQM systems tied, delta 2: one eliminated in " + " / ".join(
        f"{breaking.tied_eliminated(systems, scores, 2.0, sequence=seq):.3f}" for seq in ("betting", "asymptotic")) +
        " of 100 orders")
    for folder, human in (("wmt23-en-de", "da-sqm"), ("wmt23-en-de-esa", "ESA-1"), ("wmt23-en-de", "mqm")):
        _, scores = score_matrix(str(SHARED / "data" / folder), "en-de", human)
        found = [breaking.independent_draws(scores, 4.0 if human != "mqm" else 2.0, sequence=seq)
                 for seq in ("betting", "asymptotic")]
        print(f"  {human}: independent draws of every pair exactly delta apart: 'at least as good' overall " +
              " / ".join(f"{f['overall']:.3f}" for f in found) + ", worst pair " +
              " / ".join(f"{f['worst_pair']:.3f}" for f in found))
    print("  the same item twice: refused by observe(item=); a rating that stands for several items counts once")
