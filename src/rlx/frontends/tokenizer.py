"""Tokenizers for model files: ``tokenizer.json`` and GGUF metadata.

Both kinds become a :class:`Tokenizer`, a thin layer over a tokenizing engine that
adds batch encoding to numpy arrays with padding, truncation and attention masks, and
exposes the model's special tokens and chat template. The engine of a ``tokenizer.json``
is a ``tokenizers`` (Hugging Face) ``Tokenizer``; a GGUF file's runs on rlx's own
engines (below), which hold a vocabulary in a few MiB and need no library.

GGUF tokenizers are rebuilt from the metadata that llama.cpp reads:

* ``tokenizer.ggml.model == "gpt2"``: byte-level BPE from ``tokenizer.ggml.tokens``
  and ``tokenizer.ggml.merges``, split first by the pre-tokenizer rule that
  ``tokenizer.ggml.pre`` names (see ``BPE_PRE_TOKENIZERS``):
  :mod:`rlx.frontends.bytebpe`, which encodes as ``tokenizers`` does from the same
  vocabulary and merges;
* ``tokenizer.ggml.model == "llama"``: SentencePiece-style BPE, merging by
  ``tokenizer.ggml.scores`` (a higher-scoring merged piece merges first), ``▁`` for a
  space, bytes missing from the vocab as ``<0xNN>`` tokens: :mod:`rlx.frontends.spm`,
  which needs no merge list (``tokenizers`` would need one derived from every piece's
  splits: one second and 300 MB for Gemma 3's vocabulary on every load). Equal scores
  tie-break by piece id, where SentencePiece prefers the leftmost pair, so rare ties may
  split differently.

Control tokens (``tokenizer.ggml.token_type`` 3) are matched before BPE and dropped by
``decode(..., skip_special_tokens=True)``; user-defined tokens (type 4) are matched
before BPE and kept when decoding.
"""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from rlx.errors import InputError, RlxError
from rlx.frontends.bytebpe import ByteBpeBackend, stand_in_bytes
from rlx.frontends.gguf import GGUFFile
from rlx.frontends.jsonfile import read_json_object
from rlx.frontends.pieces import TOKEN_NORMAL, PieceEngine
from rlx.frontends.spm import SpmBackend
from rlx.frontends.strings import StringTable
from rlx.ir.dtypes import exact_int

if TYPE_CHECKING:
    # the Hugging Face engine is imported where one is built (a tokenizer.json): GGUF
    # vocabularies run on rlx's own engines, and the library's 5 MiB stay out of a
    # decoder's process
    import tokenizers

__all__ = ["BPE_PRE_TOKENIZERS", "BatchEncoding", "SpecialTokens", "Tokenizer",
           "TokenizerError", "load_tokenizer", "tokenizer_from_gguf",
           "tokenizer_from_gguf_metadata"]

# tokenizer.ggml.token_type values used here (2 is "unknown", 6 is "byte")
PADDING_MODES = ("longest", "max_length")
CHAT_TEMPLATE_FILE = "chat_template.jinja"


class TokenizerError(RlxError, ValueError):
    """A tokenizer could not be built: a missing or malformed tokenizer file, or GGUF
    metadata of a tokenizer model or pre-tokenizer rule rlx does not implement."""


@dataclass(frozen=True)
class SpecialTokens:
    """Ids of the model's special tokens; None where the model has none."""

    bos: int | None = None
    eos: int | None = None
    unk: int | None = None
    pad: int | None = None


@dataclass(frozen=True)
class BatchEncoding:
    """A padded batch: int64 arrays of shape [N, L], padded on the right.

    ``attention_mask`` is 1 on real tokens and 0 on padding; ``token_type_ids`` is the
    segment id of each token (0 for single sentences and for padding).
    """

    input_ids: np.ndarray
    attention_mask: np.ndarray
    token_type_ids: np.ndarray

    @property
    def lengths(self) -> np.ndarray:
        """Real tokens per row, int64 [N]."""
        return self.attention_mask.sum(axis=1)


class Tokenizer:
    """A tokenizing engine with the special tokens and chat template of a model.

    Built by :func:`load_tokenizer`. Padding and truncation stored in ``backend`` are
    switched off (``encode_batch`` applies its own); the wrapped tokenizer is
    reconfigured per call (truncation), so one instance must not be used from several
    threads at once.
    """

    def __init__(self, backend: tokenizers.Tokenizer | PieceEngine, special: SpecialTokens,
                 chat_template: str | None = None, add_bos: bool = False,
                 add_eos: bool = False):
        backend.no_padding()
        backend.no_truncation()
        self._backend = backend
        self.special = special
        self.chat_template = chat_template
        self.add_bos = add_bos
        self.add_eos = add_eos

    @property
    def backend(self) -> tokenizers.Tokenizer | PieceEngine:
        """The wrapped engine: a ``tokenizers.Tokenizer``, or for a GGUF vocabulary an
        :class:`rlx.frontends.bytebpe.ByteBpeBackend` ("gpt2") or
        :class:`rlx.frontends.spm.SpmBackend` ("llama")."""
        return self._backend

    @property
    def vocab_size(self) -> int:
        """Number of token ids, added tokens included."""
        return self._backend.get_vocab_size(with_added_tokens=True)

    def token_to_id(self, token: str) -> int | None:
        return self._backend.token_to_id(token)

    def id_to_token(self, token_id: int) -> str | None:
        """The token's text; None for an id outside the vocabulary."""
        token_id = _token_id("id_to_token", token_id)
        if not 0 <= token_id < self.vocab_size:
            return None
        return self._backend.id_to_token(token_id)

    def encode(self, text: str, add_special_tokens: bool = True) -> list[int]:
        """Token ids of ``text`` (with the model's BOS/CLS/... when
        ``add_special_tokens``), untruncated."""
        _check_text(text)
        self._backend.no_truncation()
        return _backend_call("encode", self._backend.encode, text,
                             add_special_tokens=add_special_tokens).ids

    def encode_batch(self, texts: Sequence[str], max_length: int | None = None,
                     padding: str = "longest", truncation: bool = True,
                     add_special_tokens: bool = True) -> BatchEncoding:
        """Encode ``texts`` into one right-padded batch.

        ``truncation`` with a ``max_length`` cuts each sequence to ``max_length``
        tokens, special tokens included (they are kept). ``padding="longest"`` pads to
        the longest sequence, ``"max_length"`` to ``max_length``. Padding uses the pad
        token's id (0 when the model has none). Raises InputError for a non-string
        text, an unknown padding mode, a sequence longer than ``max_length`` without
        truncation, or a ``max_length`` too short for the special tokens.
        """
        texts = _check_texts(texts)
        if padding not in PADDING_MODES:
            raise InputError(f"encode_batch: padding must be one of {PADDING_MODES}, got "
                             f"{padding!r}")
        if padding == "max_length" and max_length is None:
            raise InputError("encode_batch: padding='max_length' needs a max_length")
        if max_length is not None and (exact_int(max_length) is None
                                       or not 1 <= max_length <= MAX_LENGTH):
            raise InputError(f"encode_batch: max_length must be an int in [1, {MAX_LENGTH}], "
                             f"got {max_length!r}")
        encodings = self._encode_all(texts, max_length if truncation else None,
                                     add_special_tokens)
        longest = max((len(e.ids) for e in encodings), default=0)
        if max_length is not None and longest > max_length:
            why = ("the special tokens the tokenizer adds do not fit it" if truncation
                   else "pass truncation=True")
            raise InputError(f"encode_batch: a text has {longest} tokens, more than "
                             f"max_length {max_length}; {why}")
        width = max_length if padding == "max_length" else longest
        return _pad_batch(encodings, width, 0 if self.special.pad is None else self.special.pad)

    def _encode_all(self, texts: list[str], max_length: int | None,
                    add_special_tokens: bool) -> list[tokenizers.Encoding]:
        if max_length is None:
            self._backend.no_truncation()
        else:
            self._backend.enable_truncation(max_length)
        try:
            return self._backend.encode_batch(texts, add_special_tokens=add_special_tokens)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as exc:  # the Rust backend panics on some broken models
            raise InputError(f"encode_batch: the tokenizer rejected the batch "
                             f"(max_length {max_length}): {exc}") from None
        finally:
            self._backend.no_truncation()

    def decode(self, ids: Sequence[int] | np.ndarray, skip_special_tokens: bool = True) -> str:
        """The text of token ids (special tokens dropped when ``skip_special_tokens``);
        InputError for anything but a flat sequence of ids in the vocabulary."""
        if isinstance(ids, str | bytes) or (isinstance(ids, np.ndarray) and ids.ndim != 1):
            raise InputError(f"decode: expects a flat sequence of token ids, got {ids!r}")
        try:
            ids = [_token_id("decode", i) for i in ids]
        except TypeError:
            raise InputError(f"decode: expects a flat sequence of token ids, got {ids!r}") from None
        outside = [i for i in ids if not 0 <= i < self.vocab_size]
        if outside:
            raise InputError(f"decode: token ids {outside[:5]} are outside the vocabulary of "
                             f"{self.vocab_size}")
        return _backend_call("decode", self._backend.decode, ids,
                             skip_special_tokens=skip_special_tokens)

    def token_bytes(self, token_id: int) -> bytes:
        """The bytes ``token_id`` adds to decoded text: part of a UTF-8 character for a
        byte-level BPE token or a ``<0xNN>`` byte token, so a token's own text is not
        always valid UTF-8 (what an OpenAI ``logprobs`` entry's ``bytes`` holds). A
        special or added token gives its text; InputError for an id outside the
        vocabulary."""
        token_id = _token_id("token_bytes", token_id)
        piece = self.id_to_token(token_id)
        if piece is None:
            raise InputError(f"token id {token_id} is outside the vocabulary of "
                             f"{self.vocab_size}")
        if isinstance(self._backend, ByteBpeBackend):
            return self._backend.token_bytes(piece)
        byte = _BYTE_PIECE.fullmatch(piece)
        if byte is not None:
            return bytes([int(byte.group(1), 16)])
        if isinstance(self._backend, SpmBackend):
            return piece.replace("\u2581", " ").encode("utf-8")
        from tokenizers import decoders
        added = self._backend.get_added_tokens_decoder()
        if isinstance(self._backend.decoder, decoders.ByteLevel) and int(token_id) not in added:
            found = stand_in_bytes(piece)
            if found is not None:
                return found
        return self.decode([int(token_id)], skip_special_tokens=False).encode("utf-8")

    def decode_batch(self, batch: Sequence[Sequence[int]] | np.ndarray,
                     skip_special_tokens: bool = True) -> list[str]:
        return [self.decode(ids, skip_special_tokens) for ids in batch]

    def __repr__(self) -> str:
        return f"<rlx.Tokenizer vocab {self.vocab_size}, special {self.special}>"


_BYTE_PIECE = re.compile(r"<0x([0-9A-Fa-f]{2})>")


MAX_LENGTH = 2**31 - 1
"""The largest ``max_length`` (the tokenizers library holds lengths in 32 bits)."""


def _token_id(what: str, token_id: Any) -> int:
    """``token_id`` as an int (numpy integers too); InputError for anything else (a bool,
    a float: int() took 0.9 as 0)."""
    n = exact_int(token_id)
    if n is None:
        raise InputError(f"{what}: a token id must be an int, got {token_id!r}")
    return n


def _backend_call(what: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)`` on the wrapped tokenizer; its errors (a Rust panic
    included) become TokenizerError."""
    try:
        return fn(*args, **kwargs)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:
        raise TokenizerError(f"{what}: the tokenizer failed ({type(exc).__name__}: "
                             f"{exc})") from None


def _check_text(text: Any) -> None:
    if not isinstance(text, str):
        raise InputError(f"expected a str to tokenize, got {type(text).__name__}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:     # lone surrogates: bytes that were not UTF-8
        raise InputError(f"the text is not valid Unicode at character {e.start} "
                         f"({text[e.start:e.end]!r}): was it read from bytes that are not "
                         "UTF-8?") from None


def _check_texts(texts: Any) -> list[str]:
    if isinstance(texts, str) or not isinstance(texts, Sequence):
        raise InputError(f"encode_batch expects a sequence of str, got {type(texts).__name__}")
    for text in texts:
        _check_text(text)
    return list(texts)


def _pad_batch(encodings: list[tokenizers.Encoding], width: int, pad_id: int) -> BatchEncoding:
    """Right-pad the encodings to ``width`` tokens."""
    ids = np.full((len(encodings), width), pad_id, dtype=np.int64)
    mask = np.zeros((len(encodings), width), dtype=np.int64)
    types = np.zeros((len(encodings), width), dtype=np.int64)
    for row, encoding in enumerate(encodings):
        n = len(encoding.ids)
        ids[row, :n] = encoding.ids
        mask[row, :n] = 1
        types[row, :n] = encoding.type_ids
    return BatchEncoding(ids, mask, types)


# ---------------------------------------------------------------------- loading
def load_tokenizer(path: str | os.PathLike) -> Tokenizer:
    """The tokenizer stored at ``path``.

    ``path`` is a ``tokenizer.json`` file, a directory holding one (its
    ``tokenizer_config.json`` / ``special_tokens_map.json``, when present, name the
    special tokens and chat template; a ``chat_template.jinja`` beside them is the
    chat template when the config has none), or a ``.gguf`` file (see
    :func:`tokenizer_from_gguf_metadata`). Raises TokenizerError when nothing there is a
    tokenizer rlx can read.
    """
    path = os.fspath(path)
    if os.path.isdir(path):
        json_path = os.path.join(path, "tokenizer.json")
        if not os.path.isfile(json_path):
            raise TokenizerError(f"{path}: the directory holds no tokenizer.json")
        return _from_tokenizer_json(json_path, path)
    if path.endswith(".gguf"):
        return tokenizer_from_gguf(GGUFFile(path))
    if path.endswith(".json"):
        return _from_tokenizer_json(path, os.path.dirname(path))
    raise TokenizerError(f"{path}: expected a tokenizer.json, a directory holding one, or a "
                         ".gguf file")


def _from_tokenizer_json(json_path: str, config_dir: str) -> Tokenizer:
    import tokenizers
    try:
        backend = tokenizers.Tokenizer.from_file(json_path)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:  # the Rust parser panics on some malformed files
        raise TokenizerError(f"{json_path}: not a readable tokenizer.json ({exc})") from None
    config = {**_read_json(os.path.join(config_dir, "special_tokens_map.json")),
              **_read_json(os.path.join(config_dir, "tokenizer_config.json"))}
    special = SpecialTokens(
        bos=_config_token_id(backend, config, "bos_token"),
        eos=_config_token_id(backend, config, "eos_token"),
        unk=_config_token_id(backend, config, "unk_token"),
        pad=_pad_id(backend, config))
    return Tokenizer(backend, special, _chat_template(config, config_dir),
                     bool(config.get("add_bos_token", False)),
                     bool(config.get("add_eos_token", False)))


def _chat_template(config: Mapping[str, Any], config_dir: str) -> str | None:
    """The chat template: ``tokenizer_config.json``'s ``chat_template`` (a string, or a
    list of named templates of which "default" is taken), else the directory's
    ``chat_template.jinja`` (where transformers 5 saves it)."""
    template = config.get("chat_template")
    if isinstance(template, list):
        named = {t.get("name"): t.get("template") for t in template if isinstance(t, dict)}
        template = named.get("default")
    if template is None:
        path = os.path.join(config_dir, CHAT_TEMPLATE_FILE)
        if not os.path.isfile(path):
            return None
        try:
            with open(path, encoding="utf-8") as f:
                return f.read()
        except (OSError, UnicodeDecodeError) as exc:
            raise TokenizerError(f"{path}: not a readable text file ({exc})") from None
    if not isinstance(template, str):
        raise TokenizerError(f"{config_dir}: chat_template must be a string or a list of "
                             f"named templates, got {type(template).__name__}")
    return template


def _read_json(path: str) -> dict[str, Any]:
    """The JSON object in ``path``, or {} when the file does not exist."""
    if not os.path.isfile(path):
        return {}
    return read_json_object(path, TokenizerError)


def _config_token_id(backend: tokenizers.Tokenizer, config: Mapping[str, Any],
                     key: str) -> int | None:
    """Id of the token a config names under ``key`` (a string or {"content": ...})."""
    token = config.get(key)
    if isinstance(token, dict):
        token = token.get("content")
    if not isinstance(token, str):
        return None
    return backend.token_to_id(token)


def _pad_id(backend: tokenizers.Tokenizer, config: Mapping[str, Any]) -> int | None:
    """The configured pad token's id, else the padding id stored in tokenizer.json."""
    pad = _config_token_id(backend, config, "pad_token")
    if pad is None and backend.padding is not None:
        pad = backend.padding.get("pad_id")
    return pad


# ---------------------------------------------------------------------- GGUF
BPE_PRE_TOKENIZERS = {
    "default": False,
    "gpt-2": False,
    "gpt2": False,
    "smollm": True,
}
"""tokenizer.ggml.pre values of a "gpt2" GGUF tokenizer rlx implements, each with
whether it isolates every number character before GPT-2's byte-level split (llama.cpp's
``smollm`` rule does)."""


def tokenizer_from_gguf(gguf: GGUFFile) -> Tokenizer:
    """The tokenizer of a GGUF file, as :func:`tokenizer_from_gguf_metadata` builds it."""
    return tokenizer_from_gguf_metadata(gguf.metadata)


def tokenizer_from_gguf_metadata(metadata: Mapping[str, Any]) -> Tokenizer:
    """A tokenizer rebuilt from GGUF metadata (``GGUFFile.metadata``).

    Reads ``tokenizer.ggml.{model, tokens, token_type, merges, scores, pre,
    bos_token_id, eos_token_id, unknown_token_id, padding_token_id, add_bos_token,
    add_eos_token, add_space_prefix}`` and ``tokenizer.chat_template``. Raises
    TokenizerError for missing keys, a model other than "gpt2" or "llama", or a
    "gpt2" pre-tokenizer rule not in ``BPE_PRE_TOKENIZERS``.
    """
    kind = _required(metadata, "tokenizer.ggml.model")
    tokens = _string_list(metadata, "tokenizer.ggml.tokens")
    token_types = _number_array(metadata, "tokenizer.ggml.token_type", "iu",
                                np.full(len(tokens), TOKEN_NORMAL))
    chat_template = metadata.get("tokenizer.chat_template")
    if chat_template is not None and not isinstance(chat_template, str):
        raise TokenizerError("GGUF metadata tokenizer.chat_template is not a string")
    if len(token_types) != len(tokens):
        raise TokenizerError(f"tokenizer.ggml.token_type has {len(token_types)} entries for "
                             f"{len(tokens)} tokens")
    special = SpecialTokens(
        bos=_metadata_id(metadata, "tokenizer.ggml.bos_token_id", len(tokens)),
        eos=_metadata_id(metadata, "tokenizer.ggml.eos_token_id", len(tokens)),
        unk=_metadata_id(metadata, "tokenizer.ggml.unknown_token_id", len(tokens)),
        pad=_metadata_id(metadata, "tokenizer.ggml.padding_token_id", len(tokens)))
    if kind not in ("gpt2", "llama"):
        raise TokenizerError(f"GGUF tokenizer model {kind!r} is not supported (supported: "
                             "'gpt2', 'llama')")
    add_bos = _flag(metadata, "tokenizer.ggml.add_bos_token", kind == "llama")
    add_eos = _flag(metadata, "tokenizer.ggml.add_eos_token", False)
    if add_bos and special.bos is None:
        raise TokenizerError("GGUF metadata asks to add a BOS token but names none")
    if add_eos and special.eos is None:
        raise TokenizerError("GGUF metadata asks to add an EOS token but names none")
    if kind == "llama":
        backend = _llama_backend(metadata, tokens, token_types, special, add_bos, add_eos)
    else:
        backend = _gpt2_backend(metadata, tokens, token_types, special, add_bos, add_eos)
    return Tokenizer(backend, special, chat_template, add_bos, add_eos)


def _required(metadata: Mapping[str, Any], key: str) -> Any:
    if key not in metadata:
        raise TokenizerError(f"GGUF metadata has no {key!r}; the file carries no tokenizer")
    return metadata[key]


def _flag(metadata: Mapping[str, Any], key: str, default: bool) -> bool:
    value = metadata.get(key, default)
    if not isinstance(value, bool | int | np.integer):
        raise TokenizerError(f"GGUF metadata {key} = {value!r} is not a boolean")
    return bool(value)


def _string_list(metadata: Mapping[str, Any], key: str) -> Sequence[str]:
    """A metadata array of strings: as the GGUF reader gives it (a StringTable, its
    strings checked when read) or a list of str (metadata built in Python)."""
    value = _required(metadata, key)
    if isinstance(value, StringTable):
        return value
    if not isinstance(value, list) or not all(map(isinstance, value, itertools.repeat(str))):
        raise TokenizerError(f"GGUF metadata {key} is not an array of strings")
    return value


def _number_array(metadata: Mapping[str, Any], key: str, kinds: str,
                  default: np.ndarray | None = None) -> np.ndarray:
    value = metadata.get(key, default) if default is not None else _required(metadata, key)
    if isinstance(value, (list, tuple)) and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
        value = np.asarray(value)     # metadata built in Python rather than read from a file
    if not isinstance(value, np.ndarray) or value.ndim != 1 or value.dtype.kind not in kinds:
        raise TokenizerError(f"GGUF metadata {key} is not a numeric array")
    return value


def _metadata_id(metadata: Mapping[str, Any], key: str, vocab_size: int) -> int | None:
    value = metadata.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TokenizerError(f"GGUF metadata {key} = {value!r} is not an integer")
    if not 0 <= int(value) < vocab_size:
        raise TokenizerError(f"GGUF metadata {key} = {value} is outside the vocabulary of "
                             f"{vocab_size} tokens")
    return int(value)


def _gpt2_backend(metadata: Mapping[str, Any], tokens: Sequence[str], token_types: np.ndarray,
                  special: SpecialTokens, add_bos: bool, add_eos: bool) -> ByteBpeBackend:
    """Byte-level BPE from the GGUF vocab and merges (rlx.frontends.bytebpe)."""
    pre = metadata.get("tokenizer.ggml.pre", "default")
    split_numbers = BPE_PRE_TOKENIZERS.get(pre) if isinstance(pre, str) else None
    if split_numbers is None:
        raise TokenizerError(f"GGUF pre-tokenizer rule {pre!r} is not supported (supported: "
                             f"{', '.join(sorted(BPE_PRE_TOKENIZERS))})")
    merges = _string_list(metadata, "tokenizer.ggml.merges")
    try:
        return ByteBpeBackend(tokens, token_types, merges, split_numbers, special.bos,
                              special.eos, add_bos, add_eos)
    except ValueError as e:
        raise TokenizerError(f"GGUF BPE vocabulary: {e}") from None


def _llama_backend(metadata: Mapping[str, Any], tokens: list[str], token_types: np.ndarray,
                   special: SpecialTokens, add_bos: bool, add_eos: bool) -> SpmBackend:
    """SentencePiece-style BPE, merging by the scores of the merged pieces (rlx.frontends.spm)."""
    scores = _number_array(metadata, "tokenizer.ggml.scores", "iuf")
    if len(scores) != len(tokens):
        raise TokenizerError(f"tokenizer.ggml.scores has {len(scores)} entries for "
                             f"{len(tokens)} tokens")
    return SpmBackend(tokens, token_types, scores, special.unk,
                      _flag(metadata, "tokenizer.ggml.add_space_prefix", True),
                      special.bos, special.eos, add_bos, add_eos)
