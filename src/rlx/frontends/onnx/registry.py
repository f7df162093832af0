"""The converter registry: (domain, op_type) -> converters by opset range.

Built in one place from each converter module's ``CONVERTERS`` list; a test
checks that no two converters of one op claim the same opset version.
"""

from __future__ import annotations

from collections.abc import Iterable

from rlx.frontends.onnx.converters import (
    control,
    elementwise,
    index,
    linalg,
    ml,
    nn,
    normalization,
    quantization,
    recurrent,
    reduction,
    resize,
    sampling,
    sequence,
    shape,
    signal,
    training,
)
from rlx.frontends.onnx.converters.common import Converter

DEFAULT_DOMAINS = ("", "ai.onnx")


def normalize_domain(domain: str) -> str:
    """"" for the default ONNX domain (also spelled "ai.onnx"), else the domain."""
    return "" if domain in DEFAULT_DOMAINS else domain


def _index(converters: Iterable[Converter]) -> dict[tuple[str, str], tuple[Converter, ...]]:
    table: dict[tuple[str, str], list[Converter]] = {}
    for conv in converters:
        table.setdefault((normalize_domain(conv.domain), conv.op_type), []).append(conv)
    return {key: tuple(sorted(convs, key=lambda c: c.since)) for key, convs in table.items()}


ALL_CONVERTERS: tuple[Converter, ...] = (
    *elementwise.CONVERTERS,
    *reduction.CONVERTERS,
    *shape.CONVERTERS,
    *index.CONVERTERS,
    *linalg.CONVERTERS,
    *nn.CONVERTERS,
    *normalization.CONVERTERS,
    *resize.CONVERTERS,
    *sampling.CONVERTERS,
    *signal.CONVERTERS,
    *quantization.CONVERTERS,
    *recurrent.CONVERTERS,
    *control.CONVERTERS,
    *sequence.CONVERTERS,
    *training.CONVERTERS,
    *ml.CONVERTERS,
)

REGISTRY: dict[tuple[str, str], tuple[Converter, ...]] = _index(ALL_CONVERTERS)


def find_converter(domain: str, op_type: str, opset: int) -> Converter | None:
    """The converter of ``op_type`` in ``domain`` covering ``opset``, or None."""
    for conv in REGISTRY.get((normalize_domain(domain), op_type), ()):
        if conv.covers(opset):
            return conv
    return None


def supported_ops() -> list[str]:
    """Every op type with a dedicated converter ("domain::Op" outside the default domain)."""
    return sorted(op if not domain else f"{domain}::{op}" for domain, op in REGISTRY)
