"""The embedded demo cluster: a small, realistic snapshot whose gaps cite the founding cases."""

from importlib import resources
from pathlib import Path


def demo_path() -> Path:
    return Path(str(resources.files("kubegap.demo") / "cluster.json"))
