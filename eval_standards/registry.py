"""The LYSS plugin registry: the names a language card's ``evalMetrics`` may use, and the plugin class
each builds — a table in data (``eval_standards/data/plugins.json``). A card can only name plugins from
this table, so it can never make the program import an arbitrary module; checking a card reads the
names only, and a plugin's module is imported when a run is scored with it."""

from __future__ import annotations

import importlib
from typing import Any

from scoring.errors import FileProblem
from scoring.plugins import MetricPlugin

from .cards import plugin_table
from .tools import tools_for


def known_plugins() -> list[str]:
    return sorted(plugin_table())


def plugin_class(name: str) -> type:
    module, _, cls = plugin_table()[name].partition(":")
    return getattr(importlib.import_module(module), cls)


def plugins_for(card: dict, options: dict[str, Any] | None = None) -> list[MetricPlugin]:
    """Instantiate the plugins a (checked) card names, in the card's order, on the language's shared tools."""
    for name in card.get("evalMetrics", []):
        if name not in plugin_table():
            raise FileProblem(f"eval_standards/cards/{card.get('code')}.json", "evalMetrics",
                             f"unknown LYSS plugin {name!r} (known: {', '.join(known_plugins())})")
    tools = tools_for(card, options or {})
    return [plugin_class(name)(tools) for name in card.get("evalMetrics", [])]
