"""Generic LYSS plugins for any language with a GiellaLT analyser: FST acceptance (LYSS-fst),
morphological accuracy against gold analyses, and source-language leakage for Latin-script targets."""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Any

from scoring.runcard import Entry

from .tools import ToolsPlugin, lemma_of


class GiellaLTFSTMetric(ToolsPlugin):
    """``fst_acceptance_rate`` = accepted words / words over the corpus (the spec's definition); also the
    mean of per-entry rates (what the reference harness published), each entry's analyses and the
    words the analyser rejected (they feed the speakers' false-rejection task)."""

    name = "giellalt-fst"
    provides = ("fst_acceptance_rate", "fst_accepted")

    def info(self) -> dict:
        return self.tools.info()

    @property
    def cache_id(self) -> str:
        return f"{self.name}:{self.tools.fingerprint()}"

    def prepare(self, entries: list[Entry]) -> None:
        self.tools.prefetch(e.predicted for e in entries)

    def compute(self, entry: Entry) -> dict[str, Any]:
        words = self.tools.words(entry.predicted)
        analyses = {w: list(self.tools.analyses(w)) for w in dict.fromkeys(words)}
        accepted = sum(1 for w in words if analyses[w])
        return {"words": len(words), "accepted": accepted, "rate": accepted / len(words) if words else None,
                "analyses": analyses, "rejected": [w for w in dict.fromkeys(words) if not analyses[w]]}

    def aggregate(self, results: list[dict]) -> dict[str, Any]:
        words = sum(r["words"] for r in results)
        accepted = sum(r["accepted"] for r in results)
        rates = [r["rate"] for r in results if r["rate"] is not None]
        self.tools.analyser.save_cache()
        out = {"fst_acceptance_rate": accepted / words if words else None, "fst_accepted": accepted,
               "fst_words": words, "fst_mean_entry_rate": sum(rates) / len(rates) if rates else None,
               "fst_rejected_words": sorted({w for r in results for w in r["rejected"]})}
        if not words:
            out["unavailable_reasons"] = {"fst_acceptance_rate": "the outputs contain no words"}
        return out

    def columns(self, results: list[dict]):
        return {"fst_acceptance_rate": ([r["accepted"] for r in results], [r["words"] for r in results])}


def _gold(entry: Entry) -> list[str]:
    gold = entry.morphological_analysis
    if not isinstance(gold, list):
        return []
    out = []
    for item in gold:
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict) and isinstance(item.get("analysis"), str):
            out.append(item["analysis"])
    return out


class MorphologyMetric(ToolsPlugin):
    """``morphological_accuracy`` (spec: planned → built): for entries with gold analyses, the share of
    gold analyses matched by an analysis of the aligned predicted word. A gold analysis aligns with an
    unused predicted word that has an analysis of the same lemma; it is matched when one of that word's
    analyses equals it exactly. Null without gold; coverage reports how many entries have gold."""

    name = "morphology"
    provides = ("morphological_accuracy",)

    @property
    def cache_id(self) -> str:
        return f"{self.name}:{self.tools.fingerprint()}"

    def compute(self, entry: Entry) -> dict[str, Any]:
        gold = _gold(entry)
        if not gold:
            return {"gold": 0, "matched": 0}
        words = [(w, set(self.tools.analyses(w))) for w in self.tools.words(entry.predicted)]
        used: set[int] = set()
        matched, misses = 0, []
        for analysis in gold:
            lemma = lemma_of(analysis)
            pick = next((i for i, (_, an) in enumerate(words) if i not in used and analysis in an), None)
            if pick is None:
                pick = next((i for i, (_, an) in enumerate(words)
                             if i not in used and any(lemma_of(a) == lemma for a in an)), None)
            if pick is not None:
                used.add(pick)
                if analysis in words[pick][1]:
                    matched += 1
                    continue
            misses.append(analysis)
        return {"gold": len(gold), "matched": matched, "misses": misses}

    def aggregate(self, results: list[dict]) -> dict[str, Any]:
        gold = sum(r["gold"] for r in results)
        with_gold = sum(1 for r in results if r["gold"])
        out = {"morphological_accuracy": sum(r["matched"] for r in results) / gold if gold else None,
               "morphological_coverage": with_gold / len(results) if results else 0.0,
               "morphological_gold_analyses": gold}
        if not gold:
            out["unavailable_reasons"] = {"morphological_accuracy":
                                          "no entry carries gold morphological_analysis"}
        return out

    def columns(self, results: list[dict]):
        return {"morphological_accuracy": ([r["matched"] for r in results], [r["gold"] for r in results])}


class LemmaEquivalence(ToolsPlugin):
    """``equivalent_match_rate`` for any language with an analyser: an output is EQUIVALENT to its
    reference when every word of both has a reading and the two hold the same multiset of lemmas (best
    readings); EXACT when equal after lower-casing and stripping punctuation. The pairs it calls
    EQUIVALENT are what speakers check in task B."""

    name = "giellalt-equivalence"
    provides = ("equivalent_match_rate", "equivalent_matches")
    VERDICTS = ("EXACT", "EQUIVALENT", "MISS", "NO_OUTPUT")

    @property
    def cache_id(self) -> str:
        return f"{self.name}:{self.tools.fingerprint()}"

    def prepare(self, entries: list[Entry]) -> None:
        self.tools.prefetch(t for e in entries for t in (e.predicted, e.reference))

    def _lemmas(self, text: str) -> list[str] | None:
        readings = [self.tools.best_reading(w) for w in self.tools.words(text)]
        return None if None in readings else sorted(lemma_of(r) for r in readings)

    def compute(self, entry: Entry) -> dict[str, Any]:
        out, ref = self.tools.words(entry.predicted), self.tools.words(entry.reference)
        if not out:
            return {"verdict": "NO_OUTPUT", "classes": []}
        if [w.lower() for w in out] == [w.lower() for w in ref]:
            return {"verdict": "EXACT", "classes": []}
        lemmas_out, lemmas_ref = self._lemmas(entry.predicted), self._lemmas(entry.reference)
        if lemmas_out is not None and lemmas_out == lemmas_ref:
            return {"verdict": "EQUIVALENT", "classes": ["SAME_LEMMAS"], "lemmas": lemmas_out}
        return {"verdict": "MISS", "classes": []}

    def aggregate(self, results: list[dict]) -> dict[str, Any]:
        counts = Counter(r["verdict"] for r in results)
        matches = counts["EXACT"] + counts["EQUIVALENT"]
        return {"equivalent_match_rate": matches / len(results) if results else None, "equivalent_matches": matches,
                "lint_verdict_counts": {v: counts.get(v, 0) for v in self.VERDICTS}}

    def columns(self, results: list[dict]):
        return {"equivalent_match_rate": ([float(r["verdict"] in ("EXACT", "EQUIVALENT")) for r in results],
                                          [1.0] * len(results))}


class ContactLeakage(ToolsPlugin):
    """Code-switching into the language's contact languages (the card's ``contactLanguages``, each an
    offline wordfreq list): an output word is leaked when it is one of the contact language's 50,000
    most frequent words and the language's analyser rejects it — or, with no analyser, when it appears
    in no reference of the run (the run's own evidence of the language's vocabulary)."""

    name = "contact-leakage"
    provides = ()
    TOP_WORDS = 50000
    MIN_LETTERS = 3  # "a", "to", "yn": too short to tell one language from another without an analyser
    needs_analyser = False
    needs_packages = (("wordfreq", "offline word lists of the contact languages"),)

    @cached_property
    def contact_words(self) -> frozenset[str]:
        import wordfreq  # deferred: loads its word lists (tens of MB) only for runs that check leakage
        found: set[str] = set()
        for lang in self.tools.card.get("contactLanguages", ["en"]):
            found |= {w for w in wordfreq.top_n_list(lang, self.TOP_WORDS) if w.isalpha()}
        return frozenset(found)

    @property
    def cache_id(self) -> str:
        langs = ",".join(self.tools.card.get("contactLanguages", ["en"]))
        analyser = self.tools.analyser.sha256 if self.tools.analyser else "-"
        return f"{self.name}:{analyser}:{langs}:{self.TOP_WORDS}:{self.MIN_LETTERS}"

    def start_run(self, entries: list[Entry]) -> None:
        self._references = frozenset(w.lower() for e in entries for w in self.tools.words(e.reference))

    def leaked_word(self, token: str) -> bool:
        word = self.tools.canonical(token)
        if word.lower() not in self.contact_words:
            return False
        if self.tools.analyser is not None:
            return not self.tools.analyses(word)
        return len(word) >= self.MIN_LETTERS and word.lower() not in getattr(self, "_references", frozenset())

    def compute(self, entry: Entry) -> dict[str, Any]:
        return {}

    def aggregate(self, results: list[dict]) -> dict[str, Any]:
        return {"contact_languages": self.tools.card.get("contactLanguages", ["en"])}
