import gzip
import json

import pytest

from kubegap.errors import InputError
from kubegap.sources.manifests import ManifestSource, skipped_directories


def collect(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return ManifestSource([str(path)]).collect()


def test_multi_document_yaml_with_line_numbers(tmp_path):
    text = "# comment\napiVersion: v1\nkind: Service\nmetadata: {name: a}\n---\n\napiVersion: v1\nkind: Service\nmetadata: {name: b}\n"
    collection = collect(tmp_path, "svc.yaml", text)
    assert [r["metadata"]["name"] for r in collection.resources] == ["a", "b"]
    lines = [collection.origins[id(r)].line for r in collection.resources]
    assert lines == [2, 7]
    assert collection.collected == {"Service"}


def test_kubectl_list_items_get_kind_and_api_version_from_the_list(tmp_path):
    data = {"apiVersion": "apps/v1", "kind": "DeploymentList", "items": [{"metadata": {"name": "web"}, "spec": {}}]}
    collection = collect(tmp_path, "deps.json", json.dumps(data))
    (obj,) = collection.resources
    assert obj["kind"] == "Deployment" and obj["apiVersion"] == "apps/v1"
    assert "Deployment" in collection.collected


def test_empty_typed_list_still_counts_as_collected(tmp_path):
    collection = collect(tmp_path, "ds.yaml", "apiVersion: apps/v1\nkind: DaemonSetList\nitems: []\n")
    assert collection.collected == {"DaemonSet"} and not collection.resources


def test_bad_documents_are_skipped_with_a_warning_and_the_rest_is_kept(tmp_path):
    text = (
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n---\n"
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Values.name }}\n---\n"
        "- just\n- a list\n---\n"
        "foo: bar\n---\n"
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok2}\n"
    )
    collection = collect(tmp_path, "mixed.yaml", text)
    assert [r["metadata"]["name"] for r in collection.resources] == ["ok", "ok2"]
    joined = "\n".join(collection.warnings)
    assert "mixed.yaml, document 2" in joined and "unrendered template" in joined
    assert "document 3" in joined and "not a mapping" in joined
    assert "document 4" in joined and "not a Kubernetes object" in joined


def test_python_object_tags_are_not_constructed(tmp_path):
    text = (
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata: !!python/object/apply:os.system ['echo pwned']\n"
    )
    collection = collect(tmp_path, "evil.yaml", text)
    assert not collection.resources
    assert "invalid YAML" in collection.warnings[0]


def test_bare_equals_sign_is_a_string(tmp_path):
    collection = collect(tmp_path, "crd.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata: {op: =}\n")
    assert collection.resources[0]["data"]["op"] == "="


def test_missing_path_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        ManifestSource([str(tmp_path / "nope.yaml")]).collect()


def test_directories_are_read_recursively_and_binary_files_skipped(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "svc.yml").write_text("apiVersion: v1\nkind: Service\nmetadata: {name: a}\n")
    (tmp_path / "blob.yaml").write_bytes(b"\x00\x01\x02binary")
    (tmp_path / "notes.txt").write_text("ignored")
    (tmp_path / "snap.json.gz").write_bytes(
        gzip.compress(json.dumps({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "n"}}).encode())
    )
    collection = ManifestSource([str(tmp_path)]).collect()
    assert sorted(r["kind"] for r in collection.resources) == ["Namespace", "Service"]
    assert any("binary" in w for w in collection.warnings)


def test_snapshot_documents_keep_their_coverage(tmp_path):
    snapshot = {
        "apiVersion": "kubegap.io/v1",
        "kind": "Snapshot",
        "cluster": {"name": "prod"},
        "collected": ["Node"],
        "forbidden": {"Secret": "list secrets"},
        "absent": ["PyTorchJob"],
        "items": [{"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n1"}}, None],
    }
    collection = collect(tmp_path, "snap.json", json.dumps(snapshot))
    assert collection.collected == {"Node"} and collection.forbidden == {"Secret": "list secrets"}
    assert collection.absent == {"PyTorchJob"} and collection.cluster["name"] == "prod"
    assert len(collection.resources) == 1 and "item 1" in collection.warnings[0]


SERVICE = "apiVersion: v1\nkind: Service\nmetadata: {name: %s}\n"


@pytest.mark.parametrize(
    ("folder", "skipped", "said"),
    [
        ("pkg/testdata", "pkg/testdata", "1 test directory not read (test inputs by convention)"),
        ("tests", "tests", "1 test directory not read"),
        ("test/e2e", "test", "1 test directory not read"),
        ("kubernetes/e2e_test/test_yaml", "kubernetes/e2e_test", "1 test directory not read"),
        ("Tests", "Tests", "1 test directory not read"),
        ("config/samples", "config/samples", "1 sample directory not read (examples by convention)"),
        ("examples/standard", "examples", "1 sample directory not read"),
        ("deploy/Example", "deploy/Example", "1 sample directory not read"),
        ("manifests/quick-start/base", "manifests/quick-start", "1 sample directory not read"),
    ],
)
def test_test_and_sample_directories_below_a_given_directory_are_skipped_and_named(tmp_path, folder, skipped, said):
    (tmp_path / "deploy").mkdir(exist_ok=True)
    (tmp_path / "deploy" / "svc.yaml").write_text(SERVICE % "real")
    (tmp_path / folder).mkdir(parents=True)
    (tmp_path / folder / "svc.yaml").write_text(SERVICE % "left-out")
    collection = ManifestSource([str(tmp_path)]).collect()
    assert [r["metadata"]["name"] for r in collection.resources] == ["real"]
    (warning,) = collection.warnings
    # named as the report names files, never by where this machine keeps them
    assert said in warning and f": {tmp_path.name}/{skipped};" in warning
    assert skipped_directories(tmp_path) == [tmp_path / skipped]


def test_a_sample_directory_given_by_path_is_audited(tmp_path):
    (tmp_path / "examples" / "standard").mkdir(parents=True)
    (tmp_path / "examples" / "standard" / "svc.yaml").write_text(SERVICE % "documented-install")
    collection = ManifestSource([str(tmp_path / "examples" / "standard")]).collect()
    assert [r["metadata"]["name"] for r in collection.resources] == ["documented-install"]
    assert not collection.warnings


def test_test_and_sample_directories_are_each_named_once(tmp_path):
    for folder in ("tests", "samples", "app/examples"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "svc.yaml").write_text(SERVICE % folder.replace("/", "-"))
    collection = ManifestSource([str(tmp_path)]).collect()
    assert collection.resources == []
    root = tmp_path.name
    assert collection.warnings == [
        f"{root}: 1 test directory not read (test inputs by convention): {root}/tests; give one by path to audit it",
        (
            f"{root}: 2 sample directories not read (examples by convention): {root}/samples, {root}/app/examples; "
            "give one by path to audit it"
        ),
    ]
    assert skipped_directories(tmp_path) == [tmp_path / "app/examples", tmp_path / "samples", tmp_path / "tests"]


def test_directories_named_like_tests_only_in_part_are_read(tmp_path):
    for folder in ("latest", "contest", "tests-infra", "example-app", "samplesize"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "svc.yaml").write_text(SERVICE % folder)
    collection = ManifestSource([str(tmp_path)]).collect()
    assert sorted(r["metadata"]["name"] for r in collection.resources) == [
        "contest",
        "example-app",
        "latest",
        "samplesize",
        "tests-infra",
    ]
    assert not collection.warnings


def test_the_file_limit_does_not_hide_the_test_directories_already_skipped(tmp_path, monkeypatch):
    monkeypatch.setattr("kubegap.limits.MAX_DIRECTORY_FILES", 1)
    (tmp_path / "a.yaml").write_text(SERVICE % "a")
    (tmp_path / "b.yaml").write_text(SERVICE % "b")
    (tmp_path / "tests").mkdir()
    collection = ManifestSource([str(tmp_path)]).collect()
    assert [r["metadata"]["name"] for r in collection.resources] == ["a"]
    assert any("more than 1 manifest files" in w for w in collection.warnings)
    assert any("1 test directory not read" in w for w in collection.warnings)


def test_a_testdata_directory_given_by_path_is_audited(tmp_path):
    (tmp_path / "testdata").mkdir()
    (tmp_path / "testdata" / "svc.yaml").write_text(SERVICE % "fixture")
    collection = ManifestSource([str(tmp_path / "testdata")]).collect()
    assert [r["metadata"]["name"] for r in collection.resources] == ["fixture"]
    assert not collection.warnings


def test_files_past_the_directory_limit_are_named_not_dropped_silently(tmp_path, monkeypatch):
    monkeypatch.setattr("kubegap.limits.MAX_DIRECTORY_FILES", 2)
    for name in "abc":
        (tmp_path / f"{name}.yaml").write_text(SERVICE % name)
    collection = ManifestSource([str(tmp_path)]).collect()
    assert [r["metadata"]["name"] for r in collection.resources] == ["a", "b"]
    assert any("more than 2 manifest files" in w and "c.yaml" in w for w in collection.warnings)


def test_a_workload_the_api_server_refuses_is_named_and_skipped(tmp_path):
    (tmp_path / "w.yaml").write_text(
        "apiVersion: v1\nkind: ReplicationController\nmetadata: {name: agent}\n"
        "spec: {template: {spec: {containers: [{name: a, image: a:1}]}}}\n"
        "---\napiVersion: v1\nkind: ReplicationController\nmetadata: {name: defaulted}\n"
        "spec: {template: {metadata: {labels: {app: d}}, spec: {containers: [{name: d, image: d:1}]}}}\n"
    )
    collection = ManifestSource([str(tmp_path / "w.yaml")]).collect()
    assert [r["metadata"]["name"] for r in collection.resources] == ["defaulted"]
    assert [w.split(": ", 1)[1] for w in collection.warnings] == [
        "the API server refuses a ReplicationController with neither spec.selector nor pod template labels; skipped"
    ]


def test_an_object_without_a_name_is_named_by_its_place_and_skipped(tmp_path):
    """The API server refuses an object with neither a name nor a generateName, so no check judges it (Netmaker's
    WireGuard Service, whose own install's apply refuses it); one that asks for a generated name is kept."""
    (tmp_path / "s.yaml").write_text(
        "apiVersion: v1\nkind: Service\nmetadata: {namespace: vpn}\nspec: {type: NodePort, ports: [{port: 51821}]}\n"
        "---\napiVersion: batch/v1\nkind: Job\nmetadata: {generateName: migrate-}\n"
        "spec: {template: {spec: {restartPolicy: Never, containers: [{name: m, image: m:1}]}}}\n"
    )
    collection = ManifestSource([str(tmp_path / "s.yaml")]).collect()
    assert [r["metadata"].get("generateName") for r in collection.resources] == ["migrate-"]
    assert [w.split(": ", 1)[1] for w in collection.warnings] == [
        "the API server refuses a Service with neither metadata.name nor metadata.generateName; skipped"
    ]


def test_files_of_several_paths_are_named_among_all_of_them(tmp_path, monkeypatch):
    """Two paths outside the working directory, in different folders, holding files of one name: each input
    and each finding's location is named from the folder that holds both, so no two share a name."""
    from kubegap.sources.targets import collect_paths

    for folder, namespace in (("eu", "shop"), ("us", "cart")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "app.yaml").write_text(
            f"apiVersion: v1\nkind: ConfigMap\nmetadata: {{name: app, namespace: {namespace}}}\n"
        )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    (collection,) = collect_paths([str(tmp_path / "eu" / "app.yaml"), str(tmp_path / "us" / "app.yaml")])
    assert [entry["path"] for entry in collection.inputs] == ["eu/app.yaml", "us/app.yaml"]
    assert sorted(origin.path for origin in collection.origins.values()) == ["eu/app.yaml", "us/app.yaml"]


def test_the_patches_a_kustomization_applies_are_not_read_as_objects(tmp_path):
    """A strategic-merge patch looks like a Deployment but holds only what it changes: read as an object it
    would be a workload without resources or probes. The patches a kustomization names (in each of its three
    fields) are left out, and said so; the objects beside them are read."""
    overlay = tmp_path / "overlays" / "prod"
    (overlay / "patches").mkdir(parents=True)
    (overlay / "kustomization.yaml").write_text(
        "resources: [../../base]\n"
        "patches:\n- path: patches/manager.yaml\n  target: {kind: Deployment}\n- patch: |-\n    - op: remove\n"
        "      path: /spec/replicas\n"
        "patchesStrategicMerge: [replicas.yaml]\n"
        "patchesJson6902:\n- path: json.yaml\n  target: {kind: Service, name: web}\n"
    )
    deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicas: 3}\n"
    (overlay / "patches" / "manager.yaml").write_text(deployment)
    (overlay / "replicas.yaml").write_text(deployment)
    (overlay / "json.yaml").write_text("- {op: replace, path: /spec/type, value: NodePort}\n")
    (overlay / "config.yaml").write_text("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: prod}\n")
    collection = ManifestSource([str(tmp_path / "overlays")]).collect()
    assert [obj["kind"] for obj in collection.resources] == ["ConfigMap"]
    assert collection.warnings == [
        (
            "overlays: 3 kustomize patch files not read (a kustomization applies them to objects defined elsewhere): "
            "overlays/prod/json.yaml, overlays/prod/patches/manager.yaml, overlays/prod/replicas.yaml; audit the rendered "
            "tree (kubectl kustomize <dir> | kubegap audit -)"
        )
    ]


def test_a_kustomization_that_links_elsewhere_is_not_read_for_its_patches(tmp_path):
    """The walk reads no file through a link to elsewhere, the MCP server's roots included: a kustomization
    that is a symbolic link names no patches, and the files beside it are read as they are."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "kustomization.yaml").write_text("patchesStrategicMerge: [replicas.yaml]\n")
    root = tmp_path / "root"
    (root / "app").mkdir(parents=True)
    (root / "app" / "kustomization.yaml").symlink_to(outside / "kustomization.yaml")
    (root / "app" / "replicas.yaml").write_text("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n")
    collection = ManifestSource([str(root)], confine=[root]).collect()
    assert [obj["kind"] for obj in collection.resources] == ["Deployment"]
    assert not any("patch" in warning for warning in collection.warnings)


@pytest.mark.parametrize(
    "kustomization",
    ["patches: [unclosed\n", "- just\n- a list\n", "patches: 3\npatchesStrategicMerge: {a: b}\n", "\xff\xfe"],
)
def test_a_kustomization_that_cannot_be_read_names_no_patches(tmp_path, kustomization):
    """A broken or odd kustomization is not an error of the audit: the files beside it are read as they are."""
    app = tmp_path / "app"
    app.mkdir()
    (app / "kustomization.yaml").write_bytes(kustomization.encode("latin-1"))
    (app / "deploy.yaml").write_text("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n")
    collection = ManifestSource([str(tmp_path)]).collect()
    assert [obj["kind"] for obj in collection.resources] == ["Deployment"]
    assert collection.warnings == []
