#!/bin/bash
# Bake a level's table on Slurm in K parts: an array job of K tasks
# (bake.sbatch), and the merge (merge.sbatch) once every task succeeded.
#
#   examples/slurm/submit.sh LEVEL [K]        (K defaults to 4)
#
# PARTS, OUT, FLAGS and PATHTABLE pass through to the jobs (see them).
# Prints the two job ids: "BAKE_ID MERGE_ID".
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 LEVEL [K]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
export LEVEL=$1 K=${2:-4}
case $K in
  '' | *[!0-9]* | 0*) echo "$0: K must be a positive number, not '$K'" >&2; exit 2 ;;
esac
bake=$(sbatch --parsable --array=0-$((K - 1)) "$here/bake.sbatch")
bake=${bake%%;*} # "id;cluster" on federated clusters
# afterok: only when every task of the array exited 0; a failed task leaves
# the merge pending with reason DependencyNeverSatisfied, and
# --kill-on-invalid-dep cancels it instead.
merge=$(sbatch --parsable --dependency="afterok:$bake" --kill-on-invalid-dep=yes "$here/merge.sbatch")
merge=${merge%%;*}
echo "$bake $merge"
