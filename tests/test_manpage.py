"""The manual page is made from the parser: the committed one is what the parser makes now."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from app.cli import EXAMPLES, EXIT_CODES, build_parser
from tests.tools import require_tool

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import make_manpage  # noqa: E402  (scripts/make_manpage.py)


def test_the_committed_page_is_what_the_parser_makes():
    made = make_manpage.manpage(build_parser())
    committed = make_manpage.PAGE.read_text(encoding="utf-8")
    assert committed == made, "run python scripts/make_manpage.py and commit the page"


def test_every_option_command_example_and_exit_code_is_in_it():
    page = make_manpage.PAGE.read_text(encoding="utf-8")
    parser = build_parser()
    for _name, _help, sub in [("", "", parser), *make_manpage._commands(parser)]:
        for action in make_manpage._options(sub):
            for option in action.option_strings:
                assert make_manpage._bold(option) in page, option
    for name, _help, _sub in make_manpage._commands(parser):
        assert f".SS {name}\n" in page
    for command, _what in EXAMPLES:
        assert make_manpage._bold(command) in page
    for code, _meaning in EXIT_CODES:
        assert f".TP\n\\fB{code}\\fR\n" in page


@require_tool("groff")  # from Debian's groff-base
def test_groff_reads_it_without_a_warning():
    result = subprocess.run(
        ["groff", "-man", "-ww", "-z", str(make_manpage.PAGE)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
