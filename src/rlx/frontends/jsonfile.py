"""One reader for the JSON objects model directories hold (``config.json``,
``tokenizer_config.json``, ``generation_config.json``): a file that cannot be read, is
not JSON or not a JSON object is an rlx error naming the file."""

from __future__ import annotations

import json
from typing import Any

from rlx.errors import RlxError


def parse_json(raw: bytes | str, error: type[RlxError], where: str) -> Any:
    """The JSON value in ``raw`` (UTF-8 bytes or text); ``error`` naming ``where`` when it
    is not JSON, including what Python's parser refuses with other exceptions: nesting
    deep enough to exhaust its recursion, integers of more than 4,300 digits."""
    try:
        return json.loads(raw.decode("utf-8") if isinstance(raw, bytes) else raw)
    except ValueError as exc:           # JSONDecodeError, UnicodeDecodeError, digit limit
        raise error(f"{where}: not valid JSON ({exc})") from None
    except RecursionError:
        raise error(f"{where}: not valid JSON (nested too deeply)") from None


def read_json_object(path: str, error: type[RlxError]) -> dict[str, Any]:
    """The JSON object in ``path``; ``error`` (an RlxError class) naming the file when it
    cannot be read, is not JSON, or holds something other than an object."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as exc:
        raise error(f"{path}: not readable ({exc})") from None
    value = parse_json(raw, error, path)
    if not isinstance(value, dict):
        raise error(f"{path}: expected a JSON object, found {type(value).__name__}")
    return value
