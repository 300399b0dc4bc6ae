"""The study for every task: each verb on each task it applies to, from freshly built campaigns;
nominal alpha on categorical answers equal to the ``krippendorff`` package; one majority rule; rater
quality (Mann–Whitney equal to scipy's asymptotic test); the campaign chosen for you or listed."""

from __future__ import annotations

import csv
import json
import random

import krippendorff
import numpy as np
import pytest
import scipy.stats

from desktop.cli import main
from review import records
from review.rating import campaigns, sequence
from review.records import catalogue
from review.store import Store
from review.study import analyses
from helpers import background_done

TASK_ANSWER = {
    "A": lambda item, k, rng: {"adequacy": 1 + (len(item["output"]) + k) % 5 if item["kind"] != "degraded" else 1,
                               "fluency": 1 + (len(item["output"]) + rng.randint(0, 1)) % 5},
    "T": lambda item, k, rng: {"verdict": 2 + (len(item["output"]) % 2) if item["kind"] != "degraded" else 0},
    "B": lambda item, k, rng: {"same_meaning": rng.choice(["yes", "yes", "no", "depends"]),
                               "natural": rng.choice(["yes", "a_better", "neither"])},
    "C": lambda item, k, rng: ({"valid": "yes", "kind": rng.choice(["established", "loanword"])}
                               if (len(item["output"]) + k) % 2 == 0 else {"valid": rng.choice(["no", "unsure"])}),
    "E": lambda item, k, rng: {"spans": [{"missing": True, "severity": "minor"}] if k == 1 else [],
                               "score": 40 + (len(item["output"]) + 10 * k) % 60},
}


@pytest.fixture(scope="module")
def every_task(tmp_path_factory, scored_demo):
    folder = tmp_path_factory.mktemp("every")
    db = folder / "analyses.sqlite"
    rng = random.Random(5)
    with Store(db) as store:
        scored = catalogue.load_scored(str(scored_demo))
        speakers = [records.speakers.add_speaker(store, f"Speaker {k}", "LYSS study") for k in range(3)]
        ids = {}
        for task, answer in TASK_ANSWER.items():
            ids[task] = campaigns.create_campaign(store, scored, task, items=40 if task in "AET" else None)
            for k, spk in enumerate(speakers):
                sequence.join(store, ids[task], spk)
                while (pos := records.sequences.next_position(store, ids[task], spk)) is not None:
                    item = records.sequences.item_at(store, ids[task], spk, pos)
                    records.answers.answer(store, ids[task], spk, pos, answer(item, k, rng), seconds=1.0 + k * 3)
    return db, ids, scored_demo


VERBS = {
    "agreement": "ABCT", "correlate": "AT", "reliability": "ABCT", "linter-precision": "B", "fst-rejection": "C",
    "confirm-tier": "T", "reweight": "A",
}


@pytest.mark.parametrize("verb, task", [(v, t) for v, tasks in VERBS.items() for t in tasks])
def test_every_verb_runs_on_every_task_it_applies_to(every_task, tmp_path, capsys, verb, task):
    db, ids, scored = every_task
    argv = ["study", verb, "--db", str(db), "--campaign", ids[task]]
    if verb == "confirm-tier":
        copy = tmp_path / "scored.json"
        copy.write_bytes(scored.read_bytes())
        argv = ["study", verb, "--db", str(db), str(copy)]
    if verb == "reweight":
        argv = ["study", verb, "--db", str(db)]
    if verb in ("agreement", "correlate"):
        argv += ["--bootstrap", "20"]
    assert main(argv) == 0, capsys.readouterr().err
    text = capsys.readouterr().out
    assert text.strip()
    assert main([*argv, "--json"]) == 0
    json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("task, question", [("B", "same_meaning"), ("B", "natural"), ("C", "valid"), ("C", "kind")])
def test_nominal_alpha_on_categorical_answers_equals_the_krippendorff_package(every_task, task, question):
    db, ids, _ = every_task
    with Store(db, read_only=True) as store:
        result = analyses.agreement(store, question=question, campaign_id=ids[task], resamples=50)
        rows = records.answers.values(store, task, question, ids[task])
    raters, items = sorted({r["speaker_id"] for r in rows}), sorted({r["item_id"] for r in rows})
    codes = {v: k for k, v in enumerate(sorted({r["value"] for r in rows}))}
    if len(codes) < 2:  # one value in every answer (the sequences depend on the speakers' random ids): alpha is
        assert result["nominal"]["alpha"] is None  # undefined (no expected disagreement); the package refuses it
        return
    matrix = np.full((len(raters), len(items)), np.nan)
    for r in rows:
        matrix[raters.index(r["speaker_id"]), items.index(r["item_id"])] = codes[r["value"]]
    want = krippendorff.alpha(reliability_data=matrix, level_of_measurement="nominal")
    assert result["scale"] == "nominal" and set(result) >= {"nominal"} and "interval" not in result
    if np.isnan(want):  # too few pairable answers (the sequences depend on the speakers' random ids): undefined
        assert result["nominal"]["alpha"] is None
    else:
        assert result["nominal"]["alpha"] == pytest.approx(want, abs=1e-12)


def test_agreement_table_covers_every_question_and_bootstrap_zero_means_no_interval(every_task, capsys):
    db, ids, _ = every_task
    assert main(["study", "agreement", "--db", str(db), "--campaign", ids["A"], "--bootstrap", "0", "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert [r["question"] for r in table] == ["adequacy", "fluency"]
    assert all(r[level]["ci_lower"] is None and r[level]["alpha"] is not None
               for r in table for level in ("ordinal", "interval"))


def test_several_campaigns_are_listed_and_one_is_the_default(every_task, tmp_path, scored_demo, capsys):
    db, ids, _ = every_task
    assert main(["study", "agreement", "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and all(cid in err for cid in ids.values())
    one = tmp_path / "one.sqlite"
    with Store(one) as store:
        cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "T", items=10)
        spk = records.speakers.add_speaker(store, "Rita", "LYSS study")
        sequence.join(store, cid, spk)
        for pos in range(3):
            records.answers.answer(store, cid, spk, pos, {"verdict": 2})
    assert main(["study", "agreement", "--db", str(one), "--json"]) == 0  # the only campaign: no need to name it
    assert json.loads(capsys.readouterr().out)[0]["question"] == "verdict"


def test_one_majority_rule_a_tie_is_no_majority(every_task, tmp_path):
    db, ids, _ = every_task
    assert analyses.majority(["unsure", "no"]) is None and analyses.majority(["no", "no", "yes"]) == "no"
    out = tmp_path / "agg.csv"
    with Store(db, read_only=True) as store:
        from review.study import research_files
        research_files.export_ratings(store, str(out))
        by_item = {}
        for r in records.answers.values(store, "C", "valid", ids["C"]):
            by_item.setdefault(r["item_id"], []).append(r["value"])
    rows = [r for r in csv.DictReader(out.open(encoding="utf-8")) if r["question"] == "valid"]
    assert rows and all((r["majority"] or None) == analyses.majority(by_item[r["item_id"]]) for r in rows)


def test_rater_quality_mann_whitney_equals_scipy_and_flags(every_task):
    db, ids, _ = every_task
    with Store(db, read_only=True) as store:
        rows = analyses.speaker_reliability(store, ids["A"])
    assert len(rows) == 3 and all(r["degraded_checked"] >= 1 for r in rows)
    rng = np.random.default_rng(3)
    for _ in range(20):
        bad, good = rng.integers(1, 6, 4).astype(float), rng.integers(1, 6, 30).astype(float)
        want = scipy.stats.mannwhitneyu(bad, good, alternative="less", method="asymptotic").pvalue
        assert analyses._mann_whitney_less(list(bad), list(good)) == pytest.approx(want, abs=1e-12)
    fast = [r for r in rows if r["median_seconds"] < 2]
    assert fast and all(any("very fast" in f for f in r["flags"]) for r in fast)


def test_long_work_shows_progress_and_can_be_cancelled(every_task):
    import io

    from desktop.terminal import ProgressBar
    from scoring.progress import Cancelled

    db, ids, _ = every_task
    seen = []
    with Store(db, read_only=True) as store:
        analyses.correlate(store, "composite", "adequacy_z", 100, progress=lambda stage, f: seen.append(f))
        assert seen and seen[0] == 0.0 and all(0 <= f < 1 for f in seen)
        with pytest.raises(Cancelled):
            analyses.correlate(store, "composite", "adequacy_z", 100, progress=lambda stage, f: False)

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    tty, pipe = Terminal(), io.StringIO()
    for stream in (tty, pipe):
        bar = ProgressBar(stream)
        bar("confidence intervals", 0.5)
        bar.close()
    assert "50%" in tty.getvalue() and "#" in tty.getvalue() and pipe.getvalue() == ""


def test_the_study_tab_on_every_tasks_campaign(every_task, qtbot, monkeypatch):
    """The app's Study tab, each campaign chosen in turn: the human score follows the task, and every
    button gives a result, never an error dialog."""
    import desktop.qt_common as qt_common
    from desktop.qt_common import application
    from desktop.study_panel import StudyPanel
    db, ids, _ = every_task
    errors = []
    monkeypatch.setattr(qt_common, "message", lambda parent, text, title=None: errors.append(text))
    application()
    store = Store(db)
    panel = StudyPanel(store)
    qtbot.addWidget(panel)
    expected = {"A": "adequacy_z", "E": "esa_z", "T": "verdict"}
    for task, cid in ids.items():
        panel.campaign_choice.setCurrentIndex(panel.campaign_choice.findData(cid))
        if task in expected:
            assert panel.human.currentText() == expected[task], task
            panel.correlate(wait=True)
            qtbot.waitUntil(lambda: not panel._worker.isRunning())
            qtbot.wait(50)
        panel.agreement(wait=True)
        qtbot.waitUntil(lambda: not panel._worker.isRunning())
        qtbot.wait(50)
        panel.rater_quality()
        assert background_done()
        if task == "B":
            panel.precision()
        if task == "C":
            panel.rejections()
        assert background_done()
    assert not errors, errors
    store.close()
