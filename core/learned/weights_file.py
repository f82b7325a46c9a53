"""Saving and loading learned weights as a NumPy ``.npz`` archive.

The archive holds ``format_version`` (an integer), ``config`` (the
:class:`ModelConfig` as JSON), ``info`` (free-form JSON: seed, training
config, scores) and one array per parameter. Loading checks all of it, so a
damaged or foreign file gives a :class:`WeightsError` saying what is wrong and
what to do, never a bare ``KeyError`` or ``zipfile`` error.
"""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import zipfile
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .config import ModelConfig
from .model import Params, param_shapes

#: Bump when the layout of the archive changes.
FORMAT_VERSION = 1

#: Where the shipped model lives in the source tree and in an installed package.
SHIPPED_WEIGHTS = (
    Path(__file__).resolve().parents[2] / "resources" / "models" / "induction_2layer.npz"
)

#: The script that recreates the shipped model; the English model has its own.
SHIPPED_SCRIPT = "scripts/train_shipped_model.py"


def fix_for(script: str) -> str:
    """What to do about a damaged file, in the log's words (the app words its own)."""
    return f"Reinstall the program, or run {script} to recreate it."


# Everything np.load and the zip reader raise on a file that is not a sound archive.
_READ_ERRORS = (
    OSError,
    RuntimeError,  # zipfile: unsupported version or compression, encrypted entries
    EOFError,
    ValueError,
    KeyError,
    zipfile.BadZipFile,
    zlib.error,
    pickle.UnpicklingError,
)


#: What can be wrong with a weights file (``WeightsError.kind``).
WEIGHTS_ERROR_KINDS = (
    "missing",  # no file at the path
    "damaged",  # not a readable .npz archive
    "foreign",  # an archive, but not one this program wrote
    "version",  # written by another version of the format
    "record",  # the config or info record is unusable
    "weights",  # an array is missing, has the wrong shape or is not finite
    "vocabulary",  # the English model's word list is missing or does not fit
)


class WeightsError(ValueError):
    """A weights file is missing, damaged or does not fit the model.

    ``kind`` (one of :data:`WEIGHTS_ERROR_KINDS`), ``path`` and ``script`` (what
    recreates the file) let the app word the message in the learner's language;
    ``str()`` is a plain English message for the command line and the log.
    """

    def __init__(
        self, kind: str, message: str, path: os.PathLike[str] | str | None = None, script: str = ""
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.path = None if path is None else str(path)
        self.script = script or SHIPPED_SCRIPT


@dataclass(frozen=True)
class SavedModel:
    """A model read from disk: its config, its weights and what was noted with them."""

    config: ModelConfig
    params: Params
    info: dict[str, Any] = field(default_factory=dict)


def save_weights(
    path: str | os.PathLike[str],
    config: ModelConfig,
    params: Params,
    info: dict[str, Any] | None = None,
) -> None:
    """Write ``params`` to ``path`` (an ``.npz`` file), replacing it atomically.

    Parameters
    ----------
    path : path-like
    config : ModelConfig
    params : dict of ndarray
        Shapes must match ``config``.
    info : dict, optional
        JSON-serialisable notes (seed, training config, scores).
    """
    _check_params(params, config, "to save")
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    arrays = {name: np.asarray(params[name]) for name in param_shapes(config)}
    try:
        with open(tmp, "wb") as f:
            records: dict[str, np.ndarray | np.generic] = {
                "format_version": np.int64(FORMAT_VERSION),
                "config": np.str_(json.dumps(config.to_dict())),
                "info": np.str_(json.dumps(info or {})),
                **arrays,
            }
            np.savez(f, **records)  # type: ignore[arg-type]  # numpy's stub types **kwds as allow_pickle
        os.replace(tmp, path)  # a reader never sees half a file
    finally:
        tmp.unlink(missing_ok=True)


def load_weights(
    path: str | os.PathLike[str] = SHIPPED_WEIGHTS, script: str = SHIPPED_SCRIPT
) -> SavedModel:
    """Read and check a weights file written by :func:`save_weights`.

    ``script`` recreates the file; every error names it (what to do about it).

    Raises
    ------
    WeightsError
        If the file is missing or unreadable, is not an ``.npz`` archive, is
        truncated, has another format version, or any array is missing, has the
        wrong shape or is not finite.
    """
    path = Path(path)
    fix = fix_for(script)

    def error(kind: str, message: str) -> WeightsError:
        return WeightsError(kind, f"{message} {fix}", path, script)

    if not path.is_file():
        raise error("missing", f"No model weights at {path}.")
    try:
        # Opening the file here, not in np.load, closes it even when the zip is bad.
        with open(path, "rb") as f, np.load(f, allow_pickle=False) as archive:
            contents = {name: archive[name] for name in archive.files}
    except _READ_ERRORS as exc:
        raise error(
            "damaged",
            f"The model weights file {path} is damaged or is not a NumPy .npz archive "
            f"({type(exc).__name__}: {exc}).",
        ) from None
    missing = [k for k in ("format_version", "config") if k not in contents]
    if missing:
        raise error("foreign", f"{path} is not a weights file of this program (no {missing[0]}).")
    version = contents["format_version"]
    if version.shape != () or version.dtype.kind not in "iu" or int(version) != FORMAT_VERSION:
        raise error(
            "version",
            f"{path} has weights format version {version.tolist()!r}; this program reads "
            f"version {FORMAT_VERSION}.",
        )
    config = _read_config(contents["config"], path, error)
    info = _read_json(contents.get("info", np.array("{}")), path, "info", error)
    found = {name: contents.get(name) for name in param_shapes(config)}
    params = _check_params(found, config, f"in {path}", error)
    return SavedModel(config, params, info)


def _read_json(
    value: np.ndarray, path: Path, name: str, error: Callable[[str, str], WeightsError]
) -> dict[str, Any]:
    data = None
    if value.dtype.kind == "U" and value.shape == ():
        with contextlib.suppress(json.JSONDecodeError):
            data = json.loads(str(value[()]))
    if not isinstance(data, dict):
        raise error("record", f"The {name} record in {path} is not a JSON object.")
    return data


def _read_config(
    value: np.ndarray, path: Path, error: Callable[[str, str], WeightsError]
) -> ModelConfig:
    data = _read_json(value, path, "config", error)
    try:
        return ModelConfig(**data)
    except (TypeError, ValueError) as exc:
        raise error("record", f"The model config in {path} is not usable ({exc}).") from None


def _saving_error(kind: str, message: str) -> WeightsError:
    return WeightsError(kind, message)


def _check_params(
    params: Mapping[str, Any],
    config: ModelConfig,
    where: str,
    error: Callable[[str, str], WeightsError] = _saving_error,
) -> Params:
    """The arrays of ``params`` that ``config`` names, each checked for shape and values."""
    checked: Params = {}
    for name, shape in param_shapes(config).items():
        value = params.get(name)
        if value is None:
            raise error("weights", f"The weights '{name}' {where} are missing.")
        if np.shape(value) != shape:
            raise error(
                "weights",
                f"The weights '{name}' {where} have shape {np.shape(value)}, but the model "
                f"config needs {shape}.",
            )
        if np.asarray(value).dtype.kind != "f" or not np.all(np.isfinite(value)):
            raise error("weights", f"The weights '{name}' {where} are not finite numbers.")
        checked[name] = np.asarray(value)
    return checked
