package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestShardFromEnvironment resolves -shard against batch engines'
// environments: the part a task bakes, or the one-line error that says
// which variable is missing or disagrees.
func TestShardFromEnvironment(t *testing.T) {
	slurm := func(id, lo, hi, count string) map[string]string {
		env := map[string]string{envSlurmJob: "41"}
		for k, v := range map[string]string{envSlurmTask: id, envSlurmMin: lo, envSlurmMax: hi, envSlurmCount: count} {
			if v != "" {
				env[k] = v
			}
		}
		return env
	}
	tests := []struct {
		name, spec string
		env        map[string]string
		i, k       int
		err        string // in the error; "" for none
	}{
		{"plain", "2/4", nil, 2, 4, ""},
		{"plain ignores the engines", "2/4", slurm("3", "0", "3", "4"), 2, 4, ""},
		{"slurm", "slurm", slurm("2", "0", "3", "4"), 2, 4, ""},
		{"slurm first task", "slurm", slurm("0", "0", "3", "4"), 0, 4, ""},
		{"slurm one task", "slurm", slurm("0", "0", "0", "1"), 0, 1, ""},
		{"slurm count only", "slurm", slurm("1", "", "", "3"), 1, 3, ""},
		{"slurm range only", "slurm", slurm("1", "0", "2", ""), 1, 3, ""},
		{"slurm/K", "slurm/4", slurm("3", "0", "3", "4"), 3, 4, ""},
		{"slurm/K re-run of one task", "slurm/4", slurm("2", "2", "2", "1"), 2, 4, ""},
		{"slurm/K re-run of a list", "slurm/4", slurm("3", "1", "3", "2"), 3, 4, ""},
		{"slurm/K without array extent", "slurm/4", slurm("1", "", "", ""), 1, 4, ""},
		{"k8s", "k8s/4", map[string]string{envK8sIndex: "3"}, 3, 4, ""},
		{"k8s first", "k8s/1", map[string]string{envK8sIndex: "0"}, 0, 1, ""},

		{"slurm outside a job", "slurm", nil, 0, 0, "-shard slurm: SLURM_ARRAY_TASK_ID is not set: not a task of a Slurm array job (sbatch --array=0-3)"},
		{"slurm job not an array", "slurm", map[string]string{envSlurmJob: "41"}, 0, 0, "-shard slurm: Slurm job 41 is not an array job"},
		{"slurm/K outside a job", "slurm/8", nil, 0, 0, "(sbatch --array=0-7)"},
		{"slurm array from 1", "slurm", slurm("1", "1", "4", "4"), 0, 0, "the array runs tasks 1 to 4; task ids are part numbers, so it must run 0 to 3"},
		{"slurm array with a step", "slurm", slurm("4", "0", "12", "4"), 0, 0, "the array has 4 tasks between 0 and 12"},
		{"slurm no extent", "slurm", slurm("1", "", "", ""), 0, 0, "the number of parts is unknown: pin it with -shard slurm/K"},
		{"slurm task not a number", "slurm", slurm("x", "0", "3", "4"), 0, 0, `-shard slurm: SLURM_ARRAY_TASK_ID is "x", not a task number`},
		{"slurm negative task", "slurm", slurm("-1", "0", "3", "4"), 0, 0, `SLURM_ARRAY_TASK_ID is "-1"`},
		{"slurm count not a number", "slurm", slurm("1", "0", "3", "four"), 0, 0, `SLURM_ARRAY_TASK_COUNT is "four"`},
		{"slurm task outside its array", "slurm", slurm("5", "0", "3", "4"), 0, 0, "task 5 is outside its array's SLURM_ARRAY_TASK_MIN-SLURM_ARRAY_TASK_MAX (0 to 3)"},
		{"slurm task over count", "slurm", slurm("3", "", "", "3"), 0, 0, "SLURM_ARRAY_TASK_ID is 3, but 3 parts are numbered 0 to 2"},
		{"slurm/K array too big", "slurm/4", slurm("1", "0", "7", "8"), 0, 0, "-shard slurm/4: the array runs tasks up to 7, but 4 parts are numbered 0 to 3"},
		{"slurm/K task too big", "slurm/4", slurm("4", "", "", ""), 0, 0, "SLURM_ARRAY_TASK_ID is 4, but 4 parts are numbered 0 to 3"},
		{"slurm/0", "slurm/0", slurm("0", "0", "0", "1"), 0, 0, "-shard slurm/0: want slurm/K, K the number of parts (1 to 1048576)"},
		{"slurm/x", "slurm/x", nil, 0, 0, "want slurm/K"},
		{"k8s without K", "k8s", map[string]string{envK8sIndex: "0"}, 0, 0, "-shard k8s: want k8s/K, K the Job's completions"},
		{"k8s outside a Job", "k8s/4", nil, 0, 0, "-shard k8s/4: JOB_COMPLETION_INDEX is not set: not a pod of an Indexed Job"},
		{"k8s index too big", "k8s/4", map[string]string{envK8sIndex: "4"}, 0, 0, "JOB_COMPLETION_INDEX is 4, but 4 parts are numbered 0 to 3: set the Job's completions to 4"},
		{"k8s index not a number", "k8s/4", map[string]string{envK8sIndex: ""}, 0, 0, `JOB_COMPLETION_INDEX is "", not a task number`},
		{"kubernetes", "kubernetes/4", nil, 0, 0, "-shard kubernetes/4: want I/K"},
		{"bad syntax", "1-3", nil, 0, 0, "-shard 1-3: want I/K, part I (0-based) of K, such as 0/4, or slurm, slurm/K or k8s/K"},
		{"index past count", "3/3", nil, 0, 0, "-shard 3/3: part 3 of 3: parts are numbered 0 to 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s shardFlag
			s.Set(tt.spec)
			err := s.resolve(func(name string) (string, bool) { v, ok := tt.env[name]; return v, ok })
			switch {
			case tt.err == "" && err != nil:
				t.Fatalf("-shard %s: %v", tt.spec, err)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Fatalf("-shard %s: error %v, want %q", tt.spec, err, tt.err)
			case tt.err == "" && (s.i != tt.i || s.k != tt.k):
				t.Fatalf("-shard %s: part %d/%d, want %d/%d", tt.spec, s.i, s.k, tt.i, tt.k)
			}
			if err != nil && strings.Contains(err.Error(), "\n") {
				t.Errorf("-shard %s: a multi-line error %q", tt.spec, err)
			}
		})
	}
}

// TestBuildShardFromEnvironment builds the parts of a table as a Slurm
// array's tasks and as an Indexed Job's pods, merges each set into the
// one-shot table, and checks that a task outside an array is refused in
// one line, exit 2, writing nothing.
func TestBuildShardFromEnvironment(t *testing.T) {
	for _, v := range []string{envSlurmTask, envSlurmMin, envSlurmMax, envSlurmCount, envSlurmJob, envK8sIndex} {
		t.Setenv(v, "")
		os.Unsetenv(v)
	}
	const level = "../../testdata/maze.grid"
	oneShot := filepath.Join(t.TempDir(), "maze.ptab")
	if code, _, errOut := runCLI(t, "", "build", "-quiet", "-compress", "-o", oneShot, level); code != 0 {
		t.Fatal(errOut)
	}
	want, _ := os.ReadFile(oneShot)
	for _, engine := range []struct {
		spec string
		env  func(i int)
	}{
		{"slurm", func(i int) {
			t.Setenv(envSlurmJob, "41")
			t.Setenv(envSlurmTask, strconv.Itoa(i))
			t.Setenv(envSlurmMin, "0")
			t.Setenv(envSlurmMax, "2")
			t.Setenv(envSlurmCount, "3")
		}},
		{"k8s/3", func(i int) { t.Setenv(envK8sIndex, strconv.Itoa(i)) }},
	} {
		dir := t.TempDir()
		for i := range 3 {
			engine.env(i)
			code, out, errOut := runCLI(t, "", "build", "-quiet", "-compress", "-shard", engine.spec, "-o", dir, level)
			if code != 0 || !strings.Contains(out, "(part "+strconv.Itoa(i)+"/3)") {
				t.Fatalf("-shard %s, task %d: exit %d, %s%s", engine.spec, i, code, out, errOut)
			}
		}
		merged := filepath.Join(dir, "maze.ptab")
		parts, _ := filepath.Glob(filepath.Join(dir, "maze.*-of-3.ptpart"))
		if code, _, errOut := runCLI(t, "", append([]string{"merge", "-o", merged}, parts...)...); code != 0 {
			t.Fatalf("-shard %s: merge: %s", engine.spec, errOut)
		}
		if got, _ := os.ReadFile(merged); string(got) != string(want) {
			t.Errorf("-shard %s: the merged table differs from the one-shot build", engine.spec)
		}
	}
	os.Unsetenv(envSlurmTask)
	dir := t.TempDir()
	code, out, errOut := runCLI(t, "", "build", "-quiet", "-shard", "slurm", "-o", dir, level)
	if code != 2 || out != "" || errOut != "pathtable: -shard slurm: Slurm job 41 is not an array job: SLURM_ARRAY_TASK_ID is not set (submit it with sbatch --array=0-3)\n" {
		t.Errorf("outside an array: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a refused -shard wrote %d files", len(entries))
	}
}
