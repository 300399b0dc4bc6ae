"""The speakers' screens: sign in (or create a profile after a plain-language consent), choose a
campaign, then one item at a time — big text, number keys answer, Enter or → goes on, ← goes back,
Ctrl+Z undoes, N adds a note, Esc pauses. The item screen (:mod:`desktop.item_page`) is a view of a review session
(``review.rating.session``): every answer is on disk before the next item is drawn, and an unfinished item
is kept as a draft."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractButton, QCheckBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QPushButton, QStackedWidget, QVBoxLayout, QWidget)

from review.operations import records
from review.operations.records import catalogue, restoring, terms
from review.operations.database import Store
from review.operations.sentences import verdicts

from .item_page import ItemPage
from .qt_common import (accessible, ask, campaign_title, data_tr, FlowLayout, friendly_error, guarded, message,
                        plain_labels, SafeBrowser, scrolling, set_font, ui_language)
from .background import notices, operate_later
from .engine import engine

STUDY_USE = "study"  # the use the consent's words name (review/data/terms.json); the others are ticked one by one
CONSENT_SCOPE = "LYSS speaker review v1: my answers about machine translations are kept on this laptop and " \
                "shared, without my name, with the study team; I can withdraw at any time."


def _sentence(text: str) -> str:
    """A said line standing alone: its first letter capitalised, a full stop after."""
    return text[:1].upper() + text[1:] + "."


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
        self._registering = False  # the speaker's profile is being written (on the engine)
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
        if self._registering:
            return  # a second press while the first is written
        earlier = restoring.same_name(self.store, name)
        self._registering = True

        def registered(speaker_id: str) -> None:
            self._registering = False
            for field in (self.name, self.community, self.dialect):
                field.clear()
            for box in self.uses.values():
                box.setChecked(False)
            self.agreed.emit(speaker_id)

        def refused(exc: BaseException) -> None:
            self._registering = False
            friendly_error(self, exc)
        operate_later(self, self.store, restoring.register, name, CONSENT_SCOPE,
                      self.community.text().strip() or None, self.dialect.text().strip() or None,
                      consent_uses=self.consent_uses(), same_person=earlier is not None and self.same_person(earlier),
                      done=registered, failed=refused)

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
        notices().changed.connect(self._changed_elsewhere)  # a method: gone with the page
        plain_labels(self)  # names, sources and outputs are data: never rich text
        for button in self.findChildren(QAbstractButton):  # every button's text grows with the text size
            if button.property("lyss_points") is None:
                set_font(button, 12)
        self.show_sign_in()

    def _changed_elsewhere(self, tables: frozenset, page) -> None:
        """A sync merged, or another tab changed the database: the list of speakers, or of a speaker's tasks, shown
        now is drawn again (an item being answered is left as it is)."""
        if page in (self.items, self.consent) or not self.isVisible():
            return
        if self.currentWidget() is self.sign_in:
            guarded(self, self.sign_in.refresh)()
        elif self.currentWidget() is self.campaigns and self.campaigns.speaker_id:
            chosen = self.campaigns.list.currentItem()
            guarded(self, self.campaigns.show_for)(self.campaigns.speaker_id,
                                                   chosen.data(Qt.UserRole) if chosen else None)

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
            self.open_campaign(where["campaign"], where["position"])

    def open_speaker(self, speaker_id: str, campaign_id: str | None = None) -> None:
        """The speaker's tasks, the one they paused (or finished) chosen. The interface's language is
        remembered for them (their paper forms are printed in it)."""
        if records.speakers.preference(self.store, speaker_id, "ui_language") != ui_language():
            language = ui_language()
            engine(self.store.path).hand(self, lambda own: records.speakers.set_preference(
                own, speaker_id, "ui_language", language))
        self.campaigns.show_for(speaker_id, campaign_id)
        self.setCurrentWidget(self.campaigns)

    def open_campaign(self, campaign_id: str, position: int | None = None) -> None:
        """The campaign's items for the speaker signed in (``position``: the item to come back to)."""
        since = records.laptops.revoked_here(self.store, campaign_id)
        if since is not None:  # a message, not a form whose answers every other laptop would refuse
            message(self, self.tr("This laptop was revoked by the coordinator from {0}. Answers given here would be "
                                  "refused on every other laptop, so this campaign cannot be answered here. What this "
                                  "laptop holds stays. Please ask the coordinator.").format(
                since[:16].replace("T", " ")))
            return
        self.setCurrentWidget(self.items)
        self.items.start(campaign_id, self.campaigns.speaker_id, position)
