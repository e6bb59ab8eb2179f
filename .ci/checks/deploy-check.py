"""Checks that deploy/kubernetes agrees with itself, the image and the service's settings.

Schemas (kubernetes-validate) say each manifest is well-formed; this says the pieces fit: the ConfigMap's
settings load in the real binary, and the Deployment's port, probes, grace period, memory limit, CPU limit and
security context match them and the Dockerfile. The stored-values overlays (stored-values/sqlite, /postgres) are
applied to the base Deployment here (their JSON patches) and the result is validated and checked in turn. Prints one PASS or FAIL line per check; exits 1 on any FAIL.
Usage: deploy-check.py BINARY (run from the repository root, with PyYAML).
"""

import copy
import json
import math
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path("deploy/kubernetes")
failures = 0


def memory_bound_mib():
    """The MiB beside cacheBytes that resident memory stays within: the sum of .ci/lib/memory-bound.env's parts."""
    parts = re.findall(r"^MEMORY_\w+_MIB=(\d+)$", Path(".ci/lib/memory-bound.env").read_text(), re.M)
    return sum(int(part) for part in parts)


def check(ok, text):
    global failures
    print(f"deploy-lint: {'PASS' if ok else 'FAIL'}: {text}")
    failures += 0 if ok else 1


def load(path):
    return list(yaml.safe_load_all(path.read_text()))


def quantity(text):
    """Kubernetes quantities: CPU in cores ("500m", "2"), memory in bytes ("160Mi")."""
    text = str(text)
    units = {"m": 1e-3, "Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "k": 1e3, "M": 1e6, "G": 1e9}
    for suffix, factor in sorted(units.items(), key=lambda item: -len(item[0])):
        if text.endswith(suffix):
            return float(text[: -len(suffix)]) * factor
    return float(text)


def main(binary):
    docs = {}
    for path in sorted(ROOT.glob("*.yaml")):
        for doc in load(path):
            docs[(doc["kind"], path.name)] = doc

    kustomization = docs[("Kustomization", "kustomization.yaml")]
    listed = set(kustomization["resources"])
    files = {p.name for p in ROOT.glob("*.yaml")} - {"kustomization.yaml"}
    check(listed == files, f"kustomization.yaml lists every manifest beside it: {sorted(listed)}")

    configmap = docs[("ConfigMap", "configmap.yaml")]
    deployment = docs[("Deployment", "deployment.yaml")]
    service = docs[("Service", "service.yaml")]
    hpa = docs[("HorizontalPodAutoscaler", "hpa.yaml")]
    pdb = docs[("PodDisruptionBudget", "pdb.yaml")]

    # The settings, as the binary reads them.
    with tempfile.NamedTemporaryFile("w", suffix=".json") as file:
        file.write(configmap["data"]["config.json"])
        file.flush()
        run = subprocess.run([binary, "serve", "--config", file.name, "--print-config"], capture_output=True, text=True)
    check(run.returncode == 0, f"the ConfigMap's config.json loads in `progress-rings serve` {run.stderr.strip()}".strip())
    if run.returncode != 0:
        return
    settings = {name: entry["value"] for name, entry in json.loads(run.stdout).items()}

    pod = deployment["spec"]["template"]["spec"]
    container = pod["containers"][0]
    env = {item["name"]: item.get("value") for item in container.get("env", [])}
    mount = next(m for m in container["volumeMounts"] if m["name"] == "config")
    config_volume = next(v for v in pod["volumes"] if v["name"] == "config")
    check(
        env.get("PROGRESS_RINGS_CONFIG") == mount["mountPath"] + "/config.json"
        and config_volume["configMap"]["name"] == configmap["metadata"]["name"],
        f"the container reads the ConfigMap: PROGRESS_RINGS_CONFIG={env.get('PROGRESS_RINGS_CONFIG')}",
    )

    port = next(p for p in container["ports"] if p["name"] == "http")
    probes = {name: container.get(name, {}).get("httpGet", {}) for name in ("startupProbe", "readinessProbe", "livenessProbe")}
    check(
        port["containerPort"] == settings["port"] and settings["host"] in ("0.0.0.0", "::")
        and all(probe.get("port") == "http" for probe in probes.values())
        and probes["readinessProbe"].get("path") == "/readyz" and probes["livenessProbe"].get("path") == "/healthz"
        and probes["startupProbe"].get("path") == "/healthz",
        f"listens on {settings['host']}:{settings['port']}, the container port; readiness /readyz, liveness and "
        "startup /healthz",
    )

    pre_stop = container["lifecycle"]["preStop"]["sleep"]["seconds"]
    grace = pod["terminationGracePeriodSeconds"]
    needed = pre_stop + settings["drainDelay"] + settings["drainDeadline"]
    check(
        grace >= needed + 1,
        f"terminationGracePeriodSeconds {grace} ≥ preStop {pre_stop} + drainDelay {settings['drainDelay']} + "
        f"drainDeadline {settings['drainDeadline']} + 1 s",
    )

    resources = container["resources"]
    memory = quantity(resources["limits"]["memory"])
    beside = memory_bound_mib()
    bound = settings["cacheBytes"] + beside * 2**20
    check(
        memory >= bound and quantity(resources["requests"]["memory"]) >= bound,
        f"memory request and limit {resources['limits']['memory']} ≥ cacheBytes + {beside} MiB = {bound / 2**20:.0f} "
        "MiB (the documented bound on resident memory, .ci/lib/memory-bound.env)",
    )
    stated = re.search(r"^\| resident memory \| — \| cache budget \+ (\d+) MiB", Path("docs/operations.md").read_text(), re.M)
    check(
        stated is not None and int(stated.group(1)) == beside,
        f"docs/operations.md states the bound as .ci/lib/memory-bound.env sums it: cache budget + {beside} MiB",
    )
    high = re.search(r"^MemoryHigh=(\d+)M$", Path("deploy/systemd/progress-rings.service").read_text(), re.M)
    check(
        high is not None and int(high.group(1)) * 2**20 >= settings["cacheBytes"] + beside * 2**20,
        f"the systemd unit's MemoryHigh {high.group(1) if high else '?'} MiB ≥ the default cache + {beside} MiB",
    )
    cpus = quantity(resources["limits"]["cpu"])
    check(
        settings["eventLoops"] == math.ceil(cpus) and quantity(resources["requests"]["cpu"]) <= cpus,
        f"eventLoops {settings['eventLoops']} = the CPU limit {resources['limits']['cpu']} (0 would count the node's cores)",
    )

    dockerfile = Path("Dockerfile").read_text()
    user = re.search(r"^USER (\d+):(\d+)$", dockerfile, re.M)
    pod_security = pod["securityContext"]
    security = container["securityContext"]
    check(
        user is not None
        and pod_security.get("runAsNonRoot") is True
        and str(pod_security.get("runAsUser")) == user.group(1)
        and str(pod_security.get("runAsGroup")) == user.group(2)
        and pod_security.get("seccompProfile", {}).get("type") == "RuntimeDefault"
        and security.get("readOnlyRootFilesystem") is True
        and security.get("allowPrivilegeEscalation") is False
        and security.get("capabilities", {}).get("drop") == ["ALL"]
        and not security.get("capabilities", {}).get("add")
        and not security.get("privileged"),
        f"runs as the Dockerfile's user {user.group(0) if user else '(none)'}, non-root, read-only root, "
        "no capabilities, no privilege escalation, seccomp RuntimeDefault",
    )

    labels = pod_template_labels = deployment["spec"]["template"]["metadata"]["labels"]
    selected = lambda selector: all(labels.get(k) == v for k, v in selector.items())
    check(
        selected(deployment["spec"]["selector"]["matchLabels"]) and selected(service["spec"]["selector"])
        and selected(pdb["spec"]["selector"]["matchLabels"])
        and service["spec"]["ports"][0]["targetPort"] == port["name"]
        and hpa["spec"]["scaleTargetRef"]["name"] == deployment["metadata"]["name"]
        and hpa["spec"]["minReplicas"] == deployment["spec"]["replicas"] >= 2
        and pdb["spec"]["maxUnavailable"] < deployment["spec"]["replicas"],
        f"Service, HPA and PDB select the Deployment's pods {pod_template_labels}; {deployment['spec']['replicas']} "
        f"replicas, HPA {hpa['spec']['minReplicas']}–{hpa['spec']['maxReplicas']}, at most "
        f"{pdb['spec']['maxUnavailable']} disrupted",
    )

    overlays(deployment, binary)

    ingress = next(doc for doc in load(ROOT / "ingress" / "ingress.yaml") if doc["kind"] == "Ingress")
    backend = ingress["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    check(
        backend["name"] == service["metadata"]["name"] and backend["port"]["name"] == service["spec"]["ports"][0]["name"],
        f"the Ingress example routes to Service {backend['name']} port {backend['port']['name']}",
    )


def json_patch(doc, operations):
    """RFC 6902 add and replace, the operations the overlays use ("-" appends to a list)."""
    for operation in operations:
        parts = [p.replace("~1", "/").replace("~0", "~") for p in operation["path"].split("/")[1:]]
        target = doc
        for part in parts[:-1]:
            target = target[int(part)] if isinstance(target, list) else target[part]
        last = parts[-1]
        if isinstance(target, list):
            if last == "-":
                target.append(operation["value"])
            elif operation["op"] == "add":
                target.insert(int(last), operation["value"])
            else:
                target[int(last)] = operation["value"]
        else:
            if operation["op"] == "replace" and last not in target:
                raise KeyError(f"replace of a missing {operation['path']}")
            target[last] = operation["value"]
    return doc


def overlays(deployment, binary):
    """Each stored-values overlay: its files listed, its Deployment patch applied and valid, every Secret key and
    volume it names present, and the settings it gives accepted by the binary."""
    validate = Path(sys.executable).parent / "kubernetes-validate"
    for folder in sorted(p for p in (ROOT / "stored-values").iterdir() if p.is_dir()):
        kustomization = load(folder / "kustomization.yaml")[0]
        files = {p.name for p in folder.glob("*.yaml")} - {"kustomization.yaml"}
        check(
            set(kustomization["resources"]) == files | {"../.."},
            f"{folder}: kustomization.yaml lists the base and every manifest beside it",
        )
        docs = [doc for name in sorted(files) for doc in load(folder / name)]
        secret = next(doc for doc in docs if doc["kind"] == "Secret")
        claims = {doc["metadata"]["name"] for doc in docs if doc["kind"] == "PersistentVolumeClaim"}
        patched = copy.deepcopy(deployment)
        deleted = set()
        for patch in kustomization["patches"]:
            body = yaml.safe_load(patch["patch"])
            if patch["target"]["kind"] == "Deployment":
                json_patch(patched, body)
            elif isinstance(body, dict) and body.get("$patch") == "delete":
                deleted.add(patch["target"]["kind"])
        pod = patched["spec"]["template"]["spec"]
        container = pod["containers"][0]
        refs = [e["valueFrom"]["secretKeyRef"] for e in container["env"] if "valueFrom" in e]
        keys_ok = all(r["name"] == secret["metadata"]["name"] and r["key"] in secret["stringData"] for r in refs)
        volumes = {v["name"]: v for v in pod["volumes"]}
        mounts_ok = all(m["name"] in volumes for m in container["volumeMounts"])
        claims_ok = all(
            v["persistentVolumeClaim"]["claimName"] in claims for v in volumes.values() if "persistentVolumeClaim" in v
        )
        with tempfile.NamedTemporaryFile("w", suffix=".yaml") as out:
            yaml.safe_dump(patched, out)
            out.flush()
            valid = subprocess.run([str(validate), "--strict", "--quiet", out.name], capture_output=True).returncode == 0
        environment = {e["name"]: e.get("value") or secret["stringData"][e["valueFrom"]["secretKeyRef"]["key"]] for e in container["env"]}
        environment.pop("PROGRESS_RINGS_CONFIG", None)
        loads = subprocess.run(
            [binary, "serve", "--print-config"], capture_output=True, env={"PATH": "/usr/bin:/bin", **environment}
        )
        store = environment.get("PROGRESS_RINGS_VALUE_STORE", "")
        single_writer = not store.startswith("/") or (
            patched["spec"]["replicas"] == 1 and patched["spec"]["strategy"]["type"] == "Recreate"
            and "HorizontalPodAutoscaler" in deleted and any("persistentVolumeClaim" in v for v in volumes.values())
        )
        check(
            valid and keys_ok and mounts_ok and claims_ok and loads.returncode == 0 and single_writer,
            f"{folder}: the patched Deployment is valid (kubernetes-validate --strict), its Secret keys "
            f"{sorted(r['key'] for r in refs)} and volumes exist, the binary takes its settings"
            + (" (an SQLite file: one replica, Recreate, no HPA, a volume claim)" if store.startswith("/") else ""),
        )
        if loads.returncode != 0:
            print(loads.stderr.decode())


if __name__ == "__main__":
    main(sys.argv[1])
    sys.exit(1 if failures else 0)
