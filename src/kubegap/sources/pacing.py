"""How many requests a live collection keeps in flight and how long it may take: the defaults the
command line shows, importable without the collector."""

WORKERS = 4
"""Requests in flight at once by default (``--concurrency``)."""
MAX_WORKERS = 16
DEADLINE = 600.0
"""Seconds a whole collection may take by default."""
