"""``orthographic_accuracy`` (spec: planned → built) for any language whose card names orthography
rules (``"orthography": "crk/orthography.json"``): the share of output words written with the rules'
``letters`` (plus ``word_inner_marks``), none of its ``forbidden`` characters (each with the reason shown
to the user), or wholly in one of its other ``scripts``. An output that mixes the scripts listed in
``no_mixing`` has every word counted wrong. Plains Cree: SRO letters, circumflex long vowels, ``e`` only
as ``ê``, or syllabics; Ojibwe: the double-vowel alphabet with ``'`` as a letter."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from scoring.runcard import Entry
from scoring.text import token_script, word_tokens

from .tools import ToolsPlugin


class OrthographyMetric(ToolsPlugin):
    name = "orthography"
    provides = ("orthographic_accuracy",)
    needs_analyser = False

    @property
    def cache_id(self) -> str:
        return f"{self.name}:{self.tools.fingerprint('orthography')}"

    @cached_property
    def rules(self) -> dict:
        return self.tools.data("orthography")

    def word_problem(self, word: str) -> str | None:
        """Why a word breaks the rules (``None`` when it follows them)."""
        names = self.rules["scripts"]  # script code → the name people use (crk: Latn "SRO", Cans "syllabics")
        lettered = self.rules.get("letter_script", "Latn")
        script = token_script(word)
        if script not in names:
            return f"written in {script}, not {' or '.join(names.values())}"
        if script != lettered:
            return None if all(token_script(ch) in (script, None) for ch in word) else "mixes scripts in one word"
        for ch in word.lower():
            if ch in self.rules["forbidden"]:
                return self.rules["forbidden"][ch]
            if ch not in self.rules["letters"] and ch not in self.rules["word_inner_marks"]:
                return f"{ch!r} is not a letter of {names[lettered]}"
        return None

    def compute(self, entry: Entry) -> dict[str, Any]:
        words = word_tokens(entry.predicted, self.tools.word_characters)  # as written: no script conversion
        scripts = {token_script(w) for w in words} & set(self.rules.get("no_mixing", []))
        if len(scripts) > 1:
            mixed = " and ".join(self.rules["scripts"][s] for s in sorted(scripts))
            return {"words": len(words), "valid": 0, "problems": {"*": f"mixes {mixed} in one output"}}
        problems = {w: p for w in words if (p := self.word_problem(w))}
        return {"words": len(words), "valid": sum(1 for w in words if w not in problems), "problems": problems}

    def aggregate(self, results: list[dict]) -> dict[str, Any]:
        words = sum(r["words"] for r in results)
        out = {"orthographic_accuracy": sum(r["valid"] for r in results) / words if words else None,
               "orthographic_words": words}
        if not words:
            out["unavailable_reasons"] = {"orthographic_accuracy": "the outputs contain no words"}
        return out

    def columns(self, results: list[dict]):
        return {"orthographic_accuracy": ([r["valid"] for r in results], [r["words"] for r in results])}
