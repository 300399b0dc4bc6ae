"""The study's scatter plot, drawn with Qt's painter: round ticks, every point drawn where it belongs,
names shown as the plain text they are."""

from __future__ import annotations

from PySide6.QtGui import QColor

from desktop.scatter_plot import MARGIN_BOTTOM, MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, ScatterPlot, nice_ticks


def test_ticks_are_round_and_cover_the_values():
    assert nice_ticks(0.13, 0.92) == [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
    assert nice_ticks(1, 5) == [1, 2, 3, 4, 5]
    assert nice_ticks(-37, 212) == [-50, 0, 50, 100, 150, 200, 250]
    same = nice_ticks(3, 3)
    assert len(same) >= 2 and same[0] < 3 < same[-1]
    assert nice_ticks(float("nan"), 1) == []


def _greenish(color: QColor) -> bool:
    return color.green() > color.red() + 40 and color.green() > color.blue()


def test_points_are_drawn_where_they_belong_and_names_stay_text(qtbot):
    plot = ScatterPlot()
    qtbot.addWidget(plot)
    plot.resize(400, 300)
    title = "<b>composite</b> vs <i>adequacy</i>: Pearson 0.5"
    plot.show_points([(0.0, 0.0), (1.0, 1.0), (float("nan"), 2.0)], "<b>composite</b>", "adequacy", title)
    assert plot.points == [(0.0, 0.0), (1.0, 1.0)] and plot.title == title  # no markup interpreted or dropped
    image = plot.grab().toImage()
    width, height = 400 - MARGIN_LEFT - MARGIN_RIGHT, 300 - MARGIN_TOP - MARGIN_BOTTOM
    corners = [(MARGIN_LEFT, MARGIN_TOP + height), (MARGIN_LEFT + width, MARGIN_TOP)]  # (0, 0) and (1, 1)
    for x, y in corners:
        assert _greenish(image.pixelColor(x, y) if x < 400 else image.pixelColor(x - 1, y)) or \
            _greenish(image.pixelColor(min(x + 1, 399), max(y - 1, 0)))
    middle = image.pixelColor(MARGIN_LEFT + width // 2, MARGIN_TOP + height // 2)
    assert not _greenish(middle)  # no point at (0.5, 0.5)
    plot.clear()
    assert plot.points == [] and not _greenish(plot.grab().toImage().pixelColor(MARGIN_LEFT, MARGIN_TOP + height))
