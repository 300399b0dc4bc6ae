"""The researcher's tab, a view over the review database: the study (agreement, correlations with a scatter plot,
rater quality and attention items, linter precision, FST false rejections, reweighting, tier confirmation). The
coordinator's tab is :mod:`desktop.campaign_panel`."""

from __future__ import annotations

import html
import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFileDialog, QLabel, QProgressBar, QPushButton, QSplitter, QVBoxLayout, QWidget

from review.operations import records
from review.operations.records import catalogue
from review.operations.database import Store
from review.operations.study import analyses, reweight, tiers
from scoring.errors import InputError
from scoring.progress import Cancelled

from .qt_common import (accessible, campaign_title, data_tr, FlowLayout, friendly_error, guarded, name_buttons,
                        plain_labels, SafeBrowser, said)

from .background import in_background, notices, on_own_store, wait_for_background
from .scatter_plot import ScatterPlot
from .tables import fill_table, number_text, table_view


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
        self.table = accessible(table_view(), self.tr("Results table"))
        self.text = accessible(SafeBrowser(), self.tr("Results in words"))
        left_layout.addWidget(self.table, 2)
        left_layout.addWidget(self.text, 1)
        split.addWidget(left)
        self.plot = accessible(ScatterPlot(), self.tr("Plot of the results"),
                               self.tr("The same numbers as the results table"))
        split.addWidget(self.plot)
        split.setSizes([650, 450])
        layout.addWidget(split, 1)
        notices().changed.connect(self._changed_elsewhere)  # a method: gone with the page
        plain_labels(self)
        name_buttons(self)
        self.refresh()

    def refresh(self) -> None:
        """The campaigns, metrics and human scores there are now; what was chosen stays chosen."""
        chosen, metric, human = (self.campaign_choice.currentData(), self.metric_choice.currentText(),
                                 self.human.currentText())
        self.campaign_choice.blockSignals(True)
        self.campaign_choice.clear()
        for c in catalogue.list_campaigns(self.store):
            title = campaign_title(c["name"], c["task"], catalogue.campaign_language(self.store, c["id"]))
            self.campaign_choice.addItem(f"{c['task']} · {title}", c["id"])
        if self.campaign_choice.findData(chosen) >= 0:
            self.campaign_choice.setCurrentIndex(self.campaign_choice.findData(chosen))
        self.campaign_choice.blockSignals(False)
        metrics = analyses.metric_names(self.store)
        humans = analyses.human_score_names(self.store)
        self.metric_choice.clear()
        self.metric_choice.addItems(metrics)
        self.metric_choice.setCurrentText(metric if metric in metrics else "composite" if "composite" in metrics else
                                          self.metric_choice.currentText())
        self.human.clear()
        self.human.addItems(humans)
        self._campaign_chosen()
        if human in humans and chosen == self.campaign_choice.currentData():
            self.human.setCurrentText(human)

    def _changed_elsewhere(self, tables: frozenset, page) -> None:
        """New campaigns, runs or scores arrived (a merge, a campaign made on the Campaigns tab): shown, the choices
        are drawn again, what was chosen kept."""
        if page is not self and self.isVisible() and not tables.isdisjoint({"campaigns", "runs", "items", "ratings"}):
            guarded(self, self.refresh)()

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
        fill_table(self.table, [self.tr("Question"), self.tr("Level"), "alpha", self.tr("CI lower"), self.tr("CI upper"),
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
        fill_table(self.table, [self.tr("Level")] + keys, rows)
        cis = result.get("confidence_intervals", {})
        note = "" if result["num_sys"] > 1 else self.tr("One system only: no system-level correlation.<br>")
        self.text.setHtml("<p>" + note + "<br>".join(f"{html.escape(k)}: [{number_text(v['ci_lower'])}, "
                                                     f"{number_text(v['ci_upper'])}]" for k, v in cis.items()) + "</p>")
        self.plot.clear()
        if pairs:
            pearson = number_text(result["segment"]["none"].get("pearson"))
            self.plot.show_points(pairs, metric, human, f"{metric} vs {human}: Pearson {pearson}")

    def rater_quality(self) -> None:
        """Per speaker: QC checks, time per item in front of it, time away from the app, and the flags."""
        campaign = self.campaign_choice.currentData()
        self._background(lambda store, progress: analyses.speaker_reliability(store, campaign),
                         self._show_rater_quality)

    def _show_rater_quality(self, rows: list[dict]) -> None:
        fill_table(self.table, [self.tr("Speaker"), self.tr("Answers"), self.tr("Repeats same"), self.tr("Degraded lower"),
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
            return found, records.speakers.names_here(store, [r["speaker_id"] for r in found["speakers"]],
                                                       said)
        self._background(job, lambda done: self._show_attention_items(*done))

    def _show_attention_items(self, found: dict, names: dict[str, str]) -> None:
        def rate(k: dict) -> str:
            return "—" if k["rate"] is None else self.tr("{0}/{1} · {2} % ({3}–{4})").format(
                k["caught"], k["checked"], round(100 * k["rate"]), round(100 * k["low"]), round(100 * k["high"]))
        kinds = sorted({kind for r in found["speakers"] for kind in r["by_kind"]})
        below = self.tr("below {0} %").format(round(100 * found["min_catch"]))
        fill_table(self.table, [self.tr("Speaker"), self.tr("Caught · % (95 % interval)"), *kinds, self.tr("Waiting"),
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
        fill_table(self.table, [self.tr("Variant class"), self.tr("Precision"), self.tr("CI lower"), self.tr("CI upper"),
                           self.tr("Pairs judged")],
              [[c, v["precision"], v["ci_lower"], v["ci_upper"], v["judged_pairs"]] for c, v in result["classes"].items()])
        self.text.setHtml(self.tr("<p>{0} pairs rated, {1} with a majority verdict.</p>").format(
            result["pairs_rated"], result["pairs_with_majority"]))

    def rejections(self) -> None:
        campaign = self.campaign_choice.currentData()
        self._background(lambda store, progress: analyses.measure_of_chosen(store, "fst_false_rejection", campaign),
                         self._show_rejections)

    def _show_rejections(self, r: dict) -> None:
        fill_table(self.table, [self.tr("False rejection rate"), self.tr("CI lower"), self.tr("CI upper"),
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
        fill_table(self.table, [self.tr("Metric"), self.tr("Fitted weight"), self.tr("Default weight")],
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
