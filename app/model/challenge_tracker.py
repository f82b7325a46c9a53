"""Challenge tracking: one more listener to the controller's published results."""

from __future__ import annotations

from app.model.controller import Controller
from app.model.results import AttentionResult
from app.model.state import AppState


class ChallengeTracker:
    """Marks a challenge done the moment a published result meets it.

    It listens like any page does, so it needs no place inside the controller.
    Its write to the state happens while the state is still announcing the change
    that produced the result; the state announces that write after the current
    round (see ``AppState._emit_pending``), so every listener hears the change
    first. Results published under ``Controller.scripted()`` (a tour stop, the
    kiosk's attract loop) are the program's, not the learner's: they complete nothing.
    Nor does a new sentence by itself (chosen from a list, built from tiles, typed):
    the head and the query it keeps were picked for the sentence before, so a match
    is a coincidence; the learner's next move on it is the finding.
    """

    def __init__(self, state: AppState, controller: Controller) -> None:
        self._state = state
        self._controller = controller
        self._tokens = controller.attention.tokens
        controller.attention_changed.connect(self.notice)

    def notice(self, result: AttentionResult) -> None:
        """Complete whatever ``result`` meets that was not done before."""
        new_sentence, self._tokens = result.tokens != self._tokens, result.tokens
        if self._controller.is_scripted or new_sentence:
            return
        new = result.met_challenges - self._state.completed
        if new:
            self._state.complete_challenges(new)
