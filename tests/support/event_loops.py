"""A pytest plugin that fails a test which leaves an asyncio event loop marked running on the main thread.

While a loop is marked running, ``asyncio.run`` and ``anyio.run`` refuse to start ("Already running
asyncio in this thread"), so such a leak breaks whichever later test runs async code, in another
directory, and only in some orders. Playwright's sync API keeps its loop marked running for as long as
it is open, between its calls too. So a loop may be held by a fixture of at most module scope: the
test body itself must leave the mark as it found it, and no loop may still be running once the last
test of a module has been torn down.
"""

from __future__ import annotations

import asyncio

import pytest


def running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    before = running_loop()
    result = yield
    after = running_loop()
    if after is not before:
        raise AssertionError(
            f"{item.nodeid} changed the event loop marked running on this thread from {before!r} to {after!r}: "
            "async code must run inside asyncio.run/anyio.run, and a browser must be opened by a fixture"
        )
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None):
    result = yield
    module = item.getparent(pytest.Module)
    if nextitem is None or nextitem.getparent(pytest.Module) is not module:
        left = running_loop()
        if left is not None:
            raise AssertionError(
                f"an event loop ({left!r}) is still marked running after the last test of "
                f"{module.nodeid if module else item.nodeid} was torn down, so asyncio.run and anyio.run "
                "fail in every later test: a fixture of session or package scope holds it (Playwright's sync "
                "API does while it is open); give that fixture module scope"
            )
    return result
