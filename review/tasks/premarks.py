"""Candidate error spans for task E, placed before the speaker sees an item (ESA^AI, Zouhar, Kocmi & Sachan
2024, pre-fills them from quality estimation; we have no model offline). This module holds the source that
needs no language pack: the reference. A word of the output with no close match among the reference's words
is a candidate: closeness is the mean F-score of the two words' character n-grams (1- to 4-grams, counted as
chrF counts them, case folded, punctuation at the edges set aside), and a word below ``MATCH`` has none.
Neighbouring candidates are one span. Each carries its ``source`` ("reference")."""

from __future__ import annotations

import unicodedata
from collections import Counter

from .error_spans import Marking

MATCH = 0.5  # below this best F-score against every reference word, a word is a candidate error
ORDERS = (1, 2, 3, 4)


def _core(word: str) -> str:
    """The word without punctuation at its edges, case folded ("" for punctuation alone)."""
    start, end = 0, len(word)
    while start < end and unicodedata.category(word[start]).startswith("P"):
        start += 1
    while end > start and unicodedata.category(word[end - 1]).startswith("P"):
        end -= 1
    return unicodedata.normalize("NFC", word[start:end]).casefold()


def _grams(word: str) -> list[Counter]:
    return [Counter(word[i:i + n] for i in range(len(word) - n + 1)) for n in ORDERS]


def closeness(a: list[Counter], b: list[Counter]) -> float:
    """The mean F1 of two words' character n-gram counts, over the orders both words are long enough for."""
    scores = []
    for x, y in zip(a, b):
        if not x or not y:
            continue
        common = sum((x & y).values())
        scores.append(2 * common / (sum(x.values()) + sum(y.values())))
    return sum(scores) / len(scores) if scores else 0.0


def reference_marks(output: str, reference: str, match: float = MATCH) -> list[dict]:
    """The output's words with no close match in the reference, as spans (code-point offsets into ``output``,
    severity "minor" until the speaker re-grades, ``source`` "reference"); [] without a reference."""
    if not reference.strip():
        return []
    known = {_core(w) for w in reference.split()} - {""}
    grams = [_grams(w) for w in known]
    by_gram: dict[str, list[int]] = {}
    for k, g in enumerate(grams):
        for gram in g[min(1, len(g) - 1)]:
            by_gram.setdefault(gram, []).append(k)
    words = Marking(output).words
    flagged = []
    for index, (start, end) in enumerate(words):
        core = _core(output[start:end])
        if not core or core in known:
            continue
        mine = _grams(core)
        near = {k for gram in mine[min(1, len(mine) - 1)] for k in by_gram.get(gram, ())}
        if max((closeness(mine, grams[k]) for k in near), default=0.0) < match:
            flagged.append(index)
    spans: list[dict] = []
    for index in flagged:
        start, end = words[index]
        if spans and spans[-1]["last"] == index - 1:
            spans[-1].update(end=end, last=index)
        else:
            spans.append({"start": start, "end": end, "severity": "minor", "source": "reference", "last": index})
    return [{k: v for k, v in s.items() if k != "last"} for s in spans]
