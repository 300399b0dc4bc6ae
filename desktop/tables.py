"""The tables of the coordinator's and the researcher's tabs: rows of plain values in a read-only model, each column
as wide as it needs within the room there is."""


from __future__ import annotations


from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtWidgets import QTableView




class RowsModel(QAbstractTableModel):
    """A read-only table of rows (Qt model/view): numbers shown to 4 decimals, None as a dash."""

    def __init__(self):
        super().__init__()
        self.headers: list[str] = []
        self.rows: list[list] = []

    def set(self, headers: list[str], rows: list[list]) -> None:
        self.beginResetModel()
        self.headers, self.rows = headers, rows
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return len(self.headers)

    def data(self, index, role=Qt.DisplayRole):
        if role != Qt.DisplayRole:  # no tooltip: Qt would read a text that looks like markup as markup
            return None
        value = self.rows[index.row()][index.column()]
        return f"{value:.4f}" if isinstance(value, float) else ("—" if value is None else str(value))

    def headerData(self, section, orientation, role=Qt.DisplayRole):  # noqa: N802
        if role == Qt.DisplayRole and orientation == Qt.Horizontal:
            return self.headers[section]
        return None


def table_view() -> QTableView:
    view = QTableView()
    view.setModel(RowsModel())
    view.setSelectionBehavior(QTableView.SelectRows)
    view.setSelectionMode(QTableView.SingleSelection)
    view.horizontalHeader().setStretchLastSection(True)
    return view


def number_text(value) -> str:
    """A statistic as text; a statistic that could not be computed is a dash, never an error."""
    return "—" if value is None else f"{value:.3f}"


def fill_table(view: QTableView, headers: list[str], rows: list[list]) -> None:
    """Rows into a table, each column as wide as its contents but none wider than half the table (a campaign's long
    name is cut with "…", and the columns after it — items, answered, of — stay in sight)."""
    view.model().set(headers, rows)
    view.resizeColumnsToContents()
    shown = view.viewport().width()
    widths = [view.columnWidth(c) for c in range(len(headers))]
    widest = _widest_column(widths, shown) if view.isVisible() and shown > 200 else 320  # hidden: its size is not yet
    for column, width in enumerate(widths[:-1]):
        if width > widest:
            view.setColumnWidth(column, widest)


def _widest_column(widths: list[int], room: int) -> int:
    """The width no column may pass for all of them to fit in ``room`` (the narrow ones keep theirs; the wide ones
    share what is left), never under 80 pixels nor over half the room."""
    low, high = 80, max(80, room // 2)
    while low < high:  # the largest cap at which the columns fit
        cap = (low + high + 1) // 2
        if sum(min(w, cap) for w in widths) <= room:
            low = cap
        else:
            high = cap - 1
    return low
