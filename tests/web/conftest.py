"""Servers the web tests start themselves on free loopback ports, and a real headless Chromium that
may talk to nothing but localhost."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from conftest import ROOT

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
ARTIFACTS = ROOT / "test-artifacts"
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(url: str, process: subprocess.Popen | None = None, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise AssertionError(
                f"server exited with {process.returncode}: {process.stderr.read() if process.stderr else ''}"
            )
        try:
            httpx.get(url, timeout=2)
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise AssertionError(f"{url} did not answer within {timeout}s")


class ThreadedServer:
    """uvicorn serving an app in a background thread on a socket bound before it starts."""

    def __init__(self, app):
        import uvicorn

        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.socket.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True)

    def __enter__(self):
        self.thread.start()
        wait_until_up(self.url + "/")
        return self

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.socket.close()


@pytest.fixture(scope="session")
def library():
    from kubegap.library import load_library

    return load_library()


@pytest.fixture(scope="session")
def site_server(library):
    from kubegap.web.app import create_app

    with ThreadedServer(create_app(library)) as server:
        yield server.url


@pytest.fixture(scope="session")
def demo_report(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("report") / "report.json"
    subprocess.run(
        [sys.executable, "-m", "kubegap", "audit", "--demo", "--format", "json", "-o", str(path)],
        check=False,
        capture_output=True,
        timeout=120,
    )
    json.loads(path.read_text())
    return path


@pytest.fixture(scope="module")
def browser():
    """One Chromium per test module. Playwright's sync API keeps its event loop marked running on this
    thread while it is open, so a wider scope would break asyncio.run/anyio.run in every later test."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run 'make system-deps' (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class Watched:
    """A page whose console errors, page errors, dialogs and non-local requests are recorded."""

    def __init__(self, context):
        self.context = context
        self.page = context.new_page()
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.outside: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("dialog", self._dialog)
        context.route("**/*", self._route)

    def _dialog(self, dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def _route(self, route) -> None:
        host = urlsplit(route.request.url).hostname or ""
        if route.request.url.startswith(("data:", "about:", "file:")) or host in LOCAL_HOSTS:
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()


@pytest.fixture
def watched(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watched = Watched(context)
    yield watched
    context.close()
    assert not watched.outside, f"requests left localhost: {watched.outside}"
    assert not watched.errors, f"console errors: {watched.errors}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def follow(page, link) -> None:
    """Click a link and wait for the page it opens: a read straight after a click can see the old page, or none."""
    with page.expect_navigation():
        link.click()


def screenshot(page, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


@pytest.fixture
def static_site(tmp_path):
    """The site built by the real command line, served by a plain file server in a subprocess."""
    directory = tmp_path / "site"
    build = subprocess.run(
        [sys.executable, "-m", "kubegap", "site", "build", str(directory)], capture_output=True, text=True, timeout=300
    )
    assert build.returncode == 0, build.stderr
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(directory)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_up(url + "/", server)
        yield url, directory
    finally:
        server.terminate()
        server.wait(timeout=10)


PAYLOAD = '<script>alert("xss")</script><img src=x onerror=alert(1)>'
HOSTILE_CASE = """\
id: hostile-2024-script-payloads
title: 'Title {p}'
organization: 'Org {p}'
date: "2024-01-01"
summary: 'Summary {p}'
symptoms: 'Symptoms {p}'
trigger: 'Trigger {p}'
root_cause: 'Root cause {p}'
contributing_factors: ['Factor {p}']
sources:
  - url: https://example.org/postmortem
    title: 'Source {p}'
    publisher: 'Publisher {p}'
tags:
  root_cause: [change]
  component: [networking/cilium]
  symptom: [impact/full-outage]
  contributing_factor: [config/unsafe-default]
no_check_reason: 'Reason {p}'
"""


@pytest.fixture(scope="session")
def hostile_library(tmp_path_factory):
    """A library of one test case whose every text field carries a script payload."""
    from importlib import resources

    from kubegap.library.load import load_from

    data = tmp_path_factory.mktemp("hostile")
    shutil.copytree(Path(str(resources.files("kubegap.library") / "data" / "vocabularies")), data / "vocabularies")
    (data / "cases").mkdir()
    (data / "cases" / "hostile-2024-script-payloads.yaml").write_text(HOSTILE_CASE.format(p=PAYLOAD.replace("'", "''")))
    return load_from(data)
