"""Laptops that stay in agreement: a coordinator's decisions (revocations, enrolments, hand-overs) are never
forgotten by a restore, and travel in every laptop's file of a shared folder, so a hub restored from an old
backup — even one whose database was lost — ends with the answers every other laptop holds."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import enrolled_study, rate
from review import records
from review.exchange import sync
from review.records import catalogue, laptops
from review.store import Store, restore
from sizes import examples


@pytest.fixture
def scored(scored_demo):
    return catalogue.load_scored(str(scored_demo))


def answer_sets(*stores) -> list[set]:
    return [{r["uuid"] for r in s.rows("select uuid from ratings")} for s in stores]


def more_answers(store, campaign_id: str, speaker: str, count: int) -> None:
    for _ in range(count):
        position = records.sequences.next_position(store, campaign_id, speaker)
        records.answers.answer(store, campaign_id, speaker, position, {"adequacy": 2, "fluency": 4})


def three_laptops(root, scored):
    folder = root / "shared"
    folder.mkdir()
    hub, cid, (f1, f2) = enrolled_study(root, scored, 2, items=12)
    sync.sync(hub, folder)
    speakers = {}
    for lap, name in ((f1, "Ana"), (f2, "Ben")):
        sync.sync(lap, folder)
        speakers[lap.device_id] = rate(lap, cid, name, 4)
    for store in (f1, f2, hub, f1, f2):
        sync.sync(store, folder)
    return folder, hub, cid, f1, f2, speakers


@pytest.mark.parametrize("lost", [False, True], ids=["database readable", "database lost"])
def test_a_restore_never_forgets_a_revocation_and_the_laptops_agree(tmp_path, scored, lost):
    folder, hub, cid, f1, f2, speakers = three_laptops(tmp_path, scored)
    before = hub.backup("before-revocation")
    laptops.revoke(hub, f2.device_id)
    more_answers(f2, cid, speakers[f2.device_id], 3)  # the revoked laptop goes on answering before it is told
    for store in (hub, f1, f2):
        sync.sync(store, folder)
    path = hub.path
    hub.close()
    if lost:  # the disk failed: the database is garbage, only its backups and the shared folder remain
        path.write_bytes(b"not a database any more" * 100)
    restore(path, before)
    hub = Store(path)
    if not lost:
        assert hub.one("select count(*) as n from revocations")["n"] == 1  # re-applied from the database itself
    for store in (f2, hub, f1, hub, f1, f2):
        sync.sync(store, folder)
    assert hub.one("select count(*) as n from revocations")["n"] == 1  # back from the field laptops' files
    hub_set, f1_set, f2_set = answer_sets(hub, f1, f2)
    assert hub_set == f1_set == f2_set and len(hub_set) == 8  # the revoked laptop too: what it signed late went


@settings(max_examples=examples(8), deadline=None, suppress_health_check=list(HealthCheck))
@given(order=st.permutations(["hub", "f1", "f2", "hub", "f1"]), restore_at=st.integers(0, 4))
def test_laptops_converge_whatever_the_order_of_syncs_a_restore_and_a_revocation(tmp_path_factory, scored, order,
                                                                                restore_at):
    root = tmp_path_factory.mktemp("agree")
    folder, hub, cid, f1, f2, speakers = three_laptops(root, scored)
    before = hub.backup("before-revocation")
    laptops.revoke(hub, f2.device_id)
    more_answers(f2, cid, speakers[f2.device_id], 2)
    stores = {"hub": hub, "f1": f1, "f2": f2}
    for k, name in enumerate(order):
        if k == restore_at:
            stores["hub"].close()
            restore(root / "hub.sqlite", before)
            stores["hub"] = Store(root / "hub.sqlite")
        sync.sync(stores[name], folder)
    for _ in range(2):
        for name in ("hub", "f1", "f2"):
            sync.sync(stores[name], folder)
    hub_set, f1_set, f2_set = answer_sets(stores["hub"], f1, f2)
    assert hub_set == f1_set == f2_set and len(hub_set) == 8


def test_a_revoked_laptop_is_seen_as_revoked_and_stops_recording(tmp_path, scored, capsys, qtbot, monkeypatch):
    from desktop.cli import main
    folder, hub, cid, f1, f2, speakers = three_laptops(tmp_path, scored)
    laptops.revoke(hub, f2.device_id)
    for store in (hub, f1, f2):
        sync.sync(store, folder)
    capsys.readouterr()
    for db in (hub.path, f1.path):  # every laptop says so, with what it kept
        assert main(["sync", "status", "--db", str(db)]) == 0
        line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith(f2.device_id))
        assert " revoked " in line and "revoked (from " in line and "4 answers signed before kept here" in line, line
    assert main(["review", "progress", "--db", str(hub.path), "--campaign", cid]) == 0
    assert f"laptop {f2.device_id}: revoked (from " in capsys.readouterr().out
    # the revoked laptop records nothing more, in one line, and keeps what it had
    held = f2.one("select count(*) as n from ratings")["n"]
    assert main(["review", "answer", "--db", str(f2.path), "--campaign", cid, "--speaker", speakers[f2.device_id],
                 "--answers", '{"adequacy": 3, "fluency": 3}']) == 2
    err = capsys.readouterr().err
    assert "this laptop was revoked by the coordinator from" in err and err.count("\n") == 1
    assert f2.one("select count(*) as n from ratings")["n"] == held
    # in the app: a message, not a form
    import desktop.review_panel as review_panel
    said = []
    monkeypatch.setattr(review_panel, "message", lambda parent, text, *a: said.append(text))
    panel = review_panel.ReviewPanel(f2)
    qtbot.addWidget(panel)
    panel.campaigns.speaker_id = speakers[f2.device_id]
    panel.open_campaign(cid)
    assert said and "This laptop was revoked by the coordinator" in said[0]
    assert panel.currentWidget() is not panel._areas[panel.items]
