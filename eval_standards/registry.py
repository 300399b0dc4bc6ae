"""The LYSS plugin registry: the names a language card's ``evalMetrics`` may use, and the plugin
class each builds. A card can only name plugins from this table, so it can never make the program
import an arbitrary module."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from scoring.plugins import MetricPlugin


@lru_cache(maxsize=1)
def known_plugins() -> dict[str, type]:
    """Plugin name → plugin class (imported on first use: the plugins import the analyser machinery)."""
    from .crk.linter import CrkLinterMetric
    from .crk.semantic import CrkSemanticMetric
    from .giellalt import ContactLeakage, GiellaLTFSTMetric, LemmaEquivalence, MorphologyMetric
    from .orthography import OrthographyMetric

    return {"giellalt-fst": GiellaLTFSTMetric, "giellalt-equivalence": LemmaEquivalence, "morphology": MorphologyMetric,
            "orthography": OrthographyMetric, "contact-leakage": ContactLeakage,
            "crk-linter": CrkLinterMetric, "crk-semantic": CrkSemanticMetric}


def plugins_for(card: dict, options: dict[str, Any] | None = None) -> list[MetricPlugin]:
    """Instantiate the plugins a (checked) card names, in the card's order, on the language's shared tools."""
    from scoring.errors import FileProblem

    from .tools import tools_for

    for name in card.get("evalMetrics", []):
        if name not in known_plugins():
            raise FileProblem(f"eval_standards/cards/{card.get('code')}.json", "evalMetrics",
                             f"unknown LYSS plugin {name!r} (known: {', '.join(sorted(known_plugins()))})")
    tools = tools_for(card, options or {})
    return [known_plugins()[name](tools) for name in card.get("evalMetrics", [])]
