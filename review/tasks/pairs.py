"""Task B: pairs the language pack's equivalence checker called equivalent (the run's output and its
reference) — do they mean the same, are both natural? Its answers give the checker's precision per
variant class (:meth:`Pairs.measure`, ``lyss study linter-precision``)."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Callable


from ..store import content_id, dumps
from .base import Answers, Built, ItemRow, Task, language_items, majority, plugin_result


class Pairs(Task):
    code = "B"
    item_kind = "pair"
    verdict_question = "same_meaning"  # the question whose majority "yes" counts as a correct equivalence
    nothing_to_review = ("no pair the language pack called equivalent (score the run with --lang CODE for a "
                         "language whose pack checks equivalence)")
    measures = ("linter_precision",)

    def texts(self, item: dict, shown: Callable[[str], str] = str) -> tuple[str, str]:
        return shown(item["output"]), shown(item["reference"])  # the output and its equivalent

    def measure(self, name: str, answers: Answers, item: ItemRow) -> dict:
        """The checker's precision per variant class: the share of pairs speakers judged to mean the same
        (majority "yes"), with its Wilson interval."""
        if name not in self.measures:
            return super().measure(name, answers, item)
        from scoring.stats import proportion_ci  # deferred: it loads numpy, which the first window need not wait for
        by_item: dict[str, list] = defaultdict(list)
        for r in answers(self.verdict_question):
            by_item[r["item_id"]].append(r["value"])
        per_class: dict[str, list[bool]] = defaultdict(list)
        for item_id, values in by_item.items():
            verdict = majority(values)
            if verdict is None:
                continue
            for cls in item(item_id)["extra"].get("classes", []) or ["(none)"]:
                per_class[cls].append(verdict == "yes")
        out = {}
        for cls, judged in sorted(per_class.items()):
            lo, hi = proportion_ci(sum(judged), len(judged))
            out[cls] = {"precision": sum(judged) / len(judged), "judged_pairs": len(judged), "ci_lower": lo,
                        "ci_upper": hi}
        everything = [v for j in per_class.values() for v in j]
        return {"classes": out, "pairs_with_majority": len(everything), "pairs_rated": len(by_item)}

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
