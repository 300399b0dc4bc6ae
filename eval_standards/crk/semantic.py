"""LYSS-sem: the Plains Cree semantic validator (deterministic, offline).

Method: the FST's first analysis of each word gives its lemma (preverbs stripped); a local gloss table
turns lemmas into English words; the English source's content words (function words in ``data/english-function-words.txt``
removed — negation and yes/no kept — and Snowball stems) are the meaning to carry. ``S(x)`` is the set of source content stems found among the glosses of
text x's lemmas. Decision rules, in order:

1. NO_OUTPUT — the output is empty.
2. EXACT_MATCH — the output equals the reference (the linter's normalisation). From here on both are
   read in the linter's convention form (macrons → circumflexes, preverbs hyphenated).
3. unavailable (no verdict, with a reason) — no analyser; a reference word the analyser rejects; a
   lemma of the output or the reference without a gloss; or the reference's glosses cover no content
   word of the source (the meaning cannot be checked).
4. WRONG — the output has words and the analyser reads none of them (gibberish, another language).
   INCOMPLETE — the output has fewer than half as many analysed words as the reference has words.
5. coverage = |S(output) ∩ S(reference)| / |S(reference)|:
   - coverage 1 and grammar sound → VALID;
   - coverage 1 but an output word is rejected by the analyser, or the verbs'/nouns' inflection tags
     differ from the reference's → GRAMMAR_ISSUES;
   - coverage ≥ 0.5 → PARTIAL;
   - otherwise WRONG.

Where the meaning is checked, ``missing_terms`` lists the source's words (as the source spells them) whose
meaning the reference's glosses carry and the output's do not: the glossary's missing terms, which task E
shows the speaker as a candidate "something missing" (``review.items.E.premarks`` of the card).

``semantic_score`` = Σ weight × count / entries with a verdict, weights EXACT_MATCH 1.0, VALID 1.0,
GRAMMAR_ISSUES 0.7, PARTIAL 0.4, INCOMPLETE 0.3, WRONG 0, NO_OUTPUT 0.
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Any

import snowballstemmer

from scoring.files import packaged_text, user_data_dir
from scoring.runcard import Entry
from scoring.text import word_tokens

from ..glosses import read_glosses
from ..tools import ToolsPlugin, lemma_of, tags_of
from .linter import Linter

WEIGHTS = {"EXACT_MATCH": 1.0, "VALID": 1.0, "GRAMMAR_ISSUES": 0.7, "PARTIAL": 0.4, "INCOMPLETE": 0.3,
           "WRONG": 0.0, "NO_OUTPUT": 0.0}
REVISION = 2  # of what compute returns per entry (2: missing_terms), so that a cache of older records is not read
def _inflections(words: list[tuple[str, str | None]]) -> Counter:
    """The inflection tags of the verbs and nouns of a text (particles carry no inflection)."""
    return Counter(tags_of(a) for _, a in words if a and {"V", "N"} & set(a.split("+")))


class CrkSemanticMetric(ToolsPlugin):
    name = "crk-semantic"
    provides = ("semantic_score",)
    needs_packages = (("snowballstemmer", "English stemming"),)

    @cached_property
    def glosses(self) -> dict[str, list[str]]:
        table = read_glosses(self.tools.data_text("glosses"))
        user = user_data_dir() / "glosses" / f"{self.tools.lang}.tsv"
        if user.is_file():
            table.update(read_glosses(user.read_text("utf-8")))
        return table

    @cached_property
    def _stemmer(self):
        return snowballstemmer.stemmer("english")

    @cached_property
    def _linter(self) -> Linter:
        return Linter(self.tools.data("linter"), self.tools)

    @property
    def cache_id(self) -> str:
        user = user_data_dir() / "glosses" / f"{self.tools.lang}.tsv"
        extra = user.read_text("utf-8") if user.is_file() else ""
        return f"{self.name}:{REVISION}:{self.tools.fingerprint('glosses', 'linter', extra=extra)}"

    def prepare(self, entries: list[Entry]) -> None:
        self.tools.prefetch(self._linter.convention_normalised(t) for e in entries for t in (e.predicted, e.reference))

    def info(self) -> dict:
        return {"gloss_lemmas": len(self.glosses), "user_gloss_file": str(user_data_dir() / "glosses" / f"{self.tools.lang}.tsv")}

    def _stems(self, words: list[str]) -> set[str]:
        return set(self._stemmer.stemWords([w.lower() for w in words]))

    @cached_property
    def _stop(self) -> frozenset[str]:
        text = packaged_text("eval_standards", "data/english-function-words.txt")
        return frozenset(w for line in text.splitlines() if not line.startswith("#") for w in line.split())

    def _content_words(self, source: str) -> list[str]:
        stops = self._stop
        return [w for w in word_tokens(source.replace("'", " ")) if w.lower() not in stops]

    def source_stems(self, source: str) -> set[str]:
        return self._stems(self._content_words(source))

    def missing_terms(self, source: str, missing: set[str]) -> list[str]:
        """The source's content words whose stems are in ``missing``, in the source's order, each once."""
        words = self._content_words(source)
        stems = self._stemmer.stemWords([w.lower() for w in words])
        return list(dict.fromkeys(w for w, stem in zip(words, stems) if stem in missing))

    def _read(self, text: str) -> list[tuple[str, str | None]]:
        """Words and their readings of a text in the linter's convention form (macrons → circumflexes,
        preverbs hyphenated): meaning is judged here, spelling by the orthography metric. A word's reading
        is its first analysis whose lemma the gloss table knows (else its first): the choice does not hang
        on the order an analyser lists its analyses in."""
        return [(w, self._reading(self.tools.analyses(w)))
                for w in self.tools.words(self._linter.convention_normalised(text))]

    def _reading(self, analyses: tuple[str, ...]) -> str | None:
        glossed = [a for a in analyses if lemma_of(a) in self.glosses]
        return (glossed or list(analyses) or [None])[0]

    def _gloss_stems(self, lemma: str) -> set[str]:
        return self._stems([part for g in self.glosses[lemma] for part in g.split()])

    def verdict(self, source: str, predicted: str, reference: str) -> dict[str, Any]:
        if not self._linter.normalise(predicted):
            return {"verdict": "NO_OUTPUT"}
        if self._linter.normalise(predicted) == self._linter.normalise(reference):
            return {"verdict": "EXACT_MATCH"}
        ref, out = self._read(reference), self._read(predicted)
        rejected_ref = [w for w, a in ref if a is None]
        if rejected_ref:
            return {"verdict": None, "reason": f"the analyser rejects reference word {rejected_ref[0]!r}"}
        lemmas = {lemma_of(a) for _, a in ref + out if a is not None}
        missing = sorted(lemma for lemma in lemmas if lemma not in self.glosses)
        if missing:
            return {"verdict": None, "reason": f"no gloss for lemma {missing[0]!r} (add it to the gloss table)"}
        entry_source, source = source, self.source_stems(source)
        s_ref = source & set().union(*(self._gloss_stems(lemma_of(a)) for _, a in ref))
        s_out = source & set().union(*(self._gloss_stems(lemma_of(a)) for _, a in out if a is not None))
        detail = {"source_stems": sorted(source), "reference_covers": sorted(s_ref), "output_covers": sorted(s_out),
                  "missing_terms": self.missing_terms(entry_source, s_ref - s_out)}
        if not s_ref:
            return {"verdict": None, "reason": "the reference's glosses cover no content word of the source", **detail}
        analysed_out = sum(1 for _, a in out if a is not None)
        if out and not analysed_out:
            return {"verdict": "WRONG", "no_word_analysed": True, **detail}
        if analysed_out * 2 < len(ref):
            return {"verdict": "INCOMPLETE", **detail}
        coverage = len(s_out & s_ref) / len(s_ref)
        detail["coverage"] = coverage
        if coverage >= 1.0:
            rejected = [w for w, a in out if a is None]
            inflection = _inflections(out) != _inflections(ref)
            if rejected or inflection:
                return {"verdict": "GRAMMAR_ISSUES", "rejected": rejected, "inflection_differs": inflection, **detail}
            return {"verdict": "VALID", **detail}
        return {"verdict": "PARTIAL" if coverage >= 0.5 else "WRONG", **detail}

    def compute(self, entry: Entry) -> dict[str, Any]:
        lemmas = {lemma_of(a) for _, a in self._read(entry.predicted) if a is not None}
        return {**self.verdict(entry.source, entry.predicted, entry.reference), "output_lemmas": len(lemmas),
                "glossed_lemmas": sum(1 for lemma in lemmas if lemma in self.glosses)}

    def aggregate(self, results: list[dict]) -> dict[str, Any]:
        judged = [r for r in results if r["verdict"] is not None]
        counts = Counter(r["verdict"] for r in judged)
        reasons = Counter(r["reason"] for r in results if r["verdict"] is None)
        out = {"semantic_score": sum(WEIGHTS[v] * c for v, c in counts.items()) / len(judged) if judged else None,
               "semantic_verdict_counts": {v: counts.get(v, 0) for v in WEIGHTS},
               "semantic_unavailable_entries": len(results) - len(judged),
               "semantic_gloss_coverage": (sum(r.get("glossed_lemmas", 0) for r in results) /
                                           max(1, sum(r.get("output_lemmas", 0) for r in results))),
               "semantic_gloss_lemmas": len(self.glosses),
               "semantic_unavailable_reasons": dict(reasons.most_common(10))}
        if not judged:
            out["unavailable_reasons"] = {"semantic_score": "no entry could be judged: " +
                                          (reasons.most_common(1)[0][0] if reasons else "no entries")}
        return out

    def columns(self, results: list[dict]):
        return {"semantic_score": ([WEIGHTS[r["verdict"]] if r["verdict"] else 0.0 for r in results],
                                   [1.0 if r["verdict"] else 0.0 for r in results])}
