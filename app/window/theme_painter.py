"""The theme on every part of the window: style sheet, panels, pages, plots, colours.

The colour table for weights comes from the theme (``app.ui.colour_table``), so a page
built before the heatmap paints in its real colours, never in a grey stand-in.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from app.panels.pages import Coloured, Themed, Tinted
from app.ui.colour_table import lookup_table
from app.ui.theme import THEMES, Theme, style_sheet
from app.window.roles import PaintTarget


class WindowPainter:
    """Puts the state's theme and text size on ``window`` and on each part it builds."""

    def __init__(self, window: PaintTarget) -> None:
        self._window = window

    @property
    def theme(self) -> Theme:
        return THEMES[self._window.state.theme_id]

    def apply(self, *_args: object) -> None:
        """The theme or the text size changed (or the window is new): paint it all."""
        window, theme = self._window, self.theme
        font_px = window.state.font_px
        window.setStyleSheet(style_sheet(theme, font_px))
        window.show_theme_choice(theme.id)
        for panel in (window.token_strip, window.mask_toggle, window.column_legend):
            panel.set_theme(theme)
        for grid in (window.head_grid, window.room_maps):
            if grid is not None:
                self.apply_to_maps(grid)
        for view in window.side_tabs.views.values():
            self.style_page(view)
        if window.glossary_built is not None:
            window.glossary_built.set_theme(theme, font_px)
        self.apply_to_plots()
        window.arrange()

    def apply_to_maps(self, grid) -> None:
        """A view of the small maps: the theme and the colour table."""
        grid.set_theme(self.theme)
        grid.set_colormap(lookup_table(self.theme))

    def style_page(self, view: QWidget) -> None:
        """Give a side page the theme, the text size and the colour table."""
        theme = self.theme
        if isinstance(view, Themed):
            view.set_theme(theme, self._window.state.font_px)
        if isinstance(view, Tinted):
            view.set_colours(theme)
        if isinstance(view, Coloured):
            view.set_colormap(lookup_table(theme))

    def apply_to_plots(self) -> None:
        """The pyqtgraph heatmap, once it exists (it is built after the first paint)."""
        heatmap = self._window.heatmap
        if heatmap is not None:
            heatmap.set_theme(self.theme, self._window.state.font_px)
