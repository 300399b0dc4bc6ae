"""Put translations into a ``.ts`` file from a table (English → translation) — for a translator who
works in a text editor rather than Qt Linguist: ``python desktop/i18n/fill.py lyss_fr.ts table.json``.
Only messages still unfinished are filled; what a translator already wrote is kept."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path


def fill(ts: Path, table: dict[str, str]) -> tuple[int, list[str]]:
    tree = ET.parse(ts)
    filled, missing = 0, []
    for message in tree.getroot().iter("message"):
        source, translation = message.find("source").text or "", message.find("translation")
        if translation.get("type") != "unfinished":
            continue
        if source in table:
            translation.text = table[source]
            del translation.attrib["type"]
            filled += 1
        else:
            missing.append(source)
    tree.write(ts, encoding="utf-8", xml_declaration=True)
    return filled, missing


if __name__ == "__main__":
    done, left = fill(Path(sys.argv[1]), json.loads(Path(sys.argv[2]).read_text("utf-8")))
    print(f"filled {done}; still untranslated: {len(left)}")
    for text in left:
        print(f"  {text!r}")
