"""The nodes checks: one module per check, named after its id.

Node OS checks: networking that an OS update can break, and updates that hit every node at once.

Component versions with a published reliability defect that the cluster's own objects reveal.
"""
