"""SHA-256 and BLAKE2b for rlx's cache keys, records and prefix hashes, without loading
OpenSSL.

``hashlib`` loads libcrypto when it is imported: 3.6 MiB of resident memory in every
process that only wants the digest of a few megabytes of source and programs (a
decoder's whole process is held to 1.3x its GGUF file). CPython's own modules
give the same digests, SHA-256 at about 200 MiB/s (OpenSSL's: 1.6 GiB/s) and BLAKE2b
at about 430 MiB/s: what is hashed at every start (rlx's 2.4 MB of source) takes
BLAKE2b, the rest is small. ``hashlib`` is the fallback where an interpreter lacks
them.
"""

from __future__ import annotations

try:                                    # CPython 3.12 and later
    from _sha2 import sha256
except ImportError:
    try:                                # CPython 3.11
        from _sha256 import sha256
    except ImportError:                 # another interpreter
        from hashlib import sha256
try:
    from _blake2 import blake2b
except ImportError:
    from hashlib import blake2b

__all__ = ["blake2b", "sha256"]
