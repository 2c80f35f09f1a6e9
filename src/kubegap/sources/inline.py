"""Manifests given as text rather than files: the MCP tool's ``yaml`` argument, read as a file would be."""

from __future__ import annotations

from dataclasses import dataclass

from kubegap.domain.collection import Collection
from kubegap.sources.manifests import Reader

INLINE = "<inline>"
"""How inline manifests are named in warnings, locations and the report's inputs."""


@dataclass(frozen=True)
class InlineSource:
    text: str
    name: str = INLINE

    def collect(self) -> Collection:
        reader = Reader()
        reader.read_text(self.text, self.name)
        reader.collection.inputs.append({"type": "manifests", "path": self.name})
        return reader.collection
