"""A withdrawal killed at any step (SIGKILL before each SQL statement it runs, every one in turn) leaves
no copy of the speaker once the next command has opened the database: not in the database file, its
write-ahead log, any journal, nor any backup. Tested for ``withdraw`` on the registering laptop and
for a merge that brings a withdrawal to the hub."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
from pathlib import Path

import pytest

from desktop.cli import main
from review import records
from review.exchange import bundles
from review.rating import campaigns, roster, sequence
from review.records import catalogue, laptops
from review.store import Store
from sizes import size
from test_bundle_attacks import _forge

pytestmark = pytest.mark.evidence  # make evidence runs it at full size (docs/testing.md)

SECRET = ["Speaker Zed", "Community Zed", "note-zed-2"]


def _files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file() and ".lyssbundle" not in p.name]


def _leaks(folder: Path) -> list[str]:
    return [f"{s!r} in {p.relative_to(folder)}" for p in _files(folder) for s in SECRET if s.encode() in p.read_bytes()]


def _killed_at(statement: int, work) -> bool:
    """Run ``work()`` in a forked child that kills itself (SIGKILL) just before its ``statement``-th SQL
    statement; True when it was killed (False: it finished first)."""
    pid = os.fork()
    if pid == 0:  # the child: count every statement of every connection it opens
        count = [0]
        real = sqlite3.connect

        def traced(*args, **kwargs):
            conn = real(*args, **kwargs)

            def trace(_sql):
                count[0] += 1
                if count[0] == statement:
                    os.kill(os.getpid(), signal.SIGKILL)
            conn.set_trace_callback(trace)
            return conn
        sqlite3.connect = traced
        try:
            work()
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL


def _laptop(folder: Path, scored) -> tuple[Store, str, str]:
    """A laptop whose speaker has answers, notes and backups that hold them."""
    folder.mkdir()
    lap = Store(folder / "laptop.sqlite")
    cid = campaigns.create_campaign(lap, scored, "A", items=12)
    spk = records.speakers.add_speaker(lap, "Speaker Zed", "LYSS study", community="Community Zed")
    sequence.join(lap, cid, spk)
    for n in range(3):
        records.answers.answer(lap, cid, spk, n, {"adequacy": 3, "fluency": 2}, note=f"note-zed-{n}")
    lap.backup("manual")
    lap.backup("before-merge")
    return lap, cid, spk


def _laptop_copy(pristine: Path, folder: Path) -> None:
    """A fresh copy of the laptop's folder that stands for the laptop itself (a copy of a database publishes and merges
    nothing until it is adopted)."""
    shutil.copytree(pristine, folder)
    for path in folder.glob("*.sqlite"):
        with Store(path, backup=False) as copied:
            copied.adopt()


def _first_write(pristine: Path, work_in, tmp_path: Path) -> int:
    """The number of the first write statement (BEGIN) ``work_in`` runs: the statements before it only
    read (checks), so a kill there cannot have recorded anything."""
    folder = tmp_path / "dry-run"
    _laptop_copy(pristine, folder)
    seen: list[str] = []
    real = sqlite3.connect

    def traced(*args, **kwargs):
        conn = real(*args, **kwargs)
        conn.set_trace_callback(seen.append)
        return conn
    sqlite3.connect = traced
    try:
        work_in(folder)
    finally:
        sqlite3.connect = real
    shutil.rmtree(folder)
    return next(k for k, sql in enumerate(seen, 1) if sql.upper().startswith("BEGIN"))


# make evidence kills before every statement; make test before every fourth (the same sweep, a quarter of the forks)
STRIDE = size(1, 4)


def _sweep(pristine: Path, work_in, db_name: str, tmp_path: Path) -> tuple[int, int]:
    """Kill ``work_in(folder)`` before each of its statements in turn (every :data:`STRIDE`-th) from its first write
    on, each time on a fresh copy of ``pristine``; when the kill came after the withdrawal was recorded, run a
    read-only command, then look for the speaker in every file. Returns (kills, kills after the
    withdrawal was recorded), counted as if every statement had been tried (× :data:`STRIDE`)."""
    kills = recorded = 0
    statement = max(1, _first_write(pristine, work_in, tmp_path) - 1)
    while True:
        folder = tmp_path / f"run{statement}"
        _laptop_copy(pristine, folder)
        if not _killed_at(statement, lambda: work_in(folder)):
            break
        kills += 1
        with sqlite3.connect(f"file:{folder / db_name}?mode=ro", uri=True) as conn:  # reads, changes nothing
            withdrawn = conn.execute("select count(*) from tombstones where kind = 'speaker'").fetchone()[0]
        if withdrawn:  # recorded before the kill: the next command must finish it
            recorded += 1
            assert main(["review", "list", "speakers", "--db", str(folder / db_name)]) == 0
            assert not _leaks(folder), f"killed before statement {statement}: {_leaks(folder)}"
        shutil.rmtree(folder)
        statement += STRIDE
        assert statement < 2000, "the sweep never ended"
    return kills * STRIDE, recorded * STRIDE


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork (POSIX)")
def test_a_withdrawal_killed_at_any_step_is_finished_by_the_next_command(tmp_path, scored_demo, capsys):
    scored = catalogue.load_scored(str(scored_demo))
    lap, _, spk = _laptop(tmp_path / "pristine", scored)
    lap.close()

    def withdraw(folder):
        with Store(folder / "laptop.sqlite", backup=False) as store:
            roster.withdraw(store, spk)

    kills, recorded = _sweep(tmp_path / "pristine", withdraw, "laptop.sqlite", tmp_path)
    assert kills > 10 and recorded > 5, (kills, recorded)  # the sweep went through every step


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork (POSIX)")
def test_a_merge_that_brings_a_withdrawal_killed_at_any_step_leaves_no_copy(tmp_path, scored_demo, capsys):
    scored = catalogue.load_scored(str(scored_demo))
    pristine = tmp_path / "pristine"
    lap, cid, spk = _laptop(pristine, scored)
    hub = Store(pristine / "hub.sqlite")
    laptops.trust(hub, lap.device_id)  # the laptop coordinates its own campaign here
    bundles.export_bundle(lap, str(tmp_path / "answers.lyssbundle"))
    bundles.merge(hub, str(tmp_path / "answers.lyssbundle"))
    hub.backup("manual")
    roster.withdraw(lap, spk)
    bundles.export_bundle(lap, str(tmp_path / "everything.lyssbundle"))

    def only_what_changed(data):  # the hub holds the rest: keep the sweep to the withdrawal's own steps
        for table, rows in data.items():
            if table != "tombstones":
                rows.clear()
    _forge(tmp_path / "everything.lyssbundle", tmp_path / "withdrawal.lyssbundle", only_what_changed, signer=lap)
    lap.close()
    hub.close()
    (pristine / "laptop.sqlite").unlink()  # the hub's files alone
    for extra in pristine.glob("laptop.sqlite*"):
        shutil.rmtree(extra) if extra.is_dir() else extra.unlink()
    with sqlite3.connect(pristine / "hub.sqlite") as conn:  # the hub holds the speaker's answers and notes
        assert conn.execute("select count(*) from ratings where note like 'note-zed-%'").fetchone()[0] == 3

    def merge(folder):
        with Store(folder / "hub.sqlite", backup=False) as store:
            bundles.merge(store, str(tmp_path / "withdrawal.lyssbundle"))

    kills, recorded = _sweep(pristine, merge, "hub.sqlite", tmp_path)
    assert kills > 10 and recorded > 3, (kills, recorded)
