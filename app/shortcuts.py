"""Every keyboard shortcut, in one table: the menus bind them and Help lists them."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

import core

from .wording import QT_TRANSLATE_NOOP, fill, head_name, translate


@dataclass(frozen=True)
class Shortcut:
    keys: tuple[str, ...]  # QKeySequence strings; the first is the one shown
    description: str  # English, marked for translation; ``text()`` gives it translated
    head_id: str | None = None  # the head a head key selects

    def text(self) -> str:
        """What the key does, in the language in use."""
        if self.head_id is not None:
            return fill(translate("Shortcuts", self.description), head_name(self.head_id))
        return translate("Shortcuts", self.description)


SHORTCUTS: dict[str, Shortcut] = {
    **{
        f"head_{n}": Shortcut(
            (str(n),), QT_TRANSLATE_NOOP("Shortcuts", "Show the %1 head"), head.id
        )
        for n, head in enumerate(core.HEADS.values(), start=1)
    },
    "query_left": Shortcut(
        ("Left",), QT_TRANSLATE_NOOP("Shortcuts", "Move the query one token left")
    ),
    "query_right": Shortcut(
        ("Right",), QT_TRANSLATE_NOOP("Shortcuts", "Move the query one token right")
    ),
    "mask": Shortcut(("M",), QT_TRANSLATE_NOOP("Shortcuts", "Turn the causal mask on or off")),
    "fullscreen": Shortcut(("F",), QT_TRANSLATE_NOOP("Shortcuts", "Fullscreen on or off")),
    "presenter": Shortcut(
        ("P",),
        QT_TRANSLATE_NOOP("Shortcuts", "Presenter mode: fullscreen, projector colours, large text"),
    ),
    "clicker_next": Shortcut(
        ("PgDown",), QT_TRANSLATE_NOOP("Shortcuts", "Next stop of the tour (presentation clicker)")
    ),
    "clicker_previous": Shortcut(
        ("PgUp",), QT_TRANSLATE_NOOP("Shortcuts", "Previous stop of the tour")
    ),
    "heads_page": Shortcut(
        ("C",), QT_TRANSLATE_NOOP("Shortcuts", "Compare all heads in small maps")
    ),
    "card_page": Shortcut(
        ("H",), QT_TRANSLATE_NOOP("Shortcuts", "The selected head's card: rule, sources, try this")
    ),
    "challenges_page": Shortcut(
        ("G",), QT_TRANSLATE_NOOP("Shortcuts", "Goals: the lesson's three challenges")
    ),
    "steps_page": Shortcut(
        ("S",), QT_TRANSLATE_NOOP("Shortcuts", "Scores, then mask, then softmax")
    ),
    "story_page": Shortcut(
        ("I",), QT_TRANSLATE_NOOP("Shortcuts", "How two layers make an induction head")
    ),
    "learned_page": Shortcut(
        ("L",),
        QT_TRANSLATE_NOOP("Shortcuts", "Heads of a trained model, and training one yourself"),
    ),
    "english_page": Shortcut(
        ("E",), QT_TRANSLATE_NOOP("Shortcuts", "Heads of a small model that has read English")
    ),
    "width_page": Shortcut(
        ("W",), QT_TRANSLATE_NOOP("Shortcuts", "Model width: how d_model is cut into heads")
    ),
    "zoom_in": Shortcut(("Ctrl+=", "Ctrl++"), QT_TRANSLATE_NOOP("Shortcuts", "Larger text")),
    "zoom_out": Shortcut(("Ctrl+-",), QT_TRANSLATE_NOOP("Shortcuts", "Smaller text")),
    "zoom_reset": Shortcut(("Ctrl+0",), QT_TRANSLATE_NOOP("Shortcuts", "Text back to normal size")),
    "glossary": Shortcut(("D",), QT_TRANSLATE_NOOP("Shortcuts", "Open the glossary (definitions)")),
    "help": Shortcut(("F1",), QT_TRANSLATE_NOOP("Shortcuts", "This list")),
    "quit": Shortcut(("Ctrl+Q",), QT_TRANSLATE_NOOP("Shortcuts", "Quit")),
}


def shortcuts_html() -> str:
    """The shortcut table for the Help dialog."""
    rows = "".join(
        f"<tr><td><b>{escape(' / '.join(s.keys))}</b>&nbsp;&nbsp;</td>"
        f"<td>{escape(s.text())}</td></tr>"
        for s in SHORTCUTS.values()
    )
    return f"<table>{rows}</table>"
