"""Where each kind the checks read is served: API group and plural resource name.

Discovery tells a live collection the truth about a cluster; this table is what kubegap knows
without one, for ``kubegap rbac`` (the ClusterRole the checks need) and for naming the RBAC rule
of a kind a cluster does not list; for the checks, it names the resource an RBAC rule grants on a kind. Every
kind a check reads must be here (a test keeps it so).
"""

from __future__ import annotations

KNOWN_KINDS: dict[str, tuple[str, str]] = {
    # core
    "Pod": ("", "pods"),
    "Node": ("", "nodes"),
    "Namespace": ("", "namespaces"),
    "ConfigMap": ("", "configmaps"),
    "Secret": ("", "secrets"),
    "Service": ("", "services"),
    "ServiceAccount": ("", "serviceaccounts"),
    "Endpoints": ("", "endpoints"),
    "Event": ("", "events"),
    "LimitRange": ("", "limitranges"),
    "ResourceQuota": ("", "resourcequotas"),
    "PersistentVolume": ("", "persistentvolumes"),
    "PersistentVolumeClaim": ("", "persistentvolumeclaims"),
    "ReplicationController": ("", "replicationcontrollers"),
    # built-in groups
    "Deployment": ("apps", "deployments"),
    "StatefulSet": ("apps", "statefulsets"),
    "DaemonSet": ("apps", "daemonsets"),
    "ReplicaSet": ("apps", "replicasets"),
    "Job": ("batch", "jobs"),
    "CronJob": ("batch", "cronjobs"),
    "StorageClass": ("storage.k8s.io", "storageclasses"),
    "CSIDriver": ("storage.k8s.io", "csidrivers"),
    "PodDisruptionBudget": ("policy", "poddisruptionbudgets"),
    "HorizontalPodAutoscaler": ("autoscaling", "horizontalpodautoscalers"),
    "PriorityClass": ("scheduling.k8s.io", "priorityclasses"),
    "NetworkPolicy": ("networking.k8s.io", "networkpolicies"),
    "Ingress": ("networking.k8s.io", "ingresses"),
    "EndpointSlice": ("discovery.k8s.io", "endpointslices"),
    "ValidatingWebhookConfiguration": ("admissionregistration.k8s.io", "validatingwebhookconfigurations"),
    "MutatingWebhookConfiguration": ("admissionregistration.k8s.io", "mutatingwebhookconfigurations"),
    "CustomResourceDefinition": ("apiextensions.k8s.io", "customresourcedefinitions"),
    "APIService": ("apiregistration.k8s.io", "apiservices"),
    # training and batch custom resources
    "PyTorchJob": ("kubeflow.org", "pytorchjobs"),
    "MPIJob": ("kubeflow.org", "mpijobs"),
    "TFJob": ("kubeflow.org", "tfjobs"),
    "XGBoostJob": ("kubeflow.org", "xgboostjobs"),
    "PaddleJob": ("kubeflow.org", "paddlejobs"),
    "JAXJob": ("kubeflow.org", "jaxjobs"),
    "TrainJob": ("trainer.kubeflow.org", "trainjobs"),
    "TrainingRuntime": ("trainer.kubeflow.org", "trainingruntimes"),
    "ClusterTrainingRuntime": ("trainer.kubeflow.org", "clustertrainingruntimes"),
    "JobSet": ("jobset.x-k8s.io", "jobsets"),
    "LeaderWorkerSet": ("leaderworkerset.x-k8s.io", "leaderworkersets"),
    "RayJob": ("ray.io", "rayjobs"),
    "RayCluster": ("ray.io", "rayclusters"),
    "Rollout": ("argoproj.io", "rollouts"),
    "ClusterRole": ("rbac.authorization.k8s.io", "clusterroles"),
    "ClusterRoleBinding": ("rbac.authorization.k8s.io", "clusterrolebindings"),
    "Role": ("rbac.authorization.k8s.io", "roles"),
    "RoleBinding": ("rbac.authorization.k8s.io", "rolebindings"),
    "VerticalPodAutoscaler": ("autoscaling.k8s.io", "verticalpodautoscalers"),
    "VolumeSnapshot": ("snapshot.storage.k8s.io", "volumesnapshots"),
    # add-ons: certificates, policy reports, identity, routing, backups
    "Certificate": ("cert-manager.io", "certificates"),
    "ServiceMonitor": ("monitoring.coreos.com", "servicemonitors"),
    "PodMonitor": ("monitoring.coreos.com", "podmonitors"),
    "HTTPRoute": ("gateway.networking.k8s.io", "httproutes"),
    "GRPCRoute": ("gateway.networking.k8s.io", "grpcroutes"),
    "TLSRoute": ("gateway.networking.k8s.io", "tlsroutes"),
    "TCPRoute": ("gateway.networking.k8s.io", "tcproutes"),
    "UDPRoute": ("gateway.networking.k8s.io", "udproutes"),
    "IngressRoute": ("traefik.io", "ingressroutes"),
    "IngressRouteTCP": ("traefik.io", "ingressroutetcps"),
    "IngressRouteUDP": ("traefik.io", "ingressrouteudps"),
    "VirtualService": ("networking.istio.io", "virtualservices"),
    "Route": ("route.openshift.io", "routes"),
    "ExternalSecret": ("external-secrets.io", "externalsecrets"),
    "SealedSecret": ("bitnami.com", "sealedsecrets"),
    "ScaledObject": ("keda.sh", "scaledobjects"),
    "KopfPeering": ("kopf.dev", "kopfpeerings"),
    "ClusterKopfPeering": ("kopf.dev", "clusterkopfpeerings"),
    # operators that run pods from their own custom resources
    "Prometheus": ("monitoring.coreos.com", "prometheuses"),
    "Alertmanager": ("monitoring.coreos.com", "alertmanagers"),
    "ThanosRuler": ("monitoring.coreos.com", "thanosrulers"),
    "PolicyReport": ("wgpolicyk8s.io", "policyreports"),
    "ClusterPolicyReport": ("wgpolicyk8s.io", "clusterpolicyreports"),
    "EphemeralReport": ("reports.kyverno.io", "ephemeralreports"),
    "ClusterEphemeralReport": ("reports.kyverno.io", "clusterephemeralreports"),
    "AdmissionReport": ("kyverno.io", "admissionreports"),
    "ClusterAdmissionReport": ("kyverno.io", "clusteradmissionreports"),
    "BackgroundScanReport": ("kyverno.io", "backgroundscanreports"),
    "ClusterBackgroundScanReport": ("kyverno.io", "clusterbackgroundscanreports"),
    "ReportChangeRequest": ("kyverno.io", "reportchangerequests"),
    "AuthRequest": ("dex.coreos.com", "authrequests"),
    "OfflineSessions": ("dex.coreos.com", "offlinesessionses"),
    "RefreshToken": ("dex.coreos.com", "refreshtokens"),
    "CiliumNetworkPolicy": ("cilium.io", "ciliumnetworkpolicies"),
    "CiliumClusterwideNetworkPolicy": ("cilium.io", "ciliumclusterwidenetworkpolicies"),
    "GlobalNetworkPolicy": ("crd.projectcalico.org", "globalnetworkpolicies"),
    "AdminNetworkPolicy": ("policy.networking.k8s.io", "adminnetworkpolicies"),
    "BaselineAdminNetworkPolicy": ("policy.networking.k8s.io", "baselineadminnetworkpolicies"),
    "BGPConfiguration": ("crd.projectcalico.org", "bgpconfigurations"),
    "BGPPeer": ("crd.projectcalico.org", "bgppeers"),
    "Schedule": ("velero.io", "schedules"),
    "Backup": ("velero.io", "backups"),
    "BackupConfiguration": ("stash.appscode.com", "backupconfigurations"),
    "ReplicationSource": ("volsync.backube", "replicationsources"),
    "RecurringJob": ("longhorn.io", "recurringjobs"),
    "ScheduledBackup": ("postgresql.cnpg.io", "scheduledbackups"),
    # node update coordinators
    "Plan": ("upgrade.cattle.io", "plans"),
    "MachineConfigPool": ("machineconfiguration.openshift.io", "machineconfigpools"),
}


ALSO_SERVED_BY: dict[str, tuple[str, ...]] = {
    "IngressRoute": ("traefik.containo.us",),
    "IngressRouteTCP": ("traefik.containo.us",),
    "IngressRouteUDP": ("traefik.containo.us",),
}
"""Older groups that serve the same objects of a kind under the same resource name: Traefik 2.0 to 2.9 serve its
routes only under ``traefik.containo.us``. A live collection lists them there where the kind's own group is not
served, and ``kubegap rbac`` grants both."""

GROUP_BOUND_KINDS = frozenset({"Route", "IngressRoute", "IngressRouteTCP", "IngressRouteUDP", "VirtualService"})
"""Kinds read only from the groups ``KNOWN_KINDS`` and ``ALSO_SERVED_BY`` give them: other APIs name unrelated
objects the same (Knative's ``Route``, Gloo's ``VirtualService``), and a live collection that fell back to them
would list what no check reads and what ``kubegap rbac`` grants nothing on."""


def groups_of(kind: str) -> tuple[str, ...]:
    """The groups whose objects of ``kind`` kubegap reads: its own, then any older one (``ALSO_SERVED_BY``)."""
    own = KNOWN_KINDS.get(kind)
    return ((own[0],) if own else ()) + ALSO_SERVED_BY.get(kind, ())


def collections() -> frozenset[tuple[str, str]]:
    """Every ``(group, resource)`` kubegap may list: each kind's own, and the older groups that serve it."""
    return frozenset(KNOWN_KINDS.values()) | {
        (group, KNOWN_KINDS[kind][1]) for kind, groups in ALSO_SERVED_BY.items() for group in groups
    }


def rule_text(verb: str, group: str, plural: str, namespace: str | None = None) -> str:
    """The RBAC permission a request needs, in words: ``list pods (core) cluster-wide``."""
    scope = f"in namespace {namespace}" if namespace else "cluster-wide"
    return f"{verb} {plural} ({group or 'core'}) {scope}"
