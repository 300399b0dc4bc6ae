"""Ratings travelling through real Syncthing daemons on 127.0.0.1 (global and local discovery, relays and
usage reporting off): each laptop runs ``lyss review sync`` on its own copy of the shared folder, set up
with ``lyss sync setup --apply``; Syncthing moves the files."""

from __future__ import annotations

import json
import os
import signal
import time
import zipfile

import pytest

from helpers import enrolled_study, rate
from desktop.cli import main
from review.exchange import sync
from review.rating import roster
from review.records import catalogue
from review.store import Store
from syncthing_peers import SYNCTHING, Peer, wait_for

pytestmark = [pytest.mark.skipif(SYNCTHING is None, reason="syncthing is not installed (make install installs "
                                                           "Debian's syncthing)"),
              pytest.mark.evidence]  # make evidence runs the real daemons again (docs/testing.md)


def connect(peers: list[Peer]) -> None:
    """Every daemon knows every other by its loopback address; the folder shared by `lyss sync setup`."""
    for p in peers:
        for q in peers:
            if p is not q:
                p.know(q)
    for p in peers:
        devices = sum((["--device", q.id] for q in peers if q is not p), [])
        assert main(["sync", "setup", str(p.folder), *devices, "--apply", "--home", str(p.home)]) == 0


def synced(store: Store, peer: Peer):
    """Run `lyss review sync` on the peer's folder and tell Syncthing to look at once."""
    report = sync.sync(store, peer.folder)
    peer.scan()
    return report


def holds_same_file(a: Peer, b: Peer, name: str) -> bool:
    mine, theirs = a.folder / name, b.folder / name
    return mine.exists() and theirs.exists() and mine.read_bytes() == theirs.read_bytes()


def answers(store: Store) -> int:
    return store.one("select count(*) as n from ratings")["n"]


@pytest.fixture
def three(syncthing_three):
    connect(syncthing_three)
    return syncthing_three


def test_campaign_answers_withdrawal_and_a_tampered_bundle_travel_by_syncthing(tmp_path, scored_demo, three, capsys):
    hub_peer, p1, p2 = three
    hub, cid, (f1, f2) = enrolled_study(tmp_path, catalogue.load_scored(str(scored_demo)), 2)
    hub_file = sync.own_name(hub)
    synced(hub, hub_peer)

    # the campaign reaches the enrolled laptops by sync alone
    wait_for(lambda: holds_same_file(hub_peer, p1, hub_file) and holds_same_file(hub_peer, p2, hub_file))
    for store, peer in ((f1, p1), (f2, p2)):
        synced(store, peer)
        assert catalogue.find_campaign(store, None) == cid

    # answers made on field laptop 1 reach the coordinator's and field laptop 2's `lyss study` within 60 s
    speaker = rate(f1, cid, "Ana", 5)
    synced(f1, p1)
    f1_file = sync.own_name(f1)

    def arrived():
        """five answers from field laptop 1 merged on the hub and on field laptop 2"""
        for store, peer in ((hub, hub_peer), (f2, p2)):
            if (peer.folder / f1_file).exists():
                synced(store, peer)
        return answers(hub) == 5 and answers(f2) == 5
    wait_for(arrived, timeout=60)
    capsys.readouterr()
    assert main(["review", "progress", "--db", str(hub.path), "--campaign", cid, "--json"]) == 0
    progress = json.loads(capsys.readouterr().out)
    assert sum(r["answered"] for r in progress["speakers"]) == 5, progress

    # a tampered copy dropped into field laptop 2's folder is refused on the hub and field laptop 1, and
    # stops nothing else: field laptop 2's own answers still merge
    with zipfile.ZipFile(p1.folder / f1_file) as z:
        members = {n: z.read(n) for n in z.namelist()}
    members["data.json"] = members["data.json"].replace(b"adequacy\\\": 1", b"adequacy\\\": 4", 1)
    tampered = "TAMP-ERED-0000-0000.lyssbundle"
    with zipfile.ZipFile(p2.folder / tampered, "w") as z:
        for name, data in members.items():
            z.writestr(name, data)
    rate(f2, cid, "Bea", 3)
    synced(f2, p2)
    f2_file = sync.own_name(f2)
    wait_for(lambda: all(holds_same_file(p2, q, n) for q in (hub_peer, p1) for n in (tampered, f2_file)))
    for store, peer in ((hub, hub_peer), (f1, p1)):
        report = synced(store, peer)
        outcome = {o.name: o for o in report.outcomes}
        assert outcome[tampered].status == "refused"
        assert "does not match the signed manifest" in outcome[tampered].detail
        assert outcome[f2_file].status == "merged"
        assert answers(store) == 8

    # a withdrawal on field laptop 1 removes the speaker on the hub and on field laptop 2
    roster.withdraw(f1, speaker)
    synced(f1, p1)

    def withdrawn():
        """the speaker withdrawn on the hub and on field laptop 2"""
        for store, peer in ((hub, hub_peer), (f2, p2)):
            synced(store, peer)
        return all(s.one("select withdrawn from speakers where id = ?", [speaker])["withdrawn"] == 1
                   for s in (hub, f2))
    wait_for(withdrawn, timeout=60)
    assert answers(hub) == answers(f2) == 3
    for peer in (hub_peer, p1, p2):
        assert b"Ana" not in (peer.folder / f1_file).read_bytes()
    for store in (hub, f1, f2):
        store.close()


def _arrival(folder, name: str, whole: bytes):
    """Watch the folder every millisecond: "partial" as soon as Syncthing's temporary file of ``name``
    appears, "whole" when the file is there complete."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        names = os.listdir(folder)
        if any(n.endswith(".tmp") and name in n for n in names):
            return "partial"
        if name in names and (folder / name).read_bytes() == whole:
            return "whole"
        time.sleep(0.001)
    raise AssertionError(f"{name} did not arrive within 60 s")


def test_a_daemon_killed_mid_transfer_loses_nothing_and_merges_no_half_file(tmp_path, scored_demo, syncthing_pair):
    hub_peer, field_peer = syncthing_pair
    connect([hub_peer, field_peer])
    hub, cid, (field,) = enrolled_study(tmp_path, catalogue.load_scored(str(scored_demo)), 1)
    synced(hub, hub_peer)
    wait_for(lambda: holds_same_file(hub_peer, field_peer, sync.own_name(hub)))
    synced(field, field_peer)
    name = sync.own_name(field)
    for k in range(60):  # a bundle of several hundred kilobytes, so that it travels in several blocks
        rate(field, cid, f"Speaker {k}", 20)
    for attempt in range(10):  # each attempt a new version of the bundle, until one is caught half-way
        rate(field, cid, f"Late speaker {attempt}", 1)
        synced(field, field_peer)
        whole = (field_peer.folder / name).read_bytes()
        if _arrival(hub_peer.folder, name, whole) == "partial":
            hub_peer.stop(signal.SIGKILL)
            if not holds_same_file(hub_peer, field_peer, name):
                break
            hub_peer.start()  # it finished in the instant before the kill: another version
    else:
        pytest.fail("Syncthing never showed a partial file in ten transfers")
    # the half file is neither merged nor taken for a bundle; an earlier version that arrived whole may be
    report = sync.sync(hub, hub_peer.folder)
    assert not report.refused and not [o for o in report.outcomes if ".tmp" in o.name]
    assert answers(hub) < answers(field)
    hub_peer.start()
    wait_for(lambda: holds_same_file(hub_peer, field_peer, name), timeout=90)
    report = sync.sync(hub, hub_peer.folder)
    assert {o.name: o.status for o in report.outcomes}[name] == "merged"
    assert answers(hub) == answers(field)
    assert {r["uuid"] for r in hub.rows("select uuid from ratings")} == \
        {r["uuid"] for r in field.rows("select uuid from ratings")}
    hub.close()
    field.close()


def test_sync_setup_says_then_makes_the_changes_through_the_local_api(tmp_path, capsys, syncthing_three):
    peer = syncthing_three[0]
    peer.api.call("PATCH", "/rest/config/options", {"globalAnnounceEnabled": True, "relaysEnabled": True})
    other = Peer(tmp_path, "field").id  # generated, never started
    folder = str(peer.folder)
    assert main(["sync", "setup", folder, "--device", other.lower(), "--lan-only", "--home", str(peer.home)]) == 0
    said = capsys.readouterr().out
    assert f"would: add device {other}" in said and "nothing changed" in said
    assert peer.api.call("GET", "/rest/config/folders/lyss-review") is None  # only said
    assert main(["sync", "setup", folder, "--device", other, "--lan-only", "--apply", "--home",
                 str(peer.home)]) == 0
    shared = peer.api.call("GET", "/rest/config/folders/lyss-review")
    assert shared["path"] == str(peer.folder.resolve()) and shared["versioning"]["type"] == ""
    assert {d["deviceID"] for d in shared["devices"]} == {peer.id, other}
    options = peer.api.call("GET", "/rest/config/options")
    assert not options["globalAnnounceEnabled"] and not options["relaysEnabled"] and not options["natEnabled"]
    capsys.readouterr()
    assert main(["sync", "setup", folder, "--device", "not-an-id", "--home", str(peer.home)]) == 2
    assert "not a Syncthing device id" in capsys.readouterr().err
    typo = other[:-1] + ("A" if other[-1] != "A" else "B")
    assert main(["sync", "setup", folder, "--device", typo, "--home", str(peer.home)]) == 2
    assert "a character is mistyped" in capsys.readouterr().err


def test_laptops_that_cannot_find_each_other_are_given_an_address_and_status_shows_the_connection(
        tmp_path, scored_demo, capsys, syncthing_pair):
    """Discovery is off on these daemons (as on a Wi-Fi that keeps clients apart): `--device ID@tcp://…` is how
    they meet. `lyss sync status` then says, beside each laptop's bundle, whether its device is connected."""
    hub_peer, field_peer = syncthing_pair
    for p, q in ((hub_peer, field_peer), (field_peer, hub_peer)):
        assert main(["sync", "setup", str(p.folder), "--device", f"{q.id}@{q.address}", "--lan-only", "--apply",
                     "--home", str(p.home)]) == 0
        said = capsys.readouterr().out
        assert f"done: add device {q.id} at {q.address}" in said
        assert "no crash or usage reports" in said
        options = p.api.call("GET", "/rest/config/options")
        assert options["crashReportingEnabled"] is False and options["urAccepted"] == -1
    hub, cid, (lap,) = enrolled_study(tmp_path, catalogue.load_scored(str(scored_demo)), 1)
    synced(hub, hub_peer)
    wait_for(lambda: (field_peer.folder / sync.own_name(hub)).exists())
    synced(lap, field_peer)
    rate(lap, cid, "Ana", 2)
    synced(lap, field_peer)
    wait_for(lambda: holds_same_file(field_peer, hub_peer, sync.own_name(lap)))
    synced(hub, hub_peer)
    capsys.readouterr()
    assert main(["sync", "status", "--db", str(hub.path), "--home", str(hub_peer.home)]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith(lap.device_id))
    assert "Syncthing: connected at 127.0.0.1:" in line, out
    assert "Syncthing devices this machine shares with:" in out and field_peer.id[:7] in out
    field_peer.stop()
    wait_for(lambda: not hub_peer.api.call("GET", "/rest/system/connections")["connections"][field_peer.id]
             ["connected"])
    assert main(["sync", "status", "--db", str(hub.path), "--home", str(hub_peer.home)]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith(lap.device_id))
    assert "Syncthing: not connected (last seen " in line, line


def test_three_laptops_agree_through_syncthing_after_a_revocation_and_a_restore(tmp_path, scored_demo, three, capsys):
    """Issue 32's study: a hub and two field laptops on real daemons. Field laptop 2 is revoked, the hub is
    restored from a backup made before the revocation, field laptop 2 tries to answer on, everyone syncs: every
    laptop holds the same answers, and field laptop 2 says it is revoked."""
    from review.records import laptops
    from review.store import restore
    hub_peer, p1, p2 = three
    hub, cid, (f1, f2) = enrolled_study(tmp_path, catalogue.load_scored(str(scored_demo)), 2)
    peers = {id(hub): hub_peer, id(f1): p1, id(f2): p2}
    synced(hub, hub_peer)
    wait_for(lambda: all(holds_same_file(hub_peer, q, sync.own_name(hub)) for q in (p1, p2)))
    speakers = {}
    for store, name in ((f1, "Ana"), (f2, "Ben")):
        synced(store, peers[id(store)])
        speakers[store.device_id] = rate(store, cid, name, 3)
        synced(store, peers[id(store)])

    def everyone_syncs(stores):
        for _ in range(3):
            for store in stores:
                synced(store, peers[id(store)])
            time.sleep(1)

    everyone_syncs([hub, f1, f2])
    wait_for(lambda: (everyone_syncs([hub, f1]), answers(hub) == answers(f1) == 6)[1], timeout=90)
    before = hub.backup("before-revocation")
    laptops.revoke(hub, f2.device_id)
    everyone_syncs([hub, f1, f2])
    hub_path = hub.path
    hub.close()
    restore(hub_path, before)  # a backup from before the revocation
    hub = Store(hub_path)
    peers[id(hub)] = hub_peer
    capsys.readouterr()
    assert main(["review", "answer", "--db", str(f2.path), "--campaign", cid, "--speaker", speakers[f2.device_id],
                 "--answers", '{"adequacy": 5, "fluency": 5}']) == 2  # the revoked laptop says so
    assert "this laptop was revoked" in capsys.readouterr().err
    rate(f1, cid, "Cai", 2)
    expected = 8

    def agree():
        """the hub and both field laptops hold the same 8 answers"""
        everyone_syncs([hub, f1, f2])
        a, b, c = ({r["uuid"] for r in s.rows("select uuid from ratings")} for s in (hub, f1, f2))
        return a == b == c and len(a) == expected
    wait_for(agree, timeout=120)
    assert hub.one("select count(*) as n from revocations")["n"] == 1
    assert main(["sync", "status", "--db", str(hub.path)]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith(f2.device_id))
    assert "revoked (from " in line
