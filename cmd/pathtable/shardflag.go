package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pathtable/pathtable/table"
)

// shardFlag is build's -shard: part I (0-based) of K, given as I/K or
// taken from a batch engine's environment (slurm, slurm/K, k8s/K). The
// engine is named, never guessed: a variable left over in the environment
// (a build inside an array job run for another reason) must not turn a
// table into a part. Set keeps the value; resolve parses it and reads the
// environment once the flags are parsed, so that every mistake is one
// line.
type shardFlag struct {
	i, k   int
	set    bool
	spec   string // as given
	engine string // "", "slurm" or "k8s": where I (and K when 0) come from
}

// The variables the engines set in each task: a Slurm array job's task id
// and its array's extent (sbatch --array=MIN-MAX), and an Indexed Job's
// completion index. Kubernetes puts no count in the pod: k8s/K names it.
const (
	envSlurmTask  = "SLURM_ARRAY_TASK_ID"
	envSlurmCount = "SLURM_ARRAY_TASK_COUNT"
	envSlurmMin   = "SLURM_ARRAY_TASK_MIN"
	envSlurmMax   = "SLURM_ARRAY_TASK_MAX"
	envSlurmJob   = "SLURM_JOB_ID"
	envK8sIndex   = "JOB_COMPLETION_INDEX"
)

func (s *shardFlag) String() string {
	if s == nil || !s.set {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.i, s.k)
}

// Set keeps v for resolve.
func (s *shardFlag) Set(v string) error {
	*s = shardFlag{set: true, spec: v}
	return nil
}

// parse reads the value: "I/K" (both decimal, 0 ≤ I < K ≤
// table.MaxShards), "slurm", "slurm/K" or "k8s/K".
func (s *shardFlag) parse() error {
	v := s.spec
	name, ks, hasK := strings.Cut(v, "/")
	if name == "slurm" || name == "k8s" {
		k := 0
		if hasK {
			var err error
			if k, err = strconv.Atoi(ks); err != nil || k < 1 || k > table.MaxShards {
				return fmt.Errorf("-shard %s: want %s/K, K the number of parts (1 to %d)", v, name, table.MaxShards)
			}
		} else if name == "k8s" {
			return fmt.Errorf("-shard k8s: want k8s/K, K the Job's completions: an Indexed Job's pods know their index, not the count")
		}
		s.k, s.engine = k, name
		return nil
	}
	i, erri := strconv.Atoi(name)
	k, errk := strconv.Atoi(ks)
	if !hasK || erri != nil || errk != nil {
		return fmt.Errorf("-shard %s: want I/K, part I (0-based) of K, such as 0/4, or slurm, slurm/K or k8s/K", v)
	}
	if err := table.CheckShard(i, k); err != nil {
		return fmt.Errorf("-shard %s: %v", v, err)
	}
	s.i, s.k = i, k
	return nil
}

// resolve parses the value and takes the part's index, and with plain
// slurm its count, from the engine's variables (lookup is os.LookupEnv in the command). Errors say
// which variable is missing or disagrees, and what to do. O(1).
func (s *shardFlag) resolve(lookup func(string) (string, bool)) error {
	if !s.set {
		return nil
	}
	if err := s.parse(); err != nil {
		return err
	}
	num := func(name string) (n int, set bool, err error) {
		v, ok := lookup(name)
		if !ok {
			return 0, false, nil
		}
		n, err = strconv.Atoi(v)
		if err != nil || n < 0 {
			return 0, true, fmt.Errorf("-shard %s: %s is %q, not a task number", s.engine, name, v)
		}
		return n, true, nil
	}
	switch s.engine {
	case "slurm":
		return s.resolveSlurm(num, lookup)
	case "k8s":
		i, ok, err := num(envK8sIndex)
		switch {
		case err != nil:
			return err
		case !ok:
			return fmt.Errorf("-shard k8s/%d: %s is not set: not a pod of an Indexed Job (completionMode: Indexed)", s.k, envK8sIndex)
		case i >= s.k:
			return fmt.Errorf("-shard k8s/%d: %s is %d, but %d parts are numbered 0 to %d: set the Job's completions to %d", s.k, envK8sIndex, i, s.k, s.k-1, s.k)
		}
		s.i = i
	}
	return nil
}

// resolveSlurm is resolve for slurm and slurm/K. Task ids are part numbers,
// so that task 3's log and part 3's file agree: plain slurm wants the
// array 0 to K-1 and takes K from it; slurm/K takes any array within 0 to
// K-1, a re-run of some tasks (sbatch --array=2,3) included.
func (s *shardFlag) resolveSlurm(num func(string) (int, bool, error), lookup func(string) (string, bool)) error {
	flag := "-shard slurm"
	if s.k > 0 {
		flag = fmt.Sprintf("-shard slurm/%d", s.k)
	}
	id, ok, err := num(envSlurmTask)
	if err != nil {
		return err
	}
	if !ok {
		if job, inJob := lookup(envSlurmJob); inJob {
			return fmt.Errorf("%s: Slurm job %s is not an array job: %s is not set (submit it with sbatch --array=0-%d)", flag, job, envSlurmTask, max(s.k, 4)-1)
		}
		return fmt.Errorf("%s: %s is not set: not a task of a Slurm array job (sbatch --array=0-%d)", flag, envSlurmTask, max(s.k, 4)-1)
	}
	count, hasCount, err := num(envSlurmCount)
	if err != nil {
		return err
	}
	lo, hasLo, err := num(envSlurmMin)
	if err != nil {
		return err
	}
	hi, hasHi, err := num(envSlurmMax)
	if err != nil {
		return err
	}
	hasRange := hasLo && hasHi
	switch {
	case hasRange && (hi < lo || id < lo || id > hi):
		return fmt.Errorf("%s: task %d is outside its array's %s-%s (%d to %d)", flag, id, envSlurmMin, envSlurmMax, lo, hi)
	case hasRange && hasCount && s.k == 0 && count != hi-lo+1:
		return fmt.Errorf("%s: the array has %d tasks between %d and %d, not one for each id: -shard slurm wants --array=0-K-1 with no step or gaps (or pin the count: -shard slurm/K)", flag, count, lo, hi)
	}
	if s.k == 0 {
		switch {
		case hasRange && lo != 0:
			return fmt.Errorf("%s: the array runs tasks %d to %d; task ids are part numbers, so it must run 0 to %d (sbatch --array=0-%d), or pin the count: -shard slurm/K", flag, lo, hi, hi-lo, hi-lo)
		case hasRange:
			s.k = hi + 1
		case hasCount:
			s.k = count
		default:
			return fmt.Errorf("%s: %s and %s are not set, so the number of parts is unknown: pin it with -shard slurm/K", flag, envSlurmCount, envSlurmMax)
		}
	} else if hasHi && hi >= s.k {
		return fmt.Errorf("%s: the array runs tasks up to %d, but %d parts are numbered 0 to %d", flag, hi, s.k, s.k-1)
	}
	if id >= s.k {
		return fmt.Errorf("%s: %s is %d, but %d parts are numbered 0 to %d", flag, envSlurmTask, id, s.k, s.k-1)
	}
	if err := table.CheckShard(id, s.k); err != nil {
		return fmt.Errorf("%s: %v", flag, err)
	}
	s.i = id
	return nil
}
