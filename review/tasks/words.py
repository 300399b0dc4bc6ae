"""Task C: words the language's analyser rejected — is each a real word of the language, and what kind?
Only real gaps of the analyser are asked about: words the run's code-switching check found to be
contact-language words are left out (and counted). Its answers give the analyser's false-rejection
rate (:meth:`Words.measure`, ``lyss study fst-false-rejection``)."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from typing import Callable


from ..store import content_id, dumps
from .base import Answers, Built, ItemRow, Task, language_items, majority, plugin_result


class Words(Task):
    code = "C"
    item_kind = "word"
    valid_question, kind_question = "valid", "kind"
    nothing_to_review = ("no word the analyser rejected (score the run with --lang CODE for a language with an "
                         "analyser)")
    measures = ("fst_false_rejection",)

    def texts(self, item: dict, shown: Callable[[str], str] = str) -> tuple[str, str]:
        return shown(item["output"]), f"{shown(item['reference'])}\n({item['source']})"  # the word, its sentence

    def measure(self, name: str, answers: Answers, item: ItemRow) -> dict:
        """The analyser's false-rejection rate: the share of its rejected words that speakers say are valid
        words of the language (majority "yes"), with its Wilson interval, the valid words and their kinds."""
        if name not in self.measures:
            return super().measure(name, answers, item)
        from scoring.stats import proportion_ci  # deferred: it loads numpy, which the first window need not wait for
        by_item: dict[str, list] = defaultdict(list)
        for r in answers(self.valid_question):
            by_item[r["item_id"]].append(r["value"])
        verdicts = {i: majority(v) for i, v in by_item.items()}
        decided = {i: v for i, v in verdicts.items() if v in ("yes", "no")}
        valid = [i for i, v in decided.items() if v == "yes"]
        lo, hi = proportion_ci(len(valid), len(decided))
        kind_counts = Counter(r["value"] for r in answers(self.kind_question) if r["item_id"] in set(valid))
        words = {i: item(i)["output"] for i in valid}
        return {"false_rejection_rate": len(valid) / len(decided) if decided else None, "ci_lower": lo,
                "ci_upper": hi, "words_decided": len(decided), "words_rated": len(by_item),
                "valid_words": sorted(words.values()), "kinds": dict(kind_counts)}

    def build(self, scored: dict, run_id: str, limit: int, rng: random.Random) -> Built:
        spec = language_items(scored, self.code)
        counts: Counter = Counter()
        context: dict[str, dict] = {}
        leaked: set[str] = set()
        for e in scored["entries"]:
            leaked_here = {w.lower() for w in ((e.get("metrics") or {}).get("leaked_words") or [])
                           if isinstance(w, str)}
            for word in plugin_result(e, spec.get("plugin")).get(spec.get("words", "rejected"), []) if spec else []:
                if word.lower() in leaked_here:
                    leaked.add(word)
                    continue
                counts[word] += 1
                context.setdefault(word, e)
        new = []
        for word, n in counts.most_common(limit):
            e = context[word]
            new.append({"id": f"it-{content_id(run_id, word, 'word')}", "run_id": run_id, "entry_id": str(e["id"]),
                        "kind": "word", "source": e.get("source", ""), "output": word,
                        "reference": e.get("predicted", ""), "difficulty": None, "metrics": dumps({}),
                        "extra": dumps({"occurrences": n})})
        left_out = {"count": len(leaked - set(counts)),
                    "reason": "contact-language words (counted as code-switching), not gaps of the analyser",
                    "examples": sorted(leaked - set(counts))[:10]}
        return Built([i["id"] for i in new], new, {"left_out": left_out})


def rejected_words(item: dict, language: dict) -> list[str]:
    """The words of an item's output the analyser rejected, from the scoring's results the item carries
    (the plugin the language pack names for this task's items)."""
    spec = (language.get("items") or {}).get(Words.code) or {}
    found = ((item.get("extra") or {}).get("lyss") or {}).get(spec.get("plugin") or "", {})
    words = found.get(spec.get("words", "rejected"), []) if isinstance(found, dict) else []
    return [w for w in words if isinstance(w, str)]
