"""The gpu checks: one module per check, named after its id.

GPU and AI-training checks: collective-communication timeouts, checkpoints, shared memory, GPU node taints.
"""
