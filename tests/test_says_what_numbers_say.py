"""Every sentence, picture and export row says what the numbers say (issue 52), on the field scenario a new coordinator
met: three runs of the Cree demo that share many outputs, an adaptive task-E campaign asking which is best within
10 (``field_scenario``)."""

from __future__ import annotations

import csv
import json
from collections import Counter

import pytest

from desktop.cli import main
from field_scenario import NAMES, best_campaign, run_of


@pytest.fixture(scope="module")
def field(tmp_path_factory, scored_demo):
    folder = tmp_path_factory.mktemp("field")
    store, cid = best_campaign(folder / "field.sqlite", scored_demo)
    path = store.path
    store.close()
    return path, cid


def _csv(path) -> list[dict]:
    return list(csv.DictReader(path.open(encoding="utf-8")))


def test_every_export_row_names_the_run_whose_output_it_is(field, tmp_path, capsys):
    """Before: every row of an output two runs share carried the other run's name (no row said tiny-llm)."""
    db, cid = field
    from review.store import Store
    raw, agg = tmp_path / "raw.csv", tmp_path / "agg.csv"
    assert main(["review", "export", "--db", str(db), "--include-raw", "--out", str(raw)]) == 0
    said = capsys.readouterr().out
    assert main(["review", "export", "--db", str(db), "--out", str(agg)]) == 0
    with Store(db, read_only=True) as store:
        answers = store.one("select count(*) as n from ratings where campaign_id = ?", [cid])["n"]
        for rows in (_csv(raw), _csv(agg)):
            assert {r["run_name"] for r in rows} == set(NAMES)
            for r in rows:
                assert r["run_name"] == run_of(store, r["item_id"]), r
                assert store.one("select run_id from items where id = ?", [r["item_id"]])["run_id"] == r["run_id"]
    raw_rows = _csv(raw)
    assert len({r["uuid"] for r in raw_rows}) == answers
    assert f"{answers} answers" in said and f"wrote {len(raw_rows)} rows" in said
    shared = [r for r in raw_rows if r["rated_item_id"] != r["item_id"]]
    assert shared, "the runs share outputs: some rows hold a rating another run's item holds"
    per_output = Counter((r["run_id"], r["entry_id"], r["question"]) for r in _csv(agg))
    assert set(per_output.values()) == {1}  # one row per run, output and question
