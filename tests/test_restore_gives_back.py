"""A restore gives back all it can (issue 65, 5 and 8): what the database it replaced held and the backup lacks —
answers never published, speakers and their names, the register of take-outs — comes back from that copy itself, and
the restore says what came back; a take-out made before the restore is still reached by a later withdrawal. Three
laptops, one shared folder, the command line."""

from __future__ import annotations

from pathlib import Path

from circle_of_three import Circle


def test_a_restore_gives_back_the_answers_no_sync_published(tmp_path, scored_demo, capsys):
    c = Circle(tmp_path, scored_demo, capsys, items=12)
    mary = c.add_speaker("rita", "Mary")
    for _ in range(3):
        c.answer("rita", mary)
    c.settle()
    c.on("rita", "review", "backup")
    for _ in range(3):
        c.answer("rita", mary)
    c.ok("review", "sync", str(c.folder), "--db", c.db["rita"])  # published
    for _ in range(2):
        c.answer("rita", mary)  # never published: before, a restore lost these for good
    out = c.on("rita", "review", "restore")
    lines = out.splitlines()
    assert "taken back from the replaced database: 5 answers added" in lines, out
    assert lines[-1] == "nothing this laptop recorded is missing", out
    assert c.answers_of("rita", mary) == 8
    c.settle()
    assert [c.answers_of(laptop, mary) for laptop in ("hub", "rita", "joe")] == [8, 8, 8]
    assert c.differences() == {}


def test_a_take_out_made_before_a_restore_is_reached_by_a_later_withdrawal(tmp_path, scored_demo, capsys):
    c = Circle(tmp_path, scored_demo, capsys)
    mary = c.add_speaker("rita", "Mary Example")
    c.answer("rita", mary)
    c.settle()
    c.on("rita", "review", "backup")
    out_dir = tmp_path / "take-out"
    c.on("rita", "review", "take-out", "--all", "--with-names", "--out", str(out_dir))
    assert _mentions(out_dir, mary) and _mentions(out_dir, "Mary Example")
    out = c.on("rita", "review", "restore")
    assert f"remembered again the take-out written to {out_dir.resolve()} on " in out, out
    said = c.on("rita", "review", "withdraw", "--yes", mary)
    assert f"take-out {out_dir.resolve()}" in said and "rewritten without them" in said, said
    assert not _mentions(out_dir, mary) and not _mentions(out_dir, "Mary Example")  # before: both stayed


def _mentions(folder: Path, text: str) -> bool:
    return any(text in path.read_text("utf-8", errors="replace") for path in folder.rglob("*") if path.is_file())
