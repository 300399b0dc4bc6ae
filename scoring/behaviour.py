"""Behavioural metrics (spec §2.4): code-switching, hallucination, terminology, consistency.

They detect failure modes rather than measure quality. Every threshold and weight is in
``scoring/data/behaviour.json``; ``docs/metrics.md`` explains each rule.
"""

from __future__ import annotations

import re
from array import array
from collections import Counter
from functools import lru_cache
from typing import Callable

import numpy as np

from .conventions import LanguageConventions
from .text import lowered_tokens, normalize_exact, token_script, word_tokens, word_tokens_once
from .files import packaged_json


@lru_cache(maxsize=None)
def settings() -> dict:
    return packaged_json("scoring", "data/behaviour.json")


@lru_cache(maxsize=None)
def stop_words() -> frozenset[str]:
    data = packaged_json("scoring", "data/stopwords.json")
    return frozenset(data["words"])


# ----------------------------------------------------------------------------- code-switching

CODE_SWITCHING_FIELDS = ("tokens", "leaked", "wrong_script", "copied_run", "wordlist", "leaked_words")


def code_switching(predicted: str, source: str, conv: LanguageConventions,
                   is_leaked_word: Callable[[str], bool] | None = None) -> dict:
    """Output words in the source language: wrong-script tokens, runs copied from the source, and
    (through a language plugin) words a plugin recognises as source-language words.

    Returns counts; the rate is ``leaked / tokens``.
    """
    return dict(zip(CODE_SWITCHING_FIELDS, code_switching_found(predicted, source, conv, is_leaked_word)))


def code_switching_found(predicted: str, source: str, conv: LanguageConventions,
                         is_leaked_word: Callable[[str], bool] | None = None) -> tuple:
    """:func:`code_switching`'s values, in the order of ``CODE_SWITCHING_FIELDS`` (many entries' made into columns
    with no dict for each)."""
    tokens = word_tokens(predicted, conv.word_characters)
    allowed = conv.allowed_scripts
    # (a token of ASCII is of Latin letters: every token holds a letter)
    wrong = ([("Latn" if t.isascii() else token_script(t)) not in allowed for t in tokens] if allowed
             else [False] * len(tokens))
    k = settings()["code_switching"]["copied_run_min_tokens"]
    copied = _copied_runs(lowered_tokens(predicted, conv.word_characters), source, k) if len(tokens) >= k else None
    if not is_leaked_word and True not in wrong and copied is None:  # most outputs: nothing leaked
        return len(tokens), 0, 0, 0, 0, []
    copied = copied or [False] * len(tokens)
    if is_leaked_word:
        by_word = [not w and not c and is_leaked_word(t) for t, w, c in zip(tokens, wrong, copied)]
    else:
        by_word = [False] * len(tokens)
    leaked = [w or c or b for w, c, b in zip(wrong, copied, by_word)]
    return (len(tokens), sum(leaked), sum(wrong), sum(c and not w for c, w in zip(copied, wrong)), sum(by_word),
            [t for t, flag in zip(tokens, leaked) if flag])


def _copied_runs(low: tuple[str, ...], source: str, k: int) -> list[bool] | None:
    """Which of the output's (lower-cased) words are in a run of ``k`` or more found word for word in the source's,
    or None when none is. The source's words are joined by spaces and each run of the output's looked for in
    them with spaces around it: no word holds a space, so it is found only where the source has those words in
    that order (what a set of the source's k-grams finds, with no tuple made for each)."""
    src = lowered_tokens(source)
    if len(src) < k:
        return None
    joined = " " + " ".join(src) + " "
    said = " " + " ".join(low) + " "
    spaces = [0]  # where the space before each word of the output is in ``said`` (and the last one)
    for word in low:
        spaces.append(spaces[-1] + len(word) + 1)
    marks = None
    for i in range(len(low) - k + 1):
        if said[spaces[i]:spaces[i + k] + 1] in joined:
            if marks is None:
                marks = [False] * len(low)
            marks[i:i + k] = [True] * k
    return marks


# ----------------------------------------------------------------------------- hallucination

def _repetition(tokens: list[str], minimum: int | None = None) -> float:
    """Share of repeated word bigrams (0 = none repeated) among at least ``minimum`` tokens (default: the
    settings')."""
    if len(tokens) < (settings()["hallucination"]["repetition_min_tokens"] if minimum is None else minimum):
        return 0.0
    grams = list(zip(tokens, tokens[1:]))
    return 1.0 - len(set(grams)) / len(grams)


_SENTENCE_END = re.compile(r"[.!?。！？]$")


def _capitalised_non_initial(text: str) -> list[str]:
    if text.islower():  # every cased character lower-case: no word starts with a capital (most outputs)
        return []
    out, initial = [], True
    for raw in text.split():
        tokens = word_tokens(raw)
        if tokens and not initial and tokens[0][:1].isupper():
            out.append(tokens[0])
        if tokens:
            initial = bool(_SENTENCE_END.search(raw))
    return out


HALLUCINATION_FIELDS = ("length", "repetition", "entity", "echo", "rate")


def hallucination(predicted: str, source: str, reference: str, conv: LanguageConventions) -> dict:
    """:func:`hallucination_found` as a dict (``HALLUCINATION_FIELDS``)."""
    return dict(zip(HALLUCINATION_FIELDS, hallucination_found(predicted, source, reference, conv)))


def hallucination_found(predicted: str, source: str, reference: str, conv: LanguageConventions) -> tuple:
    """Four signals of fabricated content, each in [0, 1], and their weighted rate.

    - length: output much longer than the reference (ratio from ``length_ratio_start`` to ``_full``);
    - repetition: repeated bigrams beyond what the reference itself repeats;
    - entity: capitalised, non-sentence-initial output words found in neither source nor reference
      (only for scripts with case);
    - echo: the output repeats the source instead of translating it.
    """
    cfg = settings()["hallucination"]
    ratio = len(predicted) / len(reference) if reference else 0.0
    start, full = cfg["length_ratio_start"], cfg["length_ratio_full"]
    length = min(1.0, max(0.0, (ratio - start) / (full - start)))
    if predicted == reference and not length:  # an output that is its reference repeats, names and echoes only what
        return _NO_SIGNAL                       # the reference does: no signal (the tests hold _signals to it)
    return _signals(predicted, source, reference, conv, length)


_NO_SIGNAL = (0.0, 0.0, 0.0, 0.0, 0.0)  # (length, repetition, entity, echo, rate)


def _signals(predicted: str, source: str, reference: str, conv: LanguageConventions, length: float) -> tuple:
    """:func:`hallucination` of an output, its length's signal given."""
    cfg = settings()["hallucination"]
    out_tokens, ref_tokens = lowered_tokens(predicted), lowered_tokens(reference)
    minimum = cfg["repetition_min_tokens"]
    repetition = max(0.0, _repetition(out_tokens, minimum) - _repetition(ref_tokens, minimum))

    source_words = None
    entity = 0.0
    if conv.has_case is not False:
        capitalised = _capitalised_non_initial(predicted)
        if capitalised:
            source_words = set(lowered_tokens(source))
            known = source_words | set(ref_tokens)
            entity = sum(t.lower() not in known for t in capitalised) / len(capitalised)

    echo = 0.0
    said = normalize_exact(predicted)
    if said and said == normalize_exact(source) and normalize_exact(source) != normalize_exact(reference):
        echo = 1.0
    elif out_tokens:
        if source_words is None:
            source_words = set(lowered_tokens(source))
        src_set = source_words - set(ref_tokens)
        share = sum(t in src_set for t in out_tokens) / len(out_tokens)
        echo = share if share >= cfg["echo_min_share"] else 0.0

    if not (length or repetition or entity or echo):  # most outputs: no signal (each rounds to 0.0, and their sum)
        return _NO_SIGNAL
    parts = {"length": length, "repetition": repetition, "entity": entity, "echo": echo}
    rate = sum(cfg["weights"][k] * v for k, v in parts.items())
    return (*(round(v, 6) for v in parts.values()), round(min(1.0, rate), 6))


# ----------------------------------------------------------------------------- terminology

@lru_cache(maxsize=4096)
def _term_pattern(term: str) -> re.Pattern:
    return re.compile(r"(?<!\w)" + re.escape(normalize_exact(term)) + r"(?!\w)")


def terminology(predicted: str, source: str, glossary: dict[str, list[str]] | None) -> dict:
    """Glossary terms present in the source, and how many of them the output renders acceptably."""
    if not glossary:
        return {"matched": 0, "total": 0, "misses": []}
    src, out = normalize_exact(source), normalize_exact(predicted)
    matched, total, misses = 0, 0, []
    for term, targets in glossary.items():
        if _term_pattern(term).search(src):
            total += 1
            if any(normalize_exact(t) in out for t in targets):
                matched += 1
            else:
                misses.append(term)
    return {"matched": matched, "total": total, "misses": misses}


# ----------------------------------------------------------------------------- consistency

def _glossary_renderings(sources, outputs, glossary):
    occurrences: dict[str, list[str]] = {}
    for src, out in zip(sources, outputs):
        nsrc, nout = normalize_exact(src), normalize_exact(out)
        for term, targets in glossary.items():
            if _term_pattern(term).search(nsrc):
                found = next((normalize_exact(t) for t in targets if normalize_exact(t) in nout), "∅")
                occurrences.setdefault(term, []).append(found)
    return {t: Counter(r).most_common(1)[0][1] for t, r in occurrences.items()
            if len(r) >= settings()["consistency"]["min_occurrences"]}, \
        {t: len(r) for t, r in occurrences.items() if len(r) >= settings()["consistency"]["min_occurrences"]}


def _free_renderings(sources, outputs):
    cfg = settings()["consistency"]
    stops = stop_words()
    words, starts = _distinct_words(outputs)
    df = np.bincount(words)  # how many outputs hold each word
    where: dict[str, array] = {}
    shortest = cfg["min_term_letters"]
    for i, s in enumerate(sources):
        terms = {low for t in word_tokens_once(s)
                 if len(t) >= shortest and t.isalpha() and (low := t.lower()) not in stops}
        for t in terms:
            found = where.get(t)
            if found is None:
                found = where[t] = array("q")
            found.append(i)
    best, counts = {}, {}
    for term, idx in where.items():
        if len(idx) < cfg["min_occurrences"]:
            continue
        limit = cfg["max_rendering_document_frequency_factor"] * len(idx)
        held, together = np.unique(_words_of(words, starts, np.frombuffer(idx, dtype=np.int64)), return_counts=True)
        together = together[df[held] <= limit]  # each output word of the term's entries not frequent everywhere
        top = int(together.max()) if together.size else 0
        best[term], counts[term] = max(1, top), len(idx)
    return best, counts


def _distinct_words(outputs) -> tuple[np.ndarray, np.ndarray]:
    """Each output's distinct words (lower-cased) as numbers, one output after another, and where each output's
    begin (one more at the end): a million outputs' words in a few MB, counted with numpy."""
    numbers: dict[str, int] = {}
    flat, starts = array("q"), array("q", [0])
    for o in outputs:
        flat.extend({numbers.setdefault(t.lower(), len(numbers)): None for t in word_tokens_once(o)})
        starts.append(len(flat))
    return np.frombuffer(flat, dtype=np.int64), np.frombuffer(starts, dtype=np.int64)


def _words_of(words: np.ndarray, starts: np.ndarray, entries: np.ndarray) -> np.ndarray:
    """The distinct words of some outputs, one after another (each output's own, so a word counts once an output)."""
    begin, end = starts[entries], starts[entries + 1]
    lengths = end - begin
    offsets = np.repeat(begin - np.concatenate([[0], np.cumsum(lengths)[:-1]]), lengths)
    return words[np.arange(int(lengths.sum())) + offsets]


def consistency(sources: list[str], outputs: list[str], glossary: dict[str, list[str]] | None) -> dict:
    """Cross-entry consistency (spec §2.4, planned → built): for source terms repeated across entries,
    the share of their occurrences rendered the same way.

    With a glossary, a term's rendering is the acceptable target found in the output (or none). Without
    one, source content words repeated in ≥ 2 entries are the terms and a term's rendering is the output
    word most often present in those entries' outputs (words frequent across the whole output are
    skipped). The score pools all terms: Σ most-common-rendering counts / Σ occurrences.
    """
    if glossary:
        best, counts = _glossary_renderings(sources, outputs, glossary)
        method = "glossary"
    else:
        best, counts = _free_renderings(sources, outputs)
        method = "repeated source words"
    total = sum(counts.values())
    if total == 0:
        return {"value": None, "terms": 0, "method": method,
                "reason": "no source term occurs in two or more entries"}
    return {"value": sum(best.values()) / total, "terms": len(counts), "occurrences": total, "method": method}
