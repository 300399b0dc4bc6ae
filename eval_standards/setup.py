"""Choosing what scores a run: the language card's conventions, its plugins and the weight profile — the
setup ``scoring.runs`` is handed (this module scores nothing itself)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.conventions import LanguageConventions
from scoring.plugins import MetricPlugin
from scoring.rubric import Rubric, load_profile
from scoring.runcard import RunCard

from .cards import conventions as card_conventions, load_card, normalise_code, review_profile
from .registry import plugins_for


@dataclass
class Setup:
    language: str | None
    card: dict
    conventions: LanguageConventions
    plugins: list[MetricPlugin]
    profile: Rubric
    notes: list[str] = field(default_factory=list)

    @property
    def review(self) -> dict:
        """What the speakers' screens need of the language (its names, scripts, task items)."""
        return review_profile(self.card)


def prepare(card: RunCard, language: str | None = None, profile: str = "auto",
            options: dict[str, Any] | None = None) -> Setup:
    """Conventions, plugins and profile for a run. ``profile="auto"`` picks A when an FST plugin is
    available for the language and B otherwise, and says why."""
    code = normalise_code(language or card.target_language)
    lang_card = load_card(code)
    conv = card_conventions(code, [e.reference for e in card.entries])
    plugins = plugins_for(lang_card, options)
    notes = []
    if lang_card["generic"]:
        notes.append(f"no language card for {code or 'an unknown language'}: script and case inferred from the references")
    if profile == "auto":
        fst = [p for p in plugins if "fst_acceptance_rate" in p.provides]
        if fst and fst[0].availability() is None:
            chosen = load_profile("A")
            notes.append("profile A: an FST analyser is available")
        else:
            chosen = load_profile("B")
            why = fst[0].availability() if fst else f"no FST plugin for {code or 'this language'}"
            notes.append(f"profile B, not A: {why}. Its composite and tier are not comparable with profile A's")
    else:
        chosen = load_profile(profile)
    return Setup(code, lang_card, conv, plugins, chosen, notes)
