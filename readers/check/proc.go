package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Limits on one driver process. A native driver runs under `ulimit -v`
// (asLimitBase plus asLimitPerByte times the table's size); every driver's
// peak resident size (getrusage's ru_maxrss, from wait4) must stay under
// rssLimitBase plus rssLimitPerByte times the table's size: a reader may
// hold the file and what it derives from it, not what a lying header
// claims. The bases cover a runtime's own start (mono, node: 30-60 MB).
const (
	asLimitBase     = 512 << 20
	asLimitPerByte  = 16
	rssLimitBase    = 256 << 20
	rssLimitPerByte = 8
	// maxOutput caps what is kept of a process's stdout and stderr.
	maxOutput = 256 << 20
)

// result is how one process ended.
type result struct {
	stdout, stderr []byte
	exit           int    // exit status; -1 when killed or signalled
	signal         string // the signal that ended it, if any
	timedOut       bool
	rssKB          int64         // peak resident size
	cpu            time.Duration // user and system time
	err            error         // could not be started
}

// cappedBuffer keeps at most max bytes and drops the rest.
type cappedBuffer struct {
	bytes.Buffer
	max       int
	truncated bool
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	if room := c.max - c.Len(); len(p) > room {
		c.truncated = true
		c.Buffer.Write(p[:max(room, 0)])
		return len(p), nil
	}
	return c.Buffer.Write(p)
}

// runProc runs argv with stdin from the file in (or nothing), within
// timeout, through the wrapper (wrap.go) that measures its peak resident
// size; asBytes > 0 runs it under `ulimit -v` of that many bytes. The
// wrapper and the driver are one process group, killed together on the
// timeout.
func runProc(argv []string, in string, timeout time.Duration, asBytes int64) result {
	if asBytes > 0 {
		kb := strconv.FormatInt(asBytes>>10, 10)
		argv = append([]string{"sh", "-c", `ulimit -v ` + kb + ` && exec "$@"`, "sh"}, argv...)
	}
	self, err := os.Executable()
	if err != nil {
		return result{err: err, exit: -1}
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, self, argv...)
	// GORACE: a wrapper built with -race (the test binary under go test
	// -race) would otherwise sleep a second at exit.
	cmd.Env = append(os.Environ(), wrapEnv+"=1", "GORACE=atexit_sleep_ms=0")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 2 * time.Second
	if in != "" {
		f, err := os.Open(in)
		if err != nil {
			return result{err: err, exit: -1}
		}
		defer f.Close()
		cmd.Stdin = f
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return result{err: err, exit: -1}
	}
	defer pr.Close()
	cmd.ExtraFiles = []*os.File{pw}
	stdout := &cappedBuffer{max: maxOutput}
	stderr := &cappedBuffer{max: 1 << 20}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	err = cmd.Start()
	pw.Close()
	if err != nil {
		return result{err: err, exit: -1}
	}
	err = cmd.Wait()
	r := result{stdout: stdout.Bytes(), stderr: stderr.Bytes()}
	if ctx.Err() != nil {
		r.timedOut, r.exit = true, -1
		return r
	}
	rep, _ := io.ReadAll(pr)
	var sig string
	var cpu int64
	if _, serr := fmt.Sscanf(string(rep), "%d %s %d %d", &r.exit, &sig, &r.rssKB, &cpu); serr != nil {
		r.exit = -1
		r.err = fmt.Errorf("the wrapper reported nothing (%v): %s", err, lastLines(string(r.stderr), 2))
		return r
	}
	r.cpu = time.Duration(cpu)
	if sig != "-" {
		r.signal = strings.ReplaceAll(sig, "_", " ")
		r.exit = -1
	}
	if stdout.truncated {
		r.err = fmt.Errorf("more than %d MiB on stdout", maxOutput>>20)
	}
	return r
}
