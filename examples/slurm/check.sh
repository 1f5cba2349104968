#!/usr/bin/env bash
# Stands up a one-node Slurm cluster on this machine from Debian's packages
# (slurm-wlm and munge, installed when missing: needs root), bakes a level
# in K parts with this folder's array job and merge job (submit.sh), and
# checks that the merged table is byte-identical to a one-shot build.
# Prints how long the Slurm run took; a failure names its step.
#
#   examples/slurm/check.sh            (LEVEL, K: default brc202d in 4 parts)
#
# The cluster is private to the run: its own munge key and socket, its own
# ports, configuration and state under a temporary folder; the daemons it
# starts are stopped by their process ids at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
level=${LEVEL:-../shared/largemaps/brc202d.map}
K=${K:-4}
if [ ! -f "$level" ]; then
  echo "slurm check skipped: no $level"
  exit 0
fi
level=$(cd "$(dirname "$level")" && pwd)/$(basename "$level")

step="start"
work=$(mktemp -d /tmp/pathtable-slurm.XXXXXX)
pids=()
finish() {
  status=$?
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  if [ "$status" -ne 0 ]; then
    echo "slurm check FAILED in step '$step' (exit $status); logs:" >&2
    for f in "$work"/*.out "$work"/log/*; do
      [ -f "$f" ] && { echo "--- $f" >&2; tail -n 20 "$f" >&2; }
    done
    echo "slurm check FAILED in step '$step'" >&2
  fi
  rm -rf "$work"
  exit "$status"
}
trap finish EXIT

# waitfor SECONDS WHAT COMMAND...: runs COMMAND every half second until it
# succeeds; fails after SECONDS.
waitfor() {
  local limit=$1 what=$2
  shift 2
  local end=$((SECONDS + limit))
  until "$@" >/dev/null 2>&1; do
    if [ "$SECONDS" -ge "$end" ]; then
      echo "slurm check: $what not within ${limit}s" >&2
      return 1
    fi
    sleep 0.5
  done
}

step="install slurm-wlm and munge"
echo "-- $step"
if ! command -v sbatch >/dev/null || ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null ||
  ! command -v munged >/dev/null || ! command -v mungekey >/dev/null; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "slurm check: slurm-wlm and munge are not installed, and installing them needs root" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y --no-install-recommends slurm-wlm munge >"$work/apt.out" 2>&1 ||
    { apt-get update >>"$work/apt.out" 2>&1 && apt-get install -y --no-install-recommends slurm-wlm munge >>"$work/apt.out" 2>&1; }
fi
echo "$(slurmctld -V), $(munged --version 2>&1 | head -n 1)"

step="build pathtable"
echo "-- $step"
mkdir -p "$work/bin"
go build -o "$work/bin/pathtable" ./cmd/pathtable

step="start munged"
echo "-- $step"
mkdir -p "$work/munge" "$work/log"
chmod 755 "$work/munge"
mungekey -c -k "$work/munge/munge.key"
munged -F --force -S "$work/munge/munge.sock" --key-file="$work/munge/munge.key" \
  --pid-file="$work/munge/munged.pid" --seed-file="$work/munge/munged.seed" \
  --log-file="$work/log/munged.log" >"$work/log/munged.out" 2>&1 &
pids+=($!)
waitfor 20 "a munge credential" bash -c "munge -S '$work/munge/munge.sock' -n | unmunge -S '$work/munge/munge.sock'"

step="start slurmctld and slurmd"
echo "-- $step"
host=$(hostname -s)
port=$((20000 + $$ % 20000))
mkdir -p "$work/state" "$work/spool"
cat >"$work/slurm.conf" <<CONF
ClusterName=pathtable
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=$(id -un)
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MinJobAge=3600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=batch Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$work/slurm.conf
slurmctld -D -f "$SLURM_CONF" >"$work/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$work/log/slurmd.out" 2>&1 &
pids+=($!)
waitfor 60 "an idle node" bash -c '[ "$(sinfo -h -o %T)" = idle ]'

step="submit the array job and the merge"
echo "-- $step"
cd "$work"
start=$SECONDS
read -r bake merge < <(PARTS="$work/parts" OUT="$work/merged.ptab" FLAGS=-compress PATHTABLE="$work/bin/pathtable" \
  "$repo/examples/slurm/submit.sh" "$level" "$K")
echo "array job $bake ($K tasks), merge job $merge"

# states JOB: the states of a job's records (an array's tasks), one a line.
states() { scontrol show job -o "$1" | grep -o 'JobState=[A-Z_]*' | cut -d= -f2; }
# finished JOB: whether none of its records is pending, configuring or running.
finished() { ! states "$1" | grep -qE 'PENDING|CONFIGURING|RUNNING|COMPLETING'; }

step="array job $bake ($K parts of $(basename "$level"))"
echo "-- $step"
waitfor 900 "the array job's end" finished "$bake"
if states "$bake" | grep -qv COMPLETED; then
  echo "slurm check: array job $bake ended $(states "$bake" | sort | uniq -c | tr -s ' \n' ' ')" >&2
  exit 1
fi
baked=$((SECONDS - start))

step="merge job $merge"
echo "-- $step"
waitfor 300 "the merge job's end" finished "$merge"
if [ "$(states "$merge")" != COMPLETED ]; then
  echo "slurm check: merge job $merge ended $(states "$merge")" >&2
  exit 1
fi
slurm=$((SECONDS - start))
cat "$work"/pathtable-merge-*.out

step="one-shot build"
echo "-- $step"
start=$SECONDS
"$work/bin/pathtable" build -quiet -compress -o "$work/oneshot.ptab" "$level"
oneshot=$((SECONDS - start))

step="compare the merged table with the one-shot build"
echo "-- $step"
cmp "$work/merged.ptab" "$work/oneshot.ptab"
echo "slurm check passed: $(basename "$level") in $K parts on Slurm, parts ${baked}s, with the merge ${slurm}s" \
  "(one-shot build ${oneshot}s); the merged table is byte-identical"
