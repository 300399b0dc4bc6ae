"""Whether `pip install lyss-desktop` needs a compiler anywhere: for each supported system and Python, pip resolves
the project's dependencies from PyPI with ``--only-binary :all:`` (wheels only) for that platform, and this prints
what it would install, or the requirement that has no wheel there.

    python packaging/wheels_everywhere.py [--extra test]      (needs PyPI: run at install time or in the workflow)

pip evaluates environment markers against the interpreter it runs on, not the target platform: the project's own
markers are evaluated here, for the target, and the requirements that remain handed to pip. A dependency's own
platform markers are still evaluated by pip for this machine (a small pure-Python one, such as colorama on
Windows, may be missing from or extra in the list; it installs from a wheel either way).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
PYTHONS = ("3.11", "3.12", "3.13")
# (name, the pip --platform tags, the marker environment) for each system the communities' laptops run
SYSTEMS = (
    ("Linux x86-64", ["manylinux_2_28_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64"],
     {"sys_platform": "linux", "platform_system": "Linux", "platform_machine": "x86_64", "os_name": "posix"}),
    ("Windows x86-64", ["win_amd64"],
     {"sys_platform": "win32", "platform_system": "Windows", "platform_machine": "AMD64", "os_name": "nt"}),
    ("macOS Apple silicon", ["macosx_14_0_arm64", "macosx_13_0_arm64", "macosx_12_0_arm64", "macosx_11_0_arm64"],
     {"sys_platform": "darwin", "platform_system": "Darwin", "platform_machine": "arm64", "os_name": "posix"}),
    ("macOS Intel", ["macosx_13_0_x86_64", "macosx_12_0_x86_64", "macosx_11_0_x86_64", "macosx_10_15_x86_64",
                     "macosx_10_9_x86_64"],
     {"sys_platform": "darwin", "platform_system": "Darwin", "platform_machine": "x86_64", "os_name": "posix"}),
)


def requirements(extras: list[str], environment: dict[str, str]) -> list[str]:
    """The project's requirements (with ``extras``) whose markers hold in ``environment``, markers removed."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    wanted = list(project["dependencies"]) + [d for e in extras for d in project["optional-dependencies"][e]]
    kept = []
    for line in wanted:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate({**environment, "extra": ""}):
            requirement.marker = None
            kept.append(str(requirement))
    return kept


def resolve(platforms: list[str], python: str, wanted: list[str]) -> tuple[bool, str]:
    """What pip would install for this platform and Python from wheels alone: (True, "n wheels") or (False, why)."""
    with tempfile.TemporaryDirectory() as target:
        command = [sys.executable, "-m", "pip", "install", "--quiet", "--dry-run", "--ignore-installed",
                   "--only-binary", ":all:", "--python-version", python, "--target", target,
                   *(f"--platform={p}" for p in platforms), "--report", "-", *wanted]
        done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if "ERROR" in line or "No matching" in line]
        return False, (lines or done.stderr.strip().splitlines() or ["pip failed"])[-1].strip()
    installed = json.loads(done.stdout)["install"]
    return True, f"{len(installed)} wheels"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--extra", action="append", default=[], help="an optional-dependencies group to add")
    args = parser.parse_args()
    failed = 0
    for name, platforms, environment in SYSTEMS:
        for python in PYTHONS:
            ok, said = resolve(platforms, python, requirements(args.extra, {**environment, "python_version": python}))
            failed += not ok
            print(f"{name:<20} Python {python}: {'wheels only, ' + said if ok else 'NEEDS A COMPILER: ' + said}",
                  flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
