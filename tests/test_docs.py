"""The README and the guides in docs/ name only what exists: files, scripts and their
options, the program's commands and options, names said to be in a file, and links.

A guide that names a module, a script, a flag or a table by name drifts when the code
moves on; this test finds the drift when it happens.
"""

from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path

import pytest

from app.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
GUIDES = [
    ROOT / "README.md",
    ROOT / "THIRD-PARTY-NOTICES.md",
    *sorted((ROOT / "docs").glob("*.md")),
]
#: Guides written in another change, linked before they land; and the files a recipe
#: makes (registries.md's example language, French).
PENDING = {"resources/i18n/attention_heads_fr.ts", "resources/text/fr/"}
#: Folders of the repository whose files a guide names in `backticks`.
TOP = ("app", "core", "resources", "scripts", "tests", "packaging", "docs", ".ci", ".github")
PROGRAM = re.compile(
    r"^(?:\.venv/bin/|attention-heads/|/opt/attention-heads/bin/)?attention-heads$"
)


def name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def code_spans(text: str) -> list[str]:
    """Inline code (`...`) outside fenced blocks."""
    outside = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    return re.findall(r"`([^`\n]+)`", outside)


def shell_lines(text: str) -> list[str]:
    """The commands of the ```sh blocks, continued lines joined."""
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.DOTALL):
        lines += [line.strip() for line in block.replace("\\\n", " ").splitlines() if line.strip()]
    return lines


def words_of(command: str) -> list[str]:
    return shlex.split(command, comments=True)


@pytest.fixture(scope="module", params=GUIDES, ids=name)
def guide(request):
    return request.param, request.param.read_text(encoding="utf-8")


def test_every_repository_path_it_names_exists(guide):
    path, text = guide
    named = {span.split()[0].rstrip(":,") for span in code_spans(text)}
    named |= {w for line in shell_lines(text) for w in words_of(line)}
    missing = []
    for word in named:
        if not word.startswith(tuple(f"{top}/" for top in TOP)) or re.search(r"[<\[*{$]", word):
            continue
        if not (ROOT / word).exists() and word not in PENDING:
            missing.append(word)
    assert missing == [], f"{name(path)} names what is not in the repository"


def program_commands(text: str) -> list[list[str]]:
    """Every command line of the program a guide gives: whole lines in ```sh blocks, and
    inline code that is a whole command."""
    commands = []
    for line in shell_lines(text) + [span for span in code_spans(text) if " " in span]:
        try:
            words = words_of(line)
        except ValueError:
            continue
        if words and PROGRAM.match(words[0]):
            commands.append(words[1:])
    return commands


def test_every_command_of_the_program_parses(guide):
    path, text = guide
    parser = build_parser()
    for argv in program_commands(text):
        if argv and argv[-1].startswith("--") and argv[-1] in {"--screenshot", "--export"}:
            argv = [*argv, "x.png"]  # inline mentions of an option, without its file
        try:
            parser.parse_args(argv)
        except SystemExit as stop:
            assert stop.code == 0, f"{name(path)}: attention-heads {' '.join(argv)}"


def test_every_option_of_the_program_it_names_exists(guide):
    """`--flag` spans next to the program's name, or in a guide about the program."""
    path, text = guide
    parser = build_parser()
    known = {o for a in parser._actions for o in a.option_strings}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                known |= {o for a in sub._actions for o in a.option_strings}
    for argv in program_commands(text):
        for word in argv:
            option = word.split("=")[0]
            assert not option.startswith("-") or option in known, f"{name(path)}: {word}"


def test_every_script_option_it_gives_is_the_scripts(guide):
    path, text = guide
    lines = shell_lines(text) + code_spans(text)
    for line in lines:
        try:
            words = words_of(line)
        except ValueError:
            continue
        scripts = [w for w in words if re.match(r"(scripts|tests)/[\w/]+\.(py|sh)$", w)]
        if not scripts or not (ROOT / scripts[0]).is_file():
            continue
        source = (ROOT / scripts[0]).read_text(encoding="utf-8")
        rest = words[words.index(scripts[0]) + 1 :]
        for word in rest:
            if word == "--":
                break
            if word.startswith("--"):
                assert f'"{word.split("=")[0]}"' in source, f"{name(path)}: {scripts[0]} {word}"


#: A file of the code, named in a guide.
SOURCE = re.compile(r"`((?:app|core|scripts|tests)/[\w/]+\.py)`")
#: A name of the code in backticks: `HEADS`, `page_title`, `app.text.wording.fill`,
#: `AppState.reset()`; not a file, a command or a word of prose.
CODE_NAME = re.compile(r"`([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)(?:\(\))?`")
#: The guides for contributors, whose recipes name the code's tables and functions.
RECIPES = ("docs/architecture.md", "docs/registries.md", "docs/testing.md")


def placed_names(text: str) -> list[tuple[str, str]]:
    """(name, file) for each name a guide says is in a file: the names in backticks
    between the sentence's start (or the file named before) and "in `file`" or
    "(`file`)", as in "`PAGES`, its title in `page_title`, all in `app/x.py`"."""
    text = " ".join(text.split())
    found, start = [], 0
    for match in SOURCE.finditer(text):
        before = text[match.start() - 4 : match.start()]
        fragment = re.split(r"[.;:!?] |\s- |\d\. ", text[start : match.start()])[-1]
        start = match.end()
        if not (before.endswith("in ") or before.endswith("(")):
            continue
        for code in CODE_NAME.findall(fragment):
            if re.search(r"[A-Z_]", code) or "." in code or code + "()" in fragment:
                found.append((code, match.group(1)))
    return found


@pytest.mark.parametrize("recipe", RECIPES)
def test_every_name_it_places_in_a_file_is_there(recipe):
    text = (ROOT / recipe).read_text(encoding="utf-8")
    placed = placed_names(text)
    assert placed, recipe
    for code, where in placed:
        source = (ROOT / where).read_text(encoding="utf-8")
        assert code.split(".")[-1] in source, f"{recipe}: `{code}` in `{where}`"


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def test_every_link_leads_somewhere(guide):
    path, text = guide
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        file, _, part = target.partition("#")
        linked = (path.parent / file).resolve() if file else path
        if name(linked) in PENDING:
            continue
        assert linked.exists(), f"{name(path)}: {target}"
        if part and linked.suffix == ".md":
            headings = re.findall(r"^#+ (.+)$", linked.read_text(encoding="utf-8"), re.MULTILINE)
            assert part in {anchor(h) for h in headings}, f"{name(path)}: {target}"


def test_the_checks_catch_drift():
    """What the checks above would find in a guide that has drifted."""
    drifted = (
        "Run `scripts/no_such.py`, or `attention-heads --no-such-flag`. "
        "Its name in `HEAD_NAMES` and `page_title()`, in `core/tokens.py`."
    )
    assert not (ROOT / "scripts/no_such.py").exists()
    assert program_commands(drifted) == [["--no-such-flag"]]
    placed = placed_names(drifted)
    assert placed == [("HEAD_NAMES", "core/tokens.py"), ("page_title", "core/tokens.py")]
    assert "HEAD_NAMES" not in (ROOT / "core" / "tokens.py").read_text(encoding="utf-8")


def test_the_readme_is_short_and_starts_with_the_two_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 150
    first_screen = "\n".join(readme.splitlines()[:40])
    assert "## Quick start" in first_screen
    assert first_screen.count("```sh") >= 2  # install and start; install and test
