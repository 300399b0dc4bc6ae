"""Grammatical perturbations for attention items: a real word of the language in a wrong form. A language pack declares
its rules as data (the card's ``perturbations`` file: each rule changes one tag of a reading — ``+Sg`` → ``+Pl``,
``+3Sg`` → ``+1Sg``, proximate → obviative); a word is analysed, one tag of its reading changed, and the pack's
generator makes the form. A form is kept only when

- it is written the way the word is (the pack's ``spelling``: a word written without the marks its canonical form
  has gets a form without them — ``nehiyawew`` becomes ``nehiyawewak``, not ``nêhiyawêwak``, which a speaker judging
  spelling might rate up),
- it differs from the word,
- the analyser reads it back with the changed reading and not with the word's own (exactly the one tag changed), and
- the word itself cannot be read with the changed reading (no accidental synonym: ``maskwa`` is both proximate and
  obviative, so neither reading makes an error of it).

A pack without rules, or without a generator, makes none (``reason`` says why); a campaign then keeps the swapped
phrases of ``review.rating.practice``."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import cached_property
from typing import Any

from scoring.files import packaged_json
from scoring.runcard import Entry

from . import analysers
from .tools import LanguageTools, ToolsPlugin, rank_readings


@dataclass(frozen=True)
class Perturbation:
    """One word of an output in a wrong form: where it stands (code points), what it was, what it becomes, which rule
    (its ``kind`` and the tag changed) and the two readings."""
    start: int
    end: int
    word: str
    form: str
    kind: str
    changed: str  # "+Sg→+Pl"
    reading: str
    perturbed: str

    def as_dict(self) -> dict:
        return asdict(self)


class Perturber:
    """A pack's perturbation rules with its analyser and generator."""

    def __init__(self, tools: LanguageTools):
        self.tools = tools
        name = tools.card.get("perturbations")
        declared = packaged_json("eval_standards", name) if name else {}
        self.rules = declared.get("rules", [])
        self.spelling = declared.get("spelling")
        preference = [a["file"] for a in tools.card.get("analysers", []) if a.get("kind") == "generator"]
        found = analysers.find(tools.lang, "generator", tools.options.get("analyzer_dir"), preference) \
            if self.rules else None
        self.reason = ("the pack declares no perturbation rules" if not self.rules else
                       tools.analyser_reason if tools.analyser is None else
                       f"no {tools.lang} generator found; " + analysers.HOW_TO_ADD.format(lang=tools.lang)
                       if found is None or found.problem() else None)
        self.generator = None if self.reason else analysers.load(found)
        self.generator_sha256 = found.sha256() if self.generator is not None else ""

    def _changed(self, reading: str) -> list[tuple[dict, str]]:
        tags = reading.split("+")
        out = []
        for rule in self.rules:
            if not all(tag in reading for tag in rule["when"]):
                continue
            wanted = rule["from"].lstrip("+")
            if tags[1:].count(wanted) != 1:
                continue
            out.append((rule, "+".join(rule["to"].lstrip("+") if k and t == wanted else t for k, t in enumerate(tags))))
        return out

    def word(self, word: str) -> list[tuple[str, dict, str, str]]:
        """The wrong forms of one word: (form, rule, reading, perturbed reading), each form once."""
        if self.reason:
            return []
        readings = [r for r in self.tools.analyses(word) if "+Err" not in r]
        own = set(readings)
        found: dict[str, tuple[str, dict, str, str]] = {}
        for reading in readings:
            for rule, perturbed in self._changed(reading):
                if perturbed in own:  # the word can mean that already: no error
                    continue
                for made in self.generator.analyse(perturbed):
                    form = self._spelled_like(word, reading, made)
                    if form == word or form.lower() == word.lower() or form in found:
                        continue
                    read = rank_readings(self.tools.analyser.analyse(form))
                    if perturbed in read and reading not in read:
                        found[form] = (form, rule, reading, perturbed)
        return list(found.values())

    def _spelled_like(self, word: str, reading: str, form: str) -> str:
        """The generated ``form`` written the way ``word`` is (the pack's ``spelling``): with the word's variant of
        the marked letters (macrons), or without marks where the word leaves out those its own canonical form has."""
        if not self.spelling:
            return form
        marked, lower = self.spelling["marked"], word.lower()
        chosen = next((letters for letters in self.spelling.get("variants", {}).values()
                       if any(c in lower for c in letters)), None)
        if chosen is None and not any(c in lower for c in marked) and any(
                c in canonical.lower() for canonical in self.generator.analyse(reading) for c in marked):
            chosen = self.spelling["unmarked"]  # the word leaves out the marks its canonical form has
        if chosen is None:
            return form
        table = str.maketrans(marked + marked.upper(), chosen + chosen.upper())
        return form.translate(table)

    def text(self, text: str) -> list[Perturbation]:
        """Every word of an output that admits a wrong form, each with its first one (in reading, then rule order);
        words located in the text as written (an output in another script than the canonical one has none here)."""
        out, at = [], 0
        for token in self.tools.words(text):
            start = text.find(token, at)
            if start < 0:
                continue
            at = start + len(token)
            made = self.word(token)
            if made:
                form, rule, reading, perturbed = made[0]
                out.append(Perturbation(start, at, token, _same_case(token, form), rule["kind"],
                                        f"{rule['from']}→{rule['to']}", reading, perturbed))
        return out


def _same_case(word: str, form: str) -> str:
    """A sentence's first word keeps its capital."""
    return form[:1].upper() + form[1:] if word[:1].isupper() and not form[:1].isupper() else form


def apply(text: str, change: Perturbation) -> str:
    """The output with the word changed."""
    return text[:change.start] + change.form + text[change.end:]


def survey(perturber: Perturber, texts: list[str]) -> dict:
    """How many outputs admit a perturbation, and of each kind (an output counts once per kind it admits)."""
    by_kind: dict[str, int] = {}
    admitting = 0
    for text in texts:
        kinds = {rule["kind"] for token in perturber.tools.words(text) for _, rule, _, _ in perturber.word(token)}
        admitting += bool(kinds)
        for kind in kinds:
            by_kind[kind] = by_kind.get(kind, 0) + 1
    return {"outputs": len(texts), "admitting": admitting, "by_kind": dict(sorted(by_kind.items()))}


class PerturbationPlugin(ToolsPlugin):
    """The wrong forms an output's words admit, per entry (``perturbations``: each word's first one, as
    :meth:`Perturber.text` finds them), for the review's attention items in the language's grammar (a card's
    ``review.attention`` names this plugin and the field). No score: it fills no slot of the composite."""

    name = "perturbations"
    provides: tuple[str, ...] = ()

    @cached_property
    def perturber(self) -> Perturber:
        return Perturber(self.tools)

    def availability(self) -> str | None:
        return super().availability() or self.perturber.reason

    @property
    def cache_id(self) -> str:
        return f"{self.name}:{self.tools.fingerprint('perturbations', extra=self.perturber.generator_sha256)}"

    def prepare(self, entries: list[Entry]) -> None:
        self.tools.prefetch(e.predicted for e in entries)

    def compute(self, entry: Entry) -> dict[str, Any]:
        return {"perturbations": [p.as_dict() for p in self.perturber.text(entry.predicted)]}

    def aggregate(self, results: list[dict]) -> dict[str, Any]:
        return {"perturbable_outputs": sum(bool(r["perturbations"]) for r in results)}
