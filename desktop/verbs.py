"""What the ``lyss review`` and ``lyss study`` verbs share (their parsers: ``cli_review.py``; the verbs, by family:
``circle_verbs.py``, ``campaign_verbs.py``, ``study_verbs.py``): the database a verb opens, printing a result as text or
JSON, a plain-text table, a progress bar, and asking before what cannot be undone."""

from __future__ import annotations

import sys
from typing import Any

from review.operations import sentences
from review.operations.database import Store, readable_by_others
from scoring.files import json_text

from .terminal import ProgressBar, shown


def print_result(result: Any, as_json: bool, text: str | None = None) -> int:
    if as_json or text is None:
        print(json_text(result, indent=2, default=str))
    else:
        print(text)
    return 0


def _store(args):
    """The database ``--db`` names; only ``init`` creates one (a mistyped name is an error, not a new file).
    A database other users of the computer may read is opened with a one-line warning."""
    store = Store(args.db, create=args.verb == "init", read_only=args.read_only)
    if readable_by_others(store.path):
        print(f"lyss: warning: {store.path}: other users of this computer can read it, and it holds this laptop's "
              f"private key: chmod 600 {store.path}", file=sys.stderr)
    return store


def with_progress(work):
    """Run ``work(progress)`` with a bar on stderr (shown only in a terminal)."""
    bar = ProgressBar()
    try:
        return work(bar)
    finally:
        bar.close()


def table(rows: list[dict], columns: list[tuple[str, str]]) -> str:
    """Rows as a plain-text table under a header, each column as wide as its widest cell."""
    def cell(value) -> str:
        return "—" if value is None else "yes" if value is True else "no" if value is False else shown(value)
    cells = [[header for _, header in columns], *([cell(r.get(key)) for key, _ in columns] for r in rows)]
    widths = [max(len(row[k]) for row in cells) for k in range(len(columns))]
    return "\n".join("  ".join(text.ljust(width) for text, width in zip(row, widths)).rstrip() for row in cells)


def confirmed(question: str) -> bool:
    """Ask at a terminal (yes/no); elsewhere refuse, naming ``--yes``. Nothing is done unless the answer is yes."""
    if not sys.stdin.isatty():
        print(f"lyss: {question}: not done (no terminal to ask at); add --yes to confirm", file=sys.stderr)
        return False
    answer = input(f"{question[0].upper()}{question[1:]}. Type yes to go on: ").strip().lower()
    if answer not in ("y", "yes"):
        print("lyss: nothing was withdrawn", file=sys.stderr)
        return False
    return True


def said_text(said: dict) -> str:
    """A verdict line of the study in plain text (the app fills the same text in its language)."""
    return shown(sentences.english(said))


def run_verb(args) -> int:
    """A ``lyss review`` or ``lyss study`` verb: the database opened, the verb's function run on it."""
    with _store(args) as store:
        return args.verb_func(store, args)
