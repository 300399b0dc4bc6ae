"""Every ``lyss review``/``lyss study`` verb the parser accepts has exactly one handler, and back."""

import argparse

from desktop import cli_review


def _verbs(command: str) -> set[str]:
    parser = argparse.ArgumentParser()
    commands: dict = {}
    cli_review.register(parser.add_subparsers(dest="command"), commands)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    inner = next(a for a in sub.choices[command]._actions if isinstance(a, argparse._SubParsersAction))
    return set(inner.choices)


def test_review_verbs_have_handlers():
    assert _verbs("review") == set(cli_review.REVIEW_VERBS) | {"restore"}


def test_study_verbs_have_handlers():
    assert _verbs("study") == set(cli_review.STUDY_VERBS)


def test_read_only_verbs_exist():
    assert cli_review.READ_ONLY <= set(cli_review.REVIEW_VERBS) | set(cli_review.STUDY_VERBS)
