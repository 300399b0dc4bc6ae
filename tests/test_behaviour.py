"""Behavioural and compliance metrics, on hand-computed cases."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from scoring import behaviour, compliance, surface
from scoring.conventions import LanguageConventions
from scoring.text import dominant_script, normalize_exact, token_script, word_tokens
from sizes import examples

CRK = LanguageConventions("crk", frozenset({"Latn", "Cans"}), True, ('"', "“", "”"))
JPN = LanguageConventions("jpn", frozenset({"Jpan"}), False, ("「", "」"))


def test_exact_match_normalisation():
    assert normalize_exact("  Tânisi\u0302  ,\tKIYA ") == normalize_exact("tânisî , kiya")
    assert surface.exact_match("Atim  Nipâw.", "atim nipâw.") == 1
    assert surface.exact_match("atim nipâw", "atim nipâw.") == 0
    # NFC: a decomposed circumflex equals the precomposed one
    assert surface.exact_match("nipa\u0302w", "nipâw") == 1


def test_variants():
    assert surface.variant_match("âha, tâpwê.", "êha, tâpwê.", ["âha, tâpwê."]) == 1
    assert surface.variant_match("môya.", "namôya.", ["âha."]) == 0


def test_tokens_and_scripts():
    assert word_tokens("«Tânisi», nikî-nipân ... 42 !") == ["Tânisi", "nikî-nipân"]
    assert token_script("ᐲᓯᒼ") == "Cans" and token_script("pîsim") == "Latn" and token_script("聴衆") == "Hani"
    assert dominant_script(["彼は聴衆に怒りを隠した。"]) == "Jpan"


def _tokens_by_the_rule(text: str, word_characters: str) -> list[str]:
    """The rule written out plainly: drop {placeholders}, strip edge punctuation (keeping the language's
    word characters), keep what has a letter."""
    keep = re.escape(word_characters)
    edge = re.compile(rf"^[^\w{keep}]+|[^\w{keep}]+$" if word_characters else r"^[^\w]+|[^\w]+$")
    out = []
    for raw in text.split():
        if re.match(r"^\W*\{[^{}\s]*\}\W*$", raw):
            continue
        token = edge.sub("", raw)
        if any(ch.isalpha() for ch in token):
            out.append(token)
    return out


@settings(max_examples=examples(300), deadline=None)
@given(st.text(alphabet=st.sampled_from(list("aZâᐊ聴'’-_{}.,!«» 1\t\u00a0\u0302ǅ")), max_size=40),
       st.sampled_from(["", "'", "’-"]))
def test_word_tokens_follow_the_rule_for_any_text(text, word_characters):
    assert word_tokens(text, word_characters) == _tokens_by_the_rule(text, word_characters)


def test_code_switching_wrong_script():
    res = behaviour.code_switching("彼は hello 聴衆", "He hello audience", JPN)
    assert (res["tokens"], res["wrong_script"], res["leaked"]) == (3, 1, 1)


def test_code_switching_copied_run():
    # "is raining now" is a 3-token run of the source: untranslated
    res = behaviour.code_switching("kimiwan is raining now", "It is raining now.", CRK)
    assert res["tokens"] == 4 and res["copied_run"] == 3 and res["leaked"] == 3
    assert behaviour.code_switching("kimiwan", "It is raining.", CRK)["leaked"] == 0


def test_code_switching_wordlist_hook():
    res = behaviour.code_switching("nôhkom is speaking", "My grandmother speaks.", CRK,
                                   is_leaked_word=lambda t: t in {"is", "speaking"})
    assert res["leaked"] == 2 and res["wordlist"] == 2


def test_hallucination_components():
    cfg = behaviour.settings()["hallucination"]["weights"]
    res = behaviour.hallucination("maskwa maskwa maskwa maskwa maskwa", "I see a bear.", "maskwa niwâpamâw.", CRK)
    # 4 bigrams, 1 distinct → repetition 0.75; length 34/17 = 2.0 → (2.0 − 1.5)/1.5
    assert res["repetition"] == pytest.approx(0.75)
    assert res["length"] == pytest.approx((34 / 17 - 1.5) / 1.5, abs=1e-6)
    assert res["rate"] == pytest.approx(cfg["repetition"] * 0.75 + cfg["length"] * res["length"], abs=1e-6)


def test_hallucination_entity_and_echo():
    res = behaviour.hallucination("Mae Tom yn hoffi Paris.", "Tom likes London.", "Mae Tom yn hoffi Llundain.",
                                  LanguageConventions("cym", frozenset({"Latn"}), True))
    assert res["entity"] == pytest.approx(1 / 2)  # Tom is supported, Paris is not
    echo = behaviour.hallucination("It is raining.", "It is raining.", "kimiwan.", CRK)
    assert echo["echo"] == 1.0


def test_terminology():
    glossary = {"dog": ["atim"], "bear": ["maskwa"], "old man": ["kisêyiniw"]}
    res = behaviour.terminology("atim nipâw", "The dog and the bear sleep.", glossary)
    assert res == {"matched": 1, "total": 2, "misses": ["bear"]}
    assert behaviour.terminology("x", "The dogs", glossary)["total"] == 0  # whole words only
    assert behaviour.terminology("x", "y", None)["total"] == 0


def test_consistency_with_glossary():
    glossary = {"dog": ["atim", "acimosis"]}
    sources = ["The dog sleeps.", "The dog eats.", "The dog runs.", "A cat."]
    outputs = ["atim nipâw", "atim mîcisow", "acimosis pimipahtâw", "minôs"]
    res = behaviour.consistency(sources, outputs, glossary)
    assert res["value"] == pytest.approx(2 / 3) and res["terms"] == 1


def test_consistency_without_glossary():
    sources = ["The bear sleeps.", "The bear eats.", "A rabbit runs.", "A rabbit eats."]
    outputs = ["maskwa nipâw", "maskwa mîcisow", "wâpos pimipahtâw", "wâposis mîcisow"]
    res = behaviour.consistency(sources, outputs, None)
    # bear → maskwa twice (2/2); rabbit → wâpos once, wâposis once (1/2); eats → mîcisow twice (2/2)
    assert res["terms"] == 3 and res["value"] == pytest.approx(5 / 6)
    assert behaviour.consistency(["a b"], ["c"], None)["value"] is None


def test_compliance_checks():
    res = compliance.check('tânisi, {name}! itwêw "pê-itohtê"', "Hello, {name}!", CRK)
    assert res["variables"] == 1.0 and res["quotes"] == 1.0 and res["casing"] is None and res["index"] == 1.0
    bad = compliance.check("tânisi, name! itwêw «pê-itohtê»", "Hello, {name}!", CRK)
    assert bad["variables"] == 0.0 and bad["quotes"] == 0.0 and bad["violations"] == 2
    assert bad["index"] == pytest.approx(0.0)
    jp = compliance.check("彼は Tom が好き", "He likes Tom", JPN)
    assert jp["casing"] == 0.0 and jp["index"] == 0.0
    assert compliance.check("p'unchaw", "day", LanguageConventions("que", frozenset({"Latn"}), True, ('"',)))["quotes"] is None


def _renderings_as_written(sources, outputs):
    """The rule of ``consistency`` without a glossary, word by word with Counters (what the numpy version counts)."""
    cfg = behaviour.settings()["consistency"]
    out_sets = [{t.lower() for t in word_tokens(o)} for o in outputs]
    df = Counter(w for s in out_sets for w in s)
    where: dict[str, list[int]] = {}
    for i, s in enumerate(sources):
        for t in {t.lower() for t in word_tokens(s) if len(t) >= cfg["min_term_letters"]
                  and t.lower() not in behaviour.stop_words() and t.isalpha()}:
            where.setdefault(t, []).append(i)
    best, counts = {}, {}
    for term, idx in where.items():
        if len(idx) >= cfg["min_occurrences"]:
            limit = cfg["max_rendering_document_frequency_factor"] * len(idx)
            together = Counter(w for i in idx for w in out_sets[i] if df[w] <= limit)
            best[term], counts[term] = max(1, together.most_common(1)[0][1] if together else 0), len(idx)
    return best, counts


WORDS = st.sampled_from("the dog Dog cat runs house water tree red big eats mîcisow nipâw ᓂᐱᐚᐤ {x} 12 a-b".split())


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.tuples(st.lists(WORDS, max_size=6).map(" ".join), st.lists(WORDS, max_size=6).map(" ".join)),
                max_size=30))
def test_consistency_counts_as_the_rule_is_written(pairs):
    """Counted with numpy over word numbers (a million outputs' words in a few MB): the same terms and counts."""
    sources, outputs = [s for s, _ in pairs], [o for _, o in pairs]
    assert behaviour._free_renderings(sources, outputs) == _renderings_as_written(sources, outputs)


@settings(max_examples=examples(500), deadline=None)
@given(st.text(alphabet=st.characters(codec=None), max_size=40) | st.text(" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680"
                                                                         "\u2000\u2028\u2029\u202f\u3000aBÂ", max_size=20))
def test_the_exact_match_form_collapses_white_space_as_the_expression_did(text):
    """White space collapsed by ``str.split`` (a third of the expression's time) as ``\\s+`` collapsed it."""
    assert normalize_exact(text) == re.sub(r"\s+", " ", unicodedata.normalize("NFC", text).lower()).strip()


def _code_switching_by_the_rule(predicted, source, conv, is_leaked_word=None) -> dict:
    """Code-switching as the rule is written: each output word's script; every run of k words found as a run of the
    source's k words (lower-cased, by a set of the source's k-grams); a word the plugin names."""
    tokens = word_tokens(predicted, conv.word_characters)
    allowed = conv.allowed_scripts
    wrong = [token_script(t) not in allowed for t in tokens] if allowed else [False] * len(tokens)
    k = behaviour.settings()["code_switching"]["copied_run_min_tokens"]
    copied = [False] * len(tokens)
    src = [t.lower() for t in word_tokens(source)]
    grams = {tuple(src[i:i + k]) for i in range(len(src) - k + 1)}
    low = [t.lower() for t in tokens]
    for i in range(len(low) - k + 1):
        if tuple(low[i:i + k]) in grams:
            copied[i:i + k] = [True] * k
    by_word = [bool(is_leaked_word) and not w and not c and is_leaked_word(t) for t, w, c in zip(tokens, wrong, copied)]
    leaked = [w or c or b for w, c, b in zip(wrong, copied, by_word)]
    return {"tokens": len(tokens), "leaked": sum(leaked), "wrong_script": sum(wrong),
            "copied_run": sum(c and not w for c, w in zip(copied, wrong)), "wordlist": sum(by_word),
            "leaked_words": [t for t, flag in zip(tokens, leaked) if flag]}


SWITCHED_WORDS = st.sampled_from(["it", "Is", "IS", "rain", "ᐊᓂ", "nîpiy", "彼", "İstanbul", "ß", "SS", "a-b", "it.",
                                  "'it", "{x}", "12", "  ", "\t", "ǅ", "straße", "ﬁ", "it's"])


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(SWITCHED_WORDS, max_size=9).map(" ".join), st.lists(SWITCHED_WORDS, max_size=9).map(" ".join),
       st.sampled_from([CRK, JPN, LanguageConventions("eng", frozenset({"Latn"}), True),
                        LanguageConventions(None, frozenset(), None), LanguageConventions("oji", frozenset({"Latn"}),
                                                                                          True, word_characters="'")]),
       st.booleans())
def test_code_switching_counts_as_the_rule_is_written(predicted, source, conv, with_wordlist):
    hook = (lambda t: t.lower() in {"rain", "ß"}) if with_wordlist else None
    assert behaviour.code_switching(predicted, source, conv, hook) == \
        _code_switching_by_the_rule(predicted, source, conv, hook)
    assert behaviour.code_switching(predicted, source + " " + predicted, conv, hook)["copied_run"] == \
        _code_switching_by_the_rule(predicted, source + " " + predicted, conv, hook)["copied_run"]


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.text(alphabet=st.characters(codec=None) | st.sampled_from(["\ud800", "\udfff", "\U0010ffff"]),
                        max_size=12), max_size=12), st.integers(1, 5))
def test_characters_are_counted_as_a_counter_counts_them(texts, at_once):
    import scoring.text as text
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(text, "COUNTED_AT_ONCE", at_once)  # blocks of a few texts
        assert dict(text.character_counts(texts)) == Counter("".join(texts))


HALLUCINATED_WORDS = st.sampled_from(["The", "the", "Cat", "cat", "Paris", "paris.", "ᐊᓂ", "nipâw", "A", "sat", "sat.",
                                      "{x}", "12", "İstanbul", "ǅemal", "!", "  "])


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(HALLUCINATED_WORDS, max_size=10).map(" ".join), st.lists(HALLUCINATED_WORDS, max_size=10).map(" ".join),
       st.sampled_from([CRK, JPN, LanguageConventions("eng", frozenset({"Latn"}), True), LanguageConventions()]))
def test_an_output_that_is_its_reference_has_no_hallucination_signal(text, source, conv):
    """The rule behind the shortcut: every signal of an output that is its reference, worked out, is none."""
    assert behaviour._signals(text, source, text, conv, 0.0) == behaviour._NO_SIGNAL
    assert behaviour.hallucination_found(text, source, text, conv) == behaviour._NO_SIGNAL
    assert behaviour.hallucination(text, source, text, conv) == dict.fromkeys(behaviour.HALLUCINATION_FIELDS, 0.0)
