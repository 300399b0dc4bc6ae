"""Clipped n-gram matches of many segments at once, exactly, with numpy: the counting behind chrF++ (character
and word n-grams) and BLEU (word n-grams) for a whole batch.

Each segment is two sequences of symbols (hypothesis and reference), each symbol a small integer (a code
point, a word's number in the batch). Order by order, every position gets the rank of the n-gram it starts
among all n-grams of that order in the batch — built from the rank of its (n − 1)-gram and its n-th symbol,
with the segment part of the first rank — so equal n-grams of one segment share a rank and nothing else
does: no hashing, no collision. One sort per order groups them; a group's match is the smaller of its
hypothesis and reference counts (sacrebleu's ``min(hyp_count, ref_count)`` with one reference). An n-gram
goes on to the next order only when it is on both sides of its segment: a longer one starting with it can
match only there (the sorts shrink with the orders: chrF++ of short segments a quarter faster).
"""

from __future__ import annotations

import numpy as np


def clipped_matches(symbols: np.ndarray, lengths: np.ndarray, n: int, max_order: int, width: int) -> np.ndarray:
    """The (n × max_order) clipped matches of n segments.

    ``symbols`` holds the 2n sequences one after another — the n hypotheses, then the n references —
    ``lengths`` their 2n lengths, and every symbol is below ``2**width``.
    """
    matches = np.zeros((n, max_order))
    size = int(lengths.sum())
    if size == 0:
        return matches
    position_bits = max(1, size.bit_length())
    rank_bits = max(position_bits, int(n).bit_length())
    if rank_bits + width + 1 + position_bits > 64:  # symbols numbered densely, so that a position fits beside its key
        values, symbols = np.unique(symbols, return_inverse=True)
        width = max(1, (len(values) - 1).bit_length())
    packed = rank_bits + width + 1 + position_bits <= 64
    symbols = np.concatenate([symbols.astype(np.uint64), np.zeros(max_order, np.uint64)])  # a last n-gram's end
    text_of = np.repeat(np.arange(2 * n), lengths)
    remaining = np.repeat(np.cumsum(lengths), lengths) - np.arange(size)  # symbols from here to the text's end
    side = (text_of >= n).astype(np.uint64)
    segment = text_of - n * side.astype(np.int64)
    rank = segment.astype(np.uint64)  # order 1: a symbol is its segment and its value
    shift = np.uint64(width)
    at = np.arange(size)  # positions whose n-gram may still match: its (n-1)-gram is on both sides of its segment
    for order in range(1, max_order + 1):
        at = at[remaining[at] >= order]  # where an n-gram of this order starts
        if at.size == 0:
            break  # no text this long, or nothing left that can match: no match of this order or higher
        key = (rank[at] << shift) | symbols[at + order - 1]  # (its (n-1)-gram's rank, its n-th symbol)
        by_key = _key_order((key << np.uint64(1)) | side[at], position_bits if packed else 0)
        key = key[by_key]
        first = np.concatenate([[True], key[1:] != key[:-1]])
        starts = np.flatnonzero(first)
        at = at[by_key]
        in_reference = np.add.reduceat(side[at].astype(np.int64), starts)
        in_hypothesis = np.diff(np.append(starts, len(key))) - in_reference
        matches[:, order - 1] = np.bincount(segment[at[starts]], weights=np.minimum(in_hypothesis, in_reference),
                                            minlength=n)
        if order < max_order:  # each n-gram's rank, for the next order; only those found on both sides go on
            group = np.cumsum(first)  # (a longer n-gram starts with this one: it can match only where this did)
            rank[at] = group.astype(np.uint64)
            at = at[((in_reference > 0) & (in_hypothesis > 0))[group - 1]]
    return matches


def counts_by_order(lengths: np.ndarray, max_order: int) -> np.ndarray:
    """Each sequence's number of n-grams of each order 1 to ``max_order``: its length less the order's less one,
    none below zero."""
    return np.maximum(0, lengths[:, None] - np.arange(max_order))


def _key_order(keys: np.ndarray, position_bits: int) -> np.ndarray:
    """The positions of ``keys`` in ascending order of key (equal keys in any order). With ``position_bits`` each
    key and its position are sorted as one number (a sort of numbers is several times as fast as an argsort)."""
    if not position_bits:
        return np.argsort(keys)
    ordered = np.sort((keys << np.uint64(position_bits)) | np.arange(len(keys), dtype=np.uint64))
    return (ordered & np.uint64((1 << position_bits) - 1)).astype(np.intp)


def numbered(token_lists: list[list[str]]) -> tuple[np.ndarray, np.ndarray, int]:
    """Words as numbers for :func:`clipped_matches`: every token's number (the same word, the same number),
    each list's length, and the bit width of the numbers."""
    numbers: dict[str, int] = {}
    flat = [numbers.setdefault(t, len(numbers)) for tokens in token_lists for t in tokens]
    lengths = np.fromiter(map(len, token_lists), dtype=np.int64, count=len(token_lists))
    return np.asarray(flat, dtype=np.uint64), lengths, max(1, len(numbers).bit_length())
