"""The storage checks: one module per check, named after its id.

Storage checks: stateful data that lives and dies with one machine, or has no backup.

Objects a Helm release owns: what Helm deletes with the release or when a chart stops rendering it.
"""
