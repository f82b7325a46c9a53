"""Every keyboard shortcut, in one table: the menus bind them and Help lists them."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

import core


@dataclass(frozen=True)
class Shortcut:
    keys: tuple[str, ...]  # QKeySequence strings; the first is the one shown
    description: str


SHORTCUTS: dict[str, Shortcut] = {
    **{
        f"head_{n}": Shortcut((str(n),), f"Show the {head.name} head")
        for n, head in enumerate(core.HEADS.values(), start=1)
    },
    "query_left": Shortcut(("Left",), "Move the query one token left"),
    "query_right": Shortcut(("Right",), "Move the query one token right"),
    "mask": Shortcut(("M",), "Turn the causal mask on or off"),
    "fullscreen": Shortcut(("F",), "Fullscreen on or off"),
    "presenter": Shortcut(("P",), "Presenter mode: fullscreen, projector colours, large text"),
    "clicker_next": Shortcut(("PgDown",), "Next stop of the tour (presentation clicker)"),
    "clicker_previous": Shortcut(("PgUp",), "Previous stop of the tour"),
    "heads_page": Shortcut(("C",), "Compare all heads in small maps"),
    "card_page": Shortcut(("H",), "The selected head's card: rule, sources, try this"),
    "challenges_page": Shortcut(("G",), "Goals: the lesson's three challenges"),
    "steps_page": Shortcut(("S",), "Scores, then mask, then softmax"),
    "story_page": Shortcut(("I",), "How two layers make an induction head"),
    "learned_page": Shortcut(("L",), "Heads of a trained model, and training one yourself"),
    "english_page": Shortcut(("E",), "Heads of a small model that has read English"),
    "width_page": Shortcut(("W",), "Model width: how d_model is cut into heads"),
    "zoom_in": Shortcut(("Ctrl+=", "Ctrl++"), "Larger text"),
    "zoom_out": Shortcut(("Ctrl+-",), "Smaller text"),
    "zoom_reset": Shortcut(("Ctrl+0",), "Text back to normal size"),
    "glossary": Shortcut(("D",), "Open the glossary (definitions)"),
    "help": Shortcut(("F1",), "This list"),
    "quit": Shortcut(("Ctrl+Q",), "Quit"),
}


def shortcuts_html() -> str:
    """The shortcut table for the Help dialog."""
    rows = "".join(
        f"<tr><td><b>{escape(' / '.join(s.keys))}</b>&nbsp;&nbsp;</td>"
        f"<td>{escape(s.description)}</td></tr>"
        for s in SHORTCUTS.values()
    )
    return f"<table>{rows}</table>"
