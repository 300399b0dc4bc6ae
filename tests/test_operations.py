"""The faces' door (``review.operations``): an operation returns its result and the tables it wrote, as SQLite says
while preparing each statement; the app tells its pages, and a page that shows those tables redraws (issue 69)."""

from __future__ import annotations

import pytest

from helpers import open_window
from review.operations import changes
from review.operations.exchange import sync
from review.operations.rating import campaigns, record_answer
from review.operations.records import catalogue, laptops, speakers
from review.operations.database import Store


@pytest.fixture
def store(tmp_path, scored_demo):
    with Store(tmp_path / "ops.sqlite") as opened:
        cid = campaigns.create_campaign(opened, catalogue.load_scored(str(scored_demo)), "A", items=6)
        yield opened, cid


def test_an_operation_says_which_tables_it_wrote_and_a_read_wrote_none(store):
    store, cid = store
    speaker = changes.run(store, speakers.add_speaker, "Mary", "LYSS study")
    assert "speakers" in speaker.changed and "ratings" not in speaker.changed
    read = changes.run(store, catalogue.list_campaigns)
    assert read.changed == frozenset() and [c["id"] for c in read.result] == [cid]
    answered = changes.run(store, record_answer, cid, speaker.result, {"adequacy": 4, "fluency": 3})
    assert {"ratings", "rating_history"} <= answered.changed
    assert store.one("select count(*) as n from ratings")["n"] == 1
    # the same statement again, prepared (and cached) before: setting the watch prepares it anew, so it is seen
    record_answer(store, cid, speaker.result, {"adequacy": 2, "fluency": 2})
    again = changes.run(store, record_answer, cid, speaker.result, {"adequacy": 5, "fluency": 5})
    assert "ratings" in again.changed
    # and outside an operation nothing is watched
    assert store.conn.execute("select 1").fetchone() == (1,)


def test_an_operation_that_fails_leaves_the_connection_unwatched(store):
    store, cid = store

    def fails(db):
        db.conn.execute("update campaigns set name = name")
        raise ValueError("no")

    with pytest.raises(ValueError):
        changes.run(store, fails)
    again = changes.run(store, catalogue.list_campaigns)
    assert again.changed == frozenset()


def test_a_campaign_a_sync_brings_appears_on_the_speakers_page_shown_without_a_key(qtbot, tmp_path, scored_demo):
    """A speaker waits on their list of tasks, empty; the shared folder is chosen on the Campaigns tab and the sync
    merges the coordinator's campaign in the background: the speaker's page, shown all along, lists it."""
    folder = tmp_path / "shared"
    folder.mkdir()
    with Store(tmp_path / "hub.sqlite") as hub, Store(tmp_path / "field.sqlite") as field:
        cid = campaigns.create_campaign(hub, catalogue.load_scored(str(scored_demo)), "A", items=10)
        laptops.enrol(hub, field.device_id)
        laptops.trust(field, hub.device_id)
        sync.sync(hub, folder)
        mary = speakers.add_speaker(field, "Mary", "LYSS study")
    window = open_window(qtbot, tmp_path / "field.sqlite")
    window.review.open_speaker(mary)
    page = window.review.campaigns
    assert window.review.currentWidget() is page and page.list.count() == 0
    told = []
    from desktop.background import notices
    notices().changed.connect(lambda tables, origin: told.append(tables))
    with qtbot.waitSignal(window.syncer.synced, timeout=30_000):
        window.campaigns.choose_shared_folder(str(folder))  # the tab is built; the Review tab stays in front
    qtbot.waitUntil(lambda: page.list.count() == 1, timeout=30_000)
    assert page.list.item(0).data(0x0100) == cid  # Qt.UserRole
    assert any("campaigns" in tables for tables in told)
    assert window.review.currentWidget() is page
