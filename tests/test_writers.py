"""docs/architecture.md's table of who writes which table, checked against the code (issue 69, item 5): every write
statement in review/ — ``db["table"].insert/upsert/update/delete…`` and SQL ``insert into``, ``update … set``,
``delete from`` — names a table, and its module must be one the table lists; every module listed must still write
it. The generic merge (``review/store/merging.py``, table names as data) is outside a literal scan's reach and is
named apart in the document."""

from __future__ import annotations

import re
from collections import defaultdict

from helpers import ROOT
from review.store import schema

WRITE_CALL = re.compile(r'db\[\s*"(\w+)"\s*\]\s*\.\s*(?:insert|insert_all|upsert|upsert_all|update|delete|delete_where)\b')
WRITE_SQL = re.compile(r'(?i)\b(?:insert(?:\s+or\s+\w+)?\s+into|update|delete\s+from)\s+\[?(\w+)\]?')


def written_in_code() -> dict[str, set[str]]:
    tables = set(schema.TABLES)
    found: dict[str, set[str]] = defaultdict(set)
    for path in sorted((ROOT / "review").rglob("*.py")):
        text, name = path.read_text("utf-8"), path.relative_to(ROOT).as_posix()
        for table in {m.group(1) for m in WRITE_CALL.finditer(text)} | {m.group(1) for m in WRITE_SQL.finditer(text)}:
            if table in tables:
                found[table].add(name)
    return found


def written_in_the_document() -> dict[str, set[str]]:
    text = (ROOT / "docs" / "architecture.md").read_text("utf-8")
    block = text[text.index("Who writes which table"):]
    block = block[:block.index("\n\n", block.index("| tables |"))]
    found: dict[str, set[str]] = {}
    for line in block.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or cells[0] in ("tables", "---"):
            continue
        modules = set(re.findall(r"`([\w/]+\.py)`", cells[1]))
        for table in (t.strip() for t in cells[0].split(",")):
            found[table] = modules
    return found


def test_the_table_of_writers_is_the_code_s():
    code, document = written_in_code(), written_in_the_document()
    assert set(document) <= set(schema.TABLES), set(document) - set(schema.TABLES)  # no table named that is not one
    assert {t: sorted(m) for t, m in code.items() if m != document.get(t)} == {}, \
        {t: {"code": sorted(code.get(t, ())), "document": sorted(document.get(t, ()))}
         for t in set(code) | set(document) if code.get(t, set()) != document.get(t, set())}
    assert set(document) == set(code)  # every table the document names is written somewhere, and the reverse


def test_the_check_sees_a_second_writer():
    """The scan is real: a write from a module the table does not name is found."""
    text = 'with store.transaction() as db:\n    db["ratings"].delete(uuid)\n    db.execute("update speakers set x = 1")\n'
    assert {m.group(1) for m in WRITE_CALL.finditer(text)} == {"ratings"}
    assert {m.group(1) for m in WRITE_SQL.finditer(text)} == {"speakers"}


def test_answers_and_speakers_are_written_by_the_records_alone():
    """Issue 69: withdrawals and revocations ask the records; the store only applies the functions it is handed
    (``review.store.rules``), so no module of review/store/ writes answers or speakers but the upgrade."""
    code = written_in_code()
    for table in ("ratings", "rating_history", "speakers"):
        assert {m for m in code[table] if not m.startswith("review/records/")} <= {"review/store/database.py"}, table
    assert "review/store/database.py" not in code["ratings"] | code["rating_history"]


def test_the_store_applies_the_rules_the_records_hand_it():
    import review
    from review.records import revocations, withdrawals
    from review.store import rules
    assert review is not None
    assert rules.rules().apply_tombstones is withdrawals.apply_tombstones
    assert rules.rules().apply_revocations is revocations.apply_revocations
