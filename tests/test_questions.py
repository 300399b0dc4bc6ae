"""The community's questions (``review.study.maths.questions``): the fixed interface, its refusals, decisions that never use
the future, intervals computed independently, and the figures on the shared WMT23 ratings (200 seeded orders):
the best system within δ with a fraction of a fixed design's ratings, right in ≥ 95 % of orders, and rarely
wrong when every other system sits just beyond δ."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from conftest import shared_file
from review.study.maths import questions, sequences
from review.study.maths.questions import Best, NonInferior, Pairs, Tier
from review.study.experiments.simulation import score_matrix, simulate_question


def feed(q, rows: list[dict]) -> None:
    for row in rows:
        if q.decided:
            break
        q.observe({s: row[s] for s in q.serving()})


@pytest.mark.parametrize("make, says", [
    (lambda: Best(["a", "b"], delta=0), "delta: 0 must be above 0"),
    (lambda: Best(["a", "b"], delta=float("nan")), "delta: nan is not a finite number"),
    (lambda: Best(["a", "b"], delta=2, alpha=1.5), "alpha: 1.5 must lie strictly between 0 and 1"),
    (lambda: Best(["a"], delta=2), "Best needs two systems or more"),
    (lambda: Pairs(["a", "a"], delta=2), "systems: give distinct names"),
    (lambda: Tier("a", threshold=50, delta=5, low=10, high=10), "low: 10 must be below high (10)"),
    (lambda: Tier("a", threshold=150, delta=5), "threshold: 150 must lie on the scale"),
    (lambda: Tier("a", threshold=3, delta=5), "at least delta above its low end"),
])
def test_bad_questions_are_one_line_value_errors(make, says):
    with pytest.raises(ValueError, match=None) as caught:
        make()
    assert says in str(caught.value) and "\n" not in str(caught.value)


def test_observe_takes_exactly_the_served_systems_finite_scores_and_nothing_after_the_decision():
    q = Best(["a", "b", "c"], delta=1.0)
    for scores, says in (({"a": 1, "b": 2}, "missing: c"), ({"a": 1, "b": 2, "c": 3, "d": 4}, "not served: d"),
                         ({"a": 1, "b": float("nan"), "c": 3}, "score of b: nan is not a finite number"),
                         ({"a": 1, "b": math.inf, "c": 3}, "score of b: inf"), ([1, 2, 3], "give a dict")):
        with pytest.raises(ValueError) as caught:
            q.observe(scores)
        assert says in str(caught.value)
    assert q.items == 0  # a refused item changes nothing
    q = NonInferior("old", "new", delta=1.0)
    feed(q, [{"old": 50.0, "new": 60.0 + (k % 3)} for k in range(200)])
    assert q.decided and q.result()["decision"] == "better" and q.serving() == []
    with pytest.raises(ValueError, match="decided"):
        q.observe({})


ROWS = st.lists(st.fixed_dictionaries({s: st.floats(-25, 0, allow_nan=False) for s in "abc"}), min_size=0,
                max_size=140)


@settings(max_examples=40, deadline=None)
@given(rows=ROWS, kind=st.sampled_from(["best", "pairs", "non-inferior", "tier"]))
def test_a_decision_is_made_from_the_items_so_far_never_a_later_one(rows, kind):
    """Each prefix of the items fed to a fresh question gives the result the question had after that prefix."""
    make = {"best": lambda: Best(list("abc"), delta=1.0), "pairs": lambda: Pairs(list("abc"), delta=1.0),
            "non-inferior": lambda: NonInferior("a", "b", delta=1.0),
            "tier": lambda: Tier("a", threshold=-10, delta=2.0, low=-25, high=0)}[kind]
    q = make()
    seen = []
    for row in rows:
        if q.decided:
            break
        q.observe({s: row[s] for s in q.serving()})
        seen.append(q.result())
    for t, expected in enumerate(seen, 1):
        again = make()
        feed(again, rows[:t])
        assert again.result() == expected


def test_the_interval_is_the_running_intersection_of_the_asymptotic_sequence_computed_by_hand():
    rng = np.random.default_rng(4)
    d = rng.normal(1.5, 6.0, 300)
    q = NonInferior("base", "cand", delta=0.5, alpha=0.05)
    low, high = -math.inf, math.inf
    for t, x in enumerate(d, 1):
        if q.decided:
            break
        q.observe({"base": 0.0, "cand": float(x)})
        if t >= questions.BURN_IN:
            m, v = d[:t].mean(), d[:t].var()
            rho2 = (-2 * math.log(0.05) + math.log(-2 * math.log(0.05) + 1)) / sequences.OPTIMISED_AT
            r = math.sqrt(v) * math.sqrt(2 * (t * rho2 + 1) / (t * t * rho2) * math.log(math.sqrt(t * rho2 + 1) / 0.05))
            low, high = max(low, m - r), min(high, m + r)
            assert q.result()["interval"] == pytest.approx([low, high], rel=1e-12, abs=1e-12)
        else:
            assert q.result()["interval"] is None
    assert q.decided and q.result()["decision"] in ("better", "at least as good")


@pytest.mark.parametrize("data, human, delta", [("wmt23-en-de", "mqm", 2.0), ("wmt23-en-de", "da-sqm", 4.0),
                                               ("wmt23-en-de-esa", "ESA-1", 8.0)])
def test_the_best_system_within_delta_with_a_fraction_of_the_ratings(data, human, delta):
    folder = shared_file(f"data/{data}")
    found = simulate_question(str(folder), "en-de", human, "best", delta, orders=200, seed=7)
    assert found["fraction"] <= 0.30 and found["correct"] >= 0.95, found
    assert found["null_type_one_error"]["sign_flip"]["overall"] <= 0.05


def test_best_is_rarely_wrong_when_every_other_system_is_just_beyond_delta():
    """Stress: each other system shifted so its mean is the best's minus 1.05 δ (each item's pattern kept)."""
    from review.study.experiments.simulation import stress_best
    assert stress_best(str(shared_file("data/wmt23-en-de")), "en-de", "mqm", 2.0, orders=200, seed=11) <= 0.08


def test_the_simulation_command_and_its_bad_input(capsys):
    from desktop.cli import main
    folder = str(shared_file("data/wmt23-en-de"))
    base = ["study", "simulate-sequential", folder, "--lp", "en-de", "--human", "mqm", "--orders", "20"]
    assert main([*base, "--question", "non-inferior", "--delta", "2", "--baseline", "ONLINE-A", "--candidate",
                 "ONLINE-B", "--json"]) == 0
    import json
    found = json.loads(capsys.readouterr().out)
    assert set(found) >= {"fraction", "correct", "wrong", "open", "null_type_one_error", "fractions"}
    assert len(found["fractions"]) == 20 and found["baseline"] == "ONLINE-A"
    for extra, says in ((["--question", "best"], "--delta: a question needs its margin"),
                        (["--question", "best", "--delta", "0"], "--delta: 0 must be above 0"),
                        (["--question", "best", "--delta", "nan"], "--delta: nan is not a finite number"),
                        (["--question", "non-inferior", "--delta", "2", "--baseline", "sysZ"], "--baseline: sysZ"),
                        (["--question", "tier", "--delta", "2"], "--threshold: a tier question needs"),
                        (["--question", "tier", "--delta", "2", "--threshold", "50"], "--threshold: 50 must lie")):
        capsys.readouterr()
        assert main([*base, *extra]) == 2, extra
        err = capsys.readouterr().err
        assert says in err and err.count("\n") == 1, (extra, err)


@pytest.mark.parametrize("data, human", [("wmt23-en-de", "mqm"), ("wmt23-en-de", "da-sqm"),
                                         ("wmt23-en-de-esa", "ESA-1"), ("wmt23-en-de-esa", "MQM-1")])
def test_the_pairwise_sequence_keeps_its_error_level_under_both_nulls(data, human):
    """Every pair of systems, 200 orders, burn-in 60, α = 0.05: under the sign-flip null and under the null that
    keeps each pair's skew (its differences centred), the share of orders that decide a difference is at most α
    overall and at most α plus two binomial standard errors on the worst pair."""
    from review.study.experiments.simulation import pairwise_nulls
    found = pairwise_nulls(str(shared_file(f"data/{data}")), "en-de", human, 0.05, 200, seed=1)
    bound = 0.05 + 2 * math.sqrt(0.05 * 0.95 / 200)
    for null in ("sign_flip", "centred"):
        assert found[null]["overall"] <= 0.05 and found[null]["worst_pair"] <= bound, (null, found)


def test_a_tier_with_its_threshold_at_the_true_mean_is_rarely_refused():
    """The betting sequence is valid from the first item: with the threshold at a system's mean over every item,
    "not reached" comes first in at most α of the orders."""
    from review.study.experiments.simulation import tier_null_error
    systems, m = score_matrix(str(shared_file("data/wmt23-en-de")), "en-de", "mqm")
    rng = np.random.default_rng(3)
    for k in (0, len(systems) // 2, len(systems) - 1):
        assert tier_null_error(m[k], 2.0, 0.05, float(m.min()), float(m.max()), 100, rng) <= 0.05


def test_a_forecast_is_a_range_that_holds_the_items_the_decision_took():
    """The speaker-hours "to the decision" come from replays of the answers so far (``questions.forecast``): on
    DA+SQM's non-inferiority question (the two best systems, δ 4), every 5 items from the burn-in until it is
    decided, the items it really took lie within the forecast's 10–90 % range in most looks (80 % nominal), and the
    next look's middle lies within the last look's range: the estimate moves inside the range it showed. Before the burn-in there is no forecast (replays of so few items miss rare large errors),
    a decided question needs nothing, and the same answers give the same forecast."""
    systems, m = score_matrix(str(shared_file("data/wmt23-en-de")), "en-de", "da-sqm")
    ranked = [systems[k] for k in np.argsort(-m.mean(axis=1))]
    index = {s: k for k, s in enumerate(systems)}
    rng = np.random.default_rng(2)
    inside = looks = 0
    steps = []
    for _ in range(12):
        q, fed, ahead = NonInferior(ranked[0], ranked[1], delta=4.0), [], {}
        order = rng.permutation(m.shape[1])
        for k, j in enumerate(order, 1):
            fed.append({s: float(m[index[s], j]) for s in q.serving()})
            q.observe(fed[-1])
            if q.decided:
                break
            if k < questions.BURN_IN:
                assert questions.forecast(q, fed, len(order) - k)["items"] is None
            elif k % 5 == 0:
                ahead[k] = questions.forecast(q, fed, len(order) - k)
                assert ahead[k] == questions.forecast(q, fed, len(order) - k)
        for at, f in ahead.items():
            low, _, high = f["items"]
            looks += 1
            inside += low <= k - at <= (math.inf if high is None else high)
        totals = [[at + v if v is not None else math.inf for v in f["items"]] for at, f in ahead.items()]
        steps += [before[0] <= after[1] <= before[2] for before, after in zip(totals, totals[1:])]
    assert looks >= 30 and inside / looks >= 0.6, (inside, looks)
    assert sum(steps) / len(steps) >= 0.8, steps  # the next look's middle lies in the last look's range
    assert questions.forecast(q, fed, 10) == {"items": [0, 0, 0], "ratings": [0, 0, 0], "decided_in_campaign": 1.0,
                                              "runs": 0}
