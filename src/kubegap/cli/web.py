"""``kubegap serve`` and ``kubegap site build``: the Incident Library website and report viewer."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    import socket

site_app = typer.Typer(help="The Incident Library as a static website.", no_args_is_help=True)


def serve(
    host: str = typer.Option(
        "127.0.0.1", "--host", help="Address to listen on (keep it on loopback unless you mean to share it)."
    ),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port to listen on."),
    report: Path = typer.Option(
        None, "--report", help="Also show this audit report ('kubegap audit --format json') at /report."
    ),
) -> None:
    """Serve the Incident Library website (every page also as JSON) and, with --report, an audit's findings."""
    from kubegap.extras import require

    require("web", "kubegap serve")
    import uvicorn

    from kubegap.cli.output import say
    from kubegap.library import load_library
    from kubegap.report.baseline import load_report
    from kubegap.web.app import create_app
    from kubegap.web.security import HostCheck

    loaded = load_report(report) if report is not None else None
    app = HostCheck(create_app(load_library(), loaded), host)
    listening = _listen(host, port)
    bound = listening.getsockname()[1]
    say(f"serving the Incident Library at http://{host}:{bound}/" + ("  (report at /report)" if loaded else ""))
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[listening])


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``, bound before anything says it is serving; a taken port is exit 2."""
    import errno
    import socket

    from kubegap.errors import UserError

    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        return socket.create_server((host, port), family=family)
    except socket.gaierror as exc:
        raise UserError(f"cannot listen on {host}: {exc.strerror}") from None
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise UserError(f"port {port} on {host} is taken by another program; choose another with --port") from None
        raise UserError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


@site_app.command("build")
def build(
    directory: Path = typer.Argument(..., metavar="DIR", help="Where to write the site (created if missing)."),
) -> None:
    """Write every page as static HTML (and JSON) with relative links and a client-side search index."""
    from kubegap.extras import require

    require("web", "kubegap site build")
    from kubegap.cli.output import say
    from kubegap.library import load_library
    from kubegap.web.site import build_site

    count = build_site(load_library(), directory)
    say(f"wrote {count} files to {directory}")
