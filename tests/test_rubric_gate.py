"""The rubric chapter: four-axis capstone rubric, normalisation, and the eval gate."""

from __future__ import annotations

import json

import pytest

from desktop.cli import main
from scoring import rubric
from scoring.errors import InputError

EXAMPLE = {"item": "e-39-01", "prompt": "Conjugate 'eat' — past simple, 3rd singular.", "expected": ["ate"],
           "got": "Ate."}


def test_chapter_example_breakdown():
    rb = rubric.load_rubric("capstone", "rubrics")
    res = rubric.score_item(rb, EXAMPLE)
    assert res["breakdown"] == {"correctness": 1.0, "spanish_gloss": 0.0, "schema": 1.0, "conciseness": 1.0}
    assert res["weighted"] == pytest.approx({"correctness": 0.60, "spanish_gloss": 0.0, "schema": 0.10,
                                             "conciseness": 0.05})
    # The chapter's formula s = 0.60c + 0.25g + 0.10σ + 0.05κ gives 0.75 for this breakdown; its JSON
    # example prints 0.95, which its own weights cannot produce (docs/metrics.md notes the discrepancy).
    assert res["score"] == pytest.approx(0.75)


def test_dropping_the_case_fold_makes_a_false_negative():
    rb = rubric.load_rubric("capstone", "rubrics")
    broken = rubric.Rubric(**{**rb.__dict__, "text_normalisation": ("strip", "strip_trailing_period")})
    assert rubric.score_item(rb, EXAMPLE)["breakdown"]["correctness"] == 1.0
    assert rubric.score_item(broken, EXAMPLE)["breakdown"]["correctness"] == 0.0
    assert rubric.score_item(broken, EXAMPLE)["score"] == pytest.approx(0.15)  # schema + conciseness only


def test_normalisation_steps():
    steps = ("strip", "lower", "strip_trailing_period")
    assert rubric.normalise_text("  Comió. ", steps) == "comió"
    assert rubric.normalise_text("a..", steps) == "a."  # only one trailing period


def test_rubric_file_validation(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"dimensions": [{"id": "x", "weight": 0.5}]}))
    with pytest.raises(InputError, match="weights sum to 0.500000, not 1"):
        rubric.load_rubric(str(bad))
    bad.write_text('{"dimensions": [{"id": "x", "weight": NaN}]}')
    with pytest.raises(InputError):
        rubric.load_rubric(str(bad))


def _result(path, scores):
    items = [{"item": f"i{i}", "score": s, "breakdown": {"correctness": c, "schema": 1.0}}
             for i, (s, c) in enumerate(scores)]
    path.write_text(json.dumps({"items": items}))
    return str(path)


def test_gate_pass_fail_and_what_moved(tmp_path, capsys):
    old = _result(tmp_path / "old.json", [(0.95, 1.0), (0.95, 1.0)])
    same = _result(tmp_path / "same.json", [(0.95, 1.0), (0.93, 1.0)])  # −0.01: within 0.02
    worse = _result(tmp_path / "worse.json", [(0.95, 1.0), (0.35, 0.0)])
    assert main(["gate", same, "--baseline", old]) == 0
    capsys.readouterr()
    assert main(["gate", worse, "--baseline", old]) == 1
    out = capsys.readouterr().out
    assert out.startswith("FAIL") and "correctness" in out and "moved most" in out
    assert main(["gate", same, "--baseline", old, "--min", "0.97"]) == 1
    assert main(["gate", str(tmp_path / "missing.json"), "--baseline", old]) == 2


def test_gate_on_scored_run_cards(tmp_path, capsys):
    from helpers import DEMO
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert main(["score", str(DEMO), "--out", str(a), "--bootstrap", "10"]) == 0
    card = json.loads(DEMO.read_text("utf-8"))
    for e in card["entries"][:15]:
        e["predicted"] = "hello"
    worse_card = tmp_path / "worse-card.json"
    worse_card.write_text(json.dumps(card, ensure_ascii=False), "utf-8")
    assert main(["score", str(worse_card), "--out", str(b), "--bootstrap", "10"]) == 0
    capsys.readouterr()
    assert main(["gate", str(a), "--baseline", str(a)]) == 0
    capsys.readouterr()
    assert main(["gate", str(b), "--baseline", str(a), "--json"]) == 1
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["delta"] < -0.02 and verdict["most_dropped"] in verdict["dimension_deltas"]


def test_gate_thresholds_are_fractions_and_soft_gates_are_reported(tmp_path, capsys, scored_demo):
    a = str(scored_demo)
    assert main(["gate", a, "--baseline", a, "--max-drop", "2"]) == 2
    assert "between 0 and 1 (for 2 % give 0.02)" in capsys.readouterr().err
    assert main(["gate", a, "--baseline", a, "--min", "70"]) == 2
    capsys.readouterr()
    assert main(["gate", a, "--baseline", a, "--json"]) == 0
    soft = {g["id"]: g for g in json.loads(capsys.readouterr().out)["soft_gates"]}
    assert soft["overall"]["passed"] is False and soft["schema_failures"]["passed"] is True
    assert soft["p50_latency_seconds"]["value"] > 0.25 and soft["p50_latency_seconds"]["passed"] is False
    with pytest.raises(SystemExit):
        main(["gate", "--help"])
    assert "(default: 0.02)" in capsys.readouterr().out
