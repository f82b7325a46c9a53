"""The five heads as large buttons, with the selected head's one-line summary."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, QSize
from PySide6.QtWidgets import QButtonGroup, QLabel, QPushButton, QVBoxLayout, QWidget

import core
from app.accessibility.choices import KEY_PROPERTY
from app.accessibility.radio_group import one_tab_stop
from app.model.state import AppState
from app.text.wording import fill, head_name, head_summary, translate
from app.ui.binding import bind
from app.ui.flow_row import FlowRow


def summary_html(head: core.Head) -> str:
    return f"<b>{head_name(head.id)}:</b> {head_summary(head.id)}"


class SummaryLabel(QLabel):
    """The selected head's summary. It keeps the height of the longest summary, so that
    switching heads never moves the heatmap below it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: Heights by (width, font). Layouts ask again and again for a few widths,
        #: and measuring five rich-text summaries each time slowed the first paint.
        self._heights: dict[tuple[int, str], int] = {}
        self._probes: list[QLabel] = []  # one hidden label per summary, in our font

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        key = (width, self.font().toString())
        if key not in self._heights:
            if len(self._heights) > 64:  # many window sizes later: start afresh
                self._heights.clear()
            self._heights[key] = max(p.heightForWidth(width) for p in self._probes_in_font())
        return self._heights[key]

    def _probes_in_font(self) -> list[QLabel]:
        if not self._probes:
            for head in core.HEADS.values():
                # Children, never shown: they go when the label goes, not at interpreter
                # teardown (a widget that outlives the application crashes it).
                probe = QLabel(summary_html(head), self)
                probe.hide()
                probe.setWordWrap(True)
                self._probes.append(probe)
        for probe in self._probes:
            if probe.font() != self.font():
                probe.setFont(self.font())
        return self._probes

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(super().minimumSizeHint().width(), self.heightForWidth(self.width()))


class HeadSelector(QWidget):
    """Buttons 1-5 choose the head; the summary says what the chosen head does."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self.buttons: dict[str, QPushButton] = {}
        row = FlowRow(spacing=8)  # wraps onto two lines at large text sizes
        for number, head in enumerate(core.HEADS.values(), start=1):
            button = QPushButton(f"{number}  {head_name(head.id)}")
            button.setCheckable(True)
            key = fill(translate("HeadSelector", "(key %1)"), number)
            button.setToolTip(f"{head_summary(head.id)} {key}")
            # A radio button to screen readers (see app.accessibility.choices), its
            # key in the name and as the key binding.
            button.setAccessibleName(
                fill(translate("HeadSelector", "%1 head, key %2"), head_name(head.id), number)
            )
            button.setProperty(KEY_PROPERTY, str(number))
            button.setAccessibleDescription(head_summary(head.id))
            self.group.addButton(button)
            self.buttons[head.id] = button
            row.addWidget(button)
            button.clicked.connect(lambda _=False, hid=head.id: state.set_head(hid))
        self.summary = SummaryLabel()
        self.summary.setObjectName("summary")
        self.summary.setWordWrap(True)
        # The summary is laid out by the window (full width, under the top row).
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(row)
        bind(self, state, "head_id", self.show_head)
        one_tab_stop(self.group)  # Tab lands on the selected head; arrows choose

    def show_head(self, head_id: str) -> None:
        """Sync the buttons and the summary to ``head_id`` without writing back."""
        button = self.buttons[head_id]
        with QSignalBlocker(button):
            button.setChecked(True)
        head = core.HEADS[head_id]
        self.summary.setText(summary_html(head))
