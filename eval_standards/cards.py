"""Language cards: data files in ``eval_standards/cards/<code>.json``; ``generic.json`` for the rest."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from scoring.conventions import LanguageConventions, infer_conventions
from scoring.errors import InputError

#: ISO 639-1 and macrolanguage codes people type, mapped to the cards' ISO 639-3 codes.
ALIASES = {"cr": "crk", "cre": "crk", "sn": "sna", "cy": "cym", "wel": "cym", "qu": "que", "ja": "jpn",
           "se": "sme", "fo": "fao", "am": "amh", "ar": "arb", "ara": "arb", "tk": "tuk"}


def normalise_code(code: str | None) -> str | None:
    if not code:
        return None
    code = code.strip().lower()
    return ALIASES.get(code, code)


def available_cards() -> list[str]:
    folder = resources.files("eval_standards").joinpath("cards")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json") and p.name != "generic.json")


@lru_cache(maxsize=None)
def load_card(code: str | None) -> dict:
    """The card for a language code; the generic card (``"generic": true``) when there is none."""
    code = normalise_code(code)
    folder = resources.files("eval_standards").joinpath("cards")
    name = f"{code}.json" if code and folder.joinpath(f"{code}.json").is_file() else "generic.json"
    path = folder.joinpath(name)
    try:
        card = json.loads(path.read_text("utf-8"))
    except json.JSONDecodeError as exc:
        raise InputError(f"eval_standards/cards/{name}", f"line {exc.lineno}", f"invalid JSON: {exc.msg}") from None
    card["generic"] = name == "generic.json"
    if card["generic"]:
        card["code"] = code
    return card


def conventions(code: str | None, references: list[str]) -> LanguageConventions:
    """The engine's view of a card; a generic card infers scripts and case from the references."""
    card = load_card(code)
    if card["generic"] or not card.get("scripts"):
        return infer_conventions(references, card.get("code"))
    return LanguageConventions(
        code=card["code"], scripts=frozenset(card["scripts"]), has_case=card.get("hasCase"),
        quotes=tuple(card["quotes"]) if card.get("quotes") is not None else None,
        source=f"language card {card['code']}")
