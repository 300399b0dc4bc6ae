"""The analyser, gloss and card commands (their parsers: ``cli_analyzers.py``)."""

from __future__ import annotations

from eval_standards import analysers, cards
from eval_standards.glosses import add_glosses
from scoring.files import json_text, user_data_dir


def run_glosses(args) -> int:
    target, n = add_glosses(args.file, args.lang)
    print(f"added {n} lemmas to {target}; re-score a run to use them")
    return 0


def run_cards(args) -> int:
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
    if args.verb == "list":
        rows = analysers.list_all(args.analyzer_dir)
        if args.json:
            print(json_text(rows, indent=2))
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
