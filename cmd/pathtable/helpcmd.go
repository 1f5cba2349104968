package main

import (
	"context"
	"fmt"
	"strings"
)

// runHelp prints the general help, or with one argument the help of that
// command: its usage line, its paragraph of the help text (doc.go) and its
// flags, as "pathtable CMD -h" lists them. Exit status 0, or 2 for an
// unknown command.
func runHelp(args []string) int {
	if len(args) == 0 || args[0] == "help" {
		usage(stdout)
		return 0
	}
	if len(args) > 1 {
		fmt.Fprintf(stderr, "pathtable: help takes one command, not %q\n", strings.Join(args, " "))
		return 2
	}
	for _, c := range commands {
		if c.name == args[0] {
			commandHelp(c)
			return 0
		}
	}
	fmt.Fprintf(stderr, "pathtable: unknown command %q (run 'pathtable help')\n", args[0])
	return 2
}

// commandHelp prints c's help on stdout. The flags come from c's own flag
// set: c runs with -h and its usage output is taken from stderr.
func commandHelp(c command) {
	var flags strings.Builder
	saved := stderr
	stderr = &flags
	c.run(context.Background(), []string{"-h"})
	stderr = saved
	usageLine, defaults, _ := strings.Cut(flags.String(), "\n")
	fmt.Fprintln(stdout, usageLine)
	if text := commandDoc(c.name); text != "" {
		fmt.Fprintf(stdout, "\n%s", text)
	}
	if defaults != "" {
		fmt.Fprintf(stdout, "\nFlags:\n%s", defaults)
	}
}

// commandDoc is the paragraph under name's synopsis in the help text,
// without its indent; "" when there is none. O(help text).
func commandDoc(name string) string {
	text := doc[strings.Index(doc, "/*")+3 : strings.Index(doc, "*/")]
	lines := strings.Split(text, "\n")
	var b strings.Builder
	for i, l := range lines {
		if l != "\t"+name && !strings.HasPrefix(l, "\t"+name+" ") {
			continue
		}
		for _, d := range lines[i+1:] {
			body, ok := strings.CutPrefix(d, "\t\t")
			if !ok {
				break
			}
			b.WriteString(body + "\n")
		}
		break
	}
	return b.String()
}
