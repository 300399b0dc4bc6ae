"""What issue 51's guarantees cost, on the real ratings of WMT23 en-de (MQM, DA+SQM, ESA-1):

1. **The whole campaign's α.** Pairs as it was (each pair at α: the baseline, named "before") against each of the
   m = K(K−1)/2 pairs at α/m (Bonferroni: what Pairs does), and Pairs decided by a closed test on e-values
   (``review.study.experiments.family``); Best as it was until issue 66 (every pair at α/m: "today", the baseline)
   against the α its claim needs (each pair at α/(K−1): "campaign", what Best does now). Ratings used (a fixed design
   = 1.00), right within δ, and the nulls: every system made tied (each centred) — Pairs calling any system better,
   Best saying any run lower —, and every other system just over δ below the best (Best naming a wrong best).
2. **The answered prefix.** Five speakers at once, a segment's outputs rated one by one: the questions fed in serving
   order along the answered prefix (what the questions do) against the order answers were recorded in (the baseline:
   what they did), with every segment taking the same time, and with the segments whose outputs the speakers rate
   lowest (their bottom tenth) taking eleven times longer: ratings made by the time the question was decided (a fixed
   design = 1.00), and how often its answer was wrong within δ.
"""

from __future__ import annotations

import numpy as np

from bench.common import SHARED, timed
from review.study.experiments import arrivals, breaking
from review.study.experiments.simulation import make_question, score_matrix, simulate_question, stress_best

DATA = [("wmt23-en-de", "mqm", 2.0), ("wmt23-en-de", "da-sqm", 4.0), ("wmt23-en-de-esa", "ESA-1", 8.0)]
ORDERS = 40


def main() -> None:
    family_table()
    prefix_table()


def _data():
    """(folder, human score, δ, systems, scores) of each shared data set there is."""
    for folder, human, delta in DATA:
        path = SHARED / "data" / folder
        if not path.exists():
            print(f"  {folder}: not in {SHARED}/data, skipped")
            continue
        yield path, human, delta, *score_matrix(str(path), "en-de", human)


def family_table() -> None:
    print(f"the whole campaign's alpha, {ORDERS} random orders (ratings: a fixed design = 1.00; 'before' is the "
          f"baseline, 'campaign' what the questions do):")
    for path, human, delta, systems, scores in _data():
        for kind, families in (("pairs", ("pair", "campaign", "closed")), ("best", ("every pair", "campaign"))):
            for family in families:
                seconds, r = timed(simulate_question, str(path), "en-de", human, kind, delta, ORDERS, seed=3,
                                   family=family)
                if kind == "pairs":
                    tied = breaking.tied_pairs_better(systems, scores, delta, family=family,
                                                      orders=ORDERS if family == "closed" else 200)
                    nulls = f"; tied systems, campaigns with any 'better' {tied:.3f}"
                else:  # Best's own nulls: tied systems (any run said lower), the others just over δ below the best
                    tied = breaking.tied_eliminated(systems, scores, delta, orders=ORDERS, family=family)
                    edge = stress_best(str(path), "en-de", human, delta, orders=ORDERS, family=family)
                    nulls = f"; tied systems, any run said lower {tied:.3f}; others at best - 1.05 delta, wrong best " \
                            f"{edge:.3f}"
                name = {"pair": "before", "every pair": "today"}.get(family, family)
                print(f"  {human:<7} {kind:<6} {name:<9} delta {delta:g}: ratings {r['fraction']:.3f}, right "
                      f"{r['correct']:.3f}, wrong {r['wrong']:.3f}, open {r['open']:.3f}{nulls}   ({seconds:.1f} s)")
    print(f"  (a valid campaign-wide alpha shows at most {breaking.bound(200):.3f} on 200 tied orders, "
          f"{breaking.bound(ORDERS):.3f} on {ORDERS})")


def _wrong(result: dict, truth: dict[str, float], delta: float) -> bool:
    best = result.get("best")
    return best is not None and truth[best] < max(truth.values()) - delta


def prefix_table() -> None:
    print(f"five speakers at once, Best over every system, {ORDERS} campaigns each (ratings by the decision: a fixed "
          f"design = 1.00; 'recorded' is the baseline, 'serving' what the questions do):")
    for _, human, delta, systems, scores in _data():
        low, high, n = float(scores.min()), float(scores.max()), scores.shape[1]
        truth = dict(zip(systems, scores.mean(axis=1)))
        bottom = scores.mean(axis=0) <= np.quantile(scores.mean(axis=0), 0.1)
        for times, seconds in (("same time", lambda item, served: float(len(served))),
                               ("bottom tenth 11x slower",
                                lambda item, served: len(served) * (11.0 if bottom[item] else 1.0))):
            for rule in ("recorded", "serving"):
                rng = np.random.default_rng(5)
                outcomes = [arrivals.campaign(scores, lambda: make_question("best", systems, delta, 0.05, low=low,
                                                                            high=high, population=n),
                                              systems, 5, seconds, rule, rng) for _ in range(ORDERS)]
                ratings = np.mean([o.ratings / (len(systems) * n) for o in outcomes])
                wrong = arrivals.false_rate(outcomes, lambda result: _wrong(result, truth, delta))
                print(f"  {human:<7} {times:<24} {rule:<9}: ratings {ratings:.3f}, wrong {wrong:.3f}")
