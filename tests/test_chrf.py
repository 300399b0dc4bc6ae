"""chrF++ statistics counted by ``scoring.chrf`` (a batch at once) are sacrebleu's own, on the shared reports and on
any text, whatever the batch."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st
from sacrebleu.metrics import CHRF

from helpers import report_texts
from scoring import chrf
from sizes import examples


def _sacrebleu(predicted: list[str], references: list[str]) -> np.ndarray:
    return np.asarray(CHRF(word_order=2)._extract_corpus_statistics(predicted, [references]), dtype=float)


def test_the_shared_reports_count_as_sacrebleu_counts():
    predicted, references = report_texts()
    assert len(predicted) > 100
    assert np.array_equal(chrf.corpus_statistics(predicted, references), _sacrebleu(predicted, references))


# letters, punctuation, white space of several kinds, syllabics, a character beyond the BMP and a lone
# surrogate (a Python string may hold one); runs long enough for every order
TEXT = st.lists(st.sampled_from(list("ab é.(),!-'\t\n\u00a0ᐊᓂ𝒜\ud800") + ["  ", "ab", "abcdefg"]),
                max_size=24).map("".join)


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.tuples(TEXT, TEXT), min_size=1, max_size=8))
def test_any_text_counts_as_sacrebleu_counts(pairs):
    predicted, references = [p for p, _ in pairs], [r for _, r in pairs]
    assert np.array_equal(chrf.corpus_statistics(predicted, references), _sacrebleu(predicted, references))


# every mark sacrebleu splits off, beside letters and white space of every kind str.split() splits at
EDGES = st.lists(st.sampled_from(list("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ab é \t\n\x1c\u00a0\u2028ᐊ")), max_size=16)


@settings(max_examples=examples(2000), deadline=None)
@given(EDGES.map("".join))
def test_words_split_by_one_expression_as_sacrebleu_splits_them_word_by_word(text):
    assert chrf._words(text) == chrf._words_word_by_word(text) == CHRF(word_order=2)._remove_punctuation(text)


@settings(max_examples=examples(500), deadline=None)
@given(st.lists(EDGES.map("".join), max_size=6))
def test_many_sentences_split_at_once_as_each_alone(texts):
    """The expression run once over sentences joined by line feeds splits each as it splits it alone (and a
    sentence holding a line feed of its own is split alone)."""
    assert chrf._words_of_all(texts) == [chrf._words(t) for t in texts]


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.tuples(TEXT, TEXT, st.booleans()), min_size=1, max_size=8))
def test_outputs_that_are_their_references_count_as_sacrebleu_counts(triples):
    """A segment whose output is its reference is counted from its lengths (no matching): chrF++'s, BLEU's and TER's
    statistics of a batch of such segments and others are sacrebleu's own."""
    from sacrebleu.metrics import BLEU, TER
    from scoring import surface
    references = [r for _, r, _ in triples]
    predicted = [r if same else p for p, r, same in triples]
    found = surface.batch_statistics(predicted, references)
    for name, metric in (("chrf", CHRF(word_order=2)), ("bleu", BLEU()), ("ter", TER())):
        want = np.asarray(metric._extract_corpus_statistics(predicted, [references]), dtype=float)
        assert np.array_equal(found[name], want), name
