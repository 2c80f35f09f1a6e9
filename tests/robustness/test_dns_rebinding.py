"""DNS rebinding: ``kubegap serve`` and ``kubegap mcp --http`` answer only requests whose Host names the
address they listen on, with one checker and one list of names (:mod:`kubegap.hosts`)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import httpx
import pytest
from conftest import _this_kubegap_first
from web.conftest import free_port, wait_until_up

from kubegap.hosts import allowed_hosts


def _start(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "kubegap", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": _this_kubegap_first()},
    )


@pytest.fixture
def site():
    port = free_port()
    process = _start("serve", "--port", str(port))
    try:
        wait_until_up(f"http://127.0.0.1:{port}/", process)
        yield port
    finally:
        process.terminate()
        process.wait(10)


@pytest.mark.attack(
    id="serve-dns-rebinding",
    surface="website",
    attempt="a request to kubegap serve (127.0.0.1) carrying the Host of another site (a DNS-rebinding page), or its Origin",
    expect="refused (421 for the Host, 403 for the Origin) before any page is rendered; the server's own names still served",
)
@pytest.mark.parametrize("path", ["/", "/cases.json", "/checks", "/static/style.css"])
def test_the_website_refuses_a_foreign_host(site, path):
    url = f"http://127.0.0.1:{site}{path}"
    assert httpx.get(url, headers={"Host": "rebind.example.com"}).status_code == 421
    assert httpx.get(url, headers={"Host": f"rebind.example.com:{site}"}).status_code == 421
    assert (
        httpx.get(url, headers={"Host": f"127.0.0.1:{site}", "Origin": "http://rebind.example.com"}).status_code == 403
    )
    for host in (f"127.0.0.1:{site}", f"localhost:{site}", f"[::1]:{site}"):
        assert httpx.get(url, headers={"Host": host}).status_code in (200, 404), host
    assert httpx.get(url, headers={"Origin": f"http://localhost:{site}"}).status_code in (200, 404)


@pytest.mark.attack(
    id="mcp-http-dns-rebinding",
    surface="MCP server",
    attempt="a JSON-RPC request to kubegap mcp --http carrying the Host of another site",
    expect="refused with 421 before the request reaches a tool",
)
def test_the_mcp_server_refuses_a_foreign_host():
    port = free_port()
    process = _start("mcp", "--http", "--port", str(port))
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                httpx.get(f"http://127.0.0.1:{port}/mcp", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        initialize = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"},
            },
        }
        headers = {"Accept": "application/json, text/event-stream"}
        refused = httpx.post(
            f"http://127.0.0.1:{port}/mcp", json=initialize, headers={**headers, "Host": "rebind.example.com"}
        )
        assert refused.status_code == 421
        answered = httpx.post(f"http://127.0.0.1:{port}/mcp", json=initialize, headers=headers)
        assert answered.status_code == 200, answered.text
    finally:
        process.terminate()
        process.wait(10)


def test_the_names_a_server_answers_to():
    assert allowed_hosts("127.0.0.1") == ["127.0.0.1", "127.0.0.1:*", "localhost", "localhost:*", "[::1]", "[::1]:*"]
    assert allowed_hosts("10.0.0.7") == ["10.0.0.7", "10.0.0.7:*"]
    assert allowed_hosts("::1")[:2] == ["127.0.0.1", "127.0.0.1:*"]
    assert "localhost:*" in allowed_hosts("0.0.0.0") and "rebind.example.com:*" not in allowed_hosts("0.0.0.0")
