"""The translation files: complete, current with the code, and compiled as shipped."""

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale

from app.text import i18n

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts"))
import update_translations  # noqa: E402

TS_FILES = update_translations.translation_files()


def unfinished(ts: Path) -> list[str]:
    root = ET.parse(ts).getroot()
    return [
        f"{context.findtext('name')}: {message.findtext('source')}"
        for context in root.iter("context")
        for message in context.iter("message")
        if message.find("translation").get("type") in ("unfinished", "vanished", "obsolete")
        or not (message.findtext("translation") or "").strip()
    ]


def test_every_language_but_english_has_a_translation_source():
    assert {ts.stem.rsplit("_", 1)[1] for ts in TS_FILES} == set(i18n.LANGUAGES) - {"en"}


@pytest.mark.parametrize("ts", TS_FILES, ids=lambda p: p.name)
def test_the_translation_sources_have_no_unfinished_entries(ts):
    assert unfinished(ts) == []


@pytest.mark.parametrize("ts", TS_FILES, ids=lambda p: p.name)
def test_every_string_of_the_code_is_in_the_translation_source(ts, tmp_path):
    """lupdate run over the code now finds nothing the committed file lacks."""
    copy = tmp_path / ts.name
    shutil.copy(ts, copy)
    update_translations.update([copy])
    assert unfinished(copy) == []
    assert copy.read_text(encoding="utf-8").count("<message>") == ts.read_text(
        encoding="utf-8"
    ).count("<message>"), "the code no longer uses some strings: run scripts/update_translations.py"


@pytest.mark.parametrize("ts", TS_FILES, ids=lambda p: p.name)
def test_the_shipped_qm_is_what_lrelease_makes_of_the_source(ts, tmp_path):
    fresh = tmp_path / ts.with_suffix(".qm").name
    update_translations.release(ts, fresh)
    shipped = ts.with_suffix(".qm")
    assert shipped.exists(), f"run scripts/update_translations.py --release-only for {ts.name}"
    assert shipped.read_bytes() == fresh.read_bytes(), "the .qm is stale: run lrelease"


def test_the_language_comes_from_the_command_line_then_the_settings_then_the_system():
    assert i18n.choose_language("de", "en") == "de"
    assert i18n.choose_language(None, "de") == "de"
    assert i18n.choose_language("xx", "de_AT") == "de"  # unknown codes fall through
    assert i18n.choose_language(None, None) == i18n.system_language()


def test_codes_are_normalised():
    assert [i18n.normalize(c) for c in ("de_DE", "de-AT", "DE", "en_GB")] == [
        "de",
        "de",
        "de",
        "en",
    ]
    assert i18n.normalize("fr") is None and i18n.normalize("") is None


def test_installing_german_loads_translations_and_the_locale(qapp):
    try:
        assert i18n.install_language("de_CH") == "de"
        assert i18n.current_language() == "de"
        assert QLocale().decimalPoint() == ","
        assert qapp.translate("Heads", "Induction") == "Induktion"
    finally:
        i18n.install_language("en")
    assert qapp.translate("Heads", "Induction") == "Induction"
    assert QLocale().decimalPoint() == "."


def test_languages_are_offered_by_their_own_names():
    assert i18n.LANGUAGES == {"en": "English", "de": "Deutsch"}


def test_the_command_line_needs_no_translations():
    """CSV and JSON stay language-neutral: the table command prints '.' decimals."""
    out = subprocess.run(
        [sys.executable, "-m", "app", "table", "--format", "csv"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"LANG": "de_DE.UTF-8", "PATH": "/usr/bin:/bin"},
        check=True,
    ).stdout
    assert "0.92" in out and "0,92" not in out
