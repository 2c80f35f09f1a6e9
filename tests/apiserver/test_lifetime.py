"""Nothing is left running: a test process killed outright (no fixture teardown, no atexit) takes its etcd and
kube-apiserver with it, as support/controlplane.py promises with PR_SET_PDEATHSIG."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from support import tools

TESTS = Path(__file__).resolve().parents[1]
SESSION = """
import json, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from support.controlplane import ControlPlane
plane = ControlPlane(Path(sys.argv[2]), json.loads(sys.argv[3])).start()
print(json.dumps({name: process.pid for name, process in plane.processes.items()}), flush=True)
time.sleep(600)
"""


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting for its reaper has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def test_a_killed_session_leaves_no_server_running(tmp_path):
    binaries = {name: str(path) for name, path in tools.need("etcd", "kube-apiserver").items()}
    session = subprocess.Popen(
        [sys.executable, "-c", SESSION, str(TESTS), str(tmp_path / "plane"), json.dumps(binaries)],
        stdout=subprocess.PIPE,
        text=True,
    )
    pids: dict[str, int] = {}
    try:
        pids = json.loads(session.stdout.readline() or "{}")
        assert set(pids) == {"etcd", "kube-apiserver"} and all(running(pid) for pid in pids.values())
        session.send_signal(signal.SIGKILL)
        session.wait()
        deadline = time.monotonic() + 10
        while any(running(pid) for pid in pids.values()) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not [name for name, pid in pids.items() if running(pid)], "left running after the session was killed"
    finally:
        for pid in pids.values():
            if running(pid):
                os.kill(pid, signal.SIGKILL)
        if session.poll() is None:
            session.kill()
            session.wait()
