"""Attention items in the language's own grammar (issue 57, 4): for each language pack that declares perturbation
rules, the share of the example run cards' outputs that admit a real word in a wrong form, by kind, and the time it
takes; the baseline is today's degraded item (another reference's phrase swapped in), which every output with a
second entry admits."""

from __future__ import annotations

import json

from bench.common import ROOT, SHARED, timed
from eval_standards import cards, perturbations
from eval_standards.tools import tools_for


def main() -> None:
    for code in cards.available_cards():
        card = cards.load_card(code)
        if not card.get("perturbations"):
            continue
        perturber = perturbations.Perturber(tools_for(card, {"analyzer_dir": str(SHARED / "fst")}))
        if perturber.reason:
            print(f"{code}: {perturber.reason}: skipped")
            continue
        for path in sorted((ROOT / "examples").glob(f"demo-{code}*.runcard.json")):
            texts = [e.get("predicted") or "" for e in json.loads(path.read_text("utf-8"))["entries"]]
            seconds, found = timed(perturbations.survey, perturber, texts)
            share = found["admitting"] / max(1, found["outputs"])
            kinds = ", ".join(f"{kind} {n}" for kind, n in found["by_kind"].items()) or "none"
            print(f"{code} {path.name}: {found['admitting']}/{found['outputs']} outputs admit a grammatical "
                  f"perturbation ({share:.0%}; by kind: {kinds}) in {seconds:.2f} s")
            print(f"  baseline  swapped-phrase degraded items: {found['outputs']}/{found['outputs']} outputs; "
                  f"ratio {share:.2f}")
