"""Withdrawal asks first (issue 43, story 6): ``lyss review withdraw`` deleted a speaker's answers at once. Now it
asks at a terminal, naming what goes; without a terminal it refuses unless ``--yes`` (exit 2, nothing deleted); the
app's dialog names the answers and backups that will be deleted."""

from __future__ import annotations

import io

from helpers import moves_done, enrolled_study, rate
from desktop.cli import main
from review.records import catalogue
from review.store import Store


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _study(tmp_path, scored_demo):
    hub, cid, (lap,) = enrolled_study(tmp_path, catalogue.load_scored(str(scored_demo)), 1)
    speaker = rate(hub, cid, "Ana", 3)
    db = str(hub.path)
    hub.close()
    lap.close()
    return db, speaker


def _answers(db: str) -> int:
    with Store(db, read_only=True) as store:
        return store.one("select count(*) as n from ratings")["n"]


def test_without_a_terminal_withdraw_refuses_unless_yes(tmp_path, scored_demo, capsys):
    db, speaker = _study(tmp_path, scored_demo)
    capsys.readouterr()
    assert main(["review", "withdraw", "--db", db, speaker]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--yes" in err and "3 answers" in err and "Ana" in err, err
    assert _answers(db) == 3  # nothing deleted
    assert main(["review", "withdraw", "--db", db, speaker, "--yes"]) == 0
    assert "3 answers deleted" in capsys.readouterr().out and _answers(db) == 0


def test_at_a_terminal_withdraw_asks_and_only_yes_deletes(tmp_path, scored_demo, capsys, monkeypatch):
    db, speaker = _study(tmp_path, scored_demo)
    monkeypatch.setattr("sys.stdin", Terminal("no\n"))
    assert main(["review", "withdraw", "--db", db, "Ana"]) == 2
    out, err = capsys.readouterr()
    assert "Withdraw Ana" in out and "3 answers" in out and "cannot be undone" in out and "nothing" in err
    assert _answers(db) == 3
    monkeypatch.setattr("sys.stdin", Terminal("yes\n"))
    assert main(["review", "withdraw", "--db", db, "Ana"]) == 0
    assert _answers(db) == 0


def test_the_apps_dialog_names_what_will_be_deleted(qtbot, tmp_path, scored_demo, monkeypatch):
    from helpers import open_window
    from desktop import campaign_panel as study_panel
    db, speaker = _study(tmp_path, scored_demo)
    window = open_window(qtbot, db)
    asked = []
    monkeypatch.setattr(study_panel, "ask", lambda parent, title, text: asked.append(text) or False)
    panel = window.campaigns
    window.show_panel(panel)
    panel.progress.selectRow(panel._speakers.index(speaker))
    panel.withdraw()
    assert moves_done()  # written on the engine
    assert len(asked) == 1 and "Ana" in asked[0] and "3 answers" in asked[0] and "backups" in asked[0], asked
    assert _answers(db) == 3  # declined: nothing deleted
