#!/usr/bin/env bash
# The proof: the bundle's selftest with a clean environment and no network, its first window
# offscreen, and its cold-start times.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="$PWD/dist/lyss/lyss"
[ -x "$BIN" ] || { echo "no bundle: run make bundle" >&2; exit 1; }
home=$(mktemp -d)
shot="$PWD/docs/screenshots/bundle-first-window.png"
no_net=""
if unshare -n true 2>/dev/null; then no_net="unshare -n"; else echo "note: unshare -n unavailable; network not cut" >&2; fi
run() { env -i HOME="$home" LANG=C.UTF-8 QT_QPA_PLATFORM=offscreen $no_net "$@"; }
run "$BIN" selftest --gui-screenshot "$shot"
start=$(date +%s.%N); run "$BIN" --version >/dev/null; end=$(date +%s.%N)
echo "cold start: lyss --version $(echo "$end - $start" | bc) s (target < 3 s)"
start=$(date +%s.%N); run "$BIN" selftest >/dev/null 2>&1; end=$(date +%s.%N)
echo "selftest (score demo + review db + study) $(echo "$end - $start" | bc) s"
rm -rf "$home"
