"""The head detector: how well one head of the English model fits each constructed pattern.

A table of five rows (one per constructed head) with the score on the learner's
sentence and the mean over the fixed probe texts, the verdict in words, and a
chooser that asks where a constructed head is in the real model.
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

import core
from core.english.analysis import CLEAR_MATCH, HeadDetection, head_label

from ...flow_layout import FlowLayout
from ...wording import head_name

#: One head in a ranking: layer, head, score on the sentence, mean score on the probe texts.
Ranked = tuple[int, int, "float | None", float]

FIND_TEXT = "Where is it in this model?"
DETECTOR_NOTE = (
    f"Each score is the share of the head's attention that lands where the constructed head "
    f"would look (for Broad: how evenly it spreads), from 0 to 1. A head is named after a "
    f"pattern from {CLEAR_MATCH:.1f} up; below that it has no clear pattern. A dash: the "
    "sentence has nothing to score that pattern on (no repeated word, say)."
)


def score_text(score: float | None) -> str:
    """'0.87', or a dash where the pattern has no cell to score."""
    return "–" if score is None else f"{score:.2f}"


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
        self.setAccessibleName("Head detector")
        self.verdict = _label(name="figure")
        self.verdict.setAccessibleName("What the selected head looks like")
        table = QWidget()
        grid = QGridLayout(table)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(16)
        for column, text in enumerate(("Pattern", "Your sentence", "Probe texts")):
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
        self.chooser.setAccessibleName("Constructed head to look for")
        for head in core.HEADS.values():
            self.chooser.addItem(head_name(head.id), head.id)
        self.find_button = QPushButton(FIND_TEXT)
        self.find_button.clicked.connect(
            lambda: self.find_requested.emit(self.chooser.currentData())
        )
        self.answer = _label()
        self.answer.setAccessibleName("Where the constructed head is in this model")
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
        layout.addWidget(_label(DETECTOR_NOTE, "summary"))
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
        probe = detection.probe_match
        on_probes = (
            f"On the probe texts: {head_name(probe[0]).lower()}, {probe[1]:.2f}."
            if probe
            else "On the probe texts: no clear pattern."
        )
        verdict = detection.describe()
        self.verdict.setText(f"{verdict[:1].upper()}{verdict[1:]}. {on_probes}")

    def show_answer(
        self, head_id: str, ranking: list[tuple[int, int, float | None, float]]
    ) -> None:
        """Say which heads of the model come closest to ``head_id`` (best first)."""
        name = head_name(head_id)
        layer, head, here, probes = ranking[0]
        closest = f"{head_label(layer, head)} ({probes:.2f} on the probe texts, " + (
            f"{here:.2f} on your sentence)" if here is not None else "nothing to score here)"
        )
        if probes >= CLEAR_MATCH:
            text = f"{name}: the best match is {closest}. It is shown large above."
        else:
            text = (
                f"{name}: no head of this model does it clearly. The closest is {closest}, "
                "shown large above."
            )
        runner_up = ranking[1] if len(ranking) > 1 else None
        if runner_up is not None:
            text += f" Next: {head_label(runner_up[0], runner_up[1])}, {runner_up[3]:.2f}."
        self.answer.setText(text)
        self.answer.show()

    def clear_answer(self) -> None:
        self.answer.hide()
