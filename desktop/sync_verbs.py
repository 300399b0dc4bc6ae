"""``lyss sync …``: Syncthing set up through its local REST API, and the laptops seen in the shared folder
(their parsers: ``cli_review.py``)."""

from __future__ import annotations

import getpass
import os
import sys
from pathlib import Path

from review.operations import sentences
from review.operations.exchange import sync
from review.operations.syncthing import syncthing

from review.operations.records import shared_folder
from review.operations.database import Store
from scoring.errors import BadValue, InputError
from scoring.files import json_text

from .terminal import ProgressBar


def run_sync(args) -> int:
    return args.verb_func(args)


def review_sync(args) -> int:
    """``lyss review sync FOLDER``: one line per bundle; exit 1 when one was refused."""
    with Store(args.db, create=False) as store:
        bar = ProgressBar()
        try:
            report = sync.sync(store, args.folder, progress=bar)
        finally:
            bar.close()
        remembered = "" if report.folder_unreadable else _for_the_app(store, args.folder)
    if args.json:
        print(json_text(report.as_dict(), indent=2))
    else:
        for outcome in report.outcomes:
            print(outcome.line())
        if remembered:
            print(remembered)
    return 1 if report.refused else 0


def _for_the_app(store: Store, folder: str) -> str:
    """Record the folder for the app when it has none (a line saying so), else nothing."""
    chosen = shared_folder.choose_if_none(store, folder)
    return f"the app syncs {folder} from now on (Campaigns tab, Sharing answers)" if chosen else ""


def sync_setup(args) -> int:
    folder = Path(args.folder)
    if not folder.is_dir():
        raise BadValue("FOLDER", args.folder, "not a folder (create it first: the folder your laptops will share)")
    specs = [syncthing.device_spec(d) for d in args.device]
    devices, addresses = [d for d, _ in specs], dict(specs)
    specs = [syncthing.device_spec(d, "--encrypted-device") for d in args.encrypted_device]
    encrypted = [d for d, _ in specs]
    addresses.update(specs)
    password = _password(args) if encrypted else None
    api = syncthing.Api.from_config(args.home) if args.apply or args.home else _local_api()
    try:
        steps = syncthing.plan(api, args.folder, devices, args.lan_only, {d: password for d in encrypted}, addresses)
    except syncthing.Unexpected as exc:
        raise BadValue("--home" if args.home else "Syncthing", args.home or "", f"{exc}: nothing was changed") from None
    except syncthing.Unreachable as exc:
        if args.apply:
            raise BadValue("--apply", "", f"{exc}: start it (syncthing serve --no-browser) and run again") from None
        api, steps = None, syncthing.plan(None, args.folder, devices, args.lan_only,
                                          {d: password for d in encrypted}, addresses)
    for step in steps:
        print(("done: " if args.apply else "would: ") + step.says)
    if args.apply:
        try:
            syncthing.apply(api, steps)
            print(f"this machine's Syncthing id (give it to the others): {api.my_id()}")
            if Path(args.db).exists():  # a laptop with a review database syncs the folder from now on
                with Store(args.db, create=False) as store:
                    remembered = _for_the_app(store, args.folder)
                if remembered:
                    print(remembered)
        except syncthing.Unreachable as exc:
            raise BadValue("--apply", "", f"{exc}; the changes made before it were undone") from None
    elif api is None:
        print("Syncthing is not running here: start it (syncthing serve --no-browser), then add --apply")
    else:
        print("nothing changed; add --apply to make these changes")
    return 0


PASSWORD_VARIABLE = "LYSS_SYNC_PASSWORD"


def _password(args) -> str:
    """The encrypted devices' folder password: ``--password-file``, ``$LYSS_SYNC_PASSWORD``, a prompt that does
    not echo it, or (visible in ``ps`` and the shell's history) ``--password``."""
    if args.password_file:
        try:
            text = Path(args.password_file).read_text("utf-8").rstrip("\r\n")
        except (OSError, UnicodeDecodeError) as exc:
            raise BadValue("--password-file", args.password_file, f"cannot be read ({exc.__class__.__name__})") \
                from None
        source, password = "--password-file", text
    elif os.environ.get(PASSWORD_VARIABLE):
        source, password = PASSWORD_VARIABLE, os.environ[PASSWORD_VARIABLE]
    elif args.password:
        source, password = "--password", args.password
    elif sys.stdin.isatty():
        source, password = "the prompt", getpass.getpass("the folder's password on encrypted devices: ")
    else:
        raise BadValue("--encrypted-device", args.encrypted_device[0], f"give the folder's password in "
                                                                      f"{PASSWORD_VARIABLE}, with --password-file, "
                                                                      f"or at the prompt (run it in a terminal)")
    if not password or "\n" in password or len(password) > 1024:
        raise BadValue(source, "", "the password must be one line of at most 1,024 characters, not empty")
    return password


def _local_api():
    try:
        return syncthing.Api.from_config()
    except Exception:  # noqa: BLE001 — no Syncthing configured yet: the plan is printed in full
        return None


def sync_status(args) -> int:
    with Store(args.db, create=False, read_only=True) as store:
        seen = [{**r, "reason": r["reason"] and sentences.english(r["reason"])}  # said in English here
                for r in sync.laptops_seen(store, args.folder)]
        awaited = [sentences.english(said) for said in shared_folder.lines(store)]
    links, why = _connections(args, seen)
    if args.json:
        print(json_text(seen, indent=2))
        return 0
    if not seen:
        print("no shared folder synchronised yet (lyss review sync FOLDER)")
    else:
        print(f"{'laptop':<20} {'last bundle':<28} {'answers':>7}  {'enrolled':<8} status")
    for r in seen:
        who = (f"{r['name']} " if r.get("name") else "") + r["code"] + (" (this)" if r["this_laptop"] else "")
        role = "coord." if r["coordinator"] else ("revoked" if r["revoked_from"] else "yes" if r["enrolled"] else "no")
        status = r["status"] + (f": {r['reason']}" if r["reason"] else "")
        if r["revoked_from"]:
            status = (f"revoked (from {r['revoked_from'][:16].replace('T', ' ')}): {r['kept']} answers signed before "
                      f"kept here; " + status)
        if r.get("syncthing"):
            status += f"; Syncthing: {_link_words(r['syncthing'])}"
        print(f"{who:<20} {r['bundle_time'] or '—':<28} {r['answers'] if r['answers'] is not None else '—':>7}  "
              f"{role:<8} {status}")
    for line in awaited:
        print(f"{line} (kept here until then)")
    if links:
        print("Syncthing devices this machine shares with:")
        for link in links:
            print(f"  {link['device'][:7]}  {link['name'] or '—':<16} {_link_words(link)}")
    elif why:
        print(why)
    return 0


def _connections(args, seen: list[dict]) -> tuple[list[dict], str]:
    """The local Syncthing's devices and, beside each laptop whose bundle the folder holds, the connection of
    the device that wrote it (``seen`` gains ``syncthing``). Best effort: without Syncthing, a line saying so."""
    try:
        api = syncthing.Api.from_config(args.home)
        links = syncthing.connections(api)
        by_short = {link["device"][:7]: link for link in links}
        wrote = syncthing.writers(api, [f"{r['code']}{sync.SUFFIX}" for r in seen if not r["this_laptop"]])
    except (InputError, syncthing.Unreachable) as exc:
        return [], f"Syncthing: not reachable here ({getattr(exc, 'problem', None) or exc}): connections unknown"
    for r in seen:
        short = wrote.get(f"{r['code']}{sync.SUFFIX}")
        if short in by_short:
            r["syncthing"] = by_short[short]
    return links, ""


def _link_words(link: dict) -> str:
    if link["connected"]:
        return f"connected at {link['address']}"
    last = f"last seen {link['last_seen'][:16].replace('T', ' ')}" if link["last_seen"] else "never seen"
    return f"not connected ({last}; reached at {', '.join(link['addresses']) or 'dynamic'})"
