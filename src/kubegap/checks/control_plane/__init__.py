"""The control-plane checks: one module per check, named after its id.

Certificate checks: cert-manager Certificates and webhook CA bundles that expire or stopped renewing.

Control-plane load checks: per-node agents that watch the whole cluster, and objects piling up in etcd.
"""
