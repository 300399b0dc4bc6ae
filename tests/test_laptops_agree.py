"""Laptops that stay in agreement: a coordinator's decisions (revocations, enrolments, hand-overs) are never
forgotten by a restore, and travel in every laptop's file of a shared folder, so a hub restored from an old
backup — even one whose database was lost — ends with the answers every other laptop holds."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import enrolled_study, rate
from review import campaigns, laptops, sync
from review.store import Store, restore


@pytest.fixture
def scored(scored_demo):
    return campaigns.load_scored(str(scored_demo))


def answer_sets(*stores) -> list[set]:
    return [{r["uuid"] for r in s.rows("select uuid from ratings")} for s in stores]


def more_answers(store, campaign_id: str, speaker: str, count: int) -> None:
    for _ in range(count):
        position = campaigns.next_position(store, campaign_id, speaker)
        campaigns.answer(store, campaign_id, speaker, position, {"adequacy": 2, "fluency": 4})


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
    more_answers(f2, cid, speakers[f2.device_id], 3)  # the revoked laptop goes on answering
    for store in (f2, hub, f1, hub, f1, f2):
        sync.sync(store, folder)
    assert hub.one("select count(*) as n from revocations")["n"] == 1  # back from the field laptops' files
    hub_set, f1_set = answer_sets(hub, f1)
    assert hub_set == f1_set and len(hub_set) == 8


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
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
    hub_set, f1_set = answer_sets(stores["hub"], f1)
    assert hub_set == f1_set and len(hub_set) == 8
