"""Every screen fits 1024×768 and 1280×800 at text sizes 100 %, 150 % and 200 %: the window keeps the size
it is given, every visible widget lies inside it, and pages wrap and scroll down instead of growing
sideways; every text of the speaker's screens grows with the text size."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QScrollArea, QWidget

from helpers import moves_done, open_window, review_database

SCREENS = [(1024, 768), (1280, 800)]
TEXT = {"100%": 11, "150%": 16, "200%": 22}
TITLE_BAR = 40


def _inside_scroll_area(widget: QWidget) -> QScrollArea | None:
    """The scroll area whose page holds ``widget`` (not its scroll bars), if any."""
    child, parent = widget, widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea) and child is parent.viewport():
            return parent
        child, parent = parent, parent.parentWidget()
    return None


def _outside(window: QWidget) -> list[str]:
    """Visible widgets that stick out of the window, or sideways out of the scroll area they scroll in."""
    frame = QRect(QPoint(0, 0), window.size())
    found = []
    for w in window.findChildren(QWidget):
        if not w.isVisible() or w.width() <= 0 or w.isWindow():
            continue
        rect = QRect(w.mapTo(window, QPoint(0, 0)), w.size())
        area = _inside_scroll_area(w)
        if area is None:
            if not frame.contains(rect):
                found.append(f"{type(w).__name__} {w.objectName() or _text(w)!r} at {rect.getRect()}")
            continue
        viewport = QRect(area.viewport().mapTo(window, QPoint(0, 0)), area.viewport().size())
        if rect.right() > viewport.right() + 1 or rect.left() < viewport.left() - 1:
            found.append(f"{type(w).__name__} {_text(w)!r} sideways out of its page {rect.getRect()}")
    return found


def _text(w: QWidget) -> str:
    return (w.text() if isinstance(w, (QLabel, QPushButton)) else "")[:40]


def _pages(qtbot, window, cid_a, cid_e, speaker):
    """Every screen, one after another: yield its name once it is shown."""
    review = window.review
    review.show_sign_in()
    yield "sign-in"
    review.setCurrentWidget(review.consent)
    yield "consent"
    review.open_speaker(speaker)
    yield "choose a task"
    review.open_campaign(cid_a)
    moves_done()  # the session opened on the engine
    yield "task A item"
    review.open_speaker(speaker)
    review.open_campaign(cid_e)
    moves_done()  # the session opened on the engine
    yield "task E marking"
    review.items.session.to_score()
    review.items._after(review.items.session.to_score())
    yield "task E score"
    review.setCurrentWidget(review.done)
    yield "done"
    for tab in (window.score, window.campaigns, window.study):
        window.tabs.setCurrentWidget(tab)
        yield window.tabs.tabText(window.tabs.currentIndex())
    window.tabs.setCurrentWidget(review)


@pytest.mark.parametrize("text", list(TEXT), ids=list(TEXT))
def test_every_screen_fits_the_window(qtbot, tmp_path, scored_demo, text):
    from review.records import catalogue
    from review.rating import campaigns, practice
    from review.store import Store
    path, cid_a, speaker = review_database(tmp_path / "fit.sqlite", scored_demo, "A", 12)
    with Store(path) as store:
        cid_e = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "E", items=12)
        practice.mark_done(store, cid_e, speaker)
    window = open_window(qtbot, path)
    window.set_font_size(TEXT[text])
    problems = []
    for width, height in SCREENS:
        window.resize(width, height - TITLE_BAR)
        for page in _pages(qtbot, window, cid_a, cid_e, speaker):
            QApplication.processEvents()
            if window.width() > width or window.height() > height - TITLE_BAR:
                problems.append(f"{width}×{height} {text} {page}: the window grew to {window.width()}×"
                                f"{window.height()}")
            problems += [f"{width}×{height} {text} {page}: {p}" for p in _outside(window)]
    window.set_font_size(11)
    assert not problems, "\n".join(problems)


def test_the_speakers_texts_grow_with_the_text_size(qtbot, tmp_path, scored_demo):
    path, cid, speaker = review_database(tmp_path / "grow.sqlite", scored_demo, "A", 12)
    window = open_window(qtbot, path)
    window.review.open_speaker(speaker)
    window.review.open_campaign(cid)
    moves_done()  # the session opened on the engine
    page = window.review.items
    widgets = [page.instructions, page.progress, page.question, page.hint, page.status, page.first,
               *page.findChildren(QPushButton)]
    before = {id(w): w.font().pointSizeF() for w in widgets}
    window.set_font_size(22)
    QApplication.processEvents()
    for w in widgets:
        assert w.font().pointSizeF() == pytest.approx(2 * before[id(w)]), _text(w)
    window.set_font_size(11)
    QApplication.processEvents()
    assert all(w.font().pointSizeF() == pytest.approx(before[id(w)]) for w in widgets)


def test_table_headers_come_back_to_the_text_size_chosen(qtbot, tmp_path, scored_demo):
    """View → Larger text, then back to 100 %: the tables' headers shrink with the rest. (The screenshot script's
    order of screens — French, then 200 %, then the Campaigns tab — left "What the answers settle" at 200 %; this
    shorter order did not reproduce it, so it guards the rule rather than that exact path.)"""
    from PySide6.QtWidgets import QHeaderView
    path, _, _ = review_database(tmp_path / "headers.sqlite", scored_demo, "A", 12)
    window = open_window(qtbot, path)
    window.show_panel(window.campaigns)  # built, then hidden behind the speaker's page while the text is large
    QApplication.processEvents()
    window.tabs.setCurrentWidget(window.review)
    window.set_font_size(22)
    for _ in range(3):
        QApplication.processEvents()
    window.set_font_size(11)
    window.show_panel(window.campaigns)
    QApplication.processEvents()
    headers = window.findChildren(QHeaderView)
    assert headers and all(h.font().pointSizeF() == QApplication.font().pointSizeF() == 11 for h in headers)
