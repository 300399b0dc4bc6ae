"""The terminal scorecard: composite, tier, CIs, every metric, and why a metric is unavailable."""

from __future__ import annotations

from .composite import needs_confirmation
from .metrics import Score, Signature, sections


def _composite_interval(scores: dict) -> str:
    ci = scores.get("confidence_intervals", {}).get("composite")
    return f"  [{ci['ci_lower']:.4f}, {ci['ci_upper']:.4f}]" if ci else ""


def _counts(counts: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in counts.items() if v) or "none"


def _lookups(plugins: list[dict]) -> list[str]:
    """Which library read each analyser a plugin used, once per analyser file (every library gives the same
    analyses; the speed differs)."""
    seen = {}
    for plugin in plugins:
        analyser = plugin.get("analyser")
        if isinstance(analyser, dict) and analyser.get("lookup"):
            batches = analyser.get("batch_lookup")
            also = f" (batches: {batches})" if batches and batches != analyser["lookup"] else ""
            seen[analyser.get("file")] = f"{analyser['lookup']}{also}: {analyser.get('file')}"
    return list(seen.values())


def _lyss_details(s: dict, plugins: list[dict]) -> list[str]:
    """What the language plugins found, when they ran."""
    out = []
    if s.get("fst_words"):
        rejected = s.get("fst_rejected_words") or []
        out.append(f"    FST: {s['fst_accepted']} of {s['fst_words']} words accepted; mean of per-entry rates "
                   f"{s['fst_mean_entry_rate']:.4f}; {len(rejected)} distinct rejected words")
        out += [f"    looked up with {how}" for how in _lookups(plugins)]
    if s.get("lint_verdict_counts"):
        out.append(f"    equivalence verdicts: {_counts(s['lint_verdict_counts'])}")
        if s.get("variant_class_counts") is not None:
            out.append(f"    variant classes: {_counts(s['variant_class_counts'])}"
                       + ("" if s.get("synonym_detection_available") else "  (synonym detection unavailable)"))
        if s.get("linted_chrf_plus_plus") is not None:
            out.append(f"    linted chrF++ {s['linted_chrf_plus_plus']:.2f} (raw sentence mean {s['raw_chrf_plus_plus_mean']:.2f})")
    if s.get("semantic_verdict_counts"):
        extra = f"; {s['semantic_unavailable_entries']} entries could not be judged" if s.get("semantic_unavailable_entries") else ""
        out.append(f"    semantic verdicts: {_counts(s['semantic_verdict_counts'])}{extra}")
        if s.get("semantic_gloss_coverage") is not None:
            out.append(f"    gloss coverage: {s['semantic_gloss_coverage']:.0%} of output lemmas have a gloss "
                       f"({s.get('semantic_gloss_lemmas', 0)} lemmas in the table; add more with lyss glosses add)")
    if s.get("morphological_gold_analyses"):
        out.append(f"    morphology: {s['morphological_gold_analyses']} gold analyses, "
                   f"{s['morphological_coverage']:.0%} of entries carry gold")
    return (["  LYSS details"] + out + [""]) if out else []


def render(scored: dict) -> str:
    s, lyss = scored["scores"], scored["lyss"]
    reasons = s.get("unavailable_reasons", {})
    name = scored.get("model_slug") or scored.get("run_id") or lyss["input"]["path"]
    lines = [f"LYSS scorecard — {name}",
             f"  {s['total']} entries ({s['evaluated']} evaluated, {s['errors']} errors); "
             f"language {lyss['language'].get('code') or '?'}; profile {lyss['profile']['name']}"]
    lines += [f"  NOTE: {note}" for note in lyss.get("notes") or []]  # why this profile: said first, not last
    lines.append("")
    tier = s["quality_tier"]
    confirmation = s.get("tier_confirmation") or {}
    note = ""
    if needs_confirmation(tier) and confirmation.get("status") != "confirmed":
        note = "  (automated nomination only: speakers have not confirmed it — spec §5)"
    comp = "—" if s["composite"] is None else f"{s['composite']:.4f}"
    lines.append(f"  COMPOSITE {comp}{_composite_interval(s)}   tier: {tier}{note}")
    used = ", ".join(f"{k} {w:.3f}" for k, w in s.get("composite_weights", {}).items())
    lines.append(f"  weights after renormalisation: {used or '—'}")
    lines.append("")
    shown = sections()
    width = max(len(metric.title) for _, section in shown for metric in section) + 2
    for title, section in shown:
        lines.append(f"  {title}")
        for metric in section:
            score = Score.of(s, metric.name)
            interval = metric.shown_interval(score)
            extra = (f"  {interval}" if interval else "") if score.value is not None else \
                f"  ({reasons.get(metric.name, 'unavailable')})"
            label, text = metric.title, metric.shown(score)
            lines.append(f"    {label:<{width}}{text:>10}{extra}")
        lines.append("")
    lines += _lyss_details(s, lyss.get("plugins") or [])
    tiers = s.get("confidence_intervals_by_tier") or {}
    if tiers:
        lines.append("  By difficulty (chrF++ [95% CI], exact match)")
        for tier_name, block in tiers.items():
            c, e = block.get("corpus_chrf"), block.get("exact_match_rate")
            if c and e:
                lines.append(f"    {tier_name:<6} chrF++ {c['score']:6.2f} [{c['ci_lower']:.2f}, {c['ci_upper']:.2f}]"
                             f"   exact {e['score']:.4f} (n={c['n_entries']})")
        lines.append("")
    t = scored["totals"]
    cost = "—" if t.get("total_cost_usd") is None else f"${t['total_cost_usd']:.4f}"
    tokens = "—" if t.get("total_tokens") is None else f"{t['total_tokens']:,}"
    lines.append(f"  Totals: cost {cost}; tokens {tokens}")
    lines.append(f"  {lyss['cost_adjusted_rule']}")
    lines.append(f"  chrF++ signature: {lyss['signatures']['chrf']}")
    lines.append(f"  signature: {Signature.of(scored).format()}")
    lines.append(f"  bootstrap: {lyss['n_bootstrap']} resamples, seed {lyss['seed']}, 95% percentile intervals")
    return "\n".join(lines)
