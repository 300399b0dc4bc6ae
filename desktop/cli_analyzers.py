"""``lyss analyzers list|add|remove|licence``, ``lyss glosses add``, ``lyss cards list|add``: the parsers
(the commands are in ``analyzer_commands.py``, loaded when they run)."""

from __future__ import annotations

from .cli_parsing import deferred


def register(sub) -> None:
    p = sub.add_parser("analyzers", help="list, add or remove GiellaLT .hfstol analysers")
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    ls = verbs.add_parser("list", help="every analyser found, in discovery order")
    ls.add_argument("--analyzer-dir")
    ls.add_argument("--json", action="store_true")
    add = verbs.add_parser("add", help="copy an analyser into your data folder")
    add.add_argument("file", metavar="FILE")
    add.add_argument("--lang", required=True, help="ISO 639-3 code of the analyser's language")
    add.add_argument("--kind", choices=["analyser", "generator"])
    add.add_argument("--accept-licence", action="store_true", help="you have read `lyss analyzers licence`")
    rm = verbs.add_parser("remove", help="remove an analyser you added")
    rm.add_argument("name", metavar="FILE_NAME")
    lic = verbs.add_parser("licence", help="the licence terms of the analysers (of one language, or of every pack)")
    lic.add_argument("--lang", help="the language whose analysers' licence to show")
    p.set_defaults(func=deferred("analyzer_commands", "run"))

    p = sub.add_parser("glosses", help="the semantic validator's gloss table: add your own lemma glosses")
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    add = verbs.add_parser("add", help="add LEMMA<TAB>gloss, gloss lines (checked first; later lines win)")
    add.add_argument("file", metavar="GLOSSES.tsv")
    add.add_argument("--lang", required=True, help="the language of the lemmas")
    p.set_defaults(func=deferred("analyzer_commands", "run_glosses"))

    p = sub.add_parser("cards", help="language cards: list them, or add your own")
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    verbs.add_parser("list", help="the language cards LYSS knows")
    add = verbs.add_parser("add", help="copy your own language card in (it is checked first)")
    add.add_argument("file", metavar="CARD.json")
    p.set_defaults(func=deferred("analyzer_commands", "run_cards"))
