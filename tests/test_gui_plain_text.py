"""Data is text, never markup: an MT output, a source, a speaker's name or a run name holding
``<img src=FILE>`` is shown literally, and the app never opens FILE (watched with inotify)."""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import os
import sys

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import Qt  # noqa: E402

from helpers import moves_done  # noqa: E402
from PySide6.QtWidgets import QLabel  # noqa: E402

from review.rating import campaigns, practice  # noqa: E402

from review import records  # noqa: E402
from review.store import Store  # noqa: E402

IN_ACCESS, IN_OPEN, IN_NONBLOCK = 0x1, 0x20, 0o4000


class FileWatch:
    """Linux inotify on one folder: did anything open or read a file in it?"""

    def __init__(self, folder):
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        self.fd = libc.inotify_init1(IN_NONBLOCK)
        if self.fd < 0 or libc.inotify_add_watch(self.fd, str(folder).encode(), IN_OPEN | IN_ACCESS) < 0:
            pytest.skip("inotify is not available")

    def touched(self) -> bool:
        try:
            return bool(os.read(self.fd, 4096))
        except BlockingIOError:
            return False

    def close(self):
        os.close(self.fd)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")
def test_markup_in_data_is_shown_as_text_and_opens_no_file(qtbot, qapp, tmp_path, scored_demo):
    from PySide6.QtGui import QImage

    from desktop.main_window import MainWindow

    secret_dir = tmp_path / "secret"
    secret_dir.mkdir()
    image = secret_dir / "private.png"
    QImage(4, 4, QImage.Format_RGB32).save(str(image))
    payload = f'<img src="{image}"><b>bold</b>'

    scored = json.loads(scored_demo.read_text("utf-8"))
    scored["model_slug"] = payload
    for entry in scored["entries"]:
        entry["predicted"] = f"{payload} {entry['predicted']}"
        entry["source"] = f"{payload} {entry['source']}"
        entry["id"] = f"{entry['id']}{payload}"
    card = tmp_path / "markup-scored.json"
    card.write_text(json.dumps(scored, ensure_ascii=False), "utf-8")
    db = tmp_path / "r.sqlite"
    with Store(db) as store:
        cid = campaigns.create_campaign(store, scored, "A", items=5, name=payload)
        practice.mark_done(store, cid, records.speakers.add_speaker(store, payload, "LYSS study"))

    watch = FileWatch(secret_dir)
    window = MainWindow(str(db))
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    review = window.review
    review.sign_in.refresh()
    qtbot.keyClick(review.sign_in.list, Qt.Key_Return)  # the speaker named with markup
    assert payload in review.campaigns.title.text()
    review.open_campaign(cid)
    moves_done()  # the session opened on the engine
    page = review.items
    assert payload in page.first.text() and payload in page.second.text()
    window.show_panel(window.score)
    window.score.open_path(str(card))
    window.score.table.selectRow(0)
    assert payload in window.score.stage.text()  # the run name, literally
    assert "<img" not in window.score.detail.toHtml().replace("&lt;img", "")
    window.show_panel(window.campaigns)
    window.campaigns.refresh()
    for _ in range(5):
        qapp.processEvents()
        window.grab()  # paint every visible widget
    for label in window.findChildren(QLabel):
        assert label.textFormat() == Qt.PlainText, label.text()
    assert not watch.touched(), "the app opened a file named inside the data"
    watch.close()
    window.close()
