"""The packaged executable: ``lyss`` with a command runs the command line; with none, the app."""

import multiprocessing
import os
import sys

os.environ.setdefault("LANG", "C.UTF-8")
for stream in (sys.stdout, sys.stderr):
    if stream is not None and (stream.encoding or "").lower().replace("-", "") != "utf8":
        stream.reconfigure(encoding="utf-8", errors="replace")

from desktop.cli import main  # noqa: E402

if __name__ == "__main__":
    multiprocessing.freeze_support()  # a worker process started by spawn (Windows, macOS) runs its work, not the app
    sys.exit(main(sys.argv[1:] or ["app"]))
