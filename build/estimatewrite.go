package build

import (
	"io"
	"os"
	"time"

	"github.com/pathtable/pathtable/table"
)

// parallelWriter is what a build's file is written from: a table or a
// part.
type parallelWriter interface {
	WriteAtParallel(w io.WriterAt, workers int) (int64, error)
}

// writeWriters is how many writers the CLI gives a table's file at least
// (cmd/pathtable's minWriters).
const writeWriters = 4

// writeSample is what writing a file took, as a build writes it: into a
// temporary file, then removed, so that the kernel's copy is counted.
type writeSample struct {
	bytes int64
	cpu   time.Duration
	grew  int64 // memory beyond what was held before: the writers' chunks
}

// rate is the CPU time writing size bytes takes at the sample's rate.
func (s writeSample) rate(size int64) time.Duration {
	if s.bytes <= 0 {
		return 0
	}
	return time.Duration(float64(s.cpu) * float64(size) / float64(s.bytes))
}

// sampleWrite writes p to a temporary file with the workers of opt (at
// least writeWriters), as a build writes its output, times it and
// removes the file. Where no temporary file can be made it writes to
// nothing, which leaves the kernel's share out. O(file size).
func sampleWrite(p parallelWriter, opt Options) (writeSample, error) {
	var w io.WriterAt = discardAt{}
	f, err := os.CreateTemp("", "pathtable-plan-*")
	if err == nil {
		defer os.Remove(f.Name())
		defer f.Close()
		w = f
	}
	watch := startMemWatch()
	start, _ := cpuTime()
	size, err := p.WriteAtParallel(w, max(workerCount(opt), writeWriters))
	end, _ := cpuTime()
	grew := watch.stop()
	return writeSample{bytes: size, cpu: end - start, grew: grew}, err
}

// writeScratch is the writers' chunks a file of size bytes takes, one a
// writer, at most the file: what a sample written small cannot show.
func writeScratch(size int64, opt Options) int64 {
	return min(size, int64(max(workerCount(opt), writeWriters))*table.WriteChunk)
}

// discardAt is an io.WriterAt that keeps nothing.
type discardAt struct{}

func (discardAt) WriteAt(p []byte, _ int64) (int, error) { return len(p), nil }
