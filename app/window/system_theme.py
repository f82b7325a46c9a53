"""The first theme is the desktop's: dark for a dark desktop, light otherwise.

Until the learner picks a theme in the View menu, the window follows the desktop's colour
scheme (``QStyleHints.colorScheme``), also when the desktop switches while it runs, and
nothing is saved: the next start asks the desktop again. A picked theme is saved and
is the learner's from then on. Presenter mode and the kiosk have themes of their own,
which the desktop never overrides.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QGuiApplication

from app.ui.theme import DEFAULT_THEME
from app.window.roles import ThemeHost


def desktop_scheme() -> Qt.ColorScheme:
    """What the desktop says (Unknown where the platform cannot tell)."""
    return QGuiApplication.styleHints().colorScheme()


def desktop_theme_id() -> str:
    """The theme that matches the desktop's colour scheme."""
    return "dark" if desktop_scheme() == Qt.ColorScheme.Dark else DEFAULT_THEME


class SystemTheme(QObject):
    """Tells a theme the learner chose from one the desktop gave, and follows the desktop."""

    def __init__(self, window: ThemeHost) -> None:
        super().__init__(window.window())  # dies with the window, and so does the connection
        self._window = window
        #: Whether the learner picked a theme (now, or in an earlier run: it was saved).
        self.picked = False
        #: The desktop's theme when it was last asked.
        self.followed = desktop_theme_id()
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._desktop_changed)

    def first_theme(self, saved: str) -> str:
        """The theme to start with: the saved choice, or else the desktop's."""
        self.picked = bool(saved)
        self.followed = desktop_theme_id()
        return saved or self.followed

    def pick(self, theme_id: str) -> None:
        """The learner chose ``theme_id`` (View > Theme)."""
        self.picked = True
        self._window.state.set_theme(theme_id)

    def chosen(self, theme_id: str) -> bool:
        """Whether ``theme_id`` in use is a choice to save, not just the desktop's."""
        return self.picked or theme_id != self.followed

    def _desktop_changed(self, _scheme: Qt.ColorScheme) -> None:
        window, state = self._window, self._window.state
        if not window.writes_settings or state.presenting or self.chosen(state.theme_id):
            return  # a kiosk, a presentation, or a theme the learner chose
        self.followed = desktop_theme_id()
        state.set_theme(self.followed)
