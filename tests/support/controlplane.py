"""A real Kubernetes control plane for tests: etcd and kube-apiserver on 127.0.0.1, as envtest starts them.

Certificates are generated at start; the API server authorizes with RBAC (the admin is a client
certificate in ``system:masters``; everyone else gets what the tests bind), issues service-account
tokens, and writes an audit log of every request at the Metadata level, which :meth:`ControlPlane.audit_events`
reads. etcd keeps its data in the session's temporary folder and skips fsync. Both processes are
killed when the test process ends without stopping them (``PR_SET_PDEATHSIG``), so nothing is left
running after a crash; :meth:`ControlPlane.stop` (an interrupt's teardown too) ends them in order.
"""

from __future__ import annotations

import ctypes
import json
import shutil
import signal
import socket
import ssl
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Self

import yaml

from support.certs import Authority, signing_key

AUDIT_POLICY = """\
apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: [RequestReceived]
rules:
- level: Metadata
"""
STARTUP_TIMEOUT = 180.0
"""Seconds kube-apiserver may take to become ready: on a loaded 2-core machine it is tens of seconds."""


PORT_ATTEMPTS = 3
"""Starts tried with fresh ports: a port is free when chosen and another process on a shared machine may take it
before etcd or kube-apiserver binds it."""


def _free_ports(count: int) -> list[int]:
    """``count`` distinct ports free now: every socket stays bound until all are chosen, so no port comes twice."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for sock in sockets:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


class PortTaken(RuntimeError):
    """A process could not bind the port chosen for it."""


def _die_with_parent() -> None:
    """Runs in the child before exec: the kernel kills it when the test process ends, however it ends. SIGKILL,
    not SIGTERM: etcd dies at the same moment, and a terminated kube-apiserver then spends some 30 s of its
    graceful shutdown waiting for it."""
    PR_SET_PDEATHSIG = 1
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


@dataclass
class ControlPlane:
    """etcd and kube-apiserver for one test session; ``binaries`` maps etcd, kube-apiserver and kubectl to paths."""

    directory: Path
    binaries: dict[str, Path]
    apiserver_args: tuple[str, ...] = ()
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)
    started_in: float = 0.0
    """Seconds from start() to a ready API server."""

    def start(self) -> ControlPlane:
        for _ in range(PORT_ATTEMPTS - 1):
            try:
                return self._start()
            except PortTaken:
                shutil.rmtree(self.directory / "etcd", ignore_errors=True)
        return self._start()

    def _start(self) -> ControlPlane:
        began = time.monotonic()
        self.processes = {}
        self.directory.mkdir(parents=True, exist_ok=True)
        authority = Authority(self.directory)
        self.ca_path = authority.cert_path
        server_cert, server_key = authority.issue("apiserver", "kube-apiserver", server=True)
        self.admin_cert, self.admin_key = authority.issue(
            "admin", "kubegap-test-admin", organizations=("system:masters",)
        )
        signing, checking = signing_key(self.directory)
        policy = self.directory / "audit-policy.yaml"
        policy.write_text(AUDIT_POLICY)
        self.audit_log = self.directory / "audit.log"
        client_port, peer_port, self.port = _free_ports(3)
        self.etcd_url = f"http://127.0.0.1:{client_port}"
        peer_url = f"http://127.0.0.1:{peer_port}"
        self._spawn(
            "etcd",
            [
                "--name=test",
                f"--data-dir={self.directory / 'etcd'}",
                f"--listen-client-urls={self.etcd_url}",
                f"--advertise-client-urls={self.etcd_url}",
                f"--listen-peer-urls={peer_url}",
                f"--initial-advertise-peer-urls={peer_url}",
                f"--initial-cluster=test={peer_url}",
                "--unsafe-no-fsync",
                "--log-level=warn",
            ],
        )
        self._spawn(
            "kube-apiserver",
            [
                f"--etcd-servers={self.etcd_url}",
                "--bind-address=127.0.0.1",
                "--advertise-address=127.0.0.1",
                f"--secure-port={self.port}",
                f"--tls-cert-file={server_cert}",
                f"--tls-private-key-file={server_key}",
                f"--client-ca-file={self.ca_path}",
                "--authorization-mode=RBAC",
                "--service-account-issuer=https://kubernetes.default.svc.cluster.local",
                f"--service-account-key-file={checking}",
                f"--service-account-signing-key-file={signing}",
                "--service-cluster-ip-range=10.0.0.0/24",
                "--allow-privileged=true",
                "--profiling=false",
                f"--audit-policy-file={policy}",
                f"--audit-log-path={self.audit_log}",
                "--audit-log-format=json",
                "--audit-log-mode=blocking-strict",
                "--audit-log-maxsize=0",
                *self.apiserver_args,
            ],
        )
        self.admin_kubeconfig = self.kubeconfig(
            self.directory / "admin.kubeconfig",
            context="admin",
            user={"client-certificate": str(self.admin_cert), "client-key": str(self.admin_key)},
        )
        self._wait_ready(began)
        self.started_in = time.monotonic() - began
        return self

    def _spawn(self, name: str, args: list[str]) -> None:
        log = open(self.directory / f"{name}.log", "wb")  # noqa: SIM115 - the process writes it until stop()
        self.processes[name] = subprocess.Popen(
            [str(self.binaries[name]), *args],
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            preexec_fn=_die_with_parent,  # noqa: PLW1509 - the test process starts these before any thread
        )
        log.close()

    def _ssl(self) -> ssl.SSLContext:
        context = ssl.create_default_context(cafile=str(self.ca_path))
        context.load_cert_chain(self.admin_cert, self.admin_key)
        return context

    def _wait_ready(self, began: float) -> None:
        context = self._ssl()
        while True:
            for name, process in self.processes.items():
                if process.poll() is not None:
                    self.stop()
                    tail = (self.directory / f"{name}.log").read_text(errors="replace")[-3000:]
                    if "address already in use" in tail:
                        raise PortTaken(f"{name} could not bind its port:\n{tail}")
                    raise RuntimeError(f"{name} exited with {process.returncode} while starting:\n{tail}")
            try:
                with urllib.request.urlopen(f"{self.url}/readyz", context=context, timeout=5) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() - began > STARTUP_TIMEOUT:
                self.stop()
                raise RuntimeError(f"kube-apiserver was not ready within {STARTUP_TIMEOUT:.0f} s; see {self.directory}")
            time.sleep(0.25)

    def stop(self) -> None:
        for name in ("kube-apiserver", "etcd"):
            process = self.processes.get(name)
            if process is None or process.poll() is not None:
                continue
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.port}"

    # -- clients ---------------------------------------------------------------------------------
    def kubeconfig(
        self,
        path: Path,
        *,
        context: str = "test",
        user: dict | None = None,
        token: str | None = None,
        namespace: str | None = None,
    ) -> Path:
        """A kubeconfig for this API server: the given user entry, or a bearer token."""
        ctx = {"cluster": "real", "user": context, **({"namespace": namespace} if namespace else {})}
        config = {
            "apiVersion": "v1",
            "kind": "Config",
            "current-context": context,
            "clusters": [{"name": "real", "cluster": {"server": self.url, "certificate-authority": str(self.ca_path)}}],
            "users": [{"name": context, "user": user if user is not None else {"token": token}}],
            "contexts": [{"name": context, "context": ctx}],
        }
        path.write_text(json.dumps(config))
        return path

    def kubectl(
        self, *args: str, config: Path | None = None, stdin: str | None = None, check: bool = True, timeout: float = 120
    ) -> subprocess.CompletedProcess:
        """The real kubectl, as the admin unless ``config`` says otherwise."""
        env = {"KUBECONFIG": str(config or self.admin_kubeconfig), "HOME": str(self.directory), "PATH": "/usr/bin:/bin"}
        done = subprocess.run(
            [str(self.binaries["kubectl"]), *args],
            input=stdin,
            capture_output=True,
            text=True,
            env=env,
            timeout=timeout,
        )
        if check and done.returncode != 0:
            raise AssertionError(f"kubectl {' '.join(args)} exited {done.returncode}: {done.stderr}")
        return done

    def apply(self, *documents: dict | str) -> None:
        """Create or update objects as the admin (server-side apply), then wait for any CRD among them to be served."""
        text = "\n---\n".join(d if isinstance(d, str) else yaml.safe_dump(d) for d in documents)
        self.kubectl("apply", "--server-side", "--field-manager=kubegap-tests", "-f", "-", stdin=text)
        crds = [d for d in yaml.safe_load_all(text) if d and d.get("kind") == "CustomResourceDefinition"]
        if crds:
            names = [f"crd/{d['metadata']['name']}" for d in crds]
            self.kubectl("wait", "--for=condition=Established", "--timeout=60s", *names)

    @staticmethod
    def namespace(name: str) -> list[dict]:
        """A namespace and its ``default`` ServiceAccount, which the controller manager (not run here) would create and
        without which no pod is admitted."""
        return [
            {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name}},
            {"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "default", "namespace": name}},
        ]

    def service_account(self, namespace: str, name: str, path: Path, *, cluster_role: str | None = None) -> Path:
        """A ServiceAccount (bound to ``cluster_role`` when given) and a kubeconfig holding a token the server issued for it."""
        objects = [
            *self.namespace(namespace),
            {"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": name, "namespace": namespace}},
        ]
        if cluster_role:
            objects.append(
                {
                    "apiVersion": "rbac.authorization.k8s.io/v1",
                    "kind": "ClusterRoleBinding",
                    "metadata": {"name": f"{namespace}-{name}"},
                    "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": cluster_role},
                    "subjects": [{"kind": "ServiceAccount", "name": name, "namespace": namespace}],
                }
            )
        self.apply(*objects)
        token = self.kubectl("create", "token", name, "-n", namespace, "--duration=2h").stdout.strip()
        return self.kubeconfig(path, context=name, token=token)

    def get(self, path: str, *, token: str | None = None, accept: str = "application/json") -> tuple[int, dict]:
        """``(status, parsed body)`` of one GET, as the admin or with a bearer token."""
        context = ssl.create_default_context(cafile=str(self.ca_path)) if token else self._ssl()
        headers = {"Accept": accept, **({"Authorization": f"Bearer {token}"} if token else {})}
        try:
            with urllib.request.urlopen(
                urllib.request.Request(self.url + path, headers=headers), context=context, timeout=30
            ) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    # -- the audit log ---------------------------------------------------------------------------
    def audit_events(self, username: str | None = None) -> list[dict]:
        """Every completed request so far (all of them written: a marker request is waited for), or one user's."""
        marker = uuid.uuid4().hex
        self.get(f"/version?marker={marker}")
        deadline = time.monotonic() + 30
        while True:
            events = [json.loads(line) for line in self.audit_log.read_text().splitlines() if line.strip()]
            if any(marker in e.get("requestURI", "") for e in events) or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        done = [e for e in events if e.get("stage") == "ResponseComplete"]
        return [e for e in done if username is None or e["user"]["username"] == username]
