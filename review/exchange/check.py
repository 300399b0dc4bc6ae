"""The check before the laptops leave for the field (``lyss review check``, the app's Sharing page): what stands
between this laptop and its circle, each in one said line.

- **This laptop's own bundle**, as it publishes it in a shared folder, judged by a scratch laptop of the circle (a
  fresh database in a private temporary folder that trusts this laptop's coordinators, as a new field laptop would):
  the file refused whole, or rows refused alone, is what every other laptop would refuse.
- **Answers not published yet**: this laptop's answers recorded after its last bundle in the shared folder (or, with no
  shared folder, answers that leave only by USB bundle).
- **Bundles of the folder** refused here, waiting, or merged with rows refused alone (a conflict among them), and the
  rows that wait here for something.
- **Laptops not heard from**: laptops of the circle (enrolled, or the coordinator this laptop trusts) of which no
  bundle was ever seen in a shared folder here.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from ..records import answers, catalogue, laptops, payload, shared_folder
from ..sentences import Joined, Number, line
from ..store import Store, keys
from .bundle_checks import judge
from .ownership import NotEnrolledYet, Refused
from .sync import INTRINSIC, SUFFIX

OWN_BUNDLE = "this laptop's own bundle"


def _count(n: int) -> Number:
    return Number(n, "count")


def own_bundle(store: Store) -> tuple[list[dict], list[dict]]:
    """(problems, fine): this laptop's own bundle judged by a scratch laptop of its circle."""
    data = json.loads(json.dumps(payload.rows(store, own_only=True), ensure_ascii=False))  # as it travels
    rows = sum(len(v) for v in data.values())
    manifest = {"device_id": store.device_id, "public_key": store.public_key}
    coordinators = {keys.code_of(r["coordinator"]) for r in catalogue.campaign_rows(store)} | {store.device_id}
    with tempfile.TemporaryDirectory(prefix="lyss-check-") as folder:
        with Store(Path(folder) / "scratch.sqlite", backup=False) as scratch:
            for code in sorted(coordinators):
                laptops.trust(scratch, code)
            try:
                judged = judge(scratch, OWN_BUNDLE, manifest, data)
            except NotEnrolledYet:
                return [], [line("check.own not enrolled")]
            except Refused as exc:
                return [line("check.own refused", problem=exc.line().removeprefix(f"{OWN_BUNDLE}: "))], []
    if judged.refused:
        return [line("check.own rows refused", n=_count(len(judged.refused)), one="n",
                     rows=Joined([why for _, why in judged.refused[:3]], "; "))], []
    return [], [line("check.own fine", n=_count(rows), one="n")]


def unpublished(store: Store) -> tuple[list[dict], list[dict]]:
    """(problems, fine): this laptop's answers that no shared folder holds yet."""
    folder = shared_folder.chosen(store)
    mine = answers.own_since(store, shared_folder.last_published(store))
    if folder is None:
        return ([line("check.no folder", n=_count(mine), one="n")] if mine else []), \
            ([] if mine else [line("check.no folder nothing")])
    if mine:
        return [line("check.unpublished", n=_count(mine), one="n")], []
    return [], [line("check.published")]


def folder_bundles(store: Store) -> list[dict]:
    """Problems: bundles of the shared folder refused, waiting, or merged with rows refused alone; rows waiting here."""
    found = []
    names = laptops.names(store)
    for r in shared_folder.files_seen(store):
        code = r["device_code"] or r["name"].removesuffix(SUFFIX)
        if code == store.device_id:
            continue
        who = f"{names[code]} ({code})" if code in names else code
        reason = Joined([shared_folder.said(r["reason"])] if r["reason"] else [])
        if r["status"] in ("refused", INTRINSIC):
            found.append(line("check.bundle refused", laptop=who, reason=reason))
        elif r["status"] == "waiting":
            found.append(line("check.bundle waiting", laptop=who, reason=reason))
        elif r["reason"]:
            found.append(line("check.bundle rows refused", laptop=who, reason=reason))
    found += [line("check.rows wait", waiting=Joined([waiting])) for waiting in shared_folder.lines(store)]
    return found


def not_heard_from(store: Store) -> list[dict]:
    """Problems: laptops of the circle of which no bundle was ever seen here (a revoked one aside)."""
    return [line("check.not heard", laptop=f"{r['name']} ({r['code']})" if r["name"] else r["code"])
            for r in laptops.circle(store)
            if not r["last_bundle"] and not r["revoked_from"] and (r["campaigns"] or r["in_circle"] or
                                                                   r["trusted_coordinator"])]


def check(store: Store) -> dict:
    """Everything above: ``problems`` and ``fine`` (said lines), ``healthy`` when there is no problem."""
    problems, fine = own_bundle(store)
    more, well = unpublished(store)
    problems += more + folder_bundles(store) + not_heard_from(store)
    fine += well
    return {"healthy": not problems, "problems": problems, "fine": fine,
            "summary": line("check.healthy") if not problems else
            line("check.problems", n=_count(len(problems)), one="n")}
