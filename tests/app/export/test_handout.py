"""Print and PDF of what the window shows: one layout on paper, read back as a reader would.

The handout is read with Debian's poppler-utils: its words (pdftotext), its details
(pdfinfo), its fonts (pdffonts), its pictures (pdfimages: there are none, it is all
vector) and its pixels (pdftoppm), in colour and in grey as a photocopier sees it.
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF, QTimer
from PySide6.QtWidgets import QApplication

import core
from app.export import api as export
from app.export.handout import handout_pages
from app.export.pages import pdf_sheet, tagged
from app.export.printing import print_with_dialog
from app.model.results import compute_attention
from app.text.wording import format_weight
from tests.app.export import pdf_reading as pdf
from tests.app.export.pdf_reading import needs_poppler

PAPERS = {"a4": ((595, 842), "A4"), "letter": ((612, 792), "letter")}
DPI = 100


def lesson(head="induction", query=7, causal=True, tokens=core.LESSON_TOKENS):
    return compute_attention(tuple(tokens), head, query, causal)


def handout(tmp_path, result=None, paper="a4", sentence=core.LESSON_SENTENCE):
    result = result or lesson()
    return export.export_handout(result, sentence, tmp_path / f"handout-{paper}.pdf", paper)


def heatmap_place(result, paper="a4", sentence=core.LESSON_SENTENCE):
    """The page (1-based) and the cells' place, in points on the page, of the heatmap."""
    with pdf_sheet(paper) as (sheet, _buffer):
        pages = handout_pages(sheet, result, sentence)
    [(page, at, block)] = tagged(pages, "heatmap")
    from dataclasses import replace

    place = block.place
    return page + 1, replace(place, left=place.left + at.x(), top=place.top + at.y()), len(pages)


# -- what is on the page -------------------------------------------------------------------


@needs_poppler
@pytest.mark.parametrize("paper", PAPERS)
def test_the_handout_says_what_the_window_shows(qapp, tmp_path, paper):
    path = handout(tmp_path, paper=paper)
    details = pdf.info(path)
    assert details["pages"] == 1
    assert details["size"] == PAPERS[paper][0] and details["paper"] == PAPERS[paper][1]
    assert details["title"] == "Attention Heads: Induction head, causal mask on, query cat (7)"
    words = pdf.squeezed(pdf.text(path))
    for phrase in (
        core.LESSON_SENTENCE,  # the sentence
        "Induction head — causal mask on",  # the head and the mask
        "cat (7) looks most at chased (2), 92%",  # the readout
        "hidden by the causal mask (a later token): weight exactly 0",  # the legend
        "keys (what is looked at)",
        "queries (who is looking)",
        "Previous token",
        "Same word",
        "First token",
        "Broad",  # the small maps' names
        "page 1 of 1",
    ):
        assert pdf.squeezed(phrase) in words, phrase


@needs_poppler
def test_every_cell_has_its_number_and_both_axes_their_words(qapp, tmp_path):
    result = lesson()
    path = handout(tmp_path, result)
    found = pdf.text(path).split()
    # One number per visible cell, as the window writes it (rows of the chips say
    # "7 · 1%", never a weight with two decimals).
    visible = result.selected[~result.hidden]
    expected = sorted(format_weight(w) for w in visible)
    assert sorted(t for t in found if len(t) == 4 and t[1] == ".") == expected
    labels = pdf.squeezed(pdf.text(path))
    for i, token in enumerate(result.tokens):  # rows and columns: "chased 2"
        assert labels.count(pdf.squeezed(f"{token} {i}")) >= 2, (token, i)


@needs_poppler
def test_the_handout_is_drawn_not_pasted_and_its_fonts_travel_with_it(qapp, tmp_path):
    path = handout(tmp_path)
    assert pdf.images(path) == []  # cells, hatching and maps are vector shapes
    rows = pdf.fonts(path)
    assert rows and all(row["emb"] == "yes" for row in rows), rows


@needs_poppler
@pytest.mark.parametrize("paper", PAPERS)
def test_masked_cells_stay_hatched_on_a_grey_copy(qapp, tmp_path, paper):
    """A photocopier sees grey: a masked cell must be striped, a weight's cell flat, and
    more weight lighter (viridis runs dark to light)."""
    result = lesson()
    path = handout(tmp_path, result, paper)
    page, place, _count = heatmap_place(result, paper)
    grey = pdf.page_pixels(path, page, DPI, grey=True)

    def corner(i, j):  # a cell's top left quarter: away from its number
        cell = place.cell_rect(i, j)
        return pdf.region(grey, QRectF(cell.topLeft(), cell.size() / 2.6), DPI, inset=3)

    masked = [corner(i, j) for i, j in zip(*np.nonzero(result.hidden), strict=True)]
    assert masked and min(float(m.std()) for m in masked) > 20  # stripes
    plain = [corner(i, j) for i, j in zip(*np.nonzero(~result.hidden), strict=True)]
    assert max(float(p.std()) for p in plain) < 6  # flat colour
    assert corner(7, 2).mean() > corner(7, 1).mean() + 60  # 0.92 light, 0.01 dark


@needs_poppler
def test_the_query_row_is_framed_in_a_dark_line(qapp, tmp_path):
    result = lesson()
    path = handout(tmp_path, result)
    page, place, _count = heatmap_place(result)
    grey = pdf.page_pixels(path, page, DPI, grey=True)
    left = place.cell_rect(7, 0)
    band = pdf.region(grey, QRectF(left.left() - 4, left.top() + 3, 4, left.height() - 6), DPI)
    assert band.mean(axis=0).min() < 110  # a dark line down the row's left edge
    outside = pdf.region(grey, QRectF(left.left() - 4, left.top() - 12, 4, 6), DPI)
    assert outside.mean() > 230  # ... only there


@needs_poppler
def test_the_small_maps_are_hatched_too(qapp, tmp_path):
    result = lesson()
    path = handout(tmp_path, result)
    with pdf_sheet("a4") as (sheet, _buffer):
        [(page, at, block)] = tagged(handout_pages(sheet, result, core.LESSON_SENTENCE), "maps")
    grey = pdf.page_pixels(path, page + 1, 150, grey=True)
    for rect in block.place:
        square = rect.translated(at)
        n = len(result.tokens)
        cell = square.width() / n
        corner = QRectF(
            square.topRight() - QPointF(3 * cell, 0), square.topRight() + QPointF(0, 3 * cell)
        )
        assert pdf.region(grey, corner, 150, inset=1).std() > 20  # masked: striped


# -- long sentences --------------------------------------------------------------------------


@needs_poppler
def test_a_64_token_sentence_gets_its_numbers_on_pages_of_their_own(qapp, tmp_path):
    words = ["the", "cat", "saw", "a", "dog", "and", "the", "dog", "saw", "a", "cat"]
    tokens = tuple((words * 6)[: core.MAX_TOKENS])
    result = lesson(tokens=tokens, query=20)
    sentence = " ".join(tokens)
    path = export.export_handout(result, sentence, tmp_path / "long.pdf", "a4")
    _page, _place, count = heatmap_place(result, sentence=sentence)
    assert pdf.info(path)["pages"] == count > 1
    texts = pdf.page_texts(path)
    assert "numbers follow on the next pages" in " ".join(" ".join(texts[:2]).split())
    tiles = [t for t in texts if "Weights: queries" in t]
    assert tiles and len(tiles) == count - 2  # the sentence and its maps; the heatmap
    found = sorted(t for page in tiles for t in page.split() if len(t) == 4 and t[1] == ".")
    assert found == sorted(format_weight(w) for w in result.selected[~result.hidden])


# -- printing: the same pages on a printer --------------------------------------------------------


@needs_poppler
def test_print_paints_the_pages_the_pdf_holds(qapp, tmp_path):
    from PySide6.QtPrintSupport import QPrinter

    result = lesson()
    printed = tmp_path / "printed.pdf"

    def ask(_parent, printer) -> bool:  # as a person choosing "Print to file" would
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(printed))
        return True

    assert print_with_dialog(None, result, core.LESSON_SENTENCE, ask=ask)
    exported = handout(tmp_path, result)
    assert pdf.info(printed)["pages"] == pdf.info(exported)["pages"]
    assert pdf.text(printed) == pdf.text(exported)


def test_a_cancelled_print_prints_nothing(qapp):
    assert not print_with_dialog(None, lesson(), core.LESSON_SENTENCE, ask=lambda *_: False)


def test_file_print_opens_qts_print_dialog(window, qtbot):
    from PySide6.QtPrintSupport import QPrintDialog

    seen = []

    def answer():
        dialog = QApplication.activeModalWidget()
        seen.append(type(dialog))
        if dialog is not None:
            dialog.reject()

    QTimer.singleShot(100, answer)
    window.run_command("print")
    assert seen == [QPrintDialog]


def test_the_file_menu_has_print_and_worksheet(window):
    window.fill_menus()
    file_menu = window.menuBar().actions()[0].menu()
    texts = [a.text() for a in file_menu.actions() if not a.isSeparator()]
    assert "&Print…" in texts and "&Worksheet…" in texts
    entries = [a.text() for a in window.menus.export_menu.menu.actions()]
    assert "Handout of the window as PDF…" in entries
    assert window.menus.actions["print"].shortcuts()[0].toString() == "Ctrl+P"
