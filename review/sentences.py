"""Every sentence the review says, as data: a **said line** is a text of ``review/data/verdicts.json`` (its key chosen
by the code that knows what happened) with its values, so the command line prints it in English (:func:`english`)
and the app in the reader's language (:func:`localized`: the text translated, numbers written the language's way,
data words translated). The study's verdicts (``review.study.verdicts``) and the shared folder's outcomes
(``review.exchange.sync``) are said this way.

A said line is ``{"text": template, "values": {name: str}, "numbers": {name: [value, style]}, "words": [names],
"lines": {name: [separator, [said lines]]}, "claims": [...]}``: ``lines`` are said lines within a line (the parts of
a merge's summary), each translated where the line is.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import tasks as task_defs


def _texts() -> dict:
    return task_defs.settings("verdicts")


@dataclass(frozen=True)
class Number:
    """A number in a said line and how it is written: ``signed`` (+1.25), ``low``/``high`` (an interval's bound,
    signed, rounded outward), ``share`` (80%), ``share_low``/``share_high`` (a share's bound, rounded outward, never
    onto ``avoid``), ``plain`` (4 significant digits), ``count``, ``hours``, ``seconds`` (one decimal),
    ``signed_seconds``, ``rate`` (three decimals)."""
    value: float | None
    style: str = "plain"
    avoid: float | None = None

    def english(self) -> str:
        return written(self.value, self.style, self.avoid)


def written(value: float | None, style: str, avoid: float | None = None, decimal: str = ".",
            percent: str = "%") -> str:
    """A number as a said line writes it (``decimal`` and ``percent``: the reader's language's)."""
    if value is None:
        return "—"
    if style == "count":
        text = f"{int(value)}"
    elif style == "hours":
        text = f"{value:.1f}" if value >= 1 else f"{value:.2f}"
    elif style in ("seconds", "signed_seconds"):
        text = f"{value:+.1f}" if style == "signed_seconds" else f"{value:.1f}"
    elif style == "rate":
        text = f"{value:.3f}"
    elif style in ("share", "share_low", "share_high"):
        return _share(value, style, avoid).replace(".", decimal).replace("%", percent)
    elif style == "signed":
        text = f"{value:+.2f}"
    elif style in ("low", "high"):
        found, places = _outward(value, style == "high", 2, avoid)
        text = f"{found:+.{places}f}"
    else:
        text = f"{value:.4g}"
    return text.replace(".", decimal)


def _outward(value: float, up: bool, digits: int, avoid: float | None = None) -> tuple[float, int]:
    """``value`` rounded to ``digits`` decimals (more where needed) away from the inside of its interval, and not onto
    ``avoid`` (a bound just above a margin of −8 is written −7.999, never −8.00), with the decimals it needs."""
    for places in range(digits, digits + 4):
        scale = 10 ** places
        found = (math.ceil(value * scale - 1e-12) if up else math.floor(value * scale + 1e-12)) / scale
        if avoid is None or abs(found - avoid) > 1e-12 or value == avoid:
            return found, places
    return value, digits + 4


def _share(value: float, style: str = "share", avoid: float | None = None) -> str:
    if style == "share":  # a share beside the threshold it is compared with: never written onto it (80.17 % as 80.2 %)
        for places in range(0, 5):
            if avoid is None or value == avoid or abs(round(value, places + 2) - avoid) > 1e-12:
                return f"{value:.{places}%}"
        return f"{value:.4%}"
    for places in range(1, 5):
        scale = 10 ** (places + 2)
        found = (math.ceil(value * scale - 1e-9) if style == "share_high" else math.floor(value * scale + 1e-9)) / scale
        if avoid is None or abs(found - avoid) > 1e-12 or value == avoid:
            return f"{found:.{places}%}"
    return f"{value:.4%}"


@dataclass(frozen=True)
class Word:
    """A value that is a word of the data (a tier's name, a question's), translated where the line is."""
    text: str


def line(key: str, claims: list | None = None, *, one: str | None = None, **values) -> dict:
    """One said line: the text under ``key``, its values as the command line writes them (and its numbers, for
    another language's writing; its data words, to translate), and the claims it makes. ``one``: the value whose count
    chooses the text — when it is 1, the text under ``key + " one"`` ("1 answer", not "1 answers")."""
    texts = _texts()
    counted = values.get(one) if one else None
    forms = None
    if isinstance(counted, Number) and f"{key} one" in texts:
        forms = [counted.value, texts[f"{key} one"], texts[key]]  # each language chooses by its own rule
        if counted.value == 1:
            key = f"{key} one"
    said = {"text": texts[key], "values": {}}
    if forms:
        said["forms"] = forms
    for name, value in values.items():
        said["values"][name] = value.english() if isinstance(value, (Number, Joined)) else \
            value.text if isinstance(value, Word) else str(value)
        if isinstance(value, Joined):
            said.setdefault("lines", {})[name] = [value.separator, value.lines]
        if isinstance(value, Number):
            said.setdefault("numbers", {})[name] = [value.value, value.style, value.avoid]
        if isinstance(value, Word):
            said.setdefault("words", []).append(name)
    if claims:
        said["claims"] = [list(c) for c in claims]
    return said


def english(said: dict) -> str:
    return said["text"].format(**said["values"])


def refused(kind: type, where: str, place: str, key: str, **values) -> Exception:
    """An input error (``scoring.errors``: ``BadValue``, ``NotFound``…) whose problem is a said line: the command line
    prints it in English, the app in its reader's language."""
    said = line(key, **values)
    return kind(where, place, english(said), said=said)


def joined_english(lines: list[dict], separator: str = "; ") -> str:
    """Said lines as one line of English (the command line's, and the JSON's ``detail``)."""
    return separator.join(english(said) for said in lines)


ONE = {"en": lambda n: n == 1, "fr": lambda n: n is not None and abs(n) < 2}  # which counts take the singular:
#                                                                               "0 réponse ajoutée", "0 answers added"


def form(said: dict, language: str) -> str:
    """The text of a said line in the form its count takes in ``language`` (its English text when it has no count)."""
    if "forms" not in said:
        return said["text"]
    count, one, other = said["forms"]
    return one if ONE.get(language, ONE["en"])(count) else other


def localized(said: dict, text: str | None, decimal: str, percent: str, translate=lambda word: word,
              language: str = "en") -> str:
    """A said line in another language: its ``text`` translated (``None``: its text in the form its count takes in
    ``language``, ``translate``d), its numbers written with that language's decimal mark and percent sign, its data
    words ``translate``d."""
    text = translate(form(said, language)) if text is None else text
    values = dict(said["values"])
    for name in said.get("words", []):  # several words, one value: "acceptable / excellent"
        values[name] = " / ".join(translate(word) for word in values[name].split(" / "))
    for name, (value, style, *avoid) in (said.get("numbers") or {}).items():
        values[name] = written(value, style, avoid[0] if avoid else None, decimal, percent)
    for name, (separator, lines) in (said.get("lines") or {}).items():
        values[name] = separator.join(localized(inner, None, decimal, percent, translate, language)
                                      for inner in lines)
    return text.format(**values)


def number(value: float | None, signed: bool = False) -> str:
    return written(value, "signed" if signed else "plain")


@dataclass(frozen=True)
class Joined:
    """A value made of said lines, joined by ``separator`` (each translated where the line is)."""
    lines: list[dict]
    separator: str = ", "

    def english(self) -> str:
        return self.separator.join(english(said) for said in self.lines)
