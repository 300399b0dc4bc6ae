"""Applying revocations to a database: what a revoked laptop signed from its revocation's time on is dropped,
and what it signed before stays as it was signed. Functions of the rows a database holds (the live one, a
backup being restored), so every laptop that holds a revocation ends up the same (``review.exchange.laptops`` makes
revocations; this module only reads and applies them). Here with the records, the one writer of answers; the store
applies it to restores and merges through the function ``review`` hands it (``review.store.rules``)."""

from __future__ import annotations


def revoked_from(db, campaign_id: str, device_code: str) -> str | None:
    """The earliest time from which a laptop's answers to a campaign are refused (``None``: not revoked)."""
    rows = list(db.query("select min(r.from_at) as since from revocations r join campaigns c on c.id = r.campaign_id "
                         "and r.signer = c.coordinator where r.campaign_id = ? and r.device_code = ?",
                         [campaign_id, device_code]))
    return rows[0]["since"] if rows else None


REVOKED = ("from revocations v join campaigns c on c.id = v.campaign_id and v.signer = c.coordinator "
           "where v.campaign_id = {t}.campaign_id and v.device_code = {t}.device_id and v.from_at <= {t}.{at}")


def apply_revocations(db) -> int:
    """Drop what revoked laptops signed from their revocation's time on: an answer first recorded from then on
    goes (with its history); an answer recorded before and edited from then on goes back to its last version
    signed before (read from its signed history; its times on screen, which belong to the edit, are left
    empty). A function of the rows alone, so every laptop that holds the revocation ends up the same.
    Returns the number of answers deleted or put back."""
    if db.execute("select 1 from revocations limit 1").fetchone() is None:
        return 0  # the usual case, checked at once however many answers the laptop holds
    named = "device_id in (select device_code from revocations) and"
    earlier = ("(select h.{column} from rating_history h where h.uuid = ratings.uuid and h.device_id = ratings.device_id "
               "and h.action != 'undo' and h.at < ratings.created_at_limit order by h.at desc limit 1)")
    late = f"{named} exists (select 1 {REVOKED.format(t='ratings', at='updated_at')})"
    limit = (f"(select min(v.from_at) {REVOKED.format(t='ratings', at='updated_at')})")
    before = f"{late} and exists (select 1 {REVOKED.format(t='ratings', at='updated_at')} and ratings.created_at < " \
             f"v.from_at)"
    kept = db.execute(
        f"update ratings set answers = {earlier.format(column='answers')}, note = {earlier.format(column='note')}, "
        f"updated_at = {earlier.format(column='at')}, seconds = null, started_at = null, ended_at = null, "
        f"away_seconds = null, signature = null where {before} and {earlier.format(column='at')} is not null"
        .replace("ratings.created_at_limit", limit)).rowcount
    cursor = db.execute(f"delete from ratings where {late}")
    db.execute(f"delete from rating_history where {named} exists (select 1 "
               f"{REVOKED.format(t='rating_history', at='at')})")
    return kept + cursor.rowcount


def revocations_of(db, device_code: str) -> list[dict]:
    """The revocations naming a laptop (what it is told when it merges its coordinator's bundle)."""
    return [dict(r) for r in db.query("select v.campaign_id, v.from_at, c.coordinator from revocations v join "
                                      "campaigns c on c.id = v.campaign_id and v.signer = c.coordinator where "
                                      "v.device_code = ? order by v.from_at", [device_code])]


def revoked_since(db) -> dict[str, str]:
    """Each revoked laptop's code → the earliest time from which a coordinator revoked it (in any campaign)."""
    if "revocations" not in db.table_names():  # a backup made before revocations existed
        return {}
    return {r["device_code"]: r["since"] for r in db.query(
        "select v.device_code, min(v.from_at) as since from revocations v join campaigns c on c.id = v.campaign_id "
        "and v.signer = c.coordinator group by v.device_code")}


def revoked_laptops(db, campaign_id: str | None = None) -> list[dict]:
    """The laptops a coordinator revoked (in one campaign, or any): code, the time from which their answers are
    refused, and how many of their answers (signed before it) this database keeps."""
    one = campaign_id is not None
    return [dict(r) for r in db.query(
        "select v.device_code as code, min(v.from_at) as from_at, (select count(*) from ratings r where r.device_id "
        "= v.device_code" + (" and r.campaign_id = ?" if one else "") + ") as kept from revocations v join campaigns "
        "c on c.id = v.campaign_id and v.signer = c.coordinator" + (" where v.campaign_id = ?" if one else "") +
        " group by v.device_code order by v.device_code", [campaign_id, campaign_id] if one else [])]
