"""The batch checks: one module per check, named after its id.

Batch checks: Jobs and CronJobs that can retry, run or grow without bound, or quietly stop succeeding.
"""
