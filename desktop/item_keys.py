"""The keyboard of the item page (:class:`desktop.item_page.ItemPage`): every key and click of the speaker reaches the
session in the order it was made — at once, or after the ones before it while a move is on the engine or the session
waits for a segment served in the background — and the note dialog (N)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from review.operations.rating import Step

from .qt_common import FlowLayout, accessible, guarded, name_buttons, set_font


@dataclass(frozen=True)
class Press:
    """A key as the page received it, kept to be handed to the session later (a QKeyEvent does not outlive its
    handler)."""
    key: int
    modifiers: Qt.KeyboardModifier
    undo: bool  # the system's Undo (Ctrl+Z, ⌘Z)


class NoteEdit(QPlainTextEdit):
    """The note's text: Ctrl+Enter saves (``submitted``), Enter starts a new line, Tab moves on."""

    submitted = Signal()

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if event.key() in (Qt.Key_Return, Qt.Key_Enter) and event.modifiers() & Qt.ControlModifier:
            self.submitted.emit()
            return
        super().keyPressEvent(event)


class NoteDialog(QDialog):
    """A note about an item: Enter starts a new line, Tab moves on, Ctrl+Enter saves, Esc closes (both
    written on their buttons). It does not block: ``saved`` carries the text."""

    saved = Signal(str)

    def __init__(self, parent: QWidget, text: str):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Note"))
        layout = QVBoxLayout(self)
        label = QLabel(self.tr("Your note about this item:"))
        set_font(label, 13)
        layout.addWidget(label)
        self.edit = NoteEdit(text)
        set_font(self.edit, 14)
        self.edit.setTabChangesFocus(True)
        self.edit.submitted.connect(self._save)
        accessible(self.edit, self.tr("Your note about this item"),
                   self.tr("Ctrl+Enter saves the note, Esc closes without saving"))
        layout.addWidget(self.edit)
        row = FlowLayout()
        save = QPushButton(self.tr("Save  (Ctrl+Enter)"))
        save.clicked.connect(self._save)
        cancel = QPushButton(self.tr("Cancel  (Esc)"))
        cancel.clicked.connect(self.reject)
        row.addWidget(save)
        row.addWidget(cancel)
        layout.addLayout(row)
        name_buttons(self)
        self.edit.setFocus()

    def _save(self) -> None:
        self.saved.emit(self.edit.toPlainText())
        self.accept()


class ItemKeys:
    """The keys, buttons and clicks of the item page, mixed into it (which owns ``session``, ``_act`` — now or queued —
    and ``_ask`` — a move of the session, made on the engine)."""

    def choose(self, number: int) -> None:
        self._act(lambda: self._ask(lambda s: s.choose(number)))

    def advance(self) -> None:
        self._act(lambda: self._ask(lambda s: s.advance()))

    def back(self) -> None:
        self._act(lambda: self._ask(lambda s: s.back()))

    def undo(self) -> None:
        self._act(lambda: self._ask(lambda s: s.undo()))

    def _esa_request(self, action: str, argument) -> None:
        """A button, the slider or a click of the marking panel."""
        self._act(lambda: self._esa_action(action, argument))

    def _esa_action(self, action: str, argument) -> None:
        if action == "go_to":
            self._ask(lambda s: s.go_to(*argument))
        elif action in ("mark", "set_score"):
            self._ask(lambda s: getattr(s, action)(argument))
        else:
            self._ask(lambda s: getattr(s, action)())

    def write_note(self) -> None:
        """N: the note dialog (it does not block; the note is kept when saved)."""
        if not self.session.takes_notes:
            return
        self.note_dialog = NoteDialog(self, self.note or "")
        self.note_dialog.saved.connect(guarded(self, lambda text: self._act(
            lambda: self._ask(lambda s: s.set_note(text)))))
        self.note_dialog.finished.connect(lambda _: (self.window().activateWindow(), self.setFocus()))
        self.note_dialog.open()
        self.note_dialog.activateWindow()  # the keyboard goes to the note at once
        self.note_dialog.edit.setFocus()

    def _span_key(self, press: Press) -> bool:
        """The keys of marking and scoring; False leaves the key to the rest of the page."""
        key, shift = press.key, bool(press.modifiers & Qt.ShiftModifier)
        if press.modifiers & (Qt.ControlModifier | Qt.AltModifier):
            return False
        s = self.session
        if s.step == Step.MARK:
            actions = {Qt.Key_Left: lambda: s.move(-1, shift), Qt.Key_Right: lambda: s.move(1, shift),
                       Qt.Key_Home: lambda: s.move(-10_000, shift), Qt.Key_End: lambda: s.move(10_000, shift),
                       Qt.Key_1: lambda: s.mark("minor"), Qt.Key_2: lambda: s.mark("major"),
                       Qt.Key_M: s.to_missing, Qt.Key_Delete: s.remove, Qt.Key_Backspace: s.remove,
                       Qt.Key_H: s.dismiss_hint, Qt.Key_Return: s.to_score, Qt.Key_Enter: s.to_score}
        elif s.step == Step.SCORE:
            actions = {Qt.Key_Left: lambda: s.move(-1), Qt.Key_Right: lambda: s.move(1),
                       Qt.Key_Down: lambda: s.move(-10), Qt.Key_Up: lambda: s.move(10),
                       Qt.Key_Backspace: s.back_to_marking, Qt.Key_Return: s.finish_spans,
                       Qt.Key_Enter: s.finish_spans, **{Qt.Key_1 + k: (lambda n=k + 1: s.anchor(n)) for k in range(9)}}
        else:
            return False
        action = actions.get(key)
        if action is None:
            return False
        self._ask(lambda _session: action())
        return True

    def focusNextPrevChild(self, forward: bool) -> bool:  # noqa: N802 (Qt's name)
        """Tab while marking: the next mark (the pre-marks a speaker keeps, drops or re-grades), not the next button."""
        if self.session is not None and self.session.task.marks_spans and self.session.step == Step.MARK:
            self._act(lambda: self._ask(lambda s: s.next_mark()))
            return True
        return super().focusNextPrevChild(forward)

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """A key goes to the session in the order pressed: at once, or after the keys before it while a move is on the
        engine or the session waits for a segment served in the background (:meth:`_act`)."""
        self._reveal_pending = False  # from now on the speaker scrolls as they like
        modifier = event.key() in (Qt.Key_Tab, Qt.Key_Backtab, Qt.Key_Shift, Qt.Key_Control, Qt.Key_Alt, Qt.Key_Meta)
        if modifier or (self.session is None and not self.keys_wait()):  # keys while it opens are kept for it
            super().keyPressEvent(event)
            return
        press = Press(event.key(), event.modifiers(), event.matches(QKeySequence.Undo))
        handled: list[bool] = []
        self._act(lambda: handled.append(self._press(press)))  # now, or queued with the moment it was pressed
        if handled == [False]:
            super().keyPressEvent(event)  # made now and not the page's key: the window's

    def _press(self, press: Press) -> bool:
        """What a key does on the item; False when it is not the page's key."""
        key, session = press.key, self.session
        if key == Qt.Key_F1:
            self.show_guidelines()
        elif session.step == Step.FEEDBACK and key in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Right,
                                                        Qt.Key_PageDown, Qt.Key_Space):
            self._ask(lambda s: s.advance())
        elif session.task.marks_spans and self._span_key(press):
            return True
        elif press.undo:
            self._ask(lambda s: s.undo())
        elif Qt.Key_1 <= key <= Qt.Key_9 and not press.modifiers & Qt.ControlModifier:
            self._ask(lambda s: s.choose(key - Qt.Key_0))
        elif key in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Right, Qt.Key_PageDown):
            self._ask(lambda s: s.advance())
        elif key in (Qt.Key_Left, Qt.Key_PageUp):
            self._ask(lambda s: s.back())
        elif key == Qt.Key_N:
            self.write_note()
        elif key == Qt.Key_S:
            self._ask(lambda s: s.skip())
        elif key in (Qt.Key_Escape, Qt.Key_P):
            self.paused.emit()
        else:
            return False
        return True
