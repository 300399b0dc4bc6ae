"""Adding a metric to the composite is one metric class and its weight in a profile (the two files
docs/architecture.md counts): this file writes a toy metric (does the output keep the reference's final
punctuation mark?) as a scoring.metrics.Metric that keeps its own part of each entry's cached record,
registers it, gives it a weight in a copy of profile A, and scores the demo: the composite, each
entry's breakdown and its metrics block, the scorecard and the per-entry cache all take it in, and its
value is the one computed here independently."""

from __future__ import annotations

import json

import pytest

from helpers import DEMO
from scoring import engine, metrics, rubric, runcard, scorecard
from scoring.cache import clear_memory
from scoring.errors import InputError

FINAL = ".?!"


def final_mark(text: str) -> str:
    text = text.rstrip()
    return text[-1] if text and text[-1] in FINAL else ""


class FinalPunctuation(metrics.Metric):
    name, title, section, composite = "final_punctuation_rate", "final punctuation kept", "Surface", True
    calls = 0  # how many entries' records it computed (none when they come from the cache)

    def record(self, entry, context):
        FinalPunctuation.calls += 1
        return {"final_kept": float(final_mark(entry.predicted) == final_mark(entry.reference))}

    def column(self, run):
        return metrics.Ratio(run.rows.numbers("final_kept"), [1.0] * len(run.rows))

    def entry_metrics(self, row, i, table):
        return {"final_punctuation_kept": bool(row["final_kept"])}


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
    FinalPunctuation.calls = 0
    scored = engine.score_run(card, profile, n_bootstrap=50)
    assert FinalPunctuation.calls == len(card.entries) and not scored["lyss"]["entry_statistics_from_cache"]
    clear_memory()
    again = engine.score_run(card, profile, n_bootstrap=50)  # its records come back from the cache on disk
    assert FinalPunctuation.calls == len(card.entries) and again["lyss"]["entry_statistics_from_cache"]
    assert again["scores"] == scored["scores"]
    s = scored["scores"]
    expected = sum(final_mark(e.predicted) == final_mark(e.reference) for e in card.entries) / len(card.entries)
    assert s["final_punctuation_rate"] == pytest.approx(expected)
    assert "final_punctuation_rate" in s["metrics_available"]
    values = {k: s[k] for k in s["metrics_available"]}
    assert s["composite"] == pytest.approx(profile.score(values)["score"])  # weighed like every other metric
    entry = scored["entries"][0]
    assert entry["breakdown"]["final_punctuation_rate"] == float(final_mark(card.entries[0].predicted) ==
                                                                 final_mark(card.entries[0].reference))
    assert entry["metrics"]["final_punctuation_kept"] == (final_mark(card.entries[0].predicted) ==
                                                          final_mark(card.entries[0].reference))
    assert "final punctuation kept" in scorecard.render(scored)
    assert list(s).index("final_punctuation_rate") == list(s).index("length_ratio") + 1


def test_a_profile_may_weigh_only_metrics_a_composite_uses(tmp_path):
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"name": "odd", "dimensions": [{"id": "bleu", "weight": 1.0}]}), "utf-8")
    with pytest.raises(InputError, match=r"dimensions\[0\] \(bleu\): not a metric a composite may use"):
        rubric.load_profile(str(path))
