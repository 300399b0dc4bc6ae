"""Concurrency and faults: two processes joining one speaker, backups pruned by two processes, a full
disk (a real 4 MB tmpfs), CSV cells that a spreadsheet would run, a bad answer that writes nothing."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from helpers import DEMO, ROOT
from desktop.cli import main
from review import records
from review.rating import campaigns, sequence
from review.records import catalogue
from review.store import Store
from review.study import research_files

JOIN = r"""
import sys, time
from review.rating import sequence
from review.store import Store
store = Store(sys.argv[1], backup=False)
while not __import__("os").path.exists(sys.argv[4]):
    time.sleep(0.001)
print(sequence.join(store, sys.argv[2], sys.argv[3]))
"""

BACKUPS = r"""
import sys
from review.store import Store
store = Store(sys.argv[1], backup=False)
for _ in range(25):
    store.backup("race")
print("ok")
"""


def _python(code: str, *args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)


def test_two_processes_joining_the_same_speaker_both_succeed(tmp_path, scored_demo):
    path = tmp_path / "r.sqlite"
    with Store(path) as store:
        cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "A", items=20)
        speakers = [records.speakers.add_speaker(store, f"S{k}", "LYSS study") for k in range(10)]
    for spk in speakers:
        go = tmp_path / f"go-{uuid.uuid4().hex}"
        children = [_python(JOIN, str(path), cid, spk, str(go)) for _ in range(2)]
        go.touch()
        results = [c.communicate(timeout=60) for c in children]
        assert all(c.returncode == 0 for c in children), [r[1][-400:] for r in results]
        lengths = {int(out) for out, _ in results}
        with Store(path, backup=False) as store:
            assert lengths == {records.sequences.length(store, cid, spk)}


def test_two_processes_pruning_backups(tmp_path):
    path = tmp_path / "r.sqlite"
    Store(path).close()
    children = [_python(BACKUPS, str(path)) for _ in range(2)]
    results = [c.communicate(timeout=120) for c in children]
    assert all(c.returncode == 0 for c in children), [r[1][-400:] for r in results]
    kept = [p.stem.partition("-")[2] for p in (tmp_path / "r.sqlite.backups").glob("*.sqlite")]
    assert kept.count("race") <= 10 and len(kept) - kept.count("race") <= 1  # 10 of each kind (and the opening's)


@pytest.fixture
def full_disk(tmp_path):
    """A 4 MB tmpfs (root only; CI runs as root)."""
    mount = tmp_path / "small"
    mount.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)], capture_output=True).returncode:
        pytest.skip("cannot mount a tmpfs here (needs root)")
    yield mount
    subprocess.run(["umount", str(mount)], check=False)


def _fill(folder: Path) -> None:
    fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(fd, b"\0" * 4096):
            pass
    except OSError:
        pass
    finally:
        os.close(fd)


def test_a_full_disk_is_one_line_loses_nothing_and_leaves_no_litter(full_disk, tmp_path, capsys, scored_demo):
    db = full_disk / "r.sqlite"
    scored = catalogue.load_scored(str(scored_demo))
    scored["entries"] = scored["entries"][:12]  # a small run, so the database fits the small disk
    with Store(db) as store:
        cid = campaigns.create_campaign(store, scored, "T", items=12)
        spk = records.speakers.add_speaker(store, "Mary", "LYSS study")
        sequence.join(store, cid, spk)
        records.answers.answer(store, cid, spk, 0, {"verdict": 2})
    before = set(os.listdir(full_disk)) | {f"r.sqlite.backups/{p}" for p in os.listdir(full_disk / "r.sqlite.backups")}
    _fill(full_disk)
    before.add("filler")
    for command in (["review", "answer", "--db", str(db), "--campaign", cid, "--speaker", spk,
                     "--answers", '{"verdict": 3}', "--note", "x" * 200_000],
                    ["review", "export-bundle", "--db", str(db), "--out", str(full_disk / "b.lyssbundle")],
                    ["review", "export", "--db", str(db), "--out", str(full_disk / "a.csv")],
                    ["score", str(DEMO), "--out", str(full_disk / "scored.json"), "--bootstrap", "10"]):
        code = main(command)
        err = capsys.readouterr().err
        assert code == 2, (command, err)
        assert err.count("\n") == 1 and err.startswith("lyss: ")
        after = set(os.listdir(full_disk)) | {f"r.sqlite.backups/{p}" for p in os.listdir(full_disk / "r.sqlite.backups")}
        litter = {p for p in after - before if not p.startswith("r.sqlite-")}  # SQLite's own -wal/-shm
        assert not litter, (command, litter)
    (full_disk / "filler").unlink()
    with Store(db, read_only=True) as store:
        assert store.integrity_ok()
        assert store.one("select count(*) as n from ratings")["n"] == 1  # nothing lost


def test_spreadsheet_formulas_are_neutralised_in_csv(tmp_path, scored_demo):
    path = tmp_path / "r.sqlite"
    store = Store(path)
    cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "A", items=10)
    spk = records.speakers.add_speaker(store, "Mary", "LYSS study")
    sequence.join(store, cid, spk)
    for note in ("=HYPERLINK(\"http://x\")", "+1+1", "@SUM(A1)", "-2+3", "plain"):
        records.answers.answer(store, cid, spk, records.sequences.next_position(store, cid, spk), {"adequacy": 3, "fluency": 3},
                         note=note)
    out = tmp_path / "raw.csv"
    research_files.export_ratings(store, str(out), "csv", include_raw=True)
    notes = [r["note"] for r in csv.DictReader(out.open(encoding="utf-8"))]
    assert sorted(notes) == sorted(["'=HYPERLINK(\"http://x\")", "'+1+1", "'@SUM(A1)", "'-2+3", "plain"])
    assert research_files.spreadsheet_safe("-3.5") == "-3.5"


def test_a_refused_answer_writes_nothing(tmp_path, scored_demo, capsys):
    db = str(tmp_path / "r.sqlite")
    with Store(db) as store:
        cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "A", items=10)
        spk = records.speakers.add_speaker(store, "Mary", "LYSS study")
    assert main(["review", "answer", "--db", db, "--campaign", cid, "--speaker", spk,
                 "--answers", '{"adequacy": 9, "fluency": 1}']) == 2
    with Store(db, read_only=True) as store:
        assert store.one("select count(*) as n from assignments")["n"] == 0


def test_names_with_control_characters_are_refused_and_ids_are_escaped(tmp_path, capsys):
    db = str(tmp_path / "r.sqlite")
    assert main(["review", "init", "--db", db]) == 0
    assert main(["review", "add-speaker", "--db", db, "--name", "Mary\nspk-forged  Bob  99 of 99",
                 "--consent-scope", "x"]) == 2
    assert "readable text on one line" in capsys.readouterr().err
    assert main(["review", "progress", "--db", db, "--campaign", "\x1b[31mred"]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\u001b" in err
    shutil.rmtree(tmp_path / "r.sqlite.backups", ignore_errors=True)


class _Planted:
    """An object whose unpickling would create a file: the proof that a cache could run code."""

    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (open, (self.marker, "w"))


def test_a_planted_cache_file_cannot_run_code(tmp_path, monkeypatch):
    import io
    import zipfile

    import numpy as np

    from scoring import cache
    marker = tmp_path / "ran"
    path = tmp_path / "entries" / "key"
    path.parent.mkdir()
    buffer = io.BytesIO()
    np.save(buffer, np.array([_Planted(str(marker))], dtype=object), allow_pickle=True)
    with zipfile.ZipFile(path.with_suffix(".npz"), "w") as z:  # an npz whose one array is pickled objects
        z.writestr("a0.npy", buffer.getvalue())
    path.with_suffix(".json").write_text('{"rows": {"__ndarray__": "a0"}}', "utf-8")
    assert cache.read(path) is None  # refused, never unpickled
    monkeypatch.setenv("LYSS_CACHE_DIR", str(tmp_path))
    cache.clear_memory()
    value, hit = cache.cached("entries", "key", lambda: {"fresh": True})
    assert value == {"fresh": True} and not hit and not marker.exists()


def test_an_answer_refused_after_the_task_check_writes_nothing_either(tmp_path, scored_demo, capsys):
    """Refused at a position the sequence does not have, or for a span past the item's text: the speaker's new
    sequence, their degraded items and the practice round are not written either."""
    db = str(tmp_path / "r.sqlite")
    with Store(db) as store:
        a = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "A", items=10)
        e = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "E", items=10)
        spk = records.speakers.add_speaker(store, "Mary", "LYSS study")
        before = {t: store.one(f"select count(*) as n from [{t}]")["n"] for t in ("assignments", "items", "ratings")}
    past = json.dumps({"spans": [{"start": 5000, "end": 5010, "severity": "minor"}], "score": 40})
    for cid, options in ((a, ["--position", "1000000", "--answers", '{"adequacy": 3, "fluency": 1}']),
                         (e, ["--position", "0", "--answers", past])):
        capsys.readouterr()
        assert main(["review", "answer", "--db", db, "--campaign", cid, "--speaker", spk, *options]) == 2
        assert capsys.readouterr().err.count("\n") == 1
        with Store(db, read_only=True) as store:
            assert {t: store.one(f"select count(*) as n from [{t}]")["n"] for t in before} == before, options


def test_answers_on_a_full_disk_say_the_disk_is_full(full_disk, tmp_path, capsys, scored_demo):
    """When the disk fills while speakers answer, SQLite may say "disk I/O error" (its shared-memory file cannot
    grow): the message says what it is, and every answer acknowledged before is there once space is freed."""
    db = full_disk / "r.sqlite"
    with Store(db) as store:
        cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "A", items=40)
        spk = records.speakers.add_speaker(store, "Mary", "LYSS study")
    _fill(full_disk)
    acknowledged = 0
    for k in range(8):
        capsys.readouterr()
        code = main(["review", "answer", "--db", str(db), "--campaign", cid, "--speaker", spk,
                     "--answers", '{"adequacy": 3, "fluency": 2}', "--note", uuid.uuid4().hex * 60])
        err = capsys.readouterr().err
        if code == 0:
            acknowledged += 1
            continue
        assert code == 2 and err.count("\n") == 1, err
        assert "the disk is full: nothing was changed" in err, err
    (full_disk / "filler").unlink()
    with Store(db, read_only=True) as store:
        assert store.integrity_ok()
        assert store.one("select count(*) as n from ratings")["n"] == acknowledged


def test_a_database_of_a_newer_schema_is_refused_by_every_command(tmp_path, scored_demo, capsys):
    import sqlite3
    db = str(tmp_path / "r.sqlite")
    with Store(db) as store:
        cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "A", items=10)
        spk = records.speakers.add_speaker(store, "Mary", "LYSS study")
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA user_version=99")
    conn.commit()
    conn.close()
    for command in (["review", "answer", "--db", db, "--campaign", cid, "--speaker", spk, "--answers",
                     '{"adequacy": 3, "fluency": 2}'], ["review", "progress", "--db", db],
                    ["review", "export-bundle", "--db", db, "--out", str(tmp_path / "b.lyssbundle")]):
        capsys.readouterr()
        assert main(command) == 2, command
        assert "version 99 is newer than this program's" in capsys.readouterr().err
