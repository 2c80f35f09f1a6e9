"""Building many objects at once without paying for cyclic garbage collection as they are made.

A large snapshot parses into millions of dicts and lists, and every few hundred allocations
CPython's cyclic collector walks the young ones; over a 60,000-pod cluster those passes cost
more than the parse itself. Parsed resources hold no reference cycles (reference counting frees
them), so the collector is paused while they are built, and afterwards they are moved straight
to the oldest generation instead of being walked on their way there.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def bulk_allocation() -> Iterator[None]:
    """Pause the cyclic collector for the block; nested blocks leave the outer one in charge."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.freeze()  # every tracked object to the permanent generation, without a scan ...
            gc.unfreeze()  # ... and from there to the oldest one, where collection is rare
            gc.enable()
