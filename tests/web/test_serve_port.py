"""``kubegap serve`` on a port another program holds says so and exits 2, before claiming to serve."""

from __future__ import annotations

import socket

from conftest import run_cli


def test_a_taken_port_is_exit_2_with_a_clear_message():
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = run_cli("serve", "--port", str(port))
    assert result.returncode == 2, result.stderr
    assert f"port {port} on 127.0.0.1 is taken" in result.stderr
    assert "serving" not in result.stderr and "Traceback" not in result.stderr


def test_an_unknown_host_is_exit_2():
    result = run_cli("serve", "--host", "no-such-host.invalid", "--port", "0")
    assert result.returncode == 2 and "cannot listen on no-such-host.invalid" in result.stderr
