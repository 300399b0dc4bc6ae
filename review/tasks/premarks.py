"""Candidate error spans for task E, placed before the speaker sees an item (ESA^AI, Zouhar, Kocmi & Sachan
2024, pre-fills them from quality estimation; we have no model offline). Three sources: the language pack's
tools, as its card names them (:func:`tool_marks`); what the output leaves out, as the run card's glossary or
the language's dictionary find it (one "something missing" mark naming the terms); and, needing no language
pack, the reference. A word of the output with no close match among the reference's words
is a candidate: closeness is the mean F-score of the two words' character n-grams (1- to 4-grams, counted as
chrF counts them, case folded, punctuation at the edges set aside), and a word below ``MATCH`` has none.
Neighbouring candidates are one span. Each carries its ``source`` ("reference")."""

from __future__ import annotations

import random
import unicodedata
from collections import Counter
from collections.abc import Collection
from functools import lru_cache

from scoring.errors import BadValue

from .error_spans import Marking

MATCH = 0.5  # below this best F-score against every reference word, a word is a candidate error
ORDERS = (1, 2, 3, 4)


def _core(word: str) -> str:
    """The word without punctuation at its edges, case folded ("" for punctuation alone)."""
    start, end = 0, len(word)
    while start < end and unicodedata.category(word[start]).startswith("P"):
        start += 1
    while end > start and unicodedata.category(word[end - 1]).startswith("P"):
        end -= 1
    return unicodedata.normalize("NFC", word[start:end]).casefold()


@lru_cache(maxsize=1 << 14)
def _grams(word: str) -> tuple[tuple[Counter, int], ...]:
    """The word's character n-gram counts for each order, with their total (kept: an item's words recur in the
    outputs of every system for the same source; the counts are never changed)."""
    return tuple((Counter(word[i:i + n] for i in range(len(word) - n + 1)), max(0, len(word) - n + 1)) for n in ORDERS)


@lru_cache(maxsize=1 << 16)
def _close(a: str, b: str) -> float:
    return closeness(_grams(a), _grams(b))


def closeness(a: tuple[tuple[Counter, int], ...], b: tuple[tuple[Counter, int], ...]) -> float:
    """The mean F1 of two words' character n-gram counts, over the orders both words are long enough for."""
    scores = []
    for (x, x_total), (y, y_total) in zip(a, b):
        if not x_total or not y_total:
            continue
        if len(x) > len(y):
            x, y = y, x
        common = sum(min(count, y[gram]) for gram, count in x.items() if gram in y)
        scores.append(2 * common / (x_total + y_total))
    return sum(scores) / len(scores) if scores else 0.0


def reference_marks(output: str, reference: str, match: float = MATCH) -> list[dict]:
    """The output's words with no close match in the reference, as spans (code-point offsets into ``output``,
    severity "minor" until the speaker re-grades, ``source`` "reference"); [] without a reference."""
    if not reference.strip():
        return []
    known = {_core(w) for w in reference.split()} - {""}
    by_gram: dict[str, list[str]] = {}
    for word in known:
        for gram in _grams(word)[1][0]:  # words that share a bigram
            by_gram.setdefault(gram, []).append(word)
    words = Marking(output).words
    flagged = []
    for index, (start, end) in enumerate(words):
        core = _core(output[start:end])
        if not core or core in known:
            continue
        near = {word for gram in _grams(core)[1][0] for word in by_gram.get(gram, ())}
        if not any(_close(core, word) >= match for word in near):
            flagged.append(index)
    return _joined(output, flagged, "reference")


# ----------------------------------------------------------------------------- what a speaker is served

MODES = ("off", "tools", "tools+reference")  # a campaign's --premark
CONTROL_SHARE = 0.05  # items that carry one control pre-mark, on a word no tool flagged (--premark-control)
SPLIT = 0.0  # the share of a speaker's items served without pre-marks (--premark-split)
MAX_TERMS = 8  # terms named on one "something missing" pre-mark
GLOSSARY = "glossary"  # the source shown for the run card's glossary terms an output lacks


def _joined(output: str, flagged: list[int], source: str) -> list[dict]:
    words = Marking(output).words
    spans: list[dict] = []
    for index in sorted(set(flagged)):
        start, end = words[index]
        if spans and spans[-1]["last"] == index - 1:
            spans[-1].update(end=end, last=index)
        else:
            spans.append({"start": start, "end": end, "severity": "minor", "source": source, "last": index})
    return [{k: v for k, v in s.items() if k != "last"} for s in spans]


def tool_marks(item: dict, language: dict) -> list[dict]:
    """The language pack's own tools, as its card names them for task E (``review.items.E.premarks``: a
    plugin of the scoring, the field of its result that lists words, and the source shown): each word of the
    output a tool flagged; and, for a tool that lists what the output leaves out (``missing``: the source's
    terms the language's dictionary finds unsaid), one "something missing" mark naming them (``terms``) —
    after the run card's glossary terms the output lacks, which come first (one such mark per item)."""
    spec = ((language or {}).get("items") or {}).get("E") or {}
    found = (item.get("extra") or {}).get("lyss") or {}
    output, marks, missing = item["output"] or "", [], _glossary_missing(item)
    words = Marking(output).words
    for tool in spec.get("premarks") or []:
        result = found.get(tool.get("plugin") or "", {})
        result = result if isinstance(result, dict) else {}
        source = str(tool.get("source") or "tool")
        if tool.get("missing"):
            terms = [t for t in result.get(tool["missing"]) or [] if isinstance(t, str) and t.strip()]
            if terms and not missing:
                missing.append({"missing": True, "severity": "minor", "source": source, "terms": terms[:MAX_TERMS]})
            continue
        listed = result.get(tool.get("words") or "", [])
        wanted = {_core(w) for w in listed if isinstance(w, str)}  # a list of words, or an object keyed by word
        flagged = [k for k, (s, e) in enumerate(words) if _core(output[s:e]) in wanted]
        marks += _joined(output, flagged, source)
    return _without_overlaps(marks) + missing


def _glossary_missing(item: dict) -> list[dict]:
    """The run card's glossary, any language: the terms it expected that the output lacks (the scoring's
    terminology misses, kept by the item), as one "something missing" mark."""
    terms = [t for t in (item.get("extra") or {}).get("glossary_misses") or [] if isinstance(t, str) and t.strip()]
    return [{"missing": True, "severity": "minor", "source": GLOSSARY, "terms": terms[:MAX_TERMS]}] if terms else []


def _without_overlaps(marks: list[dict]) -> list[dict]:
    """The marks of words, the first of any that overlap kept; a "something missing" mark stays, last."""
    kept: list[dict] = []
    for m in sorted((m for m in marks if not m.get("missing")), key=lambda m: (m["start"], -m["end"])):
        if not kept or m["start"] >= kept[-1]["end"]:
            kept.append(m)
    return kept + [m for m in marks if m.get("missing")][:1]


def _order(mark: dict) -> tuple:
    return (1, 0) if mark.get("missing") else (0, mark["start"])


def served(item: dict, settings: dict, campaign_id: str, speaker_id: str) -> list[dict]:
    """The pre-marks a speaker is served on an item of a campaign (``settings``: its ``premark`` mode,
    ``premark_control`` and ``premark_split``), each with its ``source`` and whether it is a ``control`` (a
    word no tool flagged, shown as the language's tools' marks are: how often speakers keep those measures
    how far they follow the marks). The same on every laptop: seeded by the campaign, the item and the speaker."""
    mode = settings.get("premark") or "off"
    if mode == "off" or random.Random(f"{campaign_id}|{speaker_id}|{item['id']}|split").random() < \
            settings.get("premark_split", SPLIT):
        return []
    output = item["output"] or ""
    marks = tool_marks(item, settings.get("language") or {})
    if mode == "tools+reference":
        marks = _without_overlaps(marks + reference_marks(output, item.get("reference") or ""))
    marks = [{**m, "control": False} for m in marks]
    chooser = random.Random(f"{campaign_id}|{item['id']}|control")
    if chooser.random() < settings.get("premark_control", CONTROL_SHARE):
        words = Marking(output).words
        free = [k for k, (s, e) in enumerate(words) if _core(output[s:e]) and
                not any(not m.get("missing") and m["start"] < e and m["end"] > s for m in marks)]
        if free:
            start, end = words[chooser.choice(free)]
            shown_as = marks[0]["source"] if marks else "tools"
            marks.append({"start": start, "end": end, "severity": "minor", "source": shown_as, "control": True})
    return sorted(marks, key=_order)


def sources(settings: dict) -> list[str]:
    """The sources a campaign's pre-marks come from, as the speaker sees them named (none when off)."""
    mode = settings.get("premark") or "off"
    if mode == "off":
        return []
    spec = (((settings.get("language") or {}).get("items") or {}).get("E") or {}).get("premarks") or []
    named = [str(t.get("source") or "tool") for t in spec] + [GLOSSARY] + (["reference"] if mode == "tools+reference"
                                                                          else [])
    return list(dict.fromkeys(named))


def placed(mark: dict) -> dict:
    """A pre-mark as the marking screen holds it: a span with its ``premark`` source (and, for "something
    missing", the ``terms`` it names, shown on screen and not kept in the answer)."""
    if mark.get("missing"):
        return {"missing": True, "severity": mark["severity"], "premark": mark["source"],
                "terms": list(mark.get("terms") or [])}
    return {"start": mark["start"], "end": mark["end"], "severity": mark["severity"], "premark": mark["source"]}


def kept(answer: dict) -> list[bool]:
    """For each pre-mark an answer was served with (its ``premarks``), whether the speaker kept it: a span of
    the answer still carries its source at its place (re-graded or not), or "something missing" does."""
    spans = [s for s in answer.get("spans") or [] if isinstance(s, dict) and "premark" in s]
    words = {(s.get("start"), s.get("end")) for s in spans if not s.get("missing")}
    missing = any(s.get("missing") for s in spans)
    return [missing if m.get("missing") else (m.get("start"), m.get("end")) in words
            for m in answer.get("premarks") or []]


def kept_span(mark: dict) -> dict:
    """A pre-mark as an answer keeps it when the speaker leaves it alone: its span and source (the terms of
    "something missing" are shown, not kept)."""
    return {k: v for k, v in placed(mark).items() if k != "terms"}


def check_settings(mode: str | None, control: float | None, split: float | None) -> dict:
    """A campaign's pre-mark settings, checked (one line each: an unknown mode, a split outside [0, 1], a control
    share outside [0, 0.5])."""
    mode = "tools" if mode is None else mode
    if mode not in MODES:
        raise BadValue("--premark", str(mode), f"one of {', '.join(MODES)}")
    control = CONTROL_SHARE if control is None else control
    split = SPLIT if split is None else split
    if not isinstance(control, (int, float)) or not 0 <= control <= 0.5:
        raise BadValue("--premark-control", str(control), "the share of items with a control pre-mark: 0 to 0.5")
    if not isinstance(split, (int, float)) or not 0 <= split <= 1:
        raise BadValue("--premark-split", str(split), "the share of items served without pre-marks: 0 to 1")
    return {"premark": mode, "premark_control": float(control), "premark_split": float(split)}


def joined(answers: dict, proposed: list[dict], dropped: Collection[int]) -> dict:
    """An answer given away from the marking screen (a script, a paper form) with the pre-marks its item was
    served with (``proposed``): those not ``dropped`` (by number from 0) join its spans as placed, and the answer
    records what was proposed. The speaker's own marks win, as on the screen: one on a pre-mark's very words
    re-grades it (kept, with the speaker's severity), one that overlaps it otherwise takes its place (dropped),
    and a "something missing" of their own replaces the proposed one."""
    if not proposed:
        return answers
    own = [dict(s) for s in answers.get("spans", []) if isinstance(s, dict)]
    placed_at = {(s.get("start"), s.get("end")): s for s in own if not s.get("missing")}
    kept_ = []
    for n, mark in enumerate(proposed):
        if n in dropped:
            continue
        if mark.get("missing"):
            regraded = next((s for s in own if s.get("missing")), None)
        else:
            regraded = placed_at.get((mark["start"], mark["end"]))
            if regraded is None and any(not s.get("missing") and s["start"] < mark["end"] and s["end"] > mark["start"]
                                        for s in own):
                continue
        if regraded is not None:
            regraded["premark"] = mark["source"]
        else:
            kept_.append(kept_span(mark))
    return {**answers, "spans": [*own, *kept_], "premarks": proposed}
