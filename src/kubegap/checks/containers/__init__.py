"""The containers checks: one module per check, named after its id.

Container resources and shutdown: requests, limits, CPU throttling, draining before exit.

Probe checks: readiness gating for Service traffic, liveness that kills too eagerly, probe ports.

Image checks: tags that move under you, tags their publisher withdrew, and anonymous pulls from Docker Hub.

Pod templates that refer to ConfigMaps, Secrets, ServiceAccounts or claims that do not exist.
"""
