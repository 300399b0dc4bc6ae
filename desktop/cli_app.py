"""``lyss app``: the desktop application (also what the packaged executable runs with no arguments)."""

from __future__ import annotations

import os
import sys


def register(sub) -> None:
    p = sub.add_parser("app", help="the desktop app: speaker review, scoring view, campaigns, study")
    p.add_argument("--db", help="the review database (default: the last one used)")
    p.add_argument("run", nargs="?", metavar="RUN", help="a run card to open in the scoring view")
    p.add_argument("--quit-when-shown", action="store_true",
                   help="draw the first window, then quit (to time the app's start)")
    p.set_defaults(func=run)


def run(args) -> int:
    from .system_libraries import check_desktop  # deferred: only the app needs it (ctypes, the list)
    check_desktop()  # a missing library is one line, not Qt's abort
    from .main_window import MainWindow  # deferred: Qt loads only for the app, not for the other commands
    from .qt_common import application  # deferred: the same
    from .background import background_running  # deferred: the same

    app = application()
    window = MainWindow(args.db)
    window.show()
    if args.run:
        window.show_panel(window.score)
        window.score.open_path(args.run)
    if args.quit_when_shown:
        app.processEvents()
        window.repaint()  # drawn now, not when the event loop gets to it
        window.close()
        return 0
    code = app.exec()
    if background_running():  # a worker outlived the wait at close: end without destroying it (Qt would abort)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)  # every answer was on disk before any worker started
    return code

