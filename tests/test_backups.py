"""Backups on demand and before change (issue 42): `lyss review backup` and File → Back up, `lyss review list
backups` with their times, a restore that first keeps the database it replaces (never chosen by default, named to
bring it back), a backups folder that holds only complete files (no half-written copy, no -wal or -shm), and
rotation by kind, so that a burst of merges never pushes out the hourly copies."""

from __future__ import annotations

import json
import sqlite3

from desktop.cli import main
from review.rating import campaigns
from review.records import catalogue
from review.store import Store
from review.store.database import BACKUPS_KEPT


def _names(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_a_backup_on_demand_is_listed_with_its_time(tmp_path, capsys):
    db = str(tmp_path / "r.sqlite")
    assert main(["review", "init", "--db", db]) == 0
    capsys.readouterr()
    assert main(["review", "backup", "--db", db]) == 0
    said = capsys.readouterr().out
    assert said.startswith("backed up to ") and "on-demand.sqlite" in said and "lyss review restore" in said
    assert main(["review", "list", "backups", "--db", db, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [b["reason"] for b in listed][-1] == "on-demand" and listed[-1]["made"].endswith(" UTC")
    assert all(b["bytes"] > 0 for b in listed)
    assert main(["review", "list", "backups", "--db", db]) == 0
    assert "on-demand" in capsys.readouterr().out


def test_a_restore_keeps_the_database_it_replaces_and_the_folder_holds_only_complete_files(tmp_path, scored_demo,
                                                                                            capsys):
    db = tmp_path / "hub.sqlite"
    store = Store(db)
    store.backup("on-demand")  # before the campaign
    cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "A", items=6)
    store.close()
    capsys.readouterr()
    assert main(["review", "restore", "--db", str(db)]) == 0
    said = capsys.readouterr().out
    assert "the database it replaced is kept among the backups" in said
    assert "on-demand" in said.split("\n")[0]  # the backup made before the campaign…
    assert "taken back from the replaced database: 1 campaign arrived" in said  # …and the campaign back from it
    folder = tmp_path / "hub.sqlite.backups"
    replaced = [p for p in folder.glob("*-replaced-by-restore.sqlite")]
    assert len(replaced) == 1
    assert all(name.endswith(".sqlite") for name in _names(folder)), _names(folder)  # no -wal, -shm, .partial
    with Store(db) as restored:
        assert [c["id"] for c in catalogue.list_campaigns(restored)] == [cid]  # nothing the laptop held is lost
    assert main(["review", "restore", "--db", str(db)]) == 0  # the default is never the replaced database
    assert "-replaced-by-restore" not in capsys.readouterr().out.split("\n")[0]
    assert main(["review", "restore", "--db", str(db), str(replaced[0])]) == 0  # named, it is put back
    assert replaced[0].name in capsys.readouterr().out.split("\n")[0]
    with Store(db) as back:
        assert [c["id"] for c in catalogue.list_campaigns(back)] == [cid]
    assert all(name.endswith(".sqlite") for name in _names(folder)), _names(folder)
    for path in folder.glob("*.sqlite"):  # each a whole database in rollback-journal mode
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.close()


def test_backups_are_rotated_by_kind(tmp_path):
    store = Store(tmp_path / "r.sqlite")
    store.backup("hourly")
    for _ in range(BACKUPS_KEPT + 5):
        store.backup("before-merge")
    kinds = [p.stem.partition("-")[2] for p in store.backups()]
    assert kinds.count("before-merge") == BACKUPS_KEPT and "hourly" in kinds


def test_file_back_up_in_the_app(tmp_path, qtbot):
    from helpers import open_window
    db = tmp_path / "r.sqlite"
    Store(db).close()
    window = open_window(qtbot, db)
    made = window.back_up_now()
    assert made.endswith("-on-demand.sqlite") and window.statusBar().currentMessage() == f"Backed up to {made}"


def test_every_backup_is_private_to_its_owner(tmp_path, scored_demo):
    db = tmp_path / "r.sqlite"
    store = Store(db)
    store.backup("on-demand")
    store.close()
    from review.store import restore
    restore(db)
    for path in (tmp_path / "r.sqlite.backups").iterdir():
        assert path.stat().st_mode & 0o077 == 0, path.name
