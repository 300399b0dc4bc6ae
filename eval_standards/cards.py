"""Language cards: data files found by language code only — the packaged ``eval_standards/cards/<code>.json``,
then the user's own cards (copied in with ``lyss cards add FILE``); ``generic.json`` for the rest.

A card never names a file outside the language packs: its data keys (``glosses``, ``linter``,
``orthography``) name packaged data files (``crk/linter.json``), and its ``toCanonical`` and
``evalMetrics`` name entries of fixed tables. Every card is checked when it is read.
"""

from __future__ import annotations

import json
import re
import shutil
from functools import lru_cache
from importlib import resources
from pathlib import Path

from scoring.conventions import LanguageConventions, infer_conventions
from scoring.errors import FileProblem
from scoring.files import atomic_path, is_packaged, packaged_json, user_data_dir
from scoring.runcard import read_json

from .text import CONVERTERS

#: ISO 639-1 and macrolanguage codes people type, mapped to the cards' ISO 639-3 codes.
ALIASES = {"cr": "crk", "cre": "crk", "sn": "sna", "cy": "cym", "wel": "cym", "qu": "que", "ja": "jpn",
           "se": "sme", "fo": "fao", "am": "amh", "ar": "arb", "ara": "arb", "tk": "tuk", "oj": "ciw", "oji": "ciw"}
CODE = re.compile(r"[a-z]{2,3}")
DATA_KEYS = ("glosses", "linter", "orthography")
DATA_FILE = re.compile(r"[a-z]{2,3}/[A-Za-z0-9_-]+\.(json|tsv|txt)")


def normalise_code(code: str | None, where: str = "--lang") -> str | None:
    """A language code as the cards name it; ``InputError`` for anything that is not a code."""
    if code is None or not str(code).strip():
        return None
    text = str(code).strip().lower()
    text = ALIASES.get(text, text)
    if not CODE.fullmatch(text):
        raise FileProblem(where, repr(code)[1:-1], "not a language code (two or three letters, e.g. crk)")
    return text


def user_cards_dir() -> Path:
    return user_data_dir() / "cards"


def available_cards() -> list[str]:
    folder = resources.files("eval_standards").joinpath("cards")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json") and p.name != "generic.json")


def language_choices() -> list[tuple[str, str]]:
    """(code, label) of every language with a card, for a chooser: "Plains Cree (crk)", or the code."""
    choices = []
    for code in available_cards():
        name = (load_card(code).get("review") or {}).get("name")
        choices.append((code, f"{name} ({code})" if name else code))
    return choices


@lru_cache(maxsize=1)
def plugin_table() -> dict[str, str]:
    """The plugins a card may name: name → ``module:Class`` in eval_standards (``data/plugins.json``).
    Checking a card reads these names only; ``registry`` imports a plugin when a run needs it."""
    table = {k: v for k, v in packaged_json("eval_standards", "data/plugins.json").items() if not k.startswith("_")}
    assert all(v.startswith("eval_standards.") for v in table.values()), "a plugin lives in eval_standards"
    return table


def check_card(card: object, where: str) -> dict:
    """A card's fields checked: its code, its plugins, its converter, its data files."""
    if not isinstance(card, dict):
        raise FileProblem(where, "top level", "a language card is a JSON object")
    if card.get("code") is not None and not (isinstance(card["code"], str) and CODE.fullmatch(card["code"])):
        raise FileProblem(where, "code", "must be a two- or three-letter language code")
    metrics = card.get("evalMetrics", [])
    if not isinstance(metrics, list) or not all(isinstance(m, str) for m in metrics):
        raise FileProblem(where, "evalMetrics", "must be a list of plugin names")
    unknown = [m for m in metrics if m not in plugin_table()]
    if unknown:
        raise FileProblem(where, "evalMetrics", f"unknown LYSS plugin {unknown[0]!r} "
                                               f"(known: {', '.join(sorted(plugin_table()))})")
    converter = card.get("toCanonical")
    if converter is not None and converter not in CONVERTERS:
        raise FileProblem(where, "toCanonical", f"unknown converter {converter!r} (known: {', '.join(CONVERTERS)})")
    for key in DATA_KEYS:
        name = card.get(key)
        if name is None:
            continue
        if not isinstance(name, str) or not DATA_FILE.fullmatch(name) or \
                not resources.files("eval_standards").joinpath(name).is_file():
            raise FileProblem(where, key, "must name a data file of the language packs (e.g. crk/linter.json)")
    for key in ("scripts", "quotes"):
        value = card.get(key)
        if value is not None and (not isinstance(value, list) or not all(isinstance(v, str) for v in value)):
            raise FileProblem(where, key, "must be a list of texts")
    return card


@lru_cache(maxsize=None)
def load_card(code: str | None) -> dict:
    """The card for a language code; the generic card (``"generic": true``) when there is none."""
    code = normalise_code(code)
    folder = resources.files("eval_standards").joinpath("cards")
    user = user_cards_dir() / f"{code}.json" if code else None
    if code and folder.joinpath(f"{code}.json").is_file():
        where, text = f"eval_standards/cards/{code}.json", folder.joinpath(f"{code}.json").read_text("utf-8")
    elif user is not None and user.is_file():
        where, text = str(user), user.read_text("utf-8")
    else:
        where, text = "eval_standards/cards/generic.json", folder.joinpath("generic.json").read_text("utf-8")
    try:
        card = check_card(json.loads(text), where)
    except (ValueError, RecursionError) as exc:
        raise FileProblem(where, "", f"invalid JSON ({exc.__class__.__name__})") from None
    card["generic"] = where.endswith("generic.json")
    if card["generic"]:
        card["code"] = code
    return card


def add_card(path: str) -> Path:
    """Copy a user's own language card in (checked first). Returns where it went."""
    card = check_card(read_json(path), path)
    code = normalise_code(card.get("code"), f"{path}: code")
    if code is None:
        raise FileProblem(path, "code", "a card needs its language code")
    if is_packaged("eval_standards", f"cards/{code}.json"):
        raise FileProblem(path, "code", f"LYSS already ships a card for {code}")
    target = user_cards_dir() / f"{code}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(target) as tmp:
        shutil.copyfile(path, tmp)
    load_card.cache_clear()
    return target


def review_profile(card: dict) -> dict:
    """What the speakers' screens need to know about the language, as data the review copies into each
    campaign: its names, other scripts it can be shown in (with the converter to use), which plugin's
    results supply the items of tasks B and C, and the pack's own wording of the task screens."""
    names = card.get("names") or {}
    review = card.get("review") or {}
    return {"code": card.get("code"), "name": review.get("name") or names.get("en"),
            "names": {k: v for k, v in names.items() if k != "endonym"},
            "endonym": names.get("endonym"), "display": review.get("display", []),
            "items": review.get("items", {}), "tasks": review.get("tasks", {}),
            **({"attention": review["attention"]} if review.get("attention") else {})}


def conventions(code: str | None, references: list[str]) -> LanguageConventions:
    """The engine's view of a card; a generic card infers scripts and case from the references."""
    card = load_card(code)
    if card["generic"] or not card.get("scripts"):
        return infer_conventions(references, card.get("code"))
    return LanguageConventions(
        code=card["code"], scripts=frozenset(card["scripts"]), has_case=card.get("hasCase"),
        quotes=tuple(card["quotes"]) if card.get("quotes") is not None else None,
        source=f"language card {card['code']}", word_characters=card.get("wordCharacters", ""))
