"""Nothing POSIX-only without a fallback: file names every system can hold, a replaced file another program
holds open (Windows), file modes that mean nothing on Windows, no memory limit where there is no
``resource``, and work for worker processes that start by spawn (Windows, macOS)."""

from __future__ import annotations

import ast
import inspect
import os
import sys

import pytest
from hypothesis import given, settings, strategies as st

from desktop.cli import main
from helpers import ROOT, shared_file
from eval_standards import analysers
from review.store import Store, database, folder_files, keys
from review.study import research_files
from scoring import files, parallel
from scoring.errors import BadValue
from sizes import examples


@pytest.mark.parametrize("name,problem", [
    ("a:b.hfstol", "':'"), ("CON.txt", "device"), ("com1", "device"), ("Lpt9.lyssbundle", "device"),
    ("x.", "dot or a space"), ("aux ", "dot or a space"), ("", "empty"), ("a\x01b", "'\\x01'"), ('q"?', "'\"'"),
])
def test_names_windows_cannot_hold_are_named(name, problem):
    assert problem in files.portable_name_problem(name)


@pytest.mark.parametrize("name", ["crk-descriptive-analyzer.hfstol", "ABCD-EFGH-JKMN-PQRS.lyssbundle", "console.txt",
                                  "nêhiyawêwin.json", "COM10.txt", ".~lyss.x.tmp"])
def test_ordinary_names_pass(name):
    assert files.portable_name_problem(name) is None


@given(st.from_regex(keys.CODE_PATTERN, fullmatch=True))
def test_every_laptop_code_makes_bundle_names_every_system_can_hold(code):
    for name in (folder_files.own_name(code), f"{folder_files.tmp_prefix(code)}k2j3{folder_files.TMP_SUFFIX}"):
        assert files.portable_name_problem(name) is None, name
    assert folder_files.laptop_of(folder_files.own_name(code)) == code


def test_an_analyser_whose_name_windows_cannot_hold_is_refused_in_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LYSS_DATA_DIR", str(tmp_path / "data"))
    odd = tmp_path / "crk-a:b.hfstol"
    odd.write_bytes(shared_file("fst/crk-descriptive-analyzer.hfstol").read_bytes())
    assert main(["analyzers", "add", str(odd), "--lang", "crk", "--accept-licence"]) == 2
    err = capsys.readouterr().err
    assert "rename the file" in err and "':'" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "data" / "analysers").exists() or not any((tmp_path / "data" / "analysers").iterdir())


def test_a_replaced_file_another_program_holds_open_is_tried_again_on_windows(tmp_path, monkeypatch):
    """Windows refuses to replace a file another process has open (PermissionError) for as long as it does."""
    source, target = tmp_path / "new", tmp_path / "old"
    source.write_text("new")
    target.write_text("old")
    real, refusals = os.replace, []

    def busy(a, b):
        if len(refusals) < 3:
            refusals.append(b)
            raise PermissionError(13, "in use by another process")
        real(a, b)
    monkeypatch.setattr(files.os, "replace", busy)
    monkeypatch.setattr(files, "REPLACE_PAUSE", 0)
    monkeypatch.setattr(files.sys, "platform", "win32")
    files.replace(source, target)
    assert target.read_text() == "new" and len(refusals) == 3
    refusals.clear()
    source.write_text("newer")
    monkeypatch.setattr(files.sys, "platform", "linux")
    with pytest.raises(PermissionError):  # elsewhere a refusal is a real one: said at once
        files.replace(source, target)


def test_file_modes_are_not_read_as_access_on_windows(tmp_path, monkeypatch):
    db = tmp_path / "review.sqlite"
    db.write_text("x")
    os.chmod(db, 0o644)
    assert database.readable_by_others(db)
    monkeypatch.setattr(database.sys, "platform", "win32")
    assert not database.readable_by_others(db)  # every file says 0666 there; the profile folder's access list guards it


def test_no_memory_limit_where_there_is_no_resource_module(monkeypatch):
    monkeypatch.setitem(sys.modules, "resource", None)
    analysers._limit_memory()  # Windows: returns; the test run is still stopped by time


def test_the_start_method_is_the_systems_or_the_one_asked_for(monkeypatch):
    monkeypatch.delenv(parallel.START_METHOD_VARIABLE, raising=False)
    assert parallel.start_method() == ("fork" if sys.platform.startswith("linux") else "spawn")
    monkeypatch.setattr(parallel.multiprocessing, "get_all_start_methods", lambda: ["spawn", "fork", "forkserver"])
    for platform, method in (("darwin", "spawn"), ("win32", "spawn"), ("linux", "fork")):
        monkeypatch.setattr(parallel.sys, "platform", platform)
        assert parallel.start_method() == method, platform  # macOS has fork, and Qt's threads: spawn there
    monkeypatch.undo()
    monkeypatch.setenv(parallel.START_METHOD_VARIABLE, "spawn")
    assert parallel.start_method() == "spawn" and parallel.context().get_start_method() == "spawn"


def _square(k: int) -> int:
    return k * k


def test_by_spawn_work_that_pickles_goes_to_workers_and_a_closure_is_done_here(monkeypatch):
    monkeypatch.setenv(parallel.START_METHOD_VARIABLE, "spawn")
    parent = os.getpid()
    assert parallel.travels(_square) and list(parallel.process_each(_square, range(5), 2)) == [0, 1, 4, 9, 16]
    where = []

    def closure(k):
        where.append(os.getpid())
        return k + 1
    assert not parallel.travels(closure)
    assert parallel.process_map(closure, [1, 2, 3], 2) == [2, 3, 4] and set(where) == {parent}


def _square_unless_in_a_worker_at_3(k: int) -> int:
    import multiprocessing
    if k == 3 and multiprocessing.parent_process() is not None:
        os._exit(9)  # a crash in a worker: its items are done in the parent
    if k == 5 and multiprocessing.parent_process() is not None:
        raise ValueError("done again in the parent")
    return k * k


def test_by_spawn_a_worker_is_sent_its_items_one_at_a_time_and_what_fails_is_done_here(monkeypatch):
    monkeypatch.setenv(parallel.START_METHOD_VARIABLE, "spawn")
    assert list(parallel.process_each(_square_unless_in_a_worker_at_3, range(9), 2)) == [k * k for k in range(9)]
    assert list(parallel.process_each(_square_unless_in_a_worker_at_3, range(1), 3)) == [0]


def test_the_studys_intervals_are_the_same_from_workers_started_by_spawn(monkeypatch):
    """The study's resampling pool (worker processes given the prepared job once each) by spawn gives the
    intervals one process gives."""
    import numpy as np

    from review.study import analyses
    rng = np.random.default_rng(3)
    gold = rng.normal(size=(3, 60))
    values = gold + rng.normal(scale=0.5, size=(3, 60))
    monkeypatch.setattr(analyses.os, "cpu_count", lambda: 1)
    alone = analyses._correlation_cis(3, gold.tolist(), values.tolist(), 120, seed=5)
    monkeypatch.setenv(parallel.START_METHOD_VARIABLE, "spawn")
    monkeypatch.setattr(analyses.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(analyses, "PARALLEL_VALUES", 0)
    started = []
    real = parallel.context
    monkeypatch.setattr(analyses.parallel, "context", lambda: started.append(1) or real())
    assert analyses._correlation_cis(3, gold.tolist(), values.tolist(), 120, seed=5) == alone
    assert started  # the pool ran
    assert alone["segment.none.pearson"]["resamples"] == 120


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.text(max_size=12), min_size=1, max_size=6))
def test_any_run_name_becomes_a_file_name_every_system_holds_and_none_twice(names):
    taken: set[str] = set()
    made = [files.portable_name(n, taken) for n in names]
    assert all(files.portable_name_problem(m) is None for m in made)
    assert len({m.casefold() for m in made}) == len(made)  # Windows and macOS compare names without case


def test_an_mtme_export_names_its_files_portably_and_ends_its_lines_with_newline(tmp_path):
    """``llama3:8b`` on NTFS would be the file ``llama3`` with a hidden stream: the export writes ``llama3_8b``,
    the same name in its score files, and a run named ``LLAMA3_8b`` beside it gets a name of its own."""
    source = tmp_path / "in"
    texts = {"sources/en-de.txt": "a\nb\n", "references/en-de.refA.txt": "a\nb\n",
             "system-outputs/en-de/sysA.txt": "a\nb\n", "system-outputs/en-de/sysB.txt": "a\nc\n",
             "human-scores/en-de.mqm.seg.score": "sysA\t1\nsysA\t2\nsysB\t0\nsysB\t3\n",
             "human-scores/en-de.mqm.sys.score": "sysA\t1.5\nsysB\t1.5\n"}
    for relative, text in texts.items():
        (source / relative).parent.mkdir(parents=True, exist_ok=True)
        (source / relative).write_text(text, "utf-8", newline="\n")
    store = Store(tmp_path / "r.sqlite")
    research_files.import_mtme(store, str(source), "en-de", "mqm")
    with store.transaction() as db:
        db.execute("update runs set name = 'llama3:8b' where name = 'sysA'")
        db.execute("update runs set name = 'LLAMA3_8b' where name = 'sysB'")
    research_files.export_mtme(store, str(tmp_path / "out"), "en-de", "mqm")
    out = tmp_path / "out"
    assert sorted(p.name for p in (out / "system-outputs" / "en-de").iterdir()) == ["LLAMA3_8b.txt", "llama3_8b-2.txt"]
    seg = (out / "human-scores" / "en-de.mqm.seg.score").read_text("utf-8").splitlines()
    assert sorted({line.split("\t")[0] for line in seg}) == ["LLAMA3_8b", "llama3_8b-2"]
    assert not any(b"\r" in p.read_bytes() for p in out.rglob("*") if p.is_file())
    with pytest.raises(BadValue, match="--lp"):
        research_files.export_mtme(store, str(tmp_path / "out2"), "en:de", "mqm")


WRITES = ("open", "write_text")


def test_every_text_file_written_says_how_its_lines_end():
    """Python writes the system's line ending unless told ("\\r\\n" on Windows): every text file LYSS writes is
    written through a call that names it (or through scoring.files.write_atomic, whose default is "\\n")."""
    found = []
    for path in sorted(p for package in ("scoring", "eval_standards", "review", "desktop")
                       for p in (ROOT / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) in WRITES):
                continue
            mode = node.args[1] if len(node.args) > 1 and getattr(node.func, "id", None) == "open" else \
                next((k.value for k in node.keywords if k.arg == "mode"), None)
            writing = getattr(node.func, "attr", None) == "write_text" or \
                (isinstance(mode, ast.Constant) and "w" in str(mode.value) and "b" not in str(mode.value))
            if writing and not any(k.arg == "newline" for k in node.keywords):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, found
    assert inspect.signature(files.write_atomic).parameters["newline"].default == "\n"
