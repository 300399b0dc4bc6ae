"""One count of items to rate (issue 43, story 7): the same campaign was "84 items" in ``review list``, "63 items" in
``review progress`` and "0 of 84 items count" in ``study status`` — the first and last counted every run's copy of an
output that is rated once. Now all three, and the app, count the items to rate: each distinct output once."""

from __future__ import annotations

import json

from helpers import other_version
from desktop.cli import main
from review.rating import campaigns
from review.records import catalogue
from review.store import Store


def test_list_progress_and_status_count_the_same_items(tmp_path, scored_demo, capsys):
    first = catalogue.load_scored(str(scored_demo))
    second = json.loads(json.dumps(first))  # a new version that changes three sentences
    second["model_slug"] = "demo/new-version"
    changed = [e for e in second["entries"] if e.get("predicted")][:3]
    for e in changed:
        e["predicted"] += " êkwa"
    store = Store(tmp_path / "r.sqlite")
    cid = campaigns.create_adaptive_campaign(store, [first, second], "A")
    every = store.one("select count(*) as n from campaign_items where campaign_id = ?", [cid])["n"]
    distinct = every - len(catalogue.copies_of(store, cid))
    assert distinct < every  # the copies exist: the counts could disagree
    db = str(store.path)
    store.close()
    capsys.readouterr()
    assert main(["review", "list", "campaigns", "--db", db, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)[0]
    assert main(["review", "progress", "--db", db, "--json"]) == 0
    progress = json.loads(capsys.readouterr().out)
    assert main(["study", "status", "--db", db, "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert listed["items"] == progress["coverage"]["items"] == status["items"] == distinct
    assert listed["outputs"] == every
    assert main(["study", "status", "--db", db]) == 0
    assert f"0 of {distinct} items count so far" in capsys.readouterr().out


def test_adaptive_progress_is_told_in_answers_not_of_a_growing_total(tmp_path, scored_demo, capsys):
    """An adaptive campaign's sequence grows while its questions are open: "1 of 2", "4 of 5", "120 of 1114" misled.
    ``review answer`` and ``review progress`` say how many were answered, as the app's item page does."""
    first = catalogue.load_scored(str(scored_demo))
    second = other_version(first)
    store = Store(tmp_path / "r.sqlite")
    campaigns.create_adaptive_campaign(store, [first, second], "A")
    db = str(store.path)
    store.close()
    assert main(["review", "add-speaker", "--db", db, "--name", "Ana", "--consent-scope", "LYSS study"]) == 0
    capsys.readouterr()
    for _ in range(2):
        assert main(["review", "answer", "--db", db, "--speaker", "Ana", "--answers",
                     '{"adequacy": 4, "fluency": 4}']) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[-1].endswith("2 answered (items are served while the study's questions are open)"), said
    assert not any(" of " in line for line in said)
    assert main(["review", "progress", "--db", db]) == 0
    assert "2 answered (items are served" in capsys.readouterr().out
