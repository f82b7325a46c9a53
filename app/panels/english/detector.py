"""The head detector: how well one head of the English model fits each constructed pattern.

A table of five rows (one per constructed head) with the score on the learner's
sentence and the mean over the fixed probe texts, the verdict in words, and a
chooser that asks where a constructed head is in the real model.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import core
from app.model.english_results import Ranked
from app.panels.english.wording import detector_note, score_text, verdict, where_answer
from app.text.wording import head_name, translate
from app.ui.flow_layout import FlowLayout
from core.english.analysis import HeadDetection


def _label(text: str = "", name: str | None = None, wrap: bool = True) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(wrap)
    if name:
        label.setObjectName(name)
    return label


class DetectorPanel(QWidget):
    """The selected head's scores against the five patterns, and the 'where is it' search.

    ``find_requested(head_id)`` when the learner asks where a constructed head is.
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
            translate("HeadDetector", "Your sentence"),
            translate("HeadDetector", "Probe texts"),
        )
        for column, text in enumerate(headings):
            grid.addWidget(_label(f"<b>{text}</b>"), 0, column)  # wraps at large text
        #: head id -> (name, score on the sentence, mean over the probe texts) labels.
        self.rows: dict[str, tuple[QLabel, QLabel, QLabel]] = {}
        for row, head in enumerate(core.HEADS.values(), start=1):
            cells = (_label(head_name(head.id)), _label(wrap=False), _label(wrap=False))
            for column, cell in enumerate(cells):
                grid.addWidget(cell, row, column)
            self.rows[head.id] = cells
        grid.setColumnStretch(3, 1)
        self.chooser = QComboBox()
        self.chooser.setAccessibleName(translate("HeadDetector", "Constructed head to look for"))
        for head in core.HEADS.values():
            self.chooser.addItem(head_name(head.id), head.id)
        self.find_button = QPushButton(translate("HeadDetector", "Where is it in this model?"))
        self.find_button.clicked.connect(
            lambda: self.find_requested.emit(self.chooser.currentData())
        )
        self.answer = _label()
        self.answer.setAccessibleName(
            translate("HeadDetector", "Where the constructed head is in this model")
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

    def show_detection(self, detection: HeadDetection) -> None:
        """Fill the table with one head's scores and name what it looks like."""
        match = detection.match
        for head_id, (name, here, probes) in self.rows.items():
            here.setText(score_text(detection.sentence[head_id]))
            probes.setText(score_text(detection.probes[head_id]))
            best = match is not None and match[0] == head_id
            name.setText(f"<b>{head_name(head_id)}</b>" if best else head_name(head_id))
        self.verdict.setText(verdict(detection))

    def show_answer(self, head_id: str, ranking: Sequence[Ranked]) -> None:
        """Say which heads of the model come closest to ``head_id`` (best first)."""
        self.answer.setText(where_answer(head_id, ranking))
        self.answer.show()

    def clear_answer(self) -> None:
        self.answer.hide()
