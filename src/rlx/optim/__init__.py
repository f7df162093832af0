"""Optimizers that step params in place, and a training loop.

Each optimizer's ``step(name, shape, param, grad)`` is the callback
``CompiledGraph.optimizer_step_resident`` takes; ``Optimizer.step_compiled`` runs it
resident with a host fallback; a :class:`Trainer` compiles a loss graph for training
and steps it batch by batch, and :func:`fit` trains one in a few lines.
"""

from rlx.optim.adam import Adam, AdamW
from rlx.optim.base import Optimizer, ParamState
from rlx.optim.init import he_uniform
from rlx.optim.lion import Lion
from rlx.optim.muon import Muon, orthogonalize, shape_scale
from rlx.optim.sgd import SGD
from rlx.optim.train import EpochMetrics, Trainer, TrainResult, fit, minibatches

__all__ = ["Adam", "AdamW", "EpochMetrics", "Lion", "Muon", "Optimizer", "ParamState", "SGD",
           "Trainer", "TrainResult", "fit", "he_uniform", "minibatches", "orthogonalize",
           "shape_scale"]
