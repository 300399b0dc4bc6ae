"""sacrebleu's tokenisations of many texts at once — BLEU's ``13a`` and TER's Tercom defaults — token for
token what a metric's own ``_preprocess_segment(text).split()`` gives, without a Python call per match
(tests compare the two on arbitrary text)."""

from __future__ import annotations

import re
from functools import lru_cache


def ter_words(texts: list[str]) -> list[list[str]]:
    """TER's words with the Tercom defaults the spec uses (not normalised, punctuation kept, case folded):
    lower-cased, split at white space."""
    return [text.lower().split() for text in texts]


def bleu_words(metric, texts: list[str]) -> list[list[str]]:
    """BLEU's words: ``13a`` with case kept (sacrebleu's default) for all texts at once; any other setting
    through the metric, text by text. 13a's expressions run once over the texts joined by newlines: each text
    is padded with a space on each side and none of them matches a newline beside a space, so none matches
    across two texts (a text's own newlines are spaces by then).

    The first expression puts a space on each side of each mark of its class: each mark the texts hold is
    replaced on its own (``str.replace``: a tenth of the time of a translation table); a space is in the class
    too, and is left as it is — a space or three, the words and the other expressions' matches are the same
    (they look at marks, digits and whether a character is a digit)."""
    if metric.lowercase or metric.tokenizer.signature() != "13a":
        return [metric._preprocess_segment(text).split() for text in texts]
    if not texts:
        return []
    spaced, rest = _expressions_13a()
    joined = "\n".join([f" {_cleaned_13a(text.rstrip())} " for text in texts])
    for mark, replacement in spaced.items():
        if mark != " " and mark in joined:
            joined = joined.replace(mark, replacement)
    for (pattern, replacement), marks in zip(rest, MARKS_13A):
        if any(mark in joined for mark in marks):  # (each matches only where one of its marks is)
            joined = pattern.sub(replacement, joined)
    return [line.split() for line in joined.split("\n")]


MARKS_13A = (".,", ".,", "-")  # the characters 13a's last three expressions each match only beside (tests check them)


def _cleaned_13a(line: str) -> str:
    """13a's language-independent part: ``<skipped>`` dropped, lines joined, four HTML entities decoded."""
    if "<" in line:
        line = line.replace("<skipped>", "")
    if "\n" in line:
        line = line.replace("-\n", "").replace("\n", " ")
    if "&" in line:
        line = line.replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    return line


@lru_cache(maxsize=1)
def _expressions_13a() -> tuple[dict[str, str], list[tuple[re.Pattern, str]]]:
    """13a's regular expressions, read off sacrebleu's own: the first (one space each side of every character
    of a class) as each character's replacement — its class is ASCII only, a test checks every code point — and
    the other three as they are."""
    from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a  # deferred: sacrebleu is imported to score
    expressions = Tokenizer13a()._post_tokenizer._re
    first, _ = expressions[0]
    return {chr(c): f" {chr(c)} " for c in range(128) if first.fullmatch(chr(c))}, list(expressions[1:])
