"""``rlx serve``: an OpenAI-compatible HTTP server for a decoder and an embedding model.

:func:`create_app` builds the ASGI application over an :class:`Engine`; :func:`serve`
runs it with uvicorn. Needs the ``serve`` extra (``pip install "rlx[serve]"``: Starlette
and uvicorn), which ``import rlx`` never loads.
"""

from __future__ import annotations

import socket

from rlx.errors import InputError, RlxError
from rlx.serve.app import create_app
from rlx.serve.engine import Engine, Job, Metrics
from rlx.serve.protocol import APIError

__all__ = ["APIError", "Engine", "Job", "Metrics", "create_app", "listen", "serve"]


def listen(host: str = "127.0.0.1", port: int = 8000) -> socket.socket:
    """A socket bound to ``host``:``port`` and listening (port 0: a free port, read it
    with ``getsockname()``). InputError naming the address when it cannot be had (in
    use, not an address of this machine, a port outside 0-65535), before any model
    is loaded."""
    if not 0 <= port <= 65535:
        raise InputError(f"port {port} is outside 0-65535")
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as e:
        raise InputError(f"cannot listen on {host}:{port}: {e}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as e:
        sock.close()
        raise InputError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    return sock


def serve(engine: Engine, decoder_name: str | None, encoder_name: str | None,
          host: str = "127.0.0.1", port: int = 8000, sock: socket.socket | None = None) -> None:
    """Run the server until interrupted, on ``sock`` (from :func:`listen`; else one
    listening on ``host``:``port`` is made here). An engine made with
    ``background=False`` runs in the calling thread (see :meth:`Engine.run`) and the
    HTTP server in another; when the HTTP server stops for any reason the engine stops
    too, and an error of the HTTP server is raised here as an RlxError."""
    import threading

    import uvicorn

    if sock is None:
        sock = listen(host, port)
    server = uvicorn.Server(uvicorn.Config(create_app(engine, decoder_name, encoder_name),
                                           host=host, port=port, log_level="warning"))
    if engine.background:
        server.run(sockets=[sock])
        return
    failed: list[BaseException] = []

    def http() -> None:
        try:
            server.run(sockets=[sock])
        except BaseException as e:  # noqa: BLE001  (SystemExit included: reported below)
            failed.append(e)
        finally:
            engine.close()          # the engine's loop in the calling thread ends

    thread = threading.Thread(target=http, name="rlx-serve-http", daemon=True)
    thread.start()
    try:
        engine.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.should_exit = True
        thread.join(timeout=10)
    if failed:
        raise RlxError(f"the HTTP server stopped: {type(failed[0]).__name__}: {failed[0]}")
