"""The team-written demo run cards in ``examples/`` (test data, not linguistic references), and which
one is the embedded default that ``make run``, ``lyss selftest`` and the screenshots use."""

from __future__ import annotations

from pathlib import Path

from .cards import load_card, review_profile

DEFAULT = "crk"  # Plains Cree: the first language LYSS serves, with its analyser in the default bundle


def demo_path(root: Path, code: str = DEFAULT) -> Path:
    return root / "examples" / f"demo-{code}.runcard.json"


def other_demos(root: Path) -> list[str]:
    """The languages with a demo in ``examples/`` besides the default, by code."""
    return sorted(p.name.removeprefix("demo-").removesuffix(".runcard.json")
                  for p in (root / "examples").glob("demo-*.runcard.json") if p != demo_path(root))


def analyser_preference(code: str) -> list[str]:
    """The card's analyser files, in its order of preference."""
    return [a["file"] for a in load_card(code).get("analysers", []) if a.get("kind", "analyser") == "analyser"]


def converters(code: str) -> list[str]:
    """Every script converter the language's card names (they must be importable in a bundle)."""
    card = load_card(code)
    return [c for c in [card.get("toCanonical"), *(d.get("converter") for d in review_profile(card)["display"])] if c]
