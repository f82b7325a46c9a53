"""One walk over the state space of every room: each text whole, each tap where it was.

``walk`` starts ``python -m app``'s ``main()`` in a subprocess on a virtual screen (as
``layout_probe`` does) in the normal window, presenter mode or a kiosk, and drives it
through the states a person meets: every sentence the program offers and a sentence of
long words (the lesson's with every head and query; the others with every query of
one head and every head at their last query: the readout changes with both, the
layout with the sentence), every side page, every tour stop, every text size of the
normal window, and in a kiosk attract, the picker, the word tiles (by real touch
events), the PIN pad, the countdown and a reset from every page and dialog.

At each state it records what the screen promises (see ``record``): every text whole,
or cut only where even the room's floor size cannot hold it (and then whole in its
accessible name or tooltip); no glyph outside its box (for text the program paints
itself, caught at ``QPainter.drawText``); the controls where they were; room text of
24 px and more; kiosk targets of 48 px and more. Run it as a script for a table:

    python tests/app/room_walk.py [--sizes 1024x768] [--modes kiosk] [--shots DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import textwrap
from pathlib import Path

from layout_probe import run_on_screen

#: Words that ask for a keyboard, which a kiosk has not.
#: (German "tippen" is also a tap: only "ein-tippen" asks for typing.)
TYPING = re.compile(r"\btyp(e|ing)\b|\beintipp|\btipp\w*\b[^.]*\bein\b", re.IGNORECASE)
#: A room's smallest text and smallest target.
ROOM_TEXT_PX = 24
TOUCH_PX = 48
MODES = ("normal", "presenter", "kiosk")
SIZES = ((1024, 768), (1280, 720), (1366, 768), (1920, 1080))
LANGUAGES = ("en", "de")
#: A sentence of long words, in each language: the words a room must still show whole.
LONG_WORDS = {
    "en": "the extraordinarily uncharacteristic grandmother remembered the extraordinarily "
    "uncharacteristic",
    "de": "die Donaudampfschifffahrt überraschte die Straßenbahnhaltestelle . die "
    "Donaudampfschifffahrt überraschte die",
}
#: A sentence as typed: punctuation after a word, not a space before it ("store , John").
SPACED_PUNCTUATION = re.compile(r"\w \s*[,.;:!?]")


# -- in the program's process -------------------------------------------------------------


def _settle(app, rounds: int = 4) -> None:
    for _ in range(rounds):
        app.processEvents()


def wait_for(done, seconds: float) -> bool:
    """Run the event loop until ``done()`` (a long press's timer, a flick's end), at
    most ``seconds``; whether it came."""
    import time

    from PySide6.QtTest import QTest

    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return False
        QTest.qWait(5)  # polling for the condition, not a fixed wait
    return True


def _settle_layout(app, window, rounds: int = 16) -> None:
    """Let the layout stand: a new sentence sizes the heatmap's axes, and then the row
    around them, over several rounds of events; a state is judged once its controls
    stay where they are from one round to the next."""
    before = controls(window)
    for _ in range(rounds):
        app.processEvents()
        now = controls(window)
        if now == before:
            return
        before = now


def _rect_in(window, widget):
    from PySide6.QtCore import QPoint, QRect

    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def _on_screen(widget) -> bool:
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


def controls(window) -> dict:
    """Where the stage's controls and its changing texts' frames are, in the window."""
    found = {f"head {h}": b for h, b in window.head_selector.buttons.items()}
    found["mask"] = window.mask_toggle
    found["more pages"] = window.more_pages
    found["readout"] = window.readout
    if window.heatmap is not None:
        found["heatmap"] = window.heatmap
    if window.sentence_chooser is not None:
        found["other sentences"] = window.sentence_chooser
    return {name: list(_rect_in(window, w).getRect()) for name, w in found.items() if w.isVisible()}


class PaintedTexts:
    """Every text the program paints itself (a Python ``QPainter.drawText``), with the
    font and the box it was given: a widget's own labels are judged by their sizes,
    painted words (chips, axes, banners, the PIN pad's dots) by what was drawn."""

    def __init__(self) -> None:
        from PySide6.QtGui import QPainter

        self.recording = False
        self.seen: list[tuple] = []
        original = QPainter.drawText

        def draw_text(painter, *args):
            if self.recording:
                self.seen.append(_painted(painter, args))
            return original(painter, *args)

        QPainter.drawText = draw_text

    def during(self, paint) -> list[tuple]:
        """The texts painted while ``paint()`` runs."""
        self.seen, self.recording = [], True
        try:
            paint()
        finally:
            self.recording = False
        return self.seen


def _painted(painter, args) -> tuple:
    """(text, pixel size on screen, box or None, flags, the painted device's class)."""
    from PySide6.QtCore import QRect, QRectF
    from PySide6.QtGui import QFont, QFontInfo

    box, flags, text = None, 0, ""
    if len(args) >= 3 and isinstance(args[0], (QRect, QRectF)) and isinstance(args[2], str):
        box, flags, text = QRectF(args[0]), int(args[1]), args[2]
    elif len(args) >= 2 and isinstance(args[0], (QRect, QRectF)) and isinstance(args[1], str):
        box, text = QRectF(args[0]), args[1]
    else:
        text = next((a for a in args if isinstance(a, str)), "")
    font = QFont(painter.font())
    scale = abs(painter.worldTransform().m22()) or 1.0
    px = round(QFontInfo(font).pixelSize() * scale)
    device = type(painter.device()).__name__
    return text, px, box, flags, font, device


def painted_trouble(painted: tuple, tokens: tuple[str, ...], room: bool) -> list[str]:
    """What is wrong with one painted text: cut where it need not be, glyphs out of its
    box, smaller than a room's text."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QFontMetricsF

    text, px, box, flags, font, device = painted
    problems = []
    if not text.strip():
        return problems
    if room and px < ROOM_TEXT_PX:
        problems.append(f"painted {text[:30]!r} at {px} px")
    for _part in _cut_parts(text, tokens):
        problems.append(f"painted {text!r} cut, though not proven unable to fit")
    dont_clip = int(Qt.TextFlag.TextDontClip)
    if box is not None and device != "QPicture" and not flags & dont_clip:
        needed = QFontMetricsF(font).boundingRect(box, flags, text)
        wrapped = "\n" in text or flags & int(Qt.TextFlag.TextWordWrap)
        # One line: its ink and 2 px each side; wrapped lines: as Qt lays them in the box.
        ink = needed.width() if wrapped else QFontMetricsF(font).tightBoundingRect(text).width() + 4
        if needed.height() > box.height() + 0.5 or ink > box.width() + 0.5:
            problems.append(
                f"painted {text!r} ({needed.width():.0f}x{needed.height():.0f}) crosses its "
                f"box ({box.width():.0f}x{box.height():.0f})"
            )
    return problems


def _cut_parts(text: str, tokens: tuple[str, ...]) -> list[str]:
    """The parts of ``text`` that show only part of one of the sentence's tokens ("…"),
    and that the program's fitting did not prove unable to fit whole."""
    cut = []
    for part in re.split(r"\s+", text):
        stem = part.replace("…", "")
        partial = "…" in part and stem and any(stem in t and stem != t for t in tokens)
        if partial and not _proven_cut(part):
            cut.append(part)
    return cut


def _proven_cut(shown: str) -> bool:
    """Whether the program's fitting says ``shown`` could not be whole even at its
    floor size, and the walk can confirm it (see ``app.ui.fitting.proven_cut``)."""
    from app.ui import fitting

    check = getattr(fitting, "proven_cut", None)
    return bool(check is not None and check(shown))


def text_trouble(widget) -> str | None:
    """Why ``widget``'s text is cut off, or None when it fits (labels and buttons)."""
    from PySide6.QtWidgets import QAbstractButton, QLabel

    if isinstance(widget, QLabel) and widget.text() and widget.pixmap().isNull():
        fitted = getattr(widget, "fitted", None)
        full = getattr(fitted, "full_text", "")
        if full and widget.text() != full and not _proven_cut(widget.text()):
            return f"label {full[:40]!r} shown as {widget.text()[:40]!r}, though not proven"
        if (
            full
            and widget.text() != full
            and full not in (widget.accessibleName(), widget.toolTip())
        ):
            return f"label {full[:40]!r} cut, and its whole text is nowhere to be read"
        if widget.wordWrap():
            if widget.height() < widget.heightForWidth(widget.width()) - 1:
                return f"label {widget.text()[:40]!r} cut at the bottom"
        elif widget.width() < widget.sizeHint().width() - 1 and "…" not in widget.text():
            return f"label {widget.text()[:40]!r} cut at the side"
    if isinstance(widget, QAbstractButton) and widget.text():
        metrics = widget.fontMetrics()
        if widget.width() < metrics.horizontalAdvance(widget.text()) + 4:
            return f"button {widget.text()!r} narrower than its text ({widget.width()} px)"
        if widget.width() < widget.minimumSizeHint().width() - 1:
            return f"button {widget.text()!r} narrower than its minimum"
    return None


def cut_by_frame(stage) -> list[str]:
    """Widgets on a room's stage that an ancestor cuts: a room never scrolls, so every
    visible part of its stage must show whole (a legend under the column's edge did not)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QWidget

    DIRECT = Qt.FindChildOption.FindDirectChildrenOnly  # noqa: N806
    cut = []
    for widget in stage.findChildren(QWidget):
        if not _on_screen(widget) or widget.isWindow():
            continue
        if any(_on_screen(c) for c in widget.findChildren(QWidget, options=DIRECT)):
            continue  # a holder may reach past its frame; what it holds must not
        shown = widget.visibleRegion().boundingRect()
        if shown.height() < widget.height() - 1 or shown.width() < widget.width() - 1:
            name = widget.accessibleName() or widget.objectName() or type(widget).__name__
            cut.append(f"{name!r} shows {shown.width()}x{shown.height()} of {widget.size()}")
    return cut


def _visible_text(widget) -> str:
    from PySide6.QtWidgets import QAbstractButton, QLabel

    if isinstance(widget, (QLabel, QAbstractButton)):
        return re.sub(r"<[^>]+>", " ", widget.text())
    return ""


def widget_problems(window, mode: str) -> list[str]:
    """What is wrong with the window's own widgets (labels, buttons, targets)."""
    from PySide6.QtGui import QFontInfo
    from PySide6.QtWidgets import QAbstractButton, QAbstractSlider, QComboBox, QScrollBar, QWidget

    problems = cut_by_frame(window.stage) if mode != "normal" else []
    for widget in window.findChildren(QWidget):
        if not _on_screen(widget):
            continue
        trouble = text_trouble(widget)
        if trouble:
            problems.append(trouble)
        if (
            isinstance(widget, QScrollBar)
            and mode != "normal"
            and window.stage.isAncestorOf(widget)
        ):
            problems.append(f"a scroll bar on the stage ({widget.parentWidget().objectName()})")
        text = _visible_text(widget)
        if mode == "normal":
            continue
        if text and QFontInfo(widget.font()).pixelSize() < ROOM_TEXT_PX:
            size = QFontInfo(widget.font()).pixelSize()
            problems.append(f"text {text[:30]!r} at {size} px")
        if mode != "kiosk":
            continue
        if text and TYPING.search(text):
            problems.append(f"text asks for typing: {text[:60]!r}")
        target = isinstance(widget, (QAbstractButton, QAbstractSlider, QComboBox))
        small = min(widget.width(), widget.height()) < TOUCH_PX
        if target and small and not isinstance(widget, QScrollBar):
            problems.append(f"target {text or widget.objectName()!r} {widget.size()}")
    return problems


def record(window, name: str, mode: str, painted: PaintedTexts | None = None) -> dict:
    """What the window shows in this state, and what is wrong with it."""
    from PySide6.QtCore import QRect

    from app.text.lesson import is_lesson_sentence

    room = mode != "normal"
    heatmap = window.heatmap
    n = len(window.state.tokens)
    first, last = heatmap.cell_rect(0, 0), heatmap.cell_rect(n - 1, n - 1)
    grid = first.united(last).toAlignedRect()
    grid = QRect(heatmap.mapTo(window, grid.topLeft()), grid.size())
    view = window.scroll_area.viewport()
    seen = _rect_in(window, view).intersected(grid)
    cell = first.height()
    problems = widget_problems(window, mode)
    if painted is not None:
        for axis in (heatmap.plot.getAxis("top"), heatmap.plot.getAxis("left")):
            axis.picture = None  # pyqtgraph keeps its axes as pictures: draw them again
        drawn = painted.during(window.grab)
        for text in drawn:
            problems += painted_trouble(text, window.state.tokens, room)
    strip = window.token_strip
    if mode == "kiosk":
        for i in range(n):
            chip = strip.chip_rect(i)
            if min(chip.width(), chip.height()) < TOUCH_PX:
                problems.append(f"chip {i} {window.state.tokens[i]!r} {chip.width():.0f} px wide")
        problems += _thin_model_chips(window)
    banner = window.banner
    if banner.isVisible() and room:
        for part, rect in (("heatmap", grid), ("readout", _rect_in(window, window.readout))):
            if _rect_in(window, banner).intersects(rect):
                problems.append(f"the banner covers the {part}")
    labels = heatmap.labels
    return {
        "name": name,
        "n": n,
        "sentence": window.state.sentence,
        "lesson": is_lesson_sentence(window.state.sentence),
        "zoom": window.state.zoom,
        "grid_px": grid.height(),
        "grid_share": grid.height() / window.height(),
        "visible_share": max(0, seen.height()) / window.height(),
        "cell_px": cell,
        "numbers_drawn": cell >= labels.min_cell_px,
        "number_px": labels.number_px(cell),
        "number_width_px": labels.widest_number_px(cell),
        "chip_label_px": strip.label_px(),
        "readout_px": _font_px(window.readout),
        "readout_cut": window.readout.text() != window.readout.fitted.full_text,
        "controls": controls(window),
        "stage_in_view": window.scroll_area.verticalScrollBar().value() == 0,
        "problems": problems,
    }


def _lesson_in(text: str) -> bool:
    """Whether ``text`` quotes the lesson's own sentence (spaced as the lesson writes it)."""
    from app.text.i18n import LANGUAGES
    from app.text.lesson import lesson_sentence

    return any(lesson_sentence(code) in text for code in LANGUAGES)


def _thin_model_chips(window) -> list[str]:
    """The English and GPT-2 pages' chips on screen that a finger cannot hit."""
    from app.panels.english.chips import ModelTokens

    thin = []
    for chips in window.findChildren(ModelTokens):
        if not chips.isVisible():
            continue
        for i, rect in enumerate(chips._layout(chips.width())):
            if min(rect.width(), rect.height()) < TOUCH_PX:
                thin.append(f"model chip {i} {chips.labels[i]!r} {rect.width():.0f} px wide")
    return thin


def _font_px(widget) -> int:
    from PySide6.QtGui import QFontInfo

    widget.ensurePolished()
    return QFontInfo(widget.font()).pixelSize()


def blank_share(window) -> float:
    """The widest stretch of the heatmap's row, across the screen, with nothing in it."""
    from PySide6.QtWidgets import QWidget

    stage = window.stage
    row_top = _rect_in(window, stage.heatmap_holder).top()
    spans = []
    parts = [window.heatmap.graphics, *stage.column.findChildren(QWidget)]
    parts += [window.room_maps] if window.room_maps is not None else []
    for widget in parts:
        if _on_screen(widget) and widget.height() > 0:
            rect = _rect_in(window, widget)
            if rect.bottom() >= row_top:
                spans.append((rect.left(), rect.right()))
    spans.sort()
    edge, widest = 0, 0
    for left, right in spans:
        widest = max(widest, left - edge)
        edge = max(edge, right)
    widest = max(widest, window.width() - edge)
    return widest / window.width()


class KioskWalk:
    """The kiosk's own states, on top of the stage walk (a mixin for ``Walker``)."""

    def kiosk_walk(self) -> None:
        kiosk, window = self.kiosk, self.window
        self.note("start")
        self.facts["blank_share"] = blank_share(window)
        self.shot("kiosk-start")
        kiosk.start_attracting()
        for number in range(1, 12):
            entry = self.note(f"attract stop {number}")
            if not kiosk.banner.isVisible():
                entry["problems"].append("no invitation while attracting")
            self.check_invitation(entry)
            kiosk.attract.advance()
        self.shot("kiosk-attract")
        self.tap(window.token_strip)  # the waking touch
        entry = self.note("woken")
        if kiosk.attracting or kiosk.banner.isVisible():
            entry["problems"].append("a touch did not wake the exhibit")
        self.stage_walk()
        self.picker_and_tiles()
        self.pin_pad()
        self.corner_hold()
        kiosk._on_idle()  # what the idle timer does after its time
        self.note("countdown")
        self.tap(window.token_strip)
        self.drags()
        self.resets()

    def check_invitation(self, entry: dict) -> None:
        banner = self.kiosk.banner
        if banner.smallest_text_px() < ROOM_TEXT_PX:
            entry["problems"].append(f"invitation at {banner.smallest_text_px()} px")
        if not banner.invitation_fits():
            entry["problems"].append("the invitation's words do not fit")
        strip = banner.banner_rect().toAlignedRect()
        strip.translate(banner.mapTo(self.window, strip.topLeft()) - strip.topLeft())
        heatmap = self.window.heatmap.graphics
        for part, widget in (("heatmap", heatmap), ("readout", self.window.readout)):
            if strip.intersects(_rect_in(self.window, widget)):
                entry["problems"].append(f"the invitation covers the {part}")

    def picker_and_tiles(self) -> None:
        window = self.window
        self.tap(window.sentence_chooser)
        picker = window.sentence_chooser.picker
        entry = self.note("sentence picker")
        if picker is None or not picker.isVisible():
            entry["problems"].append("the picker did not open")
            return
        self.shot("kiosk-picker")
        self.check_picker(entry, picker, picker.pages.currentWidget())
        self.tap(picker.build_own)
        tiles = picker.tiles
        entry = self.note("word tiles")
        self.check_picker(entry, picker, tiles)
        self.shot("kiosk-tiles-before")
        places = {word: list(_rect_in(window, t).getRect()) for word, t in tiles.tiles.items()}
        word, tile = next(iter(tiles.tiles.items()))
        point = tile.rect().center()
        for _ in range(5):
            self.tap(tile, point)
        self.facts["same_point"] = {"word": word, "chosen": list(tiles.chosen)}
        self.tap(tiles.clear)
        wanted = [w for w in ("red", "green", "blue", "red", "green") if w in tiles.tiles]
        wanted = wanted or list(tiles.tiles)[1:6]
        for word in wanted:
            self.tap(tiles.tiles[word])
        self.facts["spelled"] = {"wanted": wanted, "chosen": list(tiles.chosen)}
        for word in (",", "."):  # punctuation joins the word before it, as written
            if word in tiles.tiles:
                self.tap(tiles.tiles[word])
                self.tap(tiles.tiles[wanted[0]])
        entry = self.note("word tiles with punctuation")
        self.check_picker(entry, picker, tiles)
        now = {word: list(_rect_in(window, t).getRect()) for word, t in tiles.tiles.items()}
        self.facts["tiles_moved"] = [w for w in places if places[w] != now[w]]
        self.shot("kiosk-tiles-after")
        built = list(tiles.chosen)
        self.set_up_a_coincidence(built)
        completed = set(window.state.completed)
        self.tap(tiles.use)
        entry = self.note("own sentence")
        if picker.isVisible() or list(window.state.tokens) != built:
            entry["problems"].append(f"the built sentence is not shown: {window.state.sentence}")
        if set(window.state.completed) != completed:
            done = sorted(set(window.state.completed) - completed)
            entry["problems"].append(f"choosing a sentence completed challenges {done}")

    def set_up_a_coincidence(self, tokens: list[str]) -> None:
        """The head and query that would answer a challenge on ``tokens``, set before
        the sentence is used: choosing it must still complete nothing by itself."""
        import core

        state = self.window.state
        state.reset_challenges()  # a new visitor: the stage walk met them all
        for head in [h for h in self.window.head_selector.buttons if h != state.head_id]:
            for query in range(min(len(tokens), len(state.tokens))):
                met = core.challenges.met_challenges(tokens, head, True, query)
                here = core.challenges.met_challenges(state.tokens, head, True, query)
                if met - here:  # an answer there, and none on the sentence before
                    state.set_causal(True)
                    state.set_head(head)
                    state.set_query(query)
                    _settle(self.app)
                    self.facts["coincidence"] = [head, query, sorted(met - here)]
                    return

    def check_picker(self, entry: dict, picker, page) -> None:
        """The picker uses its screen (little blank) with one type scale."""
        from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

        sizes = {}
        for widget in picker.findChildren(QWidget):
            text = _visible_text(widget)
            if (
                _on_screen(widget)
                and text.strip()
                and isinstance(widget, (QLabel, QAbstractButton))
            ):
                sizes[text[:20]] = _font_px(widget)
                if SPACED_PUNCTUATION.search(text) and not _lesson_in(text):
                    entry["problems"].append(f"a sentence not as written: {text[:60]!r}")
                for problem in (text_trouble(widget),):
                    if problem:
                        entry["problems"].append(problem)
        if sizes and max(sizes.values()) > 1.6 * min(sizes.values()):
            entry["problems"].append(f"the picker mixes text sizes {sorted(set(sizes.values()))}")
        shown = [
            _rect_in(picker, w)
            for w in page.findChildren(QAbstractButton)
            if _on_screen(w) and w.text() != "" or isinstance(w, QAbstractButton) and _on_screen(w)
        ]
        if shown:
            used = max(r.bottom() for r in shown) - min(r.top() for r in shown)
            blank = 1 - used / max(1, _rect_in(picker, page).height())
            entry.setdefault("picker_blank", blank)
            if blank > 0.25 and self.window.width() >= 1900:
                entry["problems"].append(f"the picker's page is {blank:.0%} blank")

    def pin_pad(self) -> None:
        from PySide6.QtCore import QPoint
        from PySide6.QtTest import QTest

        kiosk, window = self.kiosk, self.window
        corner = QPoint(10, 10)
        QTest.touchEvent(window, self.touch).press(0, corner, window).commit()
        wait_for(kiosk.pin_pad.isVisible, kiosk.config.long_press_seconds + 5)
        QTest.touchEvent(window, self.touch).release(0, corner, window).commit()
        entry = self.note("PIN pad")
        pad = kiosk.pin_pad
        if not pad.isVisible():
            entry["problems"].append("a long press in the corner opened no PIN pad")
            pad.open()

        def keys():
            return {k: list(_rect_in(window, b).getRect()) for k, b in pad.keys.items()}

        before = keys()
        for key in ("1", "3", "5", "7", "ok"):
            self.tap(pad.keys[key])
        entry = self.note("wrong PIN")
        self.check_pad(entry, before, keys())
        self.tap(pad.keys["2"])
        entry = self.note("after a wrong PIN, a digit")
        self.check_pad(entry, before, keys())
        self.tap(pad.keys["cancel"])

    @staticmethod
    def check_pad(entry: dict, before: dict, now: dict) -> None:
        moved = [k for k in before if before[k] != now[k]]
        if moved:
            shift = max(abs(a - b) for k in moved for a, b in zip(before[k], now[k], strict=False))
            entry["problems"].append(f"the PIN pad's keys moved {shift} px ({moved[0]})")

    def corner_hold(self) -> None:
        """Staff hold the corner, over whatever is there: it opens the pad and does
        nothing else (the chip under the corner stays unchosen)."""
        from PySide6.QtCore import QPoint, QRect
        from PySide6.QtTest import QTest

        kiosk, window = self.kiosk, self.window
        state = window.state
        state.set_query(len(state.tokens) - 1)
        _settle(self.app)
        query = state.query
        strip = window.token_strip
        chip = strip.chip_rect(0).toAlignedRect()
        chip.moveTopLeft(strip.mapTo(window, chip.topLeft()))
        size = kiosk.config.corner_px
        corner = chip.intersected(QRect(0, 0, size, size)).center()  # the chip under it
        if not chip.intersects(QRect(0, 0, size, size)):
            corner = QPoint(6, 6)
        QTest.touchEvent(window, self.touch).press(0, corner, window).commit()
        wait_for(kiosk.pin_pad.isVisible, kiosk.config.long_press_seconds + 5)
        QTest.touchEvent(window, self.touch).release(0, corner, window).commit()
        entry = self.note("corner held over the stage")
        self.facts["corner_hold"] = {
            "at": [corner.x(), corner.y()],
            "chip": list(chip.getRect()),
            "pad": kiosk.pin_pad.isVisible(),
            "query": [query, state.query],
        }
        if state.query != query:
            entry["problems"].append(f"the staff hold also chose query {state.query}")
        kiosk.pin_pad.press("cancel")

    def drags(self) -> None:
        window = self.window
        bar = window.scroll_area.verticalScrollBar()
        window.reveal_stage()
        self.drag(window.heatmap, -300, finger=True)
        self.facts["finger_drag"] = bar.value()
        window.reveal_stage()
        self.drag(window.head_selector.buttons["broad"], -300, finger=False)
        self.facts["mouse_drag"] = bar.value()
        window.reveal_stage()
        _settle(self.app)

    def open_by_finger(self, name: str) -> None:
        chooser = getattr(self.window, "page_chooser", None)
        if chooser is None:
            self.window.open_page(self.window.pages[name])
        else:
            self.tap(self.window.more_pages)
            self.tap(chooser.buttons[name])
        _settle(self.app)

    def resets(self) -> None:
        window, kiosk = self.window, self.kiosk
        resets = {}
        chooser = getattr(window, "page_chooser", None)
        pages = window.pages if chooser is None else chooser.buttons  # the pages it offers
        openers = {f"page {name}": (lambda n=name: self.open_by_finger(n)) for name in pages}
        openers["glossary"] = lambda: window.glossary.show_term("causal_mask")
        openers["sentence picker"] = lambda: self.tap(window.sentence_chooser)
        openers["PIN pad"] = kiosk.pin_pad.open
        openers["countdown"] = kiosk._on_idle
        for name, opener in openers.items():
            opener()
            self.note(f"open: {name}")
            if name == "page english":
                self.shot("kiosk-english-page")
            kiosk.start_attracting()  # the idle reset, as the countdown ends it
            _settle(self.app, 8)
            entry = self.note(f"reset from {name}")
            if name == "page english":
                self.shot("kiosk-reset-from-english")
            open_now = [w.objectName() or type(w).__name__ for w in _open_dialogs(window)]
            resets[name] = {
                "scrolled": window.scroll_area.verticalScrollBar().value(),
                "open": open_now,
                "page": window.side_tabs.current_name(),
            }
            if resets[name]["scrolled"] or open_now:
                entry["problems"].append(f"not back on the stage: {resets[name]}")
            self.tap(window.token_strip)  # wake again
        self.facts["resets"] = resets


class Walker(KioskWalk):
    """Steps one window through its states and records each one."""

    def __init__(self, app, window, mode: str, kiosk=None, shots: str | None = None) -> None:
        from PySide6.QtTest import QTest

        self.app, self.window, self.kiosk, self.mode = app, window, kiosk, mode
        self.shots = shots
        self.states: list[dict] = []
        self.facts: dict = {}
        self.touch = QTest.createTouchDevice()
        self.painted = PaintedTexts()

    def note(self, name: str) -> dict:
        _settle(self.app)
        _settle_layout(self.app, self.window)
        entry = record(self.window, name, self.mode, self.painted)
        self.states.append(entry)
        return entry

    def shot(self, name: str) -> None:
        if self.shots:
            size = f"{self.window.width()}x{self.window.height()}"
            self.window.grab().save(os.path.join(self.shots, f"{self.mode}-{size}-{name}.png"))

    # -- input as a visitor gives it --------------------------------------------------------

    def tap(self, widget, point=None) -> None:
        """A finger's tap at ``point`` of ``widget`` (its centre by default)."""
        from PySide6.QtTest import QTest

        where = widget.mapTo(self.window, point if point is not None else widget.rect().center())
        QTest.touchEvent(self.window, self.touch).press(0, where, self.window).commit()
        QTest.touchEvent(self.window, self.touch).release(0, where, self.window).commit()
        _settle(self.app, 6)

    def drag(self, widget, dy: int, finger: bool = True) -> None:
        """Drag the content under ``widget``'s centre by ``dy`` px, by finger or mouse."""
        from PySide6.QtCore import QPoint, Qt
        from PySide6.QtTest import QTest

        start = widget.mapTo(self.window, widget.rect().center())
        steps = [start + QPoint(0, round(dy * k / 8)) for k in range(1, 9)]
        if finger:
            QTest.touchEvent(self.window, self.touch).press(0, start, self.window).commit()
            for point in steps:
                QTest.qWait(16)
                QTest.touchEvent(self.window, self.touch).move(0, point, self.window).commit()
            QTest.touchEvent(self.window, self.touch).release(0, steps[-1], self.window).commit()
        else:
            target = self.window.childAt(start) or self.window
            local = target.mapFrom(self.window, start)
            QTest.mousePress(target, Qt.MouseButton.LeftButton, pos=local)
            for point in steps:
                QTest.qWait(16)
                QTest.mouseMove(target, target.mapFrom(self.window, point))
            QTest.mouseRelease(
                target, Qt.MouseButton.LeftButton, pos=target.mapFrom(self.window, steps[-1])
            )
        wait_for(lambda: _flick_over(self.window), 3)
        _settle(self.app)

    # -- the walks ---------------------------------------------------------------------

    def heads_and_queries(self, label: str, every_head: bool) -> None:
        """Every query of this sentence; with every head, or else every query of the
        head in use and every head at the last query."""
        state = self.window.state
        heads = list(self.window.head_selector.buttons)
        for head in heads if every_head else [state.head_id]:
            state.set_head(head)
            for query in range(len(state.tokens)):
                state.set_query(query)
                self.note(f"{label}: {head} query {query}")
        if not every_head:
            for head in heads:
                state.set_head(head)
                self.note(f"{label}: {head} query {state.query}")

    def stage_walk(self) -> None:
        from app.text.i18n import current_language
        from app.text.lesson import examples, exhibit_examples, lesson_sentence

        state = self.window.state
        state.set_sentence(lesson_sentence())
        self.heads_and_queries("lesson", every_head=True)
        state.set_causal(False)
        state.set_query(0)
        self.note("lesson: mask off")
        state.set_causal(True)
        sentences = [e.sentence for e in (*examples(), *exhibit_examples())]
        sentences.append(LONG_WORDS[current_language()])
        for number, sentence in enumerate(dict.fromkeys(sentences)):
            state.set_sentence(sentence)
            self.heads_and_queries(f"sentence {number}", every_head=False)
            if sentence == LONG_WORDS[current_language()]:
                self.shot("long-words")
        state.set_sentence(lesson_sentence())
        state.set_query(7)

    def tour(self) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        for number in range(1, 12):
            QTest.keyClick(self.window, Qt.Key.Key_PageDown)  # the clicker
            _settle(self.app, 8)  # a new sentence: the axes size, then the row around them
            entry = self.note(f"tour stop {number}")
            caption = getattr(self.window, "tour_caption", None)
            if caption is None or not caption.isVisible() or not _on_screen(caption):
                entry["problems"].append("no caption on screen")
            elif caption.text() != caption.full_text():
                entry["problems"].append(f"caption cut: {caption.text()!r}")
            if number in (1, 5):
                self.shot(f"tour-{number:02d}")

    def pages(self) -> None:
        """Every side page, as the window opens it; the drawing of the Width page on
        screen without scrolling past blank bands."""
        window = self.window
        for name, page in window.pages.items():
            window.open_page(page)
            _settle(self.app, 8)
            entry = self.note(f"page {name}")
            if name == "width":
                self.check_width_page(entry)
                self.shot("width-page")
        window.side_tabs.setCurrentIndex(0)
        window.reveal_stage()

    def check_width_page(self, entry: dict) -> None:
        from app.panels.width_diagram import WidthDiagram

        window = self.window
        diagram = window.pages["width"].findChild(WidthDiagram)
        view = _rect_in(window, window.scroll_area.viewport())
        if diagram is None or not diagram.isVisible():
            entry["problems"].append("the Width page shows no drawing")
            return
        place = _rect_in(window, diagram)
        if place.bottom() > view.bottom() + 1:
            entry["problems"].append(
                f"the Width page's drawing ends {place.bottom() - view.bottom()} px below the fold"
            )

    def zooms(self) -> None:
        """Every text size of the normal window: larger text never leaves smaller cells."""
        from app.ui.theme import ZOOM_STEPS

        state = self.window.state
        default = state.zoom
        cells = {}
        for zoom in range(len(ZOOM_STEPS)):
            state.set_zoom(zoom)
            _settle(self.app, 8)
            entry = self.note(f"zoom {zoom}")
            cells[zoom] = entry["cell_px"]
            if zoom > default and cells[zoom] < cells[default] - 0.5:
                entry["problems"].append(
                    f"zoom {zoom} leaves cells of {cells[zoom]:.0f} px, {cells[default]:.0f} "
                    "px at the default size"
                )
            if zoom == len(ZOOM_STEPS) - 1:
                self.shot("largest-text")
        state.set_zoom(default)
        _settle(self.app, 8)
        self.facts["zoom_cells"] = cells

    def normal(self) -> None:
        self.note("start")
        self.facts["font_px"] = self.window.state.font_px
        self.shot("normal-start")
        self.stage_walk()
        self.tour()
        self.pages()
        self.zooms()

    def presenter(self) -> None:
        self.note("start")
        self.facts["blank_share"] = blank_share(self.window)
        self.shot("presenter-start")
        self.tour()
        self.stage_walk()
        self.pages()


def _flick_over(window) -> bool:
    from PySide6.QtWidgets import QScroller

    scroller = QScroller.scroller(window.scroll_area.viewport())
    return scroller.state() != QScroller.State.Scrolling


def _open_dialogs(window) -> list:
    from PySide6.QtWidgets import QDialog

    kiosk = window.findChild(_kiosk_type())
    shown = [d for d in window.findChildren(QDialog) if d.isVisible()]
    for part in (kiosk.pin_pad, kiosk.countdown):
        if part.isVisible():
            shown.append(part)
    return shown


def _kiosk_type():
    from app.kiosk.mode import Kiosk

    return Kiosk


def _write(walker: Walker) -> None:
    print("WALK " + json.dumps({"states": walker.states, "facts": walker.facts}), flush=True)


_DRIVER = """
import os, sys, time, traceback
import app.kiosk.recovery as _recovery
_handle = _recovery.ExceptionReset._handle
def _print_and_handle(self, kind, value, tb):  # the walk shows what went wrong
    traceback.print_exception(kind, value, tb)
    _handle(self, kind, value, tb)
_recovery.ExceptionReset._handle = _print_and_handle
from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication
import app.window.main_window
from app.export.pictures import settle
sys.path.insert(0, {tests!r})
import room_walk

MODE, SHOTS, SIZE, DESKTOP_PT = {mode!r}, {shots!r}, {size!r}, {desktop_pt!r}


class Walked(app.window.main_window.MainWindow):
    def __init__(self):
        if DESKTOP_PT:  # the desktop's font size, as a desktop session gives it
            font = QFont(QApplication.font())
            font.setPointSize(DESKTOP_PT)
            QApplication.setFont(font)
        super().__init__()
        self.plots_ready.connect(lambda: QTimer.singleShot(50, self.walk))

    def walk(self):
        if MODE == "normal":
            self.showNormal()
            self.setGeometry(0, 0, *SIZE)
            from app.launch import keep_frame_inside
            keep_frame_inside(self)  # what the program does once its frame is drawn
        settle(self, 300)
        from app.kiosk.mode import Kiosk
        kiosk = self.findChild(Kiosk)
        walker = room_walk.Walker(QApplication.instance(), self, MODE, kiosk, SHOTS)
        try:
            if DESKTOP_PT:
                walker.facts["font_px"] = self.state.font_px
                walker.facts["body_px"] = room_walk._font_px(self.readout.parentWidget())
                walker.facts["cell_px"] = walker.note("start")["cell_px"]
            else:
                getattr(walker, {{"kiosk": "kiosk_walk"}}.get(MODE, MODE))()
        except BaseException:  # the walk stopped short: say so, never pass as whole
            walker.facts["error"] = traceback.format_exc()
        finally:
            room_walk._write(walker)
            QCoreApplication.exit(0)  # exit, not quit: a kiosk refuses to close

app.window.main_window.MainWindow = Walked
from app.main import main
sys.exit(main({argv!r} + sys.argv[1:]))
"""


def walk(
    width: int, height: int, mode: str, language: str = "en", shots=None, desktop_pt: int = 0
) -> dict:
    """Walk ``mode`` ("normal", "presenter" or "kiosk") on a ``width`` x ``height``
    screen; with ``desktop_pt``, only open the normal window with the desktop's font at
    that size and measure it."""
    argv = ["--language", language]
    argv += {"normal": [], "presenter": ["--presenter"], "kiosk": ["--kiosk"]}[mode]

    def kiosk_config(home: Path) -> list[str]:
        if mode != "kiosk":
            return []
        config = home / "kiosk.json"
        config.write_text(
            json.dumps({"idle_seconds": 3600, "staff_pin": "2468", "long_press_seconds": 0.5})
        )
        return ["--kiosk-config", str(config)]

    script = textwrap.dedent(
        _DRIVER.format(
            tests=str(Path(__file__).parent),
            mode=mode,
            shots=shots,
            argv=argv,
            size=(width, height),
            desktop_pt=desktop_pt,
        )
    )
    lines, result = run_on_screen(script, width, height, "WALK ", 600, kiosk_config)
    if os.environ.get("AH_WALK_ECHO"):
        print("\n".join(x for x in result.stdout.splitlines() if not x.startswith("WALK ")))
    if result.returncode != 0 or not lines:
        raise RuntimeError(f"walk failed ({result.returncode}): {result.stderr[-30000:]}")
    walked = json.loads(lines[-1])
    if "error" in walked["facts"]:
        raise RuntimeError(f"the walk stopped short: {walked['facts']['error']}")
    return walked


def moved(states: list[dict], mode: str = "presenter") -> tuple[int, str]:
    """How far the controls moved at most between states, and where: in a room from
    the first state on; in the normal window, whose chips take the rows a typed
    sentence needs, within each sentence at one text size (the tour's stops too: its
    caption takes the head summary's place, no lines of the stage's)."""
    worst, where = 0, ""
    firsts: dict = {}
    for state in (s for s in states if s["stage_in_view"]):
        group = "room" if mode != "normal" else (state["sentence"], state["zoom"])
        first = firsts.setdefault(group, state["controls"])
        for name, rect in state["controls"].items():
            if name in first:
                shift = max(abs(a - b) for a, b in zip(rect, first[name], strict=True))
                if shift > worst:
                    worst, where = shift, f"{name} in {state['name']!r}"
    return worst, where


def readout_heights(states: list[dict]) -> set[int]:
    """The heights the readout's frame took, at the default text size (it reserves its
    lines: a wrapping sentence never pushes what is around it)."""
    zoom = states[0]["zoom"]
    return {
        s["controls"]["readout"][3]
        for s in states
        if s["zoom"] == zoom and "readout" in s["controls"]
    }


def summary(mode: str, size: str, language: str, result: dict) -> str:
    states = result["states"]
    lesson = [s for s in states if s["lesson"] and s["stage_in_view"]] or states
    worst, where = moved(states, mode)
    return (
        f"{mode:9s} {size:9s} {language} states {len(states):3d}  "
        f"grid {min(s['grid_share'] for s in lesson):.0%}  cell "
        f"{min(s['cell_px'] for s in lesson):.0f} px  moved {worst} px {where}  readout "
        f"{min(s['readout_px'] for s in states)} px, heights {sorted(readout_heights(states))}"
        f"  chip line {min(s['chip_label_px'] for s in states)} px"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--languages", default=",".join(LANGUAGES))
    parser.add_argument("--shots", default=None, help="a folder for pictures of the walk")
    parser.add_argument("--verbose", action="store_true", help="every state, every fact")
    options = parser.parse_args()
    total = 0
    for mode in options.modes.split(","):
        for text in options.sizes.split(","):
            for language in options.languages.split(","):
                w, h = (int(v) for v in text.split("x"))
                result = walk(w, h, mode, language, options.shots)
                states = result["states"]
                total += len(states)
                print(summary(mode, text, language, result), flush=True)
                problems = {}
                for state in states:
                    for problem in state["problems"]:
                        problems.setdefault(problem, state["name"])
                for problem, first in list(problems.items())[:25]:
                    print(f"    {problem}   [first in {first!r}]")
                if options.verbose:
                    print("  facts", json.dumps(result["facts"])[:2000])
    print(f"{total} states walked", flush=True)


if __name__ == "__main__":
    main()
