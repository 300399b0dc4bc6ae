"""sacrebleu's tokenisations of many texts at once (``scoring.sacrebleu_tokens``) against the metrics' own, text by text."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st
from sacrebleu.metrics import BLEU, TER

from helpers import report_texts
from scoring import sacrebleu_tokens
from sizes import examples

PIECES = list("ab é.(),!-'\"&;<>/:9\t\n\r\x00\u00a0\u2028ᐊᓂİẞ𝒜\ud800") + [
    "  ", "abc. ", "1,000", "1.5", "U.S.", "-\n", "<skipped>", "&quot;", "&amp;", "&amp;lt;", "&lt;", "&gt;", "3-4"]
TEXT = st.one_of(st.lists(st.sampled_from(PIECES), max_size=24).map("".join), st.text(max_size=30))


def _one_by_one(metric, texts: list[str]) -> list[list[str]]:
    return [metric._preprocess_segment(text).split() for text in texts]


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(TEXT, max_size=8))
def test_bleu_words_are_13a_text_by_text(texts):
    assert sacrebleu_tokens.bleu_words(BLEU(), texts) == _one_by_one(BLEU(), texts)


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(TEXT, max_size=8))
def test_ter_words_are_tercom_text_by_text(texts):
    assert sacrebleu_tokens.ter_words(texts) == _one_by_one(TER(), texts)


def test_other_bleu_settings_go_through_the_metric():
    texts = ["The Cat, sat.", "Ça va?"]
    for metric in (BLEU(lowercase=True), BLEU(tokenize="char"), BLEU(tokenize="none")):
        assert sacrebleu_tokens.bleu_words(metric, texts) == _one_by_one(metric, texts)


def test_the_shared_reports_tokenise_as_sacrebleu_does():
    predicted, references = report_texts()
    texts = [*predicted, *references]
    assert sacrebleu_tokens.bleu_words(BLEU(), texts) == _one_by_one(BLEU(), texts)
    assert sacrebleu_tokens.ter_words(texts) == _one_by_one(TER(), texts)


def test_the_spaced_class_of_13a_is_ascii_only():
    """The marks given spaces are read off the first expression for ASCII alone: no other code point matches it."""
    table, _ = sacrebleu_tokens._expressions_13a()
    first = BLEU().tokenizer._post_tokenizer._re[0][0]
    assert not [c for c in range(128, 0x110000) if first.fullmatch(chr(c))]
    assert len(table) == 29 and table["("] == " ( " and table[" "] == "   " and "." not in table


@settings(max_examples=examples(400), deadline=None)
@given(st.text(max_size=30))
def test_13a_s_last_expressions_match_only_beside_their_marks(text):
    """What lets a batch skip an expression whose marks it does not hold (``MARKS_13A``)."""
    _, rest = sacrebleu_tokens._expressions_13a()
    assert len(rest) == len(sacrebleu_tokens.MARKS_13A)
    for (pattern, _), marks in zip(rest, sacrebleu_tokens.MARKS_13A):
        stripped = text.translate({ord(m): None for m in marks})
        assert pattern.search(stripped) is None
        assert all(pattern.search(f"a{m}b") or pattern.search(f"1{m}") for m in marks)  # (the marks are its own)
