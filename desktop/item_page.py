"""The speaker's item page: one item, big text, keyboard first — a view of a review session
(``review.rating.session``) that lives on the database's engine (:mod:`desktop.engine`): the session is opened there,
every key's move is made there and its outcome drawn here when it comes back, so an answer is on disk before the next
item is drawn and the window never waits for SQLite. An unfinished item is kept as a draft, and an adaptive campaign's
segments are served in the background, never on the window's thread. Its keys: :mod:`desktop.item_keys`."""

from __future__ import annotations

from collections import deque

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import QCheckBox, QLabel, QMessageBox, QPushButton, QScrollArea, QVBoxLayout, QWidget

from eval_standards.text import convert
from review.operations import records
from review.operations.rating import sequence
from review.operations.rating import Outcome, ReviewSession, Step, What
from review.operations.database import Store

from .esa_widgets import EsaPanel
from .item_keys import ItemKeys
from .item_moves import EngineSide, ItemMoves, Moment
from .qt_common import (accessible, data_tr, FlowLayout, guarded, name_buttons, set_font,
                        task_captions, task_words, text_scale)
from .background import OwnStore, operate_later


class ItemPage(ItemKeys, ItemMoves, QWidget):
    """One item, big text, keyboard first: a view of a :class:`review.rating.session.ReviewSession`. It draws
    the session's state and turns keys into the session's methods; every rule is the session's."""

    paused = Signal()
    finished = Signal()
    answered = Signal()  # an answer was recorded (durable on disk)
    drawn = Signal()  # an item was drawn (for a screen reader, a benchmark: the page shows what the session holds)
    came_back = Signal()  # a move made on the engine came back and is drawn (the same item or another)

    def __init__(self, store: Store, text_points: int = 22):
        super().__init__()
        self.store = store
        self.text_points = text_points
        self.session: ReviewSession | None = None
        self._drawn: dict | None = None  # the item the widgets show
        self._preparing = False  # the next segment is being served in the background
        self._serving: OwnStore | None = None  # the connection it is served on
        self._served: sequence.ServedElsewhere | None = None  # what this session's background servings gave
        self._queued: deque[Moment] = deque()  # keys and clicks while the session waits, in order
        self._arrivals: deque[Moment] = deque()  # servings ended while a move was on the engine
        self._pressed_at: float | None = None  # when the key or click being handled now was made
        self._side = EngineSide()  # what the engine's thread reads and writes for this page (never the widget)
        self._in_flight = 0  # this page's jobs handed to the engine and not yet delivered (one at a time)
        self.campaign_id = self.speaker_id = ""
        self.display: dict | None = None
        self.setFocusPolicy(Qt.StrongFocus)
        accessible(self, self.tr("Item to review"),
                   self.tr("Number keys answer, Ctrl+Z undoes the last answer, N writes a note, Esc pauses"))
        layout = QVBoxLayout(self)
        top = FlowLayout()
        self.progress = QLabel()
        set_font(self.progress, 14, True)
        self.script_choice = QCheckBox()  # "Show in …": another script of the language, when its pack has one
        self.script_choice.setFocusPolicy(Qt.NoFocus)
        accessible(self.script_choice, self.tr("Show in another script"))
        self.script_choice.toggled.connect(guarded(self, self._toggle_script))
        guide = QPushButton(self.tr("Guidelines  (F1)"))
        guide.setFocusPolicy(Qt.NoFocus)
        guide.clicked.connect(guarded(self, self.show_guidelines))
        pause = QPushButton(self.tr("Pause  (Esc)"))
        pause.setFocusPolicy(Qt.NoFocus)
        pause.clicked.connect(lambda: self._act(self.paused.emit))  # after the keys before it
        top.addWidget(self.progress)
        top.addWidget(self.script_choice)
        top.addWidget(guide)
        top.addWidget(pause)
        layout.addLayout(top)
        self.instructions = QLabel()
        self.instructions.setWordWrap(True)
        set_font(self.instructions, 13)
        layout.addWidget(self.instructions)
        self.first_label, self.first = QLabel(), QLabel()
        self.second_label, self.second = QLabel(), QLabel()
        for caption, text in ((self.first_label, self.first), (self.second_label, self.second)):
            set_font(caption, 12, True)
            caption.setWordWrap(True)
            text.setProperty("lyss_data", True)  # the sentences: data, in whatever language they are
            text.setWordWrap(True)
            text.setTextInteractionFlags(Qt.TextSelectableByMouse)
            layout.addWidget(caption)
            layout.addWidget(text)
        self.esa = EsaPanel(text_points)  # a task that marks error spans: the marking, then a 0–100 score
        self.esa.request.connect(guarded(self, self._esa_request))
        self.esa.hide()
        layout.addWidget(self.esa)
        self.question = QLabel()
        set_font(self.question, 16, True)
        self.question.setWordWrap(True)
        layout.addWidget(self.question)
        self.options_box = QWidget()  # the numbered answers, wrapping onto more lines at large text sizes
        self.options_row = FlowLayout(self.options_box)
        self.options_box.installEventFilter(self)  # wrapping onto a new line moves the answers: follow them
        layout.addWidget(self.options_box)
        self.status = QLabel()
        set_font(self.status, 12)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.hint = QLabel()
        set_font(self.hint, 11)
        self.hint.setWordWrap(True)
        layout.addWidget(self.hint)
        layout.addStretch(1)
        self.set_text_size(text_points)

    # -- what the session holds (read by the panel, screenshots and tests) -------------------------

    @property
    def item(self) -> dict:
        return self.session.item if self.session else {}

    @property
    def position(self) -> int:
        return self.session.position if self.session else 0

    @property
    def note(self) -> str | None:
        return self.session.note if self.session else None

    @property
    def practice_items(self) -> list[dict]:
        return self.session.practice_items if self.session else []

    @property
    def language(self) -> dict:
        return self.session.language if self.session else {}

    # -- showing ---------------------------------------------------------------------------------

    def set_text_size(self, points: int | None = None) -> None:
        """The big type of the sentences: ``points`` at 100 % text size (22), grown with View's text size."""
        self.text_points = points or self.text_points
        for label in (self.first, self.second):
            set_font(label, self.text_points)
        self.esa.view.set_points(self.text_points * text_scale())

    def _show_language(self) -> None:
        """The choice of the language's other script, as the speaker left it."""
        self.display = (self.language.get("display") or [None])[0]
        self.script_choice.blockSignals(True)
        if self.display is not None:
            self.script_choice.setText(self.tr("Show in {0}").format(self.display["label"]))
            self.script_choice.setChecked(
                records.speakers.chosen_script(self.store, self.campaign_id, self.speaker_id) is not None)
        else:
            self.script_choice.setChecked(False)
        self.script_choice.blockSignals(False)

    def _after(self, outcome: Outcome, resumed: bool = False) -> None:
        """Draw the session's state after an action, and say what the action did (``resumed``: a move that waited,
        whose answer was told when it was saved)."""
        if (outcome.what == What.SAVED or outcome.saved) and not resumed:
            self.answered.emit()
        if outcome.what == What.WAITING:
            if not self.item:  # the first items are being chosen: nothing to show yet (not the item shown before)
                self._show_choosing()
            return
        if self.session.finished:
            self.finished.emit()
            return
        if self.session.item is self._drawn and outcome.same_item:
            self._refresh()  # the same item: only what an action changes (a keypress stays fast)
        else:
            self._draw()
        messages = {
            What.NEEDS_ANSWER: self.tr("Please answer first.") if not self.session.task.marks_spans else
            self.tr("Mark the errors, then give a score."),
            What.UNDONE_STEP: self.tr("Your last step on this item was undone."),
            What.UNDONE_ANSWER: self.tr("Your answer to item {0} was undone.").format((outcome.position or 0) + 1),
            What.PRACTICE_DONE: self.tr("Practice done — the real items start now."),
            What.NOTE_SAVED: self.tr("Note saved."),
            What.NOTE_KEPT: self.tr("Note kept; it is saved with your answer."),
            What.SKIPPED: self.tr("Skipped: that item comes back after the others."),
        }
        if outcome.what == What.FEEDBACK:
            self._practice_feedback()
        elif outcome.what in messages:
            self.status.setText(messages[outcome.what])

    def _show_choosing(self) -> None:
        """A new session's first items are being chosen: the page shows no item (the one drawn before was another
        session's, perhaps another speaker's) and says why."""
        for label in (self.progress, self.instructions, self.first_label, self.first, self.second_label, self.second,
                      self.question, self.hint):
            label.setText("")
        self._clear_options()
        self.esa.hide()
        self._drawn = None
        self.status.setText(self.tr("Choosing your items…"))

    def _prepare_next(self) -> None:
        """An adaptive campaign's next segment, served in the background while the speaker reads this item
        (:func:`review.rating.sequence.prepare_next`): answering then only shows it. One at a time."""
        session = self.session
        if not session.open_ended or session.practising or session.finished:
            return
        self._serve_in_background(session.position)

    def _draw(self) -> None:
        """Show the session's item (real or practice): its texts, then its question or its marking."""
        session, item = self.session, self.session.item
        words = task_words(item["task"], self.language)
        self.instructions.setText(words["instructions"])
        texts = session.task.texts(item, self._display)
        captions = task_captions(session.task.item_kind, self.language)
        self._show_kind()
        self.first_label.setText(captions[0])
        self.second_label.setText(captions[1])
        self.first.setText(texts[0])
        self.second.setText(texts[1])
        if session.practising:
            self.progress.setText(self.tr("Practice {0} of {1}").format(session.position + 1,
                                                                        len(session.practice_items)))
        elif session.open_ended:  # an adaptive campaign serves more only while a decision needs it
            self.progress.setText(self.tr("Item {0}").format(session.position + 1) + "   " +
                                  self.tr("({0} answered)").format(item["answered"]))
        else:
            self.progress.setText(self.tr("{0} of {1}").format(session.position + 1, item["total"]) + "   " +
                                  self.tr("({0} answered)").format(item["answered"]))
        if session.step != Step.FEEDBACK:
            set_font(self.status, 12)
            self.status.setText(self._answered_text() if item["answer"] and not session.touched() else
                                self._premarks_text(item) if session.practising else "")
        if session.task.marks_spans:
            self.esa.load(session.task, words, captions[1])
        self._drawn = item
        self._refresh()
        self.setFocus()
        self._reveal_pending = True  # once the new item is laid out (see resizeEvent)
        QTimer.singleShot(0, self._reveal_answer)
        self._prepare_next()
        self.drawn.emit()

    def _reveal_answer(self) -> None:
        """When the page is taller than the window (large text, small screen), scroll so that what the
        speaker answers with is in view."""
        area = self.parentWidget().parentWidget() if self.parentWidget() is not None else None
        if isinstance(area, QScrollArea) and self.session is not None and not self.session.finished:
            target = self.esa.mark_row if self.session.task.marks_spans else self.options_box
            area.ensureWidgetVisible(target, 0, 10)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """The page grew or shrank to a new item's content: bring its answers into view again."""
        super().resizeEvent(event)
        if getattr(self, "_reveal_pending", False):
            self._reveal_answer()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        """The answers wrapped onto more lines (their box grew or moved): bring them into view again."""
        if (watched is self.options_box and event.type() in (QEvent.Resize, QEvent.Move)
                and getattr(self, "_reveal_pending", False)):
            QTimer.singleShot(0, self._reveal_answer)
        return super().eventFilter(watched, event)

    def _refresh(self) -> None:
        """What changes while one item is answered: the marking and score, or the question and its options,
        and the line of keys of the step the speaker is at."""
        if self.session.task.marks_spans:
            self.esa.draw(self.session)
        else:
            self._show_question()
        self.hint.setText(self._key_line())

    def _key_line(self) -> str:
        """The keys of the current step, and only those."""
        step = self.session.step
        if step == Step.FEEDBACK:
            return self.tr("Enter: go on")
        if step == Step.MARK:
            hint = self.tr(" · H: not an error") if self.session.hints else ""
            if self.session.proposed:
                hint += self.tr(" · Tab: the next mark placed for you")
            return self.tr("← → move · Shift extends · 1 minor · 2 major · M missing · Delete removes{0} · "
                           "Enter: done marking · PgUp/PgDn items · S skip · Ctrl+Z undo · N note · Esc pause"
                           ).format(hint)
        if step == Step.SCORE:
            return self.tr("← → ±1 · ↑ ↓ ±10 · 1–4 the marked points · Enter saves · Backspace: back to marking · "
                           "Ctrl+Z undo · N note · Esc pause")
        return self.tr("Number keys answer · Enter or → next · ← back · S skip · Ctrl+Z undo · N note · Esc pause")

    def _answered_text(self) -> str:
        if self.session.task.marks_spans:
            return self.tr("Answered — mark again or press Enter twice to keep it.")
        return self.tr("Answered — press Enter to go on, or a number to change it.")

    def _premarks_text(self, item: dict) -> str:
        """On a practice item of a campaign that places marks for the speaker: where they come from."""
        if not item.get("premark_sources"):
            return ""
        return self.tr("In this campaign some errors are marked for you before you see a sentence (dashed outline), "
                       "by: {0}. They can be wrong: keep, drop (Delete) or re-grade (1, 2) each.").format(
            ", ".join(item["premark_sources"]))

    def _practice_feedback(self) -> None:
        found = self.session.feedback
        words = task_words(self.item["task"], self.language)["questions"]
        lines = [self.tr("Right.") if found["right"] else self.tr("Not quite.")]
        for wrong in found["wrong"]:
            lines.append(self._practice_difference(words, wrong))
        lines.append(data_tr(found["explanation"]))
        if found.get("premark_explanation"):
            lines.append(data_tr(found["premark_explanation"]))
        lines.append(self.tr("Press Enter to go on."))
        self.status.setText("\n".join(lines))
        set_font(self.status, 14, True)

    def _practice_difference(self, words: dict, wrong: dict) -> str:
        """One difference from the known answer, in the task's own labels."""
        question, answered, expected = wrong["question"], wrong["answered"], wrong["expected"]
        if question == "spans":
            return self.tr("You marked {0} errors; this one has at least {1}.").format(answered, expected)
        if question == "premark":
            return self.tr("You kept the mark placed for you; it should have been dropped.") if answered == "kept" \
                else self.tr("You dropped the mark placed for you; it should have been kept.")
        labels = words[question]["labels"]
        named = lambda v: f"{v} {labels[str(v)]}" if str(v) in labels else str(v)  # noqa: E731
        if isinstance(expected, list) and len(expected) == 2 and labels:
            allowed = [named(v) for v in range(expected[0], expected[1] + 1) if str(v) in labels]
        elif isinstance(expected, list) and len(expected) == 2:
            allowed = [f"{expected[0]}–{expected[1]}"]
        else:
            allowed = [named(v) for v in expected]
        return self.tr("{0} You answered {1}; expected: {2}.").format(
            words[question]["prompt"], named(answered), self.tr(" or ").join(allowed))

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """The window lost or regained the focus (its own event: no connection outlives this page)."""
        if event.type() == QEvent.ActivationChange:
            self.application_state(Qt.ApplicationActive if self.isActiveWindow() else Qt.ApplicationInactive)
        super().changeEvent(event)

    def application_state(self, state) -> None:
        """The app went out of focus or came back: the session counts the time away."""
        if self.session is not None:
            active = state == Qt.ApplicationActive
            self._act(lambda: self._ask(lambda session: session.focus(active)))

    def show_guidelines(self) -> None:
        """F1: the task's guidelines, as plain text."""
        if not self.item:
            return
        words = task_words(self.item["task"], self.language)
        box = QMessageBox(QMessageBox.Information, words["title"], words["guidelines"],
                          QMessageBox.Close, self)
        box.setTextFormat(Qt.PlainText)
        self.guidelines_box = box
        box.open()

    def _display(self, text: str) -> str:
        """A text of the language in the script the speaker chose (the pack's converter)."""
        if self.display is None or not self.script_choice.isChecked():
            return text
        return convert(self.display["converter"], text)

    def _show_kind(self) -> None:
        """The widgets of the current task: the marking panel, or a question with numbered options."""
        spans = self.session.task.marks_spans
        for widget in (self.second_label, self.second, self.question):
            widget.setVisible(not spans)
        self.esa.setVisible(spans)
        if spans:  # marks are offsets into the output as stored: no other script, no numbered options
            self._clear_options()
        self.script_choice.setVisible(self.display is not None and not spans)

    def _clear_options(self) -> None:
        while self.options_row.count():
            widget = self.options_row.takeAt(0).widget()
            if widget:
                widget.hide()
                widget.setParent(None)
                widget.deleteLater()

    def _show_question(self) -> None:
        self._clear_options()
        question = self.session.current_question() or self.session.questions()[-1]
        words = task_words(self.item["task"], self.language)["questions"][question["id"]]
        self.question.setText(words["prompt"])
        for number, option in enumerate(question.get("options", []), 1):
            button = QPushButton(f"{number}  {words['labels'][str(option['value'])]}")
            set_font(button, 15)
            button.setCheckable(True)
            button.setChecked(self.session.partial.get(question["id"]) == option["value"])
            button.setFocusPolicy(Qt.NoFocus)
            button.clicked.connect(guarded(self, lambda _=False, n=number: self.choose(n)))
            self.options_row.addWidget(button)
        name_buttons(self)

    # -- the speaker's actions -------------------------------------------------------------------

    def _toggle_script(self, on: bool) -> None:
        if self.speaker_id and self.display is not None:
            operate_later(self, self.store, records.speakers.set_preference, self.speaker_id, "script",
                          self.display["script"] if on else None)
        if self.session is not None and self.item:
            self._act(self._draw)  # the texts again, in the chosen script; the answer under way stays in the session
