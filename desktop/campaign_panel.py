"""The coordinator's tab: the campaigns (create, progress per speaker, decisions, terms, the community's report,
withdrawal), beside this laptop's circle and the sharing of answers (:mod:`desktop.circle_pages`)."""


from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFileDialog, QHeaderView, QInputDialog, QLabel, QPushButton, 
                               QSplitter, QTableView, QTabWidget, QVBoxLayout, QWidget)

from review.operations import records, tasks
from review.operations.rating import campaigns, roster
from review.operations.records import catalogue, laptops, shared_folder, terms
from review.operations.database import Store
from review.operations.tasks import attention
from review.operations.study import decisions, report
from scoring.files import atomic_path

from .community_report import write_pdf as write_report
from .qt_common import (accessible, ask, campaign_title, FlowLayout, friendly_error, guarded, name_buttons,
                        plain_labels, said, task_words)
from .background import as_operation, in_background, notices, on_own_store, operate_later, OwnStore, tell, Worker
from .circle_pages import CirclePages
from .tables import fill_table, table_view


class CampaignPanel(CirclePages, QWidget):
    """The coordinator's tab, as three pages in the order of the work: the campaigns and their decisions;
    this laptop and its circle (its code, enrolling, trusting, revoking); sharing answers (the shared folder,
    bundles by USB stick). What an action did is said below the pages, whichever is shown."""

    decisions_shown = Signal(str)  # a campaign's decisions drawn (its id)

    def __init__(self, store: Store):
        super().__init__()
        self.store, self.syncer = store, None
        self._last_merge: str | None = None  # what the latest sync that merged something said
        self._status_store: OwnStore | None = None  # the background status's own connection, one worker at a time
        self._status_worker: Worker | None = None
        self._coverage: dict[str, dict] = {}  # campaign → how far it is rated, as last counted (in the background)
        self._coverage_worker: Worker | None = None
        self._coverage_again = False
        self._decisions_wanted: str | None = None
        layout = QVBoxLayout(self)
        self.pages = accessible(QTabWidget(), self.tr("The coordinator's pages"))
        self.campaigns_page = self._page(self._campaign_row(), *self._campaign_tables())
        self.circle_page = self._page(*self._circle_rows(store))
        self.sharing_page = self._page(*self._sharing_rows())
        self.pages.addTab(self.campaigns_page, self.tr("Campaigns and decisions"))
        self.pages.addTab(self.circle_page, self.tr("This laptop and its circle"))
        self.pages.addTab(self.sharing_page, self.tr("Sharing answers"))
        if store.displaced:  # a copy, or a database moved here: the question comes first
            self.pages.setCurrentWidget(self.sharing_page)
        layout.addWidget(self.pages, 1)
        self.status = QLabel()
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        plain_labels(self)
        name_buttons(self)
        notices().changed.connect(self._changed_elsewhere)  # a method: gone with the page
        self.refresh()

    def _changed_elsewhere(self, tables: frozenset, page) -> None:
        """Another page (a speaker's answers, a sync that merged) changed the database: shown, redraw."""
        if page is not self and self.isVisible():
            guarded(self, self.refresh)()

    def _button(self, text: str, slot, tip: str | None = None) -> QPushButton:
        button = QPushButton(text)
        if tip:
            button.setToolTip(tip)
        button.clicked.connect(guarded(self, slot))
        return button

    @staticmethod
    def _row(*widgets) -> FlowLayout:
        row = FlowLayout()
        for w in widgets:
            row.addWidget(w)
        return row

    @staticmethod
    def _page(*parts) -> QWidget:
        """A page of rows (layouts, kept to their height) and widgets (a table takes the room left)."""
        page = QWidget()
        layout = QVBoxLayout(page)
        for part in parts:
            if isinstance(part, FlowLayout):
                part.addStretch(1)
                layout.addLayout(part)
            else:
                layout.addWidget(part, 1 if isinstance(part, (QTableView, QSplitter)) else 0)
        layout.addStretch()  # no stretch of its own: the room left goes to a table, or here when none is shown
        return page

    @staticmethod
    def _words(text: str) -> QLabel:
        label = QLabel(text)
        label.setWordWrap(True)
        return label

    def _campaign_row(self) -> FlowLayout:
        """The campaigns this laptop makes: a task, hints, from one run or adaptive from several."""
        self.task = QComboBox()
        accessible(self.task, self.tr("Task of the new campaign"))
        for code in tasks.buildable():
            self.task.addItem(self.tr("Task {0}: {1}").format(code, task_words(code, None)["title"]), code)
        self.hints = QCheckBox(self.tr("Hint at the words the analyser rejected (task E)"))
        self.hints.setToolTip(self.tr("Off by default, so that the speakers judge without the analyser's opinion"))
        accessible(self.hints, self.tr("Hint at the words the analyser rejected (task E)"),
                   self.tr("Off by default, so that the speakers judge without the analyser's opinion"))
        self.premark = QComboBox()
        for label, mode in ((self.tr("Marks placed for the speaker: the language's tools"), "tools"),
                            (self.tr("Marks placed for the speaker: the tools and the reference"), "tools+reference"),
                            (self.tr("No marks placed for the speaker"), "off")):
            self.premark.addItem(label, mode)
        accessible(self.premark, self.tr("Pre-marks of a task E campaign"), self.tr(
            "Candidate errors placed before the speaker sees a sentence; the speaker keeps, drops or re-grades each"))
        self.qc = QComboBox()
        for label, kind in ((self.tr("Attention items: a phrase of another sentence swapped in"), None),
                            (self.tr("Attention items: a word in a wrong form of the language's grammar"),
                             attention.GRAMMAR)):
            self.qc.addItem(label, kind)
        accessible(self.qc, self.tr("Attention items of the new campaign"), self.tr(
            "Items made wrong on purpose, mixed into each speaker's items: lyss study quality says how often each "
            "speaker caught them"))
        self.task.currentIndexChanged.connect(guarded(self, lambda _: self._task_chosen()))
        self._task_chosen()
        return self._row(self.task, self.hints, self.premark, self.qc,
                         self._button(self.tr("Create campaign from a scored run…"), self.create),
                         self._button(self.tr("Adaptive campaign from several runs…"), self.create_adaptive, self.tr(
                             "One scored run card per system, on the same test set: speakers are served only what "
                             "is still undecided")))

    def _task_chosen(self) -> None:
        chosen = tasks.task(self.task.currentData())
        self.premark.setEnabled(chosen.marks_spans)
        self.qc.setEnabled(chosen.degraded_items)

    def _premark(self) -> str | None:
        """The pre-mark mode chosen, for a task that marks spans (None otherwise)."""
        return self.premark.currentData() if self.premark.isEnabled() else None

    def _campaign_tables(self) -> tuple:
        """Campaigns beside the chosen one's speakers (one may be withdrawn); its decisions and what they cost."""
        split = QSplitter(Qt.Horizontal)
        self.campaigns = accessible(table_view(), self.tr("Campaigns"),
                                    self.tr("Choose a campaign to see each speaker's progress"))
        self.campaigns.selectionModel().selectionChanged.connect(guarded(self, lambda *_: self.show_progress()))
        self.progress = accessible(table_view(), self.tr("Speakers' progress in the chosen campaign"))
        split.addWidget(self.campaigns)
        split.addWidget(self.progress)
        withdraw = self._row(self._button(self.tr("Withdraw selected speaker…"), self.withdraw, self.tr(
            "The speaker chosen on the right leaves the study: their answers are deleted here, in the backups and, "
            "through the next bundles, on every laptop")), self._button(
            self.tr("Report for the community…"), self.community_report, self.tr(
                "A PDF a community council can read: each question's verdict in words, how sure the answers are, "
                "each run's tier, the speakers' hours (no names), their consent and where the answers are kept")),
            self._button(self.tr("Community's terms…"), self.set_terms, self.tr(
                "The community's terms for the chosen campaign's data (a JSON file: community, licence, labels, "
                "allowed uses, contact): recorded and signed, or a new version of the ones it has")))
        self.decisions = accessible(table_view(), self.tr("Decisions in the chosen campaign"),
                                    self.tr("Which system is better and each run's tier, as the answers settle them"))
        self.decisions.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.plan = self._words("")
        self.terms_line = self._words("")  # the community's terms for the chosen campaign's data, and the decisions
        return split, withdraw, self.terms_line, self.decisions, self.plan

    def refresh(self) -> None:
        """The campaigns again (after a new campaign or a merge), the chosen one kept, its progress and
        decisions recomputed."""
        chosen = self.selected_campaign() if hasattr(self, "_ids") else None
        rows = catalogue.list_campaigns(self.store)
        self._ids = [r["id"] for r in rows]
        counted = self._coverage  # what was counted before stays in view until it is counted again
        data = [[r["task"], campaign_title(r["name"], r["task"], catalogue.campaign_language(self.store, r["id"])),
                 *self._coverage_cells(counted.get(r["id"]))] for r in rows]
        fill_table(self.campaigns, [self.tr("Task"), self.tr("Campaign"), self.tr("Items"),
                               self.tr("Fully rated")], data)
        if data:
            self.campaigns.selectionModel().blockSignals(True)
            self.campaigns.selectRow(self._ids.index(chosen) if chosen in self._ids else 0)
            self.campaigns.selectionModel().blockSignals(False)
            self.show_progress()
        self._count_coverage()

    @staticmethod
    def _coverage_cells(cov: dict | None) -> list:
        return ["…", "…"] if cov is None else [cov["items"], f"{cov['items_at_target']} / {cov['items']}"]

    def _count_coverage(self) -> None:
        """How far each campaign is rated, counted in the background (a campaign of thousands of items takes a while,
        and a refresh follows every merge while the tab is shown), drawn into the table when counted."""
        if self._coverage_worker is not None:
            self._coverage_again = True  # counted again when this count ends: a merge came meanwhile
            return
        ids = list(self._ids)

        def counted(found: dict[str, dict]) -> None:
            self._coverage_worker = None
            self._coverage = found
            model = self.campaigns.model()
            for row, cid in enumerate(self._ids):
                if cid in found and row < len(model.rows):
                    model.rows[row][2:4] = self._coverage_cells(found[cid])
            if model.rows:
                model.dataChanged.emit(model.index(0, 2), model.index(len(model.rows) - 1, 3))
            if self._coverage_again:
                self._coverage_again = False
                self._count_coverage()

        def failed(exc: BaseException) -> None:
            self._coverage_worker = None
            friendly_error(self, exc)
        self._coverage_worker = in_background(self, on_own_store(self.store.path, lambda store, progress: {
            cid: catalogue.coverage(store, cid) for cid in ids}), counted, failed)

    # -- a shared folder ------------------------------------------------------------------------

    def selected_campaign(self) -> str | None:
        row = self.campaigns.currentIndex().row()
        return self._ids[row] if 0 <= row < len(self._ids) else None

    def show_progress(self) -> None:
        cid = self.selected_campaign()
        if not cid:
            return
        rows = records.sequences.speakers_progress(self.store, cid)
        self._speakers = [r["speaker_id"] for r in rows]
        fill_table(self.progress, [self.tr("Speaker"), self.tr("Name (this laptop)"), self.tr("Answered"), self.tr("Of")],
              [[r["speaker_id"], records.speakers.shown_name(r, said), r["answered"], r["total"]] for r in rows])
        self.show_terms(cid)
        self.show_decisions(cid)

    def set_terms(self, path: str | None = None) -> None:
        """Record the chosen campaign's terms from a file (a new version when it has terms already)."""
        cid = self.selected_campaign()
        if not cid:
            self.status.setText(self.tr("Choose a campaign first."))
            return
        if not path:
            path, _ = QFileDialog.getOpenFileName(self, self.tr("The community's terms"), "", self.tr("JSON (*.json)"))
        if path:
            given = terms.read(path)

            def recorded(version: int) -> None:
                self.status.setText(self.tr("Campaign {0}: the community's terms recorded (version {1}).").format(
                    cid, version))
                self.show_terms(cid)
            operate_later(self, self.store, terms.record, cid, given, amend=terms.current(self.store, cid) is not None,
                          done=recorded)

    def show_terms(self, cid: str) -> None:
        found = terms.current(self.store, cid)
        if found is None:
            self.terms_line.setText(self.tr("This campaign carries no community's terms."))
            return
        verdicts = {"allowed": self.tr("allowed"), "refused": self.tr("refused")}
        decided = "; ".join((self.tr("{0}: {1} by {2} on {3} (stands)") if d["stands"] else
                             self.tr("{0}: {1} by {2} on {3} (corrected)") if d.get("corrected_by") else
                             self.tr("{0}: {1} by {2} on {3} (earlier)")).format(
            d["use"], verdicts[d["verdict"]], d["decided_by"], d["decided_on"])
            for d in terms.decisions(self.store, cid))
        self.terms_line.setText(self.tr("The answers belong to {0} ({1}); uses allowed: {2}.").format(
            found["community"], found["licence"]["name"], ", ".join(found["uses"]) or "—")
            + (" " + self.tr("Council's decisions: {0}.").format(decided) if decided else
               " " + self.tr("No council's decision is recorded yet: no use is allowed until one is.")))

    def show_decisions(self, cid: str) -> None:
        """The chosen campaign's questions as the study says them (one row a line), and what they still cost: worked
        out in the background (the status replays forecasts of every open question), drawn when ready; the window
        keeps answering meanwhile. ``decisions_shown`` says when they are drawn."""
        self._decisions_wanted = cid
        if self._status_worker is not None:  # until its result is delivered, not only while its thread runs: the
            return  # campaign wanted last is worked out then (two at once on one connection broke each other's writes)
        self.plan.setText(self.tr("Working out where the campaign stands…"))
        if self._status_store is None:
            self._status_store = OwnStore(self.store.path, writes=True)  # a verdict settled is announced here
        # kept until it ends: a page closed meanwhile does not destroy it while it runs
        worker = Worker(self._status_store.job(lambda store, progress: (cid, decisions.status(store, cid))), self)
        worker.succeeded.connect(self._status_ready)
        worker.failed.connect(self._status_failed)
        self._status_worker = worker
        worker.start()

    def _status_ready(self, result: tuple[str, dict]) -> None:
        cid, found = result
        self._status_worker = None
        if cid != self._decisions_wanted:  # another campaign was chosen meanwhile
            self.show_decisions(self._decisions_wanted)
            return
        guarded(self, self._draw_decisions)(found)
        self.decisions_shown.emit(cid)

    def _status_failed(self, exc: BaseException) -> None:
        self._status_worker = None
        self.plan.setText("")
        friendly_error(self, exc)

    def _draw_decisions(self, found: dict) -> None:
        rows = []
        for question in found["questions"]:
            first, *rest = question["said"]
            rows.append([said(first)])
            rows.extend(["    " + said(one)] for one in rest)
        fill_table(self.decisions, [self.tr("What the answers settle")], rows)
        header = self.decisions.horizontalHeader()
        header.setStretchLastSection(False)  # the one column laid out again: as wide as the table, or its longest
        header.setStretchLastSection(True)  # line (drawn while another count came back, it kept its first width)
        self.plan.setText("\n".join(said(one) for one in found["said"]))

    def _background(self, job, shown, writes: bool = False) -> None:
        """A coordinator's action off the GUI thread (``job(store, progress)`` on its own connection): the window keeps
        answering, the line below the pages says it is under way, ``shown(result)`` says what it did."""
        self.status.setText(self.tr("Working…"))
        if writes:  # what it changed is told to the other pages, which redraw
            in_background(self, on_own_store(self.store.path, as_operation(job), writes=True),
                          lambda done: shown(tell(done, self)), self._action_failed)
        else:
            in_background(self, on_own_store(self.store.path, job), shown, self._action_failed)

    def _action_failed(self, exc: BaseException) -> None:
        self.status.setText("")
        friendly_error(self, exc)

    def community_report(self, path: str | None = None) -> None:
        """The chosen campaign's report for the community, as a PDF in the app's language: the study worked out in the
        background, the pages drawn here when it is ready."""
        cid = self.selected_campaign()
        if not cid:
            self.status.setText(self.tr("Choose a campaign first."))
            return
        if not path:
            path, _ = QFileDialog.getSaveFileName(self, self.tr("Report for the community"), "report.pdf",
                                                  self.tr("PDF (*.pdf)"))
        if path:
            self._background(lambda store, progress: (report.community_report(store, cid), shared_folder.chosen(store),
                                                      laptops.names(store)),
                             lambda found: self._write_report(path, *found))

    def _write_report(self, path: str, found: dict, folder: str | None, names: dict) -> None:
        with atomic_path(Path(path)) as tmp:
            pages = write_report(str(tmp), found, folder, names)
        self.status.setText(self.tr("Wrote the report ({0} pages) to {1}.").format(pages, path))

    def create(self, path: str | None = None, terms_path: str | None = None) -> None:
        """A campaign from a scored run card; asked for its file, the coordinator is asked for the community's terms
        too (Cancel: none yet — the Community's terms… button records them later)."""
        asked = not path
        if not path:
            path, _ = QFileDialog.getOpenFileName(self, self.tr("A scored run card"), "", self.tr("JSON (*.json)"))
        if path:
            given = self._new_terms(asked, terms_path)
            task, hints, premark = self.task.currentData(), self.hints.isChecked(), self._premark()
            qc = self.qc.currentData() if self.qc.isEnabled() else None
            self._background(lambda store, progress: self._made(store, campaigns.create_campaign(
                store, catalogue.load_scored(path), task, hints=hints, premark=premark, qc=qc), given),
                lambda made: self._created(*made), writes=True)

    def _new_terms(self, ask: bool, path: str | None) -> dict | None:
        """The community's terms for a new campaign, read and checked before anything is made (None: none given)."""
        if ask and not path:
            path, _ = QFileDialog.getOpenFileName(self, self.tr("The community's terms for this campaign (Cancel: "
                                                                "none yet)"), "", self.tr("JSON (*.json)"))
        return terms.read(path) if path else None

    @staticmethod
    def _made(store, cid: str, given: dict | None = None) -> tuple[str, None, dict | None]:
        """A campaign made, its terms recorded when given, with what its attention items are when it asked for the
        grammar's."""
        if given is not None and terms.current(store, cid) is None:
            terms.record(store, cid, given)
        found = campaigns.attention_summary(store, cid)
        return cid, None, found if found["kind"] == attention.GRAMMAR else None

    def _created(self, cid: str, warning: dict | None = None, attention: dict | None = None) -> None:
        held = terms.current(self.store, cid)
        self.status.setText(self.tr("Campaign {0} ready.").format(cid) + (
            " " + self.tr("Warning:") + " " + said(warning) if warning else "") + self._attention_words(attention) + (
            " " + self.tr("The community's terms: {0}.").format(held["community"]) if held else ""))
        self.refresh()

    def _attention_words(self, found: dict | None) -> str:
        if not found:
            return ""
        if found["reason"]:
            return " " + self.tr("Attention items: phrases swapped in; the language pack made no wrong forms ({0}).")\
                .format(found["reason"])
        return " " + self.tr("Attention items: {0} of {1} outputs have a word in a wrong form of the language's "
                             "grammar.").format(found["admitting"], found["items"])

    def create_adaptive(self, paths: list[str] | None = None, question: dict | None = None,
                        terms_path: str | None = None) -> None:
        asked = not paths
        if not paths:
            paths, _ = QFileDialog.getOpenFileNames(self, self.tr("Scored run cards of one test set"), "",
                                                    self.tr("JSON (*.json)"))
        if paths:
            given = self._new_terms(asked, terms_path)
            runs = [catalogue.load_scored(p) for p in paths]
            if question is None:
                question = self._ask_question([r.get("model_slug") or r.get("run_id") or "run" for r in runs])
                if question is False:
                    return
            task, premark = self.task.currentData(), self._premark()
            qc = self.qc.currentData() if self.qc.isEnabled() else None  # attention items: none unless chosen

            def job(store, progress):
                cid = campaigns.create_adaptive_campaign(store, runs, task, question=question, premark=premark, qc=qc)
                return cid, decisions.size_warning(store, cid), self._made(store, cid, given)[2]

            self._background(job, lambda found: self._created(*found), writes=True)

    def _ask_question(self, names: list[str]) -> dict | None | bool:
        """The community's question and its margin (None: every pair and tier, as before; False: cancelled)."""
        choices = {self.tr("Every pair and each run's tier"): None, self.tr("Which system is best"): "best",
                   self.tr("Is the new run at least as good as the one in use"): "non-inferior",
                   self.tr("Every pair, within a margin"): "pairs", self.tr("Does the run reach a mean score"): "tier"}
        chosen, ok = QInputDialog.getItem(self, self.tr("The campaign's question"), self.tr(
            "What should the speakers' ratings decide? The campaign serves only what this question still needs."),
            list(choices), 0, False)
        if not ok:
            return False
        kind = choices[chosen]
        if kind is None:
            return None
        delta, ok = QInputDialog.getDouble(self, self.tr("The margin"), self.tr(
            "The smallest difference that matters, on the task's scale:"), 1.0, 0.001, 1000.0, 3)
        if not ok:
            return False
        question = {"kind": kind, "delta": delta}
        if kind == "non-inferior":
            baseline, ok = QInputDialog.getItem(self, self.tr("The run in use"), self.tr("Which run is in use now?"),
                                                names, 0, False)
            question["baseline"] = baseline
        elif kind == "tier":
            threshold, ok = QInputDialog.getDouble(self, self.tr("The tier"), self.tr(
                "The mean score the run must reach, on the task's scale:"), 4.0, -1000.0, 1000.0, 3)
            question["threshold"] = threshold
        return question if ok else False

    def withdraw(self) -> None:
        row = self.progress.currentIndex().row()
        if row < 0:
            return
        speaker_id = self._speakers[row]
        scope = records.speakers.withdrawal_scope(self.store, speaker_id, said)
        if ask(self, self.tr("Withdraw"), self.tr(
                "Withdraw {0} ({1})? Their {2} answers, their history and notes will be deleted here, in this "
                "laptop's {3} backups and wherever this laptop's bundles go. This cannot be undone.").format(
                scope["name"], speaker_id, scope["answers"], scope["backups"])):
            def withdrawn(r: dict) -> None:
                self.status.setText(self.tr("{0} withdrew; {1} answers deleted here and in {2} backups.").format(
                    speaker_id, r["deleted"], r["backups"]))
                self.show_progress()
            operate_later(self, self.store, roster.withdraw, speaker_id, done=withdrawn)
