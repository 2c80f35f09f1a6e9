"""The Host headers a kubegap HTTP server answers: its defence against DNS rebinding.

A page on another site can have a browser resolve the page's own name to 127.0.0.1 and then read
what a local server answers, if that server ignores the Host header it is sent (the page's name).
``kubegap serve`` and ``kubegap mcp --http`` answer only requests whose Host names the address they
listen on: the loopback names for a loopback address, the machine's own names and addresses for a
wildcard address (``0.0.0.0``, ``::``), else the address given, on any port. A request with an
``Origin`` must come from a page served under one of those names. Both servers use one checker, the
MCP SDK's (:class:`~mcp.server.transport_security.TransportSecurityMiddleware`), with these settings.
"""

from __future__ import annotations

import ipaddress
import socket

from mcp.server.transport_security import TransportSecuritySettings

LOOPBACK = ("127.0.0.1", "localhost", "::1")
WILDCARD = ("0.0.0.0", "::", "")


def _names(host: str) -> list[str]:
    if host in LOOPBACK or _is_loopback(host):
        return [*LOOPBACK, host]
    if host not in WILDCARD:
        return [host]
    own = {socket.gethostname(), socket.getfqdn()}
    try:
        own |= {str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None)}
    except OSError:
        pass
    return [*LOOPBACK, *sorted(own)]


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _as_host_header(name: str) -> str:
    return f"[{name}]" if ":" in name else name  # an IPv6 address is bracketed in a Host header


def allowed_hosts(host: str) -> list[str]:
    """The Host header values a server listening on ``host`` answers: each name alone (port 80) and with any port."""
    names = dict.fromkeys(_as_host_header(name) for name in _names(host))
    return [form for name in names for form in (name, f"{name}:*")]


def rebinding_protection(host: str) -> TransportSecuritySettings:
    """The checker's settings for a server listening on ``host``: its Host names, and pages served under them."""
    hosts = allowed_hosts(host)
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=hosts,
        allowed_origins=[f"{scheme}://{name}" for name in hosts for scheme in ("http", "https")],
    )
