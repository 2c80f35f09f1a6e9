"""The disruption checks: one module per check, named after its id.

PodDisruptionBudgets: missing where replicas need them, or so strict that nodes cannot drain.
"""
