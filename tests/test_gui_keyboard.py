"""A whole session with the keyboard alone, each key sent to whatever has the focus (as a speaker's key
press would go): a new speaker signs up, practises, answers task A, writes a note, undoes, pauses and
resumes, then marks errors in task E. Nothing is clicked."""

from __future__ import annotations

import json

import pytest

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from helpers import open_window


def _press(qtbot, window, key, modifier=Qt.NoModifier, times: int = 1):
    for _ in range(times):
        target = QApplication.focusWidget() or window
        qtbot.keyClick(target, key, modifier)


def _type(qtbot, window, text: str):
    qtbot.keyClicks(QApplication.focusWidget() or window, text)


@pytest.mark.under_load
def test_a_whole_session_by_keyboard_alone(qtbot, tmp_path, scored_demo):
    from review.records import catalogue
    from review.rating import campaigns
    from review.store import Store
    path = tmp_path / "keys.sqlite"
    with Store(path) as store:
        scored = catalogue.load_scored(str(scored_demo))
        cid_a = campaigns.create_campaign(store, scored, "A", items=12)
        cid_e = campaigns.create_campaign(store, scored, "E", items=12)
    window = open_window(qtbot, path)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.review.sign_in.new_button)  # not the tabs
    review = window.review
    assert review.currentWidget() is review.sign_in
    _press(qtbot, window, Qt.Key_Return)              # no one yet: Enter makes a new profile
    assert review.currentWidget() is review.consent
    assert QApplication.focusWidget() is review.consent.name  # typing goes into the name field
    _type(qtbot, window, "Mary")
    _press(qtbot, window, Qt.Key_Return)              # Enter agrees
    assert review.currentWidget() is review.campaigns
    _press(qtbot, window, Qt.Key_Return)              # the first task: A
    page = review.items
    assert page.practice_items
    while page.practice_items:                        # the practice round: answer, read, Enter
        _press(qtbot, window, Qt.Key_5)
        _press(qtbot, window, Qt.Key_5)
        assert page.session.step == "feedback"
        _press(qtbot, window, Qt.Key_Return)
    assert page.status.text().startswith("Practice done")
    for _ in range(3):
        _press(qtbot, window, Qt.Key_4)
        _press(qtbot, window, Qt.Key_3)
    assert page.position == 3
    _press(qtbot, window, Qt.Key_N)                   # a note, saved with Ctrl+Enter
    qtbot.waitUntil(lambda: QApplication.focusWidget() is page.note_dialog.edit)
    _type(qtbot, window, "the verb is wrong")
    _press(qtbot, window, Qt.Key_Return, Qt.ControlModifier)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is page)  # the dialog is gone, the keys are the page's
    _press(qtbot, window, Qt.Key_2)                   # half an answer, then undone step by step
    _press(qtbot, window, Qt.Key_Z, Qt.ControlModifier)
    assert page.session.partial == {} and page.position == 3
    _press(qtbot, window, Qt.Key_Z, Qt.ControlModifier)  # untouched now: the previous answer goes
    assert page.position == 2
    _press(qtbot, window, Qt.Key_1)
    _press(qtbot, window, Qt.Key_2)
    _press(qtbot, window, Qt.Key_Escape)              # pause: back to the tasks, A still chosen
    assert review.currentWidget() is review.campaigns
    assert review.campaigns.list.currentItem().data(Qt.UserRole) == cid_a
    _press(qtbot, window, Qt.Key_Return)              # resume where she stopped
    assert page.position == 3 and page.note == "the verb is wrong"
    _press(qtbot, window, Qt.Key_Escape)
    _press(qtbot, window, Qt.Key_Down)                # task E
    _press(qtbot, window, Qt.Key_Return)
    assert page.session.task.marks_spans
    while page.practice_items:
        if page.session.step == "feedback":
            _press(qtbot, window, Qt.Key_Return)
            continue
        _press(qtbot, window, Qt.Key_Return)          # done marking (no mark)
        _press(qtbot, window, Qt.Key_4)               # the 100 anchor
        _press(qtbot, window, Qt.Key_Return)          # saved → explained
    first = page.position
    assert "1 minor" in page.hint.text()              # the key line of the marking step
    _press(qtbot, window, Qt.Key_2)                   # the first word: a major error
    _press(qtbot, window, Qt.Key_Return)
    assert "±10" in page.hint.text()                  # the key line of the scoring step
    _press(qtbot, window, Qt.Key_Up, times=2)         # 50 → 70
    _press(qtbot, window, Qt.Key_Return)
    assert page.position != first
    window.close()
    with Store(path) as store:
        rows = {r["campaign_id"]: r for r in store.rows("select * from ratings")}
        e = json.loads(store.one("select answers from ratings where campaign_id = ?", [cid_e])["answers"])
        assert e["score"] == 70 and e["spans"][0]["severity"] == "major"
        assert store.one("select count(*) as n from ratings where campaign_id = ?", [cid_a])["n"] == 3
        assert store.one("select note from ratings where campaign_id = ? and position = 3", [cid_a]) is None
        assert store.one("select note from drafts where campaign_id = ?", [cid_a])["note"] == "the verb is wrong"
        assert cid_e in rows
