"""Resampling: harness-exact bootstrap indices, percentile bounds, and sacrebleu's paired tests."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from sacrebleu.metrics import CHRF
from sacrebleu.significance import PairedTest

from helpers import DEMO
from scoring import compare, engine, stats
from scoring.rubric import load_profile
from scoring.runcard import RunCard, load
from sizes import examples


@pytest.mark.parametrize("n,seed", [(1, 3), (2, 12345), (47, 12345), (95, 12346), (200, 7), (1000, 1), (1025, 99)])
def test_vectorised_indices_equal_python_randint(n, seed):
    rng = random.Random(seed)
    want = np.array([[rng.randint(0, n - 1) for _ in range(n)] for _ in range(30)])
    assert np.array_equal(stats.harness_indices(n, 30, seed), want)


def test_resample_counts():
    idx = np.array([[0, 0, 2], [1, 2, 2]])
    assert stats.resample_counts(idx, 3).tolist() == [[2, 0, 1], [0, 1, 2]]


def test_percentile_interval_indices():
    values = np.arange(1000, dtype=float)[::-1]
    assert stats.percentile_interval(values) == (25.0, 974.0)


def _variant(card: RunCard) -> RunCard:
    """A second system: every third output replaced by the reference, every fifth emptied."""
    entries = []
    for i, e in enumerate(card.entries):
        pred = e.reference if i % 3 == 0 else ("" if i % 5 == 0 else e.predicted)
        entries.append(e.replace(predicted=pred))
    return RunCard(card.path + "#b", card.format, entries, card.meta)


@pytest.fixture(scope="module")
def two_runs():
    """The demo and a variant of it, scored with profile B: (A, B, their scored tables, profile)."""
    a = load(str(DEMO))
    b = _variant(a)
    profile = load_profile("B")
    return a, b, engine.score(a, profile, n_bootstrap=10), \
        engine.score(b, profile, n_bootstrap=10), profile


def test_paired_tests_equal_sacrebleu(two_runs):
    a, b, ra, rb, profile = two_runs
    ours = compare.paired(ra, rb, profile, "chrf_plus_plus", n_resamples=1000, n_trials=1000)
    refs = [e.reference for e in a.entries]
    systems = [("a", [e.predicted for e in a.entries]), ("b", [e.predicted for e in b.entries])]
    for kind, key, samples in (("bs", "p_bootstrap", 1000), ("ar", "p_randomization", 1000)):
        test = PairedTest(systems, {"chrF": CHRF(word_order=2)}, [refs], test_type=kind, n_samples=samples)
        _, result = test()
        want = result["chrF2++"][1]
        assert ours[key] == pytest.approx(want.p_value, abs=1e-12)
        assert ours["score_b"] == pytest.approx(want.score)


def test_paired_composite_and_ranking(two_runs):
    _, _, ra, rb, profile = two_runs
    res = compare.paired(ra, rb, profile, "composite", n_resamples=300, n_trials=300)
    assert res["delta"] == pytest.approx(rb.scores["composite"] - ra.scores["composite"])
    assert res["delta_ci_lower"] <= res["delta"] <= res["delta_ci_upper"]
    same = compare.paired(ra, ra, profile, "composite", n_resamples=200, n_trials=200)
    # sacrebleu's p-value is small for a run against itself; the CI of Δ (exactly 0) keeps it not significant
    assert same["delta"] == 0 and not same["significant"]
    ranking = compare.rank([ra, replace(rb, name="b"), replace(ra, name="a2")], profile, "composite", n_resamples=200, n_trials=200)
    assert [r["run"] for r in ranking][0] == "b"
    assert ranking[1]["cluster"] == ranking[2]["cluster"]  # identical runs share a cluster


def test_differing_ids_are_an_error():
    from scoring.errors import InputError
    a = load(str(DEMO))
    b = RunCard("other.json", "runcard", a.entries[:-1], {})
    with pytest.raises(InputError, match="ids differ"):
        compare.align([a, b])


def test_vectorised_chrf_equals_sacrebleu():
    from scoring import surface
    card = load(str(DEMO))
    stats_ = surface.batch_statistics([e.predicted for e in card.entries], [e.reference for e in card.entries])["chrf"]
    rng = np.random.default_rng(0)
    rows = np.vstack([stats_, stats_[rng.integers(0, len(stats_), (50, len(stats_)))].sum(1), np.zeros((1, stats_.shape[1]))])
    want = [surface.score_from_statistics("chrf", r) for r in rows]
    assert surface.chrf_from_statistics(rows).tolist() == want  # the same floats, not nearly


def test_resampled_scores_of_every_metric_are_sacrebleus_floats():
    from helpers import report_texts
    from scoring import surface
    found = surface.batch_statistics(*report_texts())
    rng = np.random.default_rng(1)
    for name, rows in found.items():
        sums = np.vstack([rows[rng.integers(0, len(rows), (60, k))].sum(1) for k in (1, 2, 7, len(rows))]
                         + [np.zeros((1, rows.shape[1]))])
        assert surface.scores_from_statistics(name, sums).tolist() == [surface.score_from_statistics(name, r)
                                                                       for r in sums]


SENTENCE_TEXT = st.lists(st.sampled_from(["a", "b", "ab", "c.", " ", "  ", "ᐊ", ",", "-", "1"]), max_size=16).map("".join)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.tuples(SENTENCE_TEXT, SENTENCE_TEXT), min_size=1, max_size=10))
def test_sentence_scores_of_a_batch_are_sacrebleus_floats(pairs):
    from scoring import surface
    found = surface.batch_statistics([p for p, _ in pairs], [r for _, r in pairs])
    for name, rows in found.items():
        assert surface.sentence_scores(name, rows).tolist() == [surface.sentence_score(name, r) for r in rows.tolist()]


def test_sentence_scores_of_the_shared_reports_are_sacrebleus_floats():
    from helpers import report_texts
    from scoring import surface
    found = surface.batch_statistics(*report_texts())
    for name, rows in found.items():
        assert surface.sentence_scores(name, rows).tolist() == [surface.sentence_score(name, r) for r in rows.tolist()]
