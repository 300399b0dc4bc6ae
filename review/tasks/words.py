"""Task C: words the language's analyser rejected — is each a real word of the language, and what kind?
Only real gaps of the analyser are asked about: words the run's code-switching check found to be
contact-language words are left out (and counted). Its answers give the analyser's false-rejection
rate (``review.study.fst_false_rejection``)."""

from __future__ import annotations

import random
from collections import Counter

from ..store import content_id, dumps
from .base import Built, Task, language_items, plugin_result


class Words(Task):
    code = "C"
    item_kind = "word"
    valid_question, kind_question = "valid", "kind"
    nothing_to_review = ("no word the analyser rejected (score the run with --lang CODE for a language with an "
                         "analyser)")

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
