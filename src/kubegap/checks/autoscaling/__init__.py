"""The autoscaling checks: one module per check, named after its id.

Autoscaling and capacity: HPAs that cannot or do not scale, and pod IP ranges that stop growth.

Controllers that compete for one workload's replica count.
"""
