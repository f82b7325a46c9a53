"""The worksheet: its facts come from core, its student pages ask, its key answers.

The PDF files are read back with Debian's poppler-utils in English and German, on A4
and Letter: the sentence and the questions on the student pages, every answer on the
key's pages and none of them on the student pages, the page count, the paper, the
fonts, and the pixels of the maps and tables.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from PySide6.QtCore import QRectF

import core
from app.export.pages import pdf_sheet, tagged
from app.export.worksheet import worksheet_pages, write_worksheet
from app.model.worksheet_results import TABLE_TOKENS, compute_worksheet, shuffled_heads
from app.text.i18n import speaking
from app.text.lesson import lesson_sentence
from app.text.wording import confirmation, format_count, format_weight, head_name, translate
from tests.app.export import pdf_reading as pdf
from tests.app.export.pdf_reading import needs_poppler

PAPERS = {"a4": ((595, 842), "A4"), "letter": ((612, 792), "letter")}
#: Pages of the lesson's worksheet, student's and key's, by paper.
LESSON_PAGES = {"a4": (4, 3), "letter": (4, 4)}


# -- the facts, from core -------------------------------------------------------------------


def test_the_facts_are_cores():
    facts = compute_worksheet(core.LESSON_TOKENS)
    for head_id in core.HEADS:
        assert np.array_equal(
            facts.maps[head_id], core.head_weights(head_id, core.LESSON_TOKENS, True)
        )
    assert np.array_equal(facts.table, core.head_weights("induction", core.LESSON_TOKENS, True))
    for i in range(len(facts.table)):  # each row's favourites are its blanks
        keys, _weight = core.top_keys(facts.table, i)
        assert set(np.flatnonzero(facts.blanks[i])) == set(keys)
    assert facts.masked_in_table == 45
    assert [(p.d_k, p.weights) for p in facts.presets] == [
        (core.head_width(p.d_model, p.n_heads), core.projection_weights(p.d_model, p.n_heads))
        for p in core.PRESETS.values()
    ]


def test_a_long_sentences_table_is_its_first_tokens_table():
    words = ["the", "cat", "saw", "a", "dog", "and", "the", "dog", "saw", "a", "cat"]
    tokens = tuple((words * 6)[: core.MAX_TOKENS])
    facts = compute_worksheet(tokens)
    assert facts.table_size == TABLE_TOKENS
    first = core.head_weights("induction", tokens[:TABLE_TOKENS], True)
    assert np.allclose(facts.table, first)  # the mask: a row sees only what came before
    assert facts.masked_in_sentence == 64 * 63 // 2


def test_no_map_stands_where_its_head_does_in_the_program():
    order = shuffled_heads(core.HEADS)
    assert sorted(order) == sorted(core.HEADS)
    assert all(a != b for a, b in zip(order, core.HEADS, strict=True))


def test_every_challenge_answer_meets_its_challenge():
    facts = compute_worksheet(core.LESSON_TOKENS)
    by_id = {answers.challenge_id: answers for answers in facts.challenges}
    assert set(by_id) == {c.id for c in core.CHALLENGES}
    for answers in facts.challenges:
        assert answers.findings  # the lesson's sentence has an answer to each
        challenge = core.challenges.challenge(answers.challenge_id)
        for head_id, finding in answers.findings:
            causal = answers.challenge_id != "look_ahead"
            assert challenge.is_met(core.LESSON_TOKENS, head_id, causal, finding.focus.query)
    # The lesson's own example (cat, 7) is not an answer; chased (8) is, by the copy.
    queries = {f.focus.query: f.match for _h, f in by_id["induction_next"].findings}
    assert 7 not in queries and queries[8] == "copy"


# -- the PDF files -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sheets(qapp, tmp_path_factory):
    """The lesson's worksheet in each language on each paper, written as a teacher would."""
    folder = tmp_path_factory.mktemp("worksheets")
    return {
        (language, paper): write_worksheet(
            folder / f"{language}-{paper}.pdf", lesson_sentence(language), paper, language
        )
        for language in ("en", "de")
        for paper in PAPERS
    }


def parts(path, paper):
    """The student pages' text and the key pages' text."""
    students, _keys = LESSON_PAGES[paper]
    texts = pdf.page_texts(path)
    return "".join(texts[:students]), "".join(texts[students:])


def answers(language: str) -> dict[str, list[str]]:
    """Every answer of the key, worded as the key words it (in ``language``)."""
    facts = compute_worksheet(core.tokenize(lesson_sentence(language)))
    with speaking(language):
        letters = [
            f"{translate('Worksheet', 'Map:')} {chr(65 + facts.map_order.index(h))}"
            for h in core.HEADS
        ]
        blanks = sorted(
            {
                format_weight(facts.table[i, j])
                for i, j in zip(*np.nonzero(facts.blanks), strict=True)
            }
        )
        mask = [
            translate("Worksheet", "%1 of the %2 cells").replace("%1", "45").replace("%2", "100")
        ]
        presets = [format_count(v) for p in facts.presets for v in (p.d_k, p.weights)]
        found = [
            confirmation(facts.tokens, f)[:40].rsplit(" ", 1)[0]
            for a in facts.challenges
            for _h, f in a.findings[:3]
        ]
    return {
        "maps": letters,
        "blanks": blanks,
        "mask": mask,
        "presets": presets,
        "challenges": found,
    }


@needs_poppler
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("paper", PAPERS)
def test_pages_paper_and_fonts(sheets, language, paper):
    path = sheets[(language, paper)]
    details = pdf.info(path)
    students, keys = LESSON_PAGES[paper]
    assert details["pages"] == students + keys
    assert details["size"] == PAPERS[paper][0] and details["paper"] == PAPERS[paper][1]
    rows = pdf.fonts(path)
    assert rows and all(row["emb"] == "yes" for row in rows)
    assert pdf.images(path) == []
    with speaking(language):
        student = translate("Worksheet", "Worksheet")
        key = translate("Worksheet", "Teacher's key")
        footer = translate("Paper", "%1 · page %2 of %3")
    total = students + keys
    for number, page in enumerate(pdf.page_texts(path), start=1):
        label = student if number <= students else key
        expected = footer.replace("%1", label).replace("%2", str(number)).replace("%3", str(total))
        assert pdf.squeezed(expected) in pdf.squeezed(page), number


@needs_poppler
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_student_pages_ask_and_the_key_answers(sheets, language):
    path = sheets[(language, "a4")]
    student, key = parts(path, "a4")
    sentence = lesson_sentence(language)
    with speaking(language):
        questions = [
            translate("Worksheet", "1. The sentence and its tokens"),
            translate("Worksheet", "2. Which map belongs to which head?"),
            translate("Worksheet", "3. What the causal mask hides"),
            translate("Worksheet", "4. The %1 head's weights").replace(
                "%1", head_name("induction")
            ),
            translate("Worksheet", "5. Cutting the model width into heads"),
            translate("Worksheet", "6. Three challenges"),
            *(head_name(h) for h in core.HEADS),
        ]
    assert pdf.holds(student, sentence)
    for question in questions:
        assert pdf.holds(student, question), question
    for kind, expected in answers(language).items():
        assert expected, kind
        for answer in expected:
            assert pdf.holds(key, answer), (kind, answer)
            assert not pdf.holds(student, answer), (kind, answer)


@needs_poppler
def test_numbers_are_written_the_languages_way(sheets):
    _student, key = parts(sheets[("de", "a4")], "a4")
    assert "1.048.576" in key and "0,92" in key and "0.92" not in key


def student_layout(language: str, paper: str, tag: str):
    """Where the student pages put the block tagged ``tag``: (page, top left, block)."""
    facts = compute_worksheet(core.tokenize(lesson_sentence(language)))
    with speaking(language), pdf_sheet(paper) as (sheet, _buffer):
        pages = worksheet_pages(sheet, facts, lesson_sentence(language))
    [(page, at, block)] = tagged(pages[: LESSON_PAGES[paper][0]], tag)
    return page + 1, at, block, facts


@needs_poppler
@pytest.mark.parametrize("paper", PAPERS)
def test_the_maps_are_hatched_where_the_mask_hides(sheets, paper):
    dpi = 150
    page, at, block, facts = student_layout("en", paper, "maps")
    grey = pdf.page_pixels(sheets[("en", paper)], page, dpi, grey=True)
    n = len(facts.tokens)
    for k, rect in enumerate(block.place):
        square = rect.translated(at)
        cell = square.width() / n
        weights = facts.maps[facts.map_order[k]]
        for i, j in ((0, n - 1), (1, n - 2), (0, n - 3)):  # masked cells: striped
            box = QRectF(square.left() + j * cell, square.top() + i * cell, cell, cell)
            assert pdf.region(grey, box, dpi, inset=0.5).std() > 15, (k, i, j)
        i, j = n - 1, 0  # a weight's cell: one flat grey
        box = QRectF(square.left() + j * cell, square.top() + i * cell, cell, cell)
        assert pdf.region(grey, box, dpi, inset=1.5).std() < 4, (k, weights[i, j])


@needs_poppler
def test_the_table_boxes_its_blanks_and_hatches_its_masked_cells(sheets):
    dpi = 120
    page, at, block, facts = student_layout("en", "a4", "table")
    place = replace(block.place, left=block.place.left + at.x(), top=block.place.top + at.y())
    grey = pdf.page_pixels(sheets[("en", "a4")], page, dpi, grey=True)
    for i in range(facts.table_size):
        for j in range(facts.table_size):
            inside = pdf.region(grey, place.cell_rect(i, j), dpi, inset=4)
            if j > i:
                assert inside.std() > 20, (i, j)  # hatched
            elif facts.blanks[i, j]:
                assert inside.min() > 240, (i, j)  # empty, to write in
            else:
                assert inside.min() < 100, (i, j)  # a number


@needs_poppler
def test_a_64_token_sentence_says_how_it_fits(qapp, tmp_path):
    words = ["the", "cat", "saw", "a", "dog", "and", "the", "dog", "saw", "a", "cat"]
    sentence = " ".join((words * 6)[: core.MAX_TOKENS])
    path = write_worksheet(tmp_path / "long.pdf", sentence, "a4", "en")
    words_on_paper = pdf.squeezed(pdf.text(path))
    note = "The sentence has 64 tokens; the tables below show its first 12."
    assert pdf.squeezed(note) in words_on_paper
    assert pdf.squeezed("(in the whole sentence of 64 tokens: 2,016)") in words_on_paper
    assert pdf.squeezed("66 of the 144 cells") in words_on_paper


@needs_poppler
@pytest.mark.parametrize("paper", PAPERS)
def test_long_german_words_stay_on_the_page(qapp, tmp_path, paper):
    long = "Donaudampfschifffahrtsgesellschaftskapitänsmütze"
    sentence = f"die {long} lag auf der {long} und die Katze sah die Kapitänsmütze"
    path = write_worksheet(tmp_path / "long-words.pdf", sentence, paper, "de")
    # Whole, twice in the sentence and twice in the list of its tokens.
    assert pdf.squeezed(pdf.text(path, 1, 1)).count(pdf.squeezed(long)) == 4
    (width, height), _name = PAPERS[paper]
    for page, word, box in pdf.word_boxes(path):
        assert box[0] >= 20 and box[2] <= width - 20, (page, word, box)
        assert box[1] >= 20 and box[3] <= height - 10, (page, word, box)
