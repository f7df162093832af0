"""SmolLM2-135M on the wgpu device: 32 greedy tokens identical to the cpu device's.

Both devices load the packaged GGUF as float32 weights and decode one prompt greedily;
the tokens must be the same and every step's logits close (the devices sum in
different orders). On lavapipe a decode step takes about 2 s, so one prompt is run.
"""

from __future__ import annotations

import numpy as np
import pytest

import rlx
from rlx.models import load_decoder, smollm2_gguf_path
from rlx.runtime.devices import backend_class

WGPU_OK, WGPU_WHY = backend_class("wgpu")().available()
pytestmark = pytest.mark.skipif(not WGPU_OK, reason=f"no WebGPU adapter: {WGPU_WHY}")

TOKENS = 32
PROMPT = "The three primary colours are"
LOGIT_TOLERANCE = 1e-3


def _greedy(device: str) -> tuple[list[int], np.ndarray]:
    """(TOKENS greedy ids, their logits) of PROMPT on ``device``."""
    model = load_decoder(smollm2_gguf_path(), device=device, max_seq=64, prefill_chunk=16)
    ids = model.tokenizer.encode(PROMPT)
    logits = [model.prefill([ids])[0]]
    tokens = [int(logits[-1].argmax())]
    for _ in range(TOKENS - 1):
        logits.append(model.decode([tokens[-1]])[0])
        tokens.append(int(logits[-1].argmax()))
    return tokens, np.stack(logits)


@pytest.mark.skipif("cpu" not in rlx.available_devices(), reason="needs the cpu device")
def test_smollm2_greedy_tokens_equal_cpu():
    want_tokens, want_logits = _greedy("cpu")
    got_tokens, got_logits = _greedy("wgpu")
    assert got_tokens == want_tokens
    assert np.abs(got_logits - want_logits).max() <= LOGIT_TOLERANCE
