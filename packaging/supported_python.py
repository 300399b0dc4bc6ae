"""Refuse an unsupported Python in one line naming the supported ones, before anything is installed:

    python3 packaging/supported_python.py       (make install runs it with $(PYTHON); exit 2 when unsupported)

The range is the project's `requires-python` (pyproject.toml), read here with no third-party module and in syntax old
Pythons still parse, so that an old Python reaches the sentence instead of a traceback.
"""

import re
import sys
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def supported(requires: str):
    """(lowest, highest) minor versions of Python 3 allowed by a ``>=3.A,<3.B`` requirement."""
    low = re.search(r">=\s*3\.(\d+)", requires)
    below = re.search(r"<\s*3\.(\d+)", requires)
    return int(low.group(1)), int(below.group(1)) - 1


def refusal(version, requires):
    """The line saying ``version`` ((major, minor)) is not supported, or None when it is."""
    low, high = supported(requires)
    if version[0] == 3 and low <= version[1] <= high:
        return None
    names = ", ".join("3.%d" % minor for minor in range(low, high)) + " or 3.%d" % high
    return ("LYSS Desktop needs Python %s; this is Python %d.%d (install one of them and run: make install "
            "PYTHON=python3.%d)" % (names, version[0], version[1], high))


def requires_python():
    return re.search(r'^requires-python\s*=\s*"([^"]+)"', PYPROJECT.read_text(encoding="utf-8"), re.M).group(1)


if __name__ == "__main__":
    said = refusal(sys.version_info[:2], requires_python())
    if said:
        print(said, file=sys.stderr)
        sys.exit(2)
