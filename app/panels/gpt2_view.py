"""The GPT-2 page: every head of GPT-2 small (or another model of its family) on your
sentence, from a model folder the teacher already has.

- what the model reads, as chips: its start token, then the sentence's sub-word tokens,
  the leading space shown as "␣" and byte pieces as their character;
- its five likeliest next tokens after the query;
- every head as a small map, layers down and heads across, with the pattern it follows
  most and its score; tap one (or Enter at the grid's cursor) to see it large, with the
  readout and its score against each pattern and that pattern's chance level;
- "find the heads": the strongest previous-token, same-word, induction and first-token
  head, on your sentence or on a built-in repeated passage.

The folder is the state's ``model_dir`` (File ▸ Open model…, ``--model-dir``, the kiosk's
``model_dir``); the work is done off the GUI thread by ``app.panels.gpt2.runner`` and the
results come from ``app.model.gpt2_results``. A folder that cannot be used changes
nothing: the page says why and the model in use stays.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtWidgets import (
    QButtonGroup,
    QFileDialog,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.accessibility.radio_group import one_tab_stop
from app.model.gpt2_results import GPT2Page, GPT2Results, Text
from app.model.state import GPT2_FIELDS, AppState
from app.panels.gpt2 import wording as words
from app.panels.gpt2.heads_section import GPT2Heads
from app.panels.gpt2.runner import ModelRunner
from app.panels.learned.heads_section import mask_note, wrapped_label
from app.panels.matrix_painting import GREY_LUT
from app.text.wording import translate
from app.ui.binding import listen
from app.ui.flow_row import FlowRow
from app.ui.theme import THEMES, Theme
from core.gpt2 import ModelFolderError, TooLongError


class GPT2View(QWidget):
    """Heads, guesses and head finder of a GPT-2-family model read from a folder.

    Parameters
    ----------
    state : AppState
    results : GPT2Results
        The controller's GPT-2 results (the model in use and its runs).
    """

    def __init__(
        self, state: AppState, results: GPT2Results, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._state = state
        self.results = results
        self.runner = ModelRunner(results, self)
        self.runner.progressed.connect(self._on_progress)
        self.runner.ready.connect(self._on_ready)
        self.runner.failed.connect(self._on_failed)
        #: What the page draws (None until the model has run on the text).
        self.page: GPT2Page | None = None
        self._opening: str | None = None  # a folder the learner chose, being tried
        self._failure: tuple[str, Text, Exception] | None = None
        self._shown = False  # the window has shown the page at least once
        self._theme: Theme = THEMES["light"]
        self._font_px = 16
        self._lut = GREY_LUT
        self.setAccessibleName(translate("GPT2View", "Heads of GPT-2, from a model folder"))
        self._build_parts()
        self._lay_out()
        listen(self, state.changed, self._on_state_changed)
        listen(self, state.session_changed, lambda _n: self.finder.clear_answer())

    # -- parts --------------------------------------------------------------------------

    def _build_parts(self) -> None:
        self.about = wrapped_label(words.no_model_text(), "summary")
        self.language_note = wrapped_label(words.language_note(), "summary")
        self.open_button = QPushButton(translate("GPT2View", "Open model…"))
        self.open_button.setToolTip(translate("GPT2View", "Choose a GPT-2 model folder"))
        self.open_button.clicked.connect(self.choose_folder)
        self.progress = QProgressBar()
        self.progress.setAccessibleName(translate("GPT2View", "Reading the model"))
        self.status = wrapped_label(name="summary")
        self.error = wrapped_label(name="error")
        self.mask_note = wrapped_label(mask_note())
        self.text_buttons = self._text_switch()
        self.heads = GPT2Heads()
        self.heads.head_clicked.connect(self._on_head_clicked)
        self.heads.position_clicked.connect(self._on_position_clicked)
        self.heads.find_requested.connect(self.find_head)
        # The model part's widgets, by the names tests and the window's checks use.
        self.chips, self.grid, self.big_map = self.heads.chips, self.heads.grid, self.heads.big_map
        self.readout, self.finder, self.scores = (
            self.heads.readout,
            self.heads.finder,
            self.heads.scores,
        )
        self.predictions_title = self.heads.predictions_title
        self.predictions = self.heads.predictions

    def _text_switch(self) -> dict[bool, QPushButton]:
        buttons: dict[bool, QPushButton] = {}
        group = QButtonGroup(self)
        self.text_row = FlowRow(spacing=8)
        for repeats in (False, True):
            button = QPushButton(words.text_title(repeats))
            button.setCheckable(True)
            button.clicked.connect(lambda _=False, r=repeats: self._state.show_gpt2_text(r))
            group.addButton(button)
            self.text_row.addWidget(button)
            buttons[repeats] = button
        one_tab_stop(group)  # Tab lands on the text shown; arrows choose
        return buttons

    def _lay_out(self) -> None:
        open_row = FlowRow(spacing=8)
        open_row.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(8)
        for widget in (
            self.about, self.language_note, open_row, self.progress, self.status, self.error,
            self.mask_note, self.text_row, self.heads,
        ):  # fmt: skip
            layout.addWidget(widget)
        layout.addStretch(1)
        for part in (self.progress, self.status, self.error, self.mask_note, *self.model_parts):
            part.hide()

    @property
    def model_parts(self) -> tuple[QWidget, ...]:
        """What is shown only once the model has run on the text."""
        return self.text_row, self.heads

    # -- what the window and the kiosk call ----------------------------------------------

    def show_result(self, _result) -> None:
        """Draw the model on the sentence (the first call reads the model)."""
        self._shown = True
        self._refresh()

    def set_typing(self, typing: bool) -> None:
        """False on a kiosk: no folder can be chosen there."""
        self.open_button.setVisible(typing)
        if not typing and not self._state.model_dir:
            self.about.setText(words.kiosk_no_model_text())

    def set_theme(self, theme: Theme, font_px: int) -> None:
        self._theme, self._font_px = theme, font_px
        self.heads.set_style(theme, font_px, self._lut)
        self.mask_note.setStyleSheet(f"color: {theme.text}; font-weight: bold;")
        height = max(44, round(font_px * 2.6))  # large enough for a fingertip
        for button in (self.open_button, *self.text_buttons.values()):
            button.setMinimumHeight(height)

    def set_colormap(self, lut: np.ndarray) -> None:
        """Use the heatmap's colour map, as a (256, 4) uint8 RGBA table."""
        self._lut = np.asarray(lut, dtype=np.uint8)
        self.heads.set_style(self._theme, self._font_px, self._lut)
        self._refresh()

    def shutdown(self) -> None:
        """Stop reading or running the model (the window is closing)."""
        self.runner.shutdown()

    # -- choosing a folder ---------------------------------------------------------------

    def ask_folder(self) -> str:
        """The folder the learner chooses in the folder dialog ("": none)."""
        start = self._state.model_dir or str(Path.home())
        title = translate("GPT2View", "Open a GPT-2 model folder")
        return QFileDialog.getExistingDirectory(self.window(), title, start)

    def choose_folder(self) -> None:
        """The page's Open model… button: ask for a folder and open it."""
        folder = self.ask_folder()
        if folder:
            self.open_folder(folder)

    def open_folder(self, folder: str) -> None:
        """Read ``folder``; it becomes the model in use once it is read without an error."""
        self._opening = folder
        self._failure = None
        self.error.hide()
        self.runner.request(folder, self._text())
        self._show_progress(translate("GPT2View", "Opening the folder…"))

    # -- answers from the runner ---------------------------------------------------------

    def _on_progress(self, step: str, done: int, total: int) -> None:
        self.progress.setRange(0, 1000)
        self.progress.setValue(round(1000 * done / total) if total else 0)
        self._show_progress(words.progress_text(step, done, total))

    def _on_ready(self, folder: str, _text: Text) -> None:
        if self._opening is not None and folder == self._opening:
            self._opening = None
            self._state.set_model_dir(folder)  # its own default head and query
        self._refresh()

    def _on_failed(self, folder: str, text: Text, error: Exception) -> None:
        if self._opening is None or folder != self._opening:
            self._failure = (folder, text, error)
            self._refresh()
            return
        self._opening = None  # the model in use stays, and so does the state
        if isinstance(error, ModelFolderError):
            in_use = self.results.model
            self._say_error(words.open_failed(error, None if in_use is None else in_use.folder))
        else:
            self._say_error(self._failure_text(error))

    # -- choices on the page, written to the state ---------------------------------------

    def find_head(self, pattern: str) -> None:
        """Show the strongest head for ``pattern`` on the text, and say how strong."""
        page = self.page
        if page is None:
            return
        ranking = page.rankings[pattern]
        if ranking:
            self._state.select_gpt2_head(ranking[0].layer, ranking[0].head)
        self.finder.show_answer(words.find_answer(pattern, ranking, page.repeats))
        self._bring_into_view(self.readout)

    def _on_head_clicked(self, layer: int, head: int) -> None:
        self.finder.clear_answer()
        self._state.select_gpt2_head(layer, head)
        self._bring_into_view(self.readout)

    def _bring_into_view(self, widget: QWidget) -> None:
        """In a short side panel the large map may be out of sight: scroll to it."""
        scroll = self.parent()
        while scroll is not None and not isinstance(scroll, QScrollArea):
            scroll = scroll.parent()
        if scroll is not None:
            scroll.ensureWidgetVisible(widget, 0, 0)

    def _on_position_clicked(self, position: int) -> None:
        """A chip or a row of the large map: that token becomes the query (not the start)."""
        page = self.page
        offset = page.run.offset if page is not None else 0
        if position >= offset:
            self._state.set_gpt2_query(position - offset)

    def _on_state_changed(self, names: frozenset[str]) -> None:
        if self.isVisible() and names & (GPT2_FIELDS | {"sentence", "causal"}):
            self._refresh()

    # -- drawing ---------------------------------------------------------------------------

    def _text(self) -> Text:
        return None if self._state.gpt2_repeats else self._state.sentence

    def _refresh(self) -> None:
        state = self._state
        for repeats, button in self.text_buttons.items():
            button.setChecked(repeats == state.gpt2_repeats)
        folder = state.model_dir
        if not self._shown or self._opening is not None or not folder:
            # Nothing is read before the page is first shown, and the last drawing stays
            # until a folder being opened is read.
            return
        text = self._text()
        page = self.results.page(folder, text, state.gpt2_head, state.gpt2_query)
        if page is not None:
            self._failure = None
            self._hide_progress()
            self.error.hide()
            self._draw(page)
            return
        failure = self._failure
        if (
            failure is not None
            and failure[0] == folder
            and (failure[1] == text or isinstance(failure[2], ModelFolderError))
        ):
            self._say_error(self._failure_text(failure[2]))
            return
        self.runner.request(folder, text)
        self._show_progress(translate("GPT2View", "Running the model…"))

    @staticmethod
    def _failure_text(error: Exception) -> str:
        if isinstance(error, ModelFolderError):
            return words.folder_error(error)
        if isinstance(error, TooLongError):
            return words.too_long_text(error)
        return translate("GPT2View", "The model could not be run; the log has the details.")

    def _say_error(self, text: str) -> None:
        self._hide_progress()
        self.error.setText(text)
        self.error.show()
        if self.page is None:
            for part in self.model_parts:
                part.hide()

    def _show_progress(self, text: str) -> None:
        self.status.setText(text)
        self.status.show()
        self.progress.show()

    def _hide_progress(self) -> None:
        self.status.hide()
        self.progress.hide()

    def _draw(self, page: GPT2Page) -> None:
        if self.page is None:
            for part in self.model_parts:
                part.show()
        self.page = page
        self.about.setText(words.about_text(page.about))
        self.mask_note.setVisible(not self._state.causal)
        self.heads.draw(page)

    # -- for tests ---------------------------------------------------------------------------

    @property
    def selected_weights(self) -> np.ndarray | None:
        """The selected head's weights as drawn large."""
        return self.heads.selected_weights
