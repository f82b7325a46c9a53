"""The lesson's three challenges: progress, what each asks, and a reset."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

import core
from app.model.state import AppState
from app.text import wording
from app.text.wording import fill, translate
from app.ui.binding import listen


def _escape(text: str) -> str:
    """``html.escape``, imported when first needed (html.entities is big)."""
    import html

    return html.escape(text)


def progress_text(done: int) -> str:
    """'2 of 3 complete'."""
    return fill(translate("ChallengePanel", "%1 of %2 complete"), done, len(core.CHALLENGES))


def confirmation(state: AppState, challenge: core.challenges.Challenge, done: int) -> str:
    """What completing ``challenge`` in ``state`` found, with ``done`` challenges complete:
    the banner's words, and what a screen reader hears."""
    s = state
    note = wording.short_note(challenge.finding(s.tokens, s.head_id, s.causal, s.query))
    title = wording.challenge_title(challenge.id)
    template = translate("ChallengePanel", "Challenge complete: %1! (%2)")
    return f"{fill(template, title, progress_text(done))} {note}".strip()


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
        self.reset_button = QPushButton(translate("ChallengePanel", "Start the challenges again"))
        self.reset_button.setAccessibleName(translate("ChallengePanel", "Reset challenges"))
        self.reset_button.clicked.connect(state.reset_challenges)
        layout.addWidget(self.reset_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addStretch(1)
        listen(self, state.completed_changed, self.show_completed)
        self.show_completed(state.completed)

    @property
    def progress_text(self) -> str:
        return progress_text(len(self._state.completed))

    def confirmation(self, challenge: core.challenges.Challenge) -> str:
        """The banner's words for ``challenge``, just completed in the current state: short,
        as it covers the top of the window for a moment; the page keeps the whole story."""
        return confirmation(self._state, challenge, len(self._state.completed))

    def show_completed(self, done: frozenset[str]) -> None:
        self.found = {k: v for k, v in self.found.items() if k in done}
        for challenge in core.CHALLENGES:
            if challenge.id in done - self._shown and self._met_now(challenge):
                s = self._state
                self.found[challenge.id] = wording.confirmation(
                    s.tokens, challenge.finding(s.tokens, s.head_id, s.causal, s.query)
                )
        self.progress.setText(self.progress_text)
        for number, challenge in enumerate(core.CHALLENGES, start=1):
            finished = challenge.id in done
            mark = (
                translate("ChallengePanel", "✔ done")
                if finished
                else translate("ChallengePanel", "○ not yet")
            )
            found = self.found.get(challenge.id)
            you_found = translate("ChallengePanel", "You found:")
            found_html = f"<br><i>{you_found}</i> {_escape(found)}" if found else ""
            title = wording.challenge_title(challenge.id)
            hint = wording.challenge_hint(challenge.id)
            ties = wording.challenge_ties(challenge.id)
            ties_word = translate("ChallengePanel", "Ties:")
            self.items[challenge.id].setText(
                f"<p><b>{number}. {title}</b> — <i>{mark}</i><br>{hint}"
                f"<br><i>{ties_word}</i> {ties}{found_html}</p>"
            )
            spoken = (
                translate("ChallengePanel", "Challenge %1, %2: done")
                if finished
                else translate("ChallengePanel", "Challenge %1, %2: not yet")
            )
            self.items[challenge.id].setAccessibleName(fill(spoken, number, title))
        for challenge in core.CHALLENGES:
            if challenge.id in done - self._shown:
                self.completed.emit(challenge)
        self._shown = done

    def _met_now(self, challenge: core.challenges.Challenge) -> bool:
        s = self._state
        return challenge.is_met(s.tokens, s.head_id, s.causal, s.query)
