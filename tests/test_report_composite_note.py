"""The scorecard says why a harness report's own composite differs (issue 43, story 9): ``lyss score`` of a harness
report gave 0.5814 where the report says 0.4045, with no word why."""

from __future__ import annotations

import json

from helpers import SHARED, shared_file
from desktop.cli import main


def test_the_scorecard_says_why_the_reports_own_composite_differs(tmp_path, capsys):
    shared_file("data/champollion-reports")
    report = sorted((SHARED / "data" / "champollion-reports").glob("*_report.json"))[0]
    own = json.loads(report.read_text("utf-8"))["overall"]["confidence_intervals"]["composite_score"]["score"]
    out = tmp_path / "scored.json"
    assert main(["score", str(report), "--out", str(out)]) == 0
    text = capsys.readouterr().out
    ours = json.loads(out.read_text("utf-8"))["scores"]["composite"]
    assert own == 0.4045 and round(ours, 4) == 0.5814  # the two numbers, reproduced
    note = next(line for line in text.splitlines() if "the report's own composite" in line)
    assert f"{own:.4f}" in note and f"{ours:.4f}" in note and "Scoring Specification" in note


def test_a_run_card_without_its_own_composite_gets_no_such_note(tmp_path, capsys, scored_demo):
    assert "the report's own composite" not in json.dumps(json.loads(scored_demo.read_text("utf-8"))["lyss"]["notes"])
