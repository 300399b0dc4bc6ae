"""The review tasks: one module per task, each a :class:`~review.tasks.base.Task` (``base.py`` says what a
task owns), and the wording of their screens.

=====  ==========================  ========================================
code   module                      asks about
=====  ==========================  ========================================
A      ``adequacy.py``             segments: adequacy and fluency, 1–5
B      ``pairs.py``                pairs the equivalence checker accepted
C      ``words.py``                words the analyser rejected
E      ``error_spans.py``          segments: error spans, then 0–100
T      ``usability.py``            segments: is the translation usable
DA     ``direct_assessment.py``    imported direct assessments
=====  ==========================  ========================================

Code elsewhere asks :func:`task` for a task and calls its methods; it never compares task codes. A new
task is one module here (a subclass registered below) and its wording in ``review/data/tasks.json``;
``tests/test_task_plugin.py`` adds a task from a test file with :func:`register`.
"""

from __future__ import annotations

import json

from typing import Callable

from scoring.errors import NotFound

from .adequacy import Adequacy
from .base import Task, applicable, data, majority, settings
from .direct_assessment import DirectAssessment
from .error_spans import ErrorSpans
from .pairs import Pairs
from .usability import Usability
from .words import Words

_REGISTERED: dict[str, Task] = {}


def register(found: Task) -> Task:
    """Add a task (its ``code`` must be new); the built-in ones are registered when this module loads."""
    if found.code in _REGISTERED:
        raise ValueError(f"task {found.code} is registered already")
    _REGISTERED[found.code] = found
    return found


def unregister(code: str) -> None:
    """Remove a task added with :func:`register` (tests)."""
    _REGISTERED.pop(code, None)


for _task in (Adequacy(), Pairs(), Words(), Usability(), ErrorSpans(), DirectAssessment()):
    register(_task)


def tasks() -> dict[str, Task]:
    return dict(_REGISTERED)


def task(code: str) -> Task:
    """The task with this code; an unknown code is one line (never another task's items)."""
    found = _REGISTERED.get(code) if isinstance(code, str) else None
    if found is None:
        raise NotFound("--task", str(code), f"unknown task (known: {', '.join(_REGISTERED)})")
    return found


def buildable() -> list[str]:
    """The tasks a campaign can be built for (not the imported ones), in registration order."""
    return [code for code, t in _REGISTERED.items() if not t.imported]


def measuring(name: str) -> Task:
    """The task whose answers give a study figure of its own (a task's ``measures``)."""
    found = next((t for t in _REGISTERED.values() if name in t.measures), None)
    if found is None:
        raise NotFound("measure", name, "no task measures it")
    return found


def importing() -> Task:
    """The task of scores imported from public data (a campaign of it is made by the import)."""
    return next(t for t in _REGISTERED.values() if t.imported)


def human_scores() -> dict[str, tuple[Task, str]]:
    """Every human score the speakers' answers give: its name → (task, question or derived value)."""
    return {name: (t, question) for t in _REGISTERED.values() for name, question in t.human_scores.items()}


def validate(code: str, answers, output: str | None = None) -> dict:
    """Check an answer against its task (see :meth:`Task.validate`)."""
    return task(code).validate(answers, output)


def answer_formats() -> str:
    """Every task's answer as ``lyss review answer --answers`` takes it: an example and each question's values."""
    blocks = []
    for code, found in tasks().items():
        if found.imported:
            continue
        example, lines = found.answer_format()
        blocks.append(f"task {code} ({texts(code)['title']}): --answers '{json.dumps(example, ensure_ascii=False)}'\n"
                      + "".join(f"    {line}\n" for line in lines))
    return "answers (JSON), by task:\n" + "".join(blocks)


DEFAULT_LANGUAGE = "target-language"


Translate = Callable[[str], str]


def language_name(language: dict | None, ui: str = "en") -> str:
    """The language's name in the interface's language (``names[ui]``), else the name its pack gives the
    review screens (English)."""
    language = language or {}
    other = (language.get("names") or {}).get(ui) if ui != "en" else None
    return other or language.get("name") or DEFAULT_LANGUAGE


def texts(code: str, language: dict | None = None, translate: Translate | None = None, ui: str = "en") -> dict:
    """A task's words for the screen: title, instructions, guidelines, and per question its prompt, option
    labels (and task E's severities, anchors and missing-word label). The language pack's own wording
    (``language["tasks"][code]``) replaces the neutral defaults; ``translate`` (the app's translation of
    the interface) is applied to the defaults before ``{language}`` is filled in with the name in ``ui``."""
    own = (language or {}).get("tasks", {}).get(code) or {}
    name, translate = language_name(language, ui), translate or (lambda text: text)
    word = lambda mine, default: str(mine if mine is not None else translate(default)).replace("{language}", name)
    definition = task(code).definition
    questions = {}
    for q in definition["questions"]:
        mine = (own.get("questions") or {}).get(q["id"]) or {}
        shown = {"prompt": word(mine.get("prompt"), q["prompt"]),
                 "labels": {str(o["value"]): word((mine.get("options") or {}).get(str(o["value"])), o["label"])
                            for o in q.get("options", [])}}
        if "anchors" in q:
            shown["anchors"] = {str(a["value"]): word(None, a["label"]) for a in q["anchors"]}
        if "severities" in q:
            shown["severities"] = {s["value"]: {"label": word(None, s["label"]), "help": word(None, s["help"])}
                                   for s in q["severities"]}
            shown["missing_label"] = word(None, q["missing_label"])
        questions[q["id"]] = shown
    return {"title": word(own.get("title"), definition["title"]),
            "instructions": word(own.get("instructions"), definition["instructions"]),
            "guidelines": word(own.get("guidelines"), definition.get("guidelines", "")), "questions": questions}


def captions(kind: str, language: dict | None = None, translate: Translate | None = None,
             ui: str = "en") -> tuple[str, str]:
    """The two captions of an item screen (source and output) for an item kind."""
    name, translate = language_name(language, ui), translate or (lambda text: text)
    pair = data("tasks.json")["_captions"].get(kind) or data("tasks.json")["_captions"]["segment"]
    return translate(pair[0]).replace("{language}", name), translate(pair[1]).replace("{language}", name)




__all__ = ["Task", "applicable", "buildable", "captions", "data", "human_scores", "importing", "language_name",
           "majority", "measuring", "register",
           "settings", "task", "tasks", "texts", "unregister", "validate", "Adequacy", "DirectAssessment",
           "ErrorSpans", "Pairs", "Usability", "Words"]
