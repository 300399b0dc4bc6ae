"""A restore loses no campaign (issue 42, first story): the coordinator's laptop restored from a backup older than a
campaign gets the campaign — its runs, items and enrolments — back from any enrolled laptop's file at the next sync,
says so, and that laptop's answers keep arriving (they were refused for good before: "enrolments row … campaign_id
… is neither in the bundle nor on this laptop")."""

from __future__ import annotations

from helpers import enrolled_study, rate
from review.exchange import sync
from review.records import catalogue
from review.store import Store, restore


def test_a_hub_restored_from_before_a_campaign_gets_it_back_from_its_laptops(tmp_path, scored_demo):
    scored = catalogue.load_scored(str(scored_demo))
    folder = tmp_path / "shared"
    folder.mkdir()
    hub = Store(tmp_path / "hub.sqlite")
    old = hub.backup("on-demand")  # the newest backup, made before the campaign
    hub.close()
    hub, cid, (lap,) = enrolled_study(tmp_path, scored, 1)
    sync.sync(hub, folder)
    sync.sync(lap, folder)
    rate(lap, cid, "Ana", 3)
    sync.sync(lap, folder)
    sync.sync(hub, folder)
    assert hub.one("select count(*) as n from ratings")["n"] == 3
    path = hub.path
    hub.close()
    restore(path, old)
    hub = Store(path)
    assert catalogue.list_campaigns(hub) == []  # the restored database predates the campaign
    (folder / sync.own_name(hub)).unlink()  # and its own file is gone too (with its own file: test_restore_takes_back)
    report = sync.sync(hub, folder)
    outcome = next(o for o in report.outcomes if o.name == sync.own_name(lap))
    assert outcome.status == "merged", outcome.line()
    assert "1 campaign" in outcome.detail, outcome.detail  # and says so
    assert [c["id"] for c in catalogue.list_campaigns(hub)] == [cid]
    assert hub.one("select count(*) as n from ratings")["n"] == 3
    rate(lap, cid, "Ben", 2)  # the laptop is not cut off: its next answers arrive
    sync.sync(lap, folder)
    assert next(o for o in sync.sync(hub, folder).outcomes if o.name == sync.own_name(lap)).status == "merged"
    assert hub.one("select count(*) as n from ratings")["n"] == 5
