"""The command line: tables, presets, and bad input answered in one line with code 2."""

import json
import subprocess
import sys

import pytest

import core
from app.main import main


def test_presets_command_prints_the_arithmetic(capsys):
    assert main(["presets"]) == 0
    out = capsys.readouterr().out
    for figure in ("1,048,576", "2,359,296", "603,979,776", "12,288", "128"):
        assert figure in out


def test_csv_table_has_a_header_and_one_row_per_query(capsys):
    assert main(["table", "--head", "broad", "--sentence", "a b c", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "query \\ key,a 0,b 1,c 2",
        "a 0,1.00,masked,masked",
        "b 1,0.50,0.50,masked",
        "c 2,0.33,0.33,0.33",
    ]


def test_json_table_has_full_precision_and_null_for_masked(capsys):
    assert main(["table", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tokens"] == list(core.LESSON_TOKENS)
    assert data["weights"][0][1] is None
    assert data["weights"][7][2] == pytest.approx(0.91725, abs=1e-5)


def test_no_mask_table_fills_the_upper_triangle(capsys):
    assert main(["table", "--head", "same_word", "--no-mask"]) == 0
    assert "masked" not in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["table", "--head", "bogus"],
        ["table", "--sentence", "   "],
        ["table", "--sentence", "a " * 100],
        ["table", "--format", "xml"],
        ["--size", "huge"],
        ["--query", "x"],
        ["frobnicate"],
    ],
)
def test_bad_arguments_get_one_line_and_exit_code_2(argv):
    result = subprocess.run(
        [sys.executable, "-m", "app", *argv], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "error" in lines[0]
    assert "Traceback" not in result.stderr


def test_the_exit_codes_in_the_help_are_the_ones_the_program_returns():
    from app.cli import EXIT_CODES, USAGE_EXIT
    from app.kiosk import SECOND_INSTANCE_EXIT
    from app.main import WRITE_FAILED_EXIT
    from app.own_packages import FOREIGN_PACKAGE_EXIT
    from app.x11_check import NO_DISPLAY_EXIT

    said = dict(EXIT_CODES)
    assert "written" in said[WRITE_FAILED_EXIT] and "X11" in said[NO_DISPLAY_EXIT]
    assert "argument" in said[USAGE_EXIT]
    assert "kiosk" in said[SECOND_INSTANCE_EXIT]
    assert "package" in said[FOREIGN_PACKAGE_EXIT]
    assert sorted(said) == list(range(5))


def test_every_example_in_the_help_parses():
    import shlex

    from app.cli import EXAMPLES, build_parser

    parser = build_parser()
    for command, _what in EXAMPLES:
        words = shlex.split(command)
        assert words[0] == "attention-heads"
        parser.parse_args(words[1:])  # a bad one exits 2
