"""A seeded random user for the real window: actions, and the invariants checked after each.

Shared by the monkey test (thousands of actions, invariants after every one) and the
soak script (a hundred thousand actions, memory sampled).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import numpy as np
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

import core
from app.panels.heatmap_items import display_image
from app.panels.learned.heads_section import focus_sentence
from app.text.wording import display_tokens, focus_text
from app.ui.painting import blend
from app.ui.theme import THEMES, ZOOM_STEPS

#: Sentences a visitor might type, hostile ones included.
SENTENCES = (
    core.LESSON_SENTENCE,
    "a b a b a b",
    "The cat saw the CAT",
    "",
    "   \t ",
    "x" * 10_000,
    " ".join(["w"] * 1_000),
    "😀 🙂 👍🏽 👩\u200d💻 e\u0301 n\u0303",
    "שלום עולם שלום",
    "a\u200bb\u200cc\ufeffd",
    "a\x00b\x07c\x1bd",
    "word " * 200_000,
    "one",
    " ".join(f"t{i % 7}" for i in range(core.MAX_TOKENS)),
)
SIZES = ((1024, 768), (1920, 1080), (800, 600), (1280, 800))


class Monkey:
    """Performs random actions on a MainWindow and checks it still tells the truth."""

    def __init__(self, window, seed: int) -> None:
        self.window = window
        self.random = random.Random(seed)
        self.log: list[str] = []
        #: How many times each action (and each key) ran: a kind that never runs is a
        #: part of the window the monkey never tried.
        self.counts: Counter[str] = Counter()
        #: Key presses sent while the window was not the active one (they go nowhere).
        self.keys_to_inactive = 0
        # How often a visitor does each thing: tokens and heads all the time, themes
        # and text size now and then.
        self.actions: dict[Callable[[], str], float] = {
            self.click_token: 4,
            self.click_head: 2,
            self.click_mini_map: 2,
            self.click_cell: 2,
            self.toggle_mask: 2,
            self.press_key: 2,
            self.click_preset: 1,
            self.move_heads_slider: 1,
            self.move_kv_slider: 1,
            self.type_sentence: 2,
            self.resize: 0.5,
            self.change_theme: 0.5,
            self.change_zoom: 0.5,
            self.switch_page: 1,
            self.reset_session: 0.5,
        }

    # -- actions (each returns a line for the replay log) --------------------------------

    def step(self) -> str:
        (action,) = self.random.choices(list(self.actions), weights=self.actions.values())
        line = action()
        self.counts[action.__name__] += 1
        self.log.append(line)
        # Let Qt run layouts and deferred work, as its event loop would between two
        # touches of a real user (processEvents alone never runs deferred deletes).
        QApplication.processEvents()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        return line

    def click_token(self) -> str:
        strip = self.window.token_strip
        i = self.random.randrange(len(self.window.state.tokens))
        QTest.mouseClick(
            strip, Qt.MouseButton.LeftButton, pos=strip.chip_rect(i).center().toPoint()
        )
        return f"click token {i}"

    def click_head(self) -> str:
        head_id = self.random.choice(list(core.HEADS))
        QTest.mouseClick(self.window.head_selector.buttons[head_id], Qt.MouseButton.LeftButton)
        return f"click head {head_id}"

    def click_mini_map(self) -> str:
        head_id = self.random.choice(list(core.HEADS))
        mini = self.window.head_grid.maps[head_id]
        if not mini.isVisible():
            return f"mini map {head_id} hidden"
        pos = mini.map_rect().center().toPoint()
        QTest.mouseClick(mini, Qt.MouseButton.LeftButton, pos=pos)
        return f"click mini map {head_id}"

    def click_cell(self) -> str:
        heatmap = self.window.heatmap
        n = len(self.window.state.tokens)
        i, j = self.random.randrange(n), self.random.randrange(n)
        pos = heatmap.graphics.mapFrom(heatmap, heatmap.cell_rect(i, j).center().toPoint())
        QTest.mouseClick(heatmap.graphics.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        return f"click cell {i},{j}"

    def toggle_mask(self) -> str:
        QTest.mouseClick(self.window.mask_toggle, Qt.MouseButton.LeftButton)
        return "click mask switch"

    def press_key(self) -> str:
        key = self.random.choice(
            [
                Qt.Key.Key_Left,
                Qt.Key.Key_Right,
                Qt.Key.Key_M,
                Qt.Key.Key_1,
                Qt.Key.Key_3,
                Qt.Key.Key_5,
                Qt.Key.Key_PageDown,
                Qt.Key.Key_PageUp,
            ]
        )
        # Keys go to the active window only: make it so first (a resize or a page left
        # it inactive, and most presses went nowhere).
        if QApplication.activeWindow() is not self.window:
            self.window.activateWindow()
            QTest.qWaitForWindowActive(self.window, 2000)
        if QApplication.activeWindow() is not self.window:
            self.keys_to_inactive += 1
        self.window.token_strip.setFocus()
        QTest.keyClick(self.window, key)
        self.counts[f"key {key.name}"] += 1
        return f"key {key.name}"

    def click_preset(self) -> str:
        preset_id = self.random.choice(list(core.PRESETS))
        QTest.mouseClick(
            self.window.side_tabs.view("width").preset_buttons[preset_id], Qt.MouseButton.LeftButton
        )
        return f"click preset {preset_id}"

    def move_heads_slider(self) -> str:
        slider = self.window.side_tabs.view("width").heads_slider
        value = self.random.randint(slider.minimum(), slider.maximum())
        slider.setValue(value)
        return f"heads slider {value}"

    def move_kv_slider(self) -> str:
        slider = self.window.side_tabs.view("width").kv_slider
        value = self.random.randint(slider.minimum(), slider.maximum())
        slider.setValue(value)
        return f"kv slider {value}"

    def type_sentence(self) -> str:
        text = self.random.choice(SENTENCES)
        editor = self.window.sentence_editor
        editor.edit.setText(text)  # what typing or pasting ends with
        editor.apply_text()
        return f"sentence {text[:30]!r} ({len(text)} chars)"

    def resize(self) -> str:
        size = self.random.choice(SIZES)
        self.window.resize(*size)
        return f"resize {size}"

    def change_theme(self) -> str:
        theme_id = self.random.choice(list(THEMES))
        self.window.state.set_theme(theme_id)
        return f"theme {theme_id}"

    def change_zoom(self) -> str:
        zoom = self.random.randrange(len(ZOOM_STEPS))
        self.window.state.set_zoom(zoom)
        return f"zoom {zoom}"

    def switch_page(self) -> str:
        index = self.random.randrange(self.window.side_tabs.count())
        self.window.side_tabs.setCurrentIndex(index)
        return f"page {index}"

    def use_learned_view(self) -> str:
        view = self.window.side_tabs.view("learned")
        self.window.side_tabs.setCurrentWidget(self.window.pages["learned"])
        section = self.random.choice(["heads", "heads", "compare"])
        view.show_section(section)
        if section == "heads" and view.model is not None:
            layer = self.random.randrange(view.model.n_layers)
            head = self.random.randrange(view.model.n_heads)
            view.select_head(layer, head)
            return f"learned head {layer}.{head}"
        return f"learned {section}"

    def reset_session(self) -> str:
        self.window.reset_session()  # what a kiosk does after an idle countdown
        return "reset session"

    # -- invariants ---------------------------------------------------------------------------

    def check(self) -> None:
        """Everything shown agrees with core; raises AssertionError otherwise."""
        window, state = self.window, self.window.state
        result = window.controller.attention
        assert result.tokens == state.tokens
        assert (result.head_id, result.query, result.causal) == (
            state.head_id,
            state.query,
            state.causal,
        )
        n = len(result.tokens)
        hidden = core.causal_mask(n) if result.causal else np.zeros((n, n), dtype=bool)
        for head_id, weights in result.weights.items():
            assert weights.shape == (n, n)
            assert np.abs(weights.sum(axis=1) - 1).max() < 1e-9, head_id
            assert (weights[hidden] == 0.0).all(), head_id
        expected = core.head_weights(state.head_id, state.tokens, state.causal)
        assert np.array_equal(result.selected, expected)
        focus = focus_text(display_tokens(state.tokens), core.focus(expected, state.query))
        readout = window.readout
        whole = readout.fitted.full_text
        assert whole.endswith(focus)
        # Cut to its two lines, the readout is whole where it is read (tooltip, name).
        assert readout.text() == whole or whole in (readout.toolTip(), readout.accessibleName())
        assert window.token_strip._result is result
        shown = window.heatmap.image.image
        assert np.array_equal(shown, display_image(expected, hidden), equal_nan=True)
        assert window.heatmap.outline.rect().top() == state.query
        for mini in window.head_grid.maps.values():
            assert mini._selected == (mini.head.id == state.head_id)
        shape = window.controller.shape
        assert shape.projection_weights == core.projection_weights(
            shape.d_model, shape.n_heads, shape.n_kv_heads
        )
        assert (
            window.side_tabs.view("width").figures["weights"].text()
            == f"{shape.projection_weights:,}"
        )
        self._check_strip_shading(expected, hidden)
        self._check_learned_view()

    def _check_learned_view(self) -> None:
        """The learned head drawn large is the trained model's, on this very sentence."""
        window, state = self.window, self.window.state
        view = window.side_tabs.view("learned")
        if (
            window.side_tabs.currentWidget() is not window.pages["learned"]
            or view.current_section() != "heads"
            or view.model is None
        ):
            return
        layer, head = view.selected
        expected = view.model.attention(state.tokens)[layer, head]
        shown = view.selected_weights
        assert shown is not None and np.allclose(shown, expected, atol=1e-12)
        n = len(state.tokens)
        assert np.abs(shown.sum(axis=1) - 1).max() < 1e-9
        assert (shown[core.causal_mask(n)] == 0.0).all()
        assert view.readout.text() == focus_sentence(state.tokens, expected, state.query)

    def _check_strip_shading(self, weights: np.ndarray, hidden: np.ndarray) -> None:
        """One random chip's fill is the attention colour of its weight (or the masked grey)."""
        window, state = self.window, self.window.state
        strip = window.token_strip
        if not strip.isVisible() or strip.width() < 10:
            return
        key = self.random.randrange(len(state.tokens))
        rect = strip.chip_rect(key)
        if key == state.query or rect.height() < 12:
            return  # the query chip is outlined; tiny chips have no plain corner to probe
        colour = (
            strip.grab().toImage().pixelColor(QPoint(int(rect.left() + 7), int(rect.top() + 7)))
        )
        theme = THEMES[state.theme_id]
        if hidden[state.query, key]:
            expected = QColor(theme.masked)
        else:
            expected = blend(theme.panel, theme.attend, float(weights[state.query, key]))
        assert (
            max(abs(a - b) for a, b in zip(colour.getRgb()[:3], expected.getRgb()[:3], strict=True))
            <= 6
        ), (key, colour.name())
