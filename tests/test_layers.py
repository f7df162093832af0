"""The import rules between rlx's layers that the backends' docstrings state, checked on
the source (every import statement, local ones included)."""

import ast
from pathlib import Path

import rlx

SRC = Path(rlx.__file__).parent
BACKENDS = SRC / "backends"


def _imports(path: Path) -> set[str]:
    """The rlx modules ``path`` imports (``from rlx.x import y`` counts as rlx.x.y)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name == "rlx" or name.startswith("rlx.")}


def _violations(files, forbidden: tuple[str, ...]) -> list[str]:
    return sorted(f"{path.relative_to(SRC)} imports {name}" for path in files
                  for name in _imports(path)
                  if any(name == f or name.startswith(f + ".") for f in forbidden))


def test_backends_do_not_import_the_runtime():
    """Backends read BackendOptions (rlx.backends.base), never the runtime's options."""
    assert _violations(BACKENDS.rglob("*.py"), ("rlx.runtime", "rlx.frontends",
                                                 "rlx.models")) == []


def test_the_numpy_kernels_belong_to_no_backend():
    """rlx.backends.numpy_kernels imports no backend package, and only the reference
    backend imports its own package: every other backend, and every other layer, takes
    host computations from the numpy kernels."""
    packages = tuple(f"rlx.backends.{p.name}" for p in BACKENDS.iterdir()
                     if p.is_dir() and any(p.glob("*.py")) and p.name != "numpy_kernels")
    assert _violations((BACKENDS / "numpy_kernels").rglob("*.py"), packages) == []
    outside = [p for p in SRC.rglob("*.py") if BACKENDS / "reference" not in p.parents]
    assert _violations(outside, ("rlx.backends.reference",)) == []
