"""Metrics as objects, as sacrebleu has them: each metric is a small class that knows its name (its key in
the §9 ``scores`` block), how the scorecard shows it, whether a profile may weigh it in the composite,
and how it is computed — per-entry sufficient statistics (a :class:`Ratio` Σnum/Σden, or sacrebleu's
:class:`Statistics`) from which the corpus value, each entry's own value and every bootstrap resample
follow.

:data:`REGISTRY` is the one list of metric names, in the order of the ``scores`` block. From it come
the metrics a composite may use (:func:`composite_names`), the check of a profile's dimensions, the
scorecard's rows (:func:`rows`), the plugin slots a language pack fills, and the version in the
per-entry cache's key (:func:`statistics_version`: a metric's own ``version``, so that changing how a
metric counts never reuses old statistics). A language pack's metric is a :class:`LanguageMetric`:
the pack's plugin hands in its columns (``scoring.plugins``).

Adding a metric to the composite: one class here, registered, and its weight in the profiles
(``scoring/data/profiles``); ``tests/test_metric_plugin.py`` does exactly that.
"""

from __future__ import annotations

import hashlib
import json
import weakref
from dataclasses import dataclass
from typing import Any, Iterable

import numpy as np

from . import behaviour, compliance, exact, surface
from .rows import Rows, RowsBuilder, json_value, number_texts
from .counts import CountBlock
from .shifted import ShiftedColumns

# ----------------------------------------------------------------------------- per-entry statistics


class Ratio:
    """Σnum / Σden over entries; an entry's own value is num/den (none where den is 0)."""

    def __init__(self, num: Iterable[float], den: Iterable[float]):
        self.num = np.asarray(num if isinstance(num, np.ndarray) else list(num), dtype=float)
        self.den = np.asarray(den if isinstance(den, np.ndarray) else list(den), dtype=float)
        self.shared: tuple[SharedSums, int | None, int | None] | None = None  # see SharedSums

    def value(self, rows: np.ndarray | None = None) -> float | None:
        num, den = (self.num, self.den) if rows is None else (self.num[rows], self.den[rows])
        total = den.sum()
        return float(num.sum() / total) if total > 0 else None

    def entry_value(self, i: int) -> float | None:
        return float(self.num[i] / self.den[i]) if self.den[i] > 0 else None

    def entry_values(self, start: int = 0, end: int | None = None) -> np.ndarray:
        num, den = self.num[start:end], self.den[start:end]
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(den > 0, num / np.where(den > 0, den, 1), np.nan)

    def sums(self, weights: np.ndarray):
        if self.shared is None:
            return weights @ self.num, weights @ self.den
        shared, num_row, den_row = self.shared
        products = shared.products(weights)
        return (shared.other_products(weights, self.num) if num_row is None else products[..., num_row],
                shared.other_products(weights, self.den) if den_row is None else products[..., den_row])

    @staticmethod
    def add(a, b):
        return a[0] + b[0], a[1] + b[1]

    def finish(self, sums) -> np.ndarray:
        top, bottom = sums
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(bottom > 0, top / np.where(bottom > 0, bottom, 1), np.nan)

    def subset(self, rows: np.ndarray) -> "Ratio":
        return Ratio(self.num[rows], self.den[rows])


class SharedSums:
    """A table's whole-number sums, made together on a block of resamples: the numerators and denominators of
    several :class:`Ratio` columns as the rows of one matrix (a denominator of ones, a plain mean's, kept once),
    so that one matrix product gives all their sums, the block's counts read once, not twice a metric; and
    sacrebleu's statistics where they are whole numbers (:class:`Statistics`), which a large run's block of counts
    multiplies together with them, a slab of entries at a time (:mod:`scoring.counts`). Whole numbers sum to the
    same float in any order, so the sums are those of each column's own product; a column of other floats keeps
    its own product (its sums stay in the order they were summed in)."""

    def __init__(self, columns: Iterable):
        columns = list(columns)
        ratios = [c for c in columns if isinstance(c, Ratio) and c.shared is None]
        n = next((len(c.num) if isinstance(c, Ratio) else len(c.matrix) for c in columns
                  if isinstance(c, (Ratio, Statistics))), 0)
        rows: dict[int, int] = {}  # id of a vector → its row
        count, ones = 0, None
        for ratio in ratios:
            for vector in (ratio.num, ratio.den):
                if id(vector) in rows or vector.ndim != 1 or not exact.sums_exactly(vector, len(vector)):
                    continue
                if bool((vector == 1.0).all()):
                    if ones is None:
                        ones, count = count, count + 1
                    rows[id(vector)] = ones
                else:
                    rows[id(vector)], count = count, count + 1
        self.matrix = np.empty((count, n))  # row-major: each vector's pages written once
        for ratio in ratios:
            num_row, den_row = rows.get(id(ratio.num)), rows.get(id(ratio.den))
            if num_row is None and den_row is None:
                ratio.shared = (self, None, None)  # (its vectors' products made with the others')
                continue
            for row, name in ((num_row, "num"), (den_row, "den")):
                if row is not None:
                    self.matrix[row] = getattr(ratio, name)
                    setattr(ratio, name, self.matrix[row])  # the column's own array let go (no memory added)
            ratio.shared = (self, num_row, den_row)
        self.others: list[np.ndarray] = []  # vectors of other floats: each its own product, made together
        self._other_rows: dict[int, int] = {}
        for ratio in ratios:
            _, num_row, den_row = ratio.shared
            for row, vector in ((num_row, ratio.num), (den_row, ratio.den)):
                if row is None and id(vector) not in self._other_rows:
                    self._other_rows[id(vector)] = len(self.others)
                    self.others.append(vector)
        self.statistics: list[np.ndarray] = []  # (n × k) matrices of whole numbers whose sums are exact
        for column in columns:
            matrix = column.whole_sums() if isinstance(column, Statistics) and column.shared is None else None
            if matrix is not None and len(matrix) == n:
                column.shared = (self, len(self.statistics))
                self.statistics.append(matrix)
        self._weights: Any = None
        self._products: tuple[np.ndarray, list[np.ndarray], list[np.ndarray]] | None = None

    def products(self, weights) -> np.ndarray:
        """``weights @ vector`` for every vector (the last axis), computed once for the same weights."""
        return self._all_products(weights)[0]

    def statistics_products(self, weights, k: int) -> np.ndarray:
        """``weights @ m`` for the k-th whole-number statistics matrix ``m``."""
        return self._all_products(weights)[1][k]

    def other_products(self, weights, vector: np.ndarray) -> np.ndarray:
        """``weights @ vector`` for a vector of other floats (made with the others: a large run's block of counts
        made floats once a part for all of them)."""
        k = self._other_rows.get(id(vector))
        return weights @ vector if k is None else self._all_products(weights)[2][k]

    def _all_products(self, weights) -> tuple[np.ndarray, list[np.ndarray], list[np.ndarray]]:
        last = self._weights() if self._weights is not None else None
        if last is not weights or self._products is None:
            if isinstance(weights, CountBlock):
                ratios, *found = weights.whole_products([self.matrix.T, *self.statistics])
                others = weights.float_products(self.others)
            else:  # (one product each, as before: a float block, or one resample's counts)
                ratios, found = weights @ self.matrix.T, [weights @ m for m in self.statistics]
                others = [weights @ v for v in self.others]
            self._products = (ratios, found, others)
            self._weights = weakref.ref(weights)  # not kept alive here: the next block's counts replace it
        return self._products


def share_sums(columns: Iterable) -> None:
    """The whole-number sums of ``columns`` made together (:class:`SharedSums`)."""
    columns = list(columns)
    if sum(isinstance(c, (Ratio, Statistics)) for c in columns) > 1:
        SharedSums(columns)


class Statistics:
    """sacrebleu's sufficient statistics per entry (chrF, BLEU, TER), summed for a corpus score, and the
    sentence score of each entry as sacrebleu computes one sentence."""

    def __init__(self, kind: str, matrix: np.ndarray, sentence: np.ndarray):
        self.kind, self.matrix, self.sentence = kind, matrix, sentence
        self._sentence_items: memoryview | None = None  # each entry's score as a Python float, read when written
        self.shared: tuple[SharedSums, int] | None = None  # see SharedSums

    def whole_sums(self) -> np.ndarray | None:
        """The (n × k) matrix a resample's sums multiply, when its weighted sums are exact (whole numbers):
        the kept columns of statistics kept by rules (exact where kept: ``ShiftedColumns.worth_it``)."""
        if isinstance(self.matrix, ShiftedColumns):
            return self.matrix.basis
        return self.matrix if self.matrix.ndim == 2 and exact.sums_exactly(self.matrix, len(self.matrix)) else None

    def value(self, rows: np.ndarray | None = None) -> float | None:
        if isinstance(self.matrix, ShiftedColumns):
            if rows is not None and not len(rows) or not len(self.matrix):
                return None
            return surface.score_from_statistics(self.kind, self.matrix.column_sums(rows))
        block = self.matrix if rows is None else self.matrix[rows]
        return surface.score_from_statistics(self.kind, block.sum(0)) if len(block) else None

    def entry_value(self, i: int) -> float | None:
        if self._sentence_items is None:
            self._sentence_items = memoryview(np.ascontiguousarray(self.sentence, dtype=np.float64))
        return self._sentence_items[i]

    def entry_values(self, start: int = 0, end: int | None = None) -> np.ndarray:
        return self.sentence[start:end].astype(float)

    def sums(self, weights: np.ndarray) -> np.ndarray:
        shared = self.shared[0].statistics_products(weights, self.shared[1]) if self.shared else None
        if isinstance(self.matrix, ShiftedColumns):
            return self.matrix.sums(weights, shared)
        return weights @ self.matrix if shared is None else shared

    @staticmethod
    def add(a, b):
        return a + b

    def finish(self, sums) -> np.ndarray:
        return surface.scores_from_statistics(self.kind, sums)

    def subset(self, rows: np.ndarray) -> "Statistics":
        matrix = self.matrix.take(rows) if isinstance(self.matrix, ShiftedColumns) else self.matrix[rows]
        return Statistics(self.kind, matrix, self.sentence[rows])


Column = Ratio | Statistics


@dataclass(frozen=True)
class Score:
    """One metric of a run: its value, its 95 % interval when it has one, and why it is null when it is."""
    value: float | None
    interval: dict | None = None
    reason: str | None = None

    @classmethod
    def of(cls, scores: dict, name: str) -> "Score":
        """A metric's score as a scored card's ``scores`` block records it."""
        return cls(scores.get(name), (scores.get("confidence_intervals") or {}).get(name),
                   (scores.get("unavailable_reasons") or {}).get(name))


@dataclass(frozen=True)
class Signature:
    """Every setting a run's numbers depend on, as sacrebleu signs its scores: LYSS's version, the profile,
    the resampling (seed, resamples), the per-entry statistics' version and sacrebleu's own signatures."""
    lyss: str
    profile: str
    seed: int
    resamples: int
    statistics: str
    sacrebleu: dict[str, str]

    @classmethod
    def of(cls, scored: dict) -> "Signature":
        """The signature of a scored run card (what it records)."""
        lyss = scored["lyss"]
        return cls(lyss["version"], lyss["profile"]["name"], lyss["seed"], lyss["n_bootstrap"],
                   statistics_version(), lyss["signatures"])

    def format(self) -> str:
        return (f"lyss:{self.lyss}|profile:{self.profile}|seed:{self.seed}|bootstrap:{self.resamples}|"
                f"stats:{self.statistics}|chrF++:{self.sacrebleu.get('chrf', '?')}")


# ----------------------------------------------------------------------------- metrics

@dataclass(frozen=True)
class EntryContext:
    """What an entry's record may read besides the entry: the language's conventions, the glossary, and the
    language pack's test of a leaked (contact-language) word."""
    conventions: Any
    glossary: Any = None
    leaked_word: Any = None


class Metric:
    """A metric of the ``scores`` block. ``source`` says where its numbers come from: ``entries`` (the
    engine's per-entry statistics, cached), ``language pack`` (a plugin's columns), ``run`` (a value of
    the whole run) or ``costs`` (the cost and speed block)."""

    name = ""
    title = ""             # its label on the scorecard ("" for a count the scorecard does not show)
    unit = "rate"          # how the scorecard prints it: rate, points, ratio
    section = ""           # the scorecard section it is shown in
    composite = False      # a profile may weigh it (spec §4.2)
    interval: int | None = None  # its place in scores.confidence_intervals (None: no bootstrap interval)
    version = 1            # bump when its per-entry statistics change: the cache key carries it
    source = "entries"
    missing = ""           # why it is null, when nothing more specific is known
    entry_order = 100      # where its part of an entry's breakdown stands (spec 001's ``metrics`` block)

    def shown(self, score: Score) -> str:
        """Its value as the scorecard and the app print it ("—" when null)."""
        if score.value is None:
            return "—"
        return f"{score.value:.2f}" if self.unit == "points" else f"{score.value:.4f}"

    def shown_interval(self, score: Score) -> str:
        """Its 95 % interval, "[low, high]" in its value's digits ("" when it has none or no value)."""
        if not score.interval or score.value is None:
            return ""
        digits = 2 if self.unit == "points" else 4
        return f"[{score.interval['ci_lower']:.{digits}f}, {score.interval['ci_upper']:.{digits}f}]"

    def record(self, entry, context: "EntryContext") -> dict:
        """Its part of an entry's record: computed once per entry, cached with the run's statistics (bump
        ``version`` when it changes), read back as ``run.rows`` columns by :meth:`column` — a value it sums
        is an int or a float (``run.rows.numbers``; a bool is kept as it is, not as a number)."""
        return {}

    def records(self, entries: list, context: "EntryContext") -> Rows:
        """Its parts of many entries' records, by column: :meth:`record` of each entry (a metric with a way to make
        the columns at once gives the same columns)."""
        rows = RowsBuilder(len(entries))
        record = self.record
        for i, entry in enumerate(entries):
            rows.set(i, record(entry, context))
        return rows.rows()

    def entry_metrics(self, row: dict, i: int, table) -> dict:
        """Its part of entry ``i``'s breakdown (``row``: the entry's record; ``table``: every metric's
        per-entry statistics)."""
        return {}

    def entry_texts(self, rows, table, start: int, end: int) -> list[str] | None:
        """Its part of the breakdowns of entries ``start`` to ``end`` as JSON text: the ``"key": value`` pairs
        :meth:`entry_metrics` gives, inside their braces ("" for none), written from the columns a block at a
        time without the dicts (most of what writing a large run cost). None: no text of its own — the entries
        are written from their dicts."""
        return None

    def column(self, run) -> Column | None:
        """Its per-entry sufficient statistics (``None`` when it has none)."""
        return None

    def value(self, run) -> float | None:
        """Its value for a metric without per-entry statistics."""
        return None

    def companions(self, run) -> dict[str, Any]:
        """Keys written right after it (a count beside its rate)."""
        return {}

    def reason(self, run) -> str:
        """Why it is null in this run."""
        return self.missing


def _columns(n: int, columns: dict) -> Rows:
    """n entries' records made from their columns (:meth:`RowsBuilder.set_columns`)."""
    rows = RowsBuilder(n)
    rows.set_columns(columns)
    return rows.rows()


def _transposed(found: list[tuple], fields: tuple[str, ...]) -> dict[str, list]:
    """Each entry's values (a tuple in the order of ``fields``) as a column of each field."""
    return {field: list(column) for field, column in zip(fields, zip(*found))} if found else {f: [] for f in fields}


def _ratio(rows, num: str, den: str | None = None) -> Ratio:
    """Σ field / Σ field over entries, from the records' columns (``scoring.rows``); the denominator is 1
    per entry when not named."""
    return Ratio(rows.numbers(num), rows.numbers(den) if den else np.ones(len(rows)))


def _rated(rows, field: str) -> Ratio:
    """The mean of a field over the entries where it is not None."""
    return Ratio(rows.numbers(field), rows.held(field).astype(float))


class ExactMatch(Metric):
    name, title, section, composite, interval = "exact_match_rate", "exact match", "Surface", True, 2
    entry_order = 0

    def record(self, entry, context):
        return {"exact": surface.exact_match(entry.predicted, entry.reference)}

    def records(self, entries, context):
        match = surface.exact_match
        return _columns(len(entries), {"exact": [match(e.predicted, e.reference) for e in entries]})

    def entry_metrics(self, row, i, table):
        return {"exact_match": bool(row["exact"])}

    def entry_texts(self, rows, table, start, end):
        return ['"exact_match": true' if v else '"exact_match": false' for v in rows.values("exact", start, end)]

    def column(self, run):
        return _ratio(run.rows, "exact")

    def companions(self, run):
        return {"exact_matches": int(run.rows.numbers("exact").sum())}


class EquivalentMatch(Metric):
    name, title, section, composite = "equivalent_match_rate", "equivalent match", "Surface", True
    missing = "no entry carries variants[] and no language plugin provides it"
    entry_order = 900  # after the compliance checks: an entry without variants has none

    def record(self, entry, context):
        variants = entry.variants
        return {"variant": surface.variant_match(entry.predicted, entry.reference, variants) if variants else None}

    def records(self, entries, context):
        match = surface.variant_match
        return _columns(len(entries), {"variant": [match(e.predicted, e.reference, e.variants) if e.variants else None
                                                   for e in entries]})

    def entry_metrics(self, row, i, table):
        return {"variant_match": bool(row["variant"])} if row["variant"] is not None else {}

    def entry_texts(self, rows, table, start, end):
        return ["" if v is None else '"variant_match": true' if v else '"variant_match": false'
                for v in rows.values("variant", start, end)]

    def column(self, run):
        if self.name in run.plugin_columns:
            return Ratio(*run.plugin_columns[self.name])
        given = run.rows.held("variant")
        if given.any():
            return Ratio(np.where(given, run.rows.numbers("variant"), run.rows.numbers("exact")), np.ones(len(given)))
        return None

    def companions(self, run):
        column = run.table.get(self.name)
        if column is None:
            return {"equivalent_matches": None}
        return {"equivalent_matches": run.plugin_values.get("equivalent_matches", int(round(column.num.sum())))}


class SacrebleuMetric(Metric):
    """sacrebleu's metrics: their per-entry sufficient statistics are computed for all entries at once
    (``scoring.surface.batch_statistics``), not entry by entry."""
    section, unit, kind, entry_key = "Surface", "points", "", ""

    def entry_metrics(self, row, i, table):
        return {self.entry_key: table.entry_value(self.name, i)}

    def entry_texts(self, rows, table, start, end):
        column = table.get(self.name)
        prefix = f'"{self.entry_key}": '
        return [prefix + text for text in number_texts(np.asarray(column.sentence[start:end], dtype=np.float64))]

    def column(self, run):
        return Statistics(self.kind, run.records[self.kind], run.records["sentence"][self.kind])


class ChrFPlusPlus(SacrebleuMetric):
    name, title, composite, interval, kind = "chrf_plus_plus", "chrF++", True, 1, "chrf"
    entry_key, entry_order = "chrf_plus_plus", 1


class Bleu(SacrebleuMetric):
    name, title, interval, kind = "bleu", "BLEU (not in composite)", 3, "bleu"
    entry_key, entry_order = "bleu", 2


class Ter(SacrebleuMetric):
    name, title, kind = "ter", "TER (lower is better; not in composite)", "ter"
    entry_key, entry_order = "ter", 3


class LengthRatio(Metric):
    name, title, unit, section = "length_ratio", "length ratio (1.0 ideal)", "ratio", "Surface"
    entry_order = 4

    def record(self, entry, context):
        return {"length_ratio": surface.length_ratio(entry.predicted, entry.reference)}

    def records(self, entries, context):
        ratio = surface.length_ratio
        return _columns(len(entries), {"length_ratio": [ratio(e.predicted, e.reference) for e in entries]})

    def entry_metrics(self, row, i, table):
        return {"length_ratio": row["length_ratio"]}

    def entry_texts(self, rows, table, start, end):
        values = rows.values("length_ratio", start, end)
        texts = (number_texts(np.array(values, dtype=np.float64)) if all(type(v) is float for v in values)
                 else map(json_value, values))  # (a column of floats at once: short segments' ratios repeat)
        return ['"length_ratio": ' + text for text in texts]

    def column(self, run):
        return _rated(run.rows, "length_ratio")


class LanguageMetric(Metric):
    """A metric a language pack's plugin fills (spec §2.2–2.3): its per-entry columns, or its corpus value."""
    source = "language pack"
    missing = "no language plugin provides it for this language (see eval_standards)"

    def column(self, run):
        found = run.plugin_columns.get(self.name)
        return Ratio(*found) if found is not None else None

    def value(self, run):
        return run.plugin_values.get(self.name)


class FstAcceptance(LanguageMetric):
    name, title, section, composite, interval = "fst_acceptance_rate", "FST acceptance", "Structural (LYSS)", True, 4


class MorphologicalAccuracy(LanguageMetric):
    name, title, section, composite = "morphological_accuracy", "morphological accuracy", "Structural (LYSS)", True


class OrthographicAccuracy(LanguageMetric):
    name, title, section, composite = "orthographic_accuracy", "orthographic accuracy", "Structural (LYSS)", True


class SemanticScore(LanguageMetric):
    name, title, section, composite = "semantic_score", "semantic score", "Semantic", True

    def companions(self, run):  # the count of the FST's accepted words follows the language metrics
        return {"fst_accepted": run.plugin_values.get("fst_accepted")}


class Comet(Metric):
    name, title, section, source = "comet_score", "COMET", "Semantic", "run"
    missing = "COMET needs a neural model download; LYSS Desktop runs offline and does not compute it"

    def companions(self, run):
        return {"comet_model": ""}


class CodeSwitching(Metric):
    name, title, section, composite = "code_switching_rate", "code-switching (lower is better)", "Behavioural", True
    missing = "the outputs contain no words"
    entry_order = 5

    def record(self, entry, context):
        return {"cs": behaviour.code_switching(entry.predicted, entry.source, context.conventions,
                                               context.leaked_word)}

    def records(self, entries, context):
        found, conv, leaked = behaviour.code_switching_found, context.conventions, context.leaked_word
        return _columns(len(entries), {"cs": _transposed([found(e.predicted, e.source, conv, leaked) for e in entries],
                                                         behaviour.CODE_SWITCHING_FIELDS)})

    def entry_metrics(self, row, i, table):
        cs = row["cs"]
        return {"code_switching_rate": cs["leaked"] / cs["tokens"] if cs["tokens"] else None,
                "leaked_words": cs["leaked_words"]}

    def entry_texts(self, rows, table, start, end):
        return ['"code_switching_rate": ' + json_value(leaked / tokens if tokens else None)
                + ', "leaked_words": ' + (json_value(words) if words else "[]")
                for tokens, leaked, words in zip(rows.values("cs/tokens", start, end), rows.values("cs/leaked", start, end),
                                                 rows.values("cs/leaked_words", start, end))]

    def column(self, run):
        return _ratio(run.rows, "cs/leaked", "cs/tokens")


class Hallucination(Metric):
    name, title, section, composite = "hallucination_rate", "hallucination (lower is better)", "Behavioural", True
    entry_order = 6

    def record(self, entry, context):
        return {"hall": behaviour.hallucination(entry.predicted, entry.source, entry.reference, context.conventions)}

    def records(self, entries, context):
        found, conv = behaviour.hallucination_found, context.conventions
        return _columns(len(entries), {"hall": _transposed([found(e.predicted, e.source, e.reference, conv)
                                                            for e in entries], behaviour.HALLUCINATION_FIELDS)})

    def entry_metrics(self, row, i, table):
        return {"hallucination": row["hall"]}

    def entry_texts(self, rows, table, start, end):
        return ['"hallucination": ' + text for text in rows.texts("hall", start, end)]

    def column(self, run):
        return _ratio(run.rows, "hall/rate")


class Terminology(Metric):
    name, title, section, composite = "terminology_adherence", "terminology adherence", "Behavioural", True
    entry_order = 7

    def record(self, entry, context):
        return {"term": behaviour.terminology(entry.predicted, entry.source, context.glossary)}

    def records(self, entries, context):
        if context.glossary:
            return super().records(entries, context)
        n = len(entries)  # no glossary: no term, in every entry
        return _columns(n, {"term": {"matched": [0] * n, "total": [0] * n, "misses": [[]] * n}})

    def entry_metrics(self, row, i, table):
        return {"terminology": row["term"]}

    def entry_texts(self, rows, table, start, end):
        return ['"terminology": ' + text for text in rows.texts("term", start, end)]

    def column(self, run):
        return _ratio(run.rows, "term/matched", "term/total")

    def reason(self, run):
        return "the run card has no glossary" if not run.card.glossary else "no glossary term occurs in the sources"


class Consistency(Metric):
    name, title, section, source = "consistency_score", "consistency", "Behavioural", "run"

    def value(self, run):
        return run.records["consistency"]["value"]

    def reason(self, run):
        return run.records["consistency"]["reason"]


class ComplianceIndex(Metric):
    """Its record holds the checks of the output and, where the entry has one, of the raw output (the
    repair effectiveness of §2.5 reads both)."""
    name, title, section = "compliance_index", "compliance index", "Compliance"
    missing = ("no entry has a check that applies (placeholders in the source, the language card's quote "
               "characters, or a caseless script)")
    entry_order = 8

    def record(self, entry, context):
        raw = entry.raw_predicted
        return {"compliance": compliance.check(entry.predicted, entry.source, context.conventions),
                "compliance_raw": compliance.check(raw, entry.source, context.conventions) if raw is not None else None}

    def records(self, entries, context):
        checked, conv = compliance.checked, context.conventions
        return _columns(len(entries), {
            "compliance": _transposed([checked(e.predicted, e.source, conv) for e in entries], compliance.CHECK_FIELDS),
            "compliance_raw": [None if e.raw_predicted is None else compliance.check(e.raw_predicted, e.source, conv)
                               for e in entries]})

    def entry_metrics(self, row, i, table):
        return {"compliance": {k: v for k, v in row["compliance"].items() if k != "bad_quotes" or v}}

    def entry_texts(self, rows, table, start, end):
        return ['"compliance": ' + text for text in rows.texts("compliance", start, end, unless_empty="bad_quotes")]

    def column(self, run):
        return _rated(run.rows, "compliance/index")

    def companions(self, run):
        raw = run.rows.numbers("compliance_raw/index")[run.rows.held("compliance_raw/index")]
        return {"compliance_index_raw": float(np.mean(raw)) if raw.size else None}


class RepairEffectiveness(Metric):
    """§2.5: the share of the raw output's compliance violations that post-processing repaired."""
    name, title, section, source = "repair_effectiveness", "repair effectiveness", "Compliance", "run"

    def _violations(self, run) -> tuple[bool, int, int]:
        raw = run.rows.held("compliance_raw")
        return (bool(raw.any()), int(run.rows.numbers("compliance_raw/violations")[raw].sum()),
                int(run.rows.numbers("compliance/violations")[raw].sum()))

    def value(self, run):
        raw, before, after = self._violations(run)
        return max(0.0, (before - after) / before) if raw and before else None

    def reason(self, run):
        raw, _, _ = self._violations(run)
        return ("no entry records raw_predicted (the output before post-processing)" if not raw else
                "the raw outputs have no compliance violations to repair")


class CostMetric(Metric):
    """§6–7: filled by the cost and speed block (``scoring.costs``), after the composite."""
    section, source, unit = "Cost and speed", "costs", "ratio"


class CostAdjusted(CostMetric):
    name, title, unit = "cost_adjusted", "cost-adjusted score", "rate"


class AverageLatency(CostMetric):
    name, title = "avg_latency_seconds", "average latency (s)"


class P95Latency(CostMetric):
    name, title = "p95_latency_seconds", "p95 latency (s)"


class EntriesPerMinute(CostMetric):
    name, title = "entries_per_minute", "entries per minute"


REGISTRY: list[Metric] = [
    ExactMatch(), EquivalentMatch(), ChrFPlusPlus(), Bleu(), Ter(), LengthRatio(), FstAcceptance(),
    MorphologicalAccuracy(), OrthographicAccuracy(), SemanticScore(), Comet(), CodeSwitching(), Hallucination(),
    Terminology(), Consistency(), ComplianceIndex(), RepairEffectiveness(), CostAdjusted(), AverageLatency(),
    P95Latency(), EntriesPerMinute(),
]


def register(metric: Metric, after: str | None = None) -> Metric:
    """Add a metric (its name must be new), after the metric named ``after`` (default: before the cost
    and speed metrics)."""
    if metric.name in by_name():
        raise ValueError(f"metric {metric.name} is registered already")
    names = [m.name for m in REGISTRY]
    at = names.index(after) + 1 if after else next(k for k, m in enumerate(REGISTRY) if m.source == "costs")
    REGISTRY.insert(at, metric)
    return metric


def unregister(name: str) -> None:
    REGISTRY[:] = [m for m in REGISTRY if m.name != name]


def by_name() -> dict[str, Metric]:
    return {m.name: m for m in REGISTRY}


def composite_names() -> tuple[str, ...]:
    """The metrics that can enter a composite (spec §4.2); everything else is reported only."""
    return tuple(m.name for m in REGISTRY if m.composite)


def language_slots() -> tuple[str, ...]:
    """The metrics a language pack's plugins fill."""
    return tuple(m.name for m in REGISTRY if m.source == "language pack")


def with_intervals() -> list[Metric]:
    """The metrics that get a bootstrap interval, in the order of the intervals block."""
    return sorted((m for m in REGISTRY if m.interval is not None), key=lambda m: m.interval)


def sections() -> list[tuple[str, list[Metric]]]:
    """The scorecard's sections and the metrics each shows, in the registry's order (the terminal's scorecard
    and the app's table alike)."""
    found: dict[str, list[Metric]] = {}
    for m in REGISTRY:
        if m.title:
            found.setdefault(m.section, []).append(m)
    return list(found.items())


def recorded() -> list[Metric]:
    """The metrics that keep a part of each entry's record, in the registry's order."""
    return [m for m in REGISTRY if type(m).record is not Metric.record]


def in_entry_breakdown() -> list[Metric]:
    """The metrics that show a part of each entry's breakdown, in the breakdown's order."""
    return sorted((m for m in REGISTRY if type(m).entry_metrics is not Metric.entry_metrics),
                  key=lambda m: m.entry_order)


def statistics_version() -> str:
    """What the cached per-entry statistics depend on among the metrics: each one's name and version."""
    versions = [[m.name, m.version] for m in REGISTRY if m.source == "entries"]
    return hashlib.sha256(json.dumps(versions).encode()).hexdigest()[:16]
