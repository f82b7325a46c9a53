"""Learned heads: a tiny two-layer attention-only transformer trained in NumPy.

Trained on random tokens whose second half repeats a segment of the first, it
grows a previous-token head in layer 1 and an induction head in layer 2, which
the window shows beside the constructed heads. Pure NumPy, no Qt.

Typical use::

    model = load_weights()                                  # the shipped model
    weights = sentence_attention(model.params, core.tokenize("a b a b"))
    result = train(QUICK_TRAINING, seed=0, on_progress=print, cancel=event)
"""

from .config import QUICK_TRAINING, SHIPPED_SEED, SHIPPED_TRAINING, ModelConfig, TrainConfig
from .data import repeated_batch, repeated_sequence, training_batch
from .inference import attention_patterns, sentence_attention
from .metrics import (
    EVAL_BATCH,
    EVAL_SEED,
    Evaluation,
    copy_losses,
    evaluate,
    induction_scores,
    previous_token_scores,
)
from .model import Params, forward, init_params, loss_and_grads, param_shapes, token_losses
from .optim import Adam
from .train import TrainProgress, TrainResult, train
from .vocab import sentence_ids
from .weights_file import (
    FORMAT_VERSION,
    SHIPPED_WEIGHTS,
    SavedModel,
    WeightsError,
    load_weights,
    save_weights,
)

__all__ = [
    "EVAL_BATCH",
    "EVAL_SEED",
    "FORMAT_VERSION",
    "QUICK_TRAINING",
    "SHIPPED_SEED",
    "SHIPPED_TRAINING",
    "SHIPPED_WEIGHTS",
    "Adam",
    "Evaluation",
    "ModelConfig",
    "Params",
    "SavedModel",
    "TrainConfig",
    "TrainProgress",
    "TrainResult",
    "WeightsError",
    "attention_patterns",
    "copy_losses",
    "evaluate",
    "forward",
    "induction_scores",
    "init_params",
    "load_weights",
    "loss_and_grads",
    "param_shapes",
    "previous_token_scores",
    "repeated_batch",
    "repeated_sequence",
    "save_weights",
    "sentence_attention",
    "sentence_ids",
    "token_losses",
    "train",
    "training_batch",
]
