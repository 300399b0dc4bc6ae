"""The scoring engine: a run card in, a scored run card out (spec §2–§9).

The steps: per-entry statistics (cached) → language plugins → a table of per-entry columns → corpus
scores, composite and tier → bootstrap intervals → per-entry breakdowns → the §9 ``scores`` and
``totals`` blocks with every key present (``null`` with a reason when a metric cannot be computed).
"""

from __future__ import annotations

import hashlib
import math
import platform
import time
import weakref
from collections.abc import Sequence
from json.encoder import encode_basestring
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

import numpy as np

from . import __version__, composite as comp, costs, metrics, stats, surface
from .conventions import LanguageConventions, infer_conventions
from .cache import cached
from .collector import fewer_collections
from .entry_stats import cached_records, corpus_sha256, entries_digest
from .plugins import MetricPlugin
from .progress import Cancelled, report  # noqa: F401  (Cancelled: what a cancelled scoring raises)
from .rows import json_value, number_text, number_texts
from .rubric import Rubric
from .runcard import RunCard

_report = report  # between stages: the progress bar, and the app's Cancel


class Table:
    """Every metric's per-entry sufficient statistics (``scoring.metrics``: a Ratio or sacrebleu's
    Statistics), from which corpus values, entry values and resamples follow."""

    def __init__(self, columns: dict[str, metrics.Column], n: int):
        self.columns = columns
        self.n = n

    def has(self, key: str) -> bool:
        return key in self.columns

    def get(self, key: str) -> metrics.Column | None:
        return self.columns.get(key)

    def value(self, key: str, rows: np.ndarray | None = None) -> float | None:
        return self.columns[key].value(rows)

    def entry_value(self, key: str, i: int) -> float | None:
        return self.columns[key].entry_value(i)

    def entry_values(self, key: str, start: int = 0, end: int | None = None) -> np.ndarray:
        """Every entry's own value of a metric (NaN where it has none); from ``start`` to ``end`` when given."""
        return self.columns[key].entry_values(start, end)

    def sums(self, key: str, weights: np.ndarray):
        """Weighted sums of a metric's statistics (one per row of the weights)."""
        return self.columns[key].sums(weights)

    def finish(self, key: str, sums) -> np.ndarray:
        """Scores from weighted sums."""
        return self.columns[key].finish(sums)

    def resampled(self, key: str, counts: np.ndarray) -> np.ndarray:
        """The metric on each resample, ``counts`` being the (B × n) draw counts."""
        return self.finish(key, self.sums(key, counts))

    def subset(self, rows: np.ndarray) -> "Table":
        return Table({k: c.subset(rows) for k, c in self.columns.items()}, len(rows))


def composite_of(values: dict[str, np.ndarray], profile: Rubric) -> np.ndarray:
    """Composite per row from each metric's per-row values, renormalised over the finite ones."""
    dims = [d for d in profile.dimensions if d.id in values]
    matrix = np.column_stack([d.normalised(values[d.id]) for d in dims])
    weights = np.array([d.weight for d in dims])
    ok = np.isfinite(matrix)
    return (np.where(ok, matrix, 0.0) @ weights) / (ok @ weights)


# ----------------------------------------------------------------------------- building the table

def _build_table(run: "_Scoring") -> Table:
    """Each registered metric's per-entry statistics, in the registry's order."""
    columns = {}
    for metric in metrics.REGISTRY:
        column = metric.column(run)
        if column is not None:
            columns[metric.name] = column
    metrics.share_sums(columns.values())
    return Table(columns, len(run.card.entries))


CACHE_DAMAGE = (KeyError, TypeError, ValueError, IndexError, AttributeError)  # what a planted cache file can cause


def _plugin_results(plugin: MetricPlugin, card: RunCard, use_cache: bool, digest: str) -> tuple[list[dict], bool]:
    """Per-entry results of a plugin, and whether they came from the cache; cached when the plugin states a
    ``cache_id`` (its name, data and analyser fingerprints), so a warm re-score skips every lookup. A cache
    file of another shape (a list of another length, a number: damaged or planted) counts as absent."""

    def compute() -> list[dict]:
        plugin.prepare(card.entries)  # batch work first, e.g. looking up every unique word at once
        return [plugin.compute(e) for e in card.entries]

    cache_id = plugin.cache_id
    if not cache_id or not use_cache:
        return compute(), False
    key = hashlib.sha256(f"{__version__}|{cache_id}|{digest}".encode()).hexdigest()
    results, hit = cached("plugins", key, compute)
    if hit and not (isinstance(results, list) and len(results) == len(card.entries)
                    and all(isinstance(r, dict) for r in results)):
        return compute(), False
    return results, hit


def _plugin_values(plugin: MetricPlugin, card: RunCard, use_cache: bool, digest: str) -> tuple[list[dict], dict,
                                                                                                  dict]:
    """A plugin's per-entry results, corpus values and columns; results from a cache file that the plugin
    cannot read (keys or values of another kind) are computed again."""
    results, hit = _plugin_results(plugin, card, use_cache, digest)
    try:
        return results, plugin.aggregate(results), plugin.columns(results)
    except CACHE_DAMAGE:
        if not hit:
            raise
    results, _ = _plugin_results(plugin, card, False, digest)
    return results, plugin.aggregate(results), plugin.columns(results)


def _run_plugins(card: RunCard, plugins: Iterable[MetricPlugin], use_cache: bool = True,
                 digest: str = "") -> tuple[dict, dict, dict, list[dict], list]:
    """Run every available plugin. Returns (corpus values, columns, reasons, descriptions, per-entry results)."""
    values: dict[str, Any] = {}
    columns: dict[str, tuple] = {}
    reasons: dict[str, str] = {}
    described: list[dict] = []
    per_entry: list[tuple[str, list[dict]]] = []
    for plugin in plugins:
        reason = plugin.availability()
        described.append({"name": plugin.name, "provides": list(plugin.provides), "available": reason is None,
                          "reason": reason, **plugin.info()})
        if reason is not None:
            for key in plugin.provides:
                reasons.setdefault(key, f"{plugin.name}: {reason}")
            continue
        results, agg, plugin_columns = _plugin_values(plugin, card, use_cache, digest)
        per_entry.append((plugin.name, results))
        for key, value in agg.items():
            if key == "unavailable_reasons":
                for k, why in value.items():
                    reasons[k] = f"{plugin.name}: {why}"
            else:
                values[key] = value
        for key in plugin.provides:
            if agg.get(key) is not None:
                reasons.pop(key, None)
        columns.update(plugin_columns)
    return values, columns, reasons, described, per_entry


def _leak_hook(plugins: list[MetricPlugin]):
    leaking = [p for p in plugins if p.leaked_word is not None and p.availability() is None]
    if not leaking:
        return None, ""
    hooks = [p.leaked_word for p in leaking]
    return (lambda tok: any(h(tok) for h in hooks)), ",".join(p.cache_id or p.name for p in leaking)


# ----------------------------------------------------------------------------- intervals

def _intervals(table: Table, profile: Rubric, scores: dict, present: set[str], card: RunCard,
               seed: int, n_boot: int) -> tuple[dict, dict]:
    n = table.n
    memo: dict = {}

    def resampled(key: str, counts: np.ndarray) -> np.ndarray:
        """A metric on this block of resamples, computed once for its interval and the composite's (the block not
        kept alive here: its counts are let go before the next block is drawn)."""
        if "counts" not in memo or memo["counts"]() is not counts:
            memo.clear()
            memo["counts"] = weakref.ref(counts)
        if key not in memo:
            memo[key] = table.resampled(key, counts)
        return memo[key]

    fns = {m.name: (lambda c, key=m.name: resampled(key, c)) for m in metrics.with_intervals() if table.has(m.name)}
    if scores.get("composite") is not None:
        fns["composite"] = lambda c: composite_of({k: resampled(k, c) for k in present}, profile)
    point = {k: scores.get(k) for k in fns}
    overall = {k: v.as_dict() for k, v in stats.bootstrap_intervals(fns, n, point, n_boot, seed).items()}

    by_tier: dict[str, dict] = {}
    for tier, rows, tier_seed in _tier_resamples(card, seed):
        sub = table.subset(rows)
        sub_fns = {"corpus_chrf": lambda c, s=sub: s.resampled("chrf_plus_plus", c),
                   "exact_match_rate": lambda c, s=sub: s.resampled("exact_match_rate", c)}
        sub_point = {"corpus_chrf": sub.value("chrf_plus_plus"), "exact_match_rate": sub.value("exact_match_rate")}
        found = stats.bootstrap_intervals(sub_fns, len(rows), sub_point, n_boot, tier_seed)
        by_tier[tier] = {k: v.as_dict() for k, v in found.items()}
    return overall, by_tier


def _tier_resamples(card: RunCard, seed: int) -> Iterator[tuple[str, np.ndarray, int]]:
    """Each difficulty tier with an interval: its label, its rows and its resamples' seed."""
    for position, (tier, rows) in enumerate(_groups(card.optional_values("difficulty")).items(), 1):
        if tier is None or len(rows) < 2:  # an interval from one entry says nothing
            continue
        yield tier, rows, seed + (int(tier) if tier.lstrip("-").isdigit() else position)


def _draw_resamples(card: RunCard, seed: int, n_boot: int) -> None:
    """Draw the harness's resamples of this run's intervals ahead (they need only its size and its tiers),
    while worker processes compute the per-entry records; small runs keep them (see stats)."""
    wanted = [(len(card.entries), seed), *((len(rows), s) for _, rows, s in _tier_resamples(card, seed))]
    for n, drawn_seed in wanted[:stats.REMEMBERED_DRAWS]:
        stats.draw_ahead(n, n_boot, drawn_seed)


def _groups(labels: list[str | None]) -> dict[str | None, np.ndarray]:
    """Each label's rows (ascending), the labels in order: whole numbers by value, then texts, None last."""
    if labels.count(None) == len(labels):  # most runs have no such labels
        return {None: np.arange(len(labels))} if labels else {}
    codes: dict[str | None, int] = {}
    code = np.fromiter((codes.setdefault(label, len(codes)) for label in labels), dtype=np.int64, count=len(labels))
    rows = np.split(np.argsort(code, kind="stable"), np.cumsum(np.bincount(code))[:-1])

    def order(key):
        return (key is None, (0, int(key)) if key is not None and key.lstrip("-").isdigit() else (1, str(key)))

    return {label: rows[codes[label]] for label in sorted(codes, key=order)}


def _breakdowns(table: Table, labels: list[str | None], entry_scores: np.ndarray) -> dict:
    out = {}
    for label, rows in _groups(labels).items():
        if label is None:
            continue
        got = entry_scores[rows]
        got = got[~np.isnan(got)]
        out[label] = {"count": int(len(rows)), "exact_match_rate": table.value("exact_match_rate", rows),
                      "chrf_plus_plus": table.value("chrf_plus_plus", rows),
                      "mean_entry_score": float(np.mean(got)) if got.size else None}
    return out


class EntryBreakdowns(Sequence):
    """Each entry's ``{"score", "breakdown", "weighted"}`` (rubric chapter format): the profile's weights
    renormalised over the metrics that entry has. Computed as arrays for a block of entries at a time, from the
    table's columns when the block is asked for (each entry's score, which metrics it has and their weights' sum
    are kept); an entry's dict is built when it is asked for (a million of them held as dicts would take
    gigabytes, their arrays a quarter of a gigabyte)."""

    def __init__(self, table: Table, profile: Rubric, present: set[str]):
        dims = [d for d in profile.dimensions if d.id in present]
        self.n, self.ids = table.n, [d.id for d in dims]
        self._table, self._dims, self._weights = table, dims, np.array([d.weight for d in dims])
        if not dims:
            self.scores = np.full(table.n, np.nan)
            return
        chunks = [(a, min(a + self.SCORED_AT_ONCE, table.n)) for a in range(0, table.n, self.SCORED_AT_ONCE)]
        self.ok = np.empty((table.n, len(dims)), dtype=bool)
        for a, b in chunks:
            self.ok[a:b] = np.isfinite(self._values(a, b))
        self._total = self.ok @ self._weights  # for all entries at once: numpy's sum of a row may differ with the rows
        self.scores = np.empty(table.n)
        for a, b in chunks:
            _, ok, shares = self._arrays(a, b)
            # an entry's score is the sum of its weighted parts in the profile's order, as sum() adds them
            summed = np.zeros(len(ok))
            for j in range(len(dims)):
                summed = summed + np.where(ok[:, j], shares[:, j], 0.0)
            self.scores[a:a + len(ok)] = np.where(ok.any(1), summed, np.nan)
        self._block: tuple = (-self.BLOCK,)  # the block of entries last read (none yet), as Python lists
        self._key_texts = [json_value(key) + ": " for key in self.ids]

    BLOCK = 4096  # entries read from the arrays at once (written in order: one conversion for a block of them)
    SCORED_AT_ONCE = 1 << 16  # entries whose arrays are computed at once for their scores

    def _values(self, start: int, end: int) -> np.ndarray:
        """Entries ``start`` to ``end``'s normalised values, a column a metric of the profile."""
        return np.column_stack([d.normalised(self._table.entry_values(d.id, start, end)) for d in self._dims])

    def _arrays(self, start: int, end: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Entries ``start`` to ``end``'s normalised values, which are finite, and their weighted parts (NaN where
        not held): each entry's computed on its own row alone, from the weights it holds (their sum kept)."""
        matrix, ok, total = self._values(start, end), self.ok[start:end], self._total[start:end]
        with np.errstate(invalid="ignore", divide="ignore"):
            shares = np.where(ok, self._weights / np.where(total > 0, total, 1)[:, None] * np.where(ok, matrix, 0),
                              np.nan)
        return matrix, ok, shares

    def _rows_of(self, i: int) -> tuple[int, list, list, list, list]:
        """The block holding entry ``i``: its first entry, and its values, weighted parts, which it has, whether it
        has every one — Python floats and bools (a numpy scalar per item took a third of the time)."""
        block = self._block  # one tuple, replaced whole: a reader on another thread sees one block or the other
        if not block[0] <= i < block[0] + self.BLOCK:
            a = i - i % self.BLOCK
            matrix, ok, shares = self._arrays(a, min(a + self.BLOCK, self.n))
            block = self._block = (a, matrix.tolist(), shares.tolist(), ok.tolist(), ok.all(1).tolist())
        return block

    def __len__(self) -> int:
        return self.n

    def texts(self, start: int, end: int) -> list[str]:
        """Entries ``start`` to ``end``'s ``"score"``, ``"breakdown"`` and ``"weighted"`` as JSON text, as json writes
        their dicts' (a held metric's value and part are finite: ``ok`` says so)."""
        if not self.ids:
            return ['"score": null, "breakdown": {}, "weighted": {}'] * (end - start)
        keys, k, out = self._key_texts, len(self.ids), []
        matrix, ok, shares = self._arrays(start, end)
        shares = np.where(ok, shares, 0.0)
        columns = np.concatenate([np.where(ok, matrix, 0.0), shares], axis=1)  # a row's values, then its parts
        # each column's numbers written apart (a column of flags holds few values: each written once)
        numbers = zip(*[number_texts(np.ascontiguousarray(column)) for column in columns.T])
        whole_row = self._whole_row_text()
        for whole, held_parts, held, texts in zip(ok.all(1).tolist(), shares.tolist(), ok.tolist(), numbers):
            if whole:  # (most entries: every metric of the profile)
                out.append(whole_row % (number_text(float(sum(held_parts))), *texts))
                continue
            kept = [j for j, has in enumerate(held) if has]
            names, held_parts = [keys[j] for j in kept], [held_parts[j] for j in kept]
            value_texts, part_texts = [texts[j] for j in kept], [texts[k + j] for j in kept]
            out.append('"score": ' + (number_text(float(sum(held_parts))) if held_parts else "null")
                       + ', "breakdown": {' + ", ".join(map(str.__add__, names, value_texts)) + '}, "weighted": {'
                       + ", ".join(map(str.__add__, names, part_texts)) + "}")
        return out

    def _whole_row_text(self) -> str:
        """The text of an entry holding every metric, its score, values and parts left as ``%s``."""
        named = ", ".join(key.replace("%", "%%") + "%s" for key in self._key_texts)
        return '"score": %s, "breakdown": {' + named + '}, "weighted": {' + named + "}"

    def __getitem__(self, i: int) -> dict:
        if not self.ids:
            return {"score": None, "breakdown": {}, "weighted": {}}
        i = range(self.n)[i]
        a, matrix, shares, ok, whole = self._rows_of(i)
        values, parts, ids = matrix[i - a], shares[i - a], self.ids
        if whole[i - a]:  # most entries: every metric of the profile
            weighted = dict(zip(ids, parts))
            return {"score": float(sum(parts)), "breakdown": dict(zip(ids, values)), "weighted": weighted}
        held = [j for j, has in enumerate(ok[i - a]) if has]
        breakdown = {ids[j]: values[j] for j in held}
        weighted = {ids[j]: parts[j] for j in held}
        return {"score": float(sum(weighted.values())) if weighted else None, "breakdown": breakdown,
                "weighted": weighted}


def entry_breakdowns(table: Table, profile: Rubric, present: set[str]) -> EntryBreakdowns:
    """Each entry's breakdown (see :class:`EntryBreakdowns`)."""
    return EntryBreakdowns(table, profile, present)


class ScoredEntries(Sequence):
    """The ``entries`` of a scored run card: each entry's dict (its fields, metrics, plugin results and
    breakdown) built when it is asked for, from the run's columns — so a large run is never held twice,
    and the file is written one entry at a time (``scoring.files.write_json_atomic``). Equal to the list
    of the same dicts."""

    def __init__(self, run: "_Scoring", breakdowns: EntryBreakdowns, plugin_results: list):
        self._run, self._breakdowns, self._plugin_results = run, breakdowns, plugin_results
        self._metrics = metrics.in_entry_breakdown()
        self._shown = [m.entry_metrics for m in self._metrics]  # once, not once an entry

    def __len__(self) -> int:
        return len(self._run.card.entries)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        i %= len(self)
        run = self._run
        return _entry_output(run.card.entries[i], i, run.table, run.rows[i], self._breakdowns[i],
                             self._plugin_results, self._shown)

    def json_texts(self, start: int, end: int) -> list[str]:
        """The JSON text of entries ``start`` to ``end`` — what json writes of each one's dict (``ensure_ascii``
        off, no NaN) — written from the run's columns a field at a time, no dict built (building and encoding a
        dict an entry was most of what writing a large run cost); written from their dicts when a metric has no
        text of its own, and an entry with fields beyond its texts from its own."""
        entries, table, rows = self._run.card.entries, self._run.table, self._run.rows
        parts = [m.entry_texts(rows, table, start, end) for m in self._metrics]
        if any(p is None for p in parts):
            return [json_value(self[i]) for i in range(start, end)]
        plugins = self._plugin_results
        texts = []
        shown_texts = _joined_parts(parts, end - start)
        for i, scored, shown in zip(range(start, end), self._breakdowns.texts(start, end), shown_texts):
            entry = entries[i]
            if not entry.plain and (entry.tokens or entry.extra):
                texts.append(json_value(self[i]))
                continue
            texts.append(_head_text(entry) + ', "metrics": {' + shown + "}"
                         + (', "lyss": ' + json_value({name: results[i] for name, results in plugins}) if plugins
                            else "") + ", " + scored + "}")
        return texts

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, ScoredEntries)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  (mutable-looking, like the list it stands for)


# ----------------------------------------------------------------------------- the run

@dataclass(frozen=True)
class ScoredRun:
    """One scored run: the scored run card (spec §9, JSON-able: what is written, printed and shown), the
    per-entry table of sufficient statistics, and the metrics its composite used. Paired tests and
    rankings need all three; a scored run card read back from disk has only the first."""

    name: str
    card: dict
    table: Table
    composite_metrics: frozenset[str]

    @property
    def scores(self) -> dict[str, Any]:
        return self.card["scores"]

    def score(self, name: str) -> metrics.Score:
        """One metric: its value, its interval when it has one, and why it is null when it is."""
        return metrics.Score.of(self.card["scores"], name)

    @property
    def signature(self) -> metrics.Signature:
        return metrics.Signature.of(self.card)


def score_run(card: RunCard, profile: Rubric, *, conventions: LanguageConventions | None = None,
              plugins: Iterable[MetricPlugin] = (), seed: int = stats.DEFAULT_SEED,
              n_bootstrap: int = stats.DEFAULT_RESAMPLES, use_cache: bool = True, progress=None) -> dict:
    """Score a run card. Returns the scored run card as a JSON-able dict (:func:`score`'s ``card``).

    ``progress(stage, fraction)`` is called between stages; returning ``False`` cancels (raises
    :class:`Cancelled`)."""
    return score(card, profile, conventions=conventions, plugins=plugins, seed=seed,
                 n_bootstrap=n_bootstrap, use_cache=use_cache, progress=progress).card


@dataclass
class _Scoring:
    """What the metrics and the blocks of one scoring share: the run, its per-entry records (the cached
    statistics), what the plugins found, the per-entry table, and the ``scores`` and ``reasons`` being
    filled (spec §9)."""

    card: RunCard
    records: dict
    plugin_values: dict[str, Any]
    plugin_columns: dict[str, tuple]
    reasons: dict[str, str]
    table: Table | None = None
    scores: dict[str, Any] = field(default_factory=dict)

    @property
    def rows(self) -> list[dict]:
        return self.records["rows"]


@fewer_collections()
def score(card: RunCard, profile: Rubric, *, conventions: LanguageConventions | None = None,
          plugins: Iterable[MetricPlugin] = (), seed: int = stats.DEFAULT_SEED,
          n_bootstrap: int = stats.DEFAULT_RESAMPLES, use_cache: bool = True, progress=None) -> ScoredRun:
    """Score a run card, block by block of the §9 output; see :func:`score_run`."""
    started = time.perf_counter()
    _report(progress, "surface and behavioural metrics", 0.0)
    plugins = list(plugins)
    conv = conventions or infer_conventions([e.reference for e in card.entries], card.target_language)
    for plugin in plugins:
        if plugin.availability() is None:
            plugin.start_run(card.entries)
    hook, hook_id = _leak_hook(plugins)
    corpus = corpus_sha256(card.entries)
    digest = entries_digest(card.entries, corpus)  # once: every cache key below includes it
    records, from_cache = cached_records(card.entries, conv, card.glossary, hook, hook_id, use_cache, digest,
                                         meanwhile=lambda: _draw_resamples(card, seed, n_bootstrap))
    _report(progress, "language standards", 0.35)
    plugin_values, plugin_cols, reasons, plugin_info, plugin_results = _run_plugins(card, plugins, use_cache, digest)
    _report(progress, "composite", 0.6)
    run = _Scoring(card, records, plugin_values, plugin_cols, reasons)
    run.table = _build_table(run)
    _metrics_block(run)
    present = _composite_block(run, profile)
    totals, speed = _cost_block(run)
    _report(progress, "confidence intervals and breakdowns", 0.75)
    _interval_block(run, profile, present, seed, n_bootstrap)  # (before the breakdowns: its workers inherit less)
    breakdowns = entry_breakdowns(run.table, profile, present)
    entry_out = ScoredEntries(run, breakdowns, plugin_results)
    _grouping_block(run, breakdowns.scores)
    _report(progress, "done", 1.0)
    _reasons_block(run, totals)
    lyss = {"version": __version__, "profile": profile.describe(), "seed": seed, "n_bootstrap": n_bootstrap,
            "cost_adjusted_rule": comp.COST_ADJUSTED_NOTE, "language": conv.describe(), "plugins": plugin_info,
            "signatures": surface.signatures(), "consistency": records["consistency"],
            "tools": {"sacrebleu": surface.sacrebleu_version(), "numpy": np.__version__,
                      "python": platform.python_version()},
            "input": {"path": card.path, "format": card.format, "entries_sha256": corpus},
            "entry_statistics_from_cache": from_cache, "scoring_seconds": round(time.perf_counter() - started, 3)}
    meta = {k: v for k, v in card.meta.items() if not k.startswith("_") and k not in ("scores", "totals", "lyss")}
    scored = {**meta, "elapsed_seconds": speed["elapsed_seconds"], "scores": run.scores, "totals": totals,
              "lyss": lyss, "entries": entry_out}
    return ScoredRun(card.path, scored, run.table, frozenset(present))


def _metrics_block(run: _Scoring) -> None:
    """§2: every registered metric but the cost and speed ones, in the registry's order — its value (from
    its per-entry statistics, else its own), the counts beside it, and why it is null when it is; then
    what else the language plugins found."""
    scores, reasons = run.scores, run.reasons
    for metric in metrics.REGISTRY:
        if metric.source == "costs":
            continue
        scores[metric.name] = run.table.value(metric.name) if run.table.has(metric.name) else metric.value(run)
        if scores[metric.name] is None and metric.reason(run):
            reasons.setdefault(metric.name, metric.reason(run))
        scores.update(metric.companions(run))
    for key, value in run.plugin_values.items():
        scores.setdefault(key, value)


def _composite_block(run: _Scoring, profile: Rubric) -> set[str]:
    """§4–5: the composite over the metrics present, its renormalised weights, the tier. Returns the
    metrics it used."""
    values = {k: run.scores.get(k) for k in metrics.composite_names()}
    for key, value in values.items():
        if value is not None and not math.isfinite(value):
            raise ValueError(f"{key} is {value}: refusing to build a composite from a non-finite metric")
    result = comp.composite(values, profile)
    scores = run.scores
    scores["composite"] = result["score"]
    scores["quality_tier"] = comp.quality_tier(result["score"])
    scores["metrics_available"] = [d.id for d in profile.dimensions if d.id in result["breakdown"]]
    scores["composite_weights"] = {k: w / sum(profile.weights[m] for m in result["breakdown"])
                                   for k, w in profile.weights.items() if k in result["breakdown"]}
    if result["score"] is None:
        run.reasons["composite"] = "none of the profile's metrics could be computed"
    return set(result["breakdown"])


def _cost_block(run: _Scoring) -> tuple[dict, dict]:
    """§6–7: the totals, the cost-adjusted score and the speed metrics. Returns (totals, speed)."""
    totals, cost_reasons = costs.totals(run.card)
    run.scores["cost_adjusted"], why = comp.cost_adjusted(run.scores["composite"], totals["cost_per_entry_usd"])
    if why:
        run.reasons["cost_adjusted"] = why
    speed, speed_reasons = costs.speed(run.card, totals["total_tokens"])
    run.scores.update({k: v for k, v in speed.items() if k != "elapsed_seconds"})
    run.reasons.update(speed_reasons)
    run.reasons.update(cost_reasons)
    return totals, speed


def _interval_block(run: _Scoring, profile: Rubric, present: set[str], seed: int, n_bootstrap: int) -> None:
    """§8: the bootstrap intervals, overall and per difficulty."""
    ci, ci_tier = _intervals(run.table, profile, run.scores, present, run.card, seed, n_bootstrap)
    run.scores["confidence_intervals"] = ci
    run.scores["confidence_intervals_by_tier"] = ci_tier


def _grouping_block(run: _Scoring, entry_scores: np.ndarray) -> None:
    """§9: the breakdowns by difficulty, provenance and domain, the counts, and the tier's confirmation status."""
    scores, card = run.scores, run.card
    for key, labels in (("by_difficulty", card.optional_values("difficulty")),
                        ("by_provenance", card.optional_values("provenance")),
                        ("by_domain", card.optional_values("domain"))):
        scores[key] = _breakdowns(run.table, labels, entry_scores)
    scores["total"] = len(card.entries)
    scores["errors"] = sum(1 for error in card.optional_values("error") if error)
    scores["evaluated"] = scores["total"] - scores["errors"]
    given = card.meta.get("scores")
    scores["tier_confirmation"] = given.get("tier_confirmation") if isinstance(given, dict) else None
    if scores["tier_confirmation"] is None:
        scores["tier_confirmation"] = {"status": "not reviewed",
                                       "required": comp.needs_confirmation(scores["quality_tier"])}


def _reasons_block(run: _Scoring, totals: dict) -> None:
    """Why each null is null: a count borrows its rate's reason; only nulls keep a reason."""
    scores, reasons = run.scores, run.reasons
    for count, rate in (("equivalent_matches", "equivalent_match_rate"), ("fst_accepted", "fst_acceptance_rate"),
                        ("compliance_index_raw", "repair_effectiveness")):
        if scores.get(count) is None and rate in reasons:
            reasons.setdefault(count, reasons[rate])
    scores["unavailable_reasons"] = {k: v for k, v in sorted(reasons.items())
                                     if (k in scores and scores[k] is None) or (k in totals and totals[k] is None)}


def _joined_parts(parts: list[list[str]], n: int) -> list[str]:
    """Each of n entries' metrics' texts joined by commas, those without one ("") left out: a metric with none in any
    of these entries left out whole, and entries whose every metric has one joined at once."""
    parts = [texts for texts in parts if any(texts)]
    if not parts:
        return [""] * n
    if all(map(all, parts)):  # (most blocks: every entry has each part)
        return list(map(", ".join, zip(*parts)))
    return [", ".join([text for text in texts if text]) for texts in zip(*parts)]


def _head_text(entry) -> str:
    """An entry's fields before its metrics, as json writes them (see :func:`_entry_output`; an entry without
    ``tokens`` and ``extra``)."""
    text = ('{"id": ' + json_value(entry.id) + ', "source": ' + encode_basestring(entry.source)
            + ', "reference": ' + encode_basestring(entry.reference) + ', "predicted": '
            + encode_basestring(entry.predicted))  # (an entry's texts are texts: read as such)
    if entry.plain:  # (most entries: nothing else)
        return text
    for key in ("raw_predicted", "difficulty", "provenance", "domain", "latency_s", "cost_usd", "error"):
        value = getattr(entry, key)
        if value is not None:
            text += f', "{key}": ' + json_value(value)
    if entry.variants:
        text += ', "variants": ' + json_value(entry.variants)
    if entry.morphological_analysis is not None:
        text += ', "morphological_analysis": ' + json_value(entry.morphological_analysis)
    return text


def _entry_output(entry, i: int, table: Table, row: dict, breakdown: dict, plugin_results, shown: list) -> dict:
    out = {
        "id": entry.id, "source": entry.source, "reference": entry.reference, "predicted": entry.predicted,
    }
    for key in ("raw_predicted", "difficulty", "provenance", "domain", "latency_s", "cost_usd", "error"):
        value = getattr(entry, key)
        if value is not None:
            out[key] = value
    if entry.variants:
        out["variants"] = entry.variants
    if entry.morphological_analysis is not None:
        out["morphological_analysis"] = entry.morphological_analysis
    out.update(entry.tokens)
    out.update({k: v for k, v in entry.extra.items() if k not in ("score", "breakdown", "weighted", "metrics", "lyss")})
    shown_metrics = out["metrics"] = {}
    for entry_metrics in shown:
        shown_metrics.update(entry_metrics(row, i, table))
    if plugin_results:
        out["lyss"] = {name: results[i] for name, results in plugin_results}
    out["score"] = breakdown["score"]
    out["breakdown"] = breakdown["breakdown"]
    out["weighted"] = breakdown["weighted"]
    return out
