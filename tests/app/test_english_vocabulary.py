"""The shipped English model on the sentences the program offers on its English page and
elsewhere: the vocabulary test reads them all, and copying works on the page's repeat."""

import pytest

import core
from core.english import load_english
from core.english.analysis import analyse
from core.english.program_sentences import program_sentences


@pytest.fixture(scope="module")
def model():
    return load_english()


def test_the_vocabulary_test_reads_every_english_sentence_the_program_offers():
    from app.panels.english_view import english_examples
    from app.text.lesson import examples, exhibit_examples

    sentences = program_sentences()

    offered = {
        core.LESSON_SENTENCE,
        *(e.sentence for e in examples("en")),
        *(e.sentence for e in exhibit_examples("en")),
        *(sentence for sentence, _ in english_examples().values()),
        "The cat saw the other cat",  # a head card's own sentence
    }
    assert offered <= set(sentences)


def test_on_the_pages_repeated_passage_copying_makes_the_right_word_the_top_guess(model):
    from app.panels.english_view import english_examples

    sentence, query = english_examples()["repeated"]
    tokens = core.tokenize(sentence)
    guess = analyse(model, tokens).predictions(query)[0]
    following = tokens[tokens.index(tokens[query]) + 1].casefold()
    assert guess.word == following == "at" and guess.probability > 0.5
