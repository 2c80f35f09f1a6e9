"""The observability checks: one module per check, named after its id.

Monitoring checks: the monitoring stack's own state, lost when its pods restart.
"""
