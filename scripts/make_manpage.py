"""Write the manual page, ``docs/attention-heads.1``, from the program's own parser.

    python scripts/make_manpage.py [--out PATH]

Every option, command, example, exit code and file in the page comes from
``app.cli``: the parser that reads the command line (its options, their help and
choices, its commands) and the tables its ``--help`` ends with (examples, exit codes,
files). So the page says what ``--help`` says, in the manual's sections;
``tests/test_manpage.py`` fails when the committed page is not what this script makes
of the parser as it is. Read it with ``man -l docs/attention-heads.1``.

(A kept tool, argparse-manpage, would do the options as well, but not the sections
made from those tables, and it would be one more thing to install; walking argparse's
actions takes a page of code.)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "attention-heads.1"
sys.path.insert(0, str(ROOT))


def roff(text: str) -> str:
    """Plain text made safe for roff: backslashes, hyphens, and no line that starts
    with a control character."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join(
        f"\\&{line}" if line.startswith((".", "'")) else line for line in text.split("\n")
    )


def _bold(text: str) -> str:
    return f"\\fB{roff(text)}\\fR"


def _italic(text: str) -> str:
    return f"\\fI{roff(text)}\\fR"


def _metavar(action: argparse.Action) -> str:
    if action.nargs == 0:
        return ""
    if action.choices is not None and action.metavar is None:
        return "{" + ",".join(str(c) for c in action.choices) + "}"
    return str(action.metavar or action.dest.upper())


def _options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions if a.option_strings and a.help != argparse.SUPPRESS]


def _commands(parser: argparse.ArgumentParser) -> list[tuple[str, str, argparse.ArgumentParser]]:
    """(name, help, parser) of each command."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help or "" for a in action._choices_actions}
            found += [(name, helps.get(name, ""), sub) for name, sub in action.choices.items()]
    return found


def _synopsis(words: str, parser: argparse.ArgumentParser) -> str:
    parts = [_bold(words)]
    for action in _options(parser):
        if action.option_strings == ["-h"] or "--help" in action.option_strings:
            continue
        option, value = action.option_strings[-1], _metavar(action)
        parts.append(f"[{_bold(option)}" + (f" {_italic(value)}]" if value else "]"))
    return " ".join(parts)


def _option_items(parser: argparse.ArgumentParser) -> list[str]:
    lines = []
    for action in _options(parser):
        value = _metavar(action)
        names = ", ".join(
            _bold(o) + (f" {_italic(value)}" if value else "") for o in action.option_strings
        )
        help_text = (action.help or "") % {"default": action.default, "prog": parser.prog}
        if action.choices is not None and action.metavar is not None:
            help_text += f" (one of: {', '.join(str(c) for c in action.choices)})"
        if action.default not in (None, False, argparse.SUPPRESS) and "default" not in help_text:
            help_text += f" (default: {action.default})"
        lines += [".TP", names, roff(help_text)]
    return lines


def manpage(parser: argparse.ArgumentParser) -> str:
    """The manual page of ``parser`` and the help's tables, in roff (man macros)."""
    from app.cli import EXAMPLES, EXIT_CODES, FILES
    from app.version import app_version

    name = parser.prog
    summary, _, more = (parser.description or "").partition("\n")
    lines = [
        ".\\\" Made by scripts/make_manpage.py from the program's parser: do not edit.",
        f'.TH {name.upper()} 1 "" "{name} {app_version()}" "User Commands"',
        ".nh",  # no hyphens inside names and paths
        ".ad l",  # ragged right: long paths stay readable
        ".SH NAME",
        f"{roff(name)} \\- {roff(summary[0].lower() + summary[1:].rstrip('.'))}",
        ".SH SYNOPSIS",
        f"{_bold(name)} [{_italic('options')}]",
    ]
    for command, _help, sub in _commands(parser):
        lines += [".br", _synopsis(f"{name} {command}", sub)]
    lines += [".SH DESCRIPTION", roff(summary)]
    if more.strip():
        lines += [".PP", roff(more.strip())]
    lines += [".SH OPTIONS", *_option_items(parser), ".SH COMMANDS"]
    for command, help_text, sub in _commands(parser):
        lines += [".SS " + roff(command), roff(help_text[0].upper() + help_text[1:]) + "."]
        lines += _option_items(sub)
    lines.append(".SH EXAMPLES")
    for command, what in EXAMPLES:
        lines += [".TP", _bold(command), roff(what)]
    lines.append(".SH EXIT STATUS")
    for code, meaning in EXIT_CODES:
        lines += [".TP", _bold(str(code)), roff(meaning[0].upper() + meaning[1:]) + "."]
    lines.append(".SH FILES")
    for what, about, places in FILES:
        lines += [".TP", _bold(what), roff(about[0].upper() + about[1:])]
        for system, where in places:
            lines += [".br", (f"{roff(system)}: " if system else "") + _italic(where)]
    lines += [
        ".SH SEE ALSO",
        "The guides in the source's",
        _italic("docs/"),
        "folder: using the window, the classroom, the kiosk, installing.",
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=PAGE, help="where the page goes")
    args = parser.parse_args(argv)
    from app.cli import build_parser

    args.out.write_text(manpage(build_parser()), encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
