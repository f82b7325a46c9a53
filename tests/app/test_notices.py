"""The third-party notice: every distribution the program runs on, its version, licence
and licence text, from the installed metadata; shown from Help > About."""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

import pytest

from app import notices
from app.notices import NOTICE_NAME, format_notice, requirement_closure, sections

ROOT = Path(__file__).resolve().parents[2]
#: What the program needs to run (pyproject.toml's dependencies, and theirs).
RUNS_ON = {"numpy", "pyqtgraph", "regex", "pyside6-essentials", "shiboken6"}


@pytest.fixture(scope="module")
def parts():
    return sections()


@pytest.fixture(scope="module")
def text(parts):
    return format_notice(parts)


def key(name: str) -> str:
    return name.lower().replace("_", "-")


def test_it_names_everything_the_program_runs_on_and_nothing_of_its_extras(parts):
    named = {key(p.name) for p in parts}
    assert RUNS_ON | {"attention-heads", "python"} <= named
    assert not named & {"pytest", "pytest-qt", "hypothesis", "ruff", "mypy", "pyinstaller"}
    assert key(parts[0].name) == "attention-heads"
    assert [p.name for p in parts[-3:]] == ["Python", "WordNet", "better-profanity word list"]


def test_the_word_lists_it_carries_come_with_their_licences(parts):
    wordnet, profanity = parts[-2:]
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in wordnet.texts[0][1]
    assert "word_forms.txt" in wordnet.note
    assert profanity.licence == "MIT" and "Permission is hereby granted" in profanity.texts[0][1]
    assert "blocked_words.txt" in profanity.note


def test_each_has_its_installed_version_a_licence_and_its_text(parts):
    for part in parts[:-3]:  # not Python, nor the word lists
        assert part.version == metadata.version(part.name), part.name
        assert part.licence and part.licence != "not stated in its metadata", part.name
        # A licence's text, at least (packaging's LICENSE only points to its two others).
        assert any(len(text) > 200 for _name, text in part.texts), part.name
    own = parts[0]
    assert own.licence == "MIT" and "Permission is hereby granted" in own.texts[0][1]


def test_qt_for_python_comes_with_the_lgpl_and_the_gpl_it_adds_to(parts):
    (pyside,) = [p for p in parts if key(p.name) == "pyside6-essentials"]
    names = [name for name, _text in pyside.texts]
    assert names == ["LGPL-3.0-only.txt", "GPL-3.0-only.txt"]
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in pyside.texts[0][1]
    assert "GNU GENERAL PUBLIC LICENSE" in pyside.texts[1][1]
    assert "https://code.qt.io" in pyside.note  # where the source is


def test_the_text_has_a_contents_table_and_every_section(parts, text):
    contents = text.split("\n\n=")[0]
    for part in parts:
        assert f"{part.name} {part.version}" in contents
        assert f"\n{part.name} {part.version}\nLicence: {part.licence}\n" in text


def test_a_bundle_adds_pyinstaller_without_what_it_needs_to_build():
    pytest.importorskip("PyInstaller", reason="PyInstaller is not installed (the [bundle] extra)")
    named = [key(p.name) for p in sections(alone=("pyinstaller",))]
    assert "pyinstaller" in named
    assert not {"altgraph", "pyinstaller-hooks-contrib"} & set(named)


def test_a_requirement_that_is_not_installed_is_left_out():
    found = [key(d.metadata["Name"]) for d in requirement_closure(["attention-heads", "no-such"])]
    assert found[0] == "attention-heads" and "no-such" not in found


@pytest.mark.parametrize(
    ("platform", "program", "notice"),
    [
        ("linux", "attention-heads/attention-heads", "attention-heads/" + NOTICE_NAME),
        ("win32", "attention-heads/attention-heads.exe", "attention-heads/" + NOTICE_NAME),
        (
            "darwin",
            "Attention Heads.app/Contents/MacOS/attention-heads",
            "Attention Heads.app/Contents/Resources/" + NOTICE_NAME,
        ),
    ],
)
def test_a_bundle_shows_its_own_file(monkeypatch, tmp_path, platform, program, notice):
    sys.path.insert(0, str(ROOT / "scripts"))
    import build_bundle

    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / program))
    assert notices.bundled_notice() == tmp_path / notice
    bundle = tmp_path / Path(program).parts[0]
    assert build_bundle.notice_place(bundle) == tmp_path / notice  # where the build writes
    (tmp_path / notice).parent.mkdir(parents=True)
    (tmp_path / notice).write_text("the bundle's notice\n", encoding="utf-8")
    assert notices.notice() == "the bundle's notice\n"


def test_an_installed_program_makes_it_on_demand(text):
    assert notices.bundled_notice() is None
    assert notices.notice() == text


# -- Help > About -------------------------------------------------------------------------------


@pytest.fixture
def about(window, monkeypatch, tmp_path):
    """Help > About as the menu opens it, held open for the test."""
    from app.window.about_dialog import AboutDialog

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    shown = []
    monkeypatch.setattr(AboutDialog, "exec", lambda dialog: shown.append(dialog))
    window.run_command("about")
    (dialog,) = shown
    return dialog


def test_about_names_the_licences_and_the_log_file(about, tmp_path):
    from app.version import app_version

    assert f"Version {app_version()}" in about.about.text()
    assert "MIT" in about.about.text() and "LGPL" in about.others.text()
    log_file = tmp_path / "state" / "attention-heads" / "attention-heads.log"
    assert str(log_file) in about.log_file.text()


def test_about_opens_the_notice(about, monkeypatch, text):
    from app.window.about_dialog import NoticesDialog

    opened = []
    monkeypatch.setattr(NoticesDialog, "exec", lambda dialog: opened.append(dialog))
    about.licences_button.click()
    (dialog,) = opened
    assert dialog.text.toPlainText() == text
    assert dialog.text.isReadOnly()


def test_a_bundle_without_its_notice_file_says_so(about, monkeypatch, tmp_path):
    from app.window.about_dialog import NoticesDialog

    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "gone" / "attention-heads"))
    opened = []
    monkeypatch.setattr(NoticesDialog, "exec", lambda dialog: opened.append(dialog))
    about.licences_button.click()
    assert opened[0].text.toPlainText().startswith("The third-party notice could not be read")


def test_the_sdists_notice_names_everything_the_program_runs_on(parts):
    """THIRD-PARTY-NOTICES.md (in the sdist) lists by name what the notice gives in full."""
    table = (ROOT / "THIRD-PARTY-NOTICES.md").read_text(encoding="utf-8")
    listed = {key(row.split("|")[1].strip()) for row in table.splitlines() if row.startswith("| ")}
    assert {key(p.name) for p in parts} <= listed | {"attention-heads"}
    assert "pyinstaller (its bootloader only)" in listed
