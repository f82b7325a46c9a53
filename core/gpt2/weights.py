"""A GPT-2-family model's weights, read from ``model.safetensors`` with the ``safetensors``
library (NumPy, memory-mapped).

The file's header is read first: every tensor the forward pass needs must be there with
the shape the config gives it, in a type NumPy reads, and all of it must fit in memory;
only then are the weights read, a few megabytes at a time, each piece from a mapping of
its own that is closed at once, so the pages of the file that were read leave memory with
it: the peak is the weights themselves plus one piece, not twice the file.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np
from safetensors import SafetensorError, safe_open

from .config import GPT2Config
from .errors import ModelFolderError, gigabytes

WEIGHTS_FILE = "model.safetensors"
#: Types NumPy reads; each is converted to the type the model runs in.
READABLE_TYPES = {"F16": 2, "F32": 4, "F64": 8}
#: What a file saved from the language-model class puts before every name.
PREFIX = "transformer."
#: A tensor is read this many bytes at a time: the library holds Python's lock while it
#: copies, and GPT-2 small's embedding (154 MB) in one piece kept the window from
#: drawing for 150 ms; each piece is also mapped and let go on its own.
CHUNK_BYTES = 8 * 2**20
#: Reports how far a step has come: (step, done, total).
Progress = Callable[[str, int, int], None]
Params = dict[str, np.ndarray]


def expected_shapes(config: GPT2Config) -> dict[str, tuple[int, ...]]:
    """Every tensor the forward pass reads, by its name without ``PREFIX``, with its shape.

    GPT-2's projections are stored input-major ((in, out): ``x @ W``), as its Conv1D
    layers keep them; the token embedding doubles as the unembedding unless the file
    has an ``lm_head.weight`` of its own.
    """
    d, inner = config.n_embd, config.n_inner
    shapes: dict[str, tuple[int, ...]] = {
        "wte.weight": (config.vocab_size, d),
        "wpe.weight": (config.n_positions, d),
    }
    for i in range(config.n_layer):
        for name, shape in (
            ("ln_1.weight", (d,)),
            ("ln_1.bias", (d,)),
            ("attn.c_attn.weight", (d, 3 * d)),
            ("attn.c_attn.bias", (3 * d,)),
            ("attn.c_proj.weight", (d, d)),
            ("attn.c_proj.bias", (d,)),
            ("ln_2.weight", (d,)),
            ("ln_2.bias", (d,)),
            ("mlp.c_fc.weight", (d, inner)),
            ("mlp.c_fc.bias", (inner,)),
            ("mlp.c_proj.weight", (inner, d)),
            ("mlp.c_proj.bias", (d,)),
        ):
            shapes[f"h.{i}.{name}"] = shape
    shapes["ln_f.weight"] = shapes["ln_f.bias"] = (d,)
    return shapes


def _damaged(path: Path, error: Exception) -> ModelFolderError:
    """The header could not be read: a file cut short, or not a safetensors file at all."""
    text = str(error)
    if "incomplete metadata" in text or "not fully covered" in text:
        return ModelFolderError(
            "truncated",
            f"{path} is shorter or longer than its own header says: it was cut short "
            "(an interrupted download or copy); copy it again",
            path,
        )
    return ModelFolderError("not_safetensors", f"{path} is not a safetensors file ({text})", path)


def read_header(path: Path) -> dict[str, tuple[str, tuple[int, ...]]]:
    """Every tensor's type ("F32" ...) and shape, by name, from the file's header."""
    try:
        with safe_open(path, framework="np") as f:
            header = {}
            names = f.keys()  # a list: the file object is no mapping
            for name in names:
                piece = f.get_slice(name)
                header[name] = (str(piece.get_dtype()), tuple(int(s) for s in piece.get_shape()))
            return header
    except SafetensorError as error:
        raise _damaged(path, error) from None
    except OSError as error:
        raise ModelFolderError(
            "not_safetensors", f"{path} could not be read ({error})", path
        ) from None


#: The unembedding of a model that does not tie it to the token embedding.
LM_HEAD = "lm_head.weight"


def _stored_name(name: str, header: dict[str, tuple[str, tuple[int, ...]]]) -> str:
    """``name`` as the file has it: with ``PREFIX`` when the file's names carry it (the
    language-model head, outside the transformer, never does)."""
    prefixed = name != LM_HEAD and f"{PREFIX}wte.weight" in header
    return PREFIX + name if prefixed else name


def _check_tensors(
    path: Path, header: dict[str, tuple[str, tuple[int, ...]]], wanted: dict[str, tuple[int, ...]]
) -> None:
    for name, shape in wanted.items():
        stored = header.get(_stored_name(name, header))
        if stored is None or stored[1] != shape:
            found = "" if stored is None else "x".join(map(str, stored[1]))
            expected = "x".join(map(str, shape))
            what = f"has no tensor {name}" if stored is None else f"has {name} as {found}"
            raise ModelFolderError(
                "mismatch",
                f"{path} {what}, where config.json asks for {expected}: the weights and "
                "config.json are not from the same model",
                path,
                tensor=name,
                expected=expected,
                found=found,
            )
        if stored[0] not in READABLE_TYPES:
            raise ModelFolderError(
                "dtype",
                f"{path} stores its weights as {stored[0]}, which NumPy cannot read; use a "
                "copy saved as float32 or float16",
                path,
                dtype=stored[0],
            )


def available_memory() -> int | None:
    """Bytes of memory free for new data, where the system says; None where it does not.

    Linux: ``MemAvailable`` (free memory plus what the system can reclaim at once);
    Windows: the free physical memory; elsewhere (macOS) the physical memory, an upper
    bound that still refuses what could never fit.
    """
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    if sys.platform == "win32":
        return _windows_free_memory()
    for pages in ("SC_AVPHYS_PAGES", "SC_PHYS_PAGES"):
        try:
            return os.sysconf(pages) * os.sysconf("SC_PAGE_SIZE")
        except (ValueError, OSError, AttributeError):
            continue
    return None


def _windows_free_memory() -> int | None:
    import ctypes

    class MemoryStatus(ctypes.Structure):
        _fields_ = [
            ("length", ctypes.c_ulong),
            ("load", ctypes.c_ulong),
            *((name, ctypes.c_ulonglong) for name in (
                "total_phys", "avail_phys", "total_file", "avail_file", "total_virtual",
                "avail_virtual", "avail_extended",
            )),
        ]  # fmt: skip

    status = MemoryStatus()
    status.length = ctypes.sizeof(MemoryStatus)
    kernel = getattr(ctypes, "windll").kernel32  # noqa: B009 (only on Windows)
    return int(status.avail_phys) if kernel.GlobalMemoryStatusEx(ctypes.byref(status)) else None


def _check_memory(path: Path, sizes: Iterable[int], dtype: np.dtype, available: int | None) -> int:
    """Bytes the weights take in memory; refuses a model that would not fit."""
    needed = sum(sizes) * dtype.itemsize
    # While a piece is read, its part of the file is mapped as well.
    if available is not None and needed + CHUNK_BYTES > available:
        raise ModelFolderError(
            "memory",
            f"the weights in {path} need {gigabytes(needed)} of memory, and "
            f"{gigabytes(available)} is free: close other programs or use a smaller model",
            path,
            needed=needed,
            available=available,
        )
    return needed


def read_weights(
    path: str | Path,
    config: GPT2Config,
    dtype: type[np.floating] = np.float32,
    progress: Progress | None = None,
    available: int | None = None,
) -> Params:
    """Every tensor the forward pass reads, by its name without ``PREFIX``, as ``dtype``.

    ``available``: bytes of free memory (default: :func:`available_memory`); a model that
    needs more is refused before anything is read. ``lm_head.weight`` is included only
    when the file has one of its own.

    Raises
    ------
    ModelFolderError
        ``not_safetensors``, ``truncated``, ``mismatch``, ``dtype`` or ``memory``.
    """
    path = Path(path)
    header = read_header(path)
    wanted = expected_shapes(config)
    if LM_HEAD in header:
        wanted[LM_HEAD] = (config.vocab_size, config.n_embd)
    _check_tensors(path, header, wanted)
    target = np.dtype(dtype)
    sizes = [int(np.prod(shape)) for shape in wanted.values()]
    total = _check_memory(
        path, sizes, target, available_memory() if available is None else available
    )
    params: Params = {}
    done = 0
    for name, shape in wanted.items():
        params[name] = out = np.empty(shape, dtype=target)
        stored = _stored_name(name, header)
        rows = max(1, CHUNK_BYTES * shape[0] // max(1, out.nbytes))  # rows per piece
        for start in range(0, shape[0], rows):
            end = min(start + rows, shape[0])
            out[start:end] = _read_rows(path, stored, start, end)
            done += out[start:end].nbytes
            if progress is not None:
                progress("weights", done, total)
    return params


def _read_rows(path: Path, name: str, start: int, end: int) -> np.ndarray:
    """Rows ``start:end`` of a tensor, from a mapping of their own (see the module)."""
    try:
        with safe_open(path, framework="np") as f:
            return f.get_slice(name)[start:end]
    except SafetensorError as error:
        raise _damaged(path, error) from None
