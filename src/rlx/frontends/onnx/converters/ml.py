"""The numeric ops of the ai.onnx.ml domain that map onto tensor ops."""

from __future__ import annotations

import numpy as np

from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.converters.common import Converter, cast
from rlx.ir import api
from rlx.ir.graph import Tensor

DOMAIN = "ai.onnx.ml"


def convert_binarizer(cx: NodeContext) -> Tensor:
    """1 where x > threshold, else 0, in x's dtype."""
    x = cx.input(0)
    threshold = x.graph.constant(np.asarray(cx.attr("threshold", 0.0)), x.dtype)
    return cast(x > threshold, x.dtype)


def convert_array_feature_extractor(cx: NodeContext) -> Tensor:
    """The entries of x's last axis at the given indices."""
    x, idx = cx.input(0), cx.input(1)
    return api.gather(x, idx.reshape(-1), x.ndim - 1)


CONVERTERS: list[Converter] = [
    Converter("Binarizer", convert_binarizer, domain=DOMAIN),
    Converter("ArrayFeatureExtractor", convert_array_feature_extractor, domain=DOMAIN),
]
