"""Statistics held by their independent columns (``scoring.shifted``): the whole matrix, every resample's sums,
every subset's sums and every subset are exactly those of the whole matrix, whatever rows break the rules; the
real chrF++ and BLEU statistics of the shared reports are kept so and score as before."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from scoring import cache, chrf, engine, runcard, shifted, stats, surface
from scoring.conventions import infer_conventions
from scoring.entry_stats import cached_records
from scoring.metrics import Statistics
from scoring.rubric import load_profile
from scoring.shifted import ShiftedColumns
from helpers import DEMO, report_paths, report_texts, whole_matrix
from sizes import examples

RULES = {"chrf": chrf.SHIFTED, "bleu": ((6, 0, 0), (7, 0, -1), (8, 0, -2), (9, 0, -3))}
WIDTH = {"chrf": 24, "bleu": 10}


@st.composite
def statistics(draw, kind: str):
    """Whole-number statistics of ``kind``'s shape: rows that follow its rules, and rows that break some."""
    n = draw(st.integers(1, 60))
    rules, k = RULES[kind], WIDTH[kind]
    full = np.array(draw(st.lists(st.lists(st.integers(0, 40), min_size=k, max_size=k), min_size=n, max_size=n)),
                    dtype=np.float64)
    follows = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    for row, ok in zip(full, follows):
        if ok:
            for derived, source, constant in rules:
                row[derived] = row[source] + constant
    return full


def _resamples(n: int, seed: int) -> np.ndarray:
    return stats.resample_counts(stats.harness_indices(n, 6, seed), n)


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(["chrf", "bleu"]).flatmap(lambda kind: st.tuples(st.just(kind), statistics(kind))),
       st.integers(0, 2**31), st.data())
def test_kept_by_rules_is_the_whole_matrix(kind_and_full, seed, data):
    kind, full = kind_and_full
    kept = ShiftedColumns.of(full, RULES[kind])
    n = len(full)
    assert kept.full().tobytes() == full.tobytes()
    assert len(kept.basis[0]) == WIDTH[kind] - len(RULES[kind])
    counts = _resamples(n, seed)
    assert kept.sums(counts).tobytes() == (counts @ full).tobytes()
    assert kept.sums(counts[0]).tobytes() == (counts[0] @ full).tobytes()
    rows = np.array(data.draw(st.lists(st.integers(0, n - 1), max_size=2 * n)), dtype=np.int64)
    assert kept.take(rows).full().tobytes() == full[rows].tobytes()
    assert kept.column_sums(rows).tobytes() == full[rows].sum(0).tobytes()
    assert kept.column_sums().tobytes() == full.sum(0).tobytes()
    mask = np.zeros(n, dtype=bool)
    mask[rows] = True
    assert kept.take(mask).full().tobytes() == full[mask].tobytes()
    cuts = sorted(data.draw(st.lists(st.integers(0, n), max_size=4)))
    parts = [ShiftedColumns.of(full[a:b], RULES[kind]) for a, b in zip([0, *cuts], [*cuts, n])]
    joiner = shifted.Joiner(n)
    for part in parts:
        joiner.add(part)
    assert joiner.result().full().tobytes() == full.tobytes()
    back = ShiftedColumns.from_plain(json.loads(json.dumps(kept.plain(), default=lambda a: a.tolist())))
    assert back.full().tobytes() == full.tobytes()


def test_a_damaged_plain_form_is_refused():
    full = np.arange(48, dtype=np.float64).reshape(2, 24)
    plain = ShiftedColumns.of(full, chrf.SHIFTED).plain()
    for damage in ({"rows": np.array([5])}, {"rules": [[3, 4, -1]]}, {"basis": np.zeros((2, 3))},
                   {"residual": "x"}):
        with pytest.raises(ValueError):
            ShiftedColumns.from_plain({**plain, **damage})


def test_the_shared_reports_statistics_are_kept_by_rules_and_score_as_before():
    """chrF++'s statistics of the shared reports kept by rules: two rows of 389 break them; kept so (BLEU's too,
    though their short sentences break its rules in most rows), every corpus value, resample and subset scores
    the floats the whole matrix scores."""
    predicted, references = report_texts()
    found = surface.batch_statistics(predicted, references, ("chrf", "bleu"))
    n = len(predicted)
    counts = _resamples(n, 12345)
    rows = np.arange(0, n, 3)
    for kind, full in found.items():
        kept = shifted.kept_by(surface.shifted_rules(kind), full)
        assert isinstance(kept, ShiftedColumns) and kept.full().tobytes() == full.tobytes()
        assert kept.worth_it() == (kind == "chrf")
        sentence = surface.sentence_scores(kind, full)
        plain, by_rules = Statistics(kind, full, sentence), Statistics(kind, kept, sentence)
        assert by_rules.value() == plain.value() and by_rules.value(rows) == plain.value(rows)
        assert by_rules.finish(by_rules.sums(counts)).tobytes() == plain.finish(plain.sums(counts)).tobytes()
        assert by_rules.subset(rows).value() == plain.subset(rows).value()
    assert len(ShiftedColumns.of(found["chrf"], chrf.SHIFTED).basis[0]) == 12


def test_records_kept_by_rules_come_back_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LYSS_CACHE_DIR", str(tmp_path))
    card = runcard.load(str(DEMO))
    conv = infer_conventions([e.reference for e in card.entries], card.target_language)
    cache.clear_memory()
    fresh, hit = cached_records(card.entries, conv)
    cache.clear_memory()
    again, hit_again = cached_records(card.entries, conv)
    assert not hit and hit_again
    for kind in ("chrf", "bleu", "ter"):
        assert type(again[kind]) is type(fresh[kind])
        assert whole_matrix(again[kind]).tobytes() == whole_matrix(fresh[kind]).tobytes()


def test_a_run_with_short_segments_keeps_its_whole_matrix():
    """Where many rows break the rules (outputs of a word or two: BLEU's totals), the whole matrix is kept."""
    full = np.zeros((40, 10))
    full[:, 0] = 2  # two words: no 3-grams, no 4-grams
    full[:, 6], full[:, 7] = 2, 1
    assert not ShiftedColumns.of(full, RULES["bleu"]).worth_it()
    assert shifted.settled(ShiftedColumns.of(full, RULES["bleu"])).tobytes() == full.tobytes()


@pytest.mark.parametrize("path", report_paths()[:1], ids=lambda p: p.name)
def test_a_report_scores_the_same_kept_by_rules_or_whole(path, monkeypatch):
    card = runcard.load(str(path))
    profile = load_profile("B")
    by_rules = engine.score_run(card, profile, use_cache=False, n_bootstrap=200)
    monkeypatch.setattr(shifted, "kept_by", lambda rules, full: full)
    whole = engine.score_run(card, profile, use_cache=False, n_bootstrap=200)
    assert json.dumps(by_rules["scores"]) == json.dumps(whole["scores"])
