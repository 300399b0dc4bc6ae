"""Take everything back (issue 56, 3 and 4): ``lyss review take-out`` writes every row a community's campaigns hold in
open formats — CSV and JSONL with a README and a manifest of SHA-256 sums — that pandas opens without LYSS; every row
comes back from it; names stay on the laptop unless asked for; a withdrawal rewrites a take-out that is still where it
was written and names one that is not."""

from __future__ import annotations

import hashlib
import json
import shutil

import pandas

from helpers import enrolled_study, rate
from desktop.cli import main
from review.records import catalogue, take_out
from review.store import Store, take_outs


def _setup(tmp_path, scored_demo):
    hub, cid, (lap,) = enrolled_study(tmp_path, catalogue.load_scored(str(scored_demo)), 1)
    lap.close()
    mary = rate(hub, cid, "Mary", 3)
    ben = rate(hub, cid, "Ben", 2)
    with hub.transaction() as db:  # an answer with spans, a note and a history: the hardest row to carry
        db.execute("update ratings set note = ? where speaker_id = ? and position = 0", ["ᓀᐦᐃᔭᐍᐏᐣ, \"quoted\"\n2", mary])
    return hub, cid, mary, ben


def test_a_take_out_holds_every_row_in_open_formats_and_round_trips(tmp_path, scored_demo, capsys):
    hub, cid, mary, ben = _setup(tmp_path, scored_demo)
    db = str(hub.path)
    expected = take_out.tables(hub, [cid])
    hub.close()
    out = tmp_path / "take-out"
    capsys.readouterr()
    assert main(["review", "take-out", "--db", db, "--campaign", cid, "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"wrote {out}: 1 campaign, 2 speakers, ") and "no names" in said, said
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    assert manifest["campaigns"] == [cid] and manifest["speakers"] == sorted([mary, ben])
    for name, listed in manifest["files"].items():  # every checksum holds, computed here independently
        assert hashlib.sha256((out / name).read_bytes()).hexdigest() == listed["sha256"], name
    _, back = take_outs.read(out)
    assert back == json.loads(json.dumps(expected)), "a table differs from the database's"
    with Store(db, read_only=True) as store:  # every row of the campaign is there
        for table, column in (("ratings", "uuid"), ("assignments", "position"), ("campaign_items", "item_id")):
            held = store.one(f"select count(*) as n from {table} where campaign_id = ?", [cid])["n"]
            assert len(back[table]) == held > 0, table
    ratings = pandas.read_csv(out / "ratings.csv")
    assert len(ratings) == 5 and set(ratings["speaker_id"]) == {mary, ben}
    note = ratings.loc[(ratings["speaker_id"] == mary) & (ratings["position"] == 0), "note"].item()
    assert note == "ᓀᐦᐃᔭᐍᐏᐣ, \"quoted\"\n2"
    assert json.loads(ratings["answers"].iloc[0])["adequacy"] in range(1, 6)
    assert len(pandas.read_json(out / "ratings.jsonl", lines=True)) == 5
    speakers = pandas.read_csv(out / "speakers.csv")
    assert "display_name" not in speakers.columns and set(speakers["consent_scope"]) == {"LYSS study"}
    assert "pandas.read_csv" in (out / "README.txt").read_text("utf-8")
    # with names, on the laptop that holds them
    named = tmp_path / "named"
    assert main(["review", "take-out", "--db", db, "--all", "--out", str(named), "--with-names"]) == 0
    assert set(pandas.read_csv(named / "speakers.csv")["display_name"]) == {"Mary", "Ben"}
    # a folder that is there and not empty: one line, nothing written
    capsys.readouterr()
    assert main(["review", "take-out", "--db", db, "--all", "--out", str(named)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not an empty folder" in err


def test_a_withdrawal_rewrites_the_take_outs_still_here_and_names_the_others(tmp_path, scored_demo, capsys):
    hub, cid, mary, ben = _setup(tmp_path, scored_demo)
    db = str(hub.path)
    hub.close()
    here, moved = tmp_path / "here", tmp_path / "moved"
    for folder in (here, moved):
        assert main(["review", "take-out", "--db", db, "--campaign", cid, "--out", str(folder)]) == 0
    shutil.move(str(moved), str(tmp_path / "on-a-stick"))  # carried away: out of this laptop's reach
    capsys.readouterr()
    assert main(["review", "withdraw", "--db", db, "--yes", mary]) == 0
    said = capsys.readouterr().out
    assert f"take-out {here.resolve()} (made " in said and "rewritten without them" in said, said
    assert f"take-out {moved.resolve()} (made " in said and "no longer there: whoever holds a copy" in said, said
    manifest, back = take_outs.read(here)  # checksums hold after the rewrite
    assert manifest["speakers"] == [ben]
    assert all(r.get("speaker_id") != mary for rows in back.values() for r in rows)
    assert mary not in (here / "ratings.csv").read_text("utf-8") and mary not in (here / "speakers.csv").read_text(
        "utf-8")
    assert len(back["ratings"]) == 2
