"""Reproduce the numbers the reference harness recorded in the four shared reports."""

from __future__ import annotations

import json

import pytest

from helpers import report_paths, shared_file
from scoring import engine, rubric, runcard

REPORTS = report_paths() or [None]


def _score(path, profile="B"):
    card = runcard.load(str(path))
    return card, engine.score_run(card, rubric.load_profile(profile))


@pytest.fixture(scope="module", params=REPORTS, ids=lambda p: p.name[13:40] if p else "missing")
def scored(request):
    if request.param is None:
        shared_file("data/champollion-reports")
    card, out = _score(request.param)
    return json.loads(request.param.read_text("utf-8"))["overall"], out


def test_corpus_scores_match_recorded(scored):
    recorded, out = scored
    s = out["scores"]
    assert abs(round(s["chrf_plus_plus"], 2) - recorded["corpus_chrf"]) < 1e-6
    assert abs(round(s["bleu"], 2) - recorded["corpus_bleu"]) < 1e-6
    assert abs(round(s["ter"], 2) - recorded["corpus_ter"]) < 1e-6
    assert abs(round(s["exact_match_rate"], 4) - recorded["exact_match_rate"]) < 1e-6
    assert s["exact_matches"] == recorded["exact_match_count"]
    # the unrounded score the harness kept in its CI block
    assert abs(s["chrf_plus_plus"] - recorded["confidence_intervals"]["corpus_chrf"]["score"]) < 5e-4


@pytest.mark.parametrize("key,ours", [("corpus_chrf", "chrf_plus_plus"), ("exact_match_rate", "exact_match_rate"),
                                      ("corpus_bleu", "bleu")])
def test_confidence_intervals_match_recorded(scored, key, ours):
    recorded, out = scored
    want = recorded["confidence_intervals"][key]
    got = out["scores"]["confidence_intervals"][ours]
    # the issue asks for bounds within 1.0 point; the resampling reproduces them exactly
    assert abs(got["ci_lower"] - want["ci_lower"]) < 1e-4
    assert abs(got["ci_upper"] - want["ci_upper"]) < 1e-4
    assert got["seed"] == want["seed"] == 12345 and got["n_bootstrap"] == 1000


def test_confidence_intervals_by_tier_match_recorded(scored):
    recorded, out = scored
    ours = out["scores"]["confidence_intervals_by_tier"]
    for tier, block in recorded["confidence_intervals_by_tier"].items():
        for key in ("corpus_chrf", "exact_match_rate"):
            assert abs(ours[tier][key]["ci_lower"] - block[key]["ci_lower"]) < 1e-4
            assert abs(ours[tier][key]["ci_upper"] - block[key]["ci_upper"]) < 1e-4
            assert ours[tier][key]["seed"] == block[key]["seed"]


def test_harness_composite_is_profile_b_over_chrf_and_exact(scored, tmp_path):
    """The harness's composite used chrF++ and exact match only; our machinery reproduces it and its CI
    when given that two-metric rubric, which checks renormalisation and the composite bootstrap."""
    recorded, out = scored
    two = {"name": "harness", "dimensions": [
        {"id": "chrf_plus_plus", "weight": 0.25 / 0.35, "normalise": ["divide:100"]},
        {"id": "exact_match_rate", "weight": 0.10 / 0.35, "normalise": []}]}
    path = tmp_path / "two.json"
    path.write_text(json.dumps(two))
    card = runcard.load(out["lyss"]["input"]["path"])
    res = engine.score_run(card, rubric.load_profile(str(path)))
    want = recorded["confidence_intervals"]["composite_score"]
    assert abs(round(res["scores"]["composite"], 4) - want["score"]) < 1e-6
    ci = res["scores"]["confidence_intervals"]["composite"]
    assert abs(ci["ci_lower"] - want["ci_lower"]) < 1e-4
    assert abs(ci["ci_upper"] - want["ci_upper"]) < 1e-4


def test_every_spec_key_present(scored):
    _, out = scored
    for key in ("exact_match_rate", "exact_matches", "equivalent_match_rate", "equivalent_matches", "chrf_plus_plus",
                "bleu", "ter", "length_ratio", "fst_acceptance_rate", "fst_accepted", "morphological_accuracy",
                "orthographic_accuracy", "semantic_score", "comet_score", "comet_model", "code_switching_rate",
                "hallucination_rate", "terminology_adherence", "consistency_score", "composite", "quality_tier",
                "cost_adjusted", "tokens_per_second", "entries_per_minute", "avg_latency_seconds",
                "median_latency_seconds", "p95_latency_seconds", "confidence_intervals",
                "confidence_intervals_by_tier", "by_difficulty", "by_provenance", "total", "evaluated", "errors",
                "compliance_index", "repair_effectiveness", "metrics_available", "unavailable_reasons"):
        assert key in out["scores"], key
    for key, value in out["scores"].items():
        if value is None and key not in ("comet_model",):
            assert key in out["scores"]["unavailable_reasons"], key
    for key in ("prompt_tokens", "completion_tokens", "reasoning_tokens", "cached_tokens", "total_cost_usd",
                "cost_per_entry_usd", "cost_per_source_char"):
        assert key in out["totals"]
