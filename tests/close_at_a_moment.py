"""Run by tests/test_close_while_working.py in a process of its own (an abort must not take pytest with it): a speaker
answers one item, the window starts a sync, a campaign's status or a community report, and is closed ``delay`` seconds
later, whatever is under way. Prints the answer's position, whether work was under way at close ("busy" or "idle"),
then "closed"."""
import os, sys, time
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
root, db, speaker, campaign, kind, delay, pdf = sys.argv[1:8]
sys.path.insert(0, root)
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtTest import QTest
from desktop.qt_common import application
from desktop.background import background_running
from desktop.engine import wait_for_engines
from desktop.main_window import MainWindow
app = application()
window = MainWindow(db)
window.show()
window.review.open_speaker(speaker)
window.review.open_campaign(campaign)
wait_for_engines()  # the session is opened on the engine
page = window.review.items
position = page.position
QTest.keyClick(page, Qt.Key_4)
QTest.keyClick(page, Qt.Key_3)  # both questions: the answer is recorded
print(position, flush=True)
if kind == "sync":
    window.syncer.run()
elif kind == "status":
    window.show_panel(window.campaigns)
    window.campaigns.show_decisions(campaign)
else:
    window.show_panel(window.campaigns)
    panel = window.campaigns
    panel.campaigns.selectRow(panel._ids.index(campaign))
    panel.community_report(pdf)
deadline = time.monotonic() + float(delay)
while time.monotonic() < deadline:
    app.processEvents()
    time.sleep(0.002)
print("busy" if background_running() or window.syncer.busy() else "idle", flush=True)  # work under way at close?
window.close()
window.deleteLater()
QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)
app.processEvents()
print("closed", flush=True)
