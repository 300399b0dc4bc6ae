#!/usr/bin/env bash
# Build the offline one-folder bundle dist/lyss/ and dist/lyss-<version>-linux-<arch>.tar.gz.
#   ANALYZERS=DIR  bundle the .hfstol files of DIR (default: the analysers the registry finds, ../shared/fst in development)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
EXTRA=build/bundle-extra
rm -rf "$EXTRA" build/lyss dist/lyss
mkdir -p "$EXTRA/analysers" "$EXTRA/fonts" "$EXTRA/licences" dist

# Debian libraries Qt's xcb platform plugin needs on a desktop (offscreen needs none of them).
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  need=""
  for p in $(awk '!/^#/ && NF {print $1}' desktop/system_libraries.txt) fonts-noto-core; do
    dpkg -s "$p" >/dev/null 2>&1 || need="$need $p"
  done
  if [ -n "$need" ]; then
    apt-get update -qq >/dev/null 2>&1 || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need >/dev/null \
      || echo "warning: could not install$need (the offscreen selftest does not need them)" >&2
  fi
fi
$PY -m pip install --quiet "pyinstaller>=6.5"

# The analysers, each with its sha256; the AGPL text, attribution and where the source is.
$PY - "$EXTRA" <<'PYEOF'
import hashlib, json, os, shutil, sys
from pathlib import Path
from eval_standards import analysers
from eval_standards.cards import available_cards, load_card
extra = Path(sys.argv[1])
chosen = {}
explicit = os.environ.get("ANALYZERS")
if explicit:
    for path in sorted(Path(explicit).glob("*.hfstol")):
        chosen[path.name] = analysers.AnalyserFile(path, path.name.split("-")[0], analysers.kind_of(path.name), "ANALYZERS")
else:
    for code in available_cards():
        if not load_card(code).get("defaultBundle", True):
            continue  # e.g. a non-commercial analyser (ciw): never in the default bundle
        for f in analysers.discover(code):  # what scoring reads: analysers (no metric looks up a generator)
            if f.kind == "analyser" and f.origin != "bundle" and f.problem() is None:
                chosen.setdefault(f.name, f)
if not chosen:
    sys.exit("no analyser found to bundle: set ANALYZERS=DIR (the bundle would fail its selftest)")
manifest = []
for name, f in sorted(chosen.items()):
    shutil.copyfile(f.path, extra / "analysers" / name)
    manifest.append({"file": name, "lang": f.lang, "kind": f.kind, "bytes": f.path.stat().st_size,
                     "sha256": hashlib.sha256(f.path.read_bytes()).hexdigest(), "from": str(f.path)})
    sources = f.path.parent / "SOURCES.md"
    if sources.exists():
        shutil.copyfile(sources, extra / "licences" / f"{f.lang}-analysers-SOURCES.md")
(extra / "analysers" / "MANIFEST.json").write_text(json.dumps(manifest, indent=2))
print(f"bundling {len(manifest)} analysers: {', '.join(m['file'] for m in manifest)}")
PYEOF
cat > "$EXTRA/licences/ANALYSERS-ATTRIBUTION.md" <<'TXT'
# The GiellaLT / ALTLab analysers in this bundle

The Plains Cree (crk) analysers are free software under the GNU Affero General Public License v3.0
(AGPL-3.0.txt beside this file), built by the Alberta Language Technology Lab (ALTLab) from the
GiellaLT lang-crk sources. Attribution (licence section 7(b)):
"© University of Tromsø & the Norwegian Sámi Parliament; © Alberta Language Technology Lab (ALTLab)".

Corresponding source: https://github.com/giellalt/lang-crk (the build recipe and sources of the
analysers); the exact files bundled and their sha256 are in analysers/MANIFEST.json, and their origin
in crk-analysers-SOURCES.md. LYSS Desktop runs them unmodified.
TXT
# The analysers' own licence text (AGPL-3.0 with its section 7(b) term), from ../shared: nothing downloaded.
SHARED="${LYSS_SHARED:-../shared}"
[ -f "$SHARED/fst/LICENSE-lang-crk.txt" ] || { echo "missing $SHARED/fst/LICENSE-lang-crk.txt" >&2; exit 1; }
cp "$SHARED/fst/LICENSE-lang-crk.txt" "$EXTRA/licences/AGPL-3.0.txt"
# Fonts with SRO diacritics and syllabics (SIL Open Font License).
for f in NotoSans-Regular.ttf NotoSans-Bold.ttf NotoSansCanadianAboriginal-Regular.ttf NotoSansCanadianAboriginal-Bold.ttf; do
  if [ -f "/usr/share/fonts/truetype/noto/$f" ]; then cp "/usr/share/fonts/truetype/noto/$f" "$EXTRA/fonts/"; fi
done
[ -f /usr/share/doc/fonts-noto-core/copyright ] && cp /usr/share/doc/fonts-noto-core/copyright "$EXTRA/licences/NOTO-FONTS-OFL.txt"
cp README.md "$EXTRA/licences/LYSS-README.md"

$PY -m PyInstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller packaging/lyss.spec

# Libraries only the plugins left out needed (packaging/prune_libraries.py walks what the rest loads).
$PY packaging/prune_libraries.py dist/lyss | grep -v "^removed "

# Symbols and debug sections out of every shared library (40 MB); code is untouched. Not numpy's
# auditwheel-patched OpenBLAS: stripping it breaks its loading ("ELF load command … not page-aligned").
find dist/lyss -type f -name "*.so*" ! -path "*numpy.libs*" -exec strip --strip-unneeded {} + 2>/dev/null || true
# hfst's own ICU data (26 MB) replaced by an empty package: hfst uses ICU for character properties and case
# mapping only, both compiled into libicuuc; analyses are identical (packaging/README.md). Without a C
# compiler the original stays.
for data in dist/lyss/_internal/hfst.libs/libicudata*.so.*; do
  [ -f "$data" ] || continue
  major=$(basename "$data" | sed -E 's/.*\.so\.([0-9]+).*/\1/')
  if command -v gcc >/dev/null && gcc -shared -fPIC -O2 -DICU_DATA_SYMBOL="icudt${major}_dat" \
       -Wl,-soname,"$(basename "$data")" -o build/icu-stub-data.so packaging/icu_stub_data.c; then
    cp build/icu-stub-data.so "$data"
  else
    echo "note: no C compiler; hfst's ICU data stays ($(du -m "$data" | cut -f1) MB)" >&2
  fi
done

# Qt's ICU data (31 MB) cut to what the app uses (3 MB): packaging/icu_trim.py, with ICU's own icupkg.
command -v icupkg >/dev/null || { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
  (apt-get update -qq >/dev/null 2>&1; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq icu-devtools >/dev/null 2>&1); } || true
for data in dist/lyss/_internal/PySide6/Qt/lib/libicudata.so.*; do
  [ -f "$data" ] && $PY packaging/icu_trim.py "$data"
done

# A sha256 manifest of everything shipped, the size, and the archive.
(cd dist/lyss && find . -type f ! -name SHA256SUMS -print0 | sort -z | xargs -0 sha256sum > SHA256SUMS)
size=$(du -sm dist/lyss | cut -f1)
version=$($PY -c "import scoring; print(scoring.__version__)")
archive="dist/lyss-${version}-linux-$(uname -m).tar.gz"
tar -C dist -czf "$archive" lyss
echo "bundle: dist/lyss (${size} MB unpacked, target ≤ 150 MB); archive: $archive ($(du -m "$archive" | cut -f1) MB)"
