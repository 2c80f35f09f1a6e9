"""The dns checks: one module per check, named after its id.

Cluster DNS checks: how many CoreDNS pods carry the load, node-local caching, ndots:5 lookups.

Pods on the node's network that need the cluster DNS but do not ask for it.
"""
