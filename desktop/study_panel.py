"""Coordinators' and researchers' views over the review database: campaigns (create, progress per
speaker, bundles, withdrawal) and the study (agreement, correlations with a scatter plot, linter
precision, FST false rejections, reweighting, tier confirmation)."""

from __future__ import annotations

import html
import json
import time
from pathlib import Path

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFileDialog, QHeaderView, QInputDialog, QLabel, QProgressBar, QPushButton,
                               QSplitter, QTableView, QTabWidget, QVBoxLayout, QWidget)

from review import records, tasks
from review.exchange import bundles, check, sync
from review.rating import campaigns, roster
from review.records import catalogue, laptops, shared_folder, terms
from review.store import Store
from review.tasks import attention
from review.study import analyses, decisions, report, reweight, tiers
from scoring.errors import InputError
from scoring.files import atomic_path
from scoring.progress import Cancelled

from .community_report import write_pdf as write_report
from .qt_common import (FlowLayout, OwnStore, SafeBrowser, Worker, accessible, ask, campaign_title, data_tr,
                        friendly_error, guarded, in_background, name_buttons, on_own_store, plain_labels, said, set_font,
                        task_words, wait_for_background)
from .scatter_plot import ScatterPlot


class RowsModel(QAbstractTableModel):
    """A read-only table of rows (Qt model/view): numbers shown to 4 decimals, None as a dash."""

    def __init__(self):
        super().__init__()
        self.headers: list[str] = []
        self.rows: list[list] = []

    def set(self, headers: list[str], rows: list[list]) -> None:
        self.beginResetModel()
        self.headers, self.rows = headers, rows
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return len(self.headers)

    def data(self, index, role=Qt.DisplayRole):
        if role != Qt.DisplayRole:  # no tooltip: Qt would read a text that looks like markup as markup
            return None
        value = self.rows[index.row()][index.column()]
        return f"{value:.4f}" if isinstance(value, float) else ("—" if value is None else str(value))

    def headerData(self, section, orientation, role=Qt.DisplayRole):  # noqa: N802
        if role == Qt.DisplayRole and orientation == Qt.Horizontal:
            return self.headers[section]
        return None


def _table() -> QTableView:
    view = QTableView()
    view.setModel(RowsModel())
    view.setSelectionBehavior(QTableView.SelectRows)
    view.setSelectionMode(QTableView.SingleSelection)
    view.horizontalHeader().setStretchLastSection(True)
    return view


def _number(value) -> str:
    """A statistic as text; a statistic that could not be computed is a dash, never an error."""
    return "—" if value is None else f"{value:.3f}"


def _fill(view: QTableView, headers: list[str], rows: list[list]) -> None:
    """Rows into a table, each column as wide as its contents but none wider than half the table (a campaign's long
    name is cut with "…", and the columns after it — items, answered, of — stay in sight)."""
    view.model().set(headers, rows)
    view.resizeColumnsToContents()
    shown = view.viewport().width()
    widths = [view.columnWidth(c) for c in range(len(headers))]
    widest = _widest_column(widths, shown) if view.isVisible() and shown > 200 else 320  # hidden: its size is not yet
    for column, width in enumerate(widths[:-1]):
        if width > widest:
            view.setColumnWidth(column, widest)


def _widest_column(widths: list[int], room: int) -> int:
    """The width no column may pass for all of them to fit in ``room`` (the narrow ones keep theirs; the wide ones
    share what is left), never under 80 pixels nor over half the room."""
    low, high = 80, max(80, room // 2)
    while low < high:  # the largest cap at which the columns fit
        cap = (low + high + 1) // 2
        if sum(min(w, cap) for w in widths) <= room:
            low = cap
        else:
            high = cap - 1
    return low


class CampaignPanel(QWidget):
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
        self.refresh()

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
        self.campaigns = accessible(_table(), self.tr("Campaigns"),
                                    self.tr("Choose a campaign to see each speaker's progress"))
        self.campaigns.selectionModel().selectionChanged.connect(guarded(self, lambda *_: self.show_progress()))
        self.progress = accessible(_table(), self.tr("Speakers' progress in the chosen campaign"))
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
        self.decisions = accessible(_table(), self.tr("Decisions in the chosen campaign"),
                                    self.tr("Which system is better and each run's tier, as the answers settle them"))
        self.decisions.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.plan = self._words("")
        self.terms_line = self._words("")  # the community's terms for the chosen campaign's data, and the decisions
        return split, withdraw, self.terms_line, self.decisions, self.plan

    def _circle_rows(self, store: Store) -> tuple:
        """This laptop and its circle: its code, enrolment, trust, revocation."""
        self.code = QLabel(self.tr("This laptop's code: {0}").format(laptops.this_code(store)))
        self.code.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.code.setWordWrap(True)  # at large text sizes the code goes to a line of its own
        set_font(self.code, 14, True)
        about = self._words(self.tr(
            "A coordinator enrols the laptops that may send answers to their campaigns, and revokes a laptop that "
            "is lost or stolen. A field laptop trusts its coordinator, so that it accepts their campaigns. Each is "
            "done with the other laptop's code, read out or copied from its own page."))
        return (self.code, about,
                self._row(self._button(self.tr("Enrol a laptop…"), self.enrol,
                                       self.tr("Let another laptop send answers to the campaigns you coordinate")),
                          self._button(self.tr("Trust a coordinator…"), self.trust,
                                       self.tr("Accept the campaigns of your study's coordinator")),
                          self._button(self.tr("Revoke a laptop…"), self.revoke,
                                       self.tr("Refuse the answers a lost or stolen laptop signs from now on"))),
                self._circle_table())

    def _circle_table(self) -> QTableView:
        """The laptops this one knows: name, code, campaigns, last bundle seen, revoked from."""
        self.circle_laptops = accessible(_table(), self.tr("Laptops of the circle"), self.tr(
            "Each laptop enrolled, trusted, revoked or seen in the shared folder, with the name given it here"))
        self.show_circle()
        return self.circle_laptops

    def show_circle(self) -> None:
        rows = laptops.circle(self.store)
        _fill(self.circle_laptops, [self.tr("Name"), self.tr("Laptop"), self.tr("Role"), self.tr("Last bundle"),
                                    self.tr("Revoked from")],
              [[r["name"] or "—", r["code"], said(laptops.role(r)),
                (r["last_bundle"] or "—")[:16].replace("T", " "),
                (r["revoked_from"] or "—")[:16].replace("T", " ")] for r in rows])

    def _sharing_rows(self) -> tuple:
        """The folder the laptops share, what its last sync did and the laptops seen in it; bundles by USB stick."""
        self.shared_folder = self._words(self.tr("Shared folder: none (bundles travel by USB stick)"))
        choose = self._button(self.tr("Choose shared folder…"), self.choose_shared_folder, self.tr(
            "A folder your laptops share (Syncthing, a network drive): answers then travel on their own, at start, "
            "every few answers and at close"))
        self.sync_now = self._button(self.tr("Sync now"), lambda: self.syncer and self.syncer.run())
        self.sync_now.setEnabled(False)
        self.sync_state = self._words("")
        self.laptops_seen = accessible(_table(), self.tr("Laptops seen in the shared folder"),
                                       self.tr("Each laptop's last bundle, its answers, whether it is enrolled, and "
                                               "why a bundle was refused"))
        self.laptops_seen.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.laptops_seen.hide()
        self.waiting_rows = self._words("")  # rows of good bundles that wait here for what they need
        usb = self._row(self._words(self.tr("Without a shared folder, by USB stick:")),
                        self._button(self.tr("Export bundle…"), self.export_bundle),
                        self._button(self.tr("Merge bundle…"), self.merge_bundle))
        self.check_state = self._words("")
        self.check_state.setTextFormat(Qt.PlainText)  # laptops' names and the bundles' reasons: data, never markup
        self.copy_words = self._words("")
        self.copy_words.setTextFormat(Qt.PlainText)
        self.adopt_button = self._button(self.tr("This is now the laptop"), self.adopt, self.tr(
            "This database was moved here (a new laptop, another folder): from now on it publishes and merges as the "
            "laptop. Never for a copy made to look at: the laptop it was copied from would be split from its circle"))
        self.copy_row = self._row(self.copy_words, self.adopt_button)
        self._show_copy()
        check_now = self._button(self.tr("Check before the field"), self.check_circle, self.tr(
            "This laptop's own bundle as the other laptops would judge it, answers not shared yet, bundles refused or "
            "waiting, laptops not heard from"))
        return (self.copy_row, self._row(self.shared_folder, choose, self.sync_now), self.sync_state,
                self.laptops_seen, self.waiting_rows, usb, self._row(check_now), self.check_state)

    def _show_copy(self) -> None:
        """A copy of a laptop's database (or one moved here) says so, and how it becomes the laptop."""
        was = self.store.displaced
        self.copy_words.setText(self.tr(
            "This database was made at {0}: a copy publishes and merges nothing as the laptop. If it was moved here "
            "to stay, make it the laptop.").format(was["path"]) if was else "")
        self.copy_words.setVisible(bool(was))
        self.adopt_button.setVisible(bool(was))

    def adopt(self) -> None:
        if ask(self, self.tr("This is now the laptop"), self.tr(
                "From now on this database publishes and merges as laptop {0}. The database it was copied from must "
                "not be used any more. Go on?").format(laptops.this_code(self.store))):
            self.store.adopt()
            self._show_copy()
            self.status.setText(self.tr("This database is now laptop {0}, here.").format(laptops.this_code(self.store)))

    def check_circle(self) -> None:
        """``lyss review check`` on this page: worked out in the background, each finding on a line of its own."""
        self.check_state.setText(self.tr("Checking…"))
        self._background(lambda store, progress: check.check(store), self._checked)

    def _checked(self, found: dict) -> None:
        self.status.setText("")
        lines = [said(found["summary"])] + ["• " + said(s) for s in found["problems"]] + \
            ["✓ " + said(s) for s in found["fine"]]
        self.check_state.setText("\n".join(lines))

    def refresh(self) -> None:
        """The campaigns again (after a new campaign or a merge), the chosen one kept, its progress and
        decisions recomputed."""
        chosen = self.selected_campaign() if hasattr(self, "_ids") else None
        rows = catalogue.list_campaigns(self.store)
        self._ids = [r["id"] for r in rows]
        data = []
        for r in rows:
            cov = catalogue.coverage(self.store, r["id"])
            title = campaign_title(r["name"], r["task"], catalogue.campaign_language(self.store, r["id"]))
            data.append([r["task"], title, cov["items"], f"{cov['items_at_target']} / {cov['items']}"])
        _fill(self.campaigns, [self.tr("Task"), self.tr("Campaign"), self.tr("Items"),
                               self.tr("Fully rated")], data)
        if data:
            self.campaigns.selectionModel().blockSignals(True)
            self.campaigns.selectRow(self._ids.index(chosen) if chosen in self._ids else 0)
            self.campaigns.selectionModel().blockSignals(False)
            self.show_progress()

    # -- a shared folder ------------------------------------------------------------------------

    def attach_sync(self, syncer) -> None:
        """Show what the app's :class:`~desktop.sync_runner.SyncRunner` does, starting with what its latest
        sync did (the tab may open long after the sync at start)."""
        self.syncer = syncer
        syncer.started.connect(self._sync_started)
        syncer.synced.connect(guarded(self, self.show_sync))
        syncer.failed.connect(guarded(self, self._sync_failed))
        self._show_folder()
        if syncer.last is not None:
            kind, outcome = syncer.last
            if kind == "started":
                self._sync_started()
            elif kind == "synced":
                self.show_sync(outcome)
            else:
                self._sync_failed(outcome)

    def _sync_started(self) -> None:
        self.sync_state.setText(self.tr("Synchronising…"))

    def _show_folder(self) -> None:
        folder = self.syncer.folder if self.syncer else ""
        self.shared_folder.setText(self.tr("Shared folder: {0}").format(folder) if folder else
                                   self.tr("Shared folder: none (bundles travel by USB stick)"))
        self.sync_now.setEnabled(bool(folder))
        self.show_laptops()

    def choose_shared_folder(self, folder: str | None = None) -> None:
        if folder is None:
            folder = QFileDialog.getExistingDirectory(self, self.tr("Choose shared folder"))
        if folder and self.syncer:
            self.syncer.set_folder(folder)
            self._show_folder()
            self.pages.setCurrentWidget(self.sharing_page)

    def show_sync(self, report) -> None:
        """After a sync: what it merged and refused, the laptops seen, the campaigns again. A sync that found nothing
        new (the folder's own changes set one off seconds later) keeps saying what the last merge did."""
        merged, refused = len(report.merged), len(report.refused)
        now = time.strftime("%H:%M:%S")
        if merged or refused or not self._last_merge:
            text = self.tr("Synchronised at {0}: {1}.").format(now, said(sync.summary(report)))
            if merged:
                self._last_merge = text
        else:
            text = self.tr("Synchronised at {0}: nothing new.").format(now) + "\n" + self.tr("Last merge: {0}").format(
                self._last_merge)
        for o in report.refused:
            text += "\n" + self.tr("Refused {0}: {1}").format(o.name, "; ".join(said(line) for line in o.said))
        for o in report.merged:
            if o.added.get("rows_refused"):
                text += "\n" + self.tr("Merged {0}, some rows refused alone: {1}").format(
                    o.name, "; ".join(said(line) for line in o.said))
        self.sync_state.setText(text)
        self.refresh()
        self.show_laptops()

    def _sync_failed(self, exc: BaseException) -> None:
        self.sync_state.setText(self.tr("The shared folder could not be synchronised: {0}").format(
            getattr(exc, "problem", None) or str(exc)))

    def show_laptops(self) -> None:
        self.show_circle()  # a sync may have seen a laptop's bundle
        folder = self.syncer.folder if self.syncer else ""
        rows = sync.laptops_seen(self.store, folder) if folder else []
        self.laptops_seen.setVisible(bool(rows))
        self.waiting_rows.setText("\n".join(self.tr("{0} (kept here until then)").format(line)
                                             for line in shared_folder.lines(self.store)))
        yes, no = self.tr("yes"), self.tr("no")
        states = {"published": self.tr("this laptop"), "merged": self.tr("merged"), "refused": self.tr("refused"),
                  "waiting": self.tr("waiting for its enrolment")}
        _fill(self.laptops_seen, [self.tr("Laptop"), self.tr("Last bundle"), self.tr("Answers"), self.tr("Enrolled"),
                                  self.tr("State")],
              [[f"{r['name']} ({r['code']})" if r.get("name") else r["code"], (r["bundle_time"] or "—")[:16].replace("T", " "),
                "—" if r["answers"] is None else str(r["answers"]),
                self.tr("coordinator") if r["coordinator"] else (
                    self.tr("revoked") if r["revoked_from"] else yes if r["enrolled"] else no),
                (self.tr("revoked (from {0}): {1} answers signed before kept here; ").format(
                    r["revoked_from"][:16].replace("T", " "), r["kept"]) if r["revoked_from"] else "") +
                states.get(r["status"], r["status"]) + (f": {r['reason']}" if r["reason"] else "")] for r in rows])

    def selected_campaign(self) -> str | None:
        row = self.campaigns.currentIndex().row()
        return self._ids[row] if 0 <= row < len(self._ids) else None

    def show_progress(self) -> None:
        cid = self.selected_campaign()
        if not cid:
            return
        rows = records.sequences.speakers_progress(self.store, cid)
        self._speakers = [r["speaker_id"] for r in rows]
        _fill(self.progress, [self.tr("Speaker"), self.tr("Name (this laptop)"), self.tr("Answered"), self.tr("Of")],
              [[r["speaker_id"], records.speakers.shown_name(r), r["answered"], r["total"]] for r in rows])
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
            version = terms.record(self.store, cid, given, amend=terms.current(self.store, cid) is not None)
            self.status.setText(self.tr("Campaign {0}: the community's terms recorded (version {1}).").format(
                cid, version))
            self.show_terms(cid)

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
        if self._status_worker is not None and self._status_worker.isRunning():
            return  # the campaign wanted last is worked out when this one ends
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
        _fill(self.decisions, [self.tr("What the answers settle")], rows)
        self.plan.setText("\n".join(said(one) for one in found["said"]))

    def _background(self, job, shown, writes: bool = False) -> None:
        """A coordinator's action off the GUI thread (``job(store, progress)`` on its own connection): the window keeps
        answering, the line below the pages says it is under way, ``shown(result)`` says what it did."""
        self.status.setText(self.tr("Working…"))
        in_background(self, on_own_store(self.store.path, job, writes), shown, self._action_failed)

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

    def export_bundle(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export bundle"), "answers.lyssbundle",
                                              self.tr("LYSS bundles (*.lyssbundle)"))
        if path:
            self._background(lambda store, progress: bundles.export_bundle(store, path),
                             lambda manifest: self.status.setText(self.tr("Wrote {0}: {1} answers.").format(
                                 path, manifest["counts"]["ratings"])))

    def merge_bundle(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Merge bundle"), "", self.tr("LYSS bundles (*.lyssbundle)"))
        if path:
            self._background(lambda store, progress: bundles.merge(store, path), self._merged, writes=True)

    def _merged(self, changed: dict) -> None:
        text = self.tr("Merged: {0}.").format("; ".join(said(line) for line in sync.merge_lines(changed)))
        for r in changed["revoked"]:
            text += " " + self.tr("This laptop was revoked in campaign {0} from {1}: answers made here since "
                                  "then are refused everywhere. Ask the coordinator.").format(
                r["campaign_id"], r["from_at"])
        self.status.setText(text)
        self.refresh()

    def _ask_code(self, title: str, prompt: str) -> str | None:
        code, ok = QInputDialog.getText(self, title, prompt)
        return code.strip() if ok and code.strip() else None

    def enrol(self, code: str | None = None, name: str | None = None) -> None:
        """Enrol a laptop: its code and a name for it asked in two dialogs, or given (``code``, ``name``)."""
        if code is None:
            code = self._ask_code(self.tr("Enrol a laptop"), self.tr(
                "The code shown on the other laptop (Campaigns tab, or `lyss review code`). Read it aloud or "
                "compare the two screens:"))
            if code:
                given, ok = QInputDialog.getText(self, self.tr("Enrol a laptop"), self.tr(
                    "A name for this laptop, shown beside its code (for example Rita's laptop; optional):"))
                name = given.strip() if ok and given.strip() else None
        if code:
            canonical, done = laptops.enrol(self.store, code, None, name)
            self.status.setText(said(laptops.enrolled_line(self.store, canonical, done, True)))
            self.show_circle()

    def trust(self, code: str | None = None) -> None:
        code = code or self._ask_code(self.tr("Trust a coordinator"), self.tr(
            "The code shown on the coordinator's laptop. Read it aloud or compare the two screens:"))
        if code:
            canonical = laptops.trust(self.store, code)
            self.status.setText(self.tr("This laptop now accepts the campaigns of coordinator {0}.").format(canonical))
            self.show_circle()

    def revoke(self, code: str | None = None) -> None:
        code = code or self._ask_code(self.tr("Revoke a laptop"), self.tr(
            "The code of the lost or stolen laptop. The answers it signs from now on are refused wherever "
            "your bundles go; its earlier answers are kept and marked in the study:"))
        if code and ask(self, self.tr("Revoke"), self.tr("Revoke laptop {0}? This cannot be undone.").format(
                code.upper())):
            r = laptops.revoke(self.store, code)
            text = self.tr("Laptop {0} is revoked from {1} in every campaign it was enrolled in.").format(
                laptops.named(self.store, r["code"]), r["from_at"][:16].replace("T", " "))
            if r["left_circle"]:
                text += " " + self.tr("It has left the circle: no campaign created from now on enrols it.")
            self.status.setText(text)
            self.show_circle()

    def withdraw(self) -> None:
        row = self.progress.currentIndex().row()
        if row < 0:
            return
        speaker_id = self._speakers[row]
        scope = records.speakers.withdrawal_scope(self.store, speaker_id)
        if ask(self, self.tr("Withdraw"), self.tr(
                "Withdraw {0} ({1})? Their {2} answers, their history and notes will be deleted here, in this "
                "laptop's {3} backups and wherever this laptop's bundles go. This cannot be undone.").format(
                scope["name"], speaker_id, scope["answers"], scope["backups"])):
            r = roster.withdraw(self.store, speaker_id)
            self.status.setText(self.tr("{0} withdrew; {1} answers deleted here and in {2} backups.").format(
                speaker_id, r["deleted"], r["backups"]))
            self.show_progress()


class StudyPanel(QWidget):
    def __init__(self, store: Store):
        super().__init__()
        self.store = store
        layout = QVBoxLayout(self)
        row = FlowLayout()
        self._worker = None
        self._looked = False  # the first look (first_look) was taken
        self.campaign_choice = QComboBox()
        self.campaign_choice.currentIndexChanged.connect(guarded(self, lambda _: self._campaign_chosen()))
        self.metric_choice = QComboBox()
        self.human = QComboBox()
        for box, letters in ((self.campaign_choice, 22), (self.metric_choice, 16), (self.human, 12)):
            box.setMinimumContentsLength(letters)
            box.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        for box, caption in ((self.campaign_choice, self.tr("Campaign")), (self.metric_choice, self.tr("Metric")),
                             (self.human, self.tr("Human score"))):
            label = QLabel(caption)
            label.setBuddy(box)
            row.addWidget(label)
            row.addWidget(accessible(box, caption))
        buttons = [(self.tr("Agreement"), self.agreement), (self.tr("Correlate"), self.correlate),
                   (self.tr("Rater quality"), self.rater_quality), (self.tr("Attention items"), self.attention_items),
                   (self.tr("Linter precision"), self.precision), (self.tr("FST false rejections"), self.rejections),
                   (self.tr("Reweight…"), self.reweight), (self.tr("Confirm tier…"), self.confirm),
                   (self.tr("Save plot as PNG…"), self.save_plot)]
        row.addStretch(1)
        layout.addLayout(row)
        actions = FlowLayout()
        for label, slot in buttons:
            b = QPushButton(label)
            b.clicked.connect(guarded(self, lambda _=False, s=slot: s()))
            actions.addWidget(b)
        actions.addStretch(1)
        layout.addLayout(actions)
        working = FlowLayout()
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        accessible(self.progress, self.tr("Progress of the computation"))
        self.stage = QLabel()
        self.stage.setWordWrap(True)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(lambda: self._worker.cancel() if self._worker else None)
        for w in (self.progress, self.stage, self.cancel_button):
            working.addWidget(w)
        layout.addLayout(working)
        split = QSplitter(Qt.Horizontal)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        self.table = accessible(_table(), self.tr("Results table"))
        self.text = accessible(SafeBrowser(), self.tr("Results in words"))
        left_layout.addWidget(self.table, 2)
        left_layout.addWidget(self.text, 1)
        split.addWidget(left)
        self.plot = accessible(ScatterPlot(), self.tr("Plot of the results"),
                               self.tr("The same numbers as the results table"))
        split.addWidget(self.plot)
        split.setSizes([650, 450])
        layout.addWidget(split, 1)
        plain_labels(self)
        name_buttons(self)
        self.refresh()

    def refresh(self) -> None:
        self.campaign_choice.blockSignals(True)
        self.campaign_choice.clear()
        for c in catalogue.list_campaigns(self.store):
            title = campaign_title(c["name"], c["task"], catalogue.campaign_language(self.store, c["id"]))
            self.campaign_choice.addItem(f"{c['task']} · {title}", c["id"])
        self.campaign_choice.blockSignals(False)
        metrics = analyses.metric_names(self.store)
        humans = analyses.human_score_names(self.store)
        self.metric_choice.clear()
        self.metric_choice.addItems(metrics)
        if "composite" in metrics:
            self.metric_choice.setCurrentText("composite")
        self.human.clear()
        self.human.addItems(humans)
        self._campaign_chosen()

    def _campaign_chosen(self) -> None:
        """A campaign's task says which human score to correlate (its default; any other can be chosen)."""
        cid = self.campaign_choice.currentData()
        if cid is None:
            return
        try:
            _, human, _ = analyses.correlate_defaults(self.store, cid, None, None)
        except InputError:
            return  # a task without a human score (pairs, words): the choice stays as it is
        if self.human.findText(human) < 0:
            self.human.addItem(human)
        self.human.setCurrentText(human)

    def _background(self, job, show, quiet: bool = False) -> None:
        """Run a study computation off the GUI thread, on its own connection to the database, with its
        progress shown and a Cancel button; ``job(store, progress)``. ``quiet``: what stops it is said in the results'
        words, not in a dialog (the first look, which nobody asked for)."""
        self.text.setHtml(self.tr("<p>Computing…</p>"))
        self.cancel_button.setEnabled(True)
        self.progress.setValue(0)
        self._worker = in_background(self, on_own_store(self.store.path, job),
                                     lambda result: (self._finished(), show(result)),
                                     self._failed_quietly if quiet else self._failed,
                                     lambda stage, f: (self.progress.setValue(int(f * 100)), self.stage.setText(stage)))

    def first_look(self) -> None:
        """The first time the tab is shown: the chosen campaign's correlation, worked out in the background, so the tab
        opens on its results rather than empty."""
        if self._looked or self.campaign_choice.currentData() is None:
            return
        self._looked = True
        self.correlate(quiet=True)

    def _failed_quietly(self, exc: BaseException) -> None:
        self.cancel_button.setEnabled(False)
        self.progress.setValue(0)
        self.text.setPlainText(self.tr("Nothing to correlate yet: {0}").format(
            exc.line() if isinstance(exc, InputError) else str(exc)))

    def _finished(self) -> None:
        self.cancel_button.setEnabled(False)
        self.progress.setValue(100)
        self.stage.setText("")

    def _failed(self, exc: BaseException) -> None:
        self.cancel_button.setEnabled(False)
        if isinstance(exc, Cancelled):
            self.stage.setText(self.tr("Cancelled."))
            self.text.setHtml("")
            return
        friendly_error(self, exc)

    def agreement(self, wait: bool = False) -> None:
        campaign = self.campaign_choice.currentData()
        self._background(lambda store, progress: analyses.agreement_table(store, campaign, resamples=1000),
                         self._show_agreement)
        if wait:
            wait_for_background()

    def _show_agreement(self, table: list[dict]) -> None:
        rows = [[r["question"], level, r[level]["alpha"], r[level]["ci_lower"], r[level]["ci_upper"], r["answers"],
                 r["raters"], r["items"]] for r in table for level in ("nominal", "ordinal", "interval") if level in r]
        _fill(self.table, [self.tr("Question"), self.tr("Level"), "alpha", self.tr("CI lower"), self.tr("CI upper"),
                           self.tr("Answers"), self.tr("Speakers"), self.tr("Items")], rows)
        self.text.setHtml(self.tr("<p>Task {0}: Krippendorff's alpha of every question, at the levels its scale "
                                  "allows, with 95% bootstrap intervals over items.</p>").format(
            html.escape(table[0]["task"])))

    def correlate(self, wait: bool = False, quiet: bool = False) -> None:
        metric, human = self.metric_choice.currentText(), self.human.currentText()
        chosen = self.campaign_choice.currentData()

        def job(store, progress):
            metric_, human_, campaign = analyses.correlate_defaults(store, chosen, metric or None, human or None)
            found = analyses.correlate(store, metric_, human_, resamples=1000, campaign_id=campaign, progress=progress)
            return metric_, human_, found, analyses.scatter(store, metric_, human_)

        self._background(job, self._show_correlation, quiet)
        if wait:
            wait_for_background()

    def _show_correlation(self, found) -> None:
        metric, human, result, pairs = found
        keys = ["pearson", "spearman", "kendall_b", "kendall_c", "acc23", "acc23_epsilon", "pairwise_accuracy",
                "soft_pairwise_accuracy", "n"]
        rows = [[f"segment / {g}"] + [t.get(k) for k in keys] for g, t in result["segment"].items()]
        rows.append(["system"] + [result["system"].get(k) for k in keys])
        _fill(self.table, [self.tr("Level")] + keys, rows)
        cis = result.get("confidence_intervals", {})
        note = "" if result["num_sys"] > 1 else self.tr("One system only: no system-level correlation.<br>")
        self.text.setHtml("<p>" + note + "<br>".join(f"{html.escape(k)}: [{_number(v['ci_lower'])}, "
                                                     f"{_number(v['ci_upper'])}]" for k, v in cis.items()) + "</p>")
        self.plot.clear()
        if pairs:
            pearson = _number(result["segment"]["none"].get("pearson"))
            self.plot.show_points(pairs, metric, human, f"{metric} vs {human}: Pearson {pearson}")

    def rater_quality(self) -> None:
        """Per speaker: QC checks, time per item in front of it, time away from the app, and the flags."""
        campaign = self.campaign_choice.currentData()
        self._background(lambda store, progress: analyses.speaker_reliability(store, campaign),
                         self._show_rater_quality)

    def _show_rater_quality(self, rows: list[dict]) -> None:
        _fill(self.table, [self.tr("Speaker"), self.tr("Answers"), self.tr("Repeats same"), self.tr("Degraded lower"),
                           self.tr("p (MWU)"), self.tr("Median s per item"), self.tr("Time away s"),
                           self.tr("Answers with time away"), self.tr("Flags")],
              [[r["speaker_id"], r["answers"], f"{r['repeats_consistent']}/{r['repeats_checked']}",
                f"{r['degraded_scored_lower']}/{r['degraded_checked']}", r["degraded_p_value"], r["median_seconds"],
                r["away_seconds"], r["answers_with_time_away"], "; ".join(r["flags"]) or self.tr("none")] for r in rows])
        self.text.setHtml(self.tr("<p>Time per item counts the time the item was in front of the speaker; time "
                                  "with the app out of focus is shown apart. Read these to understand the data, "
                                  "never to rank people.</p>"))

    def attention_items(self) -> None:
        """Per speaker (named where this laptop has the name): the attention items caught, per kind of error with its
        interval, and the flag below the campaign's rate."""
        campaign = self.campaign_choice.currentData()

        def job(store, progress):
            found = analyses.speaker_catch_rates(store, campaign)
            return found, records.speakers.names_here(store, [r["speaker_id"] for r in found["speakers"]])
        self._background(job, lambda done: self._show_attention_items(*done))

    def _show_attention_items(self, found: dict, names: dict[str, str]) -> None:
        def rate(k: dict) -> str:
            return "—" if k["rate"] is None else self.tr("{0}/{1} · {2} % ({3}–{4})").format(
                k["caught"], k["checked"], round(100 * k["rate"]), round(100 * k["low"]), round(100 * k["high"]))
        kinds = sorted({kind for r in found["speakers"] for kind in r["by_kind"]})
        below = self.tr("below {0} %").format(round(100 * found["min_catch"]))
        _fill(self.table, [self.tr("Speaker"), self.tr("Caught · % (95 % interval)"), *kinds, self.tr("Waiting"),
                           self.tr("Flag")],
              [[names.get(r["speaker_id"], r["speaker_id"]), rate(r),
                *(rate(r["by_kind"][kind]) if kind in r["by_kind"] else "—" for kind in kinds), r["waiting"],
                below if r["flag"] else "—"] for r in found["speakers"]])
        pooled = [self.tr("Every speaker, {0}: {1}").format(kind, rate(k)) for kind, k in found["by_kind"].items()]
        flags = [f"{names.get(r['speaker_id'], r['speaker_id'])}: {r['flag']}" for r in found["speakers"] if r["flag"]]
        self.text.setHtml("<p>" + html.escape(self.tr(
            "Items made wrong on purpose: a speaker catches one by rating it lower than the translation it was made "
            "from, or by marking the word. Below {0} % a speaker is flagged, never left out: read it with them. It "
            "shows whether a speaker hears such an error, not how well they judge translations.").format(
                round(100 * found["min_catch"]))) + "</p><p>" + ("<br>".join(map(html.escape, pooled + flags)) or
                                                                 html.escape(self.tr("No attention item answered yet.")))
                          + "</p>")

    def precision(self) -> None:
        campaign = self.campaign_choice.currentData()
        self._background(lambda store, progress: analyses.measure_of_chosen(store, "linter_precision", campaign),
                         self._show_precision)

    def _show_precision(self, result: dict) -> None:
        _fill(self.table, [self.tr("Variant class"), self.tr("Precision"), self.tr("CI lower"), self.tr("CI upper"),
                           self.tr("Pairs judged")],
              [[c, v["precision"], v["ci_lower"], v["ci_upper"], v["judged_pairs"]] for c, v in result["classes"].items()])
        self.text.setHtml(self.tr("<p>{0} pairs rated, {1} with a majority verdict.</p>").format(
            result["pairs_rated"], result["pairs_with_majority"]))

    def rejections(self) -> None:
        campaign = self.campaign_choice.currentData()
        self._background(lambda store, progress: analyses.measure_of_chosen(store, "fst_false_rejection", campaign),
                         self._show_rejections)

    def _show_rejections(self, r: dict) -> None:
        _fill(self.table, [self.tr("False rejection rate"), self.tr("CI lower"), self.tr("CI upper"),
                           self.tr("Words decided")],
              [[r["false_rejection_rate"], r["ci_lower"], r["ci_upper"], r["words_decided"]]])
        self.text.setHtml(self.tr("<p>Valid words the analyser missed: {0}</p>").format(
            html.escape(", ".join(r["valid_words"]) or "—")))

    def reweight(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the refitted profile"), "refit-profile.json",
                                              self.tr("JSON (*.json)"))
        self._background(lambda store, progress: reweight.reweight(store, "adequacy_z", "A", path or None),
                         self._show_reweight)

    def _show_reweight(self, result: dict) -> None:
        _fill(self.table, [self.tr("Metric"), self.tr("Fitted weight"), self.tr("Default weight")],
              [[k, v, result["default_weights"][k]] for k, v in result["weights"].items()])
        self.text.setHtml(self.tr("<p>Cross-validated Pearson {0:.3f} (default profile {1:.3f}).</p>").format(
            result["cv_pearson"] or float("nan"), result["cv_pearson_default"] or float("nan")))

    def confirm(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("The scored run card"), "", self.tr("JSON (*.json)"))
        if path:
            self._background(lambda store, progress: tiers.confirm_tier(store, path), self._show_confirmation)

    def _show_confirmation(self, r: dict) -> None:
        interval = "" if r["interval"] is None else self.tr(
            "{0:.0%} of {1} items accepted, interval [{2:.0%}, {3:.0%}]; the rule: at least {4:.0%}").format(
            r["share"], r["items"], r["interval"][0], r["interval"][1], r["threshold"])
        self.text.setHtml(f"<p><b>{html.escape(data_tr(r['status']))}</b> "
                          f"({html.escape(str(r['automated_tier']))}) {html.escape(interval)}</p>"
                          f"<pre>{html.escape(json.dumps(r['evidence'], indent=1))}</pre>")

    def save_plot(self, path: str | None = None) -> None:
        if not path:
            path, _ = QFileDialog.getSaveFileName(self, self.tr("Save plot"), "plot.png", "PNG (*.png)")
        if path:
            self.plot.grab().save(path)
