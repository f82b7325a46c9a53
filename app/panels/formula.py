"""Small typeset formulas (fractions, square roots, sub- and superscripts, cases), painted.

Qt's rich text has no fractions and cannot stack a subscript under a superscript, so
the lesson's few formulas are built from tiny nodes and painted with QPainter at the
text size in use, in the theme's colours. A formula is a list of lines; each line is a
list of pieces that never break, and a line too long for the width wraps between its
pieces, so large text stays large rather than being squeezed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.ui.fitting import small_print_px
from app.ui.height_for_width import MinimumFollowsWidth

#: Scripts, fraction parts and case rows are this much smaller than their base (from a
#: room's 24 px on, never under 24 px: ``small_print_px``).
SCRIPT_SCALE = 0.7
FRACTION_SCALE = 0.9


@dataclass(frozen=True)
class T:
    """A run of text; ``italic`` for variables."""

    text: str
    italic: bool = False


@dataclass(frozen=True)
class Scripts:
    """A base with a subscript, a superscript, or both stacked."""

    base: Node
    sub: Node | None = None
    sup: Node | None = None


@dataclass(frozen=True)
class Frac:
    numerator: Node
    denominator: Node


@dataclass(frozen=True)
class Sqrt:
    body: Node


@dataclass(frozen=True)
class Seq:
    items: tuple[Node, ...]


@dataclass(frozen=True)
class Cases:
    """A left brace before rows of (value, condition)."""

    rows: tuple[tuple[Node, Node], ...]


Node = T | Scripts | Frac | Sqrt | Seq | Cases


def seq(*items: Node | str) -> Seq:
    """A sequence; plain strings become upright text."""
    return Seq(tuple(T(i) if isinstance(i, str) else i for i in items))


def var(name: str, sub: Node | str | None = None, sup: Node | str | None = None) -> Node:
    """An italic variable with optional scripts: var('W', 'i', 'Q') is W with i below, Q above."""

    def node(x):
        return T(x, italic=True) if isinstance(x, str) else x

    base = T(name, italic=True)
    if sub is None and sup is None:
        return base
    return Scripts(base, None if sub is None else node(sub), None if sup is None else node(sup))


@dataclass(frozen=True)
class Box:
    width: float
    ascent: float
    descent: float


class Typesetter:
    """Measures and paints nodes at one size, in one font family."""

    def __init__(self, font: QFont, px: float) -> None:
        self.family_font = QFont(font)
        self.px = px
        # Measuring is repeated for every layout pass: fonts and boxes are kept.
        self._fonts: dict[tuple[int, bool], QFont] = {}
        self._boxes: dict[tuple[Node, float], Box] = {}

    def font(self, px: float, italic: bool = False) -> QFont:
        key = (max(8, round(px)), italic)
        if key not in self._fonts:
            font = QFont(self.family_font)
            font.setPixelSize(key[0])
            font.setItalic(italic)
            self._fonts[key] = font
        return self._fonts[key]

    def axis(self, px: float) -> float:
        """Height of the fraction bar above the baseline (about the middle of an 'x')."""
        return QFontMetricsF(self.font(px)).xHeight() * 0.55

    # -- measuring ------------------------------------------------------------------------

    def measure(self, node: Node, px: float) -> Box:
        key = (node, px)
        if key not in self._boxes:
            self._boxes[key] = self._measure(node, px)
        return self._boxes[key]

    def _measure(self, node: Node, px: float) -> Box:
        if isinstance(node, T):
            m = QFontMetricsF(self.font(px, node.italic))
            return Box(m.horizontalAdvance(node.text), m.ascent(), m.descent())
        if isinstance(node, Seq):
            boxes = [self.measure(i, px) for i in node.items] or [Box(0, 0, 0)]
            return Box(
                sum(b.width for b in boxes),
                max(b.ascent for b in boxes),
                max(b.descent for b in boxes),
            )
        if isinstance(node, Scripts):
            base, sub, sup, up, down = self._scripts(node, px)
            width = base.width + max(sub.width if sub else 0, sup.width if sup else 0) + px * 0.08
            ascent = max(base.ascent, (up + sup.ascent) if sup else 0)
            descent = max(base.descent, (down + sub.descent) if sub else 0)
            return Box(width, ascent, descent)
        if isinstance(node, Frac):
            num, den, gap = self._fraction(node, px)
            axis = self.axis(px)
            width = max(num.width, den.width) + px * 0.3
            return Box(
                width, axis + gap + num.ascent + num.descent, den.ascent + den.descent + gap - axis
            )
        if isinstance(node, Sqrt):
            body = self.measure(node.body, px)
            return Box(body.width + px * 0.7, body.ascent + px * 0.15, body.descent + px * 0.05)
        if isinstance(node, Cases):
            height, row_h, values_w, conditions_w, gap = self._cases(node, px)
            axis = self.axis(px)
            width = px * 0.6 + values_w + gap + conditions_w
            return Box(width, height / 2 + axis, height / 2 - axis)
        raise TypeError(f"not a formula node: {node!r}")

    def _scripts(self, node: Scripts, px: float):
        small = small_print_px(px, SCRIPT_SCALE)
        base = self.measure(node.base, px)
        sub = self.measure(node.sub, small) if node.sub is not None else None
        sup = self.measure(node.sup, small) if node.sup is not None else None
        up = base.ascent * 0.45  # the superscript's baseline, above the base's
        down = px * 0.22 + (sub.ascent * 0.35 if sub else 0)  # the subscript's, below
        return base, sub, sup, up, down

    def _fraction(self, node: Frac, px: float):
        small = small_print_px(px, FRACTION_SCALE)
        return self.measure(node.numerator, small), self.measure(node.denominator, small), px * 0.12

    def _cases(self, node: Cases, px: float):
        boxes = [(self.measure(v, px), self.measure(c, px)) for v, c in node.rows]
        row_h = max(max(v.ascent, c.ascent) + max(v.descent, c.descent) for v, c in boxes) * 1.1
        values_w = max(v.width for v, _ in boxes)
        conditions_w = max(c.width for _, c in boxes)
        return row_h * len(boxes), row_h, values_w, conditions_w, px * 0.9

    # -- painting -------------------------------------------------------------------------

    def paint(self, painter: QPainter, node: Node, x: float, baseline: float, px: float) -> float:
        """Paint ``node`` with its baseline at ``baseline``; returns its width."""
        box = self.measure(node, px)
        if isinstance(node, T):
            painter.setFont(self.font(px, node.italic))
            painter.drawText(QPointF(x, baseline), node.text)
        elif isinstance(node, Seq):
            for item in node.items:
                x += self.paint(painter, item, x, baseline, px)
        elif isinstance(node, Scripts):
            base, sub, sup, up, down = self._scripts(node, px)
            self.paint(painter, node.base, x, baseline, px)
            right = x + base.width + px * 0.04
            script = small_print_px(px, SCRIPT_SCALE)
            if sup is not None and node.sup is not None:
                self.paint(painter, node.sup, right, baseline - up, script)
            if sub is not None and node.sub is not None:
                self.paint(painter, node.sub, right, baseline + down, script)
        elif isinstance(node, Frac):
            self._paint_fraction(painter, node, x, baseline, px, box)
        elif isinstance(node, Sqrt):
            self._paint_sqrt(painter, node, x, baseline, px, box)
        elif isinstance(node, Cases):
            self._paint_cases(painter, node, x, baseline, px, box)
        return box.width

    def _pen(self, painter: QPainter, px: float) -> None:
        painter.setPen(QPen(painter.pen().color(), max(1.0, px / 16)))

    def _paint_fraction(self, painter, node: Frac, x, baseline, px, box: Box) -> None:
        num, den, gap = self._fraction(node, px)
        small = small_print_px(px, FRACTION_SCALE)
        bar_y = baseline - self.axis(px)
        self.paint(
            painter,
            node.numerator,
            x + (box.width - num.width) / 2,
            bar_y - gap - num.descent,
            small,
        )
        self.paint(
            painter,
            node.denominator,
            x + (box.width - den.width) / 2,
            bar_y + gap + den.ascent,
            small,
        )
        painter.save()
        self._pen(painter, px)
        painter.drawLine(QPointF(x + px * 0.05, bar_y), QPointF(x + box.width - px * 0.05, bar_y))
        painter.restore()

    def _paint_sqrt(self, painter, node: Sqrt, x, baseline, px, box: Box) -> None:
        body = self.measure(node.body, px)
        sign_w = px * 0.6
        top = baseline - box.ascent
        path = QPainterPath(QPointF(x + px * 0.05, baseline - body.ascent * 0.35))
        path.lineTo(x + sign_w * 0.35, baseline - body.ascent * 0.5)
        path.lineTo(x + sign_w * 0.55, baseline + body.descent)
        path.lineTo(x + sign_w, top)
        path.lineTo(x + sign_w + body.width + px * 0.05, top)
        painter.save()
        self._pen(painter, px)
        painter.drawPath(path)
        painter.restore()
        self.paint(painter, node.body, x + sign_w + px * 0.05, baseline, px)

    def _paint_cases(self, painter, node: Cases, x, baseline, px, box: Box) -> None:
        height, row_h, values_w, _, gap = self._cases(node, px)
        top = baseline - box.ascent
        brace_w = px * 0.6
        self._paint_brace(painter, QRectF(x, top, brace_w * 0.8, height), px)
        for k, (value, condition) in enumerate(node.rows):
            v, c = self.measure(value, px), self.measure(condition, px)
            row_base = (
                top + k * row_h + (row_h + max(v.ascent, c.ascent) - max(v.descent, c.descent)) / 2
            )
            self.paint(painter, value, x + brace_w, row_base, px)
            self.paint(painter, condition, x + brace_w + values_w + gap, row_base, px)

    def _paint_brace(self, painter, rect: QRectF, px: float) -> None:
        """A drawn '{' as tall as the rows (a text brace would not stretch)."""
        left, r, t, b = rect.left(), rect.right(), rect.top(), rect.bottom()
        m = rect.center().y()
        mid = (left + r) / 2
        path = QPainterPath(QPointF(r, t))
        path.quadTo(mid, t, mid, t + px * 0.3)
        path.lineTo(mid, m - px * 0.25)
        path.quadTo(mid, m, left, m)
        path.quadTo(mid, m, mid, m + px * 0.25)
        path.lineTo(mid, b - px * 0.3)
        path.quadTo(mid, b, r, b)
        painter.save()
        self._pen(painter, px)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        painter.restore()


@dataclass(frozen=True)
class _Placed:
    node: Node
    x: float
    baseline: float


class FormulaView(MinimumFollowsWidth, QWidget):
    """Lines of typeset pieces that wrap between pieces when the width runs short."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lines: tuple[tuple[Node, ...], ...] = ()
        self._px: float | None = None  # None: follow the widget's own font
        self.scale = 1.1
        self.colour = QColor("#000000")
        # The typesetter and the layouts, per font and size.
        self._cache: dict[tuple[object, ...], Any] = {}
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def set_formula(self, lines, spoken: str) -> None:
        """Show ``lines`` (each a sequence of unbreakable pieces); ``spoken`` is its plain text."""
        self.lines = tuple(tuple(line) for line in lines)
        self.setAccessibleName(spoken)
        self.setToolTip(spoken)
        self.updateGeometry()
        self.update()

    def set_style(self, px: float | None, colour: str) -> None:
        """Type size in pixels (None: the style sheet's text size, a little larger)."""
        self._px = None if px is None else float(px)
        self.colour = QColor(colour)
        self.updateGeometry()
        self.update()

    @property
    def px(self) -> float:
        if self._px is not None:
            return self._px
        font = self.font()
        size = font.pixelSize() if font.pixelSize() > 0 else font.pointSizeF() * 96 / 72
        return size * self.scale

    def changeEvent(self, event) -> None:  # noqa: N802
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.updateGeometry()

    def _typesetter(self) -> Typesetter:
        key = ("typesetter", self.font().key(), self.px)
        if key not in self._cache:
            self._cache = {key: Typesetter(self.font(), self.px)}  # older sizes are dropped
        return self._cache[key]

    def place(self, width: float) -> tuple[list[_Placed], float, float]:
        """Where each piece goes at ``width``; also the height and the widest line used."""
        ts = self._typesetter()
        key = ("place", self.lines, round(width))
        if key not in self._cache:
            if len(self._cache) > 64:  # many widths while a window is resized
                self._cache = {k: v for k, v in self._cache.items() if k[0] == "typesetter"}
            self._cache[key] = self._place(ts, width)
        return self._cache[key]

    def _place(self, ts: Typesetter, width: float) -> tuple[list[_Placed], float, float]:
        placed: list[_Placed] = []
        y, widest = 0.0, 0.0
        indent = self.px * 1.5
        for line in self.lines:
            rows: list[list[tuple[Node, Box]]] = [[]]
            x = 0.0
            for piece in line:
                box = ts.measure(piece, self.px)
                if rows[-1] and x + box.width > width:
                    rows.append([])
                    x = indent
                rows[-1].append((piece, box))
                x += box.width
            for number, row in enumerate(rows):
                ascent = max(b.ascent for _, b in row)
                descent = max(b.descent for _, b in row)
                x = indent if number else 0.0
                for piece, box in row:
                    placed.append(_Placed(piece, x, y + ascent))
                    x += box.width
                widest = max(widest, x)
                y += ascent + descent + self.px * 0.5
        return placed, y, widest

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return int(self.place(width)[1]) + 2

    def sizeHint(self) -> QSize:  # noqa: N802
        _, height, widest = self.place(10_000)
        return QSize(int(widest) + 2, int(height) + 2)

    def used_width(self) -> float:
        """The widest line as laid out at the current width (tests check nothing is cut)."""
        return self.place(self.width())[2]

    def paintEvent(self, event) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(self.colour)
        ts = self._typesetter()
        for item in self.place(self.width())[0]:
            painter.setPen(self.colour)
            ts.paint(painter, item.node, item.x, item.baseline, self.px)
        painter.end()
