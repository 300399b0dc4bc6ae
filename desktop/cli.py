"""The ``lyss`` command line: its parsers (the commands themselves are in ``score_commands.py``,
``circle_verbs.py``, ``campaign_verbs.py``, ``study_verbs.py``,
``analyzer_commands.py``, loaded when they run). Thin: it parses arguments, calls
scoring/eval_standards/review, prints.

Bad input prints one line ``lyss: FILE: PLACE: PROBLEM`` and exits with status 2, writing nothing.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys

from scoring import __version__
from scoring.errors import BadValue, InputError
from scoring.files import packaged_json

from . import cli_analyzers, cli_app, cli_review
from .cli_parsing import SEED, deferred, resamples
from .terminal import EscapingStream, shown


def _add_score(sub) -> None:
    p = sub.add_parser("score", help="score a run card, harness report, TSV/JSONL, or three text files")
    p.add_argument("inputs", nargs="+", metavar="INPUT", help="run card / report / .tsv / .jsonl, or SOURCE REFERENCE PREDICTION")
    p.add_argument("--out", help="write the scored run card here (atomically)")
    p.add_argument("--name", help="the run's name (its model_slug), as campaigns and decisions show it (default: "
                                  "the run card's own; three text files have none)")
    p.add_argument("--profile", default="auto", help="A, B, a profile .json, or auto (A when an FST analyser is available)")
    p.add_argument("--lang", help="target language code (default: from the run card)")
    p.add_argument("--seed", type=SEED, default=12345)
    p.add_argument("--bootstrap", type=resamples(1), default=1000, metavar="N",
                   help="bootstrap resamples (default 1000)")
    p.add_argument("--json", action="store_true", help="print the scores block as JSON")
    p.add_argument("--no-cache", action="store_true", help="recompute per-entry statistics")
    p.add_argument("--analyzer-dir", help="look for .hfstol analysers here first")
    p.set_defaults(func=deferred("score_commands", "cmd_score"))


def _add_compare(sub) -> None:
    p = sub.add_parser("compare", help="paired significance between runs over the same entries")
    p.add_argument("runs", nargs="+", metavar="RUN")
    p.add_argument("--metric", default="composite", choices=["composite", "chrf_plus_plus", "exact_match_rate"])
    p.add_argument("--profile", default="auto")
    p.add_argument("--lang")
    p.add_argument("--seed", type=SEED, default=12345)
    p.add_argument("--bootstrap", type=resamples(1), default=1000, metavar="N")
    p.add_argument("--trials", type=resamples(1), default=10000, help="approximate-randomisation trials")
    p.add_argument("--json", action="store_true")
    p.add_argument("--analyzer-dir")
    p.add_argument("--allow-profile-mismatch", action="store_true",
                   help="compare composites although a run was scored elsewhere with another profile")
    p.set_defaults(func=deferred("score_commands", "cmd_compare"))


def _add_gate(sub) -> None:
    p = sub.add_parser("gate", help="eval gate: exit 0 when NEW holds up against the baseline, 1 when not",
                       formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("new", metavar="NEW")
    p.add_argument("--baseline", required=True, metavar="OLD")
    p.add_argument("--max-drop", type=float, default=packaged_json("scoring", "data/gates.json")["max_drop"],
                   help="largest allowed drop of the overall score, on the 0–1 scale (0.02 = 2 %%)")
    p.add_argument("--min", type=float, dest="minimum", help="the new overall score must reach this (0–1 scale)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--allow-profile-mismatch", action="store_true",
                   help="gate although the two were scored with different profiles (their composites differ in kind)")
    p.set_defaults(func=deferred("score_commands", "cmd_gate"))


def _add_rubric(sub) -> None:
    p = sub.add_parser("rubric", help="score items (JSON list or JSONL) with a binary rubric such as 'capstone'")
    p.add_argument("items", metavar="ITEMS")
    p.add_argument("--rubric", default="capstone")
    p.add_argument("--out")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=deferred("score_commands", "cmd_rubric"))


def _add_selftest(sub) -> None:
    p = sub.add_parser("selftest", help="prove this installation works offline, end to end")
    p.add_argument("--gui-screenshot", metavar="PNG", help="also open the app offscreen and save its first window")
    p.add_argument("--every-verb", action="store_true",
                   help="also run every command once on a scratch home (none may end with an internal error)")
    p.set_defaults(func=deferred("selftest", "command"))


class Parser(argparse.ArgumentParser):
    """argparse whose usage errors are one line like every other error (``lyss: … : problem``, status 2)."""

    def error(self, message: str):
        raise BadValue(self.prog, "", f"{message} (see {self.prog} --help)")

    def _parse_optional(self, arg_string):
        """A word that starts with one dash and is no option of the command is a value: a speaker named "-:" or
        "-Mary", a note "- see above" (argparse took it for an unknown option: "--name: expected one argument")."""
        found = super()._parse_optional(arg_string)
        if found is None or arg_string.startswith("--"):
            return found
        options = found if isinstance(found, list) else [found]  # Python 3.12 returns a list of them
        return None if all(option[0] is None for option in options) else found


def build_parser() -> argparse.ArgumentParser:
    """Every command's parser (161 of them). The only environment variable a default reads is ``LYSS_REVIEW_DB``
    (:func:`_parser` keeps one parser for each of its values: add any other to its key)."""
    parser = Parser(prog="lyss", description="LYSS Desktop: offline MT evaluation for low-resource languages",
                    formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--version", action="version", version=f"lyss {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in (_add_score, _add_compare, _add_gate, _add_rubric, _add_selftest):
        add(sub)
    for group in (cli_analyzers, cli_review, cli_app):  # analysers; review and study; the app
        group.register(sub)
    return parser


@functools.lru_cache(maxsize=4)
def _parser(review_db: str | None) -> argparse.ArgumentParser:
    """:func:`build_parser`, built once for a value of ``$LYSS_REVIEW_DB`` (a parser is built in 20–30 ms, and a
    process that runs many commands, as the tests do, paid it each time). Parsing changes nothing in a parser: every
    default list is copied by argparse before it is appended to, and no command changes its arguments."""
    return build_parser()


def main(argv: list[str] | None = None) -> int:
    """Run one command. Bad input: one line on stderr, status 2. A bug: one line, status 1. Never a
    traceback; control characters in data never reach the terminal."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = EscapingStream(out), EscapingStream(err)
    try:
        parser = _parser(os.environ.get("LYSS_REVIEW_DB"))
        args = parser.parse_args(argv)
        if not args.command:
            parser.print_help()
            return 0
        return args.func(args)
    except InputError as exc:
        print(f"lyss: {exc.line()}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("lyss: interrupted; nothing half-written was kept", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug: still one line, and the answers already saved are safe
        print(f"lyss: internal error ({type(exc).__name__}: {shown(exc)}); please report it", file=sys.stderr)
        return 1
    finally:
        sys.stdout.flush()
        sys.stdout, sys.stderr = out, err


if __name__ == "__main__":
    sys.exit(main())
