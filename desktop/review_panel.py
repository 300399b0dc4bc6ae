"""The speakers' screens: sign in (or create a profile after a plain-language consent), choose a
campaign, then one item at a time — big text, number keys answer, Enter or → goes on, ← goes back,
Ctrl+Z undoes, N adds a note, Esc pauses. Every answer is committed to the database (review.campaigns)
before the next item is drawn."""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (QCheckBox, QFormLayout, QHBoxLayout, QInputDialog, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QPushButton, QStackedWidget, QVBoxLayout, QWidget)

from review import campaigns, esa, practice, tasks
from review.store import Store, now

from .esa_widgets import EsaPanel
from .qt_common import (SafeBrowser, accessible, data_tr, guarded, name_buttons, plain_labels, sized_font,
                        task_captions, task_words)

CONSENT_SCOPE = "LYSS speaker review v1: my answers about machine translations are kept on this laptop and " \
                "shared, without my name, with the study team; I can withdraw at any time."



class SignInPage(QWidget):
    chosen = Signal(str)
    new_speaker = Signal()

    def __init__(self, store: Store):
        super().__init__()
        self.store = store
        layout = QVBoxLayout(self)
        title = QLabel(self.tr("Who is reviewing today?"))
        title.setFont(sized_font(20, True))
        layout.addWidget(title)
        self.list = QListWidget()
        self.list.setFont(sized_font(16))
        accessible(self.list, self.tr("Speakers on this laptop"),
                   self.tr("Choose your name with the arrow keys and press Enter"))
        self.list.itemActivated.connect(lambda item: self.chosen.emit(item.data(Qt.UserRole)))
        layout.addWidget(self.list, 1)
        self.empty = QLabel(self.tr("No one has a profile on this laptop yet. Press “I am new here” to start."))
        self.empty.setFont(sized_font(14))
        self.empty.setWordWrap(True)
        layout.addWidget(self.empty)
        row = QHBoxLayout()
        go = QPushButton(self.tr("Continue  (Enter)"))
        go.clicked.connect(self._continue)
        new = QPushButton(self.tr("I am new here"))
        new.clicked.connect(self.new_speaker.emit)
        row.addWidget(go)
        row.addWidget(new)
        layout.addLayout(row)

    def refresh(self) -> None:
        self.list.clear()
        for row in (r for r in campaigns.list_speakers(self.store) if r["display_name"]):
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


class ConsentPage(QWidget):
    agreed = Signal(str)
    back = Signal()

    def __init__(self, store: Store):
        super().__init__()
        self.store = store
        layout = QVBoxLayout(self)
        title = QLabel(self.tr("Before you start"))
        title.setFont(sized_font(20, True))
        layout.addWidget(title)
        text = SafeBrowser()
        text.setFont(sized_font(14))
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
        row = QHBoxLayout()
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
        speaker_id = campaigns.add_speaker(self.store, name, CONSENT_SCOPE, self.community.text().strip() or None,
                                           self.dialect.text().strip() or None)
        for field in (self.name, self.community, self.dialect):
            field.clear()
        self.agreed.emit(speaker_id)


class CampaignPage(QWidget):
    chosen = Signal(str)
    sign_out = Signal()

    def __init__(self, store: Store):
        super().__init__()
        self.store = store
        self.speaker_id = ""
        layout = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setFont(sized_font(20, True))
        layout.addWidget(self.title)
        self.list = QListWidget()
        self.list.setFont(sized_font(16))
        accessible(self.list, self.tr("Tasks"), self.tr("Choose a task with the arrow keys and press Enter"))
        self.list.itemActivated.connect(lambda item: self.chosen.emit(item.data(Qt.UserRole)))
        layout.addWidget(self.list, 1)
        row = QHBoxLayout()
        out = QPushButton(self.tr("Sign out"))
        out.clicked.connect(self.sign_out.emit)
        start = QPushButton(self.tr("Start or continue  (Enter)"))
        start.clicked.connect(lambda: self.list.currentItem() and self.chosen.emit(
            self.list.currentItem().data(Qt.UserRole)))
        row.addWidget(out)
        row.addWidget(start)
        layout.addLayout(row)

    def show_for(self, speaker_id: str) -> None:
        self.speaker_id = speaker_id
        name = campaigns.speaker(self.store, speaker_id)["display_name"] or speaker_id
        self.title.setText(self.tr("Welcome, {0}. Choose a task:").format(name))
        self.list.clear()
        for row in campaigns.list_campaigns(self.store, imported=False):
            done, total = campaigns.progress(self.store, row["id"], speaker_id)
            state = self.tr("{0} of {1} done").format(done, total) if total else self.tr("not started")
            item = QListWidgetItem(f"{row['name']}   ({state})")
            item.setData(Qt.UserRole, row["id"])
            self.list.addItem(item)
        if self.list.count():
            self.list.setCurrentRow(0)
        self.list.setFocus()


class ItemPage(QWidget):
    """One item, big text, keyboard first."""

    paused = Signal()
    finished = Signal()

    def __init__(self, store: Store, text_points: int = 22):
        super().__init__()
        self.store = store
        self.text_points = text_points
        self.campaign_id = self.speaker_id = ""
        self.position = 0
        self.item: dict = {}
        self.practice_items: list[dict] = []  # the practice round, before the first real item
        self.hints_on = False  # task E: the analyser's rejected words as faint hints (campaign setting)
        self.away_seconds, self.away_since = 0.0, None  # time the app was not in front while an item was shown
        self.feedback_shown = False
        self.drafts: dict[tuple, str] = {}  # notes written before the answer, kept through a pause
        self.language: dict = {}
        self.display: dict | None = None
        self.partial: dict = {}
        self.note: str | None = None
        self.shown_at = time.perf_counter()
        self.setFocusPolicy(Qt.StrongFocus)
        accessible(self, self.tr("Item to review"),
                   self.tr("Number keys answer, Ctrl+Z undoes the last answer, N writes a note, Esc pauses"))
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.progress = QLabel()
        self.progress.setFont(sized_font(14, True))
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
        top.addStretch(1)
        top.addWidget(self.script_choice)
        top.addWidget(guide)
        top.addWidget(pause)
        layout.addLayout(top)
        self.instructions = QLabel()
        self.instructions.setWordWrap(True)
        self.instructions.setFont(sized_font(13))
        layout.addWidget(self.instructions)
        self.first_label, self.first = QLabel(), QLabel()
        self.second_label, self.second = QLabel(), QLabel()
        for caption, text in ((self.first_label, self.first), (self.second_label, self.second)):
            caption.setFont(sized_font(12, True))
            text.setWordWrap(True)
            text.setTextInteractionFlags(Qt.TextSelectableByMouse)
            layout.addWidget(caption)
            layout.addWidget(text)
        self.esa = EsaPanel(text_points)  # task E: marking error spans, then a 0–100 score
        self.esa.done.connect(guarded(self, self._commit))
        self.esa.hide()
        layout.addWidget(self.esa)
        self.question = QLabel()
        self.question.setFont(sized_font(16, True))
        layout.addWidget(self.question)
        self.options_row = QHBoxLayout()
        layout.addLayout(self.options_row)
        self.status = QLabel()
        self.status.setFont(sized_font(12))
        layout.addWidget(self.status)
        self.hint = QLabel()
        self.hint.setFont(sized_font(11))
        layout.addWidget(self.hint)
        layout.addStretch(1)
        self.set_text_size(text_points)

    # -- showing ---------------------------------------------------------------------------------

    def set_text_size(self, points: int) -> None:
        self.text_points = points
        for label in (self.first, self.second):
            label.setFont(sized_font(points))
        self.esa.view.set_points(points)

    def start(self, campaign_id: str, speaker_id: str) -> None:
        self.campaign_id, self.speaker_id = campaign_id, speaker_id
        campaigns.join(self.store, campaign_id, speaker_id)
        self.language = campaigns.campaign_language(self.store, campaign_id)
        self.hints_on = bool(campaigns.campaign(self.store, campaign_id)["settings"].get("hints"))
        self.display = (self.language.get("display") or [None])[0]
        self.script_choice.setVisible(self.display is not None)
        self.script_choice.blockSignals(True)
        if self.display is not None:
            self.script_choice.setText(self.tr("Show in {0}").format(self.display["label"]))
            self.script_choice.setChecked(campaigns.chosen_script(self.store, campaign_id, speaker_id) is not None)
        else:
            self.script_choice.setChecked(False)
        self.script_choice.blockSignals(False)
        self.practice_items = practice.items(self.store, campaign_id) \
            if practice.offered(self.store, campaign_id, speaker_id) else []
        if self.practice_items:
            self.show_practice(0)
            return
        self._first_real_item()

    def _first_real_item(self) -> None:
        self.practice_items, self.feedback_shown = [], False
        self.status.setFont(sized_font(12))
        position = campaigns.next_position(self.store, self.campaign_id, self.speaker_id)
        if position is None:
            self.finished.emit()
            return
        self.show_position(position)

    def show_practice(self, index: int) -> None:
        """A practice item: answered like a real one, then explained; nothing is stored."""
        self.feedback_shown = False
        self.status.setFont(sized_font(12))
        self.position = index
        self._draw(self.practice_items[index])
        self.progress.setText(self.tr("Practice {0} of {1}").format(index + 1, len(self.practice_items)))

    def _practice_feedback(self, answers: dict) -> None:
        found = practice.feedback(self.item, answers)
        words = task_words(self.item["task"], self.language)["questions"]
        lines = [self.tr("Right.") if found["right"] else self.tr("Not quite.")]
        for wrong in found["wrong"]:
            lines.append(self._practice_difference(words, wrong))
        lines += [data_tr(found["explanation"]), self.tr("Press Enter to go on.")]
        self.status.setText("\n".join(lines))
        self.status.setFont(sized_font(14, True))
        self.feedback_shown = True

    def _practice_difference(self, words: dict, wrong: dict) -> str:
        """One difference from the known answer, in the task's own labels."""
        question, answered, expected = wrong["question"], wrong["answered"], wrong["expected"]
        if question == "spans":
            return self.tr("You marked {0} errors; this one has at least {1}.").format(answered, expected)
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

    def _after_feedback(self) -> None:
        if self.position + 1 < len(self.practice_items):
            self.show_practice(self.position + 1)
            return
        practice.mark_done(self.store, self.campaign_id, self.speaker_id)
        self._first_real_item()
        self.status.setText(self.tr("Practice done — the real items start now."))

    def show_position(self, position: int) -> None:
        self.position = position
        self._draw(campaigns.item_at(self.store, self.campaign_id, self.speaker_id, position))
        self.progress.setText(self.tr("{0} of {1}").format(position + 1, self.item["total"]) + "   " +
                              self.tr("({0} answered)").format(self.item["answered"]))

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """The window lost or regained the focus (its own event: no connection outlives this page)."""
        if event.type() == QEvent.ActivationChange:
            self.application_state(Qt.ApplicationActive if self.isActiveWindow() else Qt.ApplicationInactive)
        super().changeEvent(event)

    def application_state(self, state) -> None:
        """The app went out of focus (another window, the laptop asleep) or came back: the time away is
        recorded with the answer, so the time per item counts only the time in front of it."""
        if state == Qt.ApplicationActive and self.away_since is not None:
            self.away_seconds += time.perf_counter() - self.away_since
            self.away_since = None
        elif state != Qt.ApplicationActive and self.away_since is None:
            self.away_since = time.perf_counter()

    def _time_away(self) -> float:
        ongoing = time.perf_counter() - self.away_since if self.away_since is not None else 0.0
        return round(self.away_seconds + ongoing, 3)

    def _draw(self, item: dict) -> None:
        """Show an item (real or practice): its texts, then its question or task E's marking."""
        self.item = item
        self.away_seconds = 0.0
        self.away_since = None if self.away_since is None else time.perf_counter()
        self.partial = dict(self.item["answer"] or {})
        self.note = self.item["note"] or self.drafts.get(self._key())
        self.shown_at = time.perf_counter()
        self.shown_stamp = now()
        words = task_words(self.item["task"], self.language)
        self.instructions.setText(words["instructions"])
        kind = self.item["kind"]
        if kind == "pair":
            texts = (self._display(self.item["output"]), self._display(self.item["reference"]))
        elif kind == "word":
            texts = (self._display(self.item["output"]),
                     f"{self._display(self.item['reference'])}\n({self.item['source']})")
        else:
            texts = (self.item["source"], self._display(self.item["output"]))
        captions = task_captions(kind, self.language)
        self._show_kind()
        self.first_label.setText(captions[0])
        self.second_label.setText(captions[1])
        self.first.setText(texts[0])
        self.second.setText(texts[1])
        self.status.setText(self.tr("Answered — press Enter to go on, or a number to change it.")
                            if self.item["answer"] else "")
        if self._is_e():
            self._show_task_e(words, captions)
        else:
            self._show_question()
        self.setFocus()

    def show_guidelines(self) -> None:
        """F1: the task's guidelines, as plain text."""
        from PySide6.QtWidgets import QMessageBox
        words = task_words(self.item.get("task") or "A", self.language)
        box = QMessageBox(QMessageBox.Information, words["title"], words["guidelines"],
                          QMessageBox.Close, self)
        box.setTextFormat(Qt.PlainText)
        self.guidelines_box = box
        box.open()

    def _is_e(self) -> bool:
        return self.item.get("task") == "E"

    def _show_task_e(self, words: dict, captions: tuple[str, str]) -> None:
        """Task E: the output marked word by word (offsets into the stored output, so in its own script)."""
        hints = esa.hint_positions(self.item["output"], esa.rejected_words(self.item, self.language)) \
            if self.hints_on else []
        self.esa.load(tasks.task("E"), words, self.item["output"], captions[1], self.item["answer"], hints)
        self.status.setText(self.tr("Answered — mark again or press Enter twice to keep it.")
                            if self.item["answer"] else "")

    def _display(self, text: str) -> str:
        """A text of the language in the script the speaker chose (the pack's converter)."""
        if self.display is None or not self.script_choice.isChecked():
            return text
        from eval_standards.text import convert
        return convert(self.display["converter"], text)

    def _questions(self) -> list[dict]:
        return [q for q in tasks.task(self.item["task"])["questions"] if tasks.applicable(q, self.partial)]

    def _current_question(self) -> dict | None:
        for q in self._questions():
            if q["id"] not in self.partial:
                return q
        return None

    def _show_kind(self) -> None:
        """The widgets of the current task: task E's marking panel, or a question with numbered options."""
        e = self._is_e()
        for widget in (self.second_label, self.second, self.question):
            widget.setVisible(not e)
        self.esa.setVisible(e)
        if e:  # task E marks the output as stored (offsets into it): no other script, no numbered options
            self._clear_options()
        self.script_choice.setVisible(self.display is not None and not e)
        self.hint.setText(self.tr("Arrows move · Shift extends · 1 minor · 2 major · M missing · Delete removes · "
                                  "Enter score · PgUp/PgDn items · Ctrl+Z undo · N note · Esc pause") if e else
                          self.tr("Number keys answer · Enter or → next · ← back · Ctrl+Z undo · N note · Esc pause"))

    def _clear_options(self) -> None:
        while self.options_row.count():
            widget = self.options_row.takeAt(0).widget()
            if widget:
                widget.hide()
                widget.setParent(None)
                widget.deleteLater()

    def _show_question(self) -> None:
        self._clear_options()
        question = self._current_question() or self._questions()[-1]
        words = task_words(self.item["task"], self.language)["questions"][question["id"]]
        self.question.setText(words["prompt"])
        for number, option in enumerate(question.get("options", []), 1):
            button = QPushButton(f"{number}  {words['labels'][str(option['value'])]}")
            button.setFont(sized_font(15))
            button.setCheckable(True)
            button.setChecked(self.partial.get(question["id"]) == option["value"])
            button.setFocusPolicy(Qt.NoFocus)
            button.clicked.connect(guarded(self, lambda _=False, n=number: self.choose(n)))
            self.options_row.addWidget(button)
        name_buttons(self)

    # -- answering -------------------------------------------------------------------------------

    def choose(self, number: int) -> None:
        """Answer the current question with option ``number``; when the item is complete, commit and go on."""
        question = self._current_question()
        if question is None:  # re-answering a completed item starts again from its first question
            self.partial = {}
            question = self._current_question()
        options = question.get("options", [])
        if not 1 <= number <= len(options):
            return
        self.partial[question["id"]] = options[number - 1]["value"]
        if self._current_question() is None:
            self._commit()
        else:
            self._show_question()

    def _commit(self, answers: dict | None = None) -> None:
        """Save the answer (the questions answered so far, or task E's marks and score) and go on; a
        practice answer is explained instead."""
        answers = answers if answers is not None else {q["id"]: self.partial[q["id"]] for q in self._questions()}
        if self.practice_items:
            self._practice_feedback(answers)
            return
        campaigns.answer(self.store, self.campaign_id, self.speaker_id, self.position, answers, self.note,
                         time.perf_counter() - self.shown_at, started_at=self.shown_stamp,
                         away_seconds=self._time_away())
        self.item["answer"] = answers
        self.drafts.pop(self._key(), None)
        self.advance()

    def advance(self) -> None:
        """The next item (``campaigns.position_after``), or the end of the campaign."""
        if self.practice_items or not self.item.get("answer") and self._current_question() is not None:
            self.status.setText(self.tr("Please answer with the number keys first."))
            return
        position = campaigns.position_after(self.store, self.campaign_id, self.speaker_id, self.position)
        if position is None:
            self.finished.emit()
        else:
            self.show_position(position)

    def back(self) -> None:
        if self.position > 0 and not self.practice_items:
            self.show_position(self.position - 1)

    def undo(self) -> None:
        if self.practice_items:
            return
        position = campaigns.undo_last(self.store, self.campaign_id, self.speaker_id)
        if position is not None:
            self.show_position(position)
            self.status.setText(self.tr("Your last answer was undone."))

    def write_note(self) -> None:
        if self.practice_items:
            return
        text, ok = QInputDialog.getMultiLineText(self, self.tr("Note"), self.tr("Your note about this item:"),
                                                 self.note or "")
        if ok:
            self.note = text.strip() or None
            if self.item.get("answer"):
                campaigns.answer(self.store, self.campaign_id, self.speaker_id, self.position, self.item["answer"],
                                 self.note)
                self.item["note"] = self.note
            else:
                self.drafts[self._key()] = self.note
            self.status.setText(self.tr("Note saved.") if self.item.get("answer") else
                                self.tr("Note kept; it is saved with your answer."))

    def _key(self) -> tuple:
        return (self.campaign_id, self.speaker_id, self.position)

    def _toggle_script(self, on: bool) -> None:
        if self.speaker_id and self.display is not None:
            campaigns.set_preference(self.store, self.speaker_id, "script", self.display["script"] if on else None)
        if self.item:  # redraw the texts, keeping a half-given answer
            partial, note = dict(self.partial), self.note
            self.show_position(self.position)
            self.partial, self.note = partial, note
            self._show_question()

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        key = event.key()
        try:
            if key == Qt.Key_F1:
                self.show_guidelines()
                return
            if self.practice_items and self.feedback_shown:
                if key in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Right, Qt.Key_PageDown, Qt.Key_Space):
                    self._after_feedback()
                    return
            if self.item and self._is_e() and self.esa.key(event):
                return
            if event.matches(QKeySequence.Undo):
                self.undo()
            elif Qt.Key_1 <= key <= Qt.Key_9 and not event.modifiers() & Qt.ControlModifier:
                self.choose(key - Qt.Key_0)
            elif key in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Right, Qt.Key_PageDown):
                self.advance()
            elif key in (Qt.Key_Left, Qt.Key_PageUp):
                self.back()
            elif key == Qt.Key_N:
                self.write_note()
            elif key in (Qt.Key_Escape, Qt.Key_P):
                self.paused.emit()
            else:
                super().keyPressEvent(event)
        except Exception as exc:
            from .qt_common import friendly_error
            friendly_error(self, exc)


class DonePage(QWidget):
    back = Signal()

    def __init__(self):
        super().__init__()
        layout = QVBoxLayout(self)
        label = QLabel(self.tr("Thank you! You have answered every item of this task."))
        label.setFont(sized_font(20, True))
        label.setWordWrap(True)
        button = QPushButton(self.tr("Back to the tasks"))
        button.clicked.connect(self.back.emit)
        layout.addWidget(label)
        layout.addWidget(button)
        layout.addStretch(1)


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
        for page in (self.sign_in, self.consent, self.campaigns, self.items, self.done):
            self.addWidget(page)
        self.sign_in.chosen.connect(guarded(self, self.open_speaker))
        self.sign_in.new_speaker.connect(lambda: self.setCurrentWidget(self.consent))
        self.consent.agreed.connect(guarded(self, self.open_speaker))
        self.consent.back.connect(self.show_sign_in)
        self.campaigns.chosen.connect(guarded(self, self.open_campaign))
        self.campaigns.sign_out.connect(self.show_sign_in)
        self.items.paused.connect(guarded(self, lambda: self.open_speaker(self.items.speaker_id)))
        self.items.finished.connect(lambda: self.setCurrentWidget(self.done))
        self.done.back.connect(guarded(self, lambda: self.open_speaker(self.items.speaker_id)))
        plain_labels(self)  # names, sources and outputs are data: never rich text
        self.show_sign_in()

    def show_sign_in(self) -> None:
        self.sign_in.refresh()
        self.setCurrentWidget(self.sign_in)

    def open_speaker(self, speaker_id: str) -> None:
        self.campaigns.show_for(speaker_id)
        self.setCurrentWidget(self.campaigns)

    def open_campaign(self, campaign_id: str) -> None:
        self.setCurrentWidget(self.items)
        self.items.start(campaign_id, self.campaigns.speaker_id)
