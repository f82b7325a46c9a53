"""The menu entry, the icon and the AppStream description agree with each other and the project."""

from __future__ import annotations

import configparser
import re
import subprocess
import xml.etree.ElementTree as ET  # noqa: N817
from importlib import resources
from pathlib import Path

import pytest

from tests.tools import require_tool

ROOT = Path(__file__).resolve().parents[1]
DESKTOP = ROOT / "resources" / "desktop"
APP_ID = "io.github.attention_heads.AttentionHeads"
DESKTOP_FILE = DESKTOP / f"{APP_ID}.desktop"
METAINFO = DESKTOP / f"{APP_ID}.metainfo.xml"
ICON = DESKTOP / "attention-heads.svg"
SVG = "{http://www.w3.org/2000/svg}"
#: The Desktop Menu Specification's main categories.
MAIN_CATEGORIES = {
    "AudioVideo",
    "Audio",
    "Video",
    "Development",
    "Education",
    "Game",
    "Graphics",
    "Network",
    "Office",
    "Science",
    "Settings",
    "System",
    "Utility",
}

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the same parser, from its own package
    import tomli as tomllib


@pytest.fixture(scope="module")
def project():
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


@pytest.fixture(scope="module")
def entry():
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive in .desktop files
    parser.read_string(DESKTOP_FILE.read_text(encoding="utf-8"))
    return parser["Desktop Entry"]


@pytest.fixture(scope="module")
def metainfo():
    return ET.parse(METAINFO).getroot()


# -- the .desktop file ----------


def test_desktop_entry_has_the_keys_a_menu_needs(entry):
    for key in ("Type", "Name", "Comment", "Exec", "Icon", "Categories", "Keywords"):
        assert entry.get(key, "").strip(), key
    assert entry["Type"] == "Application"
    assert entry["Terminal"] == "false"


def test_desktop_entry_starts_the_projects_console_script(entry, project):
    scripts = project["scripts"]
    command = entry["Exec"].split()[0]
    assert command in scripts
    assert scripts[command] == "app.main:main"
    assert entry["TryExec"] == command


def test_desktop_entry_icon_is_the_shipped_svg(entry):
    assert entry["Icon"] == ICON.stem
    assert "/" not in entry["Icon"] and "." not in entry["Icon"]  # a theme name, not a path
    assert ICON.is_file()


def test_desktop_entry_lists_end_with_semicolons_and_name_the_categories(entry):
    for key in ("Categories", "Keywords"):
        assert entry[key].endswith(";"), key
    categories = entry["Categories"].split(";")
    # Exactly one main category, or menus list the program once under each.
    assert [c for c in categories if c in MAIN_CATEGORIES] == ["Education"]
    assert "ComputerScience" in categories


def test_desktop_file_is_named_after_the_application_id():
    assert re.fullmatch(r"[a-z]+(\.[A-Za-z_][A-Za-z0-9_]*){2,}", APP_ID)
    assert DESKTOP_FILE.is_file()


def test_the_macos_bundle_id_is_the_desktop_id_in_apples_letters():
    """Apple allows letters, digits, '-' and '.' in a bundle identifier (no '_', which the
    freedesktop id needs for the '-' of the domain): the same name, spelled for each."""
    spec = (ROOT / "packaging" / "attention-heads.spec").read_text(encoding="utf-8")
    (bundle_id,) = re.findall(r'^MACOS_BUNDLE_ID = "([^"]+)"$', spec, flags=re.MULTILINE)
    assert re.fullmatch(r"[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+", bundle_id)
    assert bundle_id == APP_ID.replace("_", "-")


#: The languages the program speaks besides its source language, English.
TRANSLATED = ("de",)
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def test_the_program_speaks_the_languages_checked_here():
    from app.text.i18n import LANGUAGES, SOURCE_LANGUAGE

    assert set(LANGUAGES) - {SOURCE_LANGUAGE} == set(TRANSLATED)


@pytest.mark.parametrize("language", TRANSLATED)
def test_desktop_entry_names_and_describes_the_program_in_each_language(entry, language):
    for key in ("Name", "GenericName", "Comment", "Keywords"):
        translated = entry.get(f"{key}[{language}]", "").strip()
        assert translated, f"{key}[{language}]"
        if key in ("GenericName", "Comment"):  # words of their own, not a copy
            assert translated != entry[key], key
    assert entry[f"Keywords[{language}]"].endswith(";")
    assert len(entry[f"Keywords[{language}]"].split(";")) >= len(entry["Keywords"].split(";"))


@require_tool("desktop-file-validate")  # from Debian's desktop-file-utils
def test_desktop_entry_passes_desktop_file_validate():
    result = subprocess.run(
        ["desktop-file-validate", str(DESKTOP_FILE)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout


# -- AppStream metainfo ----------


def test_metainfo_names_the_same_application(metainfo):
    assert metainfo.tag == "component"
    assert metainfo.get("type") == "desktop-application"
    assert metainfo.findtext("id") == APP_ID
    launchable = metainfo.find("launchable")
    assert launchable.get("type") == "desktop-id"
    assert launchable.text == DESKTOP_FILE.name


def test_metainfo_has_the_required_elements(metainfo):
    for tag in ("name", "summary", "metadata_license", "project_license", "developer"):
        assert metainfo.findtext(tag) or metainfo.find(tag) is not None, tag
    summary = metainfo.findtext("summary")
    assert 10 < len(summary) <= 80 and not summary.endswith(".")
    paragraphs = metainfo.findall("description/p")
    assert len(paragraphs) >= 1 and all(p.text.strip() for p in paragraphs)
    assert metainfo.find("content_rating").get("type") == "oars-1.1"
    categories = [c.text for c in metainfo.findall("categories/category")]
    assert categories == ["Education", "ComputerScience"]


def _untranslated(elements):
    return [e for e in elements if e.get(XML_LANG) is None]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize(
    "path", ["name", "summary", "description/p", "description/ul/li", "screenshots/*/caption"]
)
def test_metainfo_has_each_text_in_each_language(metainfo, language, path):
    elements = metainfo.findall(path)
    english = _untranslated(elements)
    translated = [e for e in elements if e.get(XML_LANG) == language]
    assert english and len(translated) == len(english), path
    for source, text in zip(english, translated, strict=True):
        assert " ".join(text.itertext()).strip(), path
        if path != "name":  # the program keeps its name
            assert " ".join(text.itertext()) != " ".join(source.itertext()), path
    if path == "summary":
        (summary,) = translated
        assert 10 < len(summary.text) <= 80 and not summary.text.endswith(".")


@require_tool("appstreamcli")  # from Debian's appstream
def test_metainfo_passes_appstreamcli_validate():
    result = subprocess.run(
        ["appstreamcli", "validate", "--no-net", "--explain", str(METAINFO)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_metainfo_agrees_with_the_project(metainfo, project, entry):
    assert metainfo.findtext("name") == entry["Name"]
    assert metainfo.findtext("provides/binary") in project["scripts"]
    assert metainfo.findtext("project_license") == project["license"]  # SPDX, both
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert project["license-files"] == ["LICENSE"]
    assert metainfo.findtext("url[@type='homepage']") == project["urls"]["Homepage"]
    assert metainfo.find("releases/release").get("version") == project["version"]


def test_metainfo_has_a_screenshot_of_the_shipped_picture(metainfo, project):
    shots = metainfo.findall("screenshots/screenshot")
    assert len(shots) == 1 and shots[0].get("type") == "default"
    assert shots[0].findtext("caption").strip()
    image = shots[0].find("image")
    assert image.text.startswith("https://") and image.text.endswith("/docs/screenshot.png")
    assert (ROOT / "docs" / "screenshot.png").is_file()


def test_the_readme_shows_the_same_picture(metainfo):
    """The README shows the committed picture by its place in the repository (so a clone
    and the sdist show it offline); software centres get it by its address on the web."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    pictures = re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", readme)
    assert pictures == ["docs/screenshot.png"], "the README shows the window"
    assert metainfo.find("screenshots/screenshot/image").text.strip().endswith(pictures[0])


def test_setuptools_is_new_enough_for_an_spdx_licence():
    build = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]
    (requirement,) = [r for r in build["requires"] if r.startswith("setuptools")]
    minimum = tuple(int(p) for p in requirement.split(">=")[1].split("."))
    assert minimum >= (77,)  # PEP 639 licence expressions arrived in setuptools 77.0


# -- the icon ----------


def test_icon_is_a_square_svg_with_a_viewbox():
    root = ET.parse(ICON).getroot()
    assert root.tag == f"{SVG}svg"
    x, y, width, height = (float(v) for v in root.get("viewBox").split())
    assert (x, y) == (0, 0) and width == height > 0
    drawn = [e for e in root.iter() if e.tag in (f"{SVG}rect", f"{SVG}path")]
    assert len(drawn) >= 16  # the 4 x 4 matrix at least


def test_icon_renders_at_menu_size(qapp):
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(ICON))
    assert renderer.isValid()
    image = QImage(48, 48, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    colours = {image.pixel(x, y) for x in range(0, 48, 3) for y in range(0, 48, 3)}
    assert len(colours) >= 6  # background, masked cells, several weights, the outline


# -- shipped with the package, documented with the right names ----------


def test_files_ship_inside_the_resources_package():
    shipped = {p.name for p in (resources.files("resources") / "desktop").iterdir()}
    assert {DESKTOP_FILE.name, METAINFO.name, ICON.name, "hicolor"} <= shipped
    pictures = resources.files("resources") / "desktop" / "hicolor" / "48x48" / "apps"
    assert (pictures / "attention-heads.png").is_file()  # for menus that want a picture


def test_the_guide_names_only_files_that_exist():
    text = (ROOT / "docs" / "install.md").read_text(encoding="utf-8")
    start = text.index("## Add it to the applications menu")
    guide = text[start : text.index("## On a machine without a network")]
    named = set(re.findall(r"[\w.-]+\.(?:desktop|svg|metainfo\.xml)\b", guide))
    named = {n for n in named if not n.startswith("attention-heads-kiosk")}
    assert named, "the guide should name the files it installs"
    for name in named:
        assert (DESKTOP / name).is_file(), name
