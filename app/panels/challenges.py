"""The lesson's three challenges: progress, what each asks, and a reset."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

import core

from ..state import AppState


class ChallengePanel(QWidget):
    """Shows 'N of 3 complete' and each challenge; completion is detected by the controller."""

    #: Emitted with a challenge when it becomes complete (for the confirmation banner).
    completed = Signal(object)

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self._shown: frozenset[str] = state.completed
        #: What each challenge's last completion found, shown under it (this session only).
        self.found: dict[str, str] = {}
        self.progress = QLabel()
        self.progress.setObjectName("readout")
        self.items: dict[str, QLabel] = {}
        layout = QVBoxLayout(self)
        layout.addWidget(self.progress)
        for challenge in core.CHALLENGES:
            label = QLabel()
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            self.items[challenge.id] = label
            layout.addWidget(label)
        self.reset_button = QPushButton("Start the challenges again")
        self.reset_button.setAccessibleName("Reset challenges")
        self.reset_button.clicked.connect(state.reset_challenges)
        layout.addWidget(self.reset_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addStretch(1)
        state.completed_changed.connect(self.show_completed)
        self.show_completed(state.completed)

    @property
    def progress_text(self) -> str:
        return f"{len(self._state.completed)} of {len(core.CHALLENGES)} complete"

    def confirmation(self, challenge: core.challenges.Challenge) -> str:
        """The banner's words for ``challenge``, just completed in the current state: short,
        as it covers the top of the window for a moment; the page keeps the whole story."""
        s = self._state
        note = challenge.short_note(s.tokens, s.head_id, s.causal, s.query)
        return f"Challenge complete: {challenge.title}! ({self.progress_text}) {note}".strip()

    def show_completed(self, done: frozenset[str]) -> None:
        self.found = {k: v for k, v in self.found.items() if k in done}
        for challenge in core.CHALLENGES:
            if challenge.id in done - self._shown and self._met_now(challenge):
                s = self._state
                self.found[challenge.id] = challenge.confirmation(
                    s.tokens, s.head_id, s.causal, s.query
                )
        self.progress.setText(self.progress_text)
        for number, challenge in enumerate(core.CHALLENGES, start=1):
            finished = challenge.id in done
            mark = "✔ done" if finished else "○ not yet"
            found = self.found.get(challenge.id)
            found_html = f"<br><i>You found:</i> {html.escape(found)}" if found else ""
            self.items[challenge.id].setText(
                f"<p><b>{number}. {challenge.title}</b> — <i>{mark}</i><br>{challenge.hint}"
                f"<br><i>Ties:</i> {challenge.ties}{found_html}</p>"
            )
            self.items[challenge.id].setAccessibleName(
                f"Challenge {number}, {challenge.title}: {'done' if finished else 'not yet'}"
            )
        for challenge in core.CHALLENGES:
            if challenge.id in done - self._shown:
                self.completed.emit(challenge)
        self._shown = done

    def _met_now(self, challenge: core.challenges.Challenge) -> bool:
        s = self._state
        return challenge.is_met(s.tokens, s.head_id, s.causal, s.query)
