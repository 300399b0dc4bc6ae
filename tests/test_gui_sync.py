"""The app with a shared folder (Campaigns tab): the campaign arrives by sync at start, answers leave every
few answers and at close, in a worker; the tab lists the laptops seen and a refused bundle's reason."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import Qt

from helpers import open_window, start_reviewing
from review import records
from review.exchange import sync
from review.rating import campaigns, practice
from review.records import catalogue, laptops
from review.store import Store


@pytest.fixture
def field_laptop(tmp_path, scored_demo):
    """A coordinator's database that published its campaign into the shared folder, and a field laptop it
    enrolled (that trusts it) with one speaker, who has done the practice round — nothing exchanged yet."""
    folder = tmp_path / "shared"
    folder.mkdir()
    with Store(tmp_path / "hub.sqlite") as hub:
        cid = campaigns.create_campaign(hub, catalogue.load_scored(str(scored_demo)), "A", items=30)
        field = Store(tmp_path / "field.sqlite")
        laptops.enrol(hub, field.device_id)
        laptops.trust(field, hub.device_id)
        sync.sync(hub, folder)
        speaker = records.speakers.add_speaker(field, "Mary", "LYSS study")
        field.close()
    return tmp_path / "field.sqlite", tmp_path / "hub.sqlite", folder, cid, speaker


def test_answers_travel_through_the_shared_folder_from_the_app(qtbot, field_laptop):
    path, hub_path, folder, cid, speaker = field_laptop
    window = open_window(qtbot, path)
    tab = window.campaigns
    assert not tab.sync_now.isEnabled()
    with qtbot.waitSignal(window.syncer.synced, timeout=30000):
        tab.choose_shared_folder(str(folder))
    assert tab.shared_folder.text() == f"Shared folder: {folder}"
    # the sync asked for at start may run right after: wait until the last one has said what it did
    qtbot.waitUntil(lambda: not window.syncer.busy() and "merged (" in tab.sync_state.text())
    with Store(path) as store:  # the campaign came by sync alone
        assert catalogue.find_campaign(store, None) == cid
        practice.mark_done(store, cid, speaker)
    model = tab.laptops_seen.model()
    seen = {model.index(r, 0).data(): [model.index(r, c).data() for c in range(5)] for r in range(model.rowCount())}
    with Store(hub_path) as hub:
        assert seen[hub.device_id][3] == "coordinator" and seen[hub.device_id][4] == "merged"
    window.review.show_sign_in()
    page = start_reviewing(qtbot, window)
    with qtbot.waitSignal(window.syncer.synced, timeout=30000):  # the 20th answer starts a sync in the worker
        for k in range(window.syncer.every):
            qtbot.keyClick(page, Qt.Key_1 + k % 5)
            last_answer = time.time()
            qtbot.keyClick(page, Qt.Key_4)
    # the signal may be that of a sync started before (the folder changed as the first sync published; on a busy
    # machine, a pause of 3 s between two answers): wait for the one that began after the 20th answer
    qtbot.waitUntil(lambda: not window.syncer.busy() and (window.syncer.finished_at or 0) > last_answer,
                    timeout=30000)
    with Store(hub_path) as hub:
        report = sync.sync(hub, folder)
        assert "20 answers added" in report.merged[0].detail
    for k in range(3):  # three more, which leave at close
        qtbot.keyClick(page, Qt.Key_2)
        qtbot.keyClick(page, Qt.Key_2)
    window.close()
    with Store(hub_path) as hub:
        sync.sync(hub, folder)
        assert hub.one("select count(*) as n from ratings")["n"] == 23


def test_a_refused_bundle_is_shown_with_its_reason(qtbot, field_laptop):
    path, hub_path, folder, cid, speaker = field_laptop
    (folder / "AAAA-BBBB-CCCC-DDDD.lyssbundle").write_bytes(b"not a zip file at all")
    window = open_window(qtbot, path)
    with qtbot.waitSignal(window.syncer.synced, timeout=30000):
        window.campaigns.choose_shared_folder(str(folder))
    qtbot.waitUntil(lambda: not window.syncer.busy() and "refused." in window.campaigns.sync_state.text())
    text = window.campaigns.sync_state.text()
    assert "1 bundle refused" in text and "Refused AAAA-BBBB-CCCC-DDDD.lyssbundle: not a readable LYSS bundle" in text
    model = window.campaigns.laptops_seen.model()
    states = [model.index(r, 4).data() for r in range(model.rowCount())]
    assert any(s.startswith("refused: not a readable LYSS bundle") for s in states), states


def test_the_campaigns_tab_opened_later_shows_what_the_sync_at_start_did(qtbot, field_laptop):
    """The Campaigns tab is built when first shown: a sync at start that failed (the shared folder is
    gone) is still what the tab says when the coordinator opens it afterwards."""
    path, _, folder, _, _ = field_laptop
    with Store(path) as field:
        records.shared_folder.choose(field, str(folder / "gone"))
    window = open_window(qtbot, path)
    qtbot.waitUntil(lambda: window.syncer.last is not None and window.syncer.last[0] == "failed", timeout=30000)
    assert not window.tabs.widget(2).built
    assert window.campaigns.sync_state.text().startswith("The shared folder could not be synchronised:")


@pytest.mark.evidence  # make evidence runs the real daemons again
def test_answers_from_another_laptop_appear_in_the_app_with_no_key_pressed(qtbot, tmp_path, scored_demo,
                                                                           syncthing_pair):
    """Two real Syncthing daemons on 127.0.0.1. The hub's app watches its copy of the folder; a field laptop
    answers and syncs; Syncthing delivers its bundle, and the hub app merges it by itself: its Campaigns tab
    counts the answers and says when it synchronised."""
    from syncthing_peers import wait_for
    from helpers import enrolled_study, rate
    from desktop.cli import main
    hub_peer, field_peer = syncthing_pair
    for p, q in ((hub_peer, field_peer), (field_peer, hub_peer)):
        assert main(["sync", "setup", str(p.folder), "--device", f"{q.id}@{q.address}", "--apply",
                     "--home", str(p.home)]) == 0
    hub, cid, (lap,) = enrolled_study(tmp_path, catalogue.load_scored(str(scored_demo)), 1)
    hub_path = hub.path
    hub.close()
    window = open_window(qtbot, hub_path)
    with qtbot.waitSignal(window.syncer.synced, timeout=30000):
        window.campaigns.choose_shared_folder(str(hub_peer.folder))
    hub_peer.scan()
    wait_for(lambda: (field_peer.folder / f"{window.store.device_id}.lyssbundle").exists())
    sync.sync(lap, field_peer.folder)  # the campaign arrives on the field laptop
    reports = []
    window.syncer.synced.connect(reports.append)
    rate(lap, cid, "Ana", 3)
    sync.sync(lap, field_peer.folder)
    field_peer.scan()
    with Store(hub_path) as hub:  # nobody touches the hub's window: its watcher notices the file
        qtbot.waitUntil(lambda: hub.one("select count(*) as n from ratings")["n"] == 3, timeout=60000)
    # the app's own syncs merged them (a later one, after the folder settles, may find nothing new)
    qtbot.waitUntil(lambda: any(o.added.get("ratings_added") == 3 for r in reports for o in r.merged),
                    timeout=30000)
    assert "Synchronised at " in window.campaigns.sync_state.text()
    window.close()
