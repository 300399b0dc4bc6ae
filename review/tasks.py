"""Task definitions (``review/data/tasks.json``) and answer validation."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

from scoring.errors import BadValue, NotFound
from scoring.files import packaged_json


@lru_cache(maxsize=None)
def _data(name: str) -> dict:
    return packaged_json("review", f"data/{name}")


def tasks() -> dict[str, dict]:
    return {k: v for k, v in _data("tasks.json").items() if not k.startswith("_")}


def buildable() -> list[str]:
    """The tasks a campaign can be built for (not the imported ones), in the file's order."""
    return [code for code, definition in tasks().items() if not definition.get("imported")]


def task(code: str) -> dict:
    found = tasks().get(code)
    if found is None:
        raise NotFound("--task", "", f"unknown task {code!r} (A, B, C, E, T, or DA for imported scores)")
    return found


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
    definition = task(code)
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
    pair = _data("tasks.json")["_captions"].get(kind) or _data("tasks.json")["_captions"]["segment"]
    return translate(pair[0]).replace("{language}", name), translate(pair[1]).replace("{language}", name)


def settings(name: str) -> dict:
    return {k: v for k, v in _data(f"{name}.json").items() if not k.startswith("_")}


def applicable(question: dict, answers: dict) -> bool:
    """A question with ``when`` is asked only when the earlier answers match it."""
    return all(answers.get(k) == v for k, v in question.get("when", {}).items())


def validate(code: str, answers: dict[str, Any], output: str | None = None) -> dict[str, Any]:
    """Check a complete answer against the task; return it with only the known questions. ``output``:
    the item's text, when known, that error spans (task E) must lie inside."""
    if not isinstance(answers, dict):
        raise BadValue("answers", "", "must be an object of question → value")
    out = {}
    for q in task(code)["questions"]:
        if not applicable(q, answers):
            continue
        if q["id"] not in answers:
            raise BadValue("answers", q["id"], "missing answer")
        if q.get("scale") == "spans":
            from .esa import check_spans
            out[q["id"]] = check_spans(answers[q["id"]], output)
            continue
        if "range" in q:
            low, high = q["range"]
            value = answers[q["id"]]
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
                raise BadValue("answers", q["id"], f"{value!r} is not a number from {low} to {high}")
            out[q["id"]] = value
            continue
        allowed = [o["value"] for o in q["options"]]
        if answers[q["id"]] not in allowed:
            raise BadValue("answers", q["id"], f"{answers[q['id']]!r} is not one of {allowed}")
        out[q["id"]] = answers[q["id"]]
    unknown = set(answers) - {q["id"] for q in task(code)["questions"]}
    if unknown:
        raise NotFound("answers", sorted(unknown)[0], "not a question of this task")
    return out

