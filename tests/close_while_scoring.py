"""Run by tests/test_close_while_working.py in a process of its own (an abort must not take pytest with it): the
app's window scores a large run card, and is closed and deleted while the scoring runs."""
import json, os, sys, time
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
root, db, card = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path.insert(0, root)
from PySide6.QtCore import QCoreApplication, QEvent
from desktop.qt_common import application
from desktop.main_window import MainWindow
app = application()
window = MainWindow(db)
window.show()
window.show_panel(window.score)
window.score.open_path(card)
deadline = time.monotonic() + 60
while not (getattr(window.score, "worker", None) is not None and window.score.worker.isRunning()):
    app.processEvents()
    if time.monotonic() > deadline:
        sys.exit("never started")
time.sleep(0.3)
window.close()
window.deleteLater()
QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)
app.processEvents()
print("closed while scoring", flush=True)
