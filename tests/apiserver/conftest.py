"""A real etcd and kube-apiserver for the whole test session (tests/support/controlplane.py), built by `make tools`."""

from __future__ import annotations

import pytest
from support import tools
from support.controlplane import ControlPlane

COMPACTION = "10s"
"""How often the API server compacts etcd (5 minutes by default): a continue token expires within two of these,
so a test can see a real 410 (tests/apiserver/test_paging.py), and every list that takes less stays whole."""


@pytest.fixture(scope="session")
def control_plane(tmp_path_factory):
    binaries = tools.need("etcd", "kube-apiserver", "kubectl")
    plane = ControlPlane(
        tmp_path_factory.mktemp("control-plane"), binaries, apiserver_args=(f"--etcd-compaction-interval={COMPACTION}",)
    )
    with plane:
        print(f"control plane ready in {plane.started_in:.1f} s at {plane.url}")
        yield plane
