"""A missing or damaged data file never stops the window: the part that needs it says so."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

import app.text.resources as resources
from app.panels.glossary import forget_glossaries
from app.window.main_window import MainWindow


@pytest.fixture(params=["missing", "garbage", "wrong shape"])
def damaged_text_files(request, monkeypatch):
    real = resources.read_bytes

    def broken(name):
        if not name.startswith("text/"):
            return real(name)
        if request.param == "missing":
            raise resources.ResourceError(
                f"resource {name!r} could not be read: gone", "unreadable", name
            )
        if request.param == "garbage":
            return b"\\x00\\xff{not json"
        return b'{"terms": 5, "heads": "no"}'

    monkeypatch.setattr(resources, "read_bytes", broken)
    forget_glossaries()  # the glossary is read once per run: read it again
    yield request.param
    forget_glossaries()


def test_the_window_starts_and_works_without_its_text_files(qtbot, damaged_text_files):
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1024, 768)
    window.show()
    window.build_plots()
    window.side_tabs.setCurrentWidget(window.pages["card"])
    window.grab()
    # The explorer itself is untouched.
    qtbot.mouseClick(window.head_selector.buttons["induction"], Qt.MouseButton.LeftButton)
    window.state.set_query(7)
    assert window.readout.text() == "cat (7) looks most at chased (2), 92%"
    # The card and the glossary say what is wrong instead of showing nothing.
    card_text = " ".join(
        label.text() for label in window.side_tabs.view("card").findChildren(QLabel)
    )
    assert "The head descriptions could not be loaded" in card_text
    window.glossary.show_term("softmax")
    assert window.glossary.isVisible()
    glossary_text = " ".join(label.text() for label in window.glossary.findChildren(QLabel))
    assert "The glossary could not be loaded" in glossary_text
    window.glossary.close()


EXPECTED_PROBLEM = {
    "en": {
        "missing": "could not be read",
        "garbage": "is not valid JSON",
        "wrong shape": "does not hold what the program expects",
    },
    "de": {
        "missing": "ließ sich nicht lesen",
        "garbage": "ist kein gültiges JSON",
        "wrong shape": "enthält nicht, was das Programm erwartet",
    },
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_message_names_the_file_and_the_problem_in_the_learners_language(
    qtbot, damaged_text_files, language
):
    from app.text.i18n import install_language

    install_language(language)
    try:
        window = MainWindow()
        qtbot.addWidget(window)
        window.side_tabs.setCurrentWidget(window.pages["card"])
        card_text = " ".join(
            label.text() for label in window.side_tabs.view("card").findChildren(QLabel)
        )
        window.glossary.show_term("softmax")
        glossary_text = " ".join(label.text() for label in window.glossary.findChildren(QLabel))
        window.glossary.close()
        window.writes_settings = False
    finally:
        install_language("en")
    folder = "text/" if language == "en" else "text/de/"
    problem = EXPECTED_PROBLEM[language][damaged_text_files]
    intro = {
        "en": ("The head descriptions could not be loaded", "The glossary could not be loaded"),
        "de": (
            "Die Beschreibungen der Köpfe konnten nicht geladen werden",
            "Das Glossar konnte nicht geladen werden",
        ),
    }[language]
    assert intro[0] in card_text and f"resources/{folder}heads.json" in card_text
    assert problem in card_text
    assert intro[1] in glossary_text and f"resources/{folder}glossary.json" in glossary_text
    assert problem in glossary_text
    assert "resource 'text" not in card_text + glossary_text  # the log's English stays in the log
