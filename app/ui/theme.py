"""Themes are data: colours and sizes. The Qt style sheet is a template filled from them."""

from __future__ import annotations

from dataclasses import dataclass

#: Body text sizes in pixels, smallest to largest; Ctrl+= and Ctrl+- step through them.
ZOOM_STEPS = (12, 14, 16, 18, 20, 24, 28)
DEFAULT_ZOOM = ZOOM_STEPS.index(16)


def zoom_for_px(px: float) -> int:
    """The text size for a desktop whose font is ``px`` px tall: the step nearest to it,
    never under the program's own 16 px (a desktop set to large text gets large text;
    a small desktop font does not make the lesson smaller than it reads well)."""
    wanted = max(px, ZOOM_STEPS[DEFAULT_ZOOM])
    return min(range(len(ZOOM_STEPS)), key=lambda i: (abs(ZOOM_STEPS[i] - wanted), i))


@dataclass(frozen=True)
class Theme:
    """A colour scheme. Every colour is a '#rrggbb' string."""

    id: str
    name: str
    window: str
    panel: str
    text: str
    muted: str
    accent: str  # selected buttons, focus rings
    accent_text: str
    border: str
    query: str  # outline of the query chip and the query row
    attend: str  # token-strip shading at weight 1
    masked: str  # flat fill of masked cells and chips
    hatch: str  # hatch lines over masked cells
    colormap: str  # pyqtgraph colour map name
    cell_text_dark: str  # numbers on light cells
    cell_text_light: str  # numbers on dark cells
    focus: str  # the one keyboard-focus ring; never red (red is the query, or an error)


THEMES: dict[str, Theme] = {
    t.id: t
    for t in (
        Theme(
            "light",
            "Light",
            window="#f4f5f7",
            panel="#ffffff",
            text="#1b1f24",
            muted="#57606a",
            accent="#0b57d0",
            accent_text="#ffffff",
            border="#c4c9d0",
            query="#d1242f",
            attend="#e8590c",
            masked="#d7dbe0",
            hatch="#9aa3ad",
            colormap="viridis",
            cell_text_dark="#111111",
            cell_text_light="#ffffff",
            focus="#7b2fbf",
        ),
        Theme(
            "dark",
            "Dark",
            window="#15181c",
            panel="#1f2328",
            text="#e6edf3",
            muted="#9da7b3",
            accent="#4c8dff",
            accent_text="#0b0d10",
            border="#3d444d",
            query="#ff6b6b",
            attend="#ff922b",
            masked="#2d333b",
            hatch="#5b6571",
            colormap="viridis",
            cell_text_dark="#111111",
            cell_text_light="#ffffff",
            focus="#d0a8ff",
        ),
        Theme(
            "projector",
            "Projector (high contrast)",
            window="#000000",
            panel="#000000",
            text="#ffffff",
            muted="#e0e0e0",
            accent="#ffd400",
            accent_text="#000000",
            border="#ffffff",
            query="#ff3b3b",
            attend="#ffd400",
            masked="#3a3a3a",
            hatch="#9a9a9a",
            colormap="cividis",
            cell_text_dark="#000000",
            cell_text_light="#ffffff",
            focus="#00e5ff",
        ),
        # The kiosk's own look: black on white with a deep blue accent reads from two
        # metres in a bright hall, and cividis survives any colour vision and glare.
        Theme(
            "exhibit",
            "Exhibit (kiosk)",
            window="#ffffff",
            panel="#ffffff",
            text="#1f1f1f",
            muted="#4d4d4d",
            accent="#0033a0",
            accent_text="#ffffff",
            border="#000000",
            query="#c8102e",
            attend="#f28c00",
            masked="#c9c9c9",
            hatch="#5c5c5c",
            colormap="cividis",
            cell_text_dark="#000000",
            cell_text_light="#ffffff",
            focus="#7b2fbf",
        ),
    )
}
DEFAULT_THEME = "light"
#: The kiosk's own theme (not offered in the View menu).
KIOSK_THEME = "exhibit"

_STYLE = """
QWidget {{ background: {window}; color: {text}; font-size: {font}px; }}
QMenuBar, QMenu {{ background: {panel}; color: {text}; }}
QMenu::item:selected, QMenuBar::item:selected {{ background: {accent}; color: {accent_text}; }}
QToolTip {{ background: {panel}; color: {text}; border: 1px solid {border}; }}
QGroupBox {{ border: 1px solid {border}; border-radius: 6px; margin-top: {group_top}px;
            padding: {pad}px; font-weight: bold; }}
QGroupBox::title {{ subcontrol-origin: margin; left: 10px; padding: 0 4px; }}
QPushButton {{ background: {panel}; color: {text}; border: 2px solid {border};
              border-radius: 6px; padding: {pad}px {pad2}px; min-height: {button}px; }}
QPushButton:checked {{ background: {accent}; color: {accent_text}; border-color: {accent}; }}
QPushButton:focus, QLineEdit:focus, QComboBox:focus {{ border: 3px solid {focus}; }}
QTabBar::tab:focus {{ border: 3px solid {focus}; }}
QLabel#readout {{ font-size: {big}px; font-weight: bold; }}
QLabel#summary, QLabel#legend {{ color: {muted}; }}
QLabel#error {{ color: {query}; font-weight: bold; }}
QLabel#banner {{ background: {accent}; color: {accent_text}; border-radius: 10px;
                padding: {pad2}px; font-size: {big}px; font-weight: bold; }}
QLineEdit, QComboBox {{ background: {panel}; color: {text}; border: 2px solid {border};
                       border-radius: 6px; padding: {pad}px; min-height: {button}px; }}
QLabel#figure, QLabel#plotTitle {{ font-weight: bold; }}
QSlider::groove:horizontal {{ height: 8px; background: {border}; border-radius: 4px; }}
QSlider::handle:horizontal {{ background: {accent}; width: {handle}px; margin: -10px 0;
                             border-radius: {handle_r}px; }}
QScrollArea {{ border: none; }}
QTabBar::tab {{ background: {window}; color: {muted}; padding: {pad}px {tab_pad}px;
               font-size: {tab_font}px;
               border-bottom: 3px solid {border}; min-height: {button}px; }}
QTabBar::tab:selected {{ color: {text}; border-bottom: 4px solid {accent}; font-weight: bold; }}
"""


def style_sheet(theme: Theme, font_px: int) -> str:
    """The application style sheet for a theme at a body-text size."""
    return _STYLE.format(
        **vars(theme),
        font=font_px,
        big=round(font_px * 1.5),
        pad=max(4, font_px // 3),
        pad2=max(6, font_px // 2),
        tab_pad=max(4, font_px // 3),
        # A room's text (24 px and up) never gets smaller on the tabs.
        tab_font=font_px if font_px >= 24 else round(font_px * 0.9),
        button=max(26, round(font_px * 1.5)),  # 40 px in all at the default size
        group_top=round(font_px * 1.2),
        handle=round(font_px * 1.4),
        handle_r=round(font_px * 0.7),
    )
