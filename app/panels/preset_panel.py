"""Model presets: how d_model is cut into heads, and what the projections cost."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QLabel,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

import core
from app.accessibility.count_slider import CountSlider
from app.accessibility.radio_group import one_tab_stop
from app.model.results import ShapeResult
from app.model.state import AppState
from app.panels.formula import FormulaView
from app.panels.lesson_formulas import multi_head_formula
from app.panels.width_diagram import WidthDiagram
from app.text.wording import fill, format_count, format_percent, translate
from app.ui.flow_row import FlowRow
from app.ui.theme import Theme

#: From this many ems wide the page stands in two columns (see ``PresetPanel._arrange``).
WIDE_EMS = 38


def divisor_slider(name: str) -> CountSlider:
    """A slider over the positions of a list of allowed counts, so it can only land on one."""
    slider = CountSlider(name)
    slider.setPageStep(1)
    slider.setTickPosition(QSlider.TickPosition.TicksBelow)
    slider.setMinimumHeight(40)
    return slider


class PresetPanel(QWidget):
    """Preset buttons, head and KV-head sliders, the figures and the width diagram."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self._shape: ShapeResult | None = None

        presets_row = self._build_presets_row()
        self.heads_slider = divisor_slider(translate("PresetPanel", "Number of heads"))
        self.kv_slider = divisor_slider(translate("PresetPanel", "Number of key/value heads"))
        self.heads_slider.valueChanged.connect(self._on_heads_slider)
        self.kv_slider.valueChanged.connect(self._on_kv_slider)
        grid = self._build_figures()
        self.note = QLabel()
        self.note.setObjectName("summary")
        self.note.setWordWrap(True)
        self.diagram = WidthDiagram()
        self.formula = FormulaView()
        self.formula.setObjectName("widthFormula")

        self.controls = QWidget()
        controls = QVBoxLayout(self.controls)
        controls.setContentsMargins(0, 0, 0, 0)
        controls.addWidget(presets_row)
        controls.addLayout(grid)
        controls.addWidget(self.note)
        self._layout = QGridLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setHorizontalSpacing(24)
        self.wide: bool | None = None
        self._arrange(wide=False)

    def _arrange(self, wide: bool) -> None:
        """Narrow: one column, the drawing straight under the controls, where it is seen
        without scrolling, its formulas after it. Wide (the page alone in a room, or a wide
        panel): the controls and formulas on the left and the drawing beside them, so
        that all of it stands above the fold (one column pushed it 230 px below at a
        presenter's 1280x720)."""
        if wide == self.wide:
            return
        self.wide = wide
        for widget in (self.controls, self.diagram, self.formula):
            self._layout.removeWidget(widget)
        top = Qt.AlignmentFlag.AlignTop
        if wide:
            self._layout.addWidget(self.controls, 0, 0, top)
            self._layout.addWidget(self.formula, 1, 0, top)
            self._layout.addWidget(self.diagram, 0, 1, 2, 1, top)
            self._layout.setRowStretch(1, 1)
            self._layout.setColumnStretch(1, 1)
        else:
            for row, widget in enumerate((self.controls, self.diagram, self.formula)):
                self._layout.addWidget(widget, row, 0)
            self._layout.setRowStretch(1, 0)
            self._layout.setColumnStretch(1, 0)
        self._layout.setColumnStretch(0, 1)

    def resizeEvent(self, event) -> None:  # noqa: N802
        # Two columns from 38 ems: at a room's 24 px that is 912 px, so a presenter's
        # 1024x768 gets them too. A margin below the line keeps a scroll bar that comes
        # and goes with the arrangement from flipping it back and forth.
        em = self.fontInfo().pixelSize()
        width = event.size().width()
        if self.wide and width < WIDE_EMS * em - 2 * em or not self.wide and width >= WIDE_EMS * em:
            self._arrange(not self.wide)
        super().resizeEvent(event)

    def _build_presets_row(self) -> FlowRow:
        """One checkable button per preset; a click switches the state's model."""
        self.preset_group = QButtonGroup(self)
        self.preset_buttons: dict[str, QPushButton] = {}
        presets_row = FlowRow()  # wraps at large text sizes instead of clipping names
        for preset in core.PRESETS.values():
            button = QPushButton(preset.name)
            button.setCheckable(True)
            button.setAccessibleName(fill(translate("PresetPanel", "Model preset %1"), preset.name))
            self.preset_group.addButton(button)
            self.preset_buttons[preset.id] = button
            presets_row.addWidget(button)
            button.clicked.connect(lambda _=False, pid=preset.id: self._state.set_preset(pid))
        one_tab_stop(self.preset_group)  # Tab lands on the preset in use; arrows choose
        return presets_row

    def _build_figures(self) -> QGridLayout:
        """The figures, each a name and a value, the sliders on rows of their own."""
        self.figures: dict[str, QLabel] = {}
        self.figure_names: dict[str, QLabel] = {}
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        rows = [
            ("heads", translate("PresetPanel", "Heads, h"), self.heads_slider),
            ("kv_heads", translate("PresetPanel", "Key/value heads"), self.kv_slider),
            ("d_model", translate("PresetPanel", "Model width, d_model"), None),
            ("d_k", translate("PresetPanel", "Head width, d_k = d_model / h"), None),
            ("weights", translate("PresetPanel", "Projection weights"), None),
        ]
        row = 0
        grid.setColumnStretch(0, 1)
        for key, text, slider in rows:
            label = QLabel(text)
            label.setWordWrap(True)  # large text: the name wraps, the figure keeps its room
            self.figure_names[key] = label
            grid.addWidget(label, row, 0)
            value = QLabel()
            value.setObjectName("figure")
            value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.figures[key] = value
            grid.addWidget(value, row, 1)
            row += 1
            if slider is not None:  # a slider gets a row of its own: wide is easier to hit
                grid.addWidget(slider, row, 0, 1, 2)
                row += 1
        return grid

    def show_shape(self, shape: ShapeResult) -> None:
        """Sync every control and figure to ``shape`` without writing back to the state."""
        self._shape = shape
        button = self.preset_buttons[shape.preset_id]
        for widget, counts, value, say in (
            (self.heads_slider, shape.head_counts, shape.n_heads, _heads),
            (self.kv_slider, shape.kv_head_counts, shape.n_kv_heads, _kv_heads),
        ):
            with QSignalBlocker(widget):
                widget.set_counts(counts, value, say)
        with QSignalBlocker(button):
            button.setChecked(True)
        self.figures["heads"].setText(format_count(shape.n_heads))
        self.figures["kv_heads"].setText(format_count(shape.n_kv_heads))
        self.figures["d_model"].setText(format_count(shape.d_model))
        self.figures["d_k"].setText(format_count(shape.d_k))
        self.figures["weights"].setText(format_count(shape.projection_weights))
        self.heads_slider.setAccessibleDescription(
            fill(translate("PresetPanel", "%1 heads of width %2"), shape.n_heads, shape.d_k)
        )
        self.kv_slider.setAccessibleDescription(
            fill(translate("PresetPanel", "%1 key/value heads"), shape.n_kv_heads)
        )
        standard = format_count(shape.standard_weights)
        if shape.n_kv_heads == shape.n_heads:
            template = translate(
                "PresetPanel",
                "4 × d_model² = %1, whatever the number of heads: more heads only means "
                "narrower ones.",
            )
            self.note.setText(fill(template, standard))
        else:
            saved = 1 - shape.projection_weights / shape.standard_weights
            template = translate(
                "PresetPanel",
                "Sharing keys and values among %1 query heads shrinks W_K and W_V: %2 "
                "instead of %3 weights (%4 fewer).",
            )
            self.note.setText(
                fill(
                    template,
                    shape.n_heads // shape.n_kv_heads,
                    format_count(shape.projection_weights),
                    standard,
                    format_percent(saved),
                )
            )
        self.formula.set_formula(*multi_head_formula(shape))
        self.diagram.show_shape(shape)

    def set_colours(self, theme: Theme, formula_px: float | None = None) -> None:
        """The theme's colours. In the window the style sheet sets this page's text size
        and the formula follows its font; ``formula_px`` sizes the formula by itself."""
        self.diagram.set_theme(theme)
        self.formula.set_style(None if formula_px is None else formula_px * 1.1, theme.text)

    def _on_heads_slider(self, _index: int) -> None:
        if self._shape is not None:
            self._state.set_n_heads(self.heads_slider.count())

    def _on_kv_slider(self, _index: int) -> None:
        if self._shape is not None:
            self._state.set_n_kv_heads(self.kv_slider.count())


def _heads(count: int) -> str:
    if count == 1:
        return translate("PresetPanel", "1 head")
    return fill(translate("PresetPanel", "%1 heads"), format_count(count))


def _kv_heads(count: int) -> str:
    if count == 1:
        return translate("PresetPanel", "1 key/value head")
    return fill(translate("PresetPanel", "%1 key/value heads"), format_count(count))
