"""Composite, renormalisation, tiers and cost adjustment: the spec's own examples (§4–§6)."""

from __future__ import annotations

import math

import pytest

from scoring import composite as comp, metrics
from scoring.rubric import load_profile


def test_profile_a_example():
    # spec: FST 1.0, chrF++ 80, exact 0.6 → (0.25·1 + 0.15·0.8 + 0.05·0.6) / 0.45
    res = comp.composite({"fst_acceptance_rate": 1.0, "chrf_plus_plus": 80, "exact_match_rate": 0.6}, load_profile("A"))
    assert round(res["score"], 4) == 0.8889


def test_profile_b_example():
    res = comp.composite({"chrf_plus_plus": 80, "exact_match_rate": 0.6}, load_profile("B"))
    assert round(res["score"], 4) == 0.7429


def test_profile_a_renormalisation_without_morphology():
    # spec §4.3: without morphological_accuracy every weight is scaled by 1/0.85
    values = {k: 1.0 for k in metrics.composite_names() if k not in ("morphological_accuracy", "orthographic_accuracy")}
    values.update(chrf_plus_plus=100.0, code_switching_rate=0.0, hallucination_rate=0.0)
    res = comp.composite(values, load_profile("A"))
    assert res["weighted"]["fst_acceptance_rate"] == pytest.approx(0.25 / 0.85)
    assert res["weighted"]["chrf_plus_plus"] == pytest.approx(0.15 / 0.85)
    assert res["score"] == pytest.approx(1.0)


def test_lower_is_better_metrics_are_inverted():
    res = comp.composite({"code_switching_rate": 0.2, "hallucination_rate": 0.1}, load_profile("B"))
    assert res["breakdown"] == {"code_switching_rate": pytest.approx(0.8), "hallucination_rate": pytest.approx(0.9)}
    assert res["score"] == pytest.approx((0.10 * 0.8 + 0.05 * 0.9) / 0.15)


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_non_finite_metric_is_an_error(bad):
    with pytest.raises(ValueError):
        comp.composite({"chrf_plus_plus": bad, "exact_match_rate": 0.5}, load_profile("B"))


def test_no_metric_gives_null_and_unscored():
    res = comp.composite({}, load_profile("B"))
    assert res["score"] is None
    assert comp.quality_tier(None) == "unscored"


@pytest.mark.parametrize("value,tier", [(0.0, "baseline"), (0.2999, "baseline"), (0.30, "emerging"),
                                        (0.4999, "emerging"), (0.5, "functional"), (0.70, "deployable"),
                                        (0.8499, "deployable"), (0.85, "fluent"), (1.0, "fluent")])
def test_tiers(value, tier):
    assert comp.quality_tier(value) == tier


def test_deployable_and_fluent_need_confirmation():
    assert comp.needs_confirmation("deployable") and comp.needs_confirmation("fluent")
    assert not comp.needs_confirmation("functional")


def test_cost_adjusted():
    value, why = comp.cost_adjusted(0.8, 0.003)  # log2(1 + 3) = 2
    assert value == pytest.approx(0.4) and why is None
    value, _ = comp.cost_adjusted(0.8, 0.0005)  # divisor log2(1.5) < 1 is held at 1
    assert value == pytest.approx(0.8)
    assert comp.cost_adjusted(0.8, None) == (None, "no cost data in the run card")
    assert comp.cost_adjusted(None, 0.01)[0] is None
