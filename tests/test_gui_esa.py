"""Task E in the app: a speaker marks error spans with the keyboard, scores, and the stored JSON is what
they marked; existing answers come back for editing."""

from __future__ import annotations


import pytest
from PySide6.QtCore import Qt

from conftest import open_window, review_database, start_reviewing
from review import esa
from review.store import Store


@pytest.fixture
def esa_db(tmp_path, scored_demo):
    return review_database(tmp_path / "review.sqlite", scored_demo, "E", 10)


def _page(qtbot, path):
    window = open_window(qtbot, path)
    return window, start_reviewing(qtbot, window)


def test_marking_spans_by_keyboard_stores_the_json(qtbot, qapp, esa_db):
    path, cid, speaker = esa_db
    window, page = _page(qtbot, path)
    assert page.esa.isVisible() and not page.second.isVisible()
    while len(esa.Marking(page.item["output"]).words) < 3:  # an item with three words or more
        qtbot.keyClick(page, Qt.Key_Return)
        qtbot.keyClick(page, Qt.Key_Return)
    output, position = page.item["output"], page.position
    words = esa.Marking(output).words
    qtbot.keyClick(page, Qt.Key_Right)                        # the second word
    qtbot.keyClick(page, Qt.Key_Right, Qt.ShiftModifier)      # … and the third
    qtbot.keyClick(page, Qt.Key_2)                            # major
    qtbot.keyClick(page, Qt.Key_Home)
    qtbot.keyClick(page, Qt.Key_1)                            # the first word: minor
    qtbot.keyClick(page, Qt.Key_M)
    qtbot.keyClick(page, Qt.Key_2)                            # something missing: major
    qtbot.keyClick(page, Qt.Key_End)
    qtbot.keyClick(page, Qt.Key_Delete)                       # … removed again
    qtbot.keyClick(page, Qt.Key_M)
    qtbot.keyClick(page, Qt.Key_1)                            # and marked minor
    assert "marks in all" in page.esa.view.accessibleDescription()
    qtbot.keyClick(page, Qt.Key_Return)                       # to the score
    assert page.esa.phase == "score"
    qtbot.keyClick(page, Qt.Key_3)                            # anchor 66
    qtbot.keyClick(page, Qt.Key_Down)                         # −10
    qtbot.keyClick(page, Qt.Key_Right)                        # +1
    qtbot.keyClick(page, Qt.Key_Return)                       # saved; the next item appears
    assert page.position != position and page.esa.phase == "mark"
    with Store(path) as store:
        row = store.one("select answers from ratings where speaker_id = ? and position = ?", [speaker, position],
                        json_columns=["answers"])
    assert row["answers"] == {"spans": [{"start": words[0][0], "end": words[0][1], "severity": "minor"},
                                        {"start": words[1][0], "end": words[2][1], "severity": "major"},
                                        {"missing": True, "severity": "minor"}],
                              "score": 57}
    assert output[words[1][0]:words[2][1]] == f"{output[words[1][0]:words[1][1]]} {output[words[2][0]:words[2][1]]}" \
        or " " not in output[words[1][1]:words[2][0]].strip()
    qtbot.keyClick(page, Qt.Key_PageUp)                       # back: the answer comes back to edit
    assert page.position == position
    assert page.esa.view.marking.spans == row["answers"]["spans"]
    assert page.esa.score_bar.slider.value() == 57
    window.close()


def test_a_marking_key_changes_what_is_drawn(qtbot, qapp, esa_db):
    """Each marking key changes the picture of the output (the speed is measured in bench/gui_bench.py)."""
    path, _, _ = esa_db
    window, page = _page(qtbot, path)
    while len(esa.Marking(page.item["output"]).words) < 2:
        qtbot.keyClick(page, Qt.Key_PageDown)
        if page.position == 0:
            qtbot.keyClick(page, Qt.Key_Return)
            qtbot.keyClick(page, Qt.Key_Return)
    view = page.esa.view
    before = view.grab().toImage()
    qtbot.keyClick(page, Qt.Key_Right)
    moved = view.grab().toImage()
    qtbot.keyClick(page, Qt.Key_2)
    marked = view.grab().toImage()
    assert view.marking.cursor == 1 and before != moved != marked
    window.close()
