"""``rlx serve``: an OpenAI-compatible HTTP server for a decoder and an embedding model.

:func:`create_app` builds the ASGI application over an :class:`Engine`; :func:`serve`
runs it with uvicorn. Needs the ``serve`` extra (``pip install "rlx[serve]"``: Starlette
and uvicorn), which ``import rlx`` never loads.
"""

from __future__ import annotations

from rlx.serve.app import create_app
from rlx.serve.engine import Engine, Job, Metrics
from rlx.serve.protocol import APIError

__all__ = ["APIError", "Engine", "Job", "Metrics", "create_app", "serve"]


def serve(engine: Engine, decoder_name: str | None, encoder_name: str | None,
          host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the server until interrupted. An engine made with ``background=False`` runs
    in the calling thread (see :meth:`Engine.run`) and the HTTP server in another."""
    import threading

    import uvicorn

    server = uvicorn.Server(uvicorn.Config(create_app(engine, decoder_name, encoder_name),
                                           host=host, port=port, log_level="warning"))
    if engine.background:
        server.run()
        return
    http = threading.Thread(target=server.run, name="rlx-serve-http", daemon=True)
    http.start()
    try:
        engine.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.should_exit = True
        http.join(timeout=10)
