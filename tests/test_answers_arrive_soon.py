"""Answers do not wait (issue 43, story 9): a field laptop's app published every 20 answers or at close, so the hub's
counts lagged. Now the app syncs a few seconds after the speaker's last answer (debounced): an answer on the field
laptop shows in the hub app's speaker counts within 10 s, no key pressed on either laptop."""

from __future__ import annotations

from PySide6.QtCore import Qt

from conftest import open_window, start_reviewing
from desktop import sync_runner
from review.exchange import sync
from review.rating import practice
from review.store import Store
from test_gui_sync import field_laptop, forget_the_shared_folder  # noqa: F401 (fixtures)


def _counts(window, cid: str) -> dict[str, str]:
    tab = window.campaigns
    tab.campaigns.selectRow(tab._ids.index(cid))
    tab.show_progress()
    model = tab.progress.model()
    return {model.index(r, 0).data(): model.index(r, 2).data() for r in range(model.rowCount())}


def test_an_answer_reaches_the_hub_apps_counts_within_seconds(qtbot, field_laptop):
    path, hub_path, folder, cid, speaker = field_laptop
    with Store(path) as field:
        sync.sync(field, folder)  # the campaign is on the field laptop, the speaker has done the practice round
        practice.mark_done(field, cid, speaker)
    hub_window = open_window(qtbot, hub_path)
    with qtbot.waitSignal(hub_window.syncer.synced, timeout=30000):
        hub_window.campaigns.choose_shared_folder(str(folder))  # the same folder, as Syncthing would give both
    field_window = open_window(qtbot, path)
    quiet = lambda w: (w.syncer.last or ("",))[0] == "synced" and not w.syncer.busy() and \
        not w.syncer._settle.isActive()  # noqa: E731
    for _ in range(2):  # the syncs at start, and those the folder's changes set off, are over on both laptops
        qtbot.waitUntil(lambda: quiet(field_window) and quiet(hub_window), timeout=30000)
        qtbot.wait(sync_runner.SETTLE_MS + 500)
    page = start_reviewing(qtbot, field_window)
    assert speaker not in _counts(hub_window, cid)
    qtbot.keyClick(page, Qt.Key_4)
    qtbot.keyClick(page, Qt.Key_5)  # one answer saved; nothing else is pressed on either laptop
    qtbot.waitUntil(lambda: _counts(hub_window, cid).get(speaker) == "1", timeout=10_000)  # the bound
