"""Every command and verb the ``lyss`` parser accepts names the function that runs it (``set_defaults``)."""

import argparse

from desktop import cli


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(actions[0].choices) if actions else {}


def _leaves(parser, path=(), func=None):
    """Each command line's last parser, with the function the nearest parser on its path names."""
    func = parser.get_default("func") or func
    children = _subcommands(parser)
    if not children:
        yield path, parser, func
    for name, child in children.items():
        yield from _leaves(child, (*path, name), func)


def test_every_command_runs_a_function():
    leaves = list(_leaves(cli.build_parser()))
    assert len(leaves) > 30
    for path, _, func in leaves:
        assert callable(func), path


def test_every_review_and_study_verb_has_a_handler():
    for path, parser, _ in _leaves(cli.build_parser()):
        # restore, simulate-sequential, replay-esa: no database; sync: a light module of its own (it runs every few
        # answers)
        if path[0] in ("review", "study") and path[-1] not in ("restore", "simulate-sequential", "replay-esa", "sync"):
            assert callable(parser.get_default("verb_func")), path
            assert isinstance(parser.get_default("read_only"), bool), path


def test_read_only_verbs_open_the_database_read_only():
    args = cli.build_parser().parse_args(["study", "agreement", "--db", "x.sqlite"])
    assert args.read_only and args.func.__name__ == "run_verb"
    args = cli.build_parser().parse_args(["review", "answer", "--db", "x.sqlite", "--campaign", "c", "--speaker", "s",
                                          "--answers", "{}"])
    assert not args.read_only and args.verb_func.__name__ == "_review_answer"
    args = cli.build_parser().parse_args(["review", "restore", "--db", "x.sqlite"])
    assert args.func.__name__ == "run_restore"


def test_the_parser_kept_between_commands_carries_nothing_from_one_to_the_next(monkeypatch):
    """``main`` keeps one parser per value of $LYSS_REVIEW_DB: a default read from it follows it, and what one
    command line appended (``--device``, ``--keep``) is not in the next one's defaults."""
    monkeypatch.setenv("LYSS_REVIEW_DB", "first.sqlite")
    first = cli._parser("first.sqlite")
    assert first.parse_args(["review", "progress"]).db == "first.sqlite"
    monkeypatch.setenv("LYSS_REVIEW_DB", "second.sqlite")
    assert cli._parser("second.sqlite").parse_args(["review", "progress"]).db == "second.sqlite"
    assert cli._parser("first.sqlite") is first
    given = first.parse_args(["sync", "setup", "folder", "--device", "AAA", "--device", "BBB"])
    assert given.device == ["AAA", "BBB"]
    assert first.parse_args(["sync", "setup", "folder"]).device == []
    keep = ["review", "answer", "--campaign", "c", "--speaker", "s", "--answers", "{}"]
    assert first.parse_args([*keep, "--keep", "0,2"]).keep == [0, 2]
    assert first.parse_args(keep).keep == []


def test_a_value_that_starts_with_a_dash_is_a_value():
    """A speaker named "-:" (found by the round-trip property under make evidence): argparse took it for an unknown
    option ("--name: expected one argument"). An unknown word with one dash is a value; an unknown --option is still
    refused in one line."""
    import pytest
    from scoring.errors import InputError
    parser = cli.build_parser()
    for name in ("-:", "-Mary", "- the elder", "-"):
        args = parser.parse_args(["review", "add-speaker", "--name", name, "--consent-scope", "-x"])
        assert (args.name, args.consent_scope) == (name, "-x")
    with pytest.raises(InputError, match="unrecognized arguments: --nmae"):
        parser.parse_args(["review", "add-speaker", "--name", "Mary", "--nmae", "x", "--consent-scope", "study"])
    with pytest.raises(InputError, match="expected one argument"):
        parser.parse_args(["review", "add-speaker", "--name", "--consent-scope", "study"])
