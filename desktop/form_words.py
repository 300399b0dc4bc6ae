"""The task words a paper form may have printed, in every language the interface is translated into: for keying in
a form (``lyss review import-forms``, the app's import) whatever language it was printed in. Reads the shipped
translations (``i18n/lyss_<code>.qm``) with QtCore alone: no application, no window."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtCore import QTranslator

I18N = Path(__file__).with_name("i18n")


def translations() -> tuple[Callable[[str], str], ...]:
    """One function per shipped translation, each translating a task's words as the app's screens and forms do
    (context "tasks"; a word it does not know stays as it is)."""
    found = []
    for path in sorted(I18N.glob("lyss_*.qm")):
        translator = QTranslator()
        if translator.load(path.stem, str(I18N)):
            found.append(lambda text, t=translator: t.translate("tasks", text) or text)
    return tuple(found)
