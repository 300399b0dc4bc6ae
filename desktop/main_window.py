"""The main window: Review (speakers), Score, Campaigns and Study tabs, with a menu for files,
text size, high contrast and the language of the interface. Window geometry and choices are remembered (QSettings).

The window opens on the speaker's screen; the other tabs are built the first time they are shown (or asked
for), so the scoring engine and the study load only for those who use them."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QMainWindow, QTabWidget, QVBoxLayout, QWidget

from review.operations.database import Store

from .qt_common import (accessible, apply_theme, ask, default_db, guarded, name_buttons, plain_labels, rescale_fonts,
                         set_ui_language, settings, ui_language, ui_languages)

from .background import finish_background_work
from .review_panel import ReviewPanel
from .sync_runner import SyncRunner


class LaterTab(QWidget):
    """A tab whose panel is built the first time it is shown or asked for (:attr:`panel`)."""

    def __init__(self, build: Callable[[], QWidget]):
        super().__init__()
        self._build, self._panel = build, None
        QVBoxLayout(self).setContentsMargins(0, 0, 0, 0)

    @property
    def built(self) -> bool:
        return self._panel is not None

    @property
    def panel(self) -> QWidget:
        if self._panel is None:
            self._panel = self._build()
            plain_labels(self._panel)  # as for the rest of the window: data never becomes markup,
            name_buttons(self._panel)  # and a screen reader reads each button as it is written
            self.layout().addWidget(self._panel)
        return self._panel


class MainWindow(QMainWindow):
    def __init__(self, db_path: str | None = None):
        super().__init__()
        self.setWindowTitle(self.tr("LYSS Desktop"))
        self.db_path = db_path or default_db()
        self.store = Store(self.db_path)
        settings().setValue("review/db", self.db_path)
        self.tabs = QTabWidget()
        self.review = ReviewPanel(self.store)
        self._score_tab = LaterTab(self._score_panel)
        self._campaigns_tab = LaterTab(self._campaign_panel)
        self._study_tab = LaterTab(self._study_panel)
        self.tabs.addTab(self.review, self.tr("Review"))
        self.tabs.addTab(self._score_tab, self.tr("Score a run"))
        self.tabs.addTab(self._campaigns_tab, self.tr("Campaigns"))
        self.tabs.addTab(self._study_tab, self.tr("Study"))
        self.tabs.currentChanged.connect(guarded(self, self._tab_changed))
        self.syncer = SyncRunner(self.store, self)  # a shared folder, when one is chosen: at start, every few
        self.review.items.answered.connect(self.syncer.answered)  # answers, and at close
        QTimer.singleShot(0, self.syncer.run)
        self.setCentralWidget(self.tabs)
        plain_labels(self)  # every label shows plain text: data never becomes markup
        name_buttons(self)  # a screen reader reads each button as it is written
        accessible(self.tabs.tabBar(), self.tr("Parts of LYSS Desktop"),
                   self.tr("Review, Score a run, Campaigns, Study; Ctrl+Tab moves between them"))
        self._menus()
        s = settings()
        self.font_size = int(s.value("view/font_size", 11))
        self.high_contrast = s.value("view/high_contrast", "false") == "true"
        apply_theme(QApplication.instance(), self.high_contrast, self.font_size)
        self.review.items.set_text_size()
        geometry = s.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        self.fit_screen(geometry is None)

    @property
    def score(self):
        """The Score tab's panel (built now if it was not yet)."""
        return self._score_tab.panel

    @property
    def campaigns(self):
        return self._campaigns_tab.panel

    @property
    def study(self):
        return self._study_tab.panel

    def _score_panel(self) -> QWidget:
        from .score_panel import ScorePanel  # deferred: the scoring engine loads when its tab is first opened
        return ScorePanel()

    def _campaign_panel(self) -> QWidget:
        from .campaign_panel import CampaignPanel  # deferred: the study loads when its tabs are first opened
        panel = CampaignPanel(self.store)
        panel.attach_sync(self.syncer)
        return panel

    def _study_panel(self) -> QWidget:
        from .study_panel import StudyPanel  # deferred: the study loads when its tabs are first opened
        return StudyPanel(self.store)

    def show_panel(self, panel: QWidget) -> None:
        """Bring the tab holding ``panel`` (``window.score``, ``window.review``…) to the front."""
        self.tabs.setCurrentWidget(panel if self.tabs.indexOf(panel) >= 0 else panel.parentWidget())

    def fit_screen(self, first_time: bool = False) -> None:
        """Keep the window, title bar included, on the screen it opens on (1200 × 800 at most the first time)."""
        screen = (self.screen() or QApplication.primaryScreen()).availableGeometry()
        frame = self.frameGeometry().height() - self.geometry().height() if self.isVisible() else 40
        width = min(1200 if first_time else self.width(), screen.width())
        height = min(800 if first_time else self.height(), screen.height() - max(frame, 0))
        self.resize(width, height)

    def _menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        open_run = QAction(self.tr("Open run card…"), self, shortcut=QKeySequence.Open)
        open_run.triggered.connect(guarded(self, lambda: (self.show_panel(self.score), self.score.choose_file())))
        open_db = QAction(self.tr("Open review database…"), self)
        open_db.triggered.connect(guarded(self, self.open_database))
        backup = QAction(self.tr("Back up the review database now"), self)
        backup.triggered.connect(guarded(self, self.back_up_now))
        quit_action = QAction(self.tr("Quit"), self, shortcut=QKeySequence.Quit)
        quit_action.triggered.connect(guarded(self, self.quit))
        for a in (open_run, open_db, backup, quit_action):
            file_menu.addAction(a)
        view = self.menuBar().addMenu(self.tr("&View"))
        bigger = QAction(self.tr("Larger text"), self, shortcut=QKeySequence.ZoomIn)
        bigger.triggered.connect(lambda: self.set_font_size(self.font_size + 1))
        smaller = QAction(self.tr("Smaller text"), self, shortcut=QKeySequence.ZoomOut)
        smaller.triggered.connect(lambda: self.set_font_size(self.font_size - 1))
        contrast = QAction(self.tr("High contrast"), self, checkable=True)
        contrast.setChecked(settings().value("view/high_contrast", "false") == "true")
        contrast.toggled.connect(self.set_high_contrast)
        for a in (bigger, smaller, contrast):
            view.addAction(a)
        language = view.addMenu(self.tr("Language of the interface"))
        group = QActionGroup(self)
        for code, name in ui_languages().items():
            action = QAction(name, self, checkable=True)
            action.setChecked(code == ui_language())
            action.triggered.connect(guarded(self, lambda _=False, c=code: self.switch_language(c)))
            group.addAction(action)
            language.addAction(action)

    def switch_language(self, code: str) -> "MainWindow":
        """Speak ``code`` from now on (remembered): the window is built again in it, on the same tab, with the
        same speaker at the same item (their unfinished answer is in its draft)."""
        set_ui_language(code)
        settings().setValue("window/geometry", self.saveGeometry())
        tab = self.tabs.currentIndex()
        where = self.review.where()
        self._switching = True
        self.close()
        replacement = MainWindow(self.db_path)
        replacement.tabs.setCurrentIndex(tab)
        replacement.review.go_back_to(where)
        replacement.show()
        QApplication.instance().setProperty("lyss_window", replacement)
        return replacement

    def set_font_size(self, size: int) -> None:
        """View → Larger / Smaller text: every text of every screen grows or shrinks; the window keeps its size
        (pages wrap and scroll)."""
        self.font_size = max(8, min(28, size))
        settings().setValue("view/font_size", self.font_size)
        apply_theme(QApplication.instance(), self.high_contrast, self.font_size)
        rescale_fonts(self)
        self.review.items.set_text_size()

    def set_high_contrast(self, on: bool) -> None:
        self.high_contrast = on
        settings().setValue("view/high_contrast", "true" if on else "false")
        apply_theme(QApplication.instance(), on, self.font_size)

    def back_up_now(self) -> str:
        """File → Back up: a restore point now (``lyss review backup``), named in the status bar."""
        made = self.store.backup("on-demand")
        self.statusBar().showMessage(self.tr("Backed up to {0}").format(str(made)))
        return str(made)

    def open_database(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Open or create a review database"), self.db_path,
                                              self.tr("SQLite (*.sqlite *.db)"),
                                              options=QFileDialog.DontConfirmOverwrite)
        if path:
            settings().setValue("review/db", path)
            self.close()
            replacement = MainWindow(path)
            replacement.show()
            QApplication.instance().setProperty("lyss_window", replacement)

    def _tab_changed(self, index: int) -> None:
        widget = self.tabs.widget(index)
        if widget in (self._campaigns_tab, self._study_tab):
            widget.panel.refresh()
            if widget is self._study_tab:
                widget.panel.first_look()  # opens on the chosen campaign's correlation, not empty
        elif isinstance(widget, LaterTab):
            widget.panel  # noqa: B018  built as it is first shown
        if widget is self.review:
            self.review.focus_page()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """On opening, the keyboard goes to the speaker's screen, not to the row of tabs."""
        super().showEvent(event)
        if self.tabs.currentWidget() is self.review:
            QTimer.singleShot(0, self.review, self.review.focus_page)  # not once the window is gone

    def quit(self) -> None:
        """File → Quit (Ctrl+Q): in the middle of an item it asks first (the unfinished answer is kept as a
        draft either way)."""
        session = self.review.items.session
        if self.review.currentWidget() is self.review.items and session is not None and \
                session.has_unsaved_work() and not ask(self, self.tr("Quit LYSS Desktop"), self.tr(
                    "You have not finished this item. What you did is kept, and comes back when you return to "
                    "this task. Quit now?")):
            return
        self.close()

    def closeEvent(self, event) -> None:  # noqa: N802
        settings().setValue("window/geometry", self.saveGeometry())
        self.hide()
        self.review.items.settle()  # an answer a speaker keyed while its segment was served is recorded first
        finish_background_work()  # scoring, studies, statuses: cancelled and waited for, never destroyed running
        self.syncer.finish()  # the last answers leave with the window closed
        self.store.close()
        super().closeEvent(event)
