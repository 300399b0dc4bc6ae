"""What the engine needs to know about a target language: scripts, case, quotes.

The engine never reads language cards itself (that is ``eval_standards``); callers pass a
:class:`LanguageConventions`. Without one, the target script is inferred from the references and the
checks that need a card (quotes) are reported unavailable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from .text import dominant_script, expand_scripts

CASELESS_SCRIPTS = {"Hani", "Hira", "Kana", "Jpan", "Hang", "Kore", "Arab", "Hebr", "Ethi", "Deva", "Beng",
                    "Sinh", "Taml", "Thai", "Cans", "Geor", "Khmr", "Laoo", "Mymr", "Tibt", "Syrc", "Thaa"}


@dataclass(frozen=True)
class LanguageConventions:
    """Target-language conventions: ISO 639-3 code, allowed scripts, whether it has letter case, quotes."""

    code: str | None = None
    scripts: frozenset[str] = frozenset()
    has_case: bool | None = None
    quotes: tuple[str, ...] | None = None
    source: str = "card"
    #: letters of the language that look like punctuation (Ojibwe's glottal stop ')
    word_characters: str = ""
    extra: dict = field(default_factory=dict, compare=False, hash=False)

    @cached_property
    def allowed_scripts(self) -> frozenset[str]:
        """The scripts with their families expanded (asked for once an entry: worked out once)."""
        return frozenset(expand_scripts(self.scripts))

    def describe(self) -> dict:
        return {"code": self.code, "scripts": sorted(self.scripts), "has_case": self.has_case,
                "quotes": list(self.quotes) if self.quotes is not None else None, "from": self.source,
                "word_characters": self.word_characters}


def infer_conventions(references: list[str], code: str | None = None) -> LanguageConventions:
    """Conventions guessed from the references alone: their dominant script, and case from that script."""
    script = dominant_script(references)
    if script is None:
        return LanguageConventions(code=code, source="inferred from references (no letters found)")
    return LanguageConventions(code=code, scripts=frozenset({script}), has_case=script not in CASELESS_SCRIPTS,
                               quotes=None, source="inferred from the references' script")
