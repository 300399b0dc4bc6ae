"""What the LYSS plugins of one language share: its card, its analyser, its script conversion, its data."""

from __future__ import annotations

import hashlib
import importlib
import json
from functools import cached_property, lru_cache
from typing import Any

from scoring.files import packaged_json, packaged_text
from scoring.plugins import BasePlugin
from scoring.text import word_tokens

from . import analysers
from .text import CONVERTERS


class LanguageTools:
    """Lazily loaded resources of one language pack. ``analyser_reason`` is ``None`` when the analyser
    is usable and otherwise says why not and how to fix it."""

    def __init__(self, card: dict, options: dict[str, Any] | None = None):
        self.card = card
        self.lang = card.get("code") or "und"
        self.options = options or {}
        preference = [a["file"] for a in card.get("analysers", []) if a.get("kind", "analyser") == "analyser"]
        self.analyser_file = analysers.find(self.lang, "analyser", self.options.get("analyzer_dir"), preference)
        if self.analyser_file is None:
            self.analyser_reason = f"no {self.lang} analyser found; " + analysers.HOW_TO_ADD.format(lang=self.lang)
        elif self.analyser_file.problem():
            self.analyser_reason = (f"the {self.lang} analyser {self.analyser_file.path} is {self.analyser_file.problem()}"
                                    f"; replace it (" + analysers.HOW_TO_ADD.format(lang=self.lang) + ")")
        else:
            self.analyser_reason = None
        converter = card.get("toCanonical")
        self._convert = CONVERTERS[converter] if converter else (lambda text: text)

    @cached_property
    def analyser(self) -> "analysers.Analyser | None":
        if self.analyser_reason is not None:
            return None
        return analysers.load(self.analyser_file)

    def canonical(self, text: str) -> str:
        """The text in the language's canonical script (crk: syllabics converted to SRO)."""
        return self._convert(text)

    @property
    def word_characters(self) -> str:
        """Letters of the language that look like punctuation (the card's ``wordCharacters``)."""
        return self.card.get("wordCharacters", "")

    def words(self, text: str) -> list[str]:
        """FST tokens: white-space split, edge punctuation stripped (the language's own letters kept),
        hyphenated forms kept whole, tokens without letters left out."""
        return word_tokens(self.canonical(text), self.word_characters)

    def analyses(self, word: str) -> tuple[str, ...]:
        """Readings of a word, best first: readings with error tags (``+Err/…``) after every other one.
        A capitalised word the analyser rejects is tried in lower case when the card asks for it
        (``caseFallback``, on by default: sentence-initial capitals)."""
        found = self.analyser.analyse(word)
        if not found and self.card.get("caseFallback", True) and word[:1].isupper():
            found = self.analyser.analyse(word.lower())
        return rank_readings(found)

    def best_reading(self, word: str) -> str | None:
        found = self.analyses(word)
        return found[0] if found else None

    def data(self, key: str) -> Any:
        """A JSON data file the card names (``"linter": "crk/linter.json"``)."""
        name = self.card.get(key)
        if not name:
            raise KeyError(f"the {self.lang} card names no {key!r} data file")
        return packaged_json("eval_standards", name)

    def data_text(self, key: str) -> str:
        return packaged_text("eval_standards", self.card[key])

    def fingerprint(self, *data_keys: str, extra: str = "") -> str:
        """What a plugin's results depend on: the analyser's sha256 and the named data files."""
        h = hashlib.sha256()
        h.update((self.analyser.sha256 if self.analyser is not None else "no-analyser").encode())
        for key in data_keys:
            h.update(self.data_text(key).encode())
        h.update(extra.encode())
        return h.hexdigest()[:32]

    def prefetch(self, texts) -> None:
        """Look up every distinct word of many texts at once (in parallel for large sets)."""
        if self.analyser is None:
            return
        words: dict[str, None] = {}
        for text in texts:
            for w in self.words(text):
                words[w] = None
                if w[:1].isupper() and self.card.get("caseFallback", True):
                    words[w.lower()] = None
        self.analyser.analyse_many(list(words))

    def info(self) -> dict:
        if self.analyser is None:
            return {"analyser": None, "analyser_reason": self.analyser_reason}
        return {"analyser": self.analyser.describe()}


def tools_for(card: dict, options: dict[str, Any] | None = None) -> LanguageTools:
    """One ``LanguageTools`` per card and analyser search path in a process (:func:`forget_tools` forgets
    them)."""
    options = options or {}
    places = tuple(str(p) for _, p in analysers.search_path(options.get("analyzer_dir")))
    return _tools(json.dumps(card, sort_keys=True), places, json.dumps(options, sort_keys=True, default=str))


@lru_cache(maxsize=16)
def _tools(card: str, places: tuple[str, ...], options: str) -> LanguageTools:
    return LanguageTools(json.loads(card), json.loads(options))


def forget_tools() -> None:
    """Forget every ``LanguageTools`` made so far (a benchmark's cold start)."""
    _tools.cache_clear()


def rank_readings(readings) -> tuple[str, ...]:
    """Error readings (a ``+Err/…`` tag: a misspelling the descriptive analyser tolerates) last, the
    analyser's own order otherwise."""
    return tuple(sorted(readings, key=lambda a: "+Err/" in a))


def lemma_of(analysis: str) -> str:
    """The lemma of a GiellaLT analysis, preverb tags (``PV/xx+``) and other prefixed tags removed."""
    parts = analysis.split("+")
    while parts and ("/" in parts[0] and parts[0].split("/")[0].isupper()):
        parts = parts[1:]
    return parts[0] if parts else analysis


def tags_of(analysis: str) -> str:
    """Everything after the lemma (part of speech and inflection)."""
    lemma = lemma_of(analysis)
    return analysis[analysis.index(lemma) + len(lemma):] if lemma in analysis else ""


class ToolsPlugin(BasePlugin):
    """A LYSS plugin built on a language's tools; available when its analyser is (``needs_analyser``) and
    the optional Python packages it names in ``needs_packages`` import."""

    needs_analyser = True
    needs_packages: tuple[tuple[str, str], ...] = ()  # (module, what it is for)

    def __init__(self, tools: LanguageTools):
        self.tools = tools

    def availability(self) -> str | None:
        if self.needs_analyser and self.tools.analyser_reason:
            return self.tools.analyser_reason
        for module, purpose in self.needs_packages:
            try:
                importlib.import_module(module)
            except ImportError:
                return f"the {module} package ({purpose}) is not installed"
        return None
