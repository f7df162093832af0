"""A writer for generated C whose blocks nest like the Python that writes them.

    w = CWriter(indent=1)
    w.line("const float *pa = ...;")
    with w.block("for (int64_t p = 0; p < 4; p++)"):
        w.line("rlx_pk_pack_b(...);")
    lines = w.lines

A brace opened by :meth:`CWriter.block` is closed when its ``with`` ends, so no function
opens a brace that another closes and no caller counts indentation by hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

INDENT = "    "


class CWriter:
    """Lines of C at a current indentation (``indent`` levels of four spaces to start)."""

    def __init__(self, indent: int = 0):
        self.lines: list[str] = []
        self._depth = indent

    def line(self, text: str = "") -> None:
        """One line at the current indentation (an empty ``text`` writes a blank line)."""
        self.lines.append(INDENT * self._depth + text if text else "")

    def extend(self, texts: Iterable[str]) -> None:
        """Several lines at the current indentation."""
        for text in texts:
            self.line(text)

    def splice(self, text: str) -> None:
        """Lines rendered elsewhere (e.g. another renderer's kernel statements) with
        their own indentation, unchanged."""
        self.lines.extend(text.split("\n"))

    def directive(self, text: str) -> None:
        """A preprocessor conditional (``#if``, ``#elif``, ``#else``, ``#endif``) at
        column 0, whatever the current indentation."""
        self.lines.append(text)

    def pragma(self, text: str, keep_place: bool = False) -> None:
        """A ``#pragma`` line (nothing when ``text`` is empty, or only the indentation
        when ``keep_place``), at the current indentation."""
        if text:
            self.line(text)
        elif keep_place:
            self.lines.append(INDENT * self._depth)

    @contextmanager
    def block(self, header: str = "", trailer: str = "",
              flat: bool = False) -> Iterator[CWriter]:
        """``header {``, the lines written inside the ``with``, one level deeper (at the
        header's level when ``flat``), then ``}`` (followed by ``trailer``, e.g.
        ``" while (0);"``)."""
        self.line(f"{header} {{" if header else "{")
        step = 0 if flat else 1
        self._depth += step
        try:
            yield self
        finally:
            self._depth -= step
            self.line("}" + trailer)

    @contextmanager
    def parallel(self, pragma: str, condition: str | None = None) -> Iterator[CWriter]:
        """The statement written in the ``with`` (an OpenMP loop), after ``pragma``
        (none when it is empty). With a run-time ``condition``, the statement is written
        twice: under ``if (condition)`` after the pragma, and under ``else`` without it.
        An OpenMP ``if`` clause that fails still builds a team of one thread for the
        loop, and the threads' next loop then starts later (a kernel of a few rows paid
        about 0.35 us for it, next to a parallel loop, on a 2-core Zen 4)."""
        if not pragma or condition is None:
            self.pragma(pragma)
            yield self
            return
        with self.block(f"if ({condition})"):
            self.line(pragma)
            start = len(self.lines)
            yield self
            statement = self.lines[start:]
        with self.else_block():
            self.lines.extend(statement)

    @contextmanager
    def else_block(self, header: str = "else") -> Iterator[CWriter]:
        """Continue the block just closed at this depth: its ``}`` becomes
        ``} else {`` (or ``} <header> {``, e.g. ``else if (x)``), closed in turn when the
        ``with`` ends."""
        closing = INDENT * self._depth + "}"
        if not self.lines or self.lines[-1] != closing:
            raise ValueError("else_block must follow a block closed at this depth")
        self.lines[-1] = f"{closing} {header} {{"
        self._depth += 1
        try:
            yield self
        finally:
            self._depth -= 1
            self.line("}")

    @contextmanager
    def indented(self) -> Iterator[CWriter]:
        """Lines one level deeper without braces (the body of a braceless ``for``)."""
        self._depth += 1
        try:
            yield self
        finally:
            self._depth -= 1

    def sub(self) -> CWriter:
        """An empty writer at this one's current indentation, for statements that must
        be written before the lines that go ahead of them are known; add them in their
        place with ``w.lines += sub.lines``."""
        return CWriter(self._depth)

    def text(self) -> str:
        return "\n".join(self.lines)
