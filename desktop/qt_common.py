"""Shared Qt pieces: the application object, fonts, settings, friendly errors, background work.

Only presentation lives in ``desktop/``: every decision is a call into scoring/eval_standards/review.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import re
import sys
import traceback
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import (QCoreApplication, QEvent, QLibraryInfo, QLocale, QObject, QPoint, QRect, QSettings, QSize,
                            Qt, QTranslator)
from PySide6.QtGui import QColor, QFont, QFontDatabase, QIcon, QPalette
from PySide6.QtWidgets import (QAbstractButton, QApplication, QFrame, QHeaderView, QLabel, QLayout, QMessageBox, QScrollArea,
                               QSizePolicy, QTextBrowser, QWidget)

from review.operations import tasks
from review.operations.sentences import localized
from scoring.errors import InputError

ORG, APP = "LYSS", "LYSS Desktop"
ICON = Path(__file__).with_name("icons") / "lyss.png"  # drawn by packaging/make_icon.py
FONT_DIRS = [Path(getattr(sys, "_MEIPASS", "")) / "fonts", Path("/usr/share/fonts/truetype/noto")]
FONT_FILES = ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSansCanadianAboriginal-Regular.ttf",
              "NotoSansCanadianAboriginal-Bold.ttf"]
LOG = logging.getLogger("lyss.app")


def tr(text: str, form: str | None = None) -> str:
    """Translate outside a QObject. Qt's lupdate files a plain ``tr("…")`` call under the empty context,
    so that is the context looked up here; ``form`` ("one" or "other", as :func:`plural` says) picks a text's
    singular or plural translation (lupdate files each under its form)."""
    return QCoreApplication.translate("", text, form)


@functools.cache
def _singular_counts() -> dict[str, list[int]]:
    return json.loads((Path(__file__).with_name("i18n") / "plurals.json").read_text("utf-8"))["one"]


def plural(count: int) -> str:
    """"one" where the interface's language says ``count`` with its singular (French: 0 and 1), else "other"."""
    rules = _singular_counts()
    return "one" if count in rules.get(ui_language(), rules["en"]) else "other"


SWITCH_SECONDS = 0.001  # how long a thread holds Python before another may run (Python's default: 5 ms) — a key's
# move goes from the window's thread to the engine's and back while a worker computes: each hand-over waited up to 5 ms


def application(argv: list[str] | None = None) -> QApplication:
    """The one QApplication, with fonts that carry every script of the language packs, and translations."""
    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv[:1])
    sys.setswitchinterval(SWITCH_SECONDS)
    app.setOrganizationName(ORG)
    app.setApplicationName(APP)
    app.setWindowIcon(QIcon(str(ICON)))
    families = []
    for folder in FONT_DIRS:
        for name in FONT_FILES:
            path = folder / name
            if path.is_file():
                font_id = QFontDatabase.addApplicationFont(str(path))
                families += QFontDatabase.applicationFontFamilies(font_id)
    if "Noto Sans" in families:
        font = QFont("Noto Sans", 11)
        font.setFamilies(["Noto Sans", "Noto Sans Canadian Aboriginal"])
        app.setFont(font)
    if not hasattr(app, "lyss_translator"):
        app.lyss_translator = None
        chosen = os.environ.get("LYSS_UI_LANGUAGE") or settings().value("ui_language")
        set_ui_language(chosen or QLocale().name().split("_")[0], remember=False)
    return app


I18N = Path(__file__).with_name("i18n")


def ui_languages() -> dict[str, str]:
    """The interface's languages: English and every translation shipped (``i18n/lyss_<code>.qm``), each
    named in its own language."""
    codes = sorted(p.stem.split("_", 1)[1] for p in I18N.glob("lyss_*.qm"))
    return {"en": "English", **{code: QLocale(code).nativeLanguageName() or code for code in codes}}


def ui_language() -> str:
    app = QCoreApplication.instance()
    return getattr(app, "lyss_ui_language", "en")


def set_ui_language(code: str, remember: bool = True) -> str:
    """Use the translation of the interface into ``code`` (English when there is none); remembered for the
    next start. Windows built after this call speak it; the main window rebuilds itself."""
    app = QCoreApplication.instance()
    for old in (app.lyss_translator, getattr(app, "lyss_qt_translator", None)):
        if old is not None:
            app.removeTranslator(old)
    app.lyss_translator = app.lyss_qt_translator = None
    translator = QTranslator(app)
    if code != "en" and translator.load(f"lyss_{code}", str(I18N)):
        app.installTranslator(translator)
        app.lyss_translator = translator
        qt_own = QTranslator(app)  # Qt's own words: Yes, No, Cancel, Close, the file dialog
        if qt_own.load(f"qtbase_{code}", QLibraryInfo.path(QLibraryInfo.TranslationsPath)):
            app.installTranslator(qt_own)
            app.lyss_qt_translator = qt_own
    else:
        code = "en"
    app.lyss_ui_language = code
    if remember:
        settings().setValue("ui_language", code)
    return code


def data_tr(text: str) -> str:
    """A text from the data files (task wording, practice feedback), translated like the interface."""
    return QCoreApplication.translate("tasks", text)


def number_marks() -> tuple[str, str]:
    """How the interface's language writes a number: its decimal mark, and its percent sign (French: a no-break
    space before it)."""
    locale = QLocale(ui_language())
    return locale.decimalPoint(), ("\u00a0%" if locale.language() == QLocale.French else "%")


def said(line: dict) -> str:
    """A said line of the study (``review.study.verdicts``) in the app's language: the same text and values the
    command line prints, its numbers written as that language writes them."""
    decimal, percent = number_marks()
    return localized(line, None, decimal, percent, data_tr, ui_language())


def task_words(code: str, language: dict | None) -> dict:
    """A task's words in the interface's language (see :func:`review.tasks.texts`)."""
    return tasks.texts(code, language, data_tr, ui_language())


def campaign_title(name: str, task: str, language: dict | None) -> str:
    """A campaign's name in the interface's language: a name LYSS gave it ("<task title> — <run>") is
    shown with the task's title translated; a name a coordinator chose is shown as written."""
    english = tasks.texts(task, language)["title"]
    if name.startswith(english + " — "):
        return task_words(task, language)["title"] + name[len(english):]
    return name


def task_captions(kind: str, language: dict | None) -> tuple[str, str]:
    return tasks.captions(kind, language, data_tr, ui_language())


def sized_font(points: float, bold: bool = False) -> QFont:
    """The app's font at ``points``, as printed (the paper forms); screens use :func:`set_font`."""
    font = QFont()
    font.setPointSizeF(points)
    font.setBold(bold)
    return font


BASE_POINTS = 11  # the interface's text size at 100 % (View → Larger text / Smaller text changes it)


def text_scale() -> float:
    """The text size chosen in View, as a factor of 100 % (1.5 for 150 %)."""
    app = QApplication.instance()
    return (app.font().pointSizeF() / BASE_POINTS) if app is not None and app.font().pointSizeF() > 0 else 1.0


def set_font(widget: QWidget, points: float, bold: bool = False) -> QWidget:
    """A widget's text at ``points`` at 100 % text size, growing with the size chosen in View (remembered on
    the widget, so :func:`rescale_fonts` can size it again)."""
    widget.setProperty("lyss_points", float(points))
    widget.setProperty("lyss_bold", bool(bold))
    widget.setFont(sized_font(points * text_scale(), bold))
    return widget


def rescale_fonts(root: QWidget) -> None:
    """Size every widget under ``root`` that :func:`set_font` sized, for the text size now chosen; a table's headers
    take the application's font again (they kept the size they were first drawn at: a header stayed at 200 % after
    the text went back to 100 %)."""
    for widget in [root, *root.findChildren(QWidget)]:
        points = widget.property("lyss_points")
        if points is not None:
            widget.setFont(sized_font(float(points) * text_scale(), bool(widget.property("lyss_bold"))))
    for header in root.findChildren(QHeaderView):
        header.setFont(QApplication.font())
        header.updateGeometry()


class FlowLayout(QLayout):
    """Widgets in a row that wraps onto the next line when the window is narrow (buttons at large text
    sizes), instead of making the window wider than the screen."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 8):
        super().__init__(parent)
        self._items = []
        self.setSpacing(spacing)
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item) -> None:  # noqa: N802 (Qt's name)
        self._items.append(item)
        self.invalidate()

    def addStretch(self, _stretch: int = 0) -> None:  # noqa: N802 (rows built for a QHBoxLayout call it)
        return

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int):  # noqa: N802
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int):  # noqa: N802
        if not 0 <= index < len(self._items):
            return None
        self.invalidate()
        return self._items.pop(index)

    def expandingDirections(self):  # noqa: N802
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:  # noqa: N802
        return self.minimumSize()

    def minimumSize(self) -> QSize:  # noqa: N802
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _place(self, rect: QRect, move: bool) -> int:
        x, y, line = rect.x(), rect.y(), 0
        for item in self._items:
            if item.isEmpty():  # a hidden widget takes no room (as in Qt's own layouts)
                continue
            hint = item.sizeHint()
            if x > rect.x() and x + hint.width() > rect.right() + 1:
                x, y, line = rect.x(), y + line + self.spacing(), 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self.spacing()
            line = max(line, hint.height())
        return y + line - rect.y()


class _FollowLayout(QObject):
    """Tell a scroll area when its page's layout changed (Qt tells it only when the window resizes), so
    that the page is as tall as its wrapped content at once."""

    def __init__(self, area: QScrollArea):
        super().__init__(area)
        self.area = area

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.LayoutRequest:
            QCoreApplication.postEvent(self.area, QEvent(QEvent.LayoutRequest))
        return False


def scrolling(page: QWidget) -> QScrollArea:
    """A page inside a scroll area: at large text sizes or on a small screen it scrolls down instead of
    growing past the window (its width follows the window's)."""
    area = QScrollArea()
    area.setWidget(page)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarAsNeeded)
    page.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Preferred)
    page.installEventFilter(_FollowLayout(area))
    return area


SETTINGS_FOLDER = "LYSS_SETTINGS_DIR"


def settings() -> QSettings:
    """The app's remembered choices: the system's own store (the registry on Windows, a plist on macOS,
    ~/.config elsewhere), or an INI file in the folder :data:`SETTINGS_FOLDER` names — the one override that
    holds on every system (the selftest and the screenshots never touch the user's settings, whose shared
    folder would be synced with their scratch database)."""
    global _settings_folder_set
    folder = os.environ.get(SETTINGS_FOLDER)
    if folder:
        if folder != _settings_folder_set:  # Qt's path table is global: set once per folder, not at every call
            QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, folder)
            _settings_folder_set = folder
        return QSettings(QSettings.IniFormat, QSettings.UserScope, ORG, APP)
    return QSettings(ORG, APP)


_settings_folder_set: str | None = None


def apply_theme(app: QApplication, high_contrast: bool, font_size: int) -> None:
    font = app.font()
    font.setPointSize(font_size)
    app.setFont(font)
    palette = QPalette()
    if high_contrast:
        for role, colour in ((QPalette.Window, "#000000"), (QPalette.WindowText, "#ffffff"),
                             (QPalette.Base, "#000000"), (QPalette.Text, "#ffffff"), (QPalette.Button, "#1a1a1a"),
                             (QPalette.ButtonText, "#ffff00"), (QPalette.Highlight, "#ffff00"),
                             (QPalette.HighlightedText, "#000000"), (QPalette.AlternateBase, "#202020")):
            palette.setColor(role, QColor(colour))
    app.setPalette(palette if high_contrast else app.style().standardPalette())


# ----------------------------------------------------------------------------- data is text, never markup

def plain(*labels: QLabel) -> None:
    """Labels that show data: plain text, whatever the data looks like (``<img src=…>`` is just text)."""
    for label in labels:
        label.setTextFormat(Qt.PlainText)


def plain_labels(root: QWidget) -> None:
    """Every label under a widget shown as plain text (the app builds no rich-text labels)."""
    plain(*root.findChildren(QLabel))


def accessible(widget: QWidget, name: str, description: str = "") -> QWidget:
    """Give a widget the name (and description) a screen reader speaks."""
    widget.setAccessibleName(name)
    if description:
        widget.setAccessibleDescription(description)
    return widget


_KEY_HINT = re.compile(r"^(?:(?P<number>\d+)\s+)?(?P<words>.*?)(?:\s*\((?P<key>[^()]+)\))?$", re.S)


def name_buttons(root: QWidget) -> None:
    """Each button under ``root`` is named by what it says, without the key hint: "Pause  (Esc)" is read as
    "Pause", described "Key: Esc"; an answer "2  Most" as "Most", "Key: 2". A tooltip becomes the description."""
    for button in root.findChildren(QAbstractButton):
        match = _KEY_HINT.match(button.text().strip())
        if match and match["words"]:  # text set later (or changed) renames the button
            button.setAccessibleName(match["words"].strip())
        key = match and (match["key"] or match["number"])
        description = " ".join(filter(None, [button.toolTip(), key and QCoreApplication.translate(
            "LYSS", "Key: {0}").format(key)]))
        if description:
            button.setAccessibleDescription(description)


class SafeBrowser(QTextBrowser):
    """A text browser for our own formatted reports (data inside is escaped): it never loads a resource
    (no image, no file, no link target), so even a mistake in escaping cannot read a local file."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)

    def loadResource(self, kind, url):  # noqa: N802 (Qt's name)
        return None


def message(parent: QWidget | None, text: str, title: str | None = None) -> None:
    """A warning dialog whose text is plain text."""
    box = QMessageBox(QMessageBox.Warning, title or tr("LYSS Desktop"), text, QMessageBox.Ok, parent)
    box.setTextFormat(Qt.PlainText)
    box.exec()


def ask(parent: QWidget | None, title: str, text: str) -> bool:
    """A yes/no question whose text is plain text."""
    box = QMessageBox(QMessageBox.Question, title, text, QMessageBox.Yes | QMessageBox.No, parent)
    box.setTextFormat(Qt.PlainText)
    return box.exec() == QMessageBox.Yes


def friendly_error(parent: QWidget | None, exc: BaseException) -> None:
    """The same one-line message the command line gives, in a dialog; never a traceback."""
    if isinstance(exc, InputError):
        text = exc.line(said(exc.said) if exc.said else None)  # in the reader's language where it is a said line
    else:
        LOG.error("unexpected error:\n%s", "".join(traceback.format_exception(exc)))
        text = tr("Something went wrong: {0}. Your answers are safe: each one was saved when you gave it.").format(
            str(exc) or type(exc).__name__)
    message(parent, text)


def guarded(parent: QWidget, fn: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap a slot so that any error becomes a friendly dialog."""
    def run(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception as exc:  # the window must never close on an error
            friendly_error(parent, exc)
            return None
    return run


def default_db() -> str:
    return os.environ.get("LYSS_REVIEW_DB") or settings().value("review/db", "lyss-review.sqlite")
