"""The program store: what a compile made, kept on disk so a later process skips it.

``Session.compile`` runs the pass pipeline, then the backend renders and builds the
program. Both are pure functions of the graph, the compile options, the backend's
build identity (cpu: the compiler, ISA tier, threads, sanitizers) and rlx's own code,
so their result is stored under a key of all four and a later compile of the same
graph (in this process or another) loads it instead: a warm start of a model costs
the graph build and a file read, not the passes and the C rendering (0.8 s of
``rlx generate``'s first token before the store).

* The key hashes the graph's nodes and outputs (``pickle`` of the frozen nodes: any
  difference in an op, an attribute, a constant's bytes or a shape is a different
  key), the options that shape the program (all but ``verbose`` and ``rng``, which
  the executable takes as it is built), the backend's identity and the bytes of
  every source file of the installed rlx package (a new rlx, or an edited one, never
  reads an entry an older one wrote).
* ``Session.compile_call(builder, *args)`` keys by the call instead: the builder, one
  of rlx's own functions marked :func:`pure_builder` (its graph depends on its
  arguments only), by its name (the code fingerprint covers its code), and the
  arguments' pickle. A warm start of a model then loads its step programs without
  building their graphs (0.13 s of SmolLM2's first token) or hashing them.
* A graph (or a call) holding something whose pickle would name code rather than data
  (a Python function in an attribute) is not stored: its key could not see that code
  change.
* An entry is one file ``<key>.rlxp``: a magic line, the SHA-256 of its key and
  payload, the payload (an entry copied under another key is a miss). One that is cut
  short, altered or unreadable is a miss and is rewritten; entries are written to a
  temporary file and renamed into place, so a reader never sees half of one. Entries
  are pickles: the cache directory must be as trusted as the shared objects beside it.
* ``RLX_PROGRAM_STORE=0`` turns the store off; so does ``RLX_DUMP_IR`` (the dump is
  written by the passes the store would skip). A store that cannot be written is
  skipped without an error: the program works, the next process compiles again.
"""

from __future__ import annotations

import dataclasses
import functools
import io
import os
import pickle
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rlx.atomicfile import write_atomic
from rlx.digest import blake2b, sha256
from rlx.ir.graph import Graph
from rlx.passes.pipeline import DUMP_ENV

STORE_ENV = "RLX_PROGRAM_STORE"
MAGIC = b"rlx-program-store-2\n"
_OFF = ("0", "off", "false", "no")
_SOURCE_SUFFIXES = (".py", ".c", ".h")
_DATA_MODULES = ("rlx", "builtins", "copyreg", "enum", "numpy", "ml_dtypes")


def enabled() -> bool:
    """Whether compiles read and write the store (see the module docstring)."""
    return (os.environ.get(STORE_ENV, "").strip().lower() not in _OFF
            and not os.environ.get(DUMP_ENV))


@functools.cache
def code_fingerprint() -> str:
    """BLAKE2b of the installed rlx package's source files (names and bytes): 2.4 MB
    read at every start, which CPython's own BLAKE2b digests twice as fast as its
    SHA-256 (rlx.digest)."""
    root = Path(__file__).resolve().parent.parent
    digest = blake2b(digest_size=32)
    for path in sorted(root.rglob("*")):
        if path.suffix in _SOURCE_SUFFIXES and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(root)).encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


class _Unstorable(Exception):
    """The graph holds code (a function, a class from outside rlx) in its data."""


class _DataPickler(pickle.Pickler):
    """A pickler that refuses what it would pickle as a reference to code outside rlx
    (the code fingerprint covers rlx's own; a user's function could change without
    changing its name) and a few libraries whose classes hold data (numpy, ml_dtypes)."""

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, (type, types.FunctionType, types.BuiltinFunctionType,
                            types.MethodType, functools.partial)):
            code = obj.__func__ if isinstance(obj, types.MethodType) else obj
            module = (getattr(code, "__module__", None) or "").split(".")[0]
            if module not in _DATA_MODULES:
                raise _Unstorable(repr(obj))
        return NotImplemented


def _pickled_digest(kind: str, value: Any) -> str | None:
    """SHA-256 of ``kind`` and ``value``'s pickle, or None when ``value`` holds code
    rather than data (see :class:`_DataPickler`) or cannot be pickled (a compiled
    graph refuses with an InputError, a ValueError)."""
    buffer = io.BytesIO()
    buffer.write(kind.encode() + b"\0")
    try:
        _DataPickler(buffer, protocol=5).dump(value)
    except (_Unstorable, pickle.PicklingError, TypeError, ValueError, AttributeError):
        return None
    return sha256(buffer.getbuffer()).hexdigest()


def graph_fingerprint(graph: Graph) -> str | None:
    """The digest of ``graph``'s name, nodes and outputs; None when the graph holds
    code rather than data: a custom op (``rlx.register_op``), whose C kernel, type
    rule and reference the user may change (or unregister) under the same name, so a
    graph holding one is compiled each time (its C, which carries the kernel, is still
    found in the disk cache by its text)."""
    if _holds_custom_ops(graph):
        return None
    return _pickled_digest("graph", (graph.name, graph.nodes, graph.outputs))


def _holds_custom_ops(graph: Graph) -> bool:
    """Whether ``graph`` or a control-flow body in it holds an op of rlx.register_op
    (or one no longer registered)."""
    from rlx.ir.control import Subgraph
    from rlx.ir.custom import CATEGORY
    from rlx.ir.ops import OPS

    for node in graph.nodes:
        found = OPS.get(node.op)
        if found is None or found.category == CATEGORY:
            return True
        for _, value in node.attrs:
            bodies = value if isinstance(value, tuple) else (value,)
            if any(isinstance(b, Subgraph) and _holds_custom_ops(b.graph) for b in bodies):
                return True
    return False


def pure_builder(builder: Any) -> Any:
    """Mark an rlx graph builder whose graph depends on its arguments' data only (no
    file, registry or other state read): :func:`call_fingerprint` keys its calls."""
    builder.rlx_pure_builder = True
    return builder


def call_fingerprint(call: tuple[Any, tuple, dict]) -> str | None:
    """The digest of a graph builder's call (builder, args, kwargs): the builder by
    its module and name, which must be rlx's (the code fingerprint covers its code)
    and marked :func:`pure_builder`, the arguments by their data. None for another
    builder (``rlx.from_json`` reads the custom-op registry, ``serialize.load`` a
    file: keyed by their arguments, a changed file or op kept its old program) or
    arguments holding code."""
    builder, args, kwargs = call
    module = getattr(builder, "__module__", None) or ""
    if module.split(".")[0] != "rlx" or not isinstance(builder, types.FunctionType) or \
            not getattr(builder, "rlx_pure_builder", False):
        return None
    return _pickled_digest("call", (module, builder.__qualname__, args,
                                    sorted(kwargs.items())))


def options_fingerprint(options: Any) -> str:
    """The compile options that shape a program, as text: every field but ``verbose``
    (printing only) and ``rng`` (given to each executable as it is built); sets in
    sorted order."""
    parts = []
    for f in dataclasses.fields(options):
        if f.name in ("verbose", "rng"):
            continue
        value = getattr(options, f.name)
        if isinstance(value, (set, frozenset)):
            value = sorted(value)
        parts.append(f"{f.name}={value!r}")
    return ";".join(parts)


def store_key(fingerprint: str, options: Any, backend_identity: str) -> str:
    """The store key of what ``fingerprint`` names (:func:`graph_fingerprint`,
    :func:`call_fingerprint`) compiled with ``options`` by a backend whose build
    identity is ``backend_identity``."""
    digest = sha256()
    for part in (MAGIC.decode(), code_fingerprint(), backend_identity,
                 options_fingerprint(options), fingerprint):
        digest.update(part.encode())
        digest.update(b"\0")
    return digest.hexdigest()[:40]


def _entry_digest(key: str, payload: bytes | memoryview) -> bytes:
    """The SHA-256 of an entry: of its key and payload, so that an entry copied under
    another key is a miss (it ran the other graph's program)."""
    digest = sha256(key.encode() + b"\0")
    digest.update(payload)
    return digest.digest()


class ProgramStore:
    """Entries under ``directory`` (see the module docstring)."""

    def __init__(self, directory: Path):
        self.directory = Path(directory)

    def path(self, key: str) -> Path:
        return self.directory / f"{key}.rlxp"

    def load(self, key: str) -> Any | None:
        """The entry stored under ``key``, or None: missing, cut short, altered or not
        readable by this rlx."""
        try:
            data = self.path(key).read_bytes()
        except OSError:
            return None
        head = len(MAGIC) + 32
        if len(data) < head or not data.startswith(MAGIC):
            return None
        payload = memoryview(data)[head:]
        if _entry_digest(key, payload) != data[len(MAGIC):head]:
            return None
        try:
            return pickle.loads(payload)
        except Exception:           # an entry this code cannot read is a miss
            return None

    def save(self, key: str, value: Any) -> bool:
        """Store ``value`` under ``key``; False (and nothing written) when it cannot be
        pickled or the directory cannot be written."""
        try:
            payload = pickle.dumps(value, protocol=5)
        except (pickle.PicklingError, TypeError, AttributeError):
            return False
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path(key), MAGIC + _entry_digest(key, payload) + payload)
            return True
        except OSError:
            return False


def derived(kind: str, inputs: tuple[bytes | memoryview, ...], build: Callable[[], Any]
            ) -> Any:
    """``build()``, kept in the disk cache's ``tables`` store under a digest of ``kind``,
    the ``inputs`` it is made from (their bytes) and rlx's code: what a model's files
    derive on every load (a tokenizer's index and merge tables: 0.07 s of SmolLM2's
    first token) is read back instead. The value must pickle; with the store off
    (:func:`enabled`) or its directory unusable, it is built each time."""
    store = _tables_store()
    if store is None:
        return build()
    digest = blake2b(digest_size=32)
    for part in (MAGIC, code_fingerprint().encode(), kind.encode()):
        digest.update(part + b"\0")
    for data in inputs:
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    key = digest.hexdigest()[:40]
    value = store.load(key)
    if value is None:
        value = build()
        store.save(key, value)
    return value


def _tables_store() -> ProgramStore | None:
    """The store of derived tables in the cpu device's disk cache directory, or None."""
    if not enabled():
        return None
    from rlx.backends.cpu import toolchain
    from rlx.errors import CacheError

    try:
        return ProgramStore(toolchain.cache_dir() / "tables")
    except CacheError:
        return None
