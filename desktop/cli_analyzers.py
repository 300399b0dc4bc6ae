"""``lyss analyzers list|add|remove|licence``: the analysers LYSS can find, and installing new ones."""

from __future__ import annotations

import json


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
    p.set_defaults(func=run)

    p = sub.add_parser("glosses", help="the semantic validator's gloss table: add your own lemma glosses")
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    add = verbs.add_parser("add", help="add LEMMA<TAB>gloss, gloss lines (checked first; later lines win)")
    add.add_argument("file", metavar="GLOSSES.tsv")
    add.add_argument("--lang", required=True, help="the language of the lemmas")
    p.set_defaults(func=run_glosses)

    p = sub.add_parser("cards", help="language cards: list them, or add your own")
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    verbs.add_parser("list", help="the language cards LYSS knows")
    add = verbs.add_parser("add", help="copy your own language card in (it is checked first)")
    add.add_argument("file", metavar="CARD.json")
    p.set_defaults(func=run_cards)


def run_glosses(args) -> int:
    from eval_standards.glosses import add_glosses

    target, n = add_glosses(args.file, args.lang)
    print(f"added {n} lemmas to {target}; re-score a run to use them")
    return 0


def run_cards(args) -> int:
    from eval_standards import cards

    if args.verb == "add":
        print(f"added {cards.add_card(args.file)}")
        return 0
    for code in cards.available_cards():
        card = cards.load_card(code)
        print(f"{code:<4} {card.get('names', {}).get('en', '')}")
    folder = cards.user_cards_dir()
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        print(f"{path.stem:<4} {cards.load_card(path.stem).get('names', {}).get('en', '')}  (yours: {path})")
    return 0


def run(args) -> int:
    from eval_standards import analysers
    from scoring.files import user_data_dir

    if args.verb == "list":
        rows = analysers.list_all(args.analyzer_dir)
        if args.json:
            print(json.dumps(rows, indent=2))
            return 0
        if not rows:
            print("No analysers found. " + analysers.HOW_TO_ADD.format(lang="LANG"))
        for r in rows:
            state = f"  UNUSABLE: {r['problem']}" if r["problem"] else ""
            print(f"{r['lang']:<5} {r['kind']:<10} {r['origin']:<15} {r['file']}  sha256 {r['sha256'][:16]}…  "
                  f"{r['path']}{state}")
        print(f"\nyour analysers folder: {user_data_dir() / 'analysers'}")
        return 0
    if args.verb == "licence":
        notices = {args.lang: analysers.licence_of(args.lang)} if args.lang else analysers.licence_notices()
        for code, licence in notices.items():
            print(f"{code} ({licence['id']}): {licence['notice']}\n")
        return 0
    if args.verb == "add":
        if not args.accept_licence:
            licence = analysers.licence_of(args.lang)
            print(f"{licence['id']}: {licence['notice']}")
        record = analysers.install(args.file, args.lang, args.kind, args.accept_licence)
        print(f"added {record['file']} ({record['lang']}, {record['kind']}), sha256 {record['sha256']}")
        return 0
    path = analysers.remove(args.name)
    print(f"removed {path}")
    return 0
