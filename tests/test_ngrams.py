"""The batch n-gram matcher (``scoring.ngrams``) against plain counting, and BLEU's statistics counted with it
against sacrebleu's own, on the shared reports and on arbitrary text."""

from __future__ import annotations

from collections import Counter

import numpy as np
from hypothesis import given, settings, strategies as st
from sacrebleu.metrics import BLEU

from helpers import report_texts
from scoring import ngrams, surface
from sizes import examples


def _counted(hyp: list[str], ref: list[str], order: int) -> int:
    grams = [Counter(tuple(t[i:i + order]) for i in range(len(t) - order + 1)) for t in (hyp, ref)]
    return sum(min(c, grams[1][g]) for g, c in grams[0].items())


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.tuples(st.lists(st.sampled_from("abcxyz"), max_size=12),
                          st.lists(st.sampled_from("abcxyz"), max_size=12)), min_size=1, max_size=6))
def test_clipped_matches_are_the_counted_ones(pairs):
    tokens = [h for h, _ in pairs] + [r for _, r in pairs]
    symbols, lengths, width = ngrams.numbered(tokens)
    found = ngrams.clipped_matches(symbols, lengths, len(pairs), 5, width)
    assert found.tolist() == [[_counted(h, r, k) for k in range(1, 6)] for h, r in pairs]


def _sacrebleu(predicted: list[str], references: list[str]) -> np.ndarray:
    return np.asarray(BLEU()._extract_corpus_statistics(predicted, [references]), dtype=float)


def test_bleu_statistics_of_the_shared_reports_are_sacrebleus():
    predicted, references = report_texts()
    metric = BLEU()
    assert np.array_equal(surface.bleu_statistics(metric, predicted, references), _sacrebleu(predicted, references))
    assert metric.get_signature().format() == BLEU(references=[references]).get_signature().format()


TEXT = st.lists(st.sampled_from(list("ab é.(),!-'\t\n\u00a0ᐊᓂ𝒜\ud800") + ["  ", "ab", "abc. ", "1,000", "U.S."]),
                max_size=24).map("".join)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.tuples(TEXT, TEXT), min_size=1, max_size=8))
def test_bleu_statistics_of_any_text_are_sacrebleus(pairs):
    predicted, references = [p for p, _ in pairs], [r for _, r in pairs]
    assert np.array_equal(surface.bleu_statistics(BLEU(), predicted, references), _sacrebleu(predicted, references))


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.tuples(st.lists(st.sampled_from("abcxyz"), max_size=12),
                          st.lists(st.sampled_from("abcxyz"), max_size=12)), min_size=1, max_size=6),
       st.integers(0, 2**20))
def test_symbols_too_wide_to_sort_beside_their_positions_are_numbered_again(pairs, spread):
    """Symbols of up to 60 bits (a position no longer fits beside an n-gram's key) give the same matches: they are
    numbered densely first; and a key order sorted with positions packed beside the keys is an argsort's."""
    tokens = [h for h, _ in pairs] + [r for _, r in pairs]
    symbols, lengths, _ = ngrams.numbered(tokens)
    wide = symbols * np.uint64(2 * spread + 1) + np.uint64(2**59)  # large, and distinct where they were
    assert len(set(wide.tolist())) == len(set(symbols.tolist()))
    found = ngrams.clipped_matches(wide, lengths, len(pairs), 5, 60)
    assert found.tolist() == [[_counted(h, r, k) for k in range(1, 6)] for h, r in pairs]
    keys = wide % np.uint64(7)
    assert keys[ngrams._key_order(keys, 8)].tolist() == keys[ngrams._key_order(keys, 0)].tolist() == sorted(keys.tolist())
