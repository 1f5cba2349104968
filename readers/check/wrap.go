package main

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// wrapEnv marks the check's own binary started as a wrapper around one
// driver process.
const wrapEnv = "PATHTABLE_CHECK_WRAP"

// The peak resident size of a driver is measured by a wrapper, not by the
// check itself: Linux carries the exec'ing process's high-water mark into
// ru_maxrss, and a driver started from the check (vfork, then exec) would
// inherit the check's own hundreds of MiB. The wrapper is small, starts
// the driver, waits for it and writes to file descriptor 3 one line:
// "EXIT SIGNAL MAXRSS_KB CPU_NS" (SIGNAL "-" when none).

// wrapMain runs the wrapper when wrapEnv is set, and then exits; it
// returns otherwise.
func wrapMain() {
	if os.Getenv(wrapEnv) != "1" {
		return
	}
	report := os.NewFile(3, "report")
	if len(os.Args) < 2 || report == nil {
		os.Exit(125)
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, wrapEnv+"=") {
			cmd.Env = append(cmd.Env, e)
		}
	}
	err := cmd.Run()
	exit, sig := 0, "-"
	if cmd.ProcessState == nil {
		fmt.Fprintf(os.Stderr, "check wrapper: %v\n", err)
		os.Exit(126)
	}
	exit = cmd.ProcessState.ExitCode()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		sig = strings.ReplaceAll(ws.Signal().String(), " ", "_")
	}
	var rss int64
	var cpu time.Duration
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss
		cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	fmt.Fprintf(report, "%d %s %d %d\n", exit, sig, rss, cpu.Nanoseconds())
	os.Exit(0)
}
