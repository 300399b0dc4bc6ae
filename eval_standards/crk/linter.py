"""LYSS-eq: the Plains Cree equivalence linter.

A verdict per entry — EXACT, EQUIVALENT, MISS, NO_OUTPUT — and the variant classes that explain an
equivalence. Word lists live in ``crk/linter.json``. The steps, applied to both strings' tokens:

1. EXACT: equal after lower-casing and stripping ``.,!?;:``; LISTED_VARIANT: equal to one of the entry's
   own ``variants[]``.
2. LONG_VOWEL_MACRON: ā ē ī ō ū → â ê î ô û.
3. ORTHOGRAPHIC: a preverb written apart is hyphenated to the next word (``nikî nipân`` → ``nikî-nipân``).
   Vowel marks alone never count as orthographic: ``nehiyawew`` ≠ ``nêhiyawêw``.
4. PROGRESSIVE: an extra ``ati-`` in the output is dropped (PROGRESSIVE_AMBIGUITY, acceptable); an
   ``ati-`` only in the reference is PROGRESSIVE_UNDERSPEC and the verdict is MISS.
5. INCLUSIVE_EXCLUSIVE: kika↔nika, kikî↔nikî, kikahati↔nikahati, kikîhati↔nikîhati and -naw↔-nân,
   applied to an output word when that makes it a reference word.
6. OPTIONAL_PARTICLE: listed particles dropped from both sides.
7. LEMMA_SYNONYM (FST needed): an unmatched output word and an unmatched reference word whose first
   analyses' lemmas form a listed pair (same token count required).
8. WORD_ORDER: the same multiset of tokens (or of first FST analyses) in another order.
Final check: after every detected normalisation the two token sequences must be identical, otherwise MISS.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cached_property
from typing import Any

from scoring import surface
from scoring.runcard import Entry

from ..tools import LanguageTools, ToolsPlugin, lemma_of

VERDICTS = ("EXACT", "EQUIVALENT", "MISS", "NO_OUTPUT")
CLASSES = ("LISTED_VARIANT", "LONG_VOWEL_MACRON", "ORTHOGRAPHIC", "PROGRESSIVE_AMBIGUITY", "INCLUSIVE_EXCLUSIVE",
           "OPTIONAL_PARTICLE", "LEMMA_SYNONYM", "WORD_ORDER")


class Linter:
    def __init__(self, rules: dict, tools: LanguageTools | None = None):
        self.rules = rules
        self.tools = tools
        self._strip = re.compile("[" + re.escape(rules["strip_characters"]) + "]")
        self._macrons = str.maketrans(rules["macron_to_circumflex"])
        self.preverbs = set(rules["preverbs"])
        self.particles = set(rules["optional_particles"]) - set(rules["never_optional"])
        self.synonyms = {frozenset(p) for p in rules["lemma_synonyms"]}
        self.prefix_pairs = [tuple(p) for p in rules["inclusive_exclusive_prefixes"]]
        self.suffix_pairs = [tuple(p) for p in rules["inclusive_exclusive_suffixes"]]
        self.ati = rules["progressive_preverb"]

    @property
    def synonyms_available(self) -> bool:
        return self.tools is not None and self.tools.analyser is not None

    def normalise(self, text: str) -> str:
        if self.tools:
            text = self.tools.canonical(text)
        return " ".join(self._strip.sub(" ", text.lower()).split())

    # -- steps ---------------------------------------------------------------------------------

    def _hyphenate(self, tokens: list[str]) -> list[str]:
        """Join a preverb (or a chain of preverbs) written apart to the word after it."""
        out: list[str] = []
        for tok in tokens:
            if out and all(part in self.preverbs for part in out[-1].split("-")):
                out[-1] = f"{out[-1]}-{tok}"
            else:
                out.append(tok)
        return out

    def _drop_ati(self, token: str) -> str:
        parts = token.split("-")
        return "-".join([x for x in parts[:-1] if x != self.ati] + parts[-1:])

    @staticmethod
    def _differs(old_p, new_p, old_r, new_r) -> bool:
        """A step explains a difference only when it changes the two sides differently."""
        return (Counter(new_p) - Counter(old_p), Counter(old_p) - Counter(new_p)) != \
            (Counter(new_r) - Counter(old_r), Counter(old_r) - Counter(new_r))

    def _swap_person(self, token: str) -> set[str]:
        """The forms of a word under the inclusive/exclusive swaps (prefix, suffix, both)."""
        prefixed = {token}
        head, sep, rest = token.partition("-")
        for a, b in self.prefix_pairs:
            for x, y in ((a, b), (b, a)):
                if sep and head == x:
                    prefixed.add(f"{y}-{rest}")
        forms = set(prefixed)
        for form in prefixed:
            for a, b in self.suffix_pairs:
                for x, y in ((a, b), (b, a)):
                    if form.endswith(x):
                        forms.add(form[: -len(x)] + y)
        forms.discard(token)
        return forms

    def _first_analysis(self, token: str) -> str | None:
        found = self.tools.analyses(token) if self.synonyms_available else ()
        return found[0] if found else None

    # -- verdict -------------------------------------------------------------------------------

    def verdict(self, predicted: str, reference: str, variants: list[str] = ()) -> dict[str, Any]:
        p_text, r_text = self.normalise(predicted), self.normalise(reference)
        if not p_text:
            return {"verdict": "NO_OUTPUT", "classes": []}
        if p_text == r_text:
            return {"verdict": "EXACT", "classes": []}
        if any(p_text == self.normalise(v) for v in variants):
            return {"verdict": "EQUIVALENT", "classes": ["LISTED_VARIANT"]}
        classes: list[str] = []
        p, r = p_text.split(), r_text.split()

        mp, mr = [t.translate(self._macrons) for t in p], [t.translate(self._macrons) for t in r]
        if self._differs(p, mp, r, mr):
            classes.append("LONG_VOWEL_MACRON")
        p, r = mp, mr

        hp, hr = self._hyphenate(p), self._hyphenate(r)
        if self._differs(p, hp, r, hr):
            classes.append("ORTHOGRAPHIC")
        p, r = hp, hr

        ref_forms = set(r)
        underspec = [t for t in r if t not in set(p) and self.ati in t.split("-")[:-1]
                     and self._drop_ati(t) in set(p)]
        if underspec:
            return {"verdict": "MISS", "classes": classes + ["PROGRESSIVE_UNDERSPEC"]}
        dropped = [self._drop_ati(t) if t not in ref_forms and self.ati in t.split("-")[:-1]
                   and self._drop_ati(t) in ref_forms else t for t in p]
        if dropped != p:
            classes.append("PROGRESSIVE_AMBIGUITY")
        p = dropped

        swapped = []
        for t in p:
            alt = next((f for f in sorted(self._swap_person(t)) if f in ref_forms and t not in ref_forms), None)
            swapped.append(alt or t)
        if swapped != p:
            classes.append("INCLUSIVE_EXCLUSIVE")
        p = swapped

        kp, kr = [t for t in p if t not in self.particles], [t for t in r if t not in self.particles]
        if self._differs(p, kp, r, kr):
            classes.append("OPTIONAL_PARTICLE")
        p, r = kp, kr

        if self.synonyms_available and len(p) == len(r):
            missing_p = Counter(p) - Counter(r)
            missing_r = Counter(r) - Counter(p)
            replace: dict[str, str] = {}
            for tp in missing_p:
                lp = self._first_analysis(tp)
                for tr in missing_r:
                    lr = self._first_analysis(tr)
                    if lp and lr and frozenset((lemma_of(lp), lemma_of(lr))) in self.synonyms and tr not in replace.values():
                        replace[tp] = tr
                        break
            if replace:
                classes.append("LEMMA_SYNONYM")
                p = [replace.get(t, t) for t in p]

        if p != r:
            same_tokens = Counter(p) == Counter(r)
            same_analyses = False
            if not same_tokens and self.synonyms_available and len(p) == len(r):
                ap, ar = [self._first_analysis(t) for t in p], [self._first_analysis(t) for t in r]
                same_analyses = None not in ap and None not in ar and Counter(ap) == Counter(ar) and ap != ar
                if same_analyses:  # reorder the output by its analyses, then the strings must still agree
                    order = {a: i for i, a in enumerate(ar)}
                    p = [t for _, t in sorted(zip(ap, p), key=lambda x: order[x[0]])]
            if same_tokens or same_analyses:
                classes.append("WORD_ORDER")
                if same_tokens:
                    p = list(r)
        if p == r:
            return {"verdict": "EQUIVALENT", "classes": classes}
        return {"verdict": "MISS", "classes": classes}

    def convention_normalised(self, text: str) -> str:
        """Lower case, punctuation stripped, macrons → circumflexes, preverbs hyphenated (linted chrF++)."""
        tokens = [t.translate(self._macrons) for t in self.normalise(text).split()]
        return " ".join(self._hyphenate(tokens))


class CrkLinterMetric(ToolsPlugin):
    """``equivalent_match_rate`` = (EXACT + EQUIVALENT) / entries, with per-entry verdicts and classes,
    ``variant_class_counts`` and the linted chrF++ (100 for EXACT/EQUIVALENT, chrF++ on
    convention-normalised strings for MISS) beside the raw chrF++."""

    name = "crk-linter"
    provides = ("equivalent_match_rate", "equivalent_matches")
    needs_analyser = False  # only synonym detection needs it

    @cached_property
    def linter(self) -> Linter:
        return Linter(self.tools.data("linter"), self.tools if self.tools.analyser is not None else None)

    @property
    def cache_id(self) -> str:
        return f"{self.name}:{self.tools.fingerprint('linter', extra=str(self.linter.synonyms_available))}"

    def prepare(self, entries: list[Entry]) -> None:
        self.tools.prefetch(self.linter.normalise(t) for e in entries for t in (e.predicted, e.reference))

    def info(self) -> dict:
        return {"synonym_detection": self.linter.synonyms_available,
                "synonym_reason": None if self.linter.synonyms_available else self.tools.analyser_reason}

    def compute(self, entry: Entry) -> dict[str, Any]:
        result = self.linter.verdict(entry.predicted, entry.reference, entry.variants)
        raw = surface.sentence_score("chrf", surface.segment_statistics(entry.predicted, entry.reference)["chrf"])
        if result["verdict"] in ("EXACT", "EQUIVALENT"):
            linted = 100.0
        elif result["verdict"] == "NO_OUTPUT":
            linted = 0.0
        else:
            a, b = self.linter.convention_normalised(entry.predicted), self.linter.convention_normalised(entry.reference)
            linted = surface.sentence_score("chrf", surface.segment_statistics(a, b)["chrf"])
        return {**result, "linted_chrf": linted, "raw_chrf": raw}

    def aggregate(self, results: list[dict]) -> dict[str, Any]:
        verdicts = Counter(r["verdict"] for r in results)
        classes = Counter(c for r in results if r["verdict"] == "EQUIVALENT" for c in r["classes"])
        n = len(results)
        matches = verdicts["EXACT"] + verdicts["EQUIVALENT"]
        return {"equivalent_match_rate": matches / n if n else None, "equivalent_matches": matches,
                "lint_verdict_counts": {v: verdicts.get(v, 0) for v in VERDICTS},
                "variant_class_counts": {c: classes.get(c, 0) for c in CLASSES},
                "progressive_underspec": sum("PROGRESSIVE_UNDERSPEC" in r["classes"] for r in results),
                "synonym_detection_available": self.linter.synonyms_available,
                "linted_chrf_plus_plus": sum(r["linted_chrf"] for r in results) / n if n else None,
                "raw_chrf_plus_plus_mean": sum(r["raw_chrf"] for r in results) / n if n else None}

    def columns(self, results: list[dict]):
        return {"equivalent_match_rate": ([float(r["verdict"] in ("EXACT", "EQUIVALENT")) for r in results],
                                          [1.0] * len(results))}
