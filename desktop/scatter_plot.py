"""A scatter plot drawn with Qt's own painter: a metric (x) against a human score (y), a title, axis
labels and round tick values. Every text is drawn as plain text (names come from the database).

It replaces a plotting library that brought OpenGL, SVG and Qt's test module into the offline bundle
(about 12 MB) for this one picture.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

POINT = QColor(27, 158, 119, 160)
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 64, 18, 34, 48


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round values (1, 2 or 5 times a power of ten apart) covering [low, high]."""
    if not (math.isfinite(low) and math.isfinite(high)):
        return []
    if high <= low:
        low, high = low - 0.5, high + 0.5
    raw = (high - low) / max(1, count)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    ticks, k = [], 0
    while first + k * step <= high + step * 1e-9:
        ticks.append(round(first + k * step, 12))
        k += 1
    if ticks[-1] < high:
        ticks.append(round(first + k * step, 12))
    return ticks


def tick_text(value: float) -> str:
    return f"{value:.6g}"


class ScatterPlot(QWidget):
    """Points (x, y) with a title and axis labels; ``clear()`` empties it."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.points: list[tuple[float, float]] = []
        self.title = self.x_label = self.y_label = ""
        self.setMinimumSize(240, 200)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)

    def clear(self) -> None:
        self.points, self.title, self.x_label, self.y_label = [], "", "", ""
        self.update()

    def show_points(self, points, x_label: str, y_label: str, title: str) -> None:
        self.points = [(float(x), float(y)) for x, y in points if math.isfinite(x) and math.isfinite(y)]
        self.x_label, self.y_label, self.title = x_label, y_label, title
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        painter.fillRect(self.rect(), Qt.white)
        area = QRectF(MARGIN_LEFT, MARGIN_TOP, max(1, self.width() - MARGIN_LEFT - MARGIN_RIGHT),
                      max(1, self.height() - MARGIN_TOP - MARGIN_BOTTOM))
        painter.setPen(QPen(Qt.black))
        painter.drawText(QRectF(0, 4, self.width(), MARGIN_TOP - 8), Qt.AlignCenter | Qt.TextSingleLine, self.title)
        painter.drawRect(area)
        if not self.points:
            painter.end()
            return
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        x_ticks, y_ticks = nice_ticks(min(xs), max(xs)), nice_ticks(min(ys), max(ys))
        x0, x1, y0, y1 = x_ticks[0], x_ticks[-1], y_ticks[0], y_ticks[-1]

        def at(x: float, y: float) -> QPointF:
            return QPointF(area.left() + (x - x0) / (x1 - x0) * area.width(),
                           area.bottom() - (y - y0) / (y1 - y0) * area.height())

        grid = QPen(QColor(220, 220, 220))
        for x in x_ticks:
            p = at(x, y0)
            painter.setPen(grid)
            painter.drawLine(QPointF(p.x(), area.top()), QPointF(p.x(), area.bottom()))
            painter.setPen(Qt.black)
            painter.drawText(QRectF(p.x() - 40, area.bottom() + 4, 80, 16), Qt.AlignHCenter | Qt.AlignTop, tick_text(x))
        for y in y_ticks:
            p = at(x0, y)
            painter.setPen(grid)
            painter.drawLine(QPointF(area.left(), p.y()), QPointF(area.right(), p.y()))
            painter.setPen(Qt.black)
            painter.drawText(QRectF(0, p.y() - 8, MARGIN_LEFT - 6, 16), Qt.AlignRight | Qt.AlignVCenter, tick_text(y))
        painter.drawText(QRectF(area.left(), self.height() - 22, area.width(), 18), Qt.AlignCenter | Qt.TextSingleLine,
                         self.x_label)
        painter.save()
        painter.translate(12, area.center().y())
        painter.rotate(-90)
        painter.drawText(QRectF(-area.height() / 2, -8, area.height(), 18), Qt.AlignCenter | Qt.TextSingleLine,
                         self.y_label)
        painter.restore()
        painter.setPen(Qt.NoPen)
        painter.setBrush(POINT)
        for x, y in self.points:
            painter.drawEllipse(at(x, y), 3.5, 3.5)
        painter.end()
