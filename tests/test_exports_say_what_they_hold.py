"""Exports say what they hold (issue 43, story 3): ``review export`` had no ``--campaign`` ("unrecognized arguments"),
its rows carried run ids only, and ``--format mtme`` pooled the answers of two campaigns into one score file without
saying so. Now every format takes ``--campaign``, rows carry the run's name beside its id, and an mt-metrics-eval
export of a database with several campaigns is refused without ``--campaign`` (one line, exit 2, nothing written)."""

from __future__ import annotations

import csv
import json

from helpers import rate
from desktop.cli import main
from review import records
from review.rating import campaigns, sequence
from review.records import catalogue
from review.store import Store


def _two_campaigns(tmp_path, scored_demo) -> tuple[str, str, str]:
    store = Store(tmp_path / "hub.sqlite")
    scored = catalogue.load_scored(str(scored_demo))
    one = campaigns.create_campaign(store, scored, "A", items=6, seed=1, name="one")
    two = campaigns.create_campaign(store, scored, "A", items=8, seed=2, name="two")
    rate(store, one, "Ana", 4)
    rate(store, two, "Ben", 5)
    db = str(store.path)
    store.close()
    return db, one, two


def test_mtme_export_of_several_campaigns_needs_campaign(tmp_path, scored_demo, capsys):
    db, one, two = _two_campaigns(tmp_path, scored_demo)
    out = tmp_path / "mtme"
    capsys.readouterr()
    assert main(["review", "export", "--db", db, "--format", "mtme", "--lp", "en-crk", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--campaign" in err and one in err and two in err, err
    assert not out.exists()
    assert main(["review", "export", "--db", db, "--format", "mtme", "--lp", "en-crk", "--out", str(out),
                 "--campaign", "one"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["campaign"] == one and said["systems"] == 1
    scores = (out / "human-scores" / "en-crk.adequacy.seg.score").read_text("utf-8").splitlines()
    with Store(db, read_only=True) as store:
        answered = store.one("select count(distinct r.item_id) as n from ratings r join assignments a using "
                             "(campaign_id, speaker_id, position) where campaign_id = ? and a.qc = ''", [one])["n"]
    assert sum(1 for line in scores if not line.endswith("\tNone")) == answered  # campaign one's items only


def test_csv_export_of_one_campaign_names_the_run(tmp_path, scored_demo, capsys):
    db, one, two = _two_campaigns(tmp_path, scored_demo)
    out = tmp_path / "one.csv"
    assert main(["review", "export", "--db", db, "--campaign", one, "--include-raw", "--out", str(out)]) == 0
    assert f"of campaign {one}" in capsys.readouterr().out
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    with Store(db, read_only=True) as store:
        held = store.one("select count(*) as n from ratings where campaign_id = ?", [one])["n"]
    assert len(rows) == held and {r["campaign_id"] for r in rows} == {one}
    assert {r["campaign_name"] for r in rows} == {"one"} and {r["run_name"] for r in rows} == {"demo/naive-llm"}
    aggregated = tmp_path / "agg.csv"
    assert main(["review", "export", "--db", db, "--campaign", "two", "--out", str(aggregated)]) == 0
    agg = list(csv.DictReader(aggregated.open(encoding="utf-8")))
    assert agg and {r["run_name"] for r in agg} == {"demo/naive-llm"}


def test_mtme_export_asks_rather_than_guesses_across_tasks_and_names_the_scores_held(tmp_path, scored_demo, capsys):
    """Issue 55, 5: with campaigns of several tasks and no --campaign it exported the one holding the default score
    (adequacy) without a word; on a task-E campaign the default --human adequacy failed without saying which scores
    there are. Now it asks for --campaign, listing the campaigns; a campaign's own score is the default; a score with
    no data names those with data."""
    store = Store(tmp_path / "hub.sqlite")
    scored = catalogue.load_scored(str(scored_demo))
    a = campaigns.create_campaign(store, scored, "A", items=6, seed=1, name="adequacy")
    e = campaigns.create_campaign(store, scored, "E", items=6, seed=1, name="spans")
    rate(store, a, "Ana", 4)
    ben = records.speakers.add_speaker(store, "Ben", "LYSS study")
    sequence.join(store, e, ben)
    for k in range(4):
        records.answers.answer(store, e, ben, records.sequences.next_position(store, e, ben),
                               {"spans": [], "score": 40 + 10 * k})
    db = str(store.path)
    store.close()
    out = tmp_path / "mtme"
    capsys.readouterr()
    assert main(["review", "export", "--db", db, "--format", "mtme", "--lp", "en-crk", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "2 campaigns here hold answers" in err and a in err and e in err, err
    assert not out.exists()
    assert main(["review", "export", "--db", db, "--format", "mtme", "--lp", "en-crk", "--out", str(out),
                 "--campaign", "spans"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["campaign"] == e and (out / "human-scores" / "en-crk.esa.seg.score").is_file(), said
    assert main(["review", "export", "--db", db, "--format", "mtme", "--lp", "en-crk", "--out", str(tmp_path / "x"),
                 "--campaign", "spans", "--human", "adequacy"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "scores with data here:" in err and "esa_z" in err and "adequacy_z" in err, err
