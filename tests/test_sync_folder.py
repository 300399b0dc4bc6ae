"""``lyss review sync FOLDER`` on a plain folder the laptops share (no Syncthing): each laptop writes its own
bundle, merges the others' that changed; the end state is the one USB bundles give, in any order."""

from __future__ import annotations

import json
import os
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import enrolled_study, rate
from desktop.cli import main
from review import records
from review.exchange import bundles, sync
from review.rating import roster
from review.records import catalogue, laptops
from review.store import Store
from sizes import examples


def tables(store) -> dict:
    """Every shared table's rows, without signatures (an author keeps its own rows unsigned until it
    publishes them)."""
    return {t: sorted(json.dumps({k: v for k, v in json.loads(r).items() if k != "signature"}, sort_keys=True)
                      for r in rows) for t, rows in bundles.table_snapshot(store).items()}


def statuses(report):
    return {o.name: o.status for o in report.outcomes}


@pytest.fixture
def scored(scored_demo):
    return catalogue.load_scored(str(scored_demo))


def test_a_campaign_reaches_an_enrolled_laptop_and_answers_come_back_by_sync_alone(tmp_path, scored):
    folder = tmp_path / "shared"
    folder.mkdir()
    hub, cid, (lap,) = enrolled_study(tmp_path, scored, 1)
    assert statuses(sync.sync(hub, folder)) == {sync.own_name(hub): "published"}
    first = sync.sync(lap, folder)
    assert statuses(first)[sync.own_name(hub)] == "merged"
    assert catalogue.find_campaign(lap, None) == cid  # the campaign arrived with no USB stick
    rate(lap, cid, "Ana", 5)
    assert statuses(sync.sync(lap, folder))[sync.own_name(lap)] == "published"
    back = sync.sync(hub, folder)
    assert statuses(back) == {sync.own_name(hub): "unchanged", sync.own_name(lap): "merged"}
    assert "5 answers added" in back.merged[0].detail
    assert hub.one("select count(*) as n from ratings")["n"] == 5
    # nothing changed: every bundle costs a stat, the own one is not rewritten
    mtime = (folder / sync.own_name(hub)).stat().st_mtime_ns
    again = sync.sync(hub, folder)
    assert set(statuses(again).values()) == {"unchanged"}
    assert (folder / sync.own_name(hub)).stat().st_mtime_ns == mtime
    seen = {r["code"]: r for r in sync.laptops_seen(hub, folder)}
    assert seen[lap.device_id]["answers"] == 5 and seen[lap.device_id]["enrolled"]
    assert seen[hub.device_id]["this_laptop"]


def test_the_shared_folder_gives_the_state_usb_bundles_give(tmp_path, scored):
    folder = tmp_path / "shared"
    folder.mkdir()
    hub, cid, fields = enrolled_study(tmp_path, scored, 3)
    sync.sync(hub, folder)
    for k, lap in enumerate(fields):
        sync.sync(lap, folder)
        rate(lap, cid, f"Speaker {k}", 3 + k)
    for store in [*fields, hub, *fields]:
        sync.sync(store, folder)
    usb = Store(tmp_path / "usb.sqlite")
    laptops.trust(usb, hub.device_id)
    for k, store in enumerate([hub, *fields]):
        path = tmp_path / f"usb{k}.lyssbundle"
        bundles.export_bundle(store, str(path))
        bundles.merge(usb, str(path))
    expected = tables(usb)
    for store in [hub, *fields]:
        assert tables(store) == expected


def test_files_still_arriving_links_and_other_files_are_ignored(tmp_path, scored):
    folder = tmp_path / "shared"
    folder.mkdir()
    hub, cid, (lap,) = enrolled_study(tmp_path, scored, 1)
    sync.sync(hub, folder)
    whole = (folder / sync.own_name(hub)).read_bytes()
    (folder / f".syncthing.{lap.device_id}.lyssbundle.tmp").write_bytes(whole[:100])
    (folder / f"~syncthing~{lap.device_id}.lyssbundle.tmp").write_bytes(whole[:100])
    (folder / "notes.txt").write_text("minutes of the meeting")
    outside = tmp_path / "elsewhere.lyssbundle"
    outside.write_bytes(whole)
    os.symlink(outside, folder / "AAAA-BBBB-CCCC-DDDD.lyssbundle")
    report = sync.sync(lap, folder)
    assert statuses(report) == {sync.own_name(lap): "published", sync.own_name(hub): "merged",
                                "AAAA-BBBB-CCCC-DDDD.lyssbundle": "skipped"}  # said, never followed
    assert not report.refused


def test_a_refused_bundle_stops_nothing_else_and_is_named(tmp_path, scored, capsys):
    folder = tmp_path / "shared"
    folder.mkdir()
    hub, cid, fields = enrolled_study(tmp_path, scored, 2)
    sync.sync(hub, folder)
    for k, lap in enumerate(fields):
        sync.sync(lap, folder)
        rate(lap, cid, f"Speaker {k}", 2)
        sync.sync(lap, folder)
    # laptop 1's file altered after signing (one answer changed inside data.json)
    victim = folder / sync.own_name(fields[1])
    with zipfile.ZipFile(victim) as z:
        members = {n: z.read(n) for n in z.namelist()}
    altered = members["data.json"].replace(b'adequacy\\": 1', b'adequacy\\": 4', 1)
    assert altered != members["data.json"]
    members["data.json"] = altered
    with zipfile.ZipFile(victim, "w") as z:
        for name, data in members.items():
            z.writestr(name, data)
    # a bundle under another laptop's name
    (folder / "ZZZZ-ZZZZ-ZZZZ-ZZZZ.lyssbundle").write_bytes((folder / sync.own_name(fields[0])).read_bytes())
    capsys.readouterr()
    assert main(["review", "sync", str(folder), "--db", str(hub.path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert any(line.startswith(f"merged    {sync.own_name(fields[0])}: from {fields[0].device_id}: 2 answers added")
               for line in out)
    assert any(line.startswith(f"refused   {victim.name}: data.json: does not match the signed manifest")
               for line in out), out
    assert any(line.startswith("refused   ZZZZ-ZZZZ-ZZZZ-ZZZZ.lyssbundle: manifest.json: signed by laptop "
                               f"{fields[0].device_id}") for line in out), out
    assert hub.one("select count(*) as n from ratings")["n"] == 2
    status = {r["code"]: r for r in sync.laptops_seen(hub)}
    assert status[fields[1].device_id]["status"] == "refused"
    assert main(["sync", "status", "--db", str(hub.path)]) == 0
    assert "does not match the signed manifest" in capsys.readouterr().out


def test_bad_folder_is_one_line_and_exit_2(tmp_path, scored, capsys):
    hub, _, _ = enrolled_study(tmp_path, scored, 0)
    hub.close()
    assert main(["review", "sync", str(tmp_path / "nowhere"), "--db", str(tmp_path / "hub.sqlite")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lyss: ") and "nowhere: not a folder" in err and len(err.splitlines()) == 1


def test_a_withdrawal_travels_through_the_folder(tmp_path, scored):
    folder = tmp_path / "shared"
    folder.mkdir()
    hub, cid, (lap,) = enrolled_study(tmp_path, scored, 1)
    sync.sync(hub, folder)
    sync.sync(lap, folder)
    speaker = rate(lap, cid, "Ana", 4)
    sync.sync(lap, folder)
    sync.sync(hub, folder)
    assert hub.one("select count(*) as n from ratings")["n"] == 4
    roster.withdraw(lap, speaker)
    sync.sync(lap, folder)
    assert b"Ana" not in (folder / sync.own_name(lap)).read_bytes()
    report = sync.sync(hub, folder)
    assert "1 speaker withdrawn: 4 answers deleted" in report.merged[0].detail, report.merged[0].detail
    assert hub.one("select count(*) as n from ratings")["n"] == 0
    assert hub.one("select withdrawn from speakers where id = ?", [speaker])["withdrawn"] == 1


STEPS = st.lists(st.tuples(st.sampled_from(["answer", "sync", "partial"]), st.integers(0, 1)), min_size=1,
                 max_size=10)


@settings(max_examples=examples(12), deadline=None, suppress_health_check=list(HealthCheck))
@given(steps=STEPS)
def test_any_order_of_syncs_and_partial_files_ends_where_usb_does(tmp_path_factory, scored, steps):
    """Two field laptops and a coordinator share a folder; answers, syncs and half-arrived files come in any
    order. After everyone syncs twice, every laptop holds what merging all their bundles by USB gives."""
    root = tmp_path_factory.mktemp("orders")
    folder = root / "shared"
    folder.mkdir()
    hub, cid, fields = enrolled_study(root, scored, 2)
    sync.sync(hub, folder)
    speakers = {}
    for action, k in steps:
        lap = fields[k]
        if action == "answer":
            if k not in speakers:
                sync.sync(lap, folder)  # the campaign first
                speakers[k] = rate(lap, cid, f"Speaker {k}", 0)
            records.answers.answer(lap, cid, speakers[k], records.sequences.next_position(lap, cid, speakers[k]),
                             {"adequacy": 3, "fluency": 4})
        elif action == "sync":
            sync.sync(lap, folder)
        else:  # a half-arrived copy of the other laptop's newest bundle, under the final name for a moment
            other = fields[1 - k]
            payload = bundles.payload_bytes(other, own_only=True)
            bundles.export_bundle(other, str(root / "whole.lyssbundle"), payload)
            whole = (root / "whole.lyssbundle").read_bytes()
            target = folder / sync.own_name(other)
            saved = target.read_bytes() if target.exists() else None
            target.write_bytes(whole[: len(whole) // 2])
            report = sync.sync(lap, folder)
            assert statuses(report).get(target.name) in ("refused", None)
            if saved is None:
                target.unlink()
            else:
                target.write_bytes(saved)
    for _ in range(2):
        for store in (hub, *fields):
            sync.sync(store, folder)
    usb = Store(root / "usb.sqlite")
    laptops.trust(usb, hub.device_id)
    for n, store in enumerate((hub, *fields)):
        path = root / f"usb{n}.lyssbundle"
        bundles.export_bundle(store, str(path))
        bundles.merge(usb, str(path))
    expected = tables(usb)
    for store in (hub, *fields):
        assert tables(store) == expected
    for store in (hub, *fields, usb):
        store.close()


def _laptop_with_answers(tmp_path, scored, answers: int):
    """A hub and one enrolled laptop sharing a folder, the campaign arrived there and ``answers`` recorded."""
    folder = tmp_path / "shared"
    folder.mkdir()
    hub, cid, (lap,) = enrolled_study(tmp_path, scored, 1)
    sync.sync(hub, folder)
    sync.sync(lap, folder)
    rate(lap, cid, "Ana", answers)
    return hub, cid, lap, folder


def test_a_file_refused_while_half_written_is_read_again_once_complete_even_with_its_size_and_time_set_back(
        tmp_path, scored):
    """A copy tool that writes the final size first (zeros), then the bytes, then sets the time: size and time are
    the same as when the half-written file was refused. The file's change time and inode are not, so it is read
    again and merged (it was skipped for good before)."""
    hub, cid, lap, folder = _laptop_with_answers(tmp_path, scored, 4)
    carried = tmp_path / "carried"
    carried.mkdir()
    sync.publish(lap, carried)
    complete = (carried / sync.own_name(lap)).read_bytes()
    target = folder / sync.own_name(lap)
    target.write_bytes(b"\0" * len(complete))  # preallocated, nothing written yet
    when = 1_700_000_000_000_000_000
    os.utime(target, ns=(when, when))
    first = statuses(sync.sync(hub, folder))
    assert first[sync.own_name(lap)] == "refused"
    assert statuses(sync.sync(hub, folder))[sync.own_name(lap)] == "refused"  # unchanged: not read again
    with open(target, "r+b") as out:  # the copy completes in place, and sets the time back
        out.write(complete)
    os.utime(target, ns=(when, when))
    assert (target.stat().st_size, target.stat().st_mtime_ns) == (len(complete), when)
    assert statuses(sync.sync(hub, folder))[sync.own_name(lap)] == "merged"
    assert hub.one("select count(*) as n from ratings")["n"] == 4


def test_a_sync_with_nothing_changed_signs_nothing_again(tmp_path, scored, monkeypatch):
    """The own bundle is built (every own row signed) only when a row changed since it was last published, or
    its file is not the one written last."""
    hub, cid, lap, folder = _laptop_with_answers(tmp_path, scored, 2)
    built = []
    real = bundles.payload_bytes
    monkeypatch.setattr(bundles, "payload_bytes", lambda *a, **k: built.append(1) or real(*a, **k))
    assert statuses(sync.sync(lap, folder))[sync.own_name(lap)] == "published"
    assert len(built) == 1
    for _ in range(3):
        assert statuses(sync.sync(lap, folder))[sync.own_name(lap)] == "unchanged"
    assert len(built) == 1  # three syncs, nothing signed again
    rate(lap, cid, "Ben", 1)  # a row changed: built and published
    assert statuses(sync.sync(lap, folder))[sync.own_name(lap)] == "published" and len(built) == 2
    (folder / sync.own_name(lap)).unlink()  # the file is gone: written again
    assert statuses(sync.sync(lap, folder))[sync.own_name(lap)] == "published" and len(built) == 3
