"""The Plains Cree LYSS standards against the real analyser: linter classes, semantic verdicts,
orthography, morphology, English leakage, and the demo scored end to end."""

from __future__ import annotations

import json
import re

import pytest

from helpers import DEMO, shared_file
from desktop.cli import main
from eval_standards.cards import load_card
from eval_standards.crk.linter import CrkLinterMetric, Linter
from eval_standards.orthography import OrthographyMetric
from eval_standards.crk.semantic import CrkSemanticMetric
from eval_standards.giellalt import ContactLeakage, MorphologyMetric
from eval_standards.tools import tools_for
from scoring.runcard import Entry


@pytest.fixture(scope="module")
def tools():
    shared_file("fst/crk-descriptive-analyzer.hfstol")
    t = tools_for(load_card("crk"))
    assert t.analyser is not None, t.analyser_reason
    return t


@pytest.fixture(scope="module")
def linter(tools):
    return Linter(tools.data("linter"), tools)


def _v(linter, pred, ref, variants=()):
    out = linter.verdict(pred, ref, list(variants))
    return out["verdict"], out["classes"]


POSITIVE = [
    ("LONG_VOWEL_MACRON", "nimīcison.", "nimîcison."),
    ("ORTHOGRAPHIC", "nikî nipân.", "nikî-nipân."),
    ("WORD_ORDER", "atoskêw iskwêw.", "iskwêw atoskêw."),
    ("OPTIONAL_PARTICLE", "awâsis mîcisow.", "êkwa awâsis mîcisow."),
    ("LEMMA_SYNONYM", "kî-takohtêw.", "kî-takosin."),
    ("LEMMA_SYNONYM", "môya.", "namôya."),
    ("INCLUSIVE_EXCLUSIVE", "kika-sipwêhtânaw.", "nika-sipwêhtânân."),
    ("PROGRESSIVE_AMBIGUITY", "ati-nipâw.", "nipâw."),
]
NEGATIVE = [
    ("LONG_VOWEL_MACRON", "nimicison.", "nimîcison."),            # an unmarked vowel is not a macron variant
    ("ORTHOGRAPHIC", "nehiyawew.", "nêhiyawêw."),                # vowel marks alone: never orthographic
    ("WORD_ORDER", "atoskêw nâpêw.", "iskwêw atoskêw."),
    ("OPTIONAL_PARTICLE", "awâsis mîcisow.", "ôma awâsis mîcisow."),  # ôma is never optional
    ("LEMMA_SYNONYM", "kî-nipâw.", "kî-takosin."),
    ("INCLUSIVE_EXCLUSIVE", "kimîcison.", "nimîcison."),          # not a listed prefix/suffix pair
    ("PROGRESSIVE_AMBIGUITY", "nipâw.", "ati-nipâw."),           # ati- only in the reference
]


@pytest.mark.parametrize("cls,pred,ref", POSITIVE, ids=[f"{c}+" for c, _, _ in POSITIVE])
def test_linter_positive(linter, cls, pred, ref):
    assert _v(linter, pred, ref) == ("EQUIVALENT", [cls])


@pytest.mark.parametrize("cls,pred,ref", NEGATIVE, ids=[f"{c}-" for c, _, _ in NEGATIVE])
def test_linter_negative(linter, cls, pred, ref):
    verdict, classes = _v(linter, pred, ref)
    assert verdict == "MISS" and cls not in classes


def test_linter_exact_no_output_variants_and_final_check(linter):
    assert _v(linter, "Atim nipâw!", "atim nipâw.") == ("EXACT", [])
    assert _v(linter, "  ... ", "atim nipâw.") == ("NO_OUTPUT", [])
    assert _v(linter, "âha, tâpwê.", "êha, tâpwê.", ["âha, tâpwê."]) == ("EQUIVALENT", ["LISTED_VARIANT"])
    assert _v(linter, "nipâw.", "ati-nipâw.") == ("MISS", ["PROGRESSIVE_UNDERSPEC"])
    # a macron is detected, but the strings still differ afterwards: MISS
    assert _v(linter, "nimīcison atim.", "nimîcison.") == ("MISS", ["LONG_VOWEL_MACRON"])
    assert _v(linter, "ᓂᒦᒋᓱᐣ", "nimîcison.") == ("EXACT", [])  # syllabics read as SRO


def test_synonyms_need_the_fst(tools):
    without = Linter(tools.data("linter"), None)
    assert not without.synonyms_available
    assert without.verdict("kî-takohtêw.", "kî-takosin.")["verdict"] == "MISS"


def test_linted_chrf(tools):
    plugin = CrkLinterMetric(tools)
    equivalent = plugin.compute(Entry("a", "I slept.", "nikî-nipân.", "nikî nipân."))
    assert equivalent["linted_chrf"] == 100.0 and equivalent["raw_chrf"] < 100
    miss = plugin.compute(Entry("b", "x", "nikî-nipân.", "nikī nipâw."))
    assert miss["verdict"] == "MISS" and miss["raw_chrf"] < miss["linted_chrf"] < 100


@pytest.fixture(scope="module")
def semantic(tools):
    return CrkSemanticMetric(tools)


SEMANTIC = [
    ("EXACT_MATCH", "The dog is sleeping.", "atim nipâw.", "Atim nipâw"),
    ("VALID", "The woman is working.", "iskwêw atoskêw.", "atoskêw iskwêw."),
    ("GRAMMAR_ISSUES", "You are eating.", "kimîcison.", "nimîcison."),
    ("PARTIAL", "The children are playing.", "awâsisak mêtawêwak.", "awâsisak"),
    ("INCOMPLETE", "The old woman is drinking tea.", "nôtokwêsiw minihkwêw tiy.", "tiy."),
    ("WRONG", "It is raining.", "kimiwan.", "maskwa."),
    ("NO_OUTPUT", "It is raining.", "kimiwan.", ""),
]


@pytest.mark.parametrize("verdict,source,ref,pred", SEMANTIC, ids=[s[0] for s in SEMANTIC])
def test_semantic_verdicts(semantic, verdict, source, ref, pred):
    assert semantic.verdict(source, pred, ref)["verdict"] == verdict


@pytest.mark.parametrize("source,ref,pred,terms", [
    ("The children are playing.", "awâsisak mêtawêwak.", "awâsisak", ["playing"]),
    ("The old woman is drinking tea.", "nôtokwêsiw minihkwêw tiy.", "tiy.", ["old", "woman", "drinking"]),
    ("The woman is working.", "iskwêw atoskêw.", "atoskêw iskwêw.", [])])
def test_semantic_missing_terms_are_the_source_words_left_unsaid(semantic, source, ref, pred, terms):
    """Task E's dictionary pre-mark: the source's words the reference's glosses carry and the output's do not."""
    assert semantic.verdict(source, pred, ref)["missing_terms"] == terms


def test_semantic_unavailable_without_a_gloss(semantic):
    res = semantic.verdict("The buffalo.", "atim.", "mostos.")
    assert res["verdict"] is None and "no gloss for lemma 'mostos'" in res["reason"]


def test_semantic_score_weights(semantic):
    results = [{"verdict": v} for v in ("EXACT_MATCH", "GRAMMAR_ISSUES", "PARTIAL", "INCOMPLETE", "WRONG")]
    results.append({"verdict": None, "reason": "no gloss"})
    agg = semantic.aggregate(results)
    assert agg["semantic_score"] == pytest.approx((1.0 + 0.7 + 0.4 + 0.3 + 0) / 5)
    assert agg["semantic_unavailable_entries"] == 1


def test_orthography(tools):
    ortho = OrthographyMetric(tools)
    assert ortho.word_problem("tânisi") is None and ortho.word_problem("ᐲᓯᒼ") is None
    assert "macron" in ortho.word_problem("nimīcison")
    assert "ê" in ortho.word_problem("nehiyawew")
    assert "not a letter of SRO" in ortho.word_problem("rain")
    mixed = ortho.compute(Entry("m", "s", "r", "pîsim ᐚᓭᓯᐤ"))
    assert mixed["valid"] == 0 and mixed["words"] == 2
    ok = ortho.compute(Entry("o", "s", "r", "nikî-nipân êkwa nehiyawew"))
    assert (ok["valid"], ok["words"]) == (2, 3)


def test_morphology(tools):
    morph = MorphologyMetric(tools)
    gold = [{"form": "nimîcison", "analysis": "mîcisow+V+AI+Ind+Prs+1Sg"}, {"form": "atim", "analysis": "atim+N+A+Sg"}]
    right = morph.compute(Entry("a", "s", "r", "atim nimîcison", morphological_analysis=gold))
    wrong = morph.compute(Entry("b", "s", "r", "kimîcison atim", morphological_analysis=gold))
    assert (right["matched"], right["gold"]) == (2, 2)
    assert (wrong["matched"], wrong["gold"]) == (1, 2) and wrong["misses"] == ["mîcisow+V+AI+Ind+Prs+1Sg"]
    agg = morph.aggregate([right, wrong, morph.compute(Entry("c", "s", "r", "atim"))])
    assert agg["morphological_accuracy"] == pytest.approx(3 / 4)
    assert agg["morphological_coverage"] == pytest.approx(2 / 3)
    assert morph.aggregate([{"gold": 0, "matched": 0}])["morphological_accuracy"] is None


def test_english_leakage(tools):
    leak = ContactLeakage(tools)
    assert leak.availability() is None
    assert leak.leaked_word("speaking") and leak.leaked_word("river")
    assert not leak.leaked_word("atim") and not leak.leaked_word("kisêyiniw")


def _independent_fst_rate(path) -> float:
    """FST acceptance computed without LYSS code: hfst directly, our own tokenisation. Where the hfst
    binding does not import (the suite's run without it), the figure it gave: 67 of 94 words."""
    import cree_sro_syllabics
    try:
        import hfst
    except ImportError:
        assert path == DEMO
        return 67 / 94
    stream = hfst.HfstInputStream(str(shared_file("fst/crk-descriptive-analyzer.hfstol")))
    fst = stream.read()
    words = accepted = 0
    for entry in json.loads(path.read_text("utf-8"))["entries"]:
        text = cree_sro_syllabics.syllabics2sro(entry["predicted"])
        for raw in text.split():
            if re.fullmatch(r"\W*\{\w*\}\W*", raw):
                continue
            token = re.sub(r"^\W+|\W+$", "", raw)
            if not any(c.isalpha() for c in token):
                continue
            words += 1
            accepted += bool(fst.lookup(token) or fst.lookup(token.lower()))
    return accepted / words


def test_demo_scored_with_crk_standards(tmp_path, capsys):
    shared_file("fst/crk-descriptive-analyzer.hfstol")  # profile A needs the analyser
    out = tmp_path / "scored.json"
    assert main(["score", str(DEMO), "--lang", "crk", "--out", str(out), "--bootstrap", "100"]) == 0
    scored = json.loads(out.read_text("utf-8"))
    s = scored["scores"]
    assert scored["lyss"]["profile"]["name"] == "A"
    for key in ("fst_acceptance_rate", "equivalent_match_rate", "semantic_score", "orthographic_accuracy",
                "morphological_accuracy"):
        assert isinstance(s[key], float), key
    assert s["fst_acceptance_rate"] == pytest.approx(_independent_fst_rate(DEMO))
    assert "fst_acceptance_rate" in s["confidence_intervals"]
    assert s["lint_verdict_counts"]["NO_OUTPUT"] == 1
    assert all(s["variant_class_counts"][c] >= 1 for c in ("LONG_VOWEL_MACRON", "ORTHOGRAPHIC", "WORD_ORDER",
                                                             "OPTIONAL_PARTICLE", "LEMMA_SYNONYM",
                                                             "INCLUSIVE_EXCLUSIVE", "PROGRESSIVE_AMBIGUITY"))
    fst = next(p for p in scored["lyss"]["plugins"] if p["name"] == "giellalt-fst")
    assert fst["analyser"]["sha256"].startswith("3c491290") and fst["analyser"]["kind"] == "analyser"
    entry = next(e for e in scored["entries"] if e["id"] == "dog-03")
    assert "river" in entry["lyss"]["giellalt-fst"]["rejected"]
    assert "river" in entry["metrics"]["leaked_words"]
    # composite: profile A over every metric present, recomputed by hand from the scores block
    profile = scored["lyss"]["profile"]["weights"]
    norm = {k: (s[k] / 100 if k == "chrf_plus_plus" else 1 - s[k] if k in ("code_switching_rate", "hallucination_rate")
                else s[k]) for k in profile if s.get(k) is not None}
    assert s["composite"] == pytest.approx(sum(profile[k] * v for k, v in norm.items()) / sum(profile[k] for k in norm))


def test_unknown_plugin_name_is_a_clear_error():
    from eval_standards.registry import plugins_for
    from scoring.errors import InputError
    with pytest.raises(InputError, match="unknown LYSS plugin 'os.system'"):
        plugins_for({"code": "xxx", "evalMetrics": ["os.system"]})
