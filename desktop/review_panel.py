"""The speakers' screens: sign in (or create a profile after a plain-language consent), choose a
campaign, then one item at a time — big text, number keys answer, Enter or → goes on, ← goes back,
Ctrl+Z undoes, N adds a note, Esc pauses. The item screen is a view of a review session
(``review.rating.session``): every answer is on disk before the next item is drawn, and an unfinished item
is kept as a draft."""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (QAbstractButton, QCheckBox, QDialog, QFormLayout, QHBoxLayout, QLabel, QLineEdit,
                               QListWidget, QMessageBox, QListWidgetItem, QPlainTextEdit, QPushButton, QScrollArea,
                               QStackedWidget, QVBoxLayout, QWidget)

from eval_standards.text import convert
from review import records
from review.rating import sequence
from review.rating.session import Outcome, ReviewSession, Step, What
from review.records import catalogue, restoring, terms
from review.store import Store
from review.study import verdicts

from .esa_widgets import EsaPanel
from .qt_common import (FlowLayout, SafeBrowser, accessible, ask, campaign_title, data_tr, friendly_error, guarded,
                        in_background, message, name_buttons, OwnStore, plain_labels, scrolling, set_font,
                        task_captions, task_words, text_scale, ui_language)

STUDY_USE = "study"  # the use the consent's words name (review/data/terms.json); the others are ticked one by one
CONSENT_SCOPE = "LYSS speaker review v1: my answers about machine translations are kept on this laptop and " \
                "shared, without my name, with the study team; I can withdraw at any time."


def _sentence(text: str) -> str:
    """A said line standing alone: its first letter capitalised, a full stop after."""
    return text[:1].upper() + text[1:] + "."


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


class SignInPage(QWidget):
    chosen = Signal(str)
    new_speaker = Signal()

    def __init__(self, store: Store):
        super().__init__()
        self.store = store
        layout = QVBoxLayout(self)
        title = QLabel(self.tr("Who is reviewing today?"))
        set_font(title, 20, True)
        title.setWordWrap(True)
        layout.addWidget(title)
        self.list = QListWidget()
        set_font(self.list, 16)
        accessible(self.list, self.tr("Speakers on this laptop"),
                   self.tr("Choose your name with the arrow keys and press Enter"))
        self.list.itemActivated.connect(lambda item: self.chosen.emit(item.data(Qt.UserRole)))
        self.list.setProperty("lyss_data", True)  # speakers' names: data, shown as written
        layout.addWidget(self.list, 1)
        self.empty = QLabel(self.tr("No one has a profile on this laptop yet. Press “I am new here” to start."))
        set_font(self.empty, 14)
        self.empty.setWordWrap(True)
        layout.addWidget(self.empty)
        row = FlowLayout()
        go = QPushButton(self.tr("Continue  (Enter)"))
        go.clicked.connect(self._continue)
        new = self.new_button = QPushButton(self.tr("I am new here"))
        new.clicked.connect(self.new_speaker.emit)
        row.addWidget(go)
        row.addWidget(new)
        layout.addLayout(row)

    def refresh(self) -> None:
        self.list.clear()
        for row in (r for r in records.speakers.list_speakers(self.store) if r["display_name"]):
            item = QListWidgetItem(row["display_name"])
            item.setData(Qt.UserRole, row["id"])
            self.list.addItem(item)
        if self.list.count():
            self.list.setCurrentRow(0)
        self.empty.setVisible(self.list.count() == 0)
        self.list.setFocus()

    def _continue(self) -> None:
        item = self.list.currentItem()
        if item:
            self.chosen.emit(item.data(Qt.UserRole))
        else:
            self.new_speaker.emit()

    def first_focus(self) -> QWidget:
        return self.list if self.list.count() else self.new_button

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """Enter anywhere on the page: the chosen name (or, with no name yet, a new profile)."""
        if event.key() in (Qt.Key_Return, Qt.Key_Enter):
            self._continue()
        else:
            super().keyPressEvent(event)


class ConsentPage(QWidget):
    agreed = Signal(str)
    back = Signal()

    def __init__(self, store: Store):
        super().__init__()
        self.store = store
        layout = QVBoxLayout(self)
        title = QLabel(self.tr("Before you start"))
        set_font(title, 20, True)
        title.setWordWrap(True)
        layout.addWidget(title)
        text = SafeBrowser()
        set_font(text, 14)
        accessible(text, self.tr("What we collect, who sees it, and your choice"))
        text.setHtml(self.tr(
            "<p><b>What we collect.</b> Your answers about machine translations (for example, how much of the "
            "meaning is there), a note if you write one, and how long each answer took.</p>"
            "<p><b>Who sees it.</b> Your name, community and dialect stay on this laptop. The study team sees your "
            "answers with a code instead of your name.</p>"
            "<p><b>Your choice.</b> You can stop at any time, and you can ask to withdraw: all your answers are "
            "then deleted, here and on the study team's computers.</p>"))
        layout.addWidget(text, 1)
        form = QFormLayout()
        self.name = QLineEdit()
        self.community = QLineEdit()
        self.dialect = QLineEdit()
        for field, label in ((self.name, self.tr("Your name (kept on this laptop)")),
                             (self.community, self.tr("Community (optional)")),
                             (self.dialect, self.tr("Dialect (optional)"))):
            form.addRow(label, accessible(field, label))
        layout.addLayout(form)
        layout.addWidget(self._wrapped(QLabel(self.tr("Your answers may also be used for (tick only what you agree "
                                                      "to):"))))
        self.uses = {}
        for use, words in terms.uses().items():
            if use != STUDY_USE:
                self.uses[use] = self._tick(layout, data_tr(words))
        row = FlowLayout()
        agree = QPushButton(self.tr("I agree — start"))
        agree.clicked.connect(guarded(self, self._agree))
        back = QPushButton(self.tr("Back"))
        back.clicked.connect(self.back.emit)
        row.addWidget(back)
        row.addWidget(agree)
        layout.addLayout(row)

    def _agree(self) -> None:
        name = self.name.text().strip()
        if not name:
            self.name.setFocus()
            self.name.setPlaceholderText(self.tr("Please write your name"))
            return
        earlier = restoring.same_name(self.store, name)
        speaker_id = restoring.register(self.store, name, CONSENT_SCOPE, self.community.text().strip() or None,
                                        self.dialect.text().strip() or None, consent_uses=self.consent_uses(),
                                        same_person=earlier is not None and self.same_person(earlier))
        for field in (self.name, self.community, self.dialect):
            field.clear()
        for box in self.uses.values():
            box.setChecked(False)
        self.agreed.emit(speaker_id)

    @staticmethod
    def _wrapped(label: QLabel) -> QLabel:
        label.setWordWrap(True)
        return label

    def _tick(self, layout: QVBoxLayout, words: str) -> QCheckBox:
        """A tick box with its words beside it, wrapping at large text sizes (a QCheckBox's own text does not);
        a click on the words ticks it too."""
        row = QHBoxLayout()
        box, label = QCheckBox(), self._wrapped(QLabel(words))
        accessible(box, words)
        label.mousePressEvent = lambda event: box.toggle()
        row.addWidget(box, 0, Qt.AlignTop)
        row.addWidget(label, 1)
        layout.addLayout(row)
        return box

    def consent_uses(self) -> list[str]:
        """The uses the speaker agreed to: the study (what the page says they agree to) and each use they ticked; an
        export for any other use leaves their answers out."""
        return [STUDY_USE, *(use for use, box in self.uses.items() if box.isChecked())]

    def same_person(self, earlier: dict) -> bool:
        """Asked when a speaker of this name registered on this laptop before (a restore may have lost them): the
        same person keeps their id, so nothing is served to them twice and they are counted once."""
        return ask(self, self.tr("Welcome back?"), self.tr(
            "Someone named {0} registered on this laptop on {1}. Is that you?").format(
            earlier["name"], earlier["registered"][:10]))

    def first_focus(self) -> QWidget:
        return self.name  # the speaker types their name first

    def keyPressEvent(self, event) -> None:  # noqa: N802
        if event.key() == Qt.Key_Escape:
            self.back.emit()
        elif event.key() in (Qt.Key_Return, Qt.Key_Enter):
            guarded(self, self._agree)()
        else:
            super().keyPressEvent(event)


class CampaignPage(QWidget):
    chosen = Signal(str)
    sign_out = Signal()

    def __init__(self, store: Store):
        super().__init__()
        self.store = store
        self.speaker_id = ""
        layout = QVBoxLayout(self)
        self.title = QLabel()
        set_font(self.title, 20, True)
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.list = QListWidget()
        set_font(self.list, 16)
        accessible(self.list, self.tr("Tasks"), self.tr("Choose a task with the arrow keys and press Enter"))
        self.list.itemActivated.connect(lambda item: self.chosen.emit(item.data(Qt.UserRole)))
        layout.addWidget(self.list, 1)
        row = FlowLayout()
        out = QPushButton(self.tr("Sign out"))
        out.clicked.connect(self.sign_out.emit)
        start = QPushButton(self.tr("Start or continue  (Enter)"))
        start.clicked.connect(self._start)
        row.addWidget(out)
        row.addWidget(start)
        layout.addLayout(row)

    def _start(self) -> None:
        if self.list.currentItem() is not None:
            self.chosen.emit(self.list.currentItem().data(Qt.UserRole))

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """Enter anywhere on the page starts the chosen task; Esc signs out."""
        if event.key() in (Qt.Key_Return, Qt.Key_Enter):
            self._start()
        elif event.key() == Qt.Key_Escape:
            self.sign_out.emit()
        else:
            super().keyPressEvent(event)

    def show_for(self, speaker_id: str, current: str | None = None) -> None:
        self.speaker_id = speaker_id
        name = records.speakers.speaker(self.store, speaker_id)["display_name"] or speaker_id
        self.title.setText(self.tr("Welcome, {0}. Choose a task:").format(name))
        self.list.clear()
        for row in catalogue.list_campaigns(self.store, imported=False):
            done, total = records.sequences.progress(self.store, row["id"], speaker_id)
            state = self.tr("{0} of {1} done").format(done, total) if total else self.tr("not started")
            if total and row.get("adaptive"):  # more items come only while a decision is open
                state = self.tr("{0} done; more as the decisions need them").format(done)
            if not row["takes_part"]:  # answers recorded here would be refused everywhere else: not offered
                state = self.tr("not offered: this laptop is not enrolled in it: lyss review enrol {0} --campaign "
                                "{1}").format(self.store.device_id, row["id"])
            title = campaign_title(row["name"], row["task"], catalogue.campaign_language(self.store, row["id"]))
            item = QListWidgetItem(f"{title}   ({state})")
            item.setData(Qt.UserRole, row["id"])
            if not row["takes_part"]:
                item.setFlags(item.flags() & ~Qt.ItemIsEnabled & ~Qt.ItemIsSelectable)
                item.setToolTip(self.tr("Ask the campaign's coordinator to enrol this laptop in it; once the "
                                        "enrolment arrives, the campaign is offered here."))
            self.list.addItem(item)
            if row["id"] == current and row["takes_part"]:
                self.list.setCurrentItem(item)
        offered = [k for k in range(self.list.count()) if self.list.item(k).flags() & Qt.ItemIsEnabled]
        if offered and self.list.currentRow() < 0:
            self.list.setCurrentRow(offered[0])
        self.list.setFocus()

    def first_focus(self) -> QWidget:
        return self.list


class ItemPage(QWidget):
    """One item, big text, keyboard first: a view of a :class:`review.rating.session.ReviewSession`. It draws
    the session's state and turns keys into the session's methods; every rule is the session's."""

    paused = Signal()
    finished = Signal()
    answered = Signal()  # an answer was recorded (durable on disk)

    def __init__(self, store: Store, text_points: int = 22):
        super().__init__()
        self.store = store
        self.text_points = text_points
        self.session: ReviewSession | None = None
        self._drawn: dict | None = None  # the item the widgets show
        self._preparing = False  # the next segment is being served in the background
        self._serving: OwnStore | None = None  # the connection it is served on
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
        pause.clicked.connect(self.paused.emit)
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

    def start(self, campaign_id: str, speaker_id: str) -> None:
        self.campaign_id, self.speaker_id = campaign_id, speaker_id
        self.session = ReviewSession.open(self.store, campaign_id, speaker_id, clock=time.perf_counter)
        self.display = (self.language.get("display") or [None])[0]
        self.script_choice.blockSignals(True)
        if self.display is not None:
            self.script_choice.setText(self.tr("Show in {0}").format(self.display["label"]))
            self.script_choice.setChecked(records.speakers.chosen_script(self.store, campaign_id, speaker_id) is not None)
        else:
            self.script_choice.setChecked(False)
        self.script_choice.blockSignals(False)
        self._after(self.session.start())

    def show_position(self, position: int) -> None:
        self.session.show(position)
        self._draw()

    def _after(self, outcome: Outcome) -> None:
        """Draw the session's state after an action, and say what the action did."""
        if outcome.what == What.SAVED:
            self.answered.emit()
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

    def _prepare_next(self) -> None:
        """An adaptive campaign's next segment, served in the background while the speaker reads this item
        (:func:`review.rating.sequence.prepare_next`): answering then only shows it. One at a time; a failure here is
        met again, and said, when the answer serves the segment itself."""
        session = self.session
        if self._preparing or not session.open_ended or session.practising or session.finished:
            return
        self._preparing = True
        campaign, speaker, shown = self.campaign_id, self.speaker_id, session.position

        def ready(_result=None) -> None:
            self._preparing = False

        if self._serving is None or self._serving.path != self.store.path:
            self._serving = OwnStore(self.store.path, writes=True)
        worker = in_background(self, self._serving.job(lambda store, progress: sequence.prepare_next(
            store, campaign, speaker, shown)), ready, ready)
        session.sequence.before_serving = lambda: worker.wait(60_000)  # an answer meanwhile waits for it

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
            self.session.focus(state == Qt.ApplicationActive)

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

    def choose(self, number: int) -> None:
        self._after(self.session.choose(number))

    def advance(self) -> None:
        self._after(self.session.advance())

    def back(self) -> None:
        self._after(self.session.back())

    def undo(self) -> None:
        self._after(self.session.undo())

    def _esa_request(self, action: str, argument) -> None:
        """A button, the slider or a click of the marking panel."""
        if action == "go_to":
            self._after(self.session.go_to(*argument))
        elif action in ("mark", "set_score"):
            self._after(getattr(self.session, action)(argument))
        else:
            self._after(getattr(self.session, action)())

    def write_note(self) -> None:
        """N: the note dialog (it does not block; the note is kept when saved)."""
        if not self.session.takes_notes:
            return
        self.note_dialog = NoteDialog(self, self.note or "")
        self.note_dialog.saved.connect(guarded(self, lambda text: self._after(self.session.set_note(text))))
        self.note_dialog.finished.connect(lambda _: (self.window().activateWindow(), self.setFocus()))
        self.note_dialog.open()
        self.note_dialog.activateWindow()  # the keyboard goes to the note at once
        self.note_dialog.edit.setFocus()

    def _toggle_script(self, on: bool) -> None:
        if self.speaker_id and self.display is not None:
            records.speakers.set_preference(self.store, self.speaker_id, "script", self.display["script"] if on else None)
        if self.session is not None and self.item:
            self._draw()  # the texts again, in the chosen script; the answer under way stays in the session

    def _span_key(self, event) -> bool:
        """The keys of marking and scoring; False leaves the key to the rest of the page."""
        key, shift = event.key(), bool(event.modifiers() & Qt.ShiftModifier)
        if event.modifiers() & (Qt.ControlModifier | Qt.AltModifier):
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
        self._after(action())
        return True

    def focusNextPrevChild(self, forward: bool) -> bool:  # noqa: N802 (Qt's name)
        """Tab while marking: the next mark (the pre-marks a speaker keeps, drops or re-grades), not the next button."""
        if self.session is not None and self.session.task.marks_spans and self.session.step == Step.MARK:
            self._after(self.session.next_mark())
            return True
        return super().focusNextPrevChild(forward)

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        key = event.key()
        self._reveal_pending = False  # from now on the speaker scrolls as they like
        try:
            if self.session is None:
                super().keyPressEvent(event)
                return
            if key == Qt.Key_F1:
                self.show_guidelines()
            elif self.session.step == Step.FEEDBACK and key in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Right,
                                                             Qt.Key_PageDown, Qt.Key_Space):
                self.advance()
            elif self.session.task.marks_spans and self._span_key(event):
                return
            elif event.matches(QKeySequence.Undo):
                self.undo()
            elif Qt.Key_1 <= key <= Qt.Key_9 and not event.modifiers() & Qt.ControlModifier:
                self.choose(key - Qt.Key_0)
            elif key in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Right, Qt.Key_PageDown):
                self.advance()
            elif key in (Qt.Key_Left, Qt.Key_PageUp):
                self.back()
            elif key == Qt.Key_N:
                self.write_note()
            elif key == Qt.Key_S:
                self._after(self.session.skip())
            elif key in (Qt.Key_Escape, Qt.Key_P):
                self.paused.emit()
            else:
                super().keyPressEvent(event)
        except Exception as exc:
            friendly_error(self, exc)


class DonePage(QWidget):
    back = Signal()

    def __init__(self):
        super().__init__()
        layout = QVBoxLayout(self)
        label = QLabel(self.tr("Thank you!") + " " + _sentence(data_tr(verdicts.speaker_done()["text"])))
        set_font(label, 20, True)
        label.setWordWrap(True)
        button = self.button = QPushButton(self.tr("Back to the tasks  (Enter)"))
        button.clicked.connect(self.back.emit)
        layout.addWidget(label)
        layout.addWidget(button)
        layout.addStretch(1)

    def first_focus(self) -> QWidget:
        return self.button

    def keyPressEvent(self, event) -> None:  # noqa: N802
        if event.key() in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Escape):
            self.back.emit()
        else:
            super().keyPressEvent(event)


class ReviewPanel(QStackedWidget):
    """Sign in → consent (new speakers) → choose a task → review items."""

    def __init__(self, store: Store):
        super().__init__()
        self.store = store
        self.sign_in = SignInPage(store)
        self.consent = ConsentPage(store)
        self.campaigns = CampaignPage(store)
        self.items = ItemPage(store)
        self.done = DonePage()
        self._areas = {}
        for page in (self.sign_in, self.consent, self.campaigns, self.items, self.done):
            self._areas[page] = scrolling(page)  # a page scrolls rather than widen the window
            self.addWidget(self._areas[page])
        self.sign_in.chosen.connect(guarded(self, self.open_speaker))
        self.sign_in.new_speaker.connect(lambda: self.setCurrentWidget(self.consent))
        self.consent.agreed.connect(guarded(self, self.open_speaker))
        self.consent.back.connect(self.show_sign_in)
        self.campaigns.chosen.connect(guarded(self, self.open_campaign))
        self.campaigns.sign_out.connect(self.show_sign_in)
        self.items.paused.connect(guarded(self, lambda: self.open_speaker(self.items.speaker_id,
                                                                          self.items.campaign_id)))
        self.items.finished.connect(lambda: self.setCurrentWidget(self.done))
        self.done.back.connect(guarded(self, lambda: self.open_speaker(self.items.speaker_id, self.items.campaign_id)))
        plain_labels(self)  # names, sources and outputs are data: never rich text
        for button in self.findChildren(QAbstractButton):  # every button's text grows with the text size
            if button.property("lyss_points") is None:
                set_font(button, 12)
        self.show_sign_in()

    def setCurrentWidget(self, page: QWidget) -> None:  # noqa: N802 (Qt's name)
        """Show a page (in its scroll area) and give the keyboard to where the speaker types on it."""
        super().setCurrentWidget(self._areas.get(page, page))
        self._areas.get(page, page).ensureVisible(0, 0)
        self.focus_page()

    def focus_page(self) -> None:
        """The keyboard to the current page's first field (a name, a list, the item): Enter works at once."""
        page = self.currentWidget()
        focus = getattr(page, "first_focus", None)
        (focus() if callable(focus) else page).setFocus()

    def currentWidget(self) -> QWidget:  # noqa: N802
        """The page shown (not its scroll area)."""
        area = super().currentWidget()
        return area.widget() if area in self._areas.values() else area

    def show_sign_in(self) -> None:
        self.sign_in.refresh()
        self.setCurrentWidget(self.sign_in)

    def where(self) -> dict:
        """Who is reviewing what, to come back to after the window is built again (another language)."""
        page = self.currentWidget()
        items = self.items
        return {"page": {self.items: "item", self.campaigns: "tasks", self.done: "tasks"}.get(page, "sign-in"),
                "speaker": self.campaigns.speaker_id, "campaign": items.campaign_id,
                "position": items.position if items.session and not items.session.practising else None}

    def go_back_to(self, where: dict) -> None:
        if where["page"] == "sign-in" or not where["speaker"]:
            return
        self.open_speaker(where["speaker"], where["campaign"] or None)
        if where["page"] == "item" and where["campaign"]:
            self.open_campaign(where["campaign"])
            if where["position"] is not None and not self.items.session.practising:
                self.items.show_position(where["position"])

    def open_speaker(self, speaker_id: str, campaign_id: str | None = None) -> None:
        """The speaker's tasks, the one they paused (or finished) chosen. The interface's language is
        remembered for them (their paper forms are printed in it)."""
        if records.speakers.preference(self.store, speaker_id, "ui_language") != ui_language():
            records.speakers.set_preference(self.store, speaker_id, "ui_language", ui_language())
        self.campaigns.show_for(speaker_id, campaign_id)
        self.setCurrentWidget(self.campaigns)

    def open_campaign(self, campaign_id: str) -> None:
        since = records.laptops.revoked_here(self.store, campaign_id)
        if since is not None:  # a message, not a form whose answers every other laptop would refuse
            message(self, self.tr("This laptop was revoked by the coordinator from {0}. Answers given here would be "
                                  "refused on every other laptop, so this campaign cannot be answered here. What this "
                                  "laptop holds stays. Please ask the coordinator.").format(
                since[:16].replace("T", " ")))
            return
        self.setCurrentWidget(self.items)
        self.items.start(campaign_id, self.campaigns.speaker_id)
