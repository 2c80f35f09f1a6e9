"""The admission checks: one module per check, named after its id.

Admission webhook checks: webhooks that can block the API server's own writes, and slow ones.
"""
