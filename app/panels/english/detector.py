"""The head detector: how well one head of the English model fits each pattern.

A table of six rows (the five constructed heads and the current token) with the
head's score on held-out text and the kind of text it was read on, the verdict in
words (from the same scores), and a chooser that asks where a pattern is in the model.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.model.english_results import Ranked
from app.panels.english.wording import (
    chance_cell,
    detector_note,
    kind_name,
    not_formed_cell,
    pattern_title,
    verdict,
    where_answer,
)
from app.text.wording import format_weight, translate
from app.ui.flow_row import FlowRow
from core.english.analysis import HeadVerdict
from core.english.metrics import KIND_OF, PATTERNS
from core.english.summary import Formation


def _label(text: str = "", name: str | None = None, wrap: bool = True) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(wrap)
    if name:
        label.setObjectName(name)
    return label


class DetectorPanel(QWidget):
    """The selected head's held-out scores against the patterns, and the 'where is it' search.

    ``find_requested(pattern)`` when the learner asks where a pattern is in the model.
    """

    find_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(translate("HeadDetector", "Head detector"))
        self.verdict = _label(name="figure")
        self.verdict.setAccessibleName(
            translate("HeadDetector", "What the selected head looks like")
        )
        table = self._table()
        self.chooser = QComboBox()
        self.chooser.setAccessibleName(translate("HeadDetector", "Pattern to look for"))
        for pattern in PATTERNS:
            self.chooser.addItem(pattern_title(pattern), pattern)
        self.find_button = QPushButton(translate("HeadDetector", "Where is it in this model?"))
        self.find_button.clicked.connect(
            lambda: self.find_requested.emit(self.chooser.currentData())
        )
        self.answer = _label()
        self.answer.setAccessibleName(
            translate("HeadDetector", "Where the pattern is in this model")
        )
        self.answer.hide()
        finder_row = FlowRow(spacing=8)  # wraps at large text instead of widening the page
        finder_row.addWidget(self.chooser)
        finder_row.addWidget(self.find_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.verdict)
        layout.addWidget(table)
        layout.addWidget(_label(detector_note(), "summary"))
        layout.addWidget(finder_row)
        layout.addWidget(self.answer)

    def _table(self) -> QWidget:
        """The table of patterns: held-out score, even attention's, the text it is read on,
        and whether the pattern formed in the model at all."""
        table = QWidget()
        grid = QGridLayout(table)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(16)
        headings = (
            translate("HeadDetector", "Pattern"),
            translate("HeadDetector", "Held-out score"),
            translate("HeadDetector", "Even attention"),
            translate("HeadDetector", "Measured on"),
        )
        for column, text in enumerate(headings):
            grid.addWidget(_label(f"<b>{text}</b>"), 0, column)  # wraps at large text
        #: pattern -> (name, held-out score, even attention's score, kind of text) labels.
        self.rows: dict[str, tuple[QLabel, QLabel, QLabel, QLabel]] = {}
        #: pattern -> the note that no head of the model does it (hidden when one does).
        self.not_formed: dict[str, QLabel] = {}
        for row, pattern in enumerate(PATTERNS, start=1):
            cells = (
                _label(pattern_title(pattern)),
                _label(wrap=False),
                _label(wrap=False),
                _label(kind_name(KIND_OF[pattern]), wrap=False),
            )
            for column, cell in enumerate(cells):
                grid.addWidget(cell, row, column)
            self.rows[pattern] = cells
            note = _label(name="summary")
            note.hide()
            grid.addWidget(note, row, len(cells))
            self.not_formed[pattern] = note
        grid.setColumnStretch(len(headings), 1)
        return table

    def show_verdict(self, v: HeadVerdict) -> None:
        """Fill the table with one head's held-out scores and say what it does."""
        named = {pattern for _, pattern, _ in v.jobs}
        for pattern, (name, score, chance, _) in self.rows.items():
            score.setText(format_weight(v.scores[pattern]))
            chance.setText(chance_cell(v.chance.get(pattern)))
            title = pattern_title(pattern)
            name.setText(f"<b>{title}</b>" if pattern in named else title)
        self.verdict.setText(verdict(v))

    def show_formations(self, formations: tuple[Formation, ...]) -> None:
        """Beside each pattern no head of the model does clearly: that it did not form, with
        the best head's score and even attention's."""
        missing = {f.head_id: f for f in formations if not f.formed}
        for pattern, note in self.not_formed.items():
            formation = missing.get(pattern)
            note.setVisible(formation is not None)
            if formation is not None:
                note.setText(not_formed_cell(formation))

    def show_answer(self, pattern: str, ranking: Ranked) -> None:
        """Say which heads of the model come closest to ``pattern`` (best first)."""
        self.answer.setText(where_answer(pattern, ranking))
        self.answer.show()

    def clear_answer(self) -> None:
        self.answer.hide()
