"""Numbers taken as given (issue 43, story 8): ``create-campaign --raters -1`` and ``--raters 0`` made campaigns (exit
0). Every number a command takes is checked against its range: one line naming the option, exit 2, nothing
written."""

from __future__ import annotations

import pytest

from desktop.cli import main
from review.rating import campaigns
from review.records import catalogue
from review.store import Store
from scoring.errors import InputError


@pytest.mark.parametrize("option, value, words", [
    ("--raters", "-1", "it must be from 1 to 1,000"),
    ("--raters", "0", "it must be from 1 to 1,000"),
    ("--items", "0", "at least 1"),
    ("--seed", "-3", "from 0 to"),
    ("--alpha", "0", "above 0 and below 1"),
    ("--alpha", "1.5", "above 0 and below 1"),
    ("--delta", "-0.1", "above 0"),
    ("--delta", "nan", "out of range"),
    ("--threshold", "inf", "out of range"),
    ("--premark-control", "1.2", "0 to 0.5"),
    ("--premark-split", "-0.5", "0 to 1"),
])
def test_create_campaign_refuses_a_number_out_of_range(tmp_path, scored_demo, capsys, option, value, words):
    db = tmp_path / "review.sqlite"
    assert main(["review", "init", "--db", str(db)]) == 0
    capsys.readouterr()
    code = main(["review", "create-campaign", "--db", str(db), str(scored_demo), "--task", "E", option, value])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and option in err and words in err and "Traceback" not in err, err
    with Store(db, read_only=True) as store:  # nothing written
        assert store.one("select count(*) as n from runs")["n"] == 0 and catalogue.list_campaigns(store) == []


@pytest.mark.parametrize("command", [
    ["score", "CARD", "--seed", "-1"],
    ["review", "answer", "--db", "DB", "--campaign", "c", "--speaker", "s", "--answers", "{}", "--position", "-2"],
    ["study", "simulate-sequential", "DIR", "--lp", "en-de", "--human", "mqm", "--alpha", "0"],
])
def test_other_commands_check_their_numbers_too(tmp_path, capsys, command):
    command = [str(tmp_path / "x.json") if a == "CARD" else str(tmp_path / "x.sqlite") if a == "DB" else
               str(tmp_path) if a == "DIR" else a for a in command]
    code = main(command)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "out of range" in err, err
    assert not (tmp_path / "x.sqlite").exists()


def test_the_library_refuses_a_campaign_without_raters(tmp_path, scored_demo):
    store = Store(tmp_path / "review.sqlite")
    scored = catalogue.load_scored(str(scored_demo))
    for raters in (0, -1):
        with pytest.raises(InputError, match="--raters"):
            campaigns.create_campaign(store, scored, "A", raters=raters)
    assert catalogue.list_campaigns(store) == [] and store.one("select count(*) as n from runs")["n"] == 0
