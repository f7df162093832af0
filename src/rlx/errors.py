"""The rlx error hierarchy.

Every error rlx raises on purpose derives from :class:`RlxError`. Each class says
when it is raised and what usually fixes it; each message names the offending
tensor or op and the values involved.
"""

from __future__ import annotations


class RlxError(Exception):
    """Base class of every error rlx raises on purpose."""


class GraphBuildError(RlxError, ValueError):
    """An op was built with operands or attributes its rule rejects.

    Raised at the builder call, at the user's line. The message names the op, the
    operand shapes and dtypes, and the rule that failed. Fix the call (reshape,
    cast, or pass the attribute the op expects).
    """


class ShapeError(GraphBuildError):
    """Operand shapes violate the op's shape rule (broadcasting, matmul, reshape...)."""


class DTypeError(GraphBuildError, TypeError):
    """Operand dtypes violate the op's dtype rule; cast an operand explicitly."""


class VerifyError(RlxError):
    """A graph is not well formed (see :func:`rlx.ir.verify`).

    Usually a bug in a pass or in hand-built JSON: a node reading a later node, a
    stored type that disagrees with inference, a duplicate input name.
    """


class SerializationError(RlxError, ValueError):
    """A serialised graph could not be read (malformed JSON, unknown op, bad constant)."""


class UnsupportedOpError(RlxError, NotImplementedError):
    """A backend or transform has no implementation for an op.

    The message names the op and the backend or transform, and lists what is
    missing. Choose another device, or decompose the op.
    """


class DeviceError(RlxError, ValueError):
    """An unknown device string, or a device this machine cannot run.

    ``rlx.available_devices()`` lists what works here.
    """


class CompileError(RlxError):
    """Compiling generated code failed.

    Carries the command that ran, the compiler's output and the path of the
    generated source so it can be read and reproduced.
    """

    def __init__(self, message: str, command: list[str] | None = None,
                 output: str = "", source_path: str | None = None):
        details = [message]
        if command:
            details.append("command: " + " ".join(command))
        if source_path:
            details.append(f"source: {source_path}")
        if output:
            details.append("compiler output:\n" + output.strip())
        super().__init__("\n".join(details))
        self.command = command
        self.output = output
        self.source_path = source_path


class CacheError(CompileError):
    """The disk cache of compiled programs could not be used.

    Its directory cannot be created or written (read-only, permissions), the disk is
    full, or a cached shared object cannot be loaded. The message names the directory
    or file and the OS's reason. Free space, fix the permissions, or point
    ``RLX_CACHE_DIR`` at a writable directory on a file system that allows executables.
    """


class OutOfMemoryError(RlxError, MemoryError):
    """A compiled program's memory (its arena, params, outputs) could not be allocated.

    Raised while compiling, before anything runs. The message names the bytes asked for
    and what they were for. Use a smaller batch or sequence bound, or a machine with more
    memory.
    """


class InputError(RlxError, ValueError):
    """A run-time input or param was rejected before execution.

    Unknown name, missing input, wrong shape or element count, or a dtype that
    does not convert to the declared one without loss. Nothing was written.
    """


class ParamNotSetError(InputError):
    """A graph ran before every param it reads was given a value with ``set_param``."""


class ExecutionError(RlxError, RuntimeError):
    """Execution found a data-dependent error, e.g. an out-of-range gather index."""
