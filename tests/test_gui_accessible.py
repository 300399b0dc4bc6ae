"""Every interactive widget of the app has a name a screen reader can speak (issue 13)."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QAbstractSlider, QAbstractSpinBox,  # noqa: E402
                               QComboBox, QHeaderView, QLineEdit, QScrollBar, QTabBar, QTextEdit, QWidget)

from helpers import open_window, review_database, start_reviewing  # noqa: E402

INTERACTIVE = (QAbstractButton, QComboBox, QLineEdit, QTextEdit, QAbstractSpinBox, QAbstractSlider,
               QAbstractItemView, QTabBar)


def _qt_internal(widget) -> bool:
    """Parts Qt builds inside a named widget (scroll bars, headers, a table's corner button, a combo's popup,
    a tab bar's arrows, the menu bar's overflow button)."""
    if isinstance(widget, (QScrollBar, QHeaderView)) or widget.objectName().startswith("qt_"):
        return True
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, (QComboBox, QTabBar)):
            return True
        parent = parent.parentWidget()
    return False


def _unnamed(window) -> list[str]:
    return sorted(f"{type(w).__name__} {w.objectName() or ''} {getattr(w, 'text', lambda: '')()!r}".strip()
                  for w in window.findChildren(QWidget) if isinstance(w, INTERACTIVE) and not _qt_internal(w) and not w.accessibleName())


@pytest.fixture
def window(qtbot, qapp, tmp_path, scored_demo):
    return open_window(qtbot, review_database(tmp_path / "review.sqlite", scored_demo, "A", 20)[0])


def test_every_interactive_widget_has_an_accessible_name(qtbot, window):
    seen = [_unnamed(window)]
    review = window.review
    qtbot.keyClick(review.sign_in.list, Qt.Key_Return)
    qtbot.keyClick(review.campaigns.list, Qt.Key_Return)
    assert review.currentWidget() is review.items
    seen.append(_unnamed(window))  # the answer buttons are made for each question
    for tab in range(window.tabs.count()):
        window.tabs.setCurrentIndex(tab)
        seen.append(_unnamed(window))
    assert seen == [[]] * len(seen)


def test_buttons_are_named_as_written_and_keys_described(qtbot, window):
    review = window.review
    qtbot.keyClick(review.sign_in.list, Qt.Key_Return)
    qtbot.keyClick(review.campaigns.list, Qt.Key_Return)
    answers = [b for b in review.items.findChildren(QAbstractButton) if b.isCheckable() and b.text()[:1].isdigit()]
    assert answers, "the first question offers numbered answers"
    first = answers[0]
    assert first.accessibleName() == first.text().split("  ", 1)[1]
    assert first.accessibleDescription() == "Key: 1"
    pause = next(b for b in review.items.findChildren(QAbstractButton) if b.text().startswith("Pause"))
    assert (pause.accessibleName(), pause.accessibleDescription()) == ("Pause", "Key: Esc")
    assert review.items.accessibleDescription().startswith("Number keys answer")


def test_task_e_widgets_are_named(qtbot, qapp, tmp_path, scored_demo):
    window = open_window(qtbot, review_database(tmp_path / "review.sqlite", scored_demo, "E", 10)[0])
    review = window.review
    start_reviewing(qtbot, window)
    assert review.items.esa.isVisible()
    marking = _unnamed(window)
    qtbot.keyClick(review.items, Qt.Key_Return)  # to the score
    assert (marking, _unnamed(window)) == ([], [])
    minor = next(b for b in review.items.esa.findChildren(QAbstractButton) if b.text().startswith("1"))
    assert (minor.accessibleName(), minor.accessibleDescription()) == (
        "Minor error", "Does not change the meaning much: a small grammar, spelling or word-choice slip. Key: 1")
