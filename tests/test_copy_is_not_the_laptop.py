"""A copy is not the laptop (issue 65, 6): a database knows where it was made (its path, this computer); a copy of it
— a scratch copy, a database moved to another folder or computer — publishes and merges nothing until the coordinator
says it is now the laptop (``lyss review adopt``, one command). A merge that deletes answers says so. Three laptops,
one shared folder, the command line."""

from __future__ import annotations

import shutil

from circle_of_three import Circle
from helpers import moves_done
from review.store import Store


def test_a_withdrawal_in_a_scratch_copy_of_the_hub_reaches_no_one(tmp_path, scored_demo, capsys):
    c = Circle(tmp_path, scored_demo, capsys)
    mary = c.add_speaker("rita", "Mary")
    for _ in range(3):
        c.answer("rita", mary)
    c.settle()
    hub_file = c.folder / f"{c.code['hub']}.lyssbundle"
    published = hub_file.read_bytes()
    scratch = str(tmp_path / "scratch-copy.sqlite")
    shutil.copy(c.db["hub"], scratch)

    code, out, err = c.run("review", "withdraw", "--db", scratch, "--yes", mary)
    assert code == 0 and "this database is a copy" in out and "travels nowhere" in out, out + err
    assert hub_file.read_bytes() == published  # before: the copy wrote the hub's bundle anew, without Mary
    for verb in (["review", "sync", str(c.folder)], ["review", "export-bundle", "--out", str(tmp_path / "x.lyssbundle")],
                 ["review", "merge", str(c.folder / f"{c.code['rita']}.lyssbundle")]):
        code, out, err = c.run(*verb[:2], "--db", scratch, *verb[2:])
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, (verb, out, err)
        assert f"this database was made at {c.db['hub']}: a copy publishes and merges nothing as the laptop until " \
               f"you say this is now the laptop (lyss review adopt --db {scratch})" in err, err
    assert not (tmp_path / "x.lyssbundle").exists()
    c.settle()
    for laptop in ("hub", "rita", "joe"):
        assert c.answers_of(laptop, mary) == 3, laptop  # before: the hub's next sync deleted them everywhere


def test_moving_the_hub_to_a_new_laptop_is_one_command(tmp_path, scored_demo, capsys):
    c = Circle(tmp_path, scored_demo, capsys)
    moved = tmp_path / "new-laptop" / "hub.sqlite"
    moved.parent.mkdir()
    shutil.move(c.db["hub"], moved)
    c.db["hub"] = str(moved)
    code, out, err = c.run("review", "sync", str(c.folder), "--db", str(moved))
    assert code == 2 and "lyss review adopt" in err
    out = c.on("hub", "review", "adopt")
    assert out.startswith(f"{moved} is now laptop {c.written['hub']}, here: it publishes and merges again")
    assert c.on("hub", "review", "adopt").endswith("where it is already: nothing to change\n")
    mary = c.add_speaker("rita", "Mary")
    c.answer("rita", mary)
    c.settle()
    assert c.answers_of("hub", mary) == 1 and c.differences() == {}


def test_a_merge_that_deletes_answers_says_so(tmp_path, scored_demo, capsys):
    c = Circle(tmp_path, scored_demo, capsys)
    mary = c.add_speaker("rita", "Mary")
    for _ in range(3):
        c.answer("rita", mary)
    c.settle()
    c.on("rita", "review", "withdraw", "--yes", mary)
    c.ok("review", "sync", str(c.folder), "--db", c.db["rita"])
    out = c.ok("review", "sync", str(c.folder), "--db", c.db["hub"])
    merged = next(line for line in out.splitlines() if line.startswith("merged") and c.code["rita"] in line)
    assert "1 speaker withdrawn: 3 answers deleted" in merged, merged  # before: "1 speakers withdrawn; 3 deleted"


def test_the_app_says_a_database_is_a_copy_and_makes_it_the_laptop_when_asked(qtbot, qapp, tmp_path, scored_demo,
                                                                             capsys, monkeypatch):
    import desktop.circle_pages as study_panel
    from desktop.qt_common import application
    from desktop.campaign_panel import CampaignPanel

    application()
    c = Circle(tmp_path, scored_demo, capsys)
    moved = tmp_path / "moved.sqlite"
    shutil.copy(c.db["rita"], moved)
    store = Store(moved)
    panel = CampaignPanel(store)
    qtbot.addWidget(panel)
    assert panel.pages.currentWidget() is panel.sharing_page and not panel.copy_words.isHidden()
    assert panel.copy_words.text().startswith(f"This database was made at {c.db['rita']}: a copy publishes and "
                                              f"merges nothing as the laptop.")
    monkeypatch.setattr(study_panel, "ask", lambda *a: True)
    from desktop.engine import engine
    seen = []  # what the app's engine — another connection, open before the click — knows of it
    engine(moved).hand(None, lambda own: seen.append(own.displaced))
    assert moves_done() and seen[0]["path"] == str(c.db["rita"])
    panel.adopt()
    assert store.displaced is None and panel.copy_words.isHidden() and panel.adopt_button.isHidden()
    engine(moved).hand(None, lambda own: seen.append(own.displaced))
    assert moves_done() and seen[1] is None  # a withdrawal made there scrubs the shared folders as the laptop's
    assert panel.status.text() == f"This database is now laptop {c.written['rita']}, here."
    store.close()
    assert c.run("review", "sync", str(c.folder), "--db", str(moved))[0] == 0
