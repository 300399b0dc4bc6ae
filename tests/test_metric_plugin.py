"""Adding a metric to the composite is one metric class and its weight in a profile: this file writes a
toy metric (does the output keep the reference's final punctuation mark?) as a scoring.metrics.Metric,
registers it, gives it a weight in a copy of profile A, and scores the demo: the composite, each
entry's breakdown, the scorecard and the per-entry cache all take it in, and its value is the one
computed here independently."""

from __future__ import annotations

import json

import pytest

from conftest import DEMO
from scoring import engine, metrics, rubric, runcard, scorecard
from scoring.cache import clear_memory
from scoring.errors import InputError

FINAL = ".?!"


def final_mark(text: str) -> str:
    text = text.rstrip()
    return text[-1] if text and text[-1] in FINAL else ""


class FinalPunctuation(metrics.Metric):
    name, title, section, composite = "final_punctuation_rate", "final punctuation kept", "Surface", True

    def column(self, run):
        return metrics.Ratio([final_mark(e.predicted) == final_mark(e.reference) for e in run.card.entries],
                             [1.0] * len(run.card.entries))


@pytest.fixture
def registered():
    before = metrics.statistics_version()
    metrics.register(FinalPunctuation(), after="length_ratio")
    clear_memory()
    yield before
    metrics.unregister("final_punctuation_rate")
    clear_memory()


def test_one_class_and_one_weight_put_a_metric_in_the_composite(registered, tmp_path):
    assert metrics.statistics_version() != registered  # its statistics are never read from an older cache
    profile_a = json.loads(rubric.resources.files("scoring").joinpath("data/profiles/A.json").read_text("utf-8"))
    profile_a["name"] = "A+"
    for dim in profile_a["dimensions"]:  # its weight, taken from chrF++'s
        if dim["id"] == "chrf_plus_plus":
            dim["weight"] = 0.05
    profile_a["dimensions"].append({"id": "final_punctuation_rate", "weight": 0.10, "normalise": []})
    path = tmp_path / "A+.json"
    path.write_text(json.dumps(profile_a), "utf-8")
    profile = rubric.load_profile(str(path))
    card = runcard.load(str(DEMO))
    scored = engine.score_run(card, profile, n_bootstrap=50)
    s = scored["scores"]
    expected = sum(final_mark(e.predicted) == final_mark(e.reference) for e in card.entries) / len(card.entries)
    assert s["final_punctuation_rate"] == pytest.approx(expected)
    assert "final_punctuation_rate" in s["metrics_available"]
    values = {k: s[k] for k in s["metrics_available"]}
    assert s["composite"] == pytest.approx(profile.score(values)["score"])  # weighed like every other metric
    entry = scored["entries"][0]
    assert entry["breakdown"]["final_punctuation_rate"] == float(final_mark(card.entries[0].predicted) ==
                                                                 final_mark(card.entries[0].reference))
    assert "final punctuation kept" in scorecard.render(scored)
    assert list(s).index("final_punctuation_rate") == list(s).index("length_ratio") + 1


def test_a_profile_may_weigh_only_metrics_a_composite_uses(tmp_path):
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"name": "odd", "dimensions": [{"id": "bleu", "weight": 1.0}]}), "utf-8")
    with pytest.raises(InputError, match=r"dimensions\[0\] \(bleu\): not a metric a composite may use"):
        rubric.load_profile(str(path))
