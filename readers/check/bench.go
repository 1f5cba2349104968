package main

import (
	"fmt"
	"io"
)

func runBench(cfg *config, tmp string, stdout, stderr io.Writer) error {
	return fmt.Errorf("-bench: not yet")
}
