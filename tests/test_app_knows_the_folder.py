"""The app knows the folder and says what the last merge did (issue 43, story 5): a folder set up on the command line
was unknown to the app (choose it again), and "Synchronised at 14:20:15: 0 bundles merged" showed right after it
merged one (the folder's own change set off a second sync seconds later). Now ``lyss review sync`` and ``lyss sync
setup --apply`` record the folder for the app when it has none, and a sync that finds nothing new keeps saying what
the last merge did."""

from __future__ import annotations

from helpers import open_window
from desktop.cli import main
from review.exchange import sync
from review.store import Store
from test_gui_sync import field_laptop  # noqa: F401 (a fixture)


def test_a_folder_synced_on_the_command_line_is_the_apps(qtbot, field_laptop, capsys, tmp_path):
    path, hub_path, folder, cid, speaker = field_laptop
    assert main(["review", "sync", str(folder), "--db", str(path)]) == 0
    assert f"the app syncs {folder} from now on" in capsys.readouterr().out
    other = tmp_path / "other"
    other.mkdir()
    assert main(["review", "sync", str(other), "--db", str(path)]) == 0
    assert "from now on" not in capsys.readouterr().out  # a folder the app has is never replaced
    window = open_window(qtbot, path)
    assert window.syncer.folder == str(folder.resolve())
    assert window.campaigns.shared_folder.text() == f"Shared folder: {folder.resolve()}"


def test_a_sync_that_finds_nothing_new_keeps_saying_what_the_last_merge_did(qtbot, field_laptop):
    path, hub_path, folder, cid, speaker = field_laptop
    window = open_window(qtbot, path)
    tab = window.campaigns
    with qtbot.waitSignal(window.syncer.synced, timeout=30000):
        tab.choose_shared_folder(str(folder))  # the hub's bundle: merged
    qtbot.waitUntil(lambda: not window.syncer.busy())
    merged_line = next(line for line in tab.sync_state.text().splitlines()
                       if "merged" in line).removeprefix("Last merge: ")  # (a quiet sync may follow)
    assert "1 bundle merged (" in merged_line, merged_line
    with Store(path) as field:
        quiet = sync.sync(field, folder)
    assert not quiet.merged
    tab.show_sync(quiet)  # the next sync: nothing new
    text = tab.sync_state.text()
    assert "nothing new" in text and f"Last merge: {merged_line}" in text


def test_syncing_on_the_command_line_loads_no_qt(tmp_path, field_laptop):
    """A command-line sync records the folder in the laptop's database: Qt is never imported on that path."""
    import subprocess
    import sys
    path, _, folder, _, _ = field_laptop
    code = ("import sys; from desktop.cli import main; "
            f"status = main(['review', 'sync', {str(folder)!r}, '--db', {str(path)!r}]); "
            "print('qt' if any(m.startswith('PySide6') for m in sys.modules) else 'no qt', status)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120).stdout
    assert out.splitlines()[-1] == "no qt 0", out
    with Store(path) as field:
        from review.records import shared_folder
        assert shared_folder.chosen(field) == str(folder.resolve())


def test_a_folder_chosen_with_an_earlier_version_is_kept(qtbot, field_laptop):
    """Before, the folder was one of the app's settings: a laptop updated to this version syncs the same folder."""
    from desktop.qt_common import settings
    from desktop.sync_runner import EARLIER_FOLDER_KEY
    path, _, folder, _, _ = field_laptop
    settings().setValue(EARLIER_FOLDER_KEY, str(folder))
    try:
        window = open_window(qtbot, path)
        assert window.syncer.folder == str(folder.resolve())
    finally:
        settings().remove(EARLIER_FOLDER_KEY)
    with Store(path) as field:
        from review.records import shared_folder
        assert shared_folder.chosen(field) == str(folder.resolve())
