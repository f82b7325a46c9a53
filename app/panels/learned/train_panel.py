"""Train it yourself: start, watch the curves, cancel, and use the result.

Training runs in a child process (``app.adapters.training``); this panel only shows what
the runner reports, so the window stays as quick as without it.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.adapters.training import TrainingRunner
from app.panels.learned.curve import TrainingCurve
from app.text.wording import fill, format_count, format_weight, translate
from app.ui.flow_row import FlowRow
from app.ui.theme import Theme
from core.learned import QUICK_TRAINING, SHIPPED_TRAINING, TrainConfig, TrainProgress, TrainResult


def intro_text(config: TrainConfig) -> str:
    """What Train does, and why its step count differs from the shipped model's."""
    template = translate(
        "TrainPanel",
        "Start from random weights and train the same small model again, on random tokens "
        "whose second half repeats a stretch of the first, for %1 steps. It runs in a "
        "separate process, so the window stays quick; expect about half a minute. The model "
        "that comes with the program had %2 steps of the same training: both heads form "
        "within these %1, and the extra steps only sharpen them.",
    )
    return fill(template, format_count(config.steps), format_count(SHIPPED_TRAINING.steps))


def watch_text() -> str:
    return translate(
        "TrainPanel",
        "Watch for the moment the loss drops steeply: that is when the induction head "
        "forms, and its score shoots up at the same time.",
    )


def cancelled_text() -> str:
    return translate("TrainPanel", "Cancelled. The model on the other tabs has not changed.")


def in_use_text() -> str:
    return translate(
        "TrainPanel", "In use: Learned heads and Side by side now show the model you trained."
    )


def describe_progress(p: TrainProgress) -> str:
    """'Step 400 of 2,000 · loss 2.31 · induction 0.12 · previous token 0.45'."""
    template = translate("TrainPanel", "Step %1 of %2 · loss %3 · induction %4 · previous token %5")
    return fill(
        template,
        format_count(p.step),
        format_count(p.total_steps),
        format_weight(p.loss),
        format_weight(p.induction_score),
        format_weight(p.previous_token_score),
    )


class TrainPanel(QWidget):
    """A 'Train from scratch' button, progress, live curves and 'Use this model'.

    Parameters
    ----------
    runner : TrainingRunner
    config : TrainConfig
        What a click trains (the tests pass a tiny one).
    """

    use_requested = Signal(object)  # TrainResult
    shipped_requested = Signal()

    def __init__(
        self,
        runner: TrainingRunner,
        config: TrainConfig = QUICK_TRAINING,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.runner = runner
        self.config = config
        self.result: TrainResult | None = None
        #: Each run starts from other random weights, so no two curves are the same.
        self.next_seed = 1

        self.intro = QLabel(intro_text(config))
        self.intro.setWordWrap(True)
        buttons = self._build_run_buttons()
        self.progress_bar = QProgressBar()
        self.progress_bar.setRange(0, config.steps)
        self.progress_bar.setValue(0)
        self.progress_bar.setTextVisible(False)  # the status line says it in words
        self.progress_bar.setAccessibleName(translate("TrainPanel", "Training progress"))
        self.status = QLabel(translate("TrainPanel", "Not started."))
        self.status.setWordWrap(True)
        self.status.setObjectName("summary")
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setObjectName("error")
        self.error.hide()
        self.curve = TrainingCurve()
        self.curve.set_history((), config.steps)
        watch = QLabel(watch_text())
        watch.setWordWrap(True)
        watch.setObjectName("summary")
        self.outcome = QLabel()
        self.outcome.setWordWrap(True)
        self.outcome.hide()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        layout.addWidget(self.intro)
        layout.addLayout(buttons)
        for widget in (self.progress_bar, self.status, self.error, self.curve, watch):
            layout.addWidget(widget)
        layout.addWidget(self.outcome)
        layout.addWidget(self._build_after_buttons())

        runner.started.connect(self._on_started)
        runner.progress.connect(self._on_progress)
        runner.finished.connect(self._on_finished)
        runner.cancelled.connect(self._on_cancelled)
        runner.failed.connect(self._on_failed)

    def _build_run_buttons(self) -> QHBoxLayout:
        """Train from scratch, and Cancel while a run goes."""
        self.train_button = QPushButton(translate("TrainPanel", "Train from scratch"))
        self.cancel_button = QPushButton(translate("TrainPanel", "Cancel"))
        self.cancel_button.hide()
        self.train_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.runner.cancel)
        buttons = QHBoxLayout()
        buttons.addWidget(self.train_button)
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)
        return buttons

    def _build_after_buttons(self) -> QWidget:
        """Use this model, and back to the shipped one: shown after a run."""
        self.use_button = QPushButton(translate("TrainPanel", "Use this model"))
        self.use_button.clicked.connect(self._use)
        self.use_button.hide()
        self.shipped_button = QPushButton(translate("TrainPanel", "Back to the shipped model"))
        self.shipped_button.clicked.connect(self.shipped_requested)
        self.shipped_button.hide()
        after_row = FlowRow(spacing=8)  # two long labels: they wrap at large text sizes
        after_row.addWidget(self.use_button)
        after_row.addWidget(self.shipped_button)
        return after_row

    # -- commands ---------------------------------------------------------------------------

    def start(self) -> None:
        """Train a fresh model in the background."""
        seed, self.next_seed = self.next_seed, self.next_seed + 1
        self.runner.start(self.config, seed)
        self.status.setText(
            fill(translate("TrainPanel", "Starting (random weights from seed %1)…"), seed)
        )

    def set_origin(self, origin: str) -> None:
        """Which model the page shows: 'shipped' or 'trained'."""
        trained = origin == "trained"
        self.shipped_button.setVisible(trained)
        if trained:
            self.use_button.setEnabled(False)
            self.outcome.setText(in_use_text())
        elif self.result is not None:
            self.use_button.setEnabled(True)
            self.outcome.setText(self._finished_text(self.result))

    def set_theme(self, theme: Theme, font_px: int) -> None:
        self.curve.set_theme(theme, font_px)
        height = max(44, round(font_px * 2.6))  # large enough for a fingertip
        for button in (self.train_button, self.cancel_button, self.use_button, self.shipped_button):
            button.setMinimumHeight(height)
        self.progress_bar.setStyleSheet(
            f"QProgressBar {{ background: {theme.panel}; color: {theme.text}; "
            f"border: 2px solid {theme.border}; border-radius: 6px; text-align: center; "
            f"min-height: {round(font_px * 0.9)}px; max-height: {round(font_px * 0.9)}px; }}"
            f"QProgressBar::chunk {{ background: {theme.accent}; border-radius: 3px; }}"
        )
        self.use_button.setStyleSheet(
            f"QPushButton:disabled {{ color: {theme.muted}; border-style: dashed; }}"
        )

    # -- what the runner says ---------------------------------------------------------------

    def _set_running(self, running: bool) -> None:
        # One button at a time, in the same place: Train, or Cancel while it runs.
        self.train_button.setVisible(not running)
        self.cancel_button.setVisible(running)
        self.error.hide()

    def _on_started(self) -> None:
        self._set_running(True)
        self.result = None
        self.progress_bar.setValue(0)
        self.curve.set_history((), self.config.steps)
        self.outcome.hide()
        self.use_button.hide()

    def _on_progress(self, p: TrainProgress) -> None:
        self.progress_bar.setRange(0, p.total_steps)
        self.progress_bar.setValue(p.step)
        self.status.setText(describe_progress(p))
        self.curve.set_history(self.runner.history, p.total_steps)

    def _on_finished(self, result: TrainResult) -> None:
        self._set_running(False)
        self.result = result
        self.curve.set_history(result.history, result.config.steps)
        self.progress_bar.setValue(result.steps_done)
        self.outcome.setText(self._finished_text(result))
        self.outcome.show()
        self.use_button.setEnabled(True)
        self.use_button.show()

    def _on_cancelled(self) -> None:
        self._set_running(False)
        self.status.setText(cancelled_text())

    def _on_failed(self, message: str) -> None:
        self._set_running(False)
        unchanged = translate("TrainPanel", "The model on the other tabs has not changed.")
        self.error.setText(f"{message} {unchanged}")
        self.error.show()

    def _finished_text(self, result: TrainResult) -> str:
        last = result.history[-1]
        template = translate(
            "TrainPanel",
            "Done in %1 s: induction score %2, previous-token score %3. "
            "Use it to see its heads on your sentence.",
        )
        return fill(
            template,
            f"{last.elapsed_seconds:.0f}",
            format_weight(last.induction_score),
            format_weight(last.previous_token_score),
        )

    def _use(self) -> None:
        if self.result is not None:
            self.use_requested.emit(self.result)
