"""The community's questions (``review.study.maths.questions``): the fixed interface, its refusals, decisions that never use
the future, intervals computed independently, the cases built to break a sequence (60 identical ratings, rare
failures, shared outputs, all tied, repeats, independent draws of every real pair) and the figures on the shared
WMT23 ratings (200 seeded orders): the best system within δ with a fraction of a fixed design's ratings, right in
≥ 95 % of orders.

The Monte-Carlo checks run their full count of orders under ``make evidence`` and a few under ``make test``, which
asserts each claim on the evidence kept for the code it runs (tests/evidence.py)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import evidence
from sizes import examples, size
from helpers import confseq, shared_file
from review.study import research_files
from review.study.maths import questions, sequences
from review.study.maths.questions import Best, NonInferior, Pairs, Tier
from review.study.experiments import breaking
from review.study.experiments.simulation import score_matrix, simulate_question


pytestmark = pytest.mark.evidence  # make evidence runs it at full size (docs/testing.md)
BOUND = breaking.bound(200)  # α plus two binomial standard errors of 200 orders


def ratings(data: str, human: str) -> tuple:
    """The file of human scores a check reads (its evidence is kept with that file's digest)."""
    return (research_files.human_scores_file(str(shared_file(f"data/{data}")), "en-de", human),)


def feed(q, rows: list[dict]) -> None:
    for k, row in enumerate(rows):
        if q.decided:
            break
        q.observe({s: row[s] for s in q.serving()}, item=k)


@pytest.mark.parametrize("make, says", [
    (lambda: Best(["a", "b"], delta=0), "delta: 0 must be above 0"),
    (lambda: Best(["a", "b"], delta=float("nan")), "delta: nan is not a finite number"),
    (lambda: Best(["a", "b"], delta=2, alpha=1.5), "alpha: 1.5 must lie strictly between 0 and 1"),
    (lambda: Best(["a"], delta=2), "Best needs two systems or more"),
    (lambda: Pairs(["a", "a"], delta=2), "systems: give distinct names"),
    (lambda: Tier("a", threshold=50, delta=5, low=10, high=10), "low: 10 must be below high (10)"),
    (lambda: Tier("a", threshold=150, delta=5), "threshold: 150 must lie on the scale"),
    (lambda: Tier("a", threshold=3, delta=5), "at least delta above its low end"),
    (lambda: NonInferior("a", "b", delta=2, low=0, high=1), "delta: 2 must be smaller than the scale"),
    (lambda: Pairs(["a", "b"], delta=2, population=0), "population: 0 must be a whole number"),
])
def test_bad_questions_are_one_line_value_errors(make, says):
    with pytest.raises(ValueError, match=None) as caught:
        make()
    assert says in str(caught.value) and "\n" not in str(caught.value)


def test_observe_takes_exactly_the_served_systems_finite_scores_and_nothing_after_the_decision():
    q = Best(["a", "b", "c"], delta=1.0)
    for scores, says in (({"a": 1, "b": 2}, "missing: c"), ({"a": 1, "b": 2, "c": 3, "d": 4}, "not served: d"),
                         ({"a": 1, "b": float("nan"), "c": 3}, "score of b: nan is not a finite number"),
                         ({"a": 1, "b": math.inf, "c": 3}, "score of b: inf"), ([1, 2, 3], "give a dict"),
                         ({"a": 1e9, "b": 2, "c": 3}, "score of a: 1e+09 lies outside the scale [0, 100]"),
                         ({"a": -500, "b": 2, "c": 3}, "score of a: -500 lies outside the scale")):
        with pytest.raises(ValueError) as caught:
            q.observe(scores, item=1)
        assert says in str(caught.value) and "\n" not in str(caught.value)
    assert q.items == 0  # a refused item changes nothing
    q.observe({"a": np.float32(50), "b": np.int64(40), "c": np.float64(30.5)}, item="seg-1")  # numpy numbers are numbers
    with pytest.raises(ValueError, match="item 'seg-1' was observed already: each item counts once"):
        q.observe({"a": 50, "b": 40, "c": 30}, item="seg-1")  # the same item twice counts once
    assert q.items == 1
    q = NonInferior("old", "new", delta=1.0)
    feed(q, [{"old": 50.0, "new": 60.0 + (k % 3)} for k in range(200)])
    assert q.decided and q.result()["decision"] in ("better", "at least as good") and q.serving() == []
    with pytest.raises(ValueError, match="decided"):
        q.observe({}, item="later")


@pytest.mark.parametrize("item, says", [
    (None, "item None: give each item an id"),
    (["seg", 1], "item ['seg', 1] is a list, not an id"),
    ({"seg": 1}, "is a dict, not an id"),
])
def test_an_item_without_a_usable_id_is_one_line(item, says):
    q = NonInferior("old", "new", delta=2.0)
    with pytest.raises(ValueError) as caught:
        q.observe({"old": 50, "new": 50}, item=item)
    assert says in str(caught.value) and "\n" not in str(caught.value) and q.items == 0


def test_the_same_item_as_text_and_as_a_number_is_refused_naming_both():
    q = Tier("run", threshold=50, delta=5)
    q.observe({"run": 60}, item=7)
    with pytest.raises(ValueError, match="item '7' was observed already as 7: give an item the same id each time"):
        q.observe({"run": 60}, item="7")
    q.observe({"run": 60}, item=("seg", 8))
    with pytest.raises(ValueError, match="observed already as"):
        q.observe({"run": 60}, item="('seg', 8)")
    assert q.items == 2


def test_a_one_to_five_task_on_a_zero_to_a_hundred_question_is_one_line():
    """A campaign's question holds numbers on its task's scale: a threshold of 70 (0–100) for task A's 1–5 is refused
    naming the scale, as a margin wider than the scale is."""
    from review import tasks
    adequacy = tasks.task("A")
    for asked, says in (({"kind": "tier", "threshold": 70, "delta": 0.5}, "threshold: 70 must lie on the scale (1, 5]"),
                        ({"kind": "best", "delta": 10}, "delta: 10 must be smaller than the scale (1 to 5)")):
        with pytest.raises(ValueError) as caught:
            questions.from_settings({"question": asked}, ["a", "b"] if asked["kind"] == "best" else ["a"], adequacy)
        assert says in str(caught.value) and "\n" not in str(caught.value)


def test_a_forecast_never_draws_more_items_than_its_question_is_about():
    """A campaign larger than the question's population (a segment held twice is one item): the replays stop at the
    population instead of raising."""
    q = NonInferior("old", "new", delta=2.0, population=80)
    fed = [{"old": 50.0, "new": 48.0 + (k % 7) - 3} for k in range(70)]  # a mean difference of −δ: open
    feed(q, fed)
    assert not q.decided
    found = questions.forecast(q, fed, items_left=500)
    assert found["runs"] == questions.FORECAST_RUNS and (found["items"] is None or found["items"][0] is None or
                                                          found["items"][0] <= 10)


def test_sixty_identical_ratings_settle_nothing():
    """The asymptotic sequence said "at least as good", interval [0, 0], after 60 identical ratings: its running
    variance was 0. On a 0–100 scale the next item could be anything: the betting sequence stays open, its interval
    holds differences far beyond δ, and a decision needs more items than a whole 60-segment campaign (which, rated
    whole, is settled by its last item: the mean over those 60 is then known)."""
    for population in (None, 1000):
        q = NonInferior("old", "new", delta=2.0, population=population)
        feed(q, [{"old": 90.0, "new": 90.0}] * 60)
        found = q.result()
        assert found["decision"] == "open" and found["interval"][0] < -5 and found["interval"][1] > 5, found
    assert breaking.identical(60, 2.0)["decision"] == "open"
    assert breaking.identical(60, 2.0, sequence="asymptotic")["interval"] == [0.0, 0.0]  # what the old one said
    whole = NonInferior("old", "new", delta=2.0, population=60)
    feed(whole, [{"old": 90.0, "new": 90.0}] * 60)
    assert whole.result()["decision"] == "at least as good"
    assert sequences.fewest_items(2 / 200) > 60


def _esa_best():
    systems, m = score_matrix(str(shared_file("data/wmt23-en-de-esa")), "en-de", "ESA-1")
    return m[int(np.argmax(m.mean(axis=1)))]


@pytest.mark.parametrize("delta", [2.0, 8.0])
def test_rare_failures_are_not_called_at_least_as_good(delta):
    """Built from real ESA items: a new version half a point better on almost every item that ruins a few (its true
    difference just beyond −δ). Served in 200 random orders: "at least as good" (or "better") in at most α plus two
    binomial standard errors; given the same two as systems, Best names the ruined copy best as rarely."""
    old = _esa_best()
    new = breaking.ruined(old, delta)
    assert (new - old).mean() < -delta and (new >= old).mean() > 0.9  # as good or better almost everywhere, worse on average
    evidence.check(f"questions-rare-failures-{delta:g}", lambda n: breaking.claims(old, new, delta, orders=n),
                   _rarely_claimed, orders=(200, 4), data=ratings("wmt23-en-de-esa", "ESA-1"))


def _rarely_claimed(found: dict) -> None:
    assert found["at_least_as_good"] <= BOUND and found["named_best"] <= BOUND, found


def test_shared_outputs_rated_once_do_not_make_a_changed_version_certain():
    """Identical outputs are rated once, so a new version that changes 5 % of the sentences gives differences of
    exactly 0 on the rest. The changed ones ruin their item: "at least as good" must stay rare."""
    old = _esa_best()
    new = breaking.changed(old, 0.05)
    assert (new - old).mean() < -2.0 and (new == old).mean() >= 0.95
    evidence.check("questions-shared-outputs", lambda n: breaking.claims(old, new, 2.0, orders=n, seed=5),
                   _rarely_claimed, orders=(200, 4), data=ratings("wmt23-en-de-esa", "ESA-1"))


def test_with_every_system_tied_none_is_eliminated_as_surely_worse():
    """The 12 MQM systems made equal on average (each centred on the grand mean, its pattern over items kept): the
    asymptotic sequence eliminated a tied system in 12.5 % of orders; Best may eliminate one in at most α (+2 SE)."""
    systems, m = score_matrix(str(shared_file("data/wmt23-en-de")), "en-de", "mqm")
    evidence.check("questions-tied-eliminated", lambda n: breaking.tied_eliminated(systems, m, 2.0, orders=n),
                   lambda share: _at_most(share, breaking.bound(100)), orders=(100, 2),
                   data=ratings("wmt23-en-de", "mqm"))


def _at_most(share: float, bound: float) -> None:
    assert share <= bound, (share, bound)


ROWS = st.lists(st.fixed_dictionaries({s: st.floats(-25, 0, allow_nan=False) for s in "abc"}), min_size=0,
                max_size=140)


@settings(max_examples=examples(40), deadline=None)
@given(rows=ROWS, kind=st.sampled_from(["best", "pairs", "non-inferior", "tier"]))
def test_a_decision_is_made_from_the_items_so_far_never_a_later_one(rows, kind):
    """Each prefix of the items fed to a fresh question gives the result the question had after that prefix."""
    scale = {"low": -25, "high": 0}
    make = {"best": lambda: Best(list("abc"), delta=1.0, **scale), "pairs": lambda: Pairs(list("abc"), delta=1.0, **scale),
            "non-inferior": lambda: NonInferior("a", "b", delta=1.0, **scale),
            "tier": lambda: Tier("a", threshold=-10, delta=2.0, **scale)}[kind]
    q = make()
    seen = []
    for k, row in enumerate(rows):
        if q.decided:
            break
        q.observe({s: row[s] for s in q.serving()}, item=k)
        seen.append(q.result())
    for t, expected in enumerate(seen, 1):
        again = make()
        feed(again, rows[:t])
        assert again.result() == expected


@pytest.mark.parametrize("data, human", [("wmt23-en-de", "da-sqm"), ("wmt23-en-de-esa", "ESA-1")])
def test_independent_draws_of_every_real_pair_on_a_bounded_scale_keep_alpha(data, human):
    """Items drawn independently (with replacement: the model of a test set as a sample of the language) from every
    real pair, shifted so that the candidate is exactly δ worse: the with-replacement sequence claims "at least as
    good" in at most α (+2 SE) of 200 draws of 400 items, on every pair. (MQM, whose penalties have no floor: its
    figure is in make bench.)"""
    systems, m = score_matrix(str(shared_file(f"data/{data}")), "en-de", human)
    evidence.check(f"questions-independent-draws-{human}", lambda n: breaking.independent_draws(m, 4.0, orders=n),
                   lambda found: _at_most(found["worst_pair"], BOUND), orders=(200, 3), data=ratings(data, human))


def test_the_interval_is_the_betting_sequence_s_running_intersection_computed_independently():
    """NonInferior's decision and interval against confseq's betting martingale without replacement (the same bets,
    truncation and hedge), item by item."""
    betting_mart = confseq("betting").betting_mart
    rng = np.random.default_rng(4)
    d = np.clip(rng.normal(1.5, 6.0, 300), -100, 100)
    q = NonInferior("base", "cand", delta=0.5, population=300)
    unit = sequences.unit_difference(d, 100.0)
    for t, x in enumerate(d, 1):
        if q.decided:
            break
        q.observe({"base": 50.0, "cand": 50.0 + float(x) / 2}, item=t)
    t = q.items
    half = sequences.unit_difference(d[:t] / 2, 100.0)
    capital = betting_mart(half, float(sequences.unit_difference(-0.5, 100.0)), alpha=0.05, N=300, theta=1.0,
                           trunc_scale=sequences.TRUNCATION, lambdas_fn_positive=lambda x, m: _bets(x))
    assert q.decided and int(np.argmax(capital >= 40)) + 1 == t and not (capital[:-1] >= 40).any()
    assert unit.shape == d.shape


def _bets(x):
    return confseq("betting").lambda_predmix_eb(x, alpha=0.025)


@pytest.mark.parametrize("data, human, delta", [("wmt23-en-de", "mqm", 2.0), ("wmt23-en-de", "da-sqm", 4.0),
                                               ("wmt23-en-de-esa", "ESA-1", 8.0)])
def test_the_best_system_within_delta_with_a_fraction_of_the_ratings(data, human, delta):
    folder = shared_file(f"data/{data}")

    def claim(found: dict) -> None:
        # the price of the whole campaign's α (each of the 66 pairs at α/66, not the best's 11 pairs at α/11): MQM
        # 0.458 → 0.538, ESA-1 0.344 → 0.354 of a fixed design's ratings
        assert found["fraction"] <= {"mqm": 0.55, "da-sqm": 0.45, "ESA-1": 0.36}[human], found
        assert found["correct"] >= 0.95, found
        assert found["null_type_one_error"]["sign_flip"]["overall"] <= 0.05

    evidence.check(f"questions-best-within-delta-{human}",
                   lambda n: simulate_question(str(folder), "en-de", human, "best", delta, orders=n, seed=7),
                   claim, orders=(200, 2), data=ratings(data, human))


@pytest.mark.parametrize("data, human, delta", [("wmt23-en-de", "mqm", 2.0), ("wmt23-en-de", "da-sqm", 4.0),
                                               ("wmt23-en-de-esa", "ESA-1", 8.0)])
def test_every_pair_of_twelve_tied_systems_keeps_alpha_for_the_whole_campaign(data, human, delta):
    """Every system centred on the grand mean (each pair's mean difference exactly 0), every pair asked: the share of
    100 orders in which Pairs calls any system better than another stays within α + 2 binomial SE — the risk of the
    whole campaign. Before (each pair at α) DA+SQM's 12 systems said some "better" in 39 % of campaigns."""
    systems, m = score_matrix(str(shared_file(f"data/{data}")), "en-de", human)
    evidence.check(f"questions-tied-pairs-{human}", lambda n: breaking.tied_pairs_better(systems, m, delta, orders=n),
                   lambda share: _at_most(share, breaking.bound(100)), orders=(100, 3), data=ratings(data, human))
    if human == "da-sqm":
        def claim(share: float) -> None:
            assert share > 0.3, share
        evidence.check("questions-tied-pairs-each-at-alpha-da-sqm",
                       lambda n: breaking.tied_pairs_better(systems, m, delta, orders=n, family="pair"), claim,
                       orders=(100, 3), data=ratings(data, human))


def test_the_tied_pairs_figures_are_the_pairs_question_s_own():
    """``breaking.tied_pairs_better`` finds each pair's first claim for all pairs at once; on the same orders the
    question object itself (fed item by item) makes the same claims."""
    systems, m = score_matrix(str(shared_file("data/wmt23-en-de")), "en-de", "da-sqm")
    orders = size(6, 2)  # make evidence: 6 orders; make test: 2 (each fed item by item to Pairs)
    for family in ("pair", "campaign"):
        vectorised = breaking.tied_pairs_better(systems, m, 4.0, orders=orders, seed=2, family=family)
        tied = m - m.mean(axis=1, keepdims=True) + m.mean()
        rng = np.random.default_rng(2)
        claimed = 0
        from review.study.experiments.simulation import make_question
        for _ in range(orders):
            q = make_question("pairs", systems, 4.0, 0.05, low=float(tied.min()), high=float(tied.max()),
                              population=m.shape[1], family=family)
            feed(q, [{s: float(tied[k, j]) for k, s in enumerate(systems)} for j in rng.permutation(m.shape[1])])
            claimed += any(p["decision"] in ("a better", "b better") for p in q.result()["pairs"])
        assert vectorised == claimed / orders, family


def test_a_closed_test_on_e_values_rejects_only_what_every_average_rejects():
    """The closure of the average (the measured alternative to α/m): a null is rejected once its e-value averaged
    with any of the others is at least 1/α; one huge e-value alone among small ones is not enough, many are."""
    from review.study.experiments.family import closure
    alpha = 0.05
    few = closure(np.log(np.array([100.0, 1.0, 1.0, 1.0, 1.0])), alpha)
    assert few.tolist() == [True, False, False, False, False]  # 100 ≥ 20, (100 + 1)/2 ≥ 20, (100 + 4)/5 ≥ 20
    lonely = closure(np.log(np.array([60.0, 0.1, 0.1, 0.1])), alpha)
    assert not lonely[0]  # (60 + 0.3) / 4 < 20
    many = closure(np.log(np.array([90.0, 90.0, 90.0, 0.1])), alpha)
    assert many.tolist() == [True, True, True, False]


def test_best_is_rarely_wrong_when_every_other_system_is_just_beyond_delta():
    """Stress: each other system shifted so its mean is the best's minus 1.05 δ (each item's pattern kept)."""
    from review.study.experiments.simulation import stress_best
    folder = str(shared_file("data/wmt23-en-de"))
    evidence.check("questions-best-stressed", lambda n: stress_best(folder, "en-de", "mqm", 2.0, orders=n, seed=11),
                   lambda share: _at_most(share, 0.08), orders=(200, 2), data=ratings("wmt23-en-de", "mqm"))


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
                        (["--question", "best", "--delta", "500"], "--delta: 500 must be smaller than the scale"),
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
    """Every pair of systems, 200 orders, α = 0.05, without replacement: under the sign-flip null and under the null that
    keeps each pair's skew (its differences centred), the share of orders that decide a difference is at most α
    overall and at most α plus two binomial standard errors on the worst pair."""
    from review.study.experiments.simulation import pairwise_nulls
    bound = 0.05 + 2 * math.sqrt(0.05 * 0.95 / 200)

    def claim(found: dict) -> None:
        for null in ("sign_flip", "centred"):
            assert found[null]["overall"] <= 0.05 and found[null]["worst_pair"] <= bound, (null, found)

    evidence.check(f"questions-pairwise-nulls-{data}-{human}",
                   lambda n: pairwise_nulls(str(shared_file(f"data/{data}")), "en-de", human, 0.05, n, seed=1),
                   claim, orders=(200, 3), data=ratings(data, human))


def test_a_tier_with_its_threshold_at_the_true_mean_is_rarely_refused():
    """The betting sequence is valid from the first item: with the threshold at a system's mean over every item,
    "not reached" comes first in at most α of the orders."""
    from review.study.experiments.simulation import tier_null_error
    systems, m = score_matrix(str(shared_file("data/wmt23-en-de")), "en-de", "mqm")

    def errors(orders: int) -> list[float]:
        rng = np.random.default_rng(3)
        return [tier_null_error(m[k], 2.0, 0.05, float(m.min()), float(m.max()), orders, rng)
                for k in (0, len(systems) // 2, len(systems) - 1)]

    def claim(found: list[float]) -> None:
        assert max(found) <= 0.05 + 2 * math.sqrt(0.05 * 0.95 / 100), found

    evidence.check("questions-tier-at-the-true-mean", errors, claim, orders=(100, 2),
                   data=ratings("wmt23-en-de", "mqm"))


def test_a_forecast_is_a_range_that_holds_the_items_the_decision_took():
    """The speaker-hours "to the decision" come from replays of the answers so far (``questions.forecast``): on
    DA+SQM's non-inferiority question (the two best systems, δ 4), every 5 items from the burn-in until it is
    decided, the items it really took lie within the forecast's 10–90 % range in most looks (80 % nominal), and the
    next look's middle lies within the last look's range: the estimate moves inside the range it showed. Before the burn-in there is no forecast (replays of so few items miss rare large errors),
    a decided question needs nothing, and the same answers give the same forecast."""
    systems, m = score_matrix(str(shared_file("data/wmt23-en-de")), "en-de", "da-sqm")
    evidence.check("questions-forecast-ranges", lambda runs: _forecast_looks(systems, m, runs), _forecasts_hold,
                   orders=(12, 2), data=ratings("wmt23-en-de", "da-sqm"))


def _forecast_looks(systems: list[str], m: np.ndarray, runs: int) -> dict:
    """``runs`` campaigns in seeded random orders, a forecast every 5 items: how many looks, how many held the items
    the decision really took within their range, how many next looks' middles lay in the last look's range."""
    ranked = [systems[k] for k in np.argsort(-m.mean(axis=1))]
    scale = {"low": float(m.min()), "high": float(m.max()), "population": m.shape[1]}
    index = {s: k for k, s in enumerate(systems)}
    rng = np.random.default_rng(2)
    inside = looks = 0
    steps = []
    for _ in range(runs):
        q, fed, ahead = NonInferior(ranked[0], ranked[1], delta=4.0, **scale), [], {}
        order = rng.permutation(m.shape[1])
        for k, j in enumerate(order, 1):
            fed.append({s: float(m[index[s], j]) for s in q.serving()})
            q.observe(fed[-1], item=j)
            if q.decided:
                break
            if k < questions.FORECAST_FROM:
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
    assert questions.forecast(q, fed, 10) == {"items": [0, 0, 0], "ratings": [0, 0, 0], "decided_in_campaign": 1.0,
                                              "runs": 0}
    return {"looks": looks, "inside": inside, "steps": len(steps), "steps_inside": sum(steps)}


def _forecasts_hold(found: dict) -> None:
    assert found["looks"] >= 30 and found["inside"] / found["looks"] >= 0.6, found
    assert found["steps_inside"] / found["steps"] >= 0.8, found  # the next look's middle lies in the last look's range
