"""The app's pages stay small and never wait (issue 69): each module of the faces holds one page or one family of
verbs, in 500 lines at most; no page waits for a thread with a timeout (a window that waits answers no key)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FACES = sorted((ROOT / "desktop").glob("*.py"))
LONGEST = 500
PAGE_BASES = {"QWidget", "QDialog", "QMainWindow", "QStackedWidget", "QPlainTextEdit", "QTextBrowser", "QFrame"}


def _defines_a_page(path: Path) -> bool:
    tree = ast.parse(path.read_text("utf-8"))
    return any(isinstance(node, ast.ClassDef) and any(getattr(base, "id", None) in PAGE_BASES for base in node.bases)
               for node in tree.body)


def test_no_module_of_the_faces_is_over_500_lines():
    long = {p.name: n for p in FACES if (n := len(p.read_text("utf-8").splitlines())) > LONGEST}
    assert not long, f"split by page or by family of verbs: {long}"


def test_no_page_waits_for_a_thread_with_a_timeout():
    pages = [p for p in FACES if _defines_a_page(p)]
    assert {"item_page.py", "review_panel.py", "campaign_panel.py", "study_panel.py"} <= {p.name for p in pages}
    waits = {p.name: line for p in pages for line in p.read_text("utf-8").splitlines()
             if re.search(r"\.wait\(\s*[^)\s]", line)}
    assert not waits, waits
