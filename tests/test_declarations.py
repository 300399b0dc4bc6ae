"""One declaration per travelling column (issue 65, 1): ``review/store/schema.py`` says each column's kind (with the
shape of its JSON), whether it is local or personal, whether it may vary in a row of fixed content, and each table's
owner. The database's own checks (triggers), the bundle checks, the take-out's columns and the content a conflict is
judged on are made from it; nothing else reads a shape of its own. Hypothesis draws values of every kind for every
travelling column: what the database lets a writer store is what every other laptop's bundle check accepts."""

from __future__ import annotations

import math
import re
import sqlite3
from pathlib import Path

import pytest
import sqlite_utils
from hypothesis import given, settings
from hypothesis import strategies as st

from review.exchange import bundle_checks, ownership
from review.store import Store, schema
from sizes import examples

ROOT = Path(__file__).resolve().parent.parent
TRAVELLING_COLUMNS = [(t, c) for t in schema.TRAVELLING for c in schema.TABLES[t].columns if not c.local]


def test_every_travelling_table_names_its_owner_and_every_stored_column_is_declared(tmp_path):
    for name in schema.TRAVELLING:
        assert schema.TABLES[name].owner in schema.OWNERS, f"{name}: who may write its rows?"
    with Store(tmp_path / "r.sqlite") as store:
        for name, table in schema.TABLES.items():
            assert set(store.db[name].columns_dict) == set(table.names), name
        triggers = {r["name"] for r in store.rows("select name from sqlite_master where type = 'trigger'")}
    assert triggers == set(schema.check_triggers())
    assert schema.TABLES["speakers"].column("consent_uses").kind == schema.TEXT_LIST  # what its writer stores


def test_the_bundle_checks_the_take_out_and_the_conflicts_read_the_declaration():
    assert {t: set(c) for t, c in bundle_checks.COLUMNS.items()} == {
        t: set(schema.TABLES[t].travelling) for t in schema.TRAVELLING}
    assert all(declared is schema.TABLES[t].column(c) for t, spec in bundle_checks.SPECS.items()
               for c, declared, _ in spec)
    speakers = schema.TABLES["speakers"]
    assert [c for c in speakers.taken_out(True) if c not in speakers.taken_out(False)] == [
        "display_name", "community", "dialect"]
    assert set(ownership.FIXED) == {"runs", "items", "human_scores", "campaigns", "campaign_terms", "use_decisions",
                                     "verdict_records"}
    assert schema.TABLES["campaigns"].content == ("id", "task", "run_id", "raters_per_item", "settings", "coordinator")
    assert "taken_out" in (ROOT / "review/records/take_out.py").read_text("utf-8")


SHAPES_OF_THEIR_OWN = re.compile(r"must hold a JSON|isinstance\(parsed, (dict|list)\)|\.kind == |kind == \"json\"|"
                                 r"json_type\(|TIMESTAMP = re\.compile|IMMUTABLE = \{|NAMES = \(\"display_name")


def test_no_other_module_reads_a_shape_of_its_own():
    found = [f"{path.relative_to(ROOT)}:{n}" for path in sorted((ROOT / "review").rglob("*.py"))
             if path.name != "schema.py"
             for n, line in enumerate(path.read_text("utf-8").splitlines(), 1) if SHAPES_OF_THEIR_OWN.search(line)]
    assert found == [], "declare the column's kind in review/store/schema.py and read it from there"


values = st.one_of(
    st.none(), st.booleans(), st.integers(-2**62, 2**62), st.sampled_from([2**53 - 1, 2**53, -2**53]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20), st.binary(max_size=4),
    st.sampled_from(["2026-01-31T12:00:00.000000Z", "2026-01-31 12:00:00", "2026-01-31T12:00:00Z", "{}", "[]",
                     '{"a": 1}', '["study"]', '["study", 3]', "[[]]", '"text"', "null", "{", "3", "study", "paper",
                     "create", "degraded", "", "speaker"]),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2).map(lambda d: __import__("json").dumps(d)),
    st.lists(st.text(max_size=3), max_size=3).map(lambda v: __import__("json").dumps(v)))

GOOD = {schema.TEXT: "x", schema.INTEGER: 1, schema.NUMBER: 1.5, schema.JSON: "{}", schema.TEXT_LIST: "[]",
        schema.TIMESTAMP: "2026-01-31T12:00:00.000000Z"}


def _good_row(table: schema.Table) -> dict:
    return {c.name: sorted(table.choices[c.name])[0] if c.name in table.choices else GOOD[c.kind]
            for c in table.columns}


@pytest.fixture(scope="module")
def scratch():
    conn = sqlite3.connect(":memory:", isolation_level=None)
    schema.create_missing(sqlite_utils.Database(conn))
    yield conn
    conn.close()


def _stored(conn, table: str, column: str, value, how: str):
    """Write ``value`` into the column by ``how`` (insert, update); what the database then holds, or the refusal."""
    spec = schema.TABLES[table]
    row = _good_row(spec)
    conn.execute("savepoint probe")
    try:
        if how == "update":
            conn.execute(f"insert into [{table}] ({', '.join(row)}) values ({', '.join('?' * len(row))})", list(row.values()))
            conn.execute(f"update [{table}] set [{column}] = ?", [value])
        else:
            row[column] = value
            conn.execute(f"insert into [{table}] ({', '.join(row)}) values ({', '.join('?' * len(row))})", list(row.values()))
        return ("stored", conn.execute(f"select [{column}] from [{table}]").fetchone()[0])
    except sqlite3.IntegrityError as exc:
        return ("refused", str(exc))
    finally:
        conn.execute("rollback to probe")
        conn.execute("release probe")


def _bundle_problem(table: str, column: schema.Column, value) -> str | None:
    if value is None:
        return None if column.nullable else "is missing"
    problem = schema.value_problem(column, value)
    choices = schema.TABLES[table].choices.get(column.name)
    return problem or (f"not one of {sorted(choices)}" if choices and value not in choices else None)


@settings(max_examples=examples(600), deadline=None)
@given(where=st.sampled_from(TRAVELLING_COLUMNS), value=values, how=st.sampled_from(["insert", "update"]))
def test_what_the_database_stores_is_what_a_bundle_check_accepts(scratch, where, value, how):
    table, column = where
    outcome, held = _stored(scratch, table, column.name, value, how)
    if outcome == "stored":  # it reads back as a value every other laptop accepts
        assert _bundle_problem(table, column, held) is None, (table, column.name, value, held)
    else:  # a value the bundle check accepts is never refused here (NaN is stored by SQLite as no value)
        assert held == f"{table} {column.name}: {schema._declared(column)}"
        nan = isinstance(value, float) and math.isnan(value)
        assert nan or _bundle_problem(table, column, value) is not None, (table, column.name, value)
