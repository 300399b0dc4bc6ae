"""``lyss selftest``: prove that this installation (or bundle) works offline, end to end.

It checks every component, scores the embedded demo with the bundled analyser (FST, linter,
semantic validator), builds a temporary review database, records answers, computes a correlation and
an agreement figure, and prints a summary. It fails loudly — exit status 1 and the reason — when any
component is missing or degraded: no analyser, no FST lookup library, a missing profile. It says which
lookup library read the analyser (``components.analyser.lookup``).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

from eval_standards import analysers, demos
from eval_standards.cards import load_card
from eval_standards.setup import prepare
from eval_standards.text import convert
from review.operations import records
from review.operations.rating import campaigns, sequence
from review.operations.database import Store
from review.operations.study import analyses
from scoring import runcard, runs
from scoring.rubric import load_profile


class SelftestFailure(Exception):
    pass


def resource_root() -> Path:
    """Where bundled data lives: the PyInstaller folder, or the source tree."""
    return Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parents[1]))


def demo_path() -> Path:
    path = demos.demo_path(resource_root())
    if not path.is_file():
        raise SelftestFailure(f"the embedded demo run card is missing ({path})")
    return path


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise SelftestFailure(message)


def check_components() -> dict:
    for name in ("A", "B"):
        _check(bool(load_profile(name).dimensions), f"profile {name} is missing")
    code = demos.DEFAULT
    _check(load_card(code)["evalMetrics"] != [], f"the {code} language card names no LYSS plugins")
    found = analysers.find(code, "analyser", preference=demos.analyser_preference(code))
    _check(found is not None, f"no {code} analyser bundled or installed: " + analysers.HOW_TO_ADD.format(lang=code))
    words = sorted({w for e in json.loads(demo_path().read_text("utf-8"))["entries"]
                    for w in (e.get("predicted") or "").split()})
    analyser = analysers.load(found)
    _check(analysers.fast_lookup_agrees(analyser, words),
           f"the fast FST lookup library (hfst-optimized-lookup) disagrees with {analyser.lookup_name}")
    for name in demos.converters(code):
        convert(name, "a")  # its package is present
    import snowballstemmer  # noqa: F401  deferred: each component is imported as a check, so a missing one fails it
    _check(bool(snowballstemmer.algorithms()), "snowballstemmer has no stemmer")
    import wordfreq  # deferred: imported as a check
    _check(len(wordfreq.top_n_list("en", 1000)) == 1000, "wordfreq's offline English list is missing")
    from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a  # deferred: imported as a check
    _check(Tokenizer13a()("a b.") == "a b .", "sacrebleu's 13a tokenizer is missing")
    return {"analyser": analyser.describe()}


def run(gui_screenshot: str | None = None, every_verb: bool = False) -> dict:
    """Run every check; raise :class:`SelftestFailure` on the first problem."""
    started = time.perf_counter()
    summary: dict = {"components": check_components()}
    work = Path(tempfile.mkdtemp(prefix="lyss-selftest-"))
    os.environ.setdefault("LYSS_CACHE_DIR", str(work / "cache"))
    card = runcard.load(str(demo_path()))
    scored = runs.score(card, prepare(card, demos.DEFAULT))
    s = scored["scores"]
    _check(scored["lyss"]["profile"]["name"] == "A", "profile A was not chosen although an analyser is present")
    for key in ("fst_acceptance_rate", "equivalent_match_rate", "semantic_score", "chrf_plus_plus", "composite"):
        _check(isinstance(s.get(key), float), f"{key} could not be computed: {s['unavailable_reasons'].get(key)}")
    summary["score"] = {k: round(s[k], 4) for k in ("composite", "chrf_plus_plus", "fst_acceptance_rate",
                                                    "equivalent_match_rate", "semantic_score")}
    summary["score"]["tier"] = s["quality_tier"]
    with Store(work / "review.sqlite") as store:
        cid = campaigns.create_campaign(store, scored, "A", items=20)
        speakers = [records.speakers.add_speaker(store, f"selftest {k}", "selftest") for k in range(3)]
        for k, spk in enumerate(speakers):
            sequence.join(store, cid, spk)
            while (pos := records.sequences.next_position(store, cid, spk)) is not None:
                item = records.sequences.item_at(store, cid, spk, pos)
                base = json.loads(item["metrics"] or "{}").get("composite", 0.5)
                value = max(1, min(5, round(1 + 4 * base) - (k == 2 and pos % 4 == 0)))
                records.answers.answer(store, cid, spk, pos, {"adequacy": value, "fluency": value})
        _check(store.integrity_ok(), "the review database failed its integrity check")
        corr = analyses.correlate(store, "composite", "adequacy_z")
        agree = analyses.agreement(store, "A", "adequacy", resamples=200)
        summary["study"] = {"answers": agree["answers"], "pearson": round(corr["segment"]["none"]["pearson"], 4),
                            "alpha_interval": round(agree["interval"]["alpha"], 4)}
    _check(summary["study"]["pearson"] > 0.5, "the correlation of the simulated answers is implausible")
    if gui_screenshot:
        summary["gui"] = gui_smoke(gui_screenshot, work)
    if every_verb:
        summary["verbs"] = every_command(work / "tour")
    summary["seconds"] = round(time.perf_counter() - started, 2)
    return summary


def gui_smoke(path: str, work: Path) -> dict:
    """Open the main window offscreen and save a screenshot of it."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["LYSS_SETTINGS_DIR"] = str(work / "settings")  # never the user's (their shared folder would sync)
    from .main_window import MainWindow  # deferred: Qt loads only for --gui-screenshot
    from .qt_common import application  # deferred: the same

    app = application()
    window = MainWindow(str(work / "gui.sqlite"))
    window.resize(1100, 700)
    window.show()
    app.processEvents()
    _check(window.grab().save(path), f"could not save the screenshot to {path}")
    window.close()
    from PySide6.QtCore import QCollator, QLocale  # deferred: Qt, as above
    collator = QCollator(QLocale("fr_CA"))  # Qt's ICU data (trimmed in the bundle) still sorts names
    collator.setNumericMode(True)
    order = sorted(["file10", "Écrit", "file9", "ecrit", "âpihtaw"], key=collator.sortKey)
    _check(order == ["âpihtaw", "ecrit", "Écrit", "file9", "file10"], f"collation is broken: {order}")
    return {"screenshot": path, "platform": app.platformName(), "collation": "ok"}


def every_command(home: Path) -> dict:
    """Every command of the command line, once, on a scratch home (:mod:`desktop.verb_tour`)."""
    from . import verb_tour  # deferred: only for --every-verb

    home.mkdir(parents=True, exist_ok=True)
    try:
        ran = verb_tour.tour(home, demo_path(), lambda r: print(f"  {r.status}  {r.seconds:5.2f} s  lyss {r.verb}", flush=True))
    except verb_tour.TourFailure as exc:
        raise SelftestFailure(str(exc)) from None
    missing = verb_tour.verbs_missing(ran)
    _check(not missing, f"the tour ran no {', '.join(missing)}")
    return {"commands": len(ran), "refused_input": sum(r.status == verb_tour.BAD_INPUT for r in ran)}


def main(gui_screenshot: str | None = None, every_verb: bool = False) -> int:
    try:
        summary = run(gui_screenshot, every_verb)
    except SelftestFailure as exc:
        print(f"SELFTEST FAILED: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # any other breakage is a failure too, said plainly
        print(f"SELFTEST FAILED: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    a = summary["components"]["analyser"]
    sc, st = summary["score"], summary["study"]
    print("LYSS selftest passed")
    print(f"  analyser  {a['file']} ({a['origin']}), sha256 {a['sha256'][:16]}…")
    print(f"  lookup    {a['lookup']}" + (f"; batches {a['batch_lookup']}" if a["batch_lookup"] != a["lookup"] else ""))
    print(f"  demo      composite {sc['composite']} ({sc['tier']}), chrF++ {sc['chrf_plus_plus']}, FST "
          f"{sc['fst_acceptance_rate']}, equivalent {sc['equivalent_match_rate']}, semantic {sc['semantic_score']}")
    print(f"  study     {st['answers']} answers; Pearson {st['pearson']}; Krippendorff's alpha {st['alpha_interval']}")
    if "gui" in summary:
        print(f"  app       first window drawn ({summary['gui']['platform']}) → {summary['gui']['screenshot']}")
    if "verbs" in summary:
        v = summary["verbs"]
        print(f"  commands  every one of the command line: {v['commands']} run, none with an internal error "
              f"({v['refused_input']} refused the small input they were given, in one line)")
    print(f"  {summary['seconds']} s")
    return 0


def command(args) -> int:
    """``lyss selftest [--gui-screenshot PNG] [--every-verb]``."""
    return main(args.gui_screenshot, args.every_verb)
