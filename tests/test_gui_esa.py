"""Task E in the app: a speaker marks error spans with the keyboard, scores, and the stored JSON is what
they marked; existing answers come back for editing."""

from __future__ import annotations


import pytest
from PySide6.QtCore import Qt

from helpers import moves_done, open_window, review_database, start_reviewing
from review.store import Store
from review.tasks import error_spans as esa


@pytest.fixture
def esa_db(tmp_path, scored_demo):
    return review_database(tmp_path / "review.sqlite", scored_demo, "E", 10, premark="off")  # marks from scratch


def _page(qtbot, path):
    window = open_window(qtbot, path)
    return window, start_reviewing(qtbot, window)


@pytest.mark.under_load
def test_marking_spans_by_keyboard_stores_the_json(qtbot, qapp, esa_db):
    path, cid, speaker = esa_db
    window, page = _page(qtbot, path)
    assert page.esa.isVisible() and not page.second.isVisible()
    for _ in range(30):  # an item with three words or more (answering the others)
        if len(esa.Marking(page.item["output"]).words) >= 3:
            break
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
    for _ in range(30):  # an item of two words or more (answering the others: Enter, Enter)
        if len(esa.Marking(page.item["output"]).words) >= 2:
            break
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


def test_hints_only_when_the_campaign_asks_for_them(qtbot, qapp, tmp_path, scored_demo):
    """Blind by default; with hints, the words the analyser rejected are hinted at, and H dismisses one."""
    from helpers import review_database
    from review.records import catalogue
    from review.rating import campaigns, practice

    path, plain_cid, speaker = review_database(tmp_path / "h.sqlite", scored_demo, "E", 20, premark="off")
    with Store(path) as store:
        hinted_cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "E", items=20,
                                               hints=True, premark="off")
        practice.mark_done(store, hinted_cid, speaker)
        assert hinted_cid != plain_cid and not catalogue.campaign(store, plain_cid)["settings"]["hints"]
    window, page = _page(qtbot, path)
    seen_plain = []
    for _ in range(20):
        seen_plain.append(set(page.esa.view.hints))
        qtbot.keyClick(page, Qt.Key_Return)
        qtbot.keyClick(page, Qt.Key_Return)
        if page.item.get("task") != "E" or page.isHidden():
            break
    assert all(not h for h in seen_plain)  # the default campaign shows no hint
    window.review.open_campaign(hinted_cid)
    moves_done()  # the session opened on the engine
    for _ in range(20):
        if page.esa.view.hints:
            break
        qtbot.keyClick(page, Qt.Key_Return)
        qtbot.keyClick(page, Qt.Key_Return)
    hints = set(page.esa.view.hints)
    rejected = esa.rejected_words(page.item, page.language)
    words = esa.Marking(page.item["output"]).words
    assert hints and {page.item["output"][words[k][0]:words[k][1]].strip(".,!?") for k in hints} <= set(rejected)
    first = min(hints)
    page.esa.view.marking.go_to(first)
    assert "H dismisses the hint" in page.esa.view.describe()
    qtbot.keyClick(page, Qt.Key_H)
    assert first not in page.esa.view.hints
    window.close()
