"""Surface metrics (spec §2.1): exact and equivalent match, chrF++, BLEU, TER, length ratio.

Following sacrebleu, the string metrics keep per-segment *sufficient statistics*; corpus scores and
bootstrap resamples are computed from summed statistics, never from the mean of sentence scores.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from . import chrf, ngrams, ter, tokenize
from .text import normalize_exact


@lru_cache(maxsize=1)
def _sacrebleu():
    """sacrebleu's metrics module, imported when something is first scored (with what it imports — its
    dataset readers, tables, lxml — it is a fifth of the app's start)."""
    import sacrebleu.metrics  # deferred: see above
    return sacrebleu.metrics


def sacrebleu_version() -> str:
    import sacrebleu  # deferred: see _sacrebleu
    return sacrebleu.__version__


@lru_cache(maxsize=1)
def sacrebleu_metrics() -> dict[str, object]:
    """The three sacrebleu metrics with the settings the spec fixes (chrF++ is word_order=2)."""
    return {"chrf": _sacrebleu().CHRF(word_order=2), "bleu": _sacrebleu().BLEU(), "ter": _sacrebleu().TER()}


def exact_match(predicted: str, reference: str) -> int:
    """1 when the two agree after NFC, lower-casing and white-space collapsing."""
    return int(normalize_exact(predicted) == normalize_exact(reference))


def variant_match(predicted: str, reference: str, variants: list[str]) -> int:
    """Generic equivalent match: the reference or any of the entry's accepted ``variants[]``."""
    got = normalize_exact(predicted)
    return int(any(got == normalize_exact(v) for v in [reference, *variants]))


def length_ratio(predicted: str, reference: str) -> float | None:
    """len(predicted) / len(reference) in characters; ``None`` for an empty reference."""
    return len(predicted) / len(reference) if reference else None


def segment_statistics(predicted: str, reference: str) -> dict[str, list[float]]:
    """Sufficient statistics of chrF++, BLEU and TER for one segment (:func:`batch_statistics` of one)."""
    return {name: stats[0].tolist() for name, stats in batch_statistics([predicted], [reference]).items()}


def batch_statistics(predicted: list[str], references: list[str],
                     names: tuple[str, ...] = ("chrf", "bleu", "ter")) -> dict[str, np.ndarray]:
    """Sufficient statistics for many segments at once: sacrebleu's own, chrF++'s and BLEU's n-grams
    matched for the whole batch together (:mod:`scoring.ngrams`), TER's shifts searched for segments of
    the same lengths together (:mod:`scoring.ter`)."""
    out = {}
    for name in names:
        if name == "chrf":
            out[name] = chrf.corpus_statistics(predicted, references)
        elif name == "bleu":
            out[name] = bleu_statistics(sacrebleu_metrics()["bleu"], predicted, references)
        else:
            out[name] = ter.statistics(tokenize.ter_words(predicted), tokenize.ter_words(references))
    return out


def bleu_statistics(metric, predicted: list[str], references: list[str]) -> np.ndarray:
    """BLEU's (n × 10) statistics with one reference — hypothesis and reference lengths, then the clipped
    matches and the totals of each order — as ``metric._extract_corpus_statistics`` gives them: the same
    tokens (:func:`tokenize.bleu_words`), the n-grams matched for the batch at once."""
    n, order = len(predicted), metric.max_ngram_order
    tokens = tokenize.bleu_words(metric, [*predicted, *references])
    symbols, lengths, width = ngrams.numbered(tokens)
    correct = ngrams.clipped_matches(symbols, lengths, n, order, width)
    total = np.maximum(0, lengths[:n, None] - np.arange(order))
    metric.num_refs = 1  # what sacrebleu records for its signature when it reads one reference per segment
    return np.column_stack([lengths[:n], lengths[n:], correct, total]).astype(np.float64)


class ReferenceSet:
    """chrF++, chrF and BLEU statistics against one fixed set of references, whose n-grams are extracted
    once (sacrebleu's reference cache) however many systems are scored against them. chrF (word
    order 0) is read off chrF++'s statistics: its first 18 columns are the six character orders."""

    def __init__(self, references: list[str]):
        self.chrf = _sacrebleu().CHRF(word_order=2, references=[references])
        self.bleu = _sacrebleu().BLEU(references=[references])
        self.chrf0 = _sacrebleu().CHRF()

    def scores(self, predicted: list[str]) -> tuple[dict[str, list[float]], dict[str, float]]:
        """Segment and corpus chrF, chrF++ and BLEU of one system's outputs."""
        chrf = np.asarray(self.chrf._extract_corpus_statistics(predicted, None), dtype=np.float64)
        bleu = np.asarray(self.bleu._extract_corpus_statistics(predicted, None), dtype=np.float64)
        chars = chrf[:, : 3 * self.chrf0.char_order]
        segment = {"chrF": [float(self.chrf0._compute_score_from_stats(list(row)).score) for row in chars],
                   "chrF++": [sentence_score("chrf", row) for row in chrf],
                   "BLEU": [sentence_score("bleu", row) for row in bleu]}
        corpus = {"chrF": float(self.chrf0._compute_score_from_stats(list(chars.sum(0))).score),
                  "chrF++": score_from_statistics("chrf", chrf.sum(0)),
                  "BLEU": score_from_statistics("bleu", bleu.sum(0))}
        return segment, corpus


def score_from_statistics(name: str, stats: np.ndarray) -> float:
    """A corpus (or resample) score from summed statistics, by sacrebleu's own formula."""
    metric = sacrebleu_metrics()[name]
    return float(metric._compute_score_from_stats(list(stats)).score)


def chrf_from_statistics(stats: np.ndarray) -> np.ndarray:
    """chrF++ of many rows of summed statistics at once: sacrebleu's ``_compute_f_score`` (effective-order
    averaging, β = 2) vectorised for bootstrap resamples."""
    metric = sacrebleu_metrics()["chrf"]
    stats = np.atleast_2d(np.asarray(stats, dtype=float))
    hyp, ref, match = stats[:, 0::3], stats[:, 1::3], stats[:, 2::3]
    valid = (hyp > 0) & (ref > 0)
    with np.errstate(invalid="ignore", divide="ignore"):
        prec = np.where(valid, match / np.where(hyp > 0, hyp, 1), 0.0)
        rec = np.where(valid, match / np.where(ref > 0, ref, 1), 0.0)
    order = valid.sum(axis=1)
    avg_prec = np.where(order > 0, prec.sum(axis=1) / np.maximum(order, 1), 0.0)
    avg_rec = np.where(order > 0, rec.sum(axis=1) / np.maximum(order, 1), 0.0)
    factor = metric.beta ** 2
    denom = factor * avg_prec + avg_rec
    with np.errstate(invalid="ignore", divide="ignore"):
        score = np.where(avg_prec + avg_rec > 0, 100 * (1 + factor) * avg_prec * avg_rec / np.where(denom > 0, denom, 1), 0.0)
    return score


def sentence_score(name: str, stats: list[float]) -> float:
    """Segment score: chrF++ and TER as sacrebleu defines them for a sentence, BLEU with effective order."""
    metric = _sentence_bleu() if name == "bleu" else sacrebleu_metrics()[name]
    return float(metric._compute_score_from_stats(list(stats)).score)


def sentence_scores(name: str, stats: np.ndarray) -> np.ndarray:
    """:func:`sentence_score` of each row (the rows as Python numbers: the same arithmetic, faster)."""
    return np.array([sentence_score(name, row) for row in np.asarray(stats).tolist()], dtype=float)


@lru_cache(maxsize=1)
def _sentence_bleu():
    return _sacrebleu().BLEU(effective_order=True)


def signatures() -> dict[str, str]:
    """sacrebleu signatures recording every setting (nrefs:1, case, tokeniser, version)."""
    out = {}
    for name, metric in sacrebleu_metrics().items():
        metric.num_refs = 1  # LYSS always scores against one reference
        out[name] = metric.get_signature().format()
    return out


