"""TER's statistics for a whole batch (``scoring.ter``) against sacrebleu's ``translation_edit_rate``, segment by
segment: arbitrary word sequences, and the cases that reach each of sacrebleu's limits."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings, strategies as st
from sacrebleu.metrics import TER, lib_ter

from helpers import report_texts
from scoring import surface, ter
from sizes import examples


def _sacrebleu(pairs) -> list[list[float]]:
    return [list(map(float, lib_ter.translation_edit_rate(h, r))) for h, r in pairs]


def _ours(pairs) -> list[list[float]]:
    return ter.statistics([h for h, _ in pairs], [r for _, r in pairs]).tolist()


WORDS = st.lists(st.sampled_from("abcde"), max_size=14)


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.tuples(WORDS, WORDS), min_size=1, max_size=12))
def test_any_words_have_sacrebleus_edits(pairs):
    assert _ours(pairs) == _sacrebleu(pairs)


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.sampled_from("abcdefgh"), min_size=1, max_size=30), st.randoms(use_true_random=False))
def test_moved_blocks_have_sacrebleus_edits(words, rng):
    """A reference and hypotheses made from it by moving, dropping and adding words: where shifts pay."""
    pairs = []
    for _ in range(6):
        hyp = list(words)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(hyp) + 1)
            block = hyp[at:at + rng.randint(1, 5)]
            del hyp[at:at + len(block)]
            if rng.random() < 0.7:
                hyp[rng.randint(0, len(hyp)):0] = block
            if rng.random() < 0.3:
                hyp.insert(rng.randint(0, len(hyp)), rng.choice("xyz"))
        pairs.append((hyp, list(words)))
    assert _ours(pairs) == _sacrebleu(pairs)


def _shuffled(rng: random.Random, words: list[str]) -> list[str]:
    out = list(words)
    rng.shuffle(out)
    return out


def test_the_limits_give_sacrebleus_edits(monkeypatch):
    rng = random.Random(7)
    long = [rng.choice("abc") for _ in range(70)]
    capped = (_shuffled(rng, long[:36]), long[:36])  # a long permutation of 3 words: the 1,000 scored shifts run out
    far = (long[60:] + long[:60], long)  # runs to move more than 50 words
    lopsided = (["a"], ["b", "a"] * 60)  # 120 words against 1: the beam widens
    pairs = [capped, far, lopsided, ([], ["a", "b"]), (["a", "b"], []), ([], []), (["a"], ["a"])]
    assert _ours(pairs) == _sacrebleu(pairs)
    monkeypatch.setattr(lib_ter, "_MAX_SHIFT_CANDIDATES", 10**9)
    monkeypatch.setattr(lib_ter, "_MAX_SHIFT_DIST", 10**9)
    uncapped = _sacrebleu([capped, far])
    assert uncapped[0] != _ours([capped])[0] and uncapped[1] != _ours([far])[0]  # each limit decides its case


def test_many_segments_of_mixed_lengths_have_sacrebleus_edits():
    rng = random.Random(11)
    pairs = []
    for _ in range(250):
        ref = [rng.choice("abcdefghij") for _ in range(rng.randint(0, 25))]
        hyp = _shuffled(rng, ref)[: rng.randint(0, len(ref) + 2)] + [rng.choice("abcxyz") for _ in range(rng.randint(0, 3))]
        pairs.append((hyp, ref))
    assert _ours(pairs) == _sacrebleu(pairs)


def test_ter_statistics_of_the_shared_reports_are_sacrebleus():
    predicted, references = report_texts()
    want = np.asarray(TER()._extract_corpus_statistics(predicted, [references]), dtype=float)
    assert np.array_equal(surface.batch_statistics(predicted, references, ("ter",))["ter"], want)
