"""The embedded demo cluster: a small, realistic snapshot whose gaps cite the founding cases.

``cluster.json`` is written by ``scripts/demo_cluster.py``; edit the description there, not the file.
"""

from importlib import resources
from pathlib import Path


def demo_path() -> Path:
    return Path(str(resources.files("kubegap.demo") / "cluster.json"))
