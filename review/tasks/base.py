"""What every review task is: the base class each task module subclasses.

A task owns everything that differs between tasks — which items of a scored run it asks about, how an
answer is checked, which human scores the study reads from its answers, how a paper form prints and
reads it back — so the rest of the code asks the task and never compares task codes. Its wording
(questions, options, instructions, guidelines) is data: its entry in ``review/data/tasks.json``, or
the ``definition`` a task written elsewhere passes in (a test's toy task)."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

from scoring.errors import BadValue, FileProblem, NotFound
from scoring.files import packaged_json

from ..store import content_id


@lru_cache(maxsize=None)
def data(name: str) -> dict:
    """A file of ``review/data`` (its keys starting with ``_`` are comments)."""
    return packaged_json("review", f"data/{name}")


def settings(name: str) -> dict:
    return {k: v for k, v in data(f"{name}.json").items() if not k.startswith("_")}


def applicable(question: dict, answers: dict) -> bool:
    """A question with ``when`` is asked only when the earlier answers match it."""
    return all(answers.get(k) == v for k, v in question.get("when", {}).items())


def majority(values: list) -> Any:
    """The value most raters gave, or ``None`` when two or more values tie for most (no majority).
    The one definition used by the tasks' measures, the study, the exports and the app."""
    if not values:
        return None
    counts = Counter(values).most_common()
    if len(counts) > 1 and counts[0][1] == counts[1][1]:
        return None
    return counts[0][0]


Answers = Callable[[str], list[dict]]  # a question's id → the answers to it (``review.study.answers`` rows)
ItemRow = Callable[[str], dict]  # an item's id → its row (``extra`` parsed)


@dataclass
class Built:
    """A campaign's items as a task chooses them: ``new`` rows to store (items the run does not have
    yet: pairs, words), the ``item_ids`` in campaign order, and ``settings`` the campaign records."""
    item_ids: list[str]
    new: list[dict] = field(default_factory=list)
    settings: dict = field(default_factory=dict)


class Task:
    """A review task. Subclasses set ``code`` and override what differs."""

    code: str = ""
    item_kind = "segment"  # what the screen shows: "segment" (source and output), "pair" (A and B), "word"
    marks_spans = False    # answered by marking error spans (task E's screen) instead of numbered options
    offers_hints = False   # may show the analyser's rejected words as hints (campaign setting)
    human_scores: dict[str, str] = {}  # a human score's name in the study → the question (or derived value)
    default_human: str | None = None    # the score `lyss study correlate` uses for this task's campaigns
    nothing_to_review = "no entries"
    measures: tuple[str, ...] = ()  # study figures only this task's answers give (:meth:`measure`)

    def __init__(self, definition: dict | None = None):
        self.definition = definition if definition is not None else data("tasks.json")[self.code]

    def texts(self, item: dict, shown: Callable[[str], str] = str) -> tuple[str, str]:
        """The two texts of its item screen, in the order of its captions; ``shown`` writes a text of the
        language under review in the script the speaker reads (the app's choice)."""
        return item["source"], shown(item["output"])

    def measure(self, name: str, answers: Answers, item: ItemRow) -> dict:
        """One of this task's own study figures (``measures``), from ``answers(question)`` and ``item(id)``."""
        raise NotFound("measure", name, f"task {self.code} measures {', '.join(self.measures) or 'nothing of its own'}")

    # -- the definition --------------------------------------------------------------------------

    @property
    def questions(self) -> list[dict]:
        return self.definition["questions"]

    def question(self, question_id: str) -> dict:
        found = next((q for q in self.questions if q["id"] == question_id), None)
        if found is None:
            raise NotFound("--question", question_id, f"task {self.code} has no such question "
                                                      f"({', '.join(q['id'] for q in self.questions)})")
        return found

    @property
    def imported(self) -> bool:
        """Scores imported from public data (no speaker answers them here)."""
        return bool(self.definition.get("imported"))

    @property
    def default_items(self) -> int:
        return int(self.definition["default_items"])

    @property
    def degraded_items(self) -> bool:
        return bool(self.definition.get("degraded_items"))

    # -- campaigns -------------------------------------------------------------------------------

    def build(self, scored: dict, run_id: str, limit: int, rng: random.Random) -> Built:
        """The items of a campaign from a scored run: by default, ``limit`` segments spread across
        difficulty and composite score."""
        chosen = stratified(scored["entries"], limit, rng)
        return Built([segment_id(run_id, e["id"]) for e in chosen])

    # -- answers ---------------------------------------------------------------------------------

    def validate(self, answers: Any, output: str | None = None) -> dict[str, Any]:
        """Check a complete answer; return it with only the known questions. ``output``: the item's text,
        when known (a task whose answers point into it checks that they do)."""
        if not isinstance(answers, dict):
            raise BadValue("answers", "", "must be an object of question → value")
        out = {}
        for q in self.questions:
            if not applicable(q, answers):
                continue
            if q["id"] not in answers:
                raise BadValue("answers", q["id"], "missing answer")
            out[q["id"]] = self.check_value(q, answers[q["id"]], output)
        unknown = set(answers) - {q["id"] for q in self.questions}
        if unknown:
            raise NotFound("answers", sorted(unknown)[0], "not a question of this task")
        return out

    def answer_format(self) -> tuple[dict, list[str]]:
        """An example answer (as ``lyss review answer --answers`` takes it) and one line per question: its id and
        the values it takes (a question asked only after some answers says so)."""
        example, lines = {}, []
        for q in self.questions:
            values = self.example_value(q)
            if applicable(q, example):
                example[q["id"]] = values[0]
            when = ", ".join(f"{k} is {v!r}" for k, v in q.get("when", {}).items())
            lines.append(f"{q['id']}: {values[1]}" + (f" (only when {when})" if when else ""))
        return example, lines

    def example_value(self, question: dict) -> tuple[Any, str]:
        """An example value of one question and the values it takes, in words."""
        if "range" in question:
            low, high = question["range"]
            return (low + high) // 2 if isinstance(low, int) else (low + high) / 2, f"a number from {low} to {high}"
        values = [o["value"] for o in question["options"]]
        return values[-1] if question.get("scale") == "ordinal" else values[0], \
            "one of " + ", ".join(json.dumps(v) for v in values)

    def check_value(self, question: dict, value: Any, output: str | None) -> Any:
        """One question's answer: a number in its range, or one of its options."""
        if "range" in question:
            low, high = question["range"]
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
                raise BadValue("answers", question["id"], f"{value!r} is not a number from {low} to {high}")
            return value
        allowed = [o["value"] for o in question["options"]]
        if value not in allowed:
            raise BadValue("answers", question["id"], f"{value!r} is not one of {allowed}")
        return value

    # -- the study -------------------------------------------------------------------------------

    def span_weights(self, question: str) -> dict[str, float] | None:
        """For a value derived from an answer's error spans (task E's MQM-style score): each severity's weight, the
        value being the sum over the spans; ``None`` for a question whose value is the answer itself (what the
        records read: ``review.records.answers.values``)."""
        return None

    def agreement_measure(self, question: dict) -> tuple[str, str, str | None]:
        """What agreement on a question is measured on: (the value read, its scale, what it means when
        it is not the answer itself)."""
        return question["id"], question["scale"], None

    def quality_question(self) -> str:
        """The question rater-quality checks compare (degraded items should score lower on it)."""
        return next((q for q in self.questions if q.get("scale") in ("ordinal", "interval")), self.questions[0])["id"]

    # -- paper forms -----------------------------------------------------------------------------

    def numbered_words(self, output: str) -> list[tuple[int, int]]:
        """Word offsets a paper form numbers for this task (none by default)."""
        return []

    def answer_words(self, answers: dict, output: str) -> str:
        """An answer as its task words it, each question with its value as a form writes it: ``adequacy 4, fluency
        3``; ``spans 2-3 major, score 70`` (for messages: what an answer replaced); a key no question asks (but the
        pre-marks shown) after them, as it is."""
        asked = {q["id"] for q in self.questions}
        return ", ".join([f"{q['id']} {self.on_paper(q, answers[q['id']], output)}" for q in self.questions
                          if q["id"] in answers] + [f"{k} {v}" for k, v in answers.items()
                                                     if k not in asked and k != "premarks"])

    def on_paper(self, question: dict, value: Any, output: str) -> str:
        """An answer's value as a form writes it (the inverse of :meth:`from_paper`, for messages about a form)."""
        return str(value)

    def from_paper(self, question: dict, text: str, output: str, place: tuple[str, str],
                   labels: dict[str, list[str]] | None = None) -> Any:
        """An answer as keyed in from a form: the number printed beside the ticked box (task T's boxes
        are numbered 1–4 though its values are 0–3), an option's value written out ("yes"), or its words as a
        form printed them ("Most", "La plupart": ``labels``, value → the words of each wording, in any case);
        a number on a 0–100 scale is the number; ``None`` for a box left empty."""
        if not text:
            return None
        options = question.get("options", [])
        if options and text.isascii() and text.isdigit():  # "²" and "٣" are digits to Python, not to a form
            if 1 <= int(text) <= len(options):
                return options[int(text) - 1]["value"]
            raise FileProblem(*place, f"{text!r}: the form numbers the answers 1 to {len(options)}")
        wanted = " ".join(text.split()).casefold()
        for option in options:
            words = [option["label"], *((labels or {}).get(str(option["value"])) or [])]
            if str(option["value"]) == text or any(" ".join(w.split()).casefold() == wanted for w in words):
                return option["value"]
        if "range" in question:
            try:
                return float(text) if "." in text else int(text)
            except ValueError:
                pass
        if options:
            named = ", ".join(f"{n} {option['label']}" for n, option in enumerate(options, 1))
            raise FileProblem(*place, f"{text!r} is not an answer to {question['id']}: write the number of the box "
                                      f"ticked or its words ({named})")
        raise FileProblem(*place, f"{text!r} is not an answer to {question['id']}")


# ----------------------------------------------------------------------------- items of a scored run

def segment_id(run_id: str, entry_id: Any) -> str:
    """The id of an entry's segment item (the same on every laptop: content-addressed)."""
    return f"it-{content_id(run_id, entry_id, 'segment')}"


def stratified(entries: list[dict], k: int, rng: random.Random) -> list[dict]:
    """k entries spread across difficulty tiers (proportionally) and, within a tier, across the range
    of composite scores (evenly spaced ranks)."""
    if k >= len(entries):
        return list(entries)
    tiers: dict[str, list[dict]] = {}
    for e in entries:
        tiers.setdefault(str(e.get("difficulty")), []).append(e)
    quotas = {t: max(1, round(k * len(v) / len(entries))) for t, v in tiers.items()}
    while sum(quotas.values()) > k:
        quotas[max(quotas, key=quotas.get)] -= 1
    while sum(quotas.values()) < k:
        spare = [t for t in quotas if quotas[t] < len(tiers[t])]
        quotas[max(spare, key=lambda t: len(tiers[t]) - quotas[t])] += 1
    chosen = []
    for t, members in sorted(tiers.items()):
        ranked = sorted(members, key=lambda e: (e.get("score") if e.get("score") is not None else -1, rng.random()))
        q = quotas[t]
        chosen += [ranked[int(i * len(ranked) / q)] for i in range(q)]
    return chosen


def language_items(scored: dict, code: str) -> dict:
    """Which plugin of the run's language pack supplies a task's items (its card's ``review.items``)."""
    language = (scored.get("lyss") or {}).get("language") or {}
    profile = language.get("review") if isinstance(language.get("review"), dict) else {}
    return (profile.get("items") or {}).get(code) or {}


def plugin_result(entry: dict, plugin: str | None) -> dict:
    found = (entry.get("lyss") or {}).get(plugin) if plugin else None
    return found if isinstance(found, dict) else {}
