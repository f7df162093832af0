"""Initial weights for training."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np


def he_uniform(param_shapes: Mapping[str, Sequence[int]], seed: int = 0) -> dict[str, np.ndarray]:
    """float32 params: 1-D ones (biases) zero, the others uniform in ``±sqrt(6 / fan_in)``
    (He et al.). ``fan_in`` is the product of all axes but the first for a 4-D conv
    weight ``[out, in, kh, kw]``, and the first axis of a matrix ``[in, out]``. Params
    are drawn in the mapping's order from one ``numpy.random.default_rng(seed)``."""
    rng = np.random.default_rng(seed)
    params = {}
    for name, shape in param_shapes.items():
        shape = tuple(shape)
        if len(shape) == 1:
            params[name] = np.zeros(shape, np.float32)
            continue
        fan_in = math.prod(shape[1:]) if len(shape) == 4 else shape[0]
        bound = math.sqrt(6.0 / fan_in)
        params[name] = rng.uniform(-bound, bound, shape).astype(np.float32)
    return params
