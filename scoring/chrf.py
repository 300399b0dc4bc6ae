"""chrF++'s per-segment sufficient statistics, exactly as sacrebleu's ``CHRF(word_order=2)`` extracts them
(one reference, six character orders without white space, two word orders with edge punctuation split
off), in about half the time: each order's n-grams are counted into a plain dict by the C counting
loop ``Counter`` itself uses, without ``Counter``'s per-call checks, and only the n-grams the two sides
share are compared. ``tests/test_chrf.py`` holds it to sacrebleu on the shared reports and on
arbitrary text.
"""

from __future__ import annotations

from typing import Iterable

import numpy as np

try:  # the C loop behind Counter(iterable); pure Python where an interpreter lacks it
    from collections import _count_elements as _count_into  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover
    def _count_into(counts: dict, items: Iterable) -> None:
        for item in items:
            counts[item] = counts.get(item, 0) + 1

CHAR_ORDER, WORD_ORDER = 6, 2
_PUNCTS = frozenset('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~')  # sacrebleu's CHRF._PUNCTS


def _words(sentence: str) -> list[str]:
    """sacrebleu's ``CHRF._remove_punctuation``: one punctuation mark split off a word's end, else its start."""
    out: list[str] = []
    for w in sentence.split():
        if len(w) == 1:
            out.append(w)
        elif w[-1] in _PUNCTS:
            out += [w[:-1], w[-1]]
        elif w[0] in _PUNCTS:
            out += [w[0], w[1:]]
        else:
            out.append(w)
    return out


class _Side:
    """One sentence's n-grams: every character n-gram of orders 1–6 in one dict (an n-gram's order is its
    length), every word unigram and bigram in another (a bigram holds one space), and the totals."""

    __slots__ = ("chars", "words", "totals")

    def __init__(self, sentence: str):
        chars = "".join(sentence.split())
        words = _words(sentence)
        self.chars: dict = {}
        _count_into(self.chars, [chars[i:i + n] for n in range(1, CHAR_ORDER + 1)
                                 for i in range(len(chars) - n + 1)])
        self.words: dict = {}
        _count_into(self.words, words)
        _count_into(self.words, [f"{a} {b}" for a, b in zip(words, words[1:])])
        self.totals = [max(0, len(chars) - n + 1) for n in range(1, CHAR_ORDER + 1)] + \
                      [len(words), max(0, len(words) - 1)]


def segment_statistics(predicted: str, reference: str) -> list[int]:
    """[hyp, ref, match] n-gram counts for each of the eight orders (24 numbers)."""
    return _statistics(_Side(predicted), _Side(reference))


def _statistics(hyp: _Side, ref: _Side) -> list[int]:
    matches = [0] * (CHAR_ORDER + WORD_ORDER)
    for gram in hyp.chars.keys() & ref.chars.keys():
        a, b = hyp.chars[gram], ref.chars[gram]
        matches[len(gram) - 1] += a if a < b else b
    for gram in hyp.words.keys() & ref.words.keys():
        a, b = hyp.words[gram], ref.words[gram]
        matches[CHAR_ORDER + gram.count(" ")] += a if a < b else b
    stats: list[int] = []
    for k in range(CHAR_ORDER + WORD_ORDER):
        stats += [hyp.totals[k] if ref.totals[k] else 0, ref.totals[k], matches[k]]
    return stats


def corpus_statistics(predicted: list[str], references: list[str]) -> np.ndarray:
    """The (n × 24) statistics of many segments."""
    return np.asarray([segment_statistics(p, r) for p, r in zip(predicted, references)],
                      dtype=np.float64).reshape(-1, 3 * (CHAR_ORDER + WORD_ORDER))

