"""Two layers make an induction head: a walk-through on the current sentence and query.

Five steps, moved with Next / Back (or PageDown / PageUp, as a presentation
clicker sends): the problem, layer 1, layer 2, the agreement with the one-rule
head, and why the causal mask lets a model keep a KV cache. The last step adds
the sentence's tokens one at a time, on a timer or with each Next press.

The step and the tokens arrived are session state; the story is the controller's
(``PageResults.story``). The words are in ``story.words``, the picture in
``story.canvas`` and ``story.painting``.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from app.model.page_results import PageResults
from app.model.results import AttentionResult
from app.model.state import STORY_FIELDS, AppState
from app.panels.story.canvas import StoryCanvas
from app.panels.story.words import STEP_COUNT, frame_status, step_text, step_title
from app.text.wording import fill, translate
from app.ui.binding import listen
from app.ui.theme import Theme
from core.induction_story import InductionStory

#: How long each new token stays before the next arrives in the last step.
FRAME_MS = 900
PAGE_KEYS = (Qt.Key.Key_PageDown, Qt.Key.Key_PageUp)


class InductionStoryView(QWidget):
    """Step-by-step: how a previous-token head and a matching head make an induction head."""

    def __init__(
        self, state: AppState, results: PageResults, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._state = state
        self._results = results
        self._result: AttentionResult | None = None
        self.story: InductionStory | None = None
        # The step and the tokens arrived live in the state: a session reset restores them.
        listen(self, state.changed, self._on_state_changed)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(translate("InductionStory", "Two layers make an induction head"))

        self.timer = QTimer(self)
        self.timer.setInterval(FRAME_MS)
        self.timer.timeout.connect(self._on_tick)

        self.canvas = StoryCanvas(state)
        self.canvas.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.canvas.setFocusProxy(self)  # a tap on the picture lets PageDown reach us
        nav, status_row = self._build_nav(), self._build_texts()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(8)
        layout.addLayout(nav)
        for widget in (self.title, self.text, self.note):
            layout.addWidget(widget)
        layout.addLayout(status_row)
        layout.addWidget(self.canvas)
        layout.addStretch(1)

    def _build_nav(self) -> QHBoxLayout:
        """Back, the step count and Next; Replay, which sits by the last step's status."""
        self.back_button = QPushButton(translate("InductionStory", "◀ Back"))
        self.next_button = QPushButton(translate("InductionStory", "Next ▶"))
        self.play_button = QPushButton(translate("InductionStory", "↻ Replay"))
        self.back_button.setAccessibleName(translate("InductionStory", "Previous step"))
        self.next_button.setAccessibleName(translate("InductionStory", "Next step"))
        self.play_button.setAccessibleName(
            translate("InductionStory", "Add the tokens again, one at a time")
        )
        self.back_button.clicked.connect(self.previous_step)
        self.next_button.clicked.connect(self.next_step)
        self.play_button.clicked.connect(self.replay)
        self.progress = QLabel()
        self.progress.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.progress.setObjectName("summary")
        # The label gives way first, so the row never pushes the panel wider.
        self.progress.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        nav = QHBoxLayout()
        nav.addWidget(self.back_button)
        nav.addWidget(self.progress, 1)
        nav.addWidget(self.next_button)
        return nav

    def _build_texts(self) -> QHBoxLayout:
        """The step's title, text and note; returns the status row (status and Replay)."""
        self.title = QLabel()
        self.title.setObjectName("figure")
        self.title.setWordWrap(True)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.note = QLabel()
        self.note.setObjectName("summary")
        self.note.setWordWrap(True)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.RichText)
        status_row = QHBoxLayout()
        status_row.addWidget(self.status, 1)
        status_row.addWidget(self.play_button, 0, Qt.AlignmentFlag.AlignTop)
        return status_row

    # -- stepping ------------------------------------------------------------------------

    @property
    def step(self) -> int:
        """The step shown, from 0 to ``step_count - 1``."""
        return self._step

    @property
    def step_count(self) -> int:
        return STEP_COUNT

    @property
    def length(self) -> int:
        """In the last step: how many tokens have arrived so far."""
        return self._length

    def _n(self) -> int:
        return len(self.story.tokens) if self.story is not None else 1

    @property
    def _step(self) -> int:
        return self._state.story_step

    @property
    def _length(self) -> int:
        return self._state.story_length

    def _move(self, step: int, length: int) -> None:
        """Go to ``step`` with ``length`` tokens arrived; the state's change redraws."""
        self._state.set_story_position(step, length)

    def _on_state_changed(self, names: frozenset[str]) -> None:
        if names & STORY_FIELDS:
            if self._state.story_step != self.step_count - 1:
                self.timer.stop()  # the animation belongs to the last step
            self._refresh()

    def next_step(self) -> None:
        """Forward: the next step, or in the last step the next token."""
        last = self.step_count - 1
        if self._step == last and self._length < self._n():
            self.timer.stop()
            self._move(last, self._length + 1)
        elif self._step < last:
            step = self._step + 1
            self._move(step, 1 if step == last else self._length)
            if step == last:
                self.timer.start()

    def previous_step(self) -> None:
        """Back: in the last step one token fewer, else the step before."""
        self.timer.stop()
        if self._step == self.step_count - 1 and self._length > 1:
            self._move(self._step, self._length - 1)
        elif self._step > 0:
            self._move(self._step - 1, self._length)

    def step_by(self, delta: int) -> None:
        """``delta`` presses of Next (positive) or Back (negative); the window's clicker uses it."""
        for _ in range(abs(delta)):
            self.next_step() if delta > 0 else self.previous_step()

    def hideEvent(self, event) -> None:  # noqa: N802
        self.timer.stop()  # no animation runs unseen; Replay starts it again
        super().hideEvent(event)

    def replay(self) -> None:
        """Start the last step's tokens again from the first, on the timer."""
        self._move(self.step_count - 1, 1)
        self.timer.start()

    def _on_tick(self) -> None:
        if self._length < self._n():
            self._move(self._step, self._length + 1)
        if self._length >= self._n():
            self.timer.stop()

    # -- keys ------------------------------------------------------------------------------

    def event(self, event) -> bool:
        # The window binds PageDown / PageUp as shortcuts; while we have focus they are ours.
        if event.type() == QEvent.Type.ShortcutOverride and event.key() in PAGE_KEYS:
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_PageDown:
            self.next_step()
        elif event.key() == Qt.Key.Key_PageUp:
            self.previous_step()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    # -- input -----------------------------------------------------------------------------

    def show_result(self, result: AttentionResult) -> None:
        self._result = result
        story = self._results.story(result)
        if story is not self.story:  # a new sentence or query
            self.story = story
            self._move(self._step, min(self._length, len(result.tokens)))
        self._refresh()

    def set_theme(self, theme: Theme, font_px: int) -> None:
        self.canvas.theme = theme
        self.canvas.font_px = font_px
        height = max(44, round(font_px * 2.6))  # large enough for a fingertip
        for button in (self.back_button, self.next_button, self.play_button):
            button.setMinimumHeight(height)
        # A step button with nowhere to go must look it (greyed, dotted edge).
        self.setStyleSheet(
            f"QPushButton:disabled {{ color: {theme.muted}; background: transparent;"
            f" border: 2px dotted {theme.border}; }}"
        )
        self.canvas.updateGeometry()
        self.canvas.update()

    def set_colormap(self, lut: np.ndarray) -> None:
        """Use the heatmap's colour map, as a (256, 4) uint8 RGBA table."""
        self.canvas.lut = np.asarray(lut, dtype=np.uint8)
        self.canvas.update()

    # -- drawing -----------------------------------------------------------------------------

    def _refresh(self) -> None:
        if self.story is None:
            return
        last = self.step_count - 1
        self.progress.setText(f"{self._step + 1} / {self.step_count}")
        self.progress.setAccessibleName(
            fill(translate("InductionStory", "Step %1 of %2"), self._step + 1, self.step_count)
        )
        self.title.setText(f"{self._step + 1} · {step_title(self._step)}")
        self.text.setText(step_text(self.story, self._step))
        self.status.setVisible(self._step == last)
        if self._step == last:
            self.status.setText(frame_status(self.story, self._length))
        mask_off = self._result is not None and not self._result.causal
        self.note.setVisible(mask_off and self._step < last)
        self.note.setText(
            translate(
                "InductionStory",
                "This walk-through keeps the causal mask on, as a model that writes text does; "
                "the main view has it off.",
            )
        )
        self.back_button.setEnabled(self._step > 0 or self._length > 1)
        self.next_button.setEnabled(self._step < last or self._length < self._n())
        self.play_button.setVisible(self._step == last)
        self.canvas.show_step(self.story, self._step, self._length)
