"""``lyss review …`` (speakers, campaigns, answers, bundles) and ``lyss study …`` (the statistics): the
parsers. Each verb runs a function of its family's module (``circle_verbs.py``, ``campaign_verbs.py``,
``study_verbs.py``; loaded when it runs), one call into :mod:`review`."""

from __future__ import annotations

import argparse
import os

from .cli_parsing import ERROR_LEVEL, FINITE, SEED, deferred, number, resamples, whole

DEFAULT_DB = "lyss-review.sqlite"


def _parents() -> tuple[argparse.ArgumentParser, argparse.ArgumentParser]:
    """The options every verb shares: ``--db``, and ``--json`` for verbs that print a result."""
    db = argparse.ArgumentParser(add_help=False)
    db.add_argument("--db", default=os.environ.get("LYSS_REVIEW_DB", DEFAULT_DB),
                    help=f"the review database (default: $LYSS_REVIEW_DB or {DEFAULT_DB})")
    as_json = argparse.ArgumentParser(add_help=False)
    as_json.add_argument("--json", action="store_true", help="print the result as JSON")
    return db, as_json


def _verb(verbs, name: str, func: str | None, help: str, *, json: bool = False, read_only: bool = False,
          bootstrap: int | None = None):
    """One verb: its parser (with ``--db``, maybe ``--json`` and ``--bootstrap``) and the function that runs it."""
    db, as_json = _parents()
    p = verbs.add_parser(name, help=help, parents=[db, as_json] if json else [db])
    p.set_defaults(verb_func=deferred(*func.split(":")) if func else None, read_only=read_only)
    if bootstrap is not None:
        p.add_argument("--bootstrap", type=resamples(0), default=bootstrap,
                       help=f"resamples for the confidence intervals; 0: none (default {bootstrap})")
    return p


class TaskAnswersHelp(argparse.HelpFormatter):
    """``review answer --help`` ends with every task's answer JSON and an example (read when the help is shown:
    the parsers import nothing heavy)."""

    def format_help(self) -> str:
        from review.operations.tasks import answer_formats  # deferred: the parsers import nothing heavy (50 ms)
        return super().format_help() + "\n" + answer_formats()


def numbers(text: str) -> list[int]:
    """A comma-separated list of whole numbers (``--keep 0,2``)."""
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: whole numbers separated by commas, e.g. 0,2") from None


def _texts(p, **options: str) -> None:
    """Options that each take one text value: ``name="help"``."""
    for name, help in options.items():
        p.add_argument(f"--{name}", help=help)


def register(sub) -> None:
    _register_review(sub)
    _register_study(sub)
    _register_sync(sub)


def _register_sync(sub) -> None:
    group = sub.add_parser("sync", help="share the review folder between laptops with Syncthing")
    group.set_defaults(func=deferred("sync_verbs", "run_sync"))
    verbs = group.add_subparsers(dest="verb", metavar="VERB", required=True)
    p = verbs.add_parser("setup", parents=[_parents()[0]],
                         help="say (and with --apply, make) what shares FOLDER with the devices you name through this "
                              "machine's Syncthing (with --apply, the review database's laptop syncs it from now on)")
    p.set_defaults(verb_func=deferred("sync_verbs", "sync_setup"))
    p.add_argument("folder", metavar="FOLDER")
    p.add_argument("--device", action="append", default=[], metavar="ID[@tcp://HOST:PORT]",
                   help="a Syncthing device id to share with (repeat for each laptop); with @ and its address where "
                        "the laptops do not find each other by themselves")
    p.add_argument("--encrypted-device", action="append", default=[], metavar="ID[@tcp://HOST:PORT]",
                   help="a device that relays the folder without being able to read it (its password: "
                        "$LYSS_SYNC_PASSWORD, --password-file or a prompt)")
    p.add_argument("--password", help="the folder's password on encrypted devices (visible to other users in ps and "
                                       "in your shell's history: prefer $LYSS_SYNC_PASSWORD, --password-file or the "
                                       "prompt)")
    p.add_argument("--password-file", metavar="FILE", help="read the folder's password from the first line of FILE")
    p.add_argument("--lan-only", action="store_true",
                   help="no global discovery, no relays, no NAT traversal: nothing leaves the local network")
    p.add_argument("--apply", action="store_true", help="make the changes (default: only print them)")
    p.add_argument("--home", help="Syncthing's configuration folder (default: its own)")
    p = verbs.add_parser("status", parents=list(_parents()),
                         help="the laptops whose bundles this laptop has seen: code, last bundle, answers, enrolment, "
                              "and Syncthing's connection to each")
    p.set_defaults(verb_func=deferred("sync_verbs", "sync_status"))
    p.add_argument("--folder", help="only this shared folder")
    p.add_argument("--home", help="Syncthing's configuration folder, for its connections (default: its own)")


def _register_review(sub) -> None:
    review = sub.add_parser("review", help="speakers, campaigns, answers and bundles (SQLite)")
    review.set_defaults(func=deferred("verbs", "run_verb"))
    rv = review.add_subparsers(dest="verb", metavar="VERB", required=True)
    for register in (_register_laptops, _register_speakers_and_campaigns, _register_answers_and_paper,
                     _register_exchange):
        register(rv)


def _register_laptops(rv) -> None:
    """This laptop and its circle: its database and code, enrolment, revocation, hand-over, trust."""
    p = _verb(rv, "init", "circle_verbs:_review_init", help="create (or check) a review database; prints this laptop's code")
    p = _verb(rv, "code", "circle_verbs:_review_code",
              help="this laptop's code, to read aloud when the coordinator enrols it", read_only=True)
    _verb(rv, "adopt", "circle_verbs:_review_adopt", help="this database is now this laptop, where it is (after moving it to a new "
                                             "laptop or folder): a copy publishes and merges nothing until then")
    p = _verb(rv, "enrol", "circle_verbs:_review_enrol",
              help="coordinator: let the laptop with CODE contribute answers to your campaigns")
    p.add_argument("code", metavar="CODE", help="the code `lyss review code` shows on that laptop")
    p.add_argument("--campaign", help="only this campaign (default: every campaign this laptop coordinates)")
    p.add_argument("--name", help="what to call that laptop here, e.g. \"Rita's laptop\" (shown beside its code)")
    p = _verb(rv, "revoke", "circle_verbs:_review_revoke",
              help="coordinator: refuse the answers the laptop with CODE signs from a date on (a lost laptop)")
    p.add_argument("code", metavar="CODE", help="the laptop's code")
    p.add_argument("--from", dest="since", metavar="DATE",
                   help="refuse its answers from this date or UTC time on (default: now), e.g. 2026-11-30")
    p.add_argument("--campaign", help="only this campaign (default: every campaign this laptop coordinates)")
    p = _verb(rv, "hand-over", "circle_verbs:_review_hand_over",
              help="coordinator: let the laptop with CODE record a speaker's answers (the speaker moved)")
    p.add_argument("speaker", metavar="SPEAKER", help="the speaker's id")
    p.add_argument("code", metavar="CODE", help="the code of the laptop the speaker now uses")
    p.add_argument("--campaign", help="only this campaign (default: every campaign this laptop coordinates)")
    p = _verb(rv, "trust", "circle_verbs:_review_trust", help="accept campaigns from the coordinator laptop with CODE")
    p.add_argument("code", metavar="CODE", help="the code `lyss review code` shows on the coordinator's laptop")
    p.add_argument("--label", help="a name to remember it by")
    p.add_argument("--remove", action="store_true", help="stop trusting it (its laptop was lost or stolen)")
    p = _verb(rv, "list", "circle_verbs:_review_list",
              help="what the database holds: speakers, campaigns or runs, with counts; its backups, with their "
                   "times; or the laptops it knows (name, code, campaigns, last bundle seen, revoked from)", json=True,
              read_only=True)
    p.add_argument("what", choices=["speakers", "campaigns", "runs", "backups", "laptops"])
    _verb(rv, "backup", "circle_verbs:_review_backup", help="a restore point now: a copy of the database in its backups folder "
                                                 "(the newest 10 of each kind are kept)")
    p = _verb(rv, "restore", None,
              help="put back a backup (the newest by default), every withdrawal and coordinator's decision re-applied")
    p.add_argument("backup", nargs="?", metavar="BACKUP")
    p.set_defaults(func=deferred("circle_verbs", "run_restore"))  # works on a database too damaged to open
    _verb(rv, "names-back", "circle_verbs:_review_names_back",
          help="after a restore: put back the speakers this laptop registered since the backup, with their names, "
               "from the copy the restore kept of the database it replaced (names never travel)")


def _register_speakers_and_campaigns(rv) -> None:
    p = _verb(rv, "add-speaker", "campaign_verbs:_review_add_speaker", help="register a speaker with their consent")
    p.add_argument("--name", required=True, help="display name (kept on this laptop only)")
    p.add_argument("--consent-scope", required=True, help="what the speaker agreed to")
    p.add_argument("--consent-uses", metavar="USES",
                   help="the uses of their answers the speaker agreed to, comma-separated (study, reweighting, "
                        "publication, model-training, sharing): an export for another use leaves their answers out")
    p.add_argument("--community")
    p.add_argument("--dialect")
    same = p.add_mutually_exclusive_group()
    same.add_argument("--same-person", action="store_true",
                      help="a speaker of this name was registered on this laptop before (a restore lost them): it is "
                           "them — they keep their id, nothing is served to them twice")
    same.add_argument("--another-person", action="store_true",
                      help="a speaker of this name was registered on this laptop before: this is someone else")
    p = _verb(rv, "create-campaign", "campaign_verbs:_review_create_campaign",
              help="build a campaign (a task of review/data/tasks.json) from a scored run card, or from several "
                   "runs of one test set with --adaptive")
    p.add_argument("scored", metavar="SCORED.json", nargs="+",
                   help="a scored run card; with --adaptive, one per system (the same test set)")
    p.add_argument("--task", required=True, help="A, B, C, E, T, or a task of your own (review/tasks)")
    p.add_argument("--adaptive", action="store_true",
                   help="serve only the segments whose comparisons or tiers are still open, and stop serving a "
                        "system once its decisions are made (lyss study status)")
    p.add_argument("--alpha", type=ERROR_LEVEL, help="with --adaptive: the decisions' error level (default 0.05)")
    p.add_argument("--question", choices=["best", "non-inferior", "pairs", "tier"],
                   help="with --adaptive: serve only what this question still needs — the best system, is the new "
                        "run at least as good as --baseline, every pair, does the run reach --threshold")
    p.add_argument("--delta", type=number(0.0, open_low=True), help="with --question: the smallest difference that matters, on the task's "
                                               "scale")
    p.add_argument("--baseline", metavar="RUN", help="with --question non-inferior: the run in use (its name)")
    p.add_argument("--threshold", type=FINITE, help="with --question tier: the mean score the run must reach")
    p.add_argument("--items", type=whole(1))
    p.add_argument("--raters", type=whole(1, 1000), help="speakers per item (default 3; with --adaptive, 1)")
    p.add_argument("--seed", type=SEED, default=12345)
    p.add_argument("--name")
    p.add_argument("--hints", action="store_true",
                   help="task E: show the words the analyser rejected as faint hints (off: blind evaluation)")
    p.add_argument("--premark", help="task E: candidate error spans placed before the speaker sees an item: off, "
                                     "tools (the language pack's: default) or tools+reference")
    p.add_argument("--premark-control", type=float, metavar="SHARE",
                   help="task E: the share of items with one control pre-mark on a word no tool flagged (default 0.05)")
    p.add_argument("--premark-split", type=float, metavar="SHARE",
                   help="task E: the share of each speaker's items served without pre-marks, to measure their effect "
                        "(default 0)")
    p.add_argument("--qc", choices=["swapped", "grammar"],
                   help="the attention items mixed into each speaker's items: swapped (a phrase of another reference "
                        "swapped in: default) or grammar (one word in a wrong form the language pack made: a wrong "
                        "number, person, obviation…)")
    p.add_argument("--qc-share", type=float, metavar="SHARE",
                   help="the share of each speaker's items that are attention items (default 0.05)")
    p.add_argument("--qc-min-catch", type=float, metavar="SHARE",
                   help="a speaker who catches fewer of them is flagged in lyss study quality (default 0.5)")
    p.add_argument("--terms", metavar="FILE",
                   help="the community's terms for this campaign's data (JSON: community, licence, labels, uses, "
                        "contact): signed, carried with the campaign, shown on forms, reports and exports")
    p = _verb(rv, "terms", "campaign_verbs:_review_terms", json=True,
              help="a campaign's terms (its community, licence, labels, allowed uses) and the council's decisions")
    p.add_argument("--campaign", help="default: the only campaign")
    p.add_argument("--set", metavar="FILE", help="record the terms of a campaign that has none")
    p = _verb(rv, "amend-terms", "campaign_verbs:_review_amend_terms",
              help="a new version of a campaign's terms (the earlier ones stay; signed by the coordinator)")
    p.add_argument("--campaign", help="default: the only campaign")
    p.add_argument("file", metavar="FILE")
    p = _verb(rv, "decide-use", "campaign_verbs:_review_decide_use",
              help="record a council's decision on one use of a campaign's data (allowed, or --refuse)")
    p.add_argument("--campaign", help="default: the only campaign")
    p.add_argument("--use", required=True, help="study, reweighting, publication, model-training or sharing")
    p.add_argument("--by", required=True, help="who decided (\"Council of …\")")
    p.add_argument("--date", required=True, help="the day of the decision, YYYY-MM-DD")
    p.add_argument("--note")
    p.add_argument("--refuse", action="store_true", help="the council refused this use")
    p.add_argument("--corrects", metavar="RECORDED_AT",
                   help="the earlier decision on this use this one corrects (when it was recorded: review terms "
                        "shows it); the corrected one never stands again")


def _register_answers_and_paper(rv) -> None:
    p = _verb(rv, "answer", "campaign_verbs:_review_answer", help="record one answer (scripts; speakers use the app)")
    p.formatter_class = TaskAnswersHelp
    p.add_argument("--campaign", help="default: the only campaign")
    p.add_argument("--speaker", required=True)
    p.add_argument("--position", type=whole(0), help="default: the next unanswered item")
    p.add_argument("--answers", required=True, help='JSON, e.g. {"adequacy": 4, "fluency": 5}')
    p.add_argument("--note")
    p.add_argument("--keep", type=numbers, default=[], metavar="N,N",
                   help="task E: the pre-marks kept among the spans, by number in order from 0 (with --keep or "
                        "--drop, a pre-mark not dropped is kept, as on the screen; without either, none is used)")
    p.add_argument("--drop", type=numbers, default=[], metavar="N,N", help="task E: the pre-marks dropped")
    p.add_argument("--replace", action="store_true", help="replace the answer saved at --position (it says which)")
    p = _verb(rv, "show", "campaign_verbs:_review_show", json=True, read_only=True,
              help="an item as the speaker sees it: its texts, numbered words and pre-marks, and any saved answer")
    p.add_argument("--campaign", help="default: the only campaign")
    p.add_argument("--speaker", required=True)
    p.add_argument("--position", type=whole(0), help="default: the next unanswered item")
    p = _verb(rv, "progress", "campaign_verbs:_review_progress", help="answers per speaker in a campaign", json=True, read_only=True)
    p.add_argument("--campaign", help="default: the only campaign")
    p = _verb(rv, "print-forms", "campaign_verbs:_review_print_forms",
              help="paper forms of a speaker's items (PDF) and the CSV to key their answers into")
    p.add_argument("--campaign", help="default: the only campaign")
    p.add_argument("--speaker", required=True)
    p.add_argument("--out", required=True, metavar="FORMS.pdf", help="the PDF; the CSV template is written beside it")
    p.add_argument("--language", metavar="CODE", help="the forms' words in this interface language (en, fr; default: "
                                                      "the one the speaker uses in the app)")
    p.add_argument("--include-answered", action="store_true",
                   help="print the items already answered too (default: only those still to answer)")
    p.add_argument("--items", type=whole(1), metavar="N",
                   help="print at most N items; a campaign that serves items as its questions need them serves the "
                        "next N (default: one page's worth, 8)")
    p = _verb(rv, "import-forms", "campaign_verbs:_review_import_forms", help="the answers of filled paper forms, keyed into the CSV")
    p.add_argument("csv", metavar="FORMS.csv")
    p.add_argument("--replace", action="store_true",
                   help="put a form's answer in place of one given already (default: such a row is refused)")


def _register_exchange(rv) -> None:
    """Answers leaving this laptop: bundles, the shared folder, withdrawal, exports."""
    p = _verb(rv, "export-bundle", "circle_verbs:_review_export_bundle", help="write this laptop's answers to one file")
    p.add_argument("--out", required=True)
    p = _verb(rv, "merge", "circle_verbs:_review_merge", help="merge a bundle from another laptop (safe to repeat)")
    p.add_argument("bundle", metavar="BUNDLE")
    p = _verb(rv, "sync", None, json=True,
              help="publish this laptop's bundle into a shared folder and merge the others' that changed "
                   "(exit 1 when one was refused)")
    p.add_argument("folder", metavar="FOLDER", help="the folder your laptops share (Syncthing, a network share)")
    p.set_defaults(func=deferred("sync_verbs", "review_sync"))  # a light module: sync runs every few answers
    p = _verb(rv, "resolve", "circle_verbs:_review_resolve",
              help="settle each conflict with the shared folder's bundles (a campaign, run or terms held here with "
                   "other content): the earliest version is kept, here and on every laptop that resolves")
    p.add_argument("--folder", help="default: the shared folder this laptop syncs")
    _verb(rv, "check", "circle_verbs:_review_check", json=True, read_only=True,
          help="before the laptops leave: this laptop's own bundle as other laptops judge it, answers not published "
               "yet, bundles refused or waiting, laptops not heard from (exit 0 healthy, 1 problems found)")
    p = _verb(rv, "withdraw", "circle_verbs:_review_withdraw", help="delete a speaker's answers everywhere their bundles go "
                                                        "(asks first; --yes in a script)")
    p.add_argument("speaker", metavar="SPEAKER")
    p.add_argument("--yes", action="store_true", help="withdraw without asking (a script; nothing is asked)")
    p = _verb(rv, "take-out", "campaign_verbs:_review_take_out",
              help="everything a community's campaigns hold (campaigns, runs, items, consent records, sequences, "
                   "answers with their spans, history, the coordinator's decisions) as CSV and JSONL with a README and "
                   "a manifest of SHA-256 sums, readable without LYSS; a withdrawal reaches it while it stays here")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--campaign", help="one campaign (its id or name)")
    which.add_argument("--all", action="store_true", help="every campaign of this database")
    p.add_argument("--out", required=True, help="a new (or empty) folder")
    p.add_argument("--with-names", action="store_true",
                   help="the speakers' names, communities and dialects too, where this laptop holds them")
    p = _verb(rv, "export", "campaign_verbs:_review_export",  # not read-only: each export is recorded (a withdrawal names it)
              help="ratings as CSV, JSONL (aggregates; raw with --include-raw) or mt-metrics-eval")
    p.add_argument("--format", choices=["csv", "jsonl", "mtme"], default="csv")
    p.add_argument("--out", required=True)
    p.add_argument("--include-raw", action="store_true")
    p.add_argument("--lp", help="language pair for --format mtme, e.g. en-ciw")
    p.add_argument("--human", help="human score for --format mtme (default: the campaign's task's own)")
    p.add_argument("--campaign", help="only this campaign's answers (its id or name); --format mtme needs it when "
                                      "the database holds several campaigns")
    p.add_argument("--use", help="what the export is for (study, reweighting, publication, model-training, sharing): "
                                 "needed when a campaign carries its community's terms, which must allow it, with a "
                                 "council's decision recorded (lyss review decide-use)")


def _register_study(sub) -> None:
    study = sub.add_parser("study", help="agreement, correlations, precision, reweighting, tier confirmation")
    study.set_defaults(func=deferred("verbs", "run_verb"))
    st = study.add_subparsers(dest="verb", metavar="VERB", required=True)
    p = _verb(st, "agreement", "study_verbs:_study_agreement",
              help="Krippendorff's alpha of every question, at the levels its scale allows", json=True, read_only=True,
              bootstrap=1000)
    _texts(p, campaign="a campaign id or name (implies its task; default: the only campaign)",
           task="every campaign of this task instead of one campaign",
           question="only this question (default: every question of the task)")
    p = _verb(st, "correlate", "study_verbs:_study_correlate",
              help="metric–human correlation, segment and system level", json=True, read_only=True, bootstrap=0)
    _texts(p, campaign="the speakers' answers of this campaign only (implies the human score)",
           metric="default: composite, else the first metric the items carry",
           human="default: the campaign's task's score (adequacy_z, verdict, or the imported one)")
    p = _verb(st, "compare-metrics", "study_verbs:_study_compare_metrics",
              help="PERM-BOTH: does METRIC2 correlate better than METRIC?", json=True, read_only=True)
    p.add_argument("--metric", required=True)
    p.add_argument("--metric2", required=True)
    p.add_argument("--human", required=True)
    p.add_argument("--statistic", default="pearson", choices=["pearson", "spearman", "kendall_b", "kendall_c"])
    p.add_argument("--grouping", default="none", choices=["none", "item", "sys"])
    p.add_argument("--resamples", type=resamples(1), default=1000)
    p = _verb(st, "linter-precision", "study_verbs:_study_linter_precision",
              help="task B: precision of each linter variant class", json=True, read_only=True)
    p.add_argument("--campaign")
    p = _verb(st, "fst-rejection", "study_verbs:_study_fst_rejection",
              help="task C: the analyser's false-rejection rate", json=True, read_only=True)
    p.add_argument("--campaign")
    p = _verb(st, "quality", "study_verbs:_study_quality", json=True, read_only=True,
              help="how often each speaker caught the attention items (per kind of error, with a 95%% interval); "
                   "below the campaign's --qc-min-catch, flagged (never left out)")
    p.add_argument("--campaign")
    p = _verb(st, "reliability", "study_verbs:_study_reliability",
              help="rater quality: degraded items, repeats, time per item, and flags", json=True, read_only=True)
    p.add_argument("--campaign", help="default: the only campaign")
    p = _verb(st, "reweight", "study_verbs:_study_reweight", help="refit a weight profile to the speakers' scores", json=True)
    p.add_argument("--human", default="adequacy_z")
    p.add_argument("--base", default="A", help="the profile whose metrics are refitted (A, B or a file)")
    p.add_argument("--out")
    p.add_argument("--force", action="store_true", help="write even below the minimum evidence")
    # not read-only: on the campaign's coordinator's laptop, what has settled is announced (recorded) as it is shown
    p = _verb(st, "status", "study_verbs:_study_status", json=True,
              help="one campaign: its answers, the decisions they settle (which system is better, each run's "
                   "tier), the systems still served and the speaker-hours left")
    p.add_argument("--campaign", help="default: the only campaign")
    p = _verb(st, "report", "study_verbs:_study_report",
              help="a report a community council can read (PDF): each question's verdict in words, how sure the "
                   "answers are, each run's tier, the speakers and their hours (no names), their consent and where "
                   "the answers are kept")
    p.add_argument("--campaign", help="default: the only campaign")
    p.add_argument("--out", required=True, metavar="REPORT.pdf")
    p.add_argument("--language", metavar="CODE", help="the report's words in this interface language (en, fr; "
                                                      "default: the app's)")
    p = _verb(st, "premark-effect", "study_verbs:_study_premark_effect", json=True, read_only=True,
              help="task E with --premark-split: pre-marks shown against held back, the difference in score, "
                   "MQM-style score and seconds with its interval")
    p.add_argument("--campaign", help="default: the only campaign")
    _register_replays(st)
    p = _verb(st, "confirm-tier", "study_verbs:_study_confirm_tier",
              help="speakers' confirmation of a run's tier (its campaign's Tier question, as study status says it), "
                   "written into the run card", json=True)
    p.add_argument("run", metavar="SCORED.json")
    p.add_argument("--campaign", help="the campaign of the rule's task that rates the run (default: the only one)")
    p = _verb(st, "import-mtme", "study_verbs:_study_import_mtme", help="load an mt-metrics-eval test set (WMT)", json=True)
    p.add_argument("folder", metavar="DIR")
    p.add_argument("--lp", required=True)
    p.add_argument("--human", required=True, help="mqm, da-sqm, …")
    p.add_argument("--metric", help="a metric-scores file name such as chrF-refA (default: compute chrF, chrF++, BLEU)")
    p.add_argument("--systems", nargs="+", help="import only these systems")
    p = _verb(st, "import-da", "study_verbs:_study_import_da", help="load MLQE-PE style direct assessments", json=True)
    p.add_argument("tsv", metavar="TSV")
    p.add_argument("--name")


def _register_replays(st) -> None:
    """The study verbs that replay shared public data (no review database): sequential decisions, ESA annotations."""
    p = _verb(st, "simulate-sequential", None, json=True,
              help="how many ratings the sequential comparisons save, on an mt-metrics-eval folder's real ratings")
    p.set_defaults(func=deferred("study_verbs", "run_simulate_sequential"))
    p.add_argument("folder", metavar="DIR")
    p.add_argument("--lp", required=True, help="language pair, e.g. en-de")
    p.add_argument("--human", required=True, metavar="NAME",
                   help="the human score file's name (DIR/human-scores/LP.NAME.seg.score): mqm, da-sqm, …")
    p.add_argument("--orders", type=resamples(1), default=100, help="random item orders per pair (default 100)")
    p.add_argument("--alpha", type=ERROR_LEVEL, default=0.05, help="error level of both designs (default 0.05)")
    p.add_argument("--seed", type=SEED, default=1)
    p.add_argument("--question", choices=["best", "non-inferior", "pairs", "tier"],
                   help="replay one question a community asks instead of every pair: the best system, is the "
                        "candidate at least as good as the baseline, every pair, does the candidate reach a tier")
    p.add_argument("--delta", type=float, help="the question's margin: the smallest difference that matters")
    p.add_argument("--baseline", help="non-inferior: the system in use (default: the first)")
    p.add_argument("--candidate", help="non-inferior, tier: the system asked about (default: the last)")
    p.add_argument("--threshold", type=FINITE, help="tier: the mean score the candidate must reach")
    p = _verb(st, "replay-esa", None, json=True,
              help="replay an ESA export's annotations with the reference's pre-marks: their precision and recall, "
                   "the keys they save, the speaker-hours")
    p.set_defaults(func=deferred("study_verbs", "run_replay_esa"))
    p.add_argument("file", metavar="FILE", help="an Appraise ESA export (CSV, as 240315rc5ESA.scores.csv)")
    p.add_argument("--wmt", metavar="DIR", help="the mt-metrics-eval folder of its texts (default: the folder "
                                                "beside FILE's, named without -esa)")
    p.add_argument("--lp", default="en-de", help="language pair (default en-de)")
    p.add_argument("--premark-seconds", type=FINITE, metavar="S", help="the seconds an item with pre-marks takes "
                   "more (negative: fewer), as lyss study premark-effect measured them: gives hours_with")
