"""Task E, Error Span Annotation (ESA; Kocmi et al., WMT 2024): the error spans a speaker marks in an
output, checked against that output, and the MQM-style segment score they give; then a 0–100 score.

A span is ``{"start": S, "end": E, "severity": …}`` with code-point offsets into the output
(``output[S:E]`` is the marked text), or ``{"missing": true, "severity": …}`` for something left out.
The severities and their MQM weights (minor −1, major −5) are data: ``review/data/tasks.json``."""

from __future__ import annotations

import json
import re
from typing import Any

from scoring.errors import BadValue, FileProblem

from .base import Task, data
from .words import rejected_words  # noqa: F401 (hints: the words task C asks about)

MAX_SPANS = 200
MQM_MEANING = "the MQM-style score of the error spans (minor −1, major −5)"


def severities() -> dict[str, float]:
    """Severity → MQM weight, from the task's definition."""
    spans = next(q for q in data("tasks.json")[ErrorSpans.code]["questions"] if q["id"] == "spans")
    return {s["value"]: float(s["mqm"]) for s in spans["severities"]}


def check_spans(spans: Any, output: str | None) -> list[dict]:
    """The spans, checked (offsets inside ``output`` when it is given, no overlaps, known severities) and
    in a canonical order (by offset, missing last); a problem is one :class:`BadValue` line."""
    if not isinstance(spans, list):
        raise BadValue("answers", "spans", "must be a list of spans")
    if len(spans) > MAX_SPANS:
        raise BadValue("answers", "spans", f"more than {MAX_SPANS} spans")
    known = severities()
    marked, missing = [], []
    for k, span in enumerate(spans):
        place = f"spans[{k}]"
        if not isinstance(span, dict) or span.get("severity") not in known:
            raise BadValue("answers", place, f"needs a severity: one of {', '.join(known)}")
        if span.get("missing") is True and set(span) - {"premark"} == {"missing", "severity"}:
            _check_source(span, place)
            missing.append({"missing": True, "severity": span["severity"],
                            **({"premark": span["premark"]} if "premark" in span else {})})
            continue
        if set(span) - {"premark"} != {"start", "end", "severity"}:
            raise BadValue("answers", place, "a span is {start, end, severity} or {missing: true, severity} (with "
                                             "premark: its source, when it was a pre-mark kept)")
        _check_source(span, place)
        start, end = span["start"], span["end"]
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (start, end)) or not 0 <= start < end:
            raise BadValue("answers", place, f"offsets {start!r}–{end!r} are not 0 ≤ start < end")
        if output is not None and end > len(output):
            raise BadValue("answers", place, f"offsets {start}–{end} lie outside the output "
                                             f"({len(output)} characters)")
        marked.append({"start": start, "end": end, "severity": span["severity"],
                       **({"premark": span["premark"]} if "premark" in span else {})})
    marked.sort(key=lambda s: (s["start"], s["end"]))
    for before, after in zip(marked, marked[1:]):
        if after["start"] < before["end"]:
            raise BadValue("answers", "spans", f"spans {before['start']}–{before['end']} and "
                                               f"{after['start']}–{after['end']} overlap")
    return marked + missing


def _check_source(span: dict, place: str) -> None:
    if "premark" in span and not (isinstance(span["premark"], str) and 0 < len(span["premark"]) <= 40):
        raise BadValue("answers", f"{place} premark", "the source of a pre-mark kept: a short text")


def _check_missing_premark(m: dict, place: str) -> dict:
    terms = m.get("terms", [])
    if set(m) - {"terms"} != {"missing", "severity", "source", "control"} or m["missing"] is not True or \
            m["severity"] not in severities() or m["control"] is not False or \
            not (isinstance(m["source"], str) and 0 < len(m["source"]) <= 40) or not isinstance(terms, list) or \
            len(terms) > 20 or not all(isinstance(t, str) and 0 < len(t) <= 80 for t in terms):
        raise BadValue("answers", place, "a pre-mark of something missing is {missing: true, severity, source, "
                                         "control: false, terms: a list of short texts}")
    return {"missing": True, "severity": m["severity"], "source": m["source"], "control": False, "terms": terms}


def check_premarks(premarks: Any, output: str | None) -> list[dict]:
    """The pre-marks an item was served with (``review.tasks.premarks.served``): each {start, end, severity,
    source, control} inside the output, or {missing: true, severity, source, control, terms}, in order."""
    if not isinstance(premarks, list) or len(premarks) > MAX_SPANS:
        raise BadValue("answers", "premarks", f"must be a list of at most {MAX_SPANS} pre-marks")
    out = []
    for k, m in enumerate(premarks):
        place = f"premarks[{k}]"
        if isinstance(m, dict) and m.get("missing") is not None:
            out.append(_check_missing_premark(m, place))
            continue
        if not isinstance(m, dict) or set(m) != {"start", "end", "severity", "source", "control"}:
            raise BadValue("answers", place, "a pre-mark is {start, end, severity, source, control}")
        ok = all(isinstance(m[v], int) and not isinstance(m[v], bool) for v in ("start", "end")) and \
            0 <= m["start"] < m["end"] and (output is None or m["end"] <= len(output))
        if not ok or m["severity"] not in severities() or not isinstance(m["control"], bool) or \
                not (isinstance(m["source"], str) and 0 < len(m["source"]) <= 40):
            raise BadValue("answers", place, "offsets inside the output, a known severity, a short source and "
                                             "control true or false")
        out.append({k: m[k] for k in ("start", "end", "severity", "source", "control")})
    return sorted(out, key=lambda m: (1, 0) if m.get("missing") else (0, m["start"]))


def mqm_score(spans: list[dict]) -> float:
    """The MQM-style score of one answer: the sum of its spans' severity weights (0 for no error)."""
    weights = severities()
    return float(sum(weights[s["severity"]] for s in spans))


# ----------------------------------------------------------------------------- marking, word by word

def word_span(words: list[tuple[int, int]], start: int, end: int) -> str:
    """A span of code points in a form's word numbers (from 1): ``"2"``, ``"2-3"``; ``""`` when no word is in it."""
    inside = [n for n, (a, b) in enumerate(words, 1) if a < end and b > start]
    return "" if not inside else str(inside[0]) if len(inside) == 1 else f"{inside[0]}-{inside[-1]}"


class Marking:
    """The state of marking one output, word by word, as the review screen drives it (no Qt here).

    The words are the output's runs of non-space characters; one more position after the last word stands
    for "something missing". ``cursor`` is a word position; ``anchor`` is where a Shift-selection started."""

    def __init__(self, text: str, spans: list[dict] | None = None):
        self.text = text
        self.words = [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]
        self.spans: list[dict] = [dict(s) for s in spans or []]
        self.cursor = 0
        self.anchor: int | None = None

    @property
    def missing_position(self) -> int:
        return len(self.words)

    def move(self, step: int, extend: bool = False) -> None:
        """Move the cursor ``step`` words (Shift: extend the selection; the missing position is never part
        of a selection)."""
        if extend and self.words:
            last = len(self.words) - 1
            if self.anchor is None:
                self.anchor = min(self.cursor, last)
        else:
            self.anchor, last = None, self.missing_position
        self.cursor = min(max(self.cursor + step, 0), last)

    def go_to(self, position: int, extend: bool = False) -> None:
        self.move(position - self.cursor, extend)

    def selection(self) -> tuple[int, int]:
        """The selected words, first and last (inclusive)."""
        if self.anchor is None:
            return self.cursor, self.cursor
        return min(self.anchor, self.cursor), max(self.anchor, self.cursor)

    def mark(self, severity: str) -> None:
        """Mark the selection (or "something missing" at the missing position) with ``severity``; marks it
        overlaps are replaced."""
        if severity not in severities():
            raise BadValue("answers", "severity", f"{severity!r} is not one of {', '.join(severities())}")
        placed = self.span_at(self.cursor) if self.anchor is None else None
        if self.cursor == self.missing_position and (placed is None or "premark" not in placed):
            self.spans = [s for s in self.spans if not s.get("missing")] + [{"missing": True, "severity": severity}]
            return
        if placed is not None and "premark" in placed:  # a pre-mark re-graded with one key: its words stay
            placed["severity"] = severity
            return
        first, last = self.selection()
        start, end = self.words[first][0], self.words[last][1]
        self.spans = [s for s in self.spans if s.get("missing") or s["end"] <= start or s["start"] >= end]
        self.spans.append({"start": start, "end": end, "severity": severity})
        self.anchor = None

    def remove(self) -> bool:
        """Remove the mark under the cursor; whether there was one."""
        found = self.span_at(self.cursor)
        if found is not None:
            self.spans.remove(found)
        return found is not None

    def next_mark(self) -> bool:
        """Move the cursor to the first word of the next mark (round to the first); whether there is one."""
        starts = sorted({k for s in self.spans if not s.get("missing") for k, (a, b) in enumerate(self.words)
                         if a < s["end"] and b > s["start"] and (k == 0 or self.words[k - 1][1] <= s["start"])} |
                        ({self.missing_position} if any(s.get("missing") for s in self.spans) else set()))
        if not starts:
            return False
        self.anchor = None
        self.cursor = next((k for k in starts if k > self.cursor), starts[0])
        return True

    def span_at(self, position: int) -> dict | None:
        if position == self.missing_position:
            return next((s for s in self.spans if s.get("missing")), None)
        start, end = self.words[position]
        return next((s for s in self.spans if not s.get("missing") and s["start"] < end and s["end"] > start), None)

    def answer(self, score: int) -> dict:
        """The stored answer: the spans in canonical order and the 0–100 score."""
        spans = [{k: v for k, v in s.items() if k != "terms"} for s in self.spans]  # terms are shown, not kept
        return {"spans": check_spans(spans, self.text), "score": score}


# ----------------------------------------------------------------------------- hints (off by default)

_EDGES = re.compile(r"^\W+|\W+$")


def hint_positions(output: str, rejected: list[str]) -> list[int]:
    """The word positions of ``output`` whose word (punctuation at its edges aside) the language's analyser
    rejected: faint hints a speaker may mark or dismiss, for campaigns created with hints."""
    wanted = set(rejected)
    return [k for k, (s, e) in enumerate(Marking(output).words) if _EDGES.sub("", output[s:e]) in wanted]


# ----------------------------------------------------------------------------- the task

SPAN = re.compile(r"^(?:(?P<first>[0-9]{1,6})(?:-(?P<last>[0-9]{1,6}))?|(?P<missing>missing))\s+(?P<severity>\w+)$")


class ErrorSpans(Task):
    code = "E"
    marks_spans = True
    offers_hints = True
    human_scores = {"esa": "score", "esa_mqm": "mqm"}
    default_human = "esa_z"

    @property
    def spans_question(self) -> dict:
        """The question answered by marking spans (its severities, its missing-word label)."""
        return next(q for q in self.questions if q.get("scale") == "spans")

    @property
    def score_question(self) -> dict:
        """The score given after the marks (its range and anchors)."""
        return next(q for q in self.questions if "range" in q)

    def validate(self, answers: Any, output: str | None = None) -> dict[str, Any]:
        """An answer, and beside it the pre-marks its item was served with (what was proposed; the spans say
        which were kept)."""
        if not isinstance(answers, dict) or "premarks" not in answers:
            return super().validate(answers, output)
        checked = super().validate({k: v for k, v in answers.items() if k != "premarks"}, output)
        return {**checked, "premarks": check_premarks(answers["premarks"], output)}

    def example_value(self, question: dict) -> tuple[Any, str]:
        if question.get("scale") == "spans":
            severities = [s["value"] for s in question["severities"]]
            return [{"start": 0, "end": 4, "severity": severities[-1]}], (
                "a list of errors, each {\"start\": N, \"end\": N, \"severity\": S} (code points of the "
                "translation, end excluded) or {\"missing\": true, \"severity\": S}, S one of "
                + ", ".join(json.dumps(v) for v in severities) + "; [] when there is no error")
        return super().example_value(question)

    def check_value(self, question: dict, value: Any, output: str | None) -> Any:
        if question.get("scale") == "spans":
            return check_spans(value, output)
        return super().check_value(question, value, output)

    def span_weights(self, question: str) -> dict[str, float] | None:
        """``mqm``: the MQM-style score, the sum of the spans' severity weights (:func:`mqm_score`)."""
        return severities() if question == "mqm" else super().span_weights(question)

    def agreement_measure(self, question: dict) -> tuple[str, str, str | None]:
        """Agreement on spans is agreement on the MQM-style score they give."""
        if question.get("scale") == "spans":
            return "mqm", "interval", MQM_MEANING
        return super().agreement_measure(question)

    def numbered_words(self, output: str) -> list[tuple[int, int]]:
        """A form numbers the output's words, so that errors are written as "2-3 major"."""
        return Marking(output).words

    def on_paper(self, question: dict, value: Any, output: str) -> str:
        """Spans in the form's words: ``2-3 major; 5 minor; missing minor`` (word numbers from 1)."""
        if question.get("scale") != "spans":
            return super().on_paper(question, value, output)
        words = Marking(output).words
        parts = []
        for span in value or []:
            if span.get("missing"):
                parts.append(f"missing {span['severity']}")
                continue
            parts.append(f"{word_span(words, span['start'], span['end']) or '?'} {span['severity']}")
        return "; ".join(parts) or "no error"

    def from_paper(self, question: dict, text: str, output: str, place: tuple[str, str],
                   labels: dict[str, list[str]] | None = None) -> Any:
        """``2-3 major; 5 minor; missing minor`` (the form's word numbers) as code-point spans."""
        if question.get("scale") != "spans":
            return super().from_paper(question, text, output, place, labels)
        words = Marking(output).words  # an empty box: no error marked
        spans = []
        for part in filter(None, (p.strip() for p in text.split(";"))):
            match = SPAN.match(part)
            if not match:
                raise FileProblem(*place, f"{part!r}: write errors as '2-3 major; 5 minor; missing minor'")
            known = severities()
            if match["severity"] not in known:
                hint = part[:match.start("severity")] + match["severity"].lower()
                raise FileProblem(*place, f"{part!r}: the severity must be {' or '.join(known)}" + (
                    f" — write {hint!r}" if match["severity"].lower() in known else ""))
            if match["missing"]:
                spans.append({"missing": True, "severity": match["severity"]})
                continue
            first, last = int(match["first"]), int(match["last"] or match["first"])
            if not 1 <= first <= last <= len(words):
                raise FileProblem(*place, f"{part!r}: the form numbers the words 1 to {len(words)}")
            spans.append({"start": words[first - 1][0], "end": words[last - 1][1], "severity": match["severity"]})
        return spans
