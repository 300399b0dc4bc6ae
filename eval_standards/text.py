"""Script conversion a language card may ask for (by name, from this table only)."""

from __future__ import annotations

from typing import Callable

import cree_sro_syllabics

from scoring.errors import NotFound
from scoring.text import char_script


def _syllabics_to_sro(text: str) -> str:
    if not any(char_script(ch) == "Cans" for ch in text):
        return text
    return cree_sro_syllabics.syllabics2sro(text)


def sro_to_syllabics(text: str) -> str:
    """For display: SRO Cree in syllabics (hyphens become spaces, as in syllabic writing)."""
    return cree_sro_syllabics.sro2syllabics(text)


CONVERTERS: dict[str, Callable[[str], str]] = {"cree-syllabics-to-sro": _syllabics_to_sro,
                                               "cree-sro-to-syllabics": sro_to_syllabics}


def convert(name: str, text: str) -> str:
    """A named conversion of the language packs (``NotFound`` for an unknown name)."""
    if name not in CONVERTERS:
        raise NotFound("converter", name, f"unknown (known: {', '.join(CONVERTERS)})")
    return CONVERTERS[name](text)
