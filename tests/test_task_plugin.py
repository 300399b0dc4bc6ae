"""A new review task is one module: this file adds a toy task F (is the register of the translation right?)
as a subclass of review.tasks.base.Task with its own wording, and runs it through a campaign, answers
on a field laptop, a bundle to the hub, the study (agreement, correlation) and a paper form."""

from __future__ import annotations

import csv

import pytest

from desktop.cli import main
from review import records, tasks
from review.exchange import bundles
from review.rating import campaigns, sequence
from review.records import catalogue, laptops
from review.store import Store
from review.study import analyses
from review.tasks.base import Task

REGISTER = {
    "title": "Is the register right?",
    "instructions": "Read the source and its {language} translation. Does the translation speak as formally "
                    "as the source?",
    "guidelines": "Compare how formal the two are, not what they say.",
    "default_items": 50,
    "degraded_items": False,
    "questions": [{"id": "register", "prompt": "How well does the register match?", "scale": "ordinal",
                   "options": [{"value": 1, "label": "Not at all"}, {"value": 2, "label": "Partly"},
                               {"value": 3, "label": "Fully"}]}],
}


class Register(Task):
    code = "F"
    human_scores = {"register": "register"}
    default_human = "register_z"


@pytest.fixture
def task_f():
    tasks.register(Register(REGISTER))
    yield tasks.task("F")
    tasks.unregister("F")


def test_a_task_from_one_file_runs_through_campaign_bundle_study_and_paper(task_f, tmp_path, scored_demo, capsys):
    scored = catalogue.load_scored(str(scored_demo))
    hub = Store(tmp_path / "hub.sqlite")
    cid = campaigns.create_campaign(hub, scored, "F", items=8)
    assert catalogue.campaign(hub, cid)["name"].startswith("Is the register right?")
    field = Store(tmp_path / "field.sqlite")
    laptops.enrol(hub, field.device_id)
    laptops.trust(field, hub.device_id)
    setup = tmp_path / "setup.lyssbundle"
    bundles.export_bundle(hub, str(setup))
    bundles.merge(field, str(setup))
    for k in range(3):  # three speakers, each answering every item
        spk = records.speakers.add_speaker(field, f"Speaker {k}", "LYSS study")
        sequence.join(field, cid, spk)
        for position in range(records.sequences.length(field, cid, spk)):
            item = records.sequences.item_at(field, cid, spk, position)
            value = 1 + (len(item["output"]) + k * (position % 2)) % 3
            records.answers.answer(field, cid, spk, position, {"register": value})
    with pytest.raises(Exception, match="register"):
        records.answers.answer(field, cid, spk, 0, {"register": 7})  # the task's own check
    answers = tmp_path / "answers.lyssbundle"
    bundles.export_bundle(field, str(answers))
    bundles.merge(hub, str(answers))  # the hub checks each answer against task F
    assert hub.one("select count(*) as n from ratings")["n"] == 24
    table = analyses.agreement_table(hub, cid, resamples=0)
    assert [r["question"] for r in table] == ["register"] and table[0]["raters"] == 3
    metric, human, campaign = analyses.correlate_defaults(hub, cid, None, None)
    assert human == "register_z" and campaign == cid
    found = analyses.correlate(hub, metric, human, campaign_id=cid)
    assert found["human"] == "register_z" and isinstance(found["segment"]["none"]["pearson"], float)
    # a paper form for a fourth speaker, keyed in
    db = str(hub.path)
    hub.close()
    assert main(["review", "add-speaker", "--db", db, "--name", "Paper", "--consent-scope", "forms"]) == 0
    pdf = tmp_path / "forms.pdf"
    assert main(["review", "print-forms", "--db", db, "--campaign", cid, "--speaker", "Paper",
                 "--out", str(pdf)]) == 0
    with open(pdf.with_suffix(".csv"), newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert "register" in rows[0]
    for row in rows:
        row["register"] = "2"
    with open(pdf.with_suffix(".csv"), "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    assert main(["review", "import-forms", "--db", db, str(pdf.with_suffix(".csv"))]) == 0
    with Store(db) as store:
        assert store.one("select count(*) as n from ratings where medium = 'paper'")["n"] == len(rows)


def test_an_unknown_task_is_one_line(tmp_path, scored_demo, capsys):
    db = str(tmp_path / "r.sqlite")
    assert main(["review", "init", "--db", db]) == 0
    assert main(["review", "create-campaign", "--db", db, str(scored_demo), "--task", "Q"]) == 2
    assert "Q" in capsys.readouterr().err
    with Store(db) as store:
        with pytest.raises(Exception, match="unknown task"):
            campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "Q")
