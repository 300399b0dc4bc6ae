"""chrF++'s per-segment sufficient statistics, exactly as sacrebleu's ``CHRF(word_order=2)`` extracts them
(one reference, six character orders without white space, two word orders with edge punctuation split
off), for a whole batch of segments at once.

Character n-grams are counted for all segments together with numpy, exactly (no hashing): every position
of every text gets, order by order, the rank of the n-gram it starts among all n-grams of that order in the
batch, built from the rank of its (n − 1)-gram and its n-th code point; one sort per order groups equal
n-grams of the same segment, and each group's match is the smaller of its hypothesis and reference counts.
Word unigrams and bigrams (a few per sentence) are counted per segment into plain dicts by the C loop
``Counter`` itself uses. ``tests/test_chrf.py`` holds it to sacrebleu on the shared reports and on
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


def _word_statistics(predicted: str, reference: str) -> tuple[int, int, int, int, int, int]:
    """Hypothesis and reference totals and matches of word unigrams and bigrams (a bigram holds one space)."""
    hyp_words, ref_words = _words(predicted), _words(reference)
    hyp: dict = {}
    ref: dict = {}
    _count_into(hyp, hyp_words)
    _count_into(hyp, [f"{a} {b}" for a, b in zip(hyp_words, hyp_words[1:])])
    _count_into(ref, ref_words)
    _count_into(ref, [f"{a} {b}" for a, b in zip(ref_words, ref_words[1:])])
    matches = [0, 0]
    for gram in hyp.keys() & ref.keys():
        a, b = hyp[gram], ref[gram]
        matches[gram.count(" ")] += a if a < b else b
    return (len(hyp_words), len(ref_words), matches[0],
            max(0, len(hyp_words) - 1), max(0, len(ref_words) - 1), matches[1])


def _char_statistics(hyps: list[str], refs: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The (n × 6) hypothesis totals, reference totals and matches of character n-grams of orders 1–6 of
    n segments (texts without white space)."""
    n = len(hyps)
    texts = hyps + refs
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=2 * n)
    totals = np.maximum(0, lengths[:, None] - np.arange(CHAR_ORDER))
    matches = np.zeros((n, CHAR_ORDER))
    size = int(lengths.sum())
    if size == 0:
        return totals[:n], totals[n:], matches
    # every code point (a lone surrogate too, as Python holds it), then each position's text, side, segment
    points = np.frombuffer("".join(texts).encode("utf-32-le", "surrogatepass"), dtype=np.uint32).astype(np.uint64)
    points = np.concatenate([points, np.zeros(CHAR_ORDER, np.uint64)])  # the n-th point of a last n-gram
    text_of = np.repeat(np.arange(2 * n), lengths)
    remaining = np.repeat(np.cumsum(lengths), lengths) - np.arange(size)  # characters from here to the text's end
    side = (text_of >= n).astype(np.uint64)
    segment = text_of - n * side.astype(np.int64)
    rank = segment.astype(np.uint64)  # order 1: a character is its segment and code point
    for order in range(1, CHAR_ORDER + 1):
        at = np.flatnonzero(remaining >= order)  # positions where an n-gram of this order starts
        if at.size == 0:
            break  # no text this long: no n-gram of this order or higher
        key = (rank[at] << np.uint64(21)) | points[at + order - 1]  # (its (n-1)-gram's rank, its n-th point)
        by_key = np.argsort((key << np.uint64(1)) | side[at])  # equal n-grams together, hypothesis first
        key = key[by_key]
        first = np.concatenate([[True], key[1:] != key[:-1]])
        starts = np.flatnonzero(first)
        in_reference = np.add.reduceat(side[at][by_key].astype(np.int64), starts)
        in_hypothesis = np.diff(np.append(starts, len(key))) - in_reference
        matches[:, order - 1] = np.bincount(segment[at[by_key[starts]]],
                                            weights=np.minimum(in_hypothesis, in_reference), minlength=n)
        if order < CHAR_ORDER:  # each position's n-gram rank (the segment is part of it), for the next order
            rank[at[by_key]] = np.cumsum(first).astype(np.uint64)
    return totals[:n], totals[n:], matches


def corpus_statistics(predicted: list[str], references: list[str]) -> np.ndarray:
    """The (n × 24) statistics of many segments: [hyp, ref, match] n-gram counts for each of the eight
    orders, as sacrebleu lays them out (a hypothesis total counts only where the reference has n-grams)."""
    n = len(predicted)
    hyp, ref, match = _char_statistics(["".join(p.split()) for p in predicted],
                                       ["".join(r.split()) for r in references])
    words = np.asarray([_word_statistics(p, r) for p, r in zip(predicted, references)],
                       dtype=np.int64).reshape(n, WORD_ORDER, 3)
    hyp = np.concatenate([hyp, words[:, :, 0]], axis=1)
    ref = np.concatenate([ref, words[:, :, 1]], axis=1)
    match = np.concatenate([match, words[:, :, 2]], axis=1)
    stats = np.stack([np.where(ref > 0, hyp, 0), ref, match], axis=2)
    return stats.reshape(n, 3 * (CHAR_ORDER + WORD_ORDER)).astype(np.float64)
