"""The Qt binding keeps Python's books: PySide6 6.12.0 on Python 3.11 dropped a reference to None on every
call returning nothing, so a long review session (or test run) ended in "Fatal Python error: none_dealloc".
pyproject.toml keeps such a release out; this test catches the next one."""

from __future__ import annotations

import gc
import sys


def test_qt_calls_leave_none_alone(qapp):
    from PySide6.QtWidgets import QLabel
    label = QLabel("x")
    gc.collect()
    before = sys.getrefcount(None)
    for k in range(2000):
        label.setText(f"item {k}")
        label.update()
    gc.collect()
    assert abs(sys.getrefcount(None) - before) < 200
