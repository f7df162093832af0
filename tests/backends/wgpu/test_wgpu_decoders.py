"""The packaged decoders on the wgpu device: greedy tokens identical to the cpu device's.

Each case loads one packaged GGUF on both devices, as float32 weights or kept in the
file's GGML blocks (decoded in WGSL), and decodes one prompt greedily; the tokens must
be the same and every step's logits close (the devices sum in different orders). On
lavapipe a SmolLM2 step takes about 2 s and a Gemma 3 step about 8 s, so one prompt is
run and the block-format cases decode fewer tokens.
"""

from __future__ import annotations

import numpy as np
import pytest

import rlx
from rlx.models import gemma3_gguf_path, load_decoder, smollm2_gguf_path
from rlx.runtime.devices import backend_class

WGPU_OK, WGPU_WHY = backend_class("wgpu")().available()
pytestmark = [pytest.mark.skipif(not WGPU_OK, reason=f"no WebGPU adapter: {WGPU_WHY}"),
              pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                 reason="needs the cpu device")]

PROMPT = "The three primary colours are"
LOGIT_TOLERANCE = 1e-3

CASES = [  # (package, weight format, greedy tokens)
    ("smollm2", None, 32),
    ("smollm2", "gguf", 8),
    ("gemma3", "gguf", 4),
]
PATHS = {"smollm2": smollm2_gguf_path, "gemma3": gemma3_gguf_path}


def _greedy(package: str, weight_format: str | None, tokens: int,
            device: str) -> tuple[list[int], np.ndarray]:
    """(greedy ids, their logits) of PROMPT on ``device``."""
    model = load_decoder(PATHS[package](), device=device, max_seq=64, prefill_chunk=16,
                         weight_format=weight_format)
    ids = model.tokenizer.encode(PROMPT)
    logits = [model.prefill([ids])[0]]
    picked = [int(logits[-1].argmax())]
    for _ in range(tokens - 1):
        logits.append(model.decode([picked[-1]])[0])
        picked.append(int(logits[-1].argmax()))
    return picked, np.stack(logits)


@pytest.mark.parametrize(("package", "weight_format", "tokens"), CASES)
def test_greedy_tokens_equal_cpu(package, weight_format, tokens):
    want_tokens, want_logits = _greedy(package, weight_format, tokens, "cpu")
    got_tokens, got_logits = _greedy(package, weight_format, tokens, "wgpu")
    assert got_tokens == want_tokens
    assert np.abs(got_logits - want_logits).max() <= LOGIT_TOLERANCE
