"""A GPT-2-family model's shape, read from the ``config.json`` of a Hugging Face folder.

Only the fields the forward pass needs are read; every one is checked, so that a folder
of another architecture (Llama, BERT ...) or a damaged file is refused with one clear
message before any weight is read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import ModelFolderError

CONFIG_FILE = "config.json"
#: ``model_type`` of the family; ``architectures`` that say the same in older files.
MODEL_TYPE = "gpt2"
ARCHITECTURES = ("GPT2LMHeadModel", "GPT2Model", "GPT2DoubleHeadsModel")
#: Activations this program computes: the tanh form of GELU (what GPT-2 uses, under
#: three names) and ReLU.
ACTIVATIONS = ("gelu_new", "gelu_pytorch_tanh", "gelu_fast", "relu")


@dataclass(frozen=True)
class GPT2Config:
    """The shape of a GPT-2-family model.

    Attributes
    ----------
    n_layer, n_head, n_embd : int
        Layers, heads per layer, and the width of the residual stream.
    n_positions : int
        The longest text it reads, in tokens (its learned positions).
    vocab_size : int
    n_inner : int
        Width of the MLP's hidden layer (4 x ``n_embd`` unless stated).
    activation : str
        One of :data:`ACTIVATIONS`.
    layer_norm_epsilon : float
    scale_attn_weights : bool
        Divide the attention scores by sqrt(d_head) (True in every GPT-2).
    scale_attn_by_inverse_layer_idx : bool
        Also divide layer ``i``'s scores by ``i + 1`` (a Mistral option; False in GPT-2).
    bos_token_id : int or None
        The token read before a text (GPT-2's ``<|endoftext|>``, 50256), if stated.
    """

    n_layer: int
    n_head: int
    n_embd: int
    n_positions: int
    vocab_size: int
    n_inner: int
    activation: str = "gelu_new"
    layer_norm_epsilon: float = 1e-5
    scale_attn_weights: bool = True
    scale_attn_by_inverse_layer_idx: bool = False
    bos_token_id: int | None = None

    @property
    def d_head(self) -> int:
        return self.n_embd // self.n_head


def _refuse(path: Path, detail: str) -> ModelFolderError:
    return ModelFolderError("config", f"{path} cannot be used: {detail}", path, detail=detail)


def _positive_int(raw: dict[str, Any], name: str, path: Path) -> int:
    value = raw.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise _refuse(path, f"{name} must be a whole number of at least 1, not {value!r}")
    return value


def _check_architecture(raw: dict[str, Any], path: Path) -> None:
    model_type = raw.get("model_type")
    architectures = raw.get("architectures") or []
    if model_type == MODEL_TYPE:
        return
    if model_type is None and any(a in ARCHITECTURES for a in architectures):
        return
    named = str(model_type or (architectures[0] if architectures else "unknown"))
    raise ModelFolderError(
        "architecture",
        f"{path.parent} holds a {named} model; this program reads GPT-2-family models "
        f"(model_type {MODEL_TYPE!r})",
        path,
        model_type=named,
    )


def _bos(raw: dict[str, Any], vocab_size: int) -> int | None:
    bos = raw.get("bos_token_id")
    valid = isinstance(bos, int) and not isinstance(bos, bool) and 0 <= bos < vocab_size
    return bos if valid else None


def read_config(path: str | Path) -> GPT2Config:
    """The shape in ``path`` (a ``config.json``).

    Raises
    ------
    ModelFolderError
        ``missing``, ``config`` (not JSON, or a field missing or out of range),
        ``architecture`` (another kind of model) or ``activation``.
    """
    path = Path(path)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ModelFolderError(
            "missing", f"{path.parent} has no {CONFIG_FILE}", path, names=(CONFIG_FILE,)
        ) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise _refuse(path, f"it is not a readable JSON file ({error})") from None
    if not isinstance(raw, dict):
        raise _refuse(path, "it does not hold a JSON object")
    _check_architecture(raw, path)
    sizes = {
        name: _positive_int(raw, name, path)
        for name in ("n_layer", "n_head", "n_embd", "n_positions", "vocab_size")
    }
    if sizes["n_embd"] % sizes["n_head"]:
        raise _refuse(
            path, f"n_embd {sizes['n_embd']} does not divide into {sizes['n_head']} heads"
        )
    inner = raw.get("n_inner")
    n_inner = 4 * sizes["n_embd"] if inner is None else _positive_int(raw, "n_inner", path)
    activation = raw.get("activation_function", "gelu_new")
    if activation not in ACTIVATIONS:
        raise ModelFolderError(
            "activation",
            f"{path} asks for the activation {activation!r}, which this program does not "
            f"compute (it computes {', '.join(ACTIVATIONS)})",
            path,
            activation=str(activation),
        )
    epsilon = raw.get("layer_norm_epsilon", 1e-5)
    if isinstance(epsilon, bool) or not isinstance(epsilon, int | float) or not 0 < epsilon < 1:
        raise _refuse(path, f"layer_norm_epsilon must be a small positive number, not {epsilon!r}")
    return GPT2Config(
        **sizes,
        n_inner=n_inner,
        activation=str(activation),
        layer_norm_epsilon=float(epsilon),
        scale_attn_weights=bool(raw.get("scale_attn_weights", True)),
        scale_attn_by_inverse_layer_idx=bool(raw.get("scale_attn_by_inverse_layer_idx", False)),
        bos_token_id=_bos(raw, sizes["vocab_size"]),
    )
