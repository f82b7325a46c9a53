"""Walk a room (presenter or kiosk) through the states it sees, through the real entry point.

A room is not judged by one frame: it watches a sequence of states. ``walk`` starts
``python -m app``'s ``main()`` in a subprocess on a virtual screen (as ``layout_probe``
does), drives the window through every tour stop, every head and query on the lesson's
sentence and on the longest example, and in a kiosk through attract, the sentence
picker, the word tiles (by real touch events), the PIN pad, the countdown and a reset
from every side page and open dialog. At each state it records what a room promises
(see ``record``); the test asserts on the records. Run it as a script for a table:

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


# -- in the program's process -------------------------------------------------------------


def _settle(app, rounds: int = 4) -> None:
    for _ in range(rounds):
        app.processEvents()


def _rect_in(window, widget):
    from PySide6.QtCore import QPoint, QRect

    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def _on_screen(widget) -> bool:
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


def controls(window) -> dict:
    """Where the stage's controls are, in the window: heads, mask, kiosk buttons."""
    found = {f"head {h}": b for h, b in window.head_selector.buttons.items()}
    found["mask"] = window.mask_toggle
    found["more pages"] = window.more_pages
    if window.sentence_chooser is not None:
        found["other sentences"] = window.sentence_chooser
    return {name: list(_rect_in(window, w).getRect()) for name, w in found.items()}


def text_trouble(widget) -> str | None:
    """Why ``widget``'s text is cut off, or None when it fits (labels and buttons)."""
    from PySide6.QtWidgets import QAbstractButton, QLabel

    if isinstance(widget, QLabel) and widget.text() and widget.pixmap().isNull():
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


def record(window, name: str, kiosk: bool) -> dict:
    """What the room shows in this state, and what is wrong with it."""
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QFontInfo
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractSlider,
        QComboBox,
        QLabel,
        QScrollBar,
        QWidget,
    )

    from app.text.lesson import is_lesson_sentence

    heatmap = window.heatmap
    n = len(window.state.tokens)
    first, last = heatmap.cell_rect(0, 0), heatmap.cell_rect(n - 1, n - 1)
    grid = first.united(last).toAlignedRect()
    grid = QRect(heatmap.mapTo(window, grid.topLeft()), grid.size())
    view = window.scroll_area.viewport()
    seen = _rect_in(window, view).intersected(grid)
    cell = first.height()
    problems = cut_by_frame(window.stage)
    for widget in window.findChildren(QWidget):
        if not _on_screen(widget):
            continue
        trouble = text_trouble(widget)
        if trouble:
            problems.append(trouble)
        if isinstance(widget, QScrollBar) and window.stage.isAncestorOf(widget):
            problems.append(f"a scroll bar on the stage ({widget.parentWidget().objectName()})")
        if not kiosk:
            continue
        text = isinstance(widget, (QLabel, QAbstractButton)) and widget.text()
        if text and TYPING.search(text):
            problems.append(f"text asks for typing: {text[:60]!r}")
        if text and QFontInfo(widget.font()).pixelSize() < ROOM_TEXT_PX:
            size = QFontInfo(widget.font()).pixelSize()
            problems.append(f"text {text[:30]!r} at {size} px")
        target = isinstance(widget, (QAbstractButton, QAbstractSlider, QComboBox))
        small = min(widget.width(), widget.height()) < TOUCH_PX
        if target and small and not isinstance(widget, QScrollBar):
            problems.append(f"target {text or widget.objectName()!r} {widget.size()}")
    banner = window.banner
    if banner.isVisible():
        for part, rect in (("heatmap", grid), ("readout", _rect_in(window, window.readout))):
            if _rect_in(window, banner).intersects(rect):
                problems.append(f"the banner covers the {part}")
    labels = heatmap.labels
    return {
        "name": name,
        "n": n,
        "lesson": is_lesson_sentence(window.state.sentence),
        "grid_px": grid.height(),
        "grid_share": grid.height() / window.height(),
        "visible_share": max(0, seen.height()) / window.height(),
        "cell_px": cell,
        "numbers_drawn": cell >= labels.min_cell_px,
        "number_px": labels.number_px(cell),
        "number_width_px": labels.widest_number_px(cell),
        "chip_label_px": window.token_strip.label_px(),
        "readout_cut": window.readout.text() != window.readout.fitted.full_text,
        "controls": controls(window),
        "stage_in_view": window.scroll_area.verticalScrollBar().value() == 0,
        "problems": problems,
    }


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
        self.tap(picker.build_own)
        tiles = picker.tiles
        self.note("word tiles")
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
        now = {word: list(_rect_in(window, t).getRect()) for word, t in tiles.tiles.items()}
        self.facts["tiles_moved"] = [w for w in places if places[w] != now[w]]
        self.note("word tiles after taps")
        self.shot("kiosk-tiles-after")
        self.tap(tiles.use)
        entry = self.note("own sentence")
        if picker.isVisible() or window.state.sentence.split() != wanted:
            entry["problems"].append(f"the built sentence is not shown: {window.state.sentence}")

    def pin_pad(self) -> None:
        from PySide6.QtCore import QPoint
        from PySide6.QtTest import QTest

        kiosk, window = self.kiosk, self.window
        corner = QPoint(10, 10)
        QTest.touchEvent(window, self.touch).press(0, corner, window).commit()
        QTest.qWait(round(kiosk.config.long_press_seconds * 1000) + 300)
        QTest.touchEvent(window, self.touch).release(0, corner, window).commit()
        entry = self.note("PIN pad")
        pad = kiosk.pin_pad
        if not pad.isVisible():
            entry["problems"].append("a long press in the corner opened no PIN pad")
            pad.open()
        for key in ("1", "3", "5", "7", "ok"):
            self.tap(pad.keys[key])
        self.note("wrong PIN")
        self.tap(pad.keys["cancel"])

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

    def __init__(self, app, window, kiosk=None, shots: str | None = None) -> None:
        from PySide6.QtTest import QTest

        self.app, self.window, self.kiosk = app, window, kiosk
        self.shots = shots
        self.states: list[dict] = []
        self.facts: dict = {}
        self.touch = QTest.createTouchDevice()

    def note(self, name: str) -> dict:
        _settle(self.app)
        entry = record(self.window, name, self.kiosk is not None)
        self.states.append(entry)
        return entry

    def shot(self, name: str) -> None:
        if self.shots:
            self.window.grab().save(os.path.join(self.shots, f"{name}.png"))

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
        QTest.qWait(600)  # the scroller's flick runs out
        _settle(self.app)

    # -- the walks ---------------------------------------------------------------------

    def heads_and_queries(self, label: str) -> None:
        state = self.window.state
        for head in list(self.window.head_selector.buttons):
            state.set_head(head)
            for query in range(len(state.tokens)):
                state.set_query(query)
                self.note(f"{label}: {head} query {query}")

    def stage_walk(self) -> None:
        from app.text.lesson import examples, lesson_sentence

        state = self.window.state
        self.heads_and_queries("lesson")
        state.set_causal(False)
        state.set_query(0)
        self.note("lesson: mask off")
        state.set_causal(True)
        longest = max((e.sentence for e in examples()), key=lambda s: len(s.split()))
        state.set_sentence(longest)
        self.heads_and_queries("longest example")
        state.set_sentence(lesson_sentence())

    def presenter(self) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        self.note("start")
        self.facts["blank_share"] = blank_share(self.window)
        self.shot("presenter-start")
        for number in range(1, 12):
            QTest.keyClick(self.window, Qt.Key.Key_PageDown)  # the clicker
            entry = self.note(f"tour stop {number}")
            caption = self.window.tour_caption
            if not caption.isVisible() or not _on_screen(caption):
                entry["problems"].append("no caption on screen")
            elif caption.text() != caption.full_text():
                entry["problems"].append(f"caption cut: {caption.text()!r}")
            self.shot(f"presenter-tour-{number:02d}")
        self.stage_walk()


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
from PySide6.QtWidgets import QApplication
import app.window.main_window
from app.export.pictures import settle
sys.path.insert(0, {tests!r})
import room_walk

MODE, SHOTS = {mode!r}, {shots!r}


class Walked(app.window.main_window.MainWindow):
    def __init__(self):
        super().__init__()
        self.plots_ready.connect(lambda: QTimer.singleShot(50, self.walk))

    def walk(self):
        settle(self, 300)
        from app.kiosk.mode import Kiosk
        kiosk = self.findChild(Kiosk)
        walker = room_walk.Walker(QApplication.instance(), self, kiosk, SHOTS)
        try:
            (walker.kiosk_walk if MODE == "kiosk" else walker.presenter)()
        finally:
            room_walk._write(walker)
            QCoreApplication.exit(0)  # exit, not quit: a kiosk refuses to close

app.window.main_window.MainWindow = Walked
from app.main import main
sys.exit(main({argv!r} + sys.argv[1:]))
"""


def walk(width: int, height: int, mode: str, language: str = "en", shots=None) -> dict:
    """Walk ``mode`` ("presenter" or "kiosk") on a ``width`` x ``height`` screen."""
    argv = ["--language", language, "--presenter" if mode == "presenter" else "--kiosk"]

    def kiosk_config(home: Path) -> list[str]:
        if mode != "kiosk":
            return []
        config = home / "kiosk.json"
        config.write_text(
            json.dumps({"idle_seconds": 3600, "staff_pin": "2468", "long_press_seconds": 0.5})
        )
        return ["--kiosk-config", str(config)]

    script = textwrap.dedent(
        _DRIVER.format(tests=str(Path(__file__).parent), mode=mode, shots=shots, argv=argv)
    )
    lines, result = run_on_screen(script, width, height, "WALK ", 300, kiosk_config)
    if os.environ.get("AH_WALK_ECHO"):
        print("\n".join(x for x in result.stdout.splitlines() if not x.startswith("WALK ")))
    if result.returncode != 0 or not lines:
        raise RuntimeError(f"walk failed ({result.returncode}): {result.stderr[-30000:]}")
    return json.loads(lines[-1])


def moved(states: list[dict]) -> tuple[int, str]:
    """How far the controls moved from the first state at most, and in which state."""
    first = states[0]["controls"]
    worst, where = 0, ""
    for state in (s for s in states if s["stage_in_view"]):
        for name, rect in state["controls"].items():
            if name in first:
                shift = max(abs(a - b) for a, b in zip(rect, first[name], strict=True))
                if shift > worst:
                    worst, where = shift, f"{name} in {state['name']!r}"
    return worst, where


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1024x768,1280x720,1366x768,1920x1080")
    parser.add_argument("--modes", default="presenter,kiosk")
    parser.add_argument("--language", default="en")
    parser.add_argument("--shots", default=None, help="a folder for pictures of the walk")
    parser.add_argument("--verbose", action="store_true", help="every state, every fact")
    options = parser.parse_args()
    for mode in options.modes.split(","):
        for text in options.sizes.split(","):
            w, h = (int(v) for v in text.split("x"))
            result = walk(w, h, mode, options.language, options.shots)
            states = result["states"]
            lesson = [s for s in states if s["lesson"]]
            worst, where = moved(states)
            problems = sorted({p for s in states for p in s["problems"]})
            print(
                f"{mode:9s} {text:9s} states {len(states):3d}  "
                f"grid {min(s['grid_share'] for s in states):.0%} (lesson "
                f"{min(s['grid_share'] for s in lesson):.0%})  cell "
                f"{min(s['cell_px'] for s in lesson):.0f} px  numbers "
                f"{min(s['number_px'] for s in lesson)} px  moved {worst} px {where}  "
                f"blank {result['facts'].get('blank_share', 0):.0%}  readout cut in "
                f"{sum(s['readout_cut'] for s in states)}, chip line "
                f"{min(s['chip_label_px'] for s in states)} px",
                flush=True,
            )
            for problem in problems[:12]:
                print("   ", problem)
            if options.verbose:
                for state in states:
                    print(
                        f"  {state['name']:40s} grid {state['grid_share']:.0%} cell "
                        f"{state['cell_px']:.0f} {'; '.join(state['problems'])[:300]}"
                    )
                print("  facts", json.dumps(result["facts"])[:2000])


if __name__ == "__main__":
    main()
