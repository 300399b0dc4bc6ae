"""``orthographic_accuracy`` for Plains Cree (spec: planned → built): the share of output words that
follow the Standard Roman Orthography rules in ``crk/orthography.json`` — only SRO letters, long vowels
with circumflexes (no macrons), ``e`` only as ``ê`` — or are written wholly in syllabics. An output that
mixes syllabics and SRO has every word counted wrong."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from scoring.runcard import Entry
from scoring.text import token_script, word_tokens

from ..tools import ToolsPlugin


class CrkOrthographyMetric(ToolsPlugin):
    name = "crk-orthography"
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
        script = token_script(word)
        if script == "Cans":
            return None if all(token_script(ch) in ("Cans", None) for ch in word) else "mixes scripts in one word"
        if script != "Latn":
            return f"written in {script}, not SRO or syllabics"
        for ch in word.lower():
            if ch in self.rules["forbidden"]:
                return self.rules["forbidden"][ch]
            if ch not in self.rules["sro_letters"] and ch not in self.rules["word_inner_marks"]:
                return f"{ch!r} is not an SRO letter"
        return None

    def compute(self, entry: Entry) -> dict[str, Any]:
        words = word_tokens(entry.predicted)
        scripts = {token_script(w) for w in words} & set(self.rules["no_mixing"])
        if len(scripts) > 1:
            return {"words": len(words), "valid": 0, "problems": {"*": "mixes syllabics and SRO in one output"}}
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
