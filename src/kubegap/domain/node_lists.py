"""Whether an input's Nodes are one cluster's, as counting or comparing them across the cluster needs.

A live read or a snapshot lists one cluster's nodes. Manifests hold Nodes only as saved node listings
(``kubectl get nodes -o yaml``); a project may keep several, of different clusters, as fixtures. When the
Nodes come from more than one file, nothing in the input shows they are one cluster's, so a count of them
or a difference between them says nothing about a cluster. A check that judges each node alone is not
affected.
"""

from __future__ import annotations

from kubegap.domain.scoped_inventory import Readable
from kubegap.wording import some_and_more


def separate_node_lists(inventory: Readable) -> str | None:
    """Why the input's Nodes cannot be judged together (they come from several files), or None when they can."""
    files = sorted({origin.path for node in inventory.nodes if (origin := inventory.origin(node)) is not None})
    if len(files) < 2:
        return None
    return (
        f"the Nodes come from {len(files)} files ({some_and_more(files)}): nothing shows they are one cluster's; "
        "audit a live cluster or a snapshot"
    )
