"""One reader for the JSON objects model directories hold (``config.json``,
``tokenizer_config.json``, ``generation_config.json``): a file that cannot be read, is
not JSON or not a JSON object is an rlx error naming the file."""

from __future__ import annotations

import json
from typing import Any

from rlx.errors import RlxError


def read_json_object(path: str, error: type[RlxError]) -> dict[str, Any]:
    """The JSON object in ``path``; ``error`` (an RlxError class) naming the file when it
    cannot be read, is not JSON, or holds something other than an object."""
    try:
        with open(path, encoding="utf-8") as f:
            value = json.load(f)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise error(f"{path}: not readable JSON ({exc})") from None
    if not isinstance(value, dict):
        raise error(f"{path}: expected a JSON object, found {type(value).__name__}")
    return value
