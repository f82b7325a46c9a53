"""The GPT-2 page's head finder and detector: "find the heads", one button per pattern
that shows the strongest head of that kind on the text; and the selected head against
each pattern, beside that pattern's chance level.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.panels.english.wording import pattern_title
from app.panels.gpt2.wording import detector_note, find_note
from app.panels.learned.heads_section import wrapped_label
from app.text.wording import fill, format_weight, translate
from app.ui.flow_row import FlowRow
from core.gpt2 import PATTERNS, HeadScore


class HeadFinder(QWidget):
    """Four "find" buttons and their answer; ``find_requested(pattern)`` on a press."""

    find_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(translate("GPT2View", "Find the heads"))
        self.buttons: dict[str, QPushButton] = {}
        row = FlowRow(spacing=8)  # wraps at large text instead of widening the page
        for pattern in PATTERNS:
            button = QPushButton(pattern_title(pattern))
            button.setAccessibleName(
                fill(translate("GPT2View", "Find the strongest %1 head"), pattern_title(pattern))
            )
            button.clicked.connect(lambda _=False, p=pattern: self.find_requested.emit(p))
            row.addWidget(button)
            self.buttons[pattern] = button
        self.answer = wrapped_label(name="figure")
        self.answer.setAccessibleName(translate("GPT2View", "The strongest head of that kind"))
        self.answer.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(wrapped_label(find_note()))
        layout.addWidget(row)
        layout.addWidget(self.answer)

    def show_answer(self, text: str) -> None:
        self.answer.setText(text)
        self.answer.show()

    def clear_answer(self) -> None:
        self.answer.hide()


class HeadScores(QWidget):
    """The selected head against each pattern, beside what even attention scores."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(translate("GPT2View", "Head detector"))
        self.verdict = wrapped_label(name="figure")
        self.verdict.setAccessibleName(translate("GPT2View", "What the selected head does"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.verdict)
        layout.addWidget(self._table())
        layout.addWidget(wrapped_label(detector_note(), "summary"))

    def _table(self) -> QWidget:
        table = QWidget()
        grid = QGridLayout(table)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(16)
        headings = (
            translate("GPT2View", "Pattern"),
            translate("GPT2View", "Score on this text"),
            translate("GPT2View", "Even attention"),
        )
        for column, text in enumerate(headings):
            grid.addWidget(wrapped_label(f"<b>{text}</b>"), 0, column)
        #: pattern -> (name, score, chance) labels.
        self.rows: dict[str, tuple[QLabel, QLabel, QLabel]] = {}
        for row, pattern in enumerate(PATTERNS, start=1):
            cells = (wrapped_label(pattern_title(pattern)), QLabel(), QLabel())
            for column, cell in enumerate(cells):
                grid.addWidget(cell, row, column)
            self.rows[pattern] = cells
        grid.setColumnStretch(3, 1)
        return table

    def show_head(self, scores: dict[str, HeadScore | None], verdict: str) -> None:
        """The selected head's score and chance level on each pattern ("–": nothing to
        measure on this text), and what it does in words."""
        for pattern, (name, score, chance) in self.rows.items():
            found = scores[pattern]
            score.setText("–" if found is None else format_weight(found.score))
            chance.setText("–" if found is None else format_weight(found.chance))
            title = pattern_title(pattern)
            name.setText(f"<b>{title}</b>" if found is not None and found.clear else title)
        self.verdict.setText(verdict)
