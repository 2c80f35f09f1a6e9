"""Sources turn inputs (manifests, snapshots, a live cluster) into a Collection of resources."""
