"""What went wrong, in the learner's language: a sentence, a model file, a data file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.text.wording import fill, translate
from core.tokens import TokenError

if TYPE_CHECKING:  # core.learned is imported only by the pages that read a model
    from app.text.resources import ResourceError
    from core.learned import WeightsError


def token_error(error: TokenError) -> str:
    """Why a sentence cannot be used, in the learner's language."""
    if error.kind == "empty":
        return translate("Errors", "The sentence is empty; type at least one word.")
    if error.kind == "too_many":
        return fill(
            translate(
                "Errors",
                "The sentence has more than %1 tokens; shorten it to %1 words and "
                "punctuation marks or fewer.",
            ),
            error.limit,
        )
    return translate("Errors", "That is not text the program can read.")


def weights_error(error: WeightsError) -> str:
    """What is wrong with a model file and what to do about it, in the learner's language."""
    problems = {
        "missing": translate("Errors", "There is no model file at %1."),
        "damaged": translate(
            "Errors", "The model file %1 is damaged or is not a NumPy .npz archive."
        ),
        "foreign": translate("Errors", "The file %1 is not a model file of this program."),
        "version": translate(
            "Errors", "The model file %1 was written in a format this version cannot read."
        ),
        "record": translate("Errors", "The description of the model in %1 is damaged."),
        "weights": translate("Errors", "The weights in %1 are damaged or do not fit the model."),
        "vocabulary": translate(
            "Errors", "The word list in %1 is missing or does not fit the model."
        ),
    }
    problem = problems.get(error.kind, translate("Errors", "The model file %1 cannot be used."))
    fix = translate("Errors", "Reinstall the program, or run %1 to recreate it.")
    return f"{fill(problem, error.path or '?')} {fill(fix, error.script)}"


def resource_error(error: ResourceError) -> str:
    """Why a data file of the program could not be used (the details go to the log)."""
    problems = {
        "unreadable": translate("Errors", "the file %1 could not be read"),
        "not_text": translate("Errors", "the file %1 is not UTF-8 text"),
        "not_json": translate("Errors", "the file %1 is not valid JSON"),
    }
    problem = problems.get(
        error.kind, translate("Errors", "the file %1 does not hold what the program expects")
    )
    return fill(problem, f"resources/{error.name}" if error.name else "?")
