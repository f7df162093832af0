"""Initial weights for training."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np

from rlx.errors import InputError


def he_uniform(param_shapes: Mapping[str, Sequence[int]], seed: int = 0) -> dict[str, np.ndarray]:
    """float32 params: 1-D ones (biases) zero, the others uniform in ``±sqrt(6 / fan_in)``
    (He et al.). ``fan_in`` is the first axis of a matrix ``[in, out]`` (rlx's ``x @ W``
    layout) and the product of all axes but the first for a conv weight of rank 3 or
    more (``[out, in, k]``, ``[out, in, kh, kw]``, ...; ``in`` is per group). Params are
    drawn in the mapping's order from one ``numpy.random.default_rng(seed)``; an empty
    param draws nothing. InputError for a 0-d shape (no rule says its fan-in)."""
    rng = np.random.default_rng(seed)
    params = {}
    for name, shape in param_shapes.items():
        shape = tuple(shape)
        if not shape:
            raise InputError(f"he_uniform: param {name!r} is 0-d; He initialisation needs a "
                             "bias, a matrix or a conv weight")
        if len(shape) == 1 or math.prod(shape) == 0:
            params[name] = np.zeros(shape, np.float32)
            continue
        fan_in = math.prod(shape[1:]) if len(shape) >= 3 else shape[0]
        bound = math.sqrt(6.0 / fan_in)
        params[name] = rng.uniform(-bound, bound, shape).astype(np.float32)
    return params
