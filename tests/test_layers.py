"""The house rules that a tool can check (docs/architecture.md): no import circle among our modules;
an import inside a function only to defer a heavy or optional module, with its reason on the line;
review/ and desktop/ name no language; desktop/ runs no SQL. The layer contracts themselves are
import-linter's (``lint-imports`` in ``make test``, contracts in pyproject.toml)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from helpers import ROOT

PACKAGES = ("scoring", "eval_standards", "review", "desktop", "bench")


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ours that ``name`` imports (absolute or relative, at any depth)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            modules = [f"{base}.{a.name}" for a in node.names]
            # `from . import keys` names the module keys, not its package (a package may re-export its modules)
            targets = modules if all(m in known for m in modules) else [base, *modules]
        else:
            continue
        out |= {t for t in targets if t in known and t != name}
    return out


def test_no_import_circle():
    modules = _modules()
    graph = {name: _imports(name, path, set(modules)) for name, path in modules.items()}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                raise AssertionError("import circle: " + " → ".join(stack[stack.index(nxt):] + [nxt]))
            if nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)


def test_imports_inside_functions_only_defer_a_heavy_module_and_say_why():
    offenders = []
    for name, path in _modules().items():
        lines = path.read_text("utf-8").splitlines()
        for node in ast.walk(ast.parse("\n".join(lines))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, (ast.Import, ast.ImportFrom)) and \
                            "deferred" not in lines[inner.lineno - 1]:
                        offenders.append(f"{path.relative_to(ROOT)}:{inner.lineno}: {lines[inner.lineno - 1].strip()}")
    assert not offenders, "an import inside a function without '# deferred: reason':\n" + "\n".join(offenders)


def test_review_and_desktop_name_no_language_and_desktop_runs_no_sql():
    language = re.compile(r"\bcree\b|syllabic|\bcrk\b|ojibwe|anishinaabe", re.I)
    sql = re.compile(r"\b(select|insert into|delete from|update \w+ set)\b[^\"']*\b(from|values|where|set)\b", re.I)
    named, queried = [], []
    for package in ("review", "desktop"):
        for path in (ROOT / package).rglob("*.py"):
            for k, line in enumerate(path.read_text("utf-8").splitlines(), 1):
                if language.search(line):
                    named.append(f"{path.relative_to(ROOT)}:{k}: {line.strip()}")
                if package == "desktop" and "i18n" not in path.parts and sql.search(line):
                    queried.append(f"{path.relative_to(ROOT)}:{k}: {line.strip()}")
    assert not named, "a language named outside its pack:\n" + "\n".join(named)
    assert not queried, "SQL in desktop/ (ask review/):\n" + "\n".join(queried)


def test_no_code_outside_review_tasks_chooses_by_a_task():
    """A task's code names it to a coordinator (``--task B``); the code asks the task object instead of choosing
    by which task it is: outside ``review/tasks/`` no ``Pairs.code``-style reference to a task class, no
    ``isinstance`` with one, and no comparison with a task's code. The screenshots script plays a coordinator
    who picks tasks by their codes."""
    from review import tasks
    classes = {type(t).__name__ for t in tasks.tasks().values()}
    codes = set(tasks.tasks())
    found = []
    for name, path in _modules().items():
        if not name.startswith(("review", "desktop")) or name.startswith(("review.tasks", "desktop.screenshots",
                                                                          "desktop.i18n")):
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            named = lambda n: n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else ""  # noqa
            if isinstance(node, ast.Attribute) and node.attr == "code" and named(node.value) in classes:
                found.append(f"{path.name}:{node.lineno} {named(node.value)}.code")
            if isinstance(node, ast.Call) and named(node.func) == "isinstance" and len(node.args) == 2 and \
                    any(named(n) in classes for n in ast.walk(node.args[1])):
                found.append(f"{path.name}:{node.lineno} isinstance with a task class")
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                literals = {s.value for side in sides for s in ast.walk(side) if isinstance(s, ast.Constant)}
                if literals & codes and "task" in ast.unparse(node).lower():
                    found.append(f"{path.name}:{node.lineno} {ast.unparse(node)}")
    assert not found, found


SQL_TEXT = re.compile(r"\b(select\b.+\bfrom|insert\s+(or\s+\w+\s+)?into|update\s+\[?\w+\]?\s+set|delete\s+from|"
                      r"create\s+(temp\s+)?(table|view|index)|json_extract|json_each|begin\s+immediate)\b", re.I | re.S)
DATABASE_CALLS = {"execute", "executemany", "executescript", "rows", "one", "insert", "insert_all", "upsert",
                  "upsert_all", "delete_where", "count_where"}  # a room may group records' writes in the store's
#                   transaction (store.transaction(), store.batch()): the store owns the transactions
DATABASE_ATTRIBUTES = {"db", "conn"}


def _sql_in(path: Path) -> list[str]:
    """The SQL a module holds: string literals that read like SQL, and calls on the store's connection."""
    found = []
    tree = ast.parse(path.read_text("utf-8"))
    docstrings = {id(n.body[0].value) for n in ast.walk(tree) if isinstance(
        n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.body and
        isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings and \
                SQL_TEXT.search(node.value):
            found.append(f"{node.lineno}: SQL text {node.value[:60]!r}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in DATABASE_CALLS and isinstance(node.func.value, (ast.Name, ast.Attribute)) and \
                (getattr(node.func.value, "id", None) in ("store", "db", "conn") or
                 getattr(node.func.value, "attr", None) in ("store", "db", "conn")):
            found.append(f"{node.lineno}: {ast.unparse(node.func)}()")
        elif isinstance(node, ast.Attribute) and node.attr in DATABASE_ATTRIBUTES and \
                getattr(node.value, "id", getattr(node.value, "attr", None)) in ("store", "self"):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Subscript) and getattr(node.value, "id", None) == "db":
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_only_the_records_and_the_store_hold_sql():
    """Every room asks ``review.records`` for rows: no SQL text and no call on the store's connection anywhere in
    review/ outside records/ and store/ (import-linter keeps sqlite3 and sqlite_utils out)."""
    offenders = []
    for path in sorted((ROOT / "review").rglob("*.py")):
        if path.relative_to(ROOT / "review").parts[0] in ("records", "store"):
            continue
        offenders += [f"{path.relative_to(ROOT)}:{where}" for where in _sql_in(path)]
    assert not offenders, f"{len(offenders)} places in review/ outside records/ and store/ reach the database:\n" + \
        "\n".join(offenders)
