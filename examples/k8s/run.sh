#!/bin/sh
# Bake brc202d on Kubernetes: the Indexed Job, then, once all its pods
# succeeded, the merge Job. Needs kubectl pointed at the cluster, the
# pathtable image (Dockerfile) where the cluster can pull it, and the
# pathtable-data claim holding levels/brc202d.map.
set -eu
here=$(dirname "$0")
kubectl apply -f "$here/bake-job.yaml"
kubectl wait --for=condition=complete --timeout=2h job/pathtable-bake-brc202d
kubectl apply -f "$here/merge-job.yaml"
kubectl wait --for=condition=complete --timeout=30m job/pathtable-merge-brc202d
kubectl logs job/pathtable-merge-brc202d
