"""A shared folder is input from strangers: whatever another device puts there — a folder or a link under this
laptop's name, a name that is not UTF-8, a file nobody may read, a sparse giant, a zip bomb — is one line of the
sync's report, and every other bundle is merged all the same. A killed sync's half-written file never outlives
the next command, and never keeps a withdrawn speaker's answers."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import zipfile

import pytest

from helpers import ROOT, enrolled_study, rate
from desktop.cli import main
from review import records
from review.exchange import bundles, sync
from review.rating import roster
from review.records import catalogue
from review.store import Store, folder_files


@pytest.fixture
def scored(scored_demo):
    return catalogue.load_scored(str(scored_demo))


@pytest.fixture
def study(tmp_path, scored):
    """A hub, one field laptop with 3 answers, both synced once through ``tmp_path/shared``."""
    folder = tmp_path / "shared"
    folder.mkdir()
    hub, cid, (lap,) = enrolled_study(tmp_path, scored, 1)
    sync.sync(hub, folder)
    sync.sync(lap, folder)
    speaker = rate(lap, cid, "Ana", 3)
    sync.sync(lap, folder)
    return folder, hub, lap, cid, speaker


def lines(capsys) -> list[str]:
    return capsys.readouterr().out.splitlines()


def run_sync(store, folder, capsys) -> tuple[int, list[str]]:
    capsys.readouterr()
    code = main(["review", "sync", str(folder), "--db", str(store.path)])
    return code, lines(capsys)


def failing_open(monkeypatch, victim, error: OSError) -> None:
    """``os.open`` of one file fails with ``error``, as the operating system would fail it."""
    real_open = os.open

    def opening(path, flags, *args, **kwargs):
        if os.fspath(path) == str(victim):
            raise error
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", opening)


def answers(store) -> int:
    return store.one("select count(*) as n from ratings")["n"]


@pytest.mark.parametrize("plant", ["folder", "link to the root", "link to the database"])
def test_something_planted_under_this_laptops_name_is_moved_aside_and_the_bundle_written(study, capsys, plant):
    folder, hub, lap, _, _ = study
    target = folder / sync.own_name(hub)
    target.unlink()
    if plant == "folder":
        target.mkdir()
        (target / "inside").write_text("x")
    else:
        os.symlink("/" if plant == "link to the root" else hub.path, target)
    code, out = run_sync(hub, folder, capsys)
    assert code == 0, out
    assert any(line.startswith(f"moved aside {target.name}: something that was not") for line in out), out
    assert any(line.startswith(f"published {target.name}") for line in out), out
    assert any(line.startswith(f"merged    {sync.own_name(lap)}: from {lap.device_id}: 3 answers added")
               for line in out), out
    assert target.is_file() and not target.is_symlink()
    bundles.read_bundle(str(target))  # a real, signed bundle again
    assert answers(hub) == 3
    assert hub.integrity_ok()


def test_a_name_that_is_not_utf8_is_refused_escaped_and_the_sync_goes_on(study, capsys):
    folder, hub, lap, _, _ = study
    odd = os.fsencode(folder) + b"/\xff\xfe-caf\xe9\n.lyssbundle"
    with open(odd, "wb") as fh:
        fh.write((folder / sync.own_name(lap)).read_bytes())
    code, out = run_sync(hub, folder, capsys)
    assert code == 1
    refused = [line for line in out if line.startswith("refused")]
    assert refused == ["refused   \\xff\\xfe-caf\\xe9\\n.lyssbundle: not named after a laptop code "
                       "(<code>.lyssbundle): not read"], out
    assert answers(hub) == 3
    assert main(["sync", "status", "--db", str(hub.path)]) == 0  # nothing undisplayable was remembered
    assert main(["review", "sync", str(folder), "--db", str(hub.path), "--json"]) == 1
    assert "\\\\xff\\\\xfe-caf" in capsys.readouterr().out


def _root_user() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0  # Windows has no such call, nor a root who reads all


@pytest.mark.skipif(_root_user(), reason="root reads every file: the unreadable case is made by a lock below")
def test_an_unreadable_bundle_is_a_refused_line(study, capsys):  # pragma: no cover — CI runs as root
    folder, hub, lap, _, _ = study
    (folder / sync.own_name(lap)).chmod(0)
    code, out = run_sync(hub, folder, capsys)
    assert code == 1 and any(line.startswith(f"refused   {sync.own_name(lap)}: cannot be read") for line in out)


def test_an_unreadable_bundle_is_a_refused_line_even_as_root(study, capsys, monkeypatch):
    """Root reads a mode-000 file, so the refusal is made by the operating system's own error: ``open`` fails
    as it does for a file on a share that denies this user."""
    folder, hub, lap, _, _ = study
    failing_open(monkeypatch, folder / sync.own_name(lap), PermissionError(13, "Permission denied"))
    code, out = run_sync(hub, folder, capsys)
    assert code == 1
    assert f"refused   {sync.own_name(lap)}: cannot be read (Permission denied): nothing was merged" in out, out


def test_a_read_only_folder_still_merges_and_says_publishing_failed(study, capsys, monkeypatch):
    folder, hub, lap, _, _ = study
    (folder / sync.own_name(hub)).unlink()  # the hub must publish again
    real_mkstemp = __import__("tempfile").mkstemp

    def read_only(*args, **kwargs):
        if kwargs.get("dir") == folder:
            raise PermissionError(30, "Read-only file system")
        return real_mkstemp(*args, **kwargs)

    monkeypatch.setattr("tempfile.mkstemp", read_only)
    code, out = run_sync(hub, folder, capsys)
    assert code == 1
    assert out[0] == (f"refused   {sync.own_name(hub)}: this laptop's own bundle could not be written (cannot write "
                      f"here (Read-only file system)); the others' bundles are merged all the same"), out
    assert any(line.startswith(f"merged    {sync.own_name(lap)}") for line in out)
    assert answers(hub) == 3


def test_a_giant_file_is_refused_by_its_size_and_not_read_again(study, capsys, monkeypatch):
    folder, hub, lap, _, _ = study
    giant = folder / "ZZZZ-ZZZZ-ZZZZ-ZZZZ.lyssbundle"
    with open(giant, "wb") as fh:
        fh.truncate(2 * 1024 ** 3)  # sparse: 2 GiB named like a bundle
    reads = []
    real_read = sync._read
    monkeypatch.setattr(sync, "_read", lambda path, size: reads.append(path.name) or real_read(path, size))
    code, out = run_sync(hub, folder, capsys)
    assert code == 1
    assert f"refused   {giant.name}: 2,048 MiB, larger than any bundle this laptop takes (64 MiB: 64× the largest " \
           f"it has seen): not read" in out, out
    assert giant.name not in reads
    assert answers(hub) == 3


def test_a_zip_bomb_is_refused_before_it_is_unpacked(study, capsys):
    folder, hub, lap, _, _ = study
    bomb = folder / "ZZZZ-ZZZZ-ZZZZ-ZZZZ.lyssbundle"
    with zipfile.ZipFile(bomb, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("manifest.json", b"{}")
        z.writestr("data.json", b" " * (300 * 1024 * 1024))
    assert bomb.stat().st_size < 1024 * 1024
    code, out = run_sync(hub, folder, capsys)
    assert code == 1
    assert any(line.startswith(f"refused   {bomb.name}: data.json: unpacks to more than") for line in out), out
    # refused for what the file is: not read again while it stays the same
    code, out = run_sync(hub, folder, capsys)
    assert any(line.startswith(f"refused   {bomb.name}: data.json: unpacks to more than") and
               line.endswith("(unchanged since; not read again)") for line in out), out


def test_a_refused_file_is_read_again_once_it_changes(study, capsys):
    folder, hub, lap, _, _ = study
    real = folder / sync.own_name(lap)
    whole = real.read_bytes()
    real.write_bytes(whole[: len(whole) // 2])  # half-arrived, by a transport that writes in place
    code, out = run_sync(hub, folder, capsys)
    assert code == 1 and answers(hub) == 0
    real.write_bytes(whole)
    code, out = run_sync(hub, folder, capsys)
    assert code == 0 and answers(hub) == 3, out


def test_the_folder_vanishing_during_a_sync_is_a_line_not_a_crash(study, capsys, monkeypatch):
    folder, hub, lap, _, _ = study
    real_scandir = os.scandir
    calls = []

    def vanishing(path):
        calls.append(path)
        if len(calls) > 1:  # after this laptop published: the folder is moved away
            raise FileNotFoundError(2, "No such file or directory", str(path))
        return real_scandir(path)

    monkeypatch.setattr(sync.os, "scandir", vanishing)
    code, out = run_sync(hub, folder, capsys)
    assert code == 1
    assert out[-1] == (f"refused   {folder.resolve()}: the folder could not be read (No such file or directory: moved, "
                       f"removed or unmounted during the sync); nothing more was merged"), out


def test_a_file_gone_while_it_is_read_is_skipped(study, capsys, monkeypatch):
    folder, hub, lap, _, _ = study
    failing_open(monkeypatch, folder / sync.own_name(lap), FileNotFoundError(2, "No such file or directory"))
    code, out = run_sync(hub, folder, capsys)
    assert code == 0
    assert f"skipped   {sync.own_name(lap)}: gone while the folder was read (the next sync looks again)" in out


def test_links_and_folders_under_other_names_are_skipped_never_followed(study, capsys):
    folder, hub, lap, _, _ = study
    os.symlink(hub.path, folder / "AAAA-BBBB-CCCC-DDDD.lyssbundle")
    (folder / "EEEE-FFFF-GGGG-HHHH.lyssbundle").mkdir()
    os.mkfifo(folder / "JJJJ-KKKK-MMMM-NNNN.lyssbundle")  # a read would block for ever
    code, out = run_sync(hub, folder, capsys)
    assert code == 0
    assert "skipped   AAAA-BBBB-CCCC-DDDD.lyssbundle: a link, never followed or read" in out
    assert "skipped   EEEE-FFFF-GGGG-HHHH.lyssbundle: a folder, never followed or read" in out
    assert "skipped   JJJJ-KKKK-MMMM-NNNN.lyssbundle: not a regular file, never followed or read" in out
    assert answers(hub) == 3


KILLED_WHILE_PUBLISHING = """
import os, sys, time
sys.path.insert(0, {root!r})
from review.exchange import bundles, sync
from review.store import Store
real = bundles.export_bundle
def slow(store, path, payload=None, tmp_prefix=None):
    import zipfile
    from scoring.files import atomic_path
    with atomic_path(path, tmp_prefix) as tmp:
        with zipfile.ZipFile(tmp, "w") as z:
            z.writestr("data.json", payload)
        print("writing", flush=True)
        time.sleep(60)
bundles.export_bundle = slow
store = Store({db!r}, backup=False)
sync.publish(store, {folder!r})
"""


def test_a_killed_syncs_leftover_is_removed_and_a_withdrawal_leaves_no_copy_in_the_folder(study, capsys):
    folder, hub, lap, cid, speaker = study
    records.answers.answer(lap, cid, speaker, records.sequences.next_position(lap, cid, speaker), {"adequacy": 2, "fluency": 3},
                     note="a note only Ana wrote, 7Qx")
    lap.close()
    child = subprocess.Popen([sys.executable, "-c", KILLED_WHILE_PUBLISHING.format(
        root=str(ROOT), db=str(folder.parent / "laptop0.sqlite"), folder=str(folder))], stdout=subprocess.PIPE)
    assert child.stdout.readline() == b"writing\n"
    child.send_signal(signal.SIGKILL)
    child.wait()
    leftovers = [p for p in folder.iterdir() if p.name.startswith(".")]
    assert len(leftovers) == 1 and b"only Ana wrote, 7Qx" in leftovers[0].read_bytes()
    assert leftovers[0].name.startswith(folder_files.tmp_prefix(lap.device_id))
    lap = Store(folder.parent / "laptop0.sqlite")
    capsys.readouterr()
    assert main(["review", "withdraw", "--db", str(lap.path), speaker, "--yes"]) == 0
    for path in folder.iterdir():  # only bundles are left, and they hold the speaker's tombstone alone
        with zipfile.ZipFile(path) as z:
            data = json.loads(z.read("data.json"))
        assert "only Ana wrote, 7Qx" not in json.dumps(data, ensure_ascii=False)
        assert speaker not in json.dumps({t: rows for t, rows in data.items() if t != "tombstones"}), path.name
    assert [p.name for p in folder.iterdir() if p.name.startswith(".")] == []
    own = json.loads(zipfile.ZipFile(folder / sync.own_name(lap)).read("data.json"))
    assert [t["id"] for t in own["tombstones"]] == [speaker]  # the withdrawal is in the folder at once


def test_the_next_sync_removes_a_killed_syncs_leftover(study):
    folder, hub, lap, _, _ = study
    leftover = folder / f"{folder_files.tmp_prefix(lap.device_id)}abc123.tmp"
    leftover.write_bytes(b"half a bundle")
    older = folder / f".{sync.own_name(lap)}.x1y2.tmp.lyssbundle"  # the name earlier versions gave it
    older.write_bytes(b"half a bundle")
    someone_elses = folder / f"{folder_files.tmp_prefix(hub.device_id)}abc123.tmp"
    someone_elses.write_bytes(b"half of another laptop's bundle")
    sync.sync(lap, folder)
    assert not leftover.exists() and not older.exists()
    assert someone_elses.exists()  # one writer per file: only the hub removes its own


@pytest.mark.parametrize("order", ["thief honest hub", "hub honest thief", "honest thief honest hub", "thief hub"])
def test_three_laptops_agree_after_one_is_revoked_and_misbehaves(tmp_path, scored, order):
    """A hub and two field laptops share a folder. The hub revokes field laptop 0 (stolen); the thief edits an
    answer kept from before, records new ones and withdraws the speaker. After everyone syncs, in any order:
    every laptop holds the same answers — the honest ones' and laptop 0's as they were signed before the
    revocation — and the revoked laptop is told."""
    folder = tmp_path / "shared"
    folder.mkdir()
    hub, cid, (thief, honest) = enrolled_study(tmp_path, scored, 2)
    sync.sync(hub, folder)
    for lap, name in ((thief, "Ana"), (honest, "Ben")):
        sync.sync(lap, folder)
        rate(lap, cid, name, 4)
        sync.sync(lap, folder)
    for store in (hub, thief, honest):
        sync.sync(store, folder)
    kept = {r["uuid"]: r["answers"] for r in hub.rows("select uuid, answers from ratings")}
    assert len(kept) == 8
    from review.records import laptops
    laptops.revoke(hub, thief.device_id)
    speaker = thief.one("select id from speakers where registered_by = ?", [thief.public_key])["id"]
    records.answers.answer(thief, cid, speaker, 0, {"adequacy": 5, "fluency": 5})
    records.answers.answer(thief, cid, speaker, 6, {"adequacy": 5, "fluency": 5})
    roster.withdraw(thief, speaker)
    told = []
    by_name = {"thief": thief, "honest": honest, "hub": hub}
    for store in [by_name[name] for name in order.split()] + [thief, honest, hub, thief, honest, hub]:
        report = sync.sync(store, folder)
        told += [o.detail for o in report.merged if "THIS LAPTOP WAS REVOKED" in o.detail and store is thief]
    answers = {name: {r["uuid"]: r["answers"] for r in store.rows("select uuid, answers from ratings")}
               for name, store in (("hub", hub), ("honest", honest))}
    assert answers["hub"] == answers["honest"] == kept
    assert told  # the revoked laptop was told when it merged the coordinator's file
