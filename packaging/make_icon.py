"""Draw the app's icon, ``desktop/icons/lyss.png`` (512 × 512), with Qt: run once when the design changes, and commit
the picture. The build turns it into Windows' .ico and macOS' .icns (PyInstaller, with Pillow); the app sets it as
its window icon.

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/make_icon.py
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPainterPath, QPen

SIZE = 512
OUT = Path(__file__).resolve().parents[1] / "desktop" / "icons" / "lyss.png"


def draw() -> QImage:
    """A rounded square in deep teal, a paper-white sheet with two lines of text, and a check mark: a translation
    looked at and judged."""
    image = QImage(SIZE, SIZE, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#0f5257"))
    p.drawRoundedRect(QRectF(16, 16, SIZE - 32, SIZE - 32), 96, 96)
    p.setBrush(QColor("#fbf8f0"))
    p.drawRoundedRect(QRectF(104, 88, 304, 336), 28, 28)
    p.setPen(QPen(QColor("#9aa5a6"), 18, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    for y, width in ((168, 224), (224, 176), (280, 200)):
        p.drawLine(148, y, 148 + width, y)
    mark = QPainterPath()
    mark.moveTo(250, 350)
    mark.lineTo(306, 402)
    mark.lineTo(420, 262)
    p.setPen(QPen(QColor("#e07a1f"), 44, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(mark)
    p.end()
    return image


if __name__ == "__main__":
    app = QGuiApplication([])
    OUT.parent.mkdir(parents=True, exist_ok=True)
    draw().save(str(OUT))
    print(f"wrote {OUT}")
