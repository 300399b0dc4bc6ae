"""The names a language card's ``evalMetrics`` may use, and the plugin each builds."""

from __future__ import annotations

from .crk.linter import CrkLinterMetric
from .crk.orthography import CrkOrthographyMetric
from .crk.semantic import CrkSemanticMetric
from .giellalt import GiellaLTFSTMetric, MorphologyMetric, SourceLeakage
from .registry import register
from .tools import tools_for

for _name, _cls in {"giellalt-fst": GiellaLTFSTMetric, "morphology": MorphologyMetric,
                    "english-leakage": SourceLeakage, "crk-linter": CrkLinterMetric,
                    "crk-semantic": CrkSemanticMetric, "crk-orthography": CrkOrthographyMetric}.items():
    register(_name)(lambda card, options, cls=_cls: cls(tools_for(card, options)))
