"""Documents on paper: blocks flowed onto numbered pages, drawn into a PDF file or a
printer by one routine.

A document is a function that paints every page on a ``Sheet``; ``pdf_bytes`` runs it
on a ``QPdfWriter`` (fonts embedded, everything vector) and ``print_on`` on the printer
the print dialog set up, so a print and a PDF file are the same pages.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QPointF, QRectF, QSizeF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

from app.export.files import ExportError
from app.export.paper_parts import paint_footer
from app.export.sheet import INK, MARGIN, Sheet, paper_size
from app.text.wording import QT_TRANSLATE_NOOP, fill, translate

#: Paints a whole document, page after page (``Sheet.next_page`` between them).
PaintDocument = Callable[[Sheet], None]
#: A PDF file's resolution: its drawing is vector; this only sets the grid of numbers.
PDF_DPI = 1200
#: Room between two blocks, in points.
BLOCK_GAP = 14.0


@dataclass(frozen=True)
class Block:
    """A piece of a page that stays whole: its height and how to paint it at a point."""

    height: float
    paint: Callable[[Sheet, QPointF], None]
    new_page: bool = False  # starts a page of its own (the teacher's key)
    keep_with_next: bool = False  # a heading: never alone at the foot of a page
    #: What the block draws and where, from its top left, for tests that look at the
    #: page: e.g. ("heatmap", its MatrixPlace) or ("maps", the maps' rectangles).
    tag: str = ""
    place: object = None


@dataclass(frozen=True)
class Page:
    """The blocks of one page with their tops, and what its footer calls it."""

    placed: tuple[tuple[Block, float], ...]
    label: str


def kept(block: Block) -> Block:
    """``block``, kept on one page with the block after it."""
    return replace(block, keep_with_next=True)


def text_block(
    sheet: Sheet,
    text: str,
    points: float,
    bold: bool = False,
    colour: str = INK,
    keep: bool = False,
) -> Block:
    """A paragraph as wide as the page's content."""
    font = sheet.font(points, bold=bold)
    width = sheet.content.width()
    height = sheet.text_height(text, font, width)

    def paint(s: Sheet, at: QPointF) -> None:
        s.text(QRectF(at.x(), at.y(), width, height + 2), text, font, colour)

    return Block(height, paint, keep_with_next=keep)


def paginate(blocks: list[tuple[Block, str]], top: float, bottom: float) -> list[Page]:
    """Flow ``(block, page label)`` pairs onto pages from ``top`` to ``bottom``.

    A block taller than a page gets a page of its own (its maker sized it to fit one).
    """
    pages: list[Page] = []
    current: list[tuple[Block, float]] = []
    label = blocks[0][1] if blocks else ""
    y = top
    for index, (block, block_label) in enumerate(blocks):
        needed = _kept_height([b for b, _label in blocks[index:]])
        starts_page = block.new_page or (current and y + needed > bottom)
        if starts_page and current:
            pages.append(Page(tuple(current), label))
            current, y = [], top
        label = block_label if not current else label
        current.append((block, y))
        y += block.height + BLOCK_GAP
    if current:
        pages.append(Page(tuple(current), label))
    return pages


def _kept_height(blocks: list[Block]) -> float:
    """The height of the first block and of every block it is kept with (a heading,
    its question's text, the table the text is about)."""
    height = blocks[0].height
    for previous, block in zip(blocks, blocks[1:], strict=False):
        if not previous.keep_with_next or block.new_page:
            break
        height += BLOCK_GAP + block.height
    return height


def page_footer(label: str, number: int, count: int) -> str:
    """'Worksheet · page 2 of 5'."""
    return fill(translate("Paper", "%1 · page %2 of %3"), label, number, count)


def tagged(pages: list[Page], tag: str) -> list[tuple[int, QPointF, Block]]:
    """Every block tagged ``tag``: its page (0-based), its top left on that page, itself."""
    return [
        (number, QPointF(MARGIN, top), block)
        for number, page in enumerate(pages)
        for block, top in page.placed
        if block.tag == tag
    ]


def paint_pages(sheet: Sheet, pages: list[Page]) -> None:
    """Every page's blocks and footer, a new page between two."""
    for number, page in enumerate(pages, start=1):
        if number > 1:
            sheet.next_page()
        for block, top in page.placed:
            block.paint(sheet, QPointF(sheet.content.left(), top))
        paint_footer(sheet, page_footer(page.label, number, len(pages)))


@contextmanager
def pdf_sheet(paper: str, title: str = "") -> Iterator[tuple[Sheet, QBuffer]]:
    """A sheet that paints a PDF file into a buffer (read it once the block ends)."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(PDF_DPI)
    writer.setPageSize(paper_size(paper))
    writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Point)
    writer.setTitle(title)
    writer.setCreator("Attention Heads")
    painter = QPainter()
    if not painter.begin(writer):
        raise ExportError(QT_TRANSLATE_NOOP("Export", "the PDF file could not be started"))
    try:
        yield Sheet(painter, paper_size(paper).size(QPageSize.Unit.Point), writer.newPage), buffer
    finally:
        painter.end()
        buffer.close()


def pdf_bytes(paper: str, title: str, paint: PaintDocument) -> bytes:
    """The document as a PDF file's bytes, on ``paper``, with ``title`` in its details."""
    with pdf_sheet(paper, title) as (sheet, buffer):
        paint(sheet)
    return bytes(buffer.data().data())


def print_on(printer, paint: PaintDocument) -> bool:
    """Paint the document on a ``QPrinter`` on the paper the print dialog chose; False
    when the printer could not start."""
    printer.setFullPage(True)  # the sheet keeps its own margins, wider than any printer's
    size = printer.pageLayout().fullRectPoints().size()  # landscape, if chosen
    painter = QPainter()
    if not painter.begin(printer):
        return False
    try:
        paint(Sheet(painter, QSizeF(size), printer.newPage))
    finally:
        painter.end()
    return True
