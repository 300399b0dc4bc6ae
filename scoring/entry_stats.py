"""Per-entry statistics, computed once per entry and cached.

Everything the corpus scores, the bootstrap and the per-entry breakdown need is derived from these
records, so re-scoring with another profile or seed never recomputes a sentence.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import partial
from typing import Callable

import numpy as np

from . import __version__, behaviour, metrics, shifted, surface
from .cache import cached
from .conventions import LanguageConventions
from .parallel import process_each
from .rows import Rows, RowsJoiner, side_by_side
from .runcard import Entry, with_more_fields

PARALLEL_THRESHOLD = 4000  # below this a process pool costs more than it saves
CHUNK_ENTRIES = 25_000  # entries a worker process scores at once (300,000 entries: 8.65 CPU-seconds in the workers,
#                        9.1 at 50,000 — the sorts' arrays nearer the processor — and each worker's peak 270 MB, not 350)
RECORDS_LAYOUT = 6  # the records' own layout (4: by column, scoring.rows; 5: numbers and lists kept sparsely; 6: statistics by their independent columns, scoring.shifted) (what _records returns); the metrics' versions come with it


def _records(entries: list[Entry], conv: LanguageConventions, glossary, leaked_word) -> dict:
    """Each entry's record, every metric's part of it (``Metric.record``), and sacrebleu's statistics."""
    stats = surface.batch_statistics([e.predicted for e in entries], [e.reference for e in entries])
    context = metrics.EntryContext(conv, glossary, leaked_word)
    recorded = metrics.recorded()
    rows = RowsJoiner(len(entries))
    for start in range(0, len(entries), RECORDED_AT_ONCE):
        block = entries[start:start + RECORDED_AT_ONCE]
        rows.add(side_by_side([m.records(block, context) for m in recorded]))
    sentence = {name: surface.sentence_scores(name, stats[name]) for name in STATISTICS}
    kept = {name: shifted.kept_by(surface.shifted_rules(name), stats[name]) for name in STATISTICS}
    return {"rows": rows.rows(), **kept, "sentence": sentence}


RECORDED_AT_ONCE = 256  # entries each metric records in turn: their texts' tokens still remembered (scoring.text's
#                        last 1,024 texts) when the next metric reads them
STATISTICS = ("chrf", "bleu", "ter")  # sacrebleu's per-entry sufficient statistics, one array each


class _Joined:
    """The records of n entries, filled part by part as the workers hand them back."""

    def __init__(self, n: int):
        self.start = 0
        self.rows = RowsJoiner(n)
        self.stats: dict[str, np.ndarray | shifted.Joiner] = {}
        self.sentence = {k: np.empty(n) for k in STATISTICS}

    def add(self, part: dict) -> None:
        size = len(part["rows"])
        for k in STATISTICS:
            self._add_statistics(k, part[k], size)
            self.sentence[k][self.start:self.start + size] = part["sentence"][k]
        self.rows.add(part["rows"])
        self.start += size

    def _add_statistics(self, k: str, part, size: int) -> None:
        have = self.stats.get(k)
        if have is None:
            have = self.stats[k] = (shifted.Joiner(self.rows.n) if isinstance(part, shifted.ShiftedColumns)
                                    else np.empty((self.rows.n, part.shape[1])))
        if isinstance(have, shifted.Joiner) and isinstance(part, shifted.ShiftedColumns):
            have.add(part)
            return
        if isinstance(have, shifted.Joiner):  # a part not of whole numbers: every part kept whole
            have = self.stats[k] = have.so_far()
        have[self.start:self.start + size] = part.full() if isinstance(part, shifted.ShiftedColumns) else part

    def records(self) -> dict:
        stats = {k: v.result() if isinstance(v, shifted.Joiner) else v for k, v in self.stats.items()}
        return {"rows": self.rows.rows(), **_settled(stats), "sentence": self.sentence}


def _settled(stats: dict) -> dict:
    return {k: shifted.settled(v) for k, v in stats.items()}


def compute_records(entries: list[Entry], conv: LanguageConventions, glossary=None,
                    leaked_word: Callable[[str], bool] | None = None, workers: int | None = None,
                    meanwhile: Callable[[], None] = lambda: None) -> dict:
    """Records for all entries, split over the machine's cores for large corpora; ``meanwhile`` runs in
    this process while the workers compute (or before, when there are none)."""
    workers = workers or os.cpu_count() or 1
    if len(entries) < PARALLEL_THRESHOLD or workers < 2:
        meanwhile()
        records = _records(entries, conv, glossary, leaked_word)
        return {**records, **_settled({k: records[k] for k in STATISTICS})}
    chunks = -(-len(entries) // CHUNK_ENTRIES)
    chunks = -(-chunks // workers) * workers  # (as many for each worker: 60,000 entries in four of 15,000, not 25 25 10)
    step = -(-len(entries) // chunks)
    bounds = [(i, min(i + step, len(entries))) for i in range(0, len(entries), step)]
    joined = _Joined(len(entries))
    work = partial(_records, conv=conv, glossary=glossary, leaked_word=leaked_word)  # by spawn: sent when it pickles
    for part in process_each(work, [entries[a:b] for a, b in bounds], workers, meanwhile=meanwhile):
        joined.add(part)
    return joined.records()


# ----------------------------------------------------------------------------- cache

def cache_key(entries: list[Entry], conv: LanguageConventions, glossary, hook_id: str,
              digest: str | None = None) -> str:
    h = hashlib.sha256()
    h.update(json.dumps([RECORDS_LAYOUT, metrics.statistics_version(), __version__, surface.sacrebleu_version(),
                         conv.describe(), glossary, hook_id,
                         json.loads(json.dumps(behaviour.settings()))], sort_keys=True).encode())
    h.update((digest or entries_digest(entries)).encode())
    return h.hexdigest()


def corpus_sha256(entries: list[Entry]) -> str:
    """sha256 of "\x1e".join("\x1f".join((id, source, reference, predicted)) …), fed entry by entry: the
    scored card's ``entries_sha256``."""
    h = hashlib.sha256()
    for i, e in enumerate(entries):
        h.update((("\x1e" if i else "") + "\x1f".join((e.id, e.source, e.reference, e.predicted))).encode())
    return h.hexdigest()


def entries_digest(entries: list[Entry], corpus: str | None = None) -> str:
    """A hash of everything a per-entry computation may read from the entries: the :func:`corpus_sha256`
    (``corpus`` when the caller has it), then the other inputs of each entry that has any."""
    h = hashlib.sha256((corpus or corpus_sha256(entries)).encode())
    for i, e in with_more_fields(entries):
        if e.raw_predicted is not None or e.morphological_analysis is not None or e.variants:
            h.update("\x1f".join(
                [f"\x1e{i}", "\x00" if e.raw_predicted is None else e.raw_predicted,
                 "null" if e.morphological_analysis is None else json.dumps(e.morphological_analysis, ensure_ascii=False),
                 *e.variants]).encode())
    return h.hexdigest()


def cached_records(entries: list[Entry], conv: LanguageConventions, glossary=None,
                   leaked_word: Callable[[str], bool] | None = None, hook_id: str = "",
                   use_cache: bool = True, digest: str | None = None,
                   meanwhile: Callable[[], None] = lambda: None) -> tuple[dict, bool]:
    """Per-entry records, from the cache when this exact corpus and configuration was scored before.
    ``meanwhile`` runs when they are computed, while worker processes compute them (work that does
    not need them: the run's consistency, and whatever the caller gives)."""
    done = []

    def also() -> None:
        done.append(behaviour.consistency([e.source for e in entries], [e.predicted for e in entries], glossary))
        meanwhile()

    def compute() -> dict:
        records = compute_records(entries, conv, glossary, leaked_word, meanwhile=also)
        records["consistency"] = done.pop()
        return {**records, "rows": records["rows"].plain(), **{k: shifted.plain(records[k]) for k in STATISTICS}}

    key = cache_key(entries, conv, glossary, hook_id, digest) if use_cache else ""
    records, hit = cached("entries", key, compute, use_cache)
    try:
        rows = Rows.from_plain(records["rows"])
        records = {**records, **{k: shifted.from_plain(records[k]) for k in STATISTICS}}
        if rows.n != len(entries) or any(len(records[k]) != rows.n or len(records["sentence"][k]) != rows.n
                                         for k in STATISTICS):
            raise ValueError("records of another run")
    except (ValueError, KeyError, TypeError):  # a damaged cache file: computed again, never trusted
        records, hit = compute(), False
        rows = Rows.from_plain(records["rows"])
        records = {**records, **{k: shifted.from_plain(records[k]) for k in STATISTICS}}
    return {**records, "rows": rows}, hit
