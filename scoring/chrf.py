"""chrF++'s per-segment sufficient statistics, exactly as sacrebleu's ``CHRF(word_order=2)`` extracts them
(one reference, six character orders without white space, two word orders with edge punctuation split
off), for a whole batch of segments at once: the matches are counted by :mod:`scoring.ngrams` over code
points and over numbered words. ``tests/test_chrf.py`` holds it to sacrebleu on the shared reports and on
arbitrary text.
"""

from __future__ import annotations

import re

import numpy as np

from .ngrams import clipped_matches, counts_by_order, numbered

CHAR_ORDER, WORD_ORDER = 6, 2
_PUNCTS = frozenset('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~')  # sacrebleu's CHRF._PUNCTS


_PUNCT_CLASS = "[" + "".join(re.escape(c) for c in sorted(_PUNCTS)) + "]"
# a word of two characters or more ending with a mark has it split off; else one starting with a mark. Each expression
# begins with the mark, so that the text is scanned for marks alone (a third of the time of trying every word): a mark
# at a word's start whose word ends with a letter (any character not a mark), then a mark at a word's end
_STARTING_MARK = re.compile(rf"{_PUNCT_CLASS}(?<!\S{_PUNCT_CLASS})(?=\S*[^\s{_PUNCT_CLASS[1:]}(?!\S))")
_ENDING_MARK = re.compile(rf"{_PUNCT_CLASS}(?<=\S{_PUNCT_CLASS})(?!\S)")


def _marks_split(text: str) -> str:
    """The text with a space after each mark split off a word's start and before each split off its end."""
    return _ENDING_MARK.sub(r" \g<0>", _STARTING_MARK.sub(r"\g<0> ", text))


# the statistics' columns that are another plus a constant wherever a segment is long enough (scoring.shifted):
# an order's hypothesis and reference counts are the 1-grams' less the order's length less one
SHIFTED = (*((3 * i + side, side, -i) for i in range(1, CHAR_ORDER) for side in (0, 1)),
           *((3 * (CHAR_ORDER + i) + side, 3 * CHAR_ORDER + side, -i) for i in range(1, WORD_ORDER) for side in (0, 1)))


def _words(sentence: str) -> list[str]:
    """sacrebleu's ``CHRF._remove_punctuation``: one punctuation mark split off a word's end, else its start."""
    return _marks_split(sentence).split()


def _words_of_all(sentences: list[str]) -> list[list[str]]:
    """:func:`_words` of each sentence, the expression run once over the sentences joined by line feeds (a line feed
    is white space: no word reaches across it), unless a sentence holds one."""
    joined = "\n".join(sentences)
    if joined.count("\n") != len(sentences) - 1:
        return [_words(t) for t in sentences]
    return [line.split() for line in _marks_split(joined).split("\n")]


def _words_word_by_word(sentence: str) -> list[str]:
    """:func:`_words` as sacrebleu writes it, a word at a time (what the tests hold the expression to)."""
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


def identical_statistics(texts: list[str]) -> np.ndarray:
    """:func:`corpus_statistics` of segments whose output is their reference: each order's hypothesis, reference and
    match counts are its n-grams' number (the text's characters, or words, less the order's length less one)."""
    chars = np.fromiter((len("".join(t.split())) for t in texts), dtype=np.int64, count=len(texts))
    words = np.fromiter(map(len, _words_of_all(texts)), dtype=np.int64, count=len(texts)) if texts else chars
    total = np.concatenate([counts_by_order(chars, CHAR_ORDER), counts_by_order(words, WORD_ORDER)], axis=1)
    return np.repeat(total, 3, axis=1).astype(np.float64)


def corpus_statistics(predicted: list[str], references: list[str]) -> np.ndarray:
    """The (n × 24) statistics of many segments: [hyp, ref, match] n-gram counts for each of the eight
    orders, as sacrebleu lays them out (a hypothesis total counts only where the reference has n-grams)."""
    n = len(predicted)
    texts = ["".join(p.split()) for p in predicted] + ["".join(r.split()) for r in references]
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=2 * n)
    # every code point (a lone surrogate too, as Python holds it)
    points = np.frombuffer("".join(texts).encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    char_match = clipped_matches(points, lengths, n, CHAR_ORDER, 21)
    char_total = counts_by_order(lengths, CHAR_ORDER)
    words, word_lengths, width = numbered(_words_of_all([*predicted, *references]))
    word_match = clipped_matches(words, word_lengths, n, WORD_ORDER, width)
    word_total = counts_by_order(word_lengths, WORD_ORDER)
    total = np.concatenate([char_total, word_total], axis=1)
    hyp, ref = total[:n], total[n:]
    match = np.concatenate([char_match, word_match], axis=1)
    stats = np.stack([np.where(ref > 0, hyp, 0), ref, match], axis=2)
    return stats.reshape(n, 3 * (CHAR_ORDER + WORD_ORDER)).astype(np.float64)
