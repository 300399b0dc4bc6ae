"""The packaged executables: ``lyss`` with a command runs the command line, with none the app; the windowed
executable (``LYSS Desktop`` on Windows and inside the macOS .app: any name but ``lyss``) always opens the app,
whatever the system hands it (Finder's ``-psn_…``, a file dropped on it)."""

import multiprocessing
import os
import sys
from pathlib import PurePath


def command(executable: str, arguments: list[str]) -> list[str]:
    """The command line an executable named ``executable``, given ``arguments``, runs."""
    windowed = PurePath(executable.replace("\\", "/")).stem.lower() != "lyss"
    return ["app"] if windowed or not arguments else arguments


if __name__ == "__main__":
    multiprocessing.freeze_support()  # a worker process started by spawn (Windows, macOS) runs its work, not the app
    os.environ.setdefault("LANG", "C.UTF-8")
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and (stream.encoding or "").lower().replace("-", "") != "utf8":
            stream.reconfigure(encoding="utf-8", errors="replace")
    from desktop.cli import main  # after the streams: what it prints is UTF-8 wherever it runs
    sys.exit(main(command(sys.executable, sys.argv[1:])))
