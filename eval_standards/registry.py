"""The LYSS plugin registry. A language card's ``evalMetrics`` names plugins from this table only, so
a card can never make the program import an arbitrary module."""

from __future__ import annotations

from typing import Any, Callable

from scoring.errors import InputError
from scoring.plugins import MetricPlugin

#: plugin name → factory(card, options) → plugin
REGISTRY: dict[str, Callable[[dict, dict], MetricPlugin]] = {}


def register(name: str):
    def wrap(factory):
        REGISTRY[name] = factory
        return factory
    return wrap


def plugins_for(card: dict, options: dict[str, Any] | None = None) -> list[MetricPlugin]:
    """Instantiate the plugins a card names, in the card's order."""
    from . import plugins  # noqa: F401  (fills REGISTRY)

    out = []
    for name in card.get("evalMetrics", []):
        if name not in REGISTRY:
            raise InputError(f"eval_standards/cards/{card.get('code')}.json", "evalMetrics",
                             f"unknown LYSS plugin {name!r} (known: {', '.join(sorted(REGISTRY)) or 'none'})")
        out.append(REGISTRY[name](card, options or {}))
    return out
