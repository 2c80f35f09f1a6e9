"""The check catalog: one module per concern, each registering its checks with ``@check``."""

from __future__ import annotations

import importlib

from kubegap.checks.base import REGISTRY, Check

MODULES = (
    "admission",
    "certificates",
    "controlplane",
    "dns",
    "exposure",
    "gpu",
    "networking",
    "nodes",
    "storage",
    "upgrades",
    "containers",
    "probes",
    "images",
    "references",
    "batch",
    "workloads",
    "rollouts",
    "disruption",
    "priority",
    "autoscaling",
    "monitoring",
    "ownership",
    "environment",
    "advisories",
    "fleet",
    "helm",
    "mesh",
    "netpolicy",
    "hostports",
    "defects",
    "spreading",
    "scalers",
    "hostdns",
)


def all_checks() -> list[Check]:
    for module in MODULES:
        importlib.import_module(f"kubegap.checks.{module}")
    return sorted(REGISTRY.values(), key=lambda c: (c.category, c.id))


def get_check(check_id: str) -> Check | None:
    all_checks()
    return REGISTRY.get(check_id)
