"""A restored laptop takes its own answers back (issue 55, 2): restored to a backup older than its answers, a field
laptop used to publish "this laptop's own bundle, 0 answers" over its bundle of answers at the next sync, before
merging anything — nothing was lost only when the hub had merged them already. Now the sync merges its own bundle
first (its rows, signed by its own key), says so, and publishes every answer again."""

from __future__ import annotations

import zipfile
import json

from helpers import enrolled_study, rate
from review.exchange import sync
from review import records
from review.records import catalogue
from review.store import Store, restore


def _answers_in(bundle) -> int:
    with zipfile.ZipFile(bundle) as z:
        return len(json.loads(z.read("data.json"))["ratings"])


def _count(store: Store, table: str) -> int:
    return store.one(f"select count(*) as n from {table}")["n"]


def _synced_study(tmp_path, scored_demo):
    """A hub and one field laptop that share a folder and hold the campaign, nothing answered yet."""
    folder = tmp_path / "shared"
    folder.mkdir()
    hub, cid, (lap,) = enrolled_study(tmp_path, catalogue.load_scored(str(scored_demo)), 1)
    sync.sync(hub, folder)
    sync.sync(lap, folder)
    return folder, hub, cid, lap


def test_a_laptop_restored_from_before_its_answers_takes_them_back_before_it_publishes(tmp_path, scored_demo):
    folder, hub, cid, lap = _synced_study(tmp_path, scored_demo)
    old = lap.backup("on-demand")  # the campaign here, no answer yet
    rate(lap, cid, "Mary", 4)
    sync.sync(lap, folder)  # published; the hub has not merged it yet
    own = folder / sync.own_name(lap)
    assert _answers_in(own) == 4
    path = lap.path
    lap.close()
    restore(path, old)
    lap = Store(path)
    assert _count(lap, "ratings") == 0

    report = sync.sync(lap, folder)
    said = {o.name: o for o in report.outcomes}
    assert said[sync.own_name(lap)].status in ("taken back", "published")
    back = report.outcomes[0]
    assert back.status == "taken back", back.line()
    assert back.detail == ("this laptop's own bundle in the folder held what its database lacks (restored from an "
                           "older backup): 4 answers added, taken back before publishing")
    assert _count(lap, "ratings") == 4
    assert _answers_in(own) == 4  # never fewer than the folder held (before: 0)
    assert not report.refused
    # the hub merges them once; a second sync of the laptop takes nothing back and publishes nothing new
    sync.sync(hub, folder)
    assert _count(hub, "ratings") == 4
    again = sync.sync(lap, folder)
    assert [o.status for o in again.outcomes if o.name == sync.own_name(lap)] == ["unchanged"]


def test_a_hub_restored_from_before_its_campaign_takes_it_back_from_its_own_file_first(tmp_path, scored_demo):
    scored = catalogue.load_scored(str(scored_demo))
    folder = tmp_path / "shared"
    folder.mkdir()
    hub = Store(tmp_path / "hub.sqlite")
    old = hub.backup("on-demand")
    hub.close()
    hub, cid, (lap,) = enrolled_study(tmp_path, scored, 1)
    sync.sync(hub, folder)
    path = hub.path
    hub.close()
    restore(path, old)
    hub = Store(path)
    report = sync.sync(hub, folder)
    assert report.outcomes[0].status == "taken back" and "1 campaign" in report.outcomes[0].detail, \
        report.outcomes[0].line()
    assert [c["id"] for c in catalogue.list_campaigns(hub)] == [cid]
    sync.sync(lap, folder)  # the laptop still gets its campaign from the hub's file
    assert [c["id"] for c in catalogue.list_campaigns(lap)] == [cid]


def test_restore_takes_back_what_the_replaced_database_held_and_a_speaker_who_registers_again_keeps_their_id(
        tmp_path, scored_demo, capsys):
    """The field laptop of the issue: restored to before Mary existed, it said nothing of her; she showed as "(from
    laptop …)" on her own laptop, and registered again she got a second id (counted as 2 speakers, items served
    twice). Now (issue 65, 5) the restore takes her back from the database it replaced — her answers, even those no
    sync had published, and her name — and says so; registered again, she is asked and keeps her id."""
    from desktop.cli import main

    folder, hub, cid, lap = _synced_study(tmp_path, scored_demo)
    lap.backup("on-demand")  # before Mary
    mary = rate(lap, cid, "Mary", 3)
    sync.sync(lap, folder)
    records.answers.answer(lap, cid, mary, records.sequences.next_position(lap, cid, mary), {"adequacy": 2,
                                                                                             "fluency": 2})
    db = str(lap.path)
    lap.close()
    capsys.readouterr()
    assert main(["review", "restore", "--db", db]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "taken back from the replaced database: 4 answers added", out  # one never published
    assert out[2] == f"put back 1 speaker name from the replaced database: Mary ({mary})", out
    assert out[3] == "nothing this laptop recorded is missing", out
    with Store(db) as again:
        assert _count(again, "ratings") == 4
        assert again.one("select display_name from speakers where id = ?", [mary])["display_name"] == "Mary"

    # Mary registers again: asked, she keeps her id
    add = ["review", "add-speaker", "--db", db, "--name", "mary ", "--consent-scope", "LYSS study"]
    assert main(add) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"({mary}): the same person keeps their id — add --same-person" in err
    assert main([*add, "--same-person"]) == 0
    assert capsys.readouterr().out.strip() == mary
    lap = Store(db)
    assert [r["id"] for r in lap.rows("select id from speakers where display_name = 'Mary'")] == [mary]
    sync.sync(lap, folder)
    assert _count(lap, "ratings") == 4
    rate_more = lap.rows("select position from assignments where speaker_id = ? and campaign_id = ?", [mary, cid])
    assert len({r["position"] for r in rate_more}) == len(rate_more)
    lap.close()
    assert main(["review", "list", "speakers", "--db", db, "--json"]) == 0
    listed = capsys.readouterr().out
    assert listed.count(mary) == 1 and "from laptop" not in listed
    assert main(["review", "names-back", "--db", db]) == 0
    assert "nothing to put back" in capsys.readouterr().out
    assert main(["review", "add-speaker", "--db", db, "--name", "Mary", "--consent-scope", "x",
                 "--another-person"]) == 0


def test_withdrawing_a_speaker_a_restore_lost_says_how(tmp_path, scored_demo, capsys):
    """A speaker the restored database lacks (its replaced copy not taken back): the withdrawal says how."""
    from desktop.cli import main

    scored = catalogue.load_scored(str(scored_demo))
    hub, cid, (lap,) = enrolled_study(tmp_path, scored, 1)
    lap.backup("on-demand")
    from review import records
    mary = records.speakers.add_speaker(lap, "Mary", "LYSS study")
    db = str(lap.path)
    lap.close()
    restore(db)  # the store's restore alone: `lyss review restore` would take Mary back from the replaced database
    capsys.readouterr()
    assert main(["review", "withdraw", "--db", db, "--yes", "Mary"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"restored from a backup older than them" in err and mary in err
    assert main(["review", "names-back", "--db", db]) == 0
    assert main(["review", "withdraw", "--db", db, "--yes", "Mary"]) == 0
    with Store(db) as again:
        assert again.one("select withdrawn from speakers where id = ?", [mary])["withdrawn"] == 1
    assert main(["review", "names-back", "--db", db]) == 0  # a withdrawn speaker is never put back
    with Store(db) as again:
        assert again.one("select display_name from speakers where id = ?", [mary])["display_name"] is None
