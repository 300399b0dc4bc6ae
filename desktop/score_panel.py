"""The researchers' scoring view: open a run card or report (File → Open or drag and drop), score it
off the GUI thread with a progress bar and Cancel, then read the composite, the tier and its
confirmation status, the intervals, every metric (or why it is unavailable), and each entry with its
stacked-bar breakdown and LYSS details. Compare two runs; export the scored run card."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import (QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication, QModelIndex,
                            QSortFilterProxyModel, Qt, Signal)
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (QApplication, QComboBox, QFileDialog, QHeaderView, QLabel, QLineEdit, QProgressBar, QPushButton,
                               QSplitter, QStyledItemDelegate, QTableView, QVBoxLayout, QWidget)

from eval_standards.cards import language_choices
from eval_standards.setup import prepare
from scoring import composite as comp, runcard, runs
from scoring.engine import Cancelled
from scoring.errors import InputError
from scoring.rubric import profile_names
from scoring.runcard import read_scored, write_json_atomic
from scoring.metrics import Score, sections as scorecard_sections

from .qt_common import (FlowLayout, SafeBrowser, accessible, data_tr, friendly_error, guarded, name_buttons,
                         plain_labels, set_font, settings)

from .background import Worker

PALETTE = ["#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666", "#1f78b4",
           "#b2df8a"]


def score_file(path: str, language: str | None = None, profile: str = "auto", progress=None) -> dict:
    """Load and score with the same call the command line makes (``--lang``, ``--profile``)."""

    card = runcard.load(path)
    return runs.score(card, prepare(card, language, profile), progress=progress)


class MetricModel(QAbstractTableModel):
    HEADERS = (QT_TRANSLATE_NOOP("ScorePanel", "Metric"), QT_TRANSLATE_NOOP("ScorePanel", "Value"),
               QT_TRANSLATE_NOOP("ScorePanel", "95% interval"), QT_TRANSLATE_NOOP("ScorePanel", "Why it is missing"))

    def __init__(self):
        super().__init__()
        self.rows: list[tuple[str, str, str, str]] = []

    def load_empty(self) -> None:
        self.beginResetModel()
        self.rows = []
        self.endResetModel()

    def load(self, scored: dict) -> None:
        self.beginResetModel()
        s = scored["scores"]
        self.rows = []
        for group, section in scorecard_sections():
            for metric in section:
                score = Score.of(s, metric.name)
                note = data_tr(score.reason) if score.value is None and score.reason else ""
                self.rows.append((f"{data_tr(group)} · {data_tr(metric.title)}", metric.shown(score),
                                  metric.shown_interval(score), note))
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return 4

    def data(self, index, role=Qt.DisplayRole):
        if role in (Qt.DisplayRole, Qt.ToolTipRole):
            return self.rows[index.row()][index.column()]
        if role == Qt.ForegroundRole and self.rows[index.row()][1] == "—":
            return QColor("#8a5a00")
        return None

    def headerData(self, section, orientation, role=Qt.DisplayRole):  # noqa: N802
        if role == Qt.DisplayRole and orientation == Qt.Horizontal:
            return QCoreApplication.translate("ScorePanel", self.HEADERS[section])
        return None


def plugin_summary(result: dict):
    """What one plugin said about one entry, in a word: its verdict, or its rate."""
    if not isinstance(result, dict):
        return None
    if "verdict" in result:
        return result.get("verdict") or ""
    return result.get("rate")


BREAKDOWN_WIDTH = 160


class EntryModel(QAbstractTableModel):
    """Each entry: id, difficulty, source, output, score, its stacked breakdown, and one column per
    language plugin that judged entries (named as the plugin is)."""

    FIXED = (QT_TRANSLATE_NOOP("ScorePanel", "Id"), QT_TRANSLATE_NOOP("ScorePanel", "Difficulty"),
             QT_TRANSLATE_NOOP("ScorePanel", "Source"), QT_TRANSLATE_NOOP("ScorePanel", "Output"),
             QT_TRANSLATE_NOOP("ScorePanel", "Score"), QT_TRANSLATE_NOOP("ScorePanel", "Breakdown"))
    BREAKDOWN = 5

    def __init__(self):
        super().__init__()
        self.entries: list[dict] = []
        self.dimensions: list[str] = []
        self.plugins: list[str] = []

    def load_empty(self) -> None:
        self.beginResetModel()
        self.entries, self.plugins = [], []
        self.endResetModel()

    def load(self, scored: dict) -> None:
        self.beginResetModel()
        self.entries = list(scored["entries"])  # the table and its filter read every row many times: built once
        self.dimensions = list(scored["lyss"]["profile"]["weights"])
        judged = {name for e in self.entries for name, r in (e.get("lyss") or {}).items()
                  if plugin_summary(r) is not None}
        self.plugins = [p["name"] for p in scored["lyss"].get("plugins", []) if p["name"] in judged]
        self.endResetModel()

    @property
    def headers(self) -> list[str]:
        return [QCoreApplication.translate("ScorePanel", h) for h in self.FIXED] + self.plugins

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return len(self.entries)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return len(self.FIXED) + len(self.plugins)

    def _value(self, e: dict, column: int):
        if column >= len(self.FIXED):
            return plugin_summary((e.get("lyss") or {}).get(self.plugins[column - len(self.FIXED)]))
        return (e["id"], e.get("difficulty") or "", e["source"], e["predicted"], e.get("score"), e.get("score"))[column]

    def data(self, index, role=Qt.DisplayRole):
        e = self.entries[index.row()]
        value = self._value(e, index.column())
        if role == Qt.DisplayRole:
            if index.column() == self.BREAKDOWN:
                return ""
            if isinstance(value, float):
                return f"{value:.3f}"
            return "" if value is None else str(value)
        if role == Qt.UserRole:  # sort key
            return -1.0 if value is None else value
        if role == Qt.UserRole + 1:
            return e
        if role == Qt.ToolTipRole and index.column() == self.BREAKDOWN:
            return "\n".join(f"{k}: {v:.3f}" for k, v in (e.get("weighted") or {}).items())
        return None

    def headerData(self, section, orientation, role=Qt.DisplayRole):  # noqa: N802
        if role == Qt.DisplayRole and orientation == Qt.Horizontal:
            return self.headers[section]
        return None


class BreakdownDelegate(QStyledItemDelegate):
    """The rubric chapter's dashboard reading: each entry's weighted sub-scores as a stacked bar."""

    def __init__(self, model: EntryModel, parent=None):
        super().__init__(parent)
        self.model = model

    def paint(self, painter: QPainter, option, index) -> None:
        entry = index.data(Qt.UserRole + 1)
        rect = option.rect.adjusted(2, 4, -2, -4)
        painter.save()
        painter.fillRect(rect, QColor("#eeeeee"))
        x = rect.left()
        for k, key in enumerate(self.model.dimensions):
            share = (entry.get("weighted") or {}).get(key)
            if not share:
                continue
            width = int(round(share * rect.width()))
            painter.fillRect(x, rect.top(), width, rect.height(), QColor(PALETTE[k % len(PALETTE)]))
            x += width
        painter.restore()


class EntryFilter(QSortFilterProxyModel):
    def __init__(self):
        super().__init__()
        self.setSortRole(Qt.UserRole)
        self.setFilterCaseSensitivity(Qt.CaseInsensitive)
        self.setFilterKeyColumn(-1)


class ScorePanel(QWidget):
    scored_changed = Signal(dict)

    def __init__(self):
        super().__init__()
        self.setAcceptDrops(True)
        self.scored: dict | None = None
        self.path: str | None = None
        self.worker: Worker | None = None
        layout = QVBoxLayout(self)
        bar = FlowLayout()
        self.open_button = QPushButton(self.tr("Open run card…"))
        self.open_button.clicked.connect(guarded(self, self.choose_file))
        self.compare_button = QPushButton(self.tr("Compare with…"))
        self.compare_button.clicked.connect(guarded(self, self.compare))
        self.export_button = QPushButton(self.tr("Export scored run card…"))
        self.export_button.clicked.connect(guarded(self, self.export))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.clicked.connect(self.cancel)
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        accessible(self.progress, self.tr("Scoring progress"))
        self.stage = QLabel(self.tr("Open a run card, a harness report, a TSV or JSONL file — or drop it here."))
        self.language_choice, self.profile_choice = self._choosers()
        for w in (self.open_button, self.language_choice, self.profile_choice, self.compare_button,
                  self.export_button, self.cancel_button):
            bar.addWidget(w)
        bar.addWidget(self.progress)
        layout.addLayout(bar)
        self.stage.setWordWrap(True)
        layout.addWidget(self.stage)
        self.headline = QLabel()
        set_font(self.headline, 16, True)
        self.headline.setWordWrap(True)
        layout.addWidget(self.headline)
        split = QSplitter(Qt.Vertical)
        self.metrics = MetricModel()
        metric_view = QTableView()
        metric_view.setModel(self.metrics)
        accessible(metric_view, self.tr("Metrics of the run"),
                   self.tr("One row a metric: its score, weight, interval and why it may be missing"))
        for column in (0, 1, 2):
            metric_view.horizontalHeader().setSectionResizeMode(column, QHeaderView.ResizeToContents)
        metric_view.horizontalHeader().setSectionResizeMode(3, QHeaderView.Stretch)
        metric_view.verticalHeader().hide()
        split.addWidget(metric_view)
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(self.tr("Filter entries (any column)…"))
        accessible(self.filter, self.tr("Filter entries"), self.tr("Shows only the entries containing this text"))
        lower_layout.addWidget(self.filter)
        entries_split = QSplitter(Qt.Horizontal)
        self.entries = EntryModel()
        self.proxy = EntryFilter()
        self.proxy.setSourceModel(self.entries)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        accessible(self.table, self.tr("Entries of the run"), self.tr("Choose an entry to see its details"))
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QTableView.SelectRows)
        self.table.setItemDelegateForColumn(EntryModel.BREAKDOWN, BreakdownDelegate(self.entries, self.table))
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.Interactive)
        self.table.verticalHeader().hide()
        self.table.selectionModel().currentRowChanged.connect(self.show_entry)
        entries_split.addWidget(self.table)
        self.detail = SafeBrowser()
        accessible(self.detail, self.tr("Details of the chosen entry"))
        entries_split.addWidget(self.detail)
        entries_split.setSizes([700, 400])
        lower_layout.addWidget(entries_split)
        split.addWidget(lower)
        split.setSizes([260, 420])
        layout.addWidget(split, 1)
        self.cancel_button.setEnabled(False)
        plain_labels(self)
        name_buttons(self)

    def _choosers(self) -> tuple[QComboBox, QComboBox]:
        """The language and profile to score with, for files that do not say (a TSV or JSONL names no
        language): "as the file says" and "automatic" by default, like the command line."""
        language = QComboBox()
        language.addItem(self.tr("Language: as the file says"), None)
        for code, label in language_choices():
            language.addItem(label, code)
        profile = QComboBox()
        profile.addItem(self.tr("Profile: automatic"), "auto")
        for name in profile_names():
            profile.addItem(self.tr("Profile {0}").format(name), name)
        accessible(language, self.tr("Language of the translations"),
                   self.tr("Used when the file does not name its language; applies to the next file opened"))
        accessible(profile, self.tr("Weight profile"),
                   self.tr("Automatic: A when an analyser for the language is available, otherwise B"))
        return language, profile

    # -- files ---------------------------------------------------------------------------------

    def dragEnterEvent(self, event) -> None:  # noqa: N802
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:  # noqa: N802
        urls = event.mimeData().urls()
        if urls:
            self.open_path(urls[0].toLocalFile())

    def choose_file(self) -> None:
        start = settings().value("score/last_dir", "")
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open a run card"), start,
                                              self.tr("Run cards (*.json *.jsonl *.tsv);;All files (*)"))
        if path:
            self.open_path(path)

    def open_path(self, path: str, wait: bool = False) -> None:
        """Score a file in the background (``wait`` blocks until done: tests and screenshots)."""
        settings().setValue("score/last_dir", str(Path(path).parent))
        try:
            already = read_scored(path) if Path(path).is_file() else None
        except InputError:
            already = None  # scoring it reports the problem the usual way
        if already is not None:  # a scored run card is shown as it is, whatever its size
            self.show_scored(already, path)
            return
        self.path = path
        self.clear()  # never show the previous run's numbers under a new file's name
        self.stage.setText(self.tr("Scoring {0}…").format(Path(path).name))
        self.progress.setValue(0)
        self.cancel_button.setEnabled(True)
        language, profile = self.language_choice.currentData(), self.profile_choice.currentData()
        self.worker = Worker(lambda progress: score_file(path, language, profile, progress=progress), self)
        self.worker.progressed.connect(lambda stage, f: (self.progress.setValue(int(f * 100)),
                                                         self.stage.setText(self.tr("Scoring: {0}").format(stage))))
        self.worker.succeeded.connect(lambda scored: self.show_scored(scored, path))
        self.worker.failed.connect(self._failed)
        self.worker.start()
        if wait:
            self.worker.wait()
            QApplication.processEvents()

    def clear(self) -> None:
        """Nothing shown: before a new file is scored, and after a failure or a Cancel."""
        self.scored = None
        self.headline.setText("")
        self.metrics.load_empty()
        self.entries.load_empty()
        self.detail.setHtml("")

    def _failed(self, exc: BaseException) -> None:
        self.cancel_button.setEnabled(False)
        self.clear()
        if isinstance(exc, Cancelled):
            self.stage.setText(self.tr("Cancelled."))
            return
        self.stage.setText(self.tr("Could not score this file."))
        friendly_error(self, exc)

    def cancel(self) -> None:
        if self.worker:
            self.worker.cancel()

    # -- showing -------------------------------------------------------------------------------

    def show_scored(self, scored: dict, path: str | None = None) -> None:
        self.scored = scored
        self.cancel_button.setEnabled(False)
        self.progress.setValue(100)
        s = scored["scores"]
        name = scored.get("model_slug") or scored.get("run_id") or Path(path or "").name
        code = scored["lyss"]["language"].get("code")
        self.stage.setText(self.tr("Scored {0}: {1} entries, language {2}, profile {3}").format(
            name, s["total"], code or "?", scored["lyss"]["profile"]["name"])
            + ("" if code else self.tr(" — the file names no language: choose it above and open the file again")))
        confirmation = (s.get("tier_confirmation") or {}).get("status", "not reviewed")
        tier = s["quality_tier"]
        caution = ""
        if comp.needs_confirmation(tier) and confirmation != "confirmed":
            caution = self.tr(" — an automated nomination only: speakers have not confirmed it")
        ci = s.get("confidence_intervals", {}).get("composite")
        interval = f" [{ci['ci_lower']:.3f}, {ci['ci_upper']:.3f}]" if ci else ""
        value = "—" if s["composite"] is None else f"{s['composite']:.4f}"
        words = (self.tr("Composite"), self.tr("tier"), self.tr("speakers"))
        self.headline.setText(f"{words[0]} {value}{interval}    {words[1]}: {data_tr(tier)}"
                              f"{caution}  ·  {words[2]}: {data_tr(confirmation)}")
        self.metrics.load(scored)
        self.entries.load(scored)
        self.table.resizeColumnsToContents()
        # source and output share what the other columns leave, so the breakdown stays in view on a
        # 1280-pixel screen (the whole texts are in the detail pane beside the table)
        others = sum(self.table.columnWidth(c) for c in (0, 1, 4)) + BREAKDOWN_WIDTH
        for column in (2, 3):
            self.table.setColumnWidth(column, max(120, min(260, (self.table.viewport().width() - others) // 2)))
        self.table.setColumnWidth(EntryModel.BREAKDOWN, BREAKDOWN_WIDTH)
        self.scored_changed.emit(scored)

    def show_entry(self, current, _previous=None) -> None:
        if not current.isValid():
            return
        e = current.data(Qt.UserRole + 1)
        lyss = e.get("lyss") or {}
        source, output, reference = self.tr("Source"), self.tr("Output"), self.tr("Reference")
        parts = [f"<h3>{html.escape(e['id'])}</h3>",
                 f"<p><b>{source}</b><br>{html.escape(e['source'])}</p>",
                 f"<p><b>{output}</b><br>{html.escape(e['predicted'])}</p>",
                 f"<p><b>{reference}</b><br>{html.escape(e['reference'])}</p>"]
        bars = "".join(f"<tr><td>{html.escape(k)}</td><td>{e['breakdown'][k]:.3f}</td><td>{w:.3f}</td></tr>"
                       for k, w in (e.get("weighted") or {}).items())
        score = "—" if e.get("score") is None else f"{e['score']:.3f}"
        heads = (self.tr("Score"), self.tr("metric"), self.tr("value"), self.tr("weighted"))
        parts.append(f"<p><b>{heads[0]}</b> {score}</p><table border=0 cellspacing=4>"
                     f"<tr><th>{heads[1]}</th><th>{heads[2]}</th><th>{heads[3]}</th></tr>"
                     f"{bars}</table>")
        for name, result in lyss.items():
            if not isinstance(result, dict):
                continue
            if isinstance(result.get("analyses"), dict):
                rows = "".join(f"<li><b>{html.escape(w)}</b>: "
                               f"{html.escape(', '.join(a[:3]) if a else self.tr('rejected'))}</li>"
                               for w, a in result["analyses"].items())
                parts.append(f"<p><b>{html.escape(name)}</b></p><ul>{rows}</ul>")
            elif "verdict" in result:
                said = result.get("verdict") or self.tr("not judged: {0}").format(result.get("reason", ""))
                classes = ", ".join(result.get("classes") or [])
                parts.append(f"<p><b>{html.escape(name)}</b>: {html.escape(str(said))}"
                             f"{' (' + html.escape(classes) + ')' if classes else ''}</p>")
        self.detail.setHtml("".join(parts))

    # -- actions -------------------------------------------------------------------------------

    def export(self) -> None:
        if not self.scored:
            return
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export the scored run card"), "scored.json",
                                              self.tr("JSON (*.json)"))
        if path:
            write_json_atomic(path, self.scored)
            self.stage.setText(self.tr("Wrote {0}").format(path))

    def compare(self) -> None:
        if not self.path:
            return
        other, _ = QFileDialog.getOpenFileName(self, self.tr("Compare with another run"), "",
                                               self.tr("Run cards (*.json *.jsonl *.tsv)"))
        if other:
            self.show_comparison(other)

    def show_comparison(self, other: str, wait: bool = False) -> None:
        """Paired significance against another run, computed off the GUI thread."""
        path = self.path

        def job(progress):
            return runs.compare([runcard.load(path), runcard.load(other)], prepare, progress=progress)["comparisons"]

        self.stage.setText(self.tr("Comparing with {0}…").format(Path(other).name))
        self.worker = Worker(job, self)
        self.worker.succeeded.connect(lambda tests: self._show_comparison(path, other, tests))
        self.worker.failed.connect(self._failed)
        self.worker.start()
        if wait:
            self.worker.wait()
            QApplication.processEvents()

    def _show_comparison(self, path: str, other: str, tests: list[dict]) -> None:
        self.stage.setText(self.tr("Compared with {0}.").format(Path(other).name))
        rows = []
        yes, no = self.tr("yes"), self.tr("no")
        for t in tests:
            metric = t["metric"]
            if t["available"]:
                rows.append(f"<tr><td>{metric}</td><td>{t['score_a']:.4f}</td><td>{t['score_b']:.4f}</td>"
                            f"<td>{t['delta']:+.4f} [{t['delta_ci_lower']:+.4f}, {t['delta_ci_upper']:+.4f}]</td>"
                            f"<td>{t['p_bootstrap']:.4f}</td><td>{t['p_randomization']:.4f}</td>"
                            f"<td>{yes if t['significant'] else no}</td></tr>")
        title, head = self.tr("Paired comparison"), (self.tr("metric"), self.tr("significant"))
        self.detail.setHtml(f"<h3>{title}</h3><p>{html.escape(Path(path).name)} → "
                            f"{html.escape(Path(other).name)}</p><table border=1 cellspacing=0 cellpadding=3>"
                            f"<tr><th>{head[0]}</th><th>A</th><th>B</th><th>Δ [95% CI]</th><th>p (bootstrap)</th>"
                            f"<th>p (randomisation)</th><th>{head[1]}</th></tr>{''.join(rows)}</table>")
