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
    detector_note,
    kind_name,
    pattern_title,
    verdict,
    where_answer,
)
from app.text.wording import format_weight, translate
from app.ui.flow_layout import FlowLayout
from core.english.analysis import HeadVerdict
from core.english.metrics import KIND_OF, PATTERNS


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
        table = QWidget()
        grid = QGridLayout(table)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(16)
        headings = (
            translate("HeadDetector", "Pattern"),
            translate("HeadDetector", "Held-out score"),
            translate("HeadDetector", "Measured on"),
        )
        for column, text in enumerate(headings):
            grid.addWidget(_label(f"<b>{text}</b>"), 0, column)  # wraps at large text
        #: pattern -> (name, held-out score, kind of text) labels.
        self.rows: dict[str, tuple[QLabel, QLabel, QLabel]] = {}
        for row, pattern in enumerate(PATTERNS, start=1):
            cells = (
                _label(pattern_title(pattern)),
                _label(wrap=False),
                _label(kind_name(KIND_OF[pattern]), wrap=False),
            )
            for column, cell in enumerate(cells):
                grid.addWidget(cell, row, column)
            self.rows[pattern] = cells
        grid.setColumnStretch(3, 1)
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
        finder = FlowLayout(spacing=8)  # wraps at large text sizes instead of widening the page
        finder.setContentsMargins(0, 0, 0, 0)
        finder.addWidget(self.chooser)
        finder.addWidget(self.find_button)
        finder_row = QWidget()
        finder_row.setLayout(finder)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.verdict)
        layout.addWidget(table)
        layout.addWidget(_label(detector_note(), "summary"))
        layout.addWidget(finder_row)
        layout.addWidget(self.answer)

    def show_verdict(self, v: HeadVerdict) -> None:
        """Fill the table with one head's held-out scores and say what it does."""
        named = {pattern for _, pattern, _ in v.jobs}
        for pattern, (name, score, _) in self.rows.items():
            score.setText(format_weight(v.scores[pattern]))
            title = pattern_title(pattern)
            name.setText(f"<b>{title}</b>" if pattern in named else title)
        self.verdict.setText(verdict(v))

    def show_answer(self, pattern: str, ranking: Ranked) -> None:
        """Say which heads of the model come closest to ``pattern`` (best first)."""
        self.answer.setText(where_answer(pattern, ranking))
        self.answer.show()

    def clear_answer(self) -> None:
        self.answer.hide()
