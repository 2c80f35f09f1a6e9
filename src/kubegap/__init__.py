"""kubegap: audit Kubernetes and GPU clusters, read-only, for the gaps behind public incidents."""

__version__ = "0.1.0"
