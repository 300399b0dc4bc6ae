"""A restored laptop takes its own answers back (issue 55, 2): restored to a backup older than its answers, a field
laptop used to publish "this laptop's own bundle, 0 answers" over its bundle of answers at the next sync, before
merging anything — nothing was lost only when the hub had merged them already. Now the sync merges its own bundle
first (its rows, signed by its own key), says so, and publishes every answer again."""

from __future__ import annotations

import zipfile
import json

from helpers import enrolled_study, rate
from review.exchange import sync
from review.records import catalogue
from review.store import Store, restore


def _answers_in(bundle) -> int:
    with zipfile.ZipFile(bundle) as z:
        return len(json.loads(z.read("data.json"))["ratings"])


def _count(store: Store, table: str) -> int:
    return store.one(f"select count(*) as n from {table}")["n"]


def test_a_laptop_restored_from_before_its_answers_takes_them_back_before_it_publishes(tmp_path, scored_demo):
    scored = catalogue.load_scored(str(scored_demo))
    folder = tmp_path / "shared"
    folder.mkdir()
    hub, cid, (lap,) = enrolled_study(tmp_path, scored, 1)
    sync.sync(hub, folder)
    sync.sync(lap, folder)
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
