"""Task B: pairs the language pack's equivalence checker called equivalent (the run's output and its
reference) — do they mean the same, are both natural? Its answers give the checker's precision per
variant class (``review.study.linter_precision``)."""

from __future__ import annotations

import random

from ..store import content_id, dumps
from .base import Built, Task, language_items, plugin_result


class Pairs(Task):
    code = "B"
    item_kind = "pair"
    verdict_question = "same_meaning"  # the question whose majority "yes" counts as a correct equivalence
    nothing_to_review = ("no pair the language pack called equivalent (score the run with --lang CODE for a "
                         "language whose pack checks equivalence)")

    def build(self, scored: dict, run_id: str, limit: int, rng: random.Random) -> Built:
        spec = language_items(scored, self.code)
        new = []
        for e in scored["entries"]:
            verdict = plugin_result(e, spec.get("plugin"))
            if spec and verdict.get("verdict") == spec.get("verdict", "EQUIVALENT"):
                new.append({"id": f"it-{content_id(run_id, e['id'], 'pair')}", "run_id": run_id,
                            "entry_id": str(e["id"]), "kind": "pair", "source": e.get("source", ""),
                            "output": e.get("predicted", ""), "reference": e.get("reference", ""), "difficulty": None,
                            "metrics": dumps({}), "extra": dumps({"classes": verdict.get("classes", [])})})
        new = new[:limit]
        return Built([i["id"] for i in new], new)
