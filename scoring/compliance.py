"""Compliance metrics (spec §2.5): structural integrity of an output, raw and post-processed.

``compliance_index`` = 0.6 variable integrity + 0.2 quote compliance + 0.2 casing compliance, over
the checks that apply to the entry (weights renormalised); ``None`` when no check applies.
``repair_effectiveness`` = share of raw-output violations that post-processing removed.
"""

from __future__ import annotations

import re
from collections import Counter

from .behaviour import settings
from .conventions import LanguageConventions
from .text import char_script

_PLACEHOLDER = re.compile(r"\{[^{}\s]*\}")


def _quote_chars(text: str, word_characters: str = "") -> list[str]:
    """Quote characters in a text, ignoring apostrophes inside words (p'unchaw, don't) and characters
    that are letters of the language (Ojibwe's ' in eya')."""
    quotes = settings()["compliance"]["quote_characters"]
    out = []
    for i, ch in enumerate(text):
        if ch not in quotes or ch in word_characters:
            continue
        if ch in "'’" and 0 < i < len(text) - 1 and text[i - 1].isalpha() and text[i + 1].isalpha():
            continue
        out.append(ch)
    return out


CHECK_FIELDS = ("variables", "quotes", "casing", "index", "violations", "bad_quotes")


def check(output: str, source: str, conv: LanguageConventions) -> dict:
    """The three checks on one output. Each is a value in [0, 1] or ``None`` when it does not apply."""
    return dict(zip(CHECK_FIELDS, checked(output, source, conv)))


def checked(output: str, source: str, conv: LanguageConventions) -> tuple:
    """:func:`check`'s values, in the order of ``CHECK_FIELDS``."""
    placeholders = _PLACEHOLDER.findall(source) if "{" in source else ()  # (most sources: none)
    variables = None
    missing_vars = 0
    if placeholders:
        wanted = Counter(placeholders)
        got = Counter(_PLACEHOLDER.findall(output))
        kept = sum((wanted & got).values())
        variables = kept / sum(wanted.values())
        missing_vars = sum(wanted.values()) - kept

    quotes = None
    bad_quotes: list[str] = []
    if conv.quotes is not None:
        used = _quote_chars(output, conv.word_characters)
        if used:
            bad_quotes = sorted({q for q in used if q not in conv.quotes})
            quotes = 0.0 if bad_quotes else 1.0

    casing = None
    if conv.has_case is False:
        stripped = _PLACEHOLDER.sub("", output)
        casing = 0.0 if any(char_script(ch) == "Latn" for ch in stripped) else 1.0

    if variables is None and quotes is None and casing is None:  # no check applies (the same record)
        return None, None, None, None, 0, bad_quotes
    parts = {"variables": variables, "quotes": quotes, "casing": casing}
    weights = settings()["compliance"]["weights"]
    applicable = {k: v for k, v in parts.items() if v is not None}
    index = None
    if applicable:
        index = sum(weights[k] * v for k, v in applicable.items()) / sum(weights[k] for k in applicable)
    violations = missing_vars + (1 if quotes == 0.0 else 0) + (1 if casing == 0.0 else 0)
    return variables, quotes, casing, index, violations, bad_quotes
