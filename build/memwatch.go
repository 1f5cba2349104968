package build

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// A memWatch keeps the most memory the Go runtime held while it ran: an
// estimate's samples run the builder's own code, whose scratch (a
// contraction, node orders, a block of distance rows per worker) is then
// measured, not modelled.
type memWatch struct {
	start int64 // the runtime's memory when the watch began
	peak  atomic.Int64
	quit  chan struct{}
	done  chan struct{}
}

// memWatchEvery is how often a memWatch reads the runtime's memory: the
// builder's large buffers live for many times longer.
const memWatchEvery = 2 * time.Millisecond

// startMemWatch starts a watch from the runtime's memory now.
func startMemWatch() *memWatch {
	m := &memWatch{start: goMemory(), quit: make(chan struct{}), done: make(chan struct{})}
	m.peak.Store(m.start)
	go func() {
		defer close(m.done)
		t := time.NewTicker(memWatchEvery)
		defer t.Stop()
		for {
			select {
			case <-m.quit:
				return
			case <-t.C:
				m.note()
			}
		}
	}()
	return m
}

// note records the runtime's memory now.
func (m *memWatch) note() {
	cur := goMemory()
	for {
		p := m.peak.Load()
		if cur <= p || m.peak.CompareAndSwap(p, cur) {
			return
		}
	}
}

// stop ends the watch and returns the most memory held beyond its start.
func (m *memWatch) stop() int64 {
	m.note()
	close(m.quit)
	<-m.done
	return max(m.peak.Load()-m.start, 0)
}

var memSamples = []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}

// goMemory is the memory the Go runtime holds from the system and has not
// given back: what its share of the process's resident memory can reach.
func goMemory() int64 {
	s := make([]metrics.Sample, len(memSamples))
	copy(s, memSamples)
	metrics.Read(s)
	var v [2]int64
	for i := range s {
		if s[i].Value.Kind() == metrics.KindUint64 {
			v[i] = int64(s[i].Value.Uint64())
		}
	}
	return v[0] - v[1]
}

// settledMemory collects garbage, gives free memory back to the system
// and returns the process's resident memory then (the Go runtime's where
// /proc is not there to read): what the process holds before a build,
// its level among it.
func settledMemory() int64 {
	runtime.GC()
	debug.FreeOSMemory()
	if b, err := os.ReadFile("/proc/self/statm"); err == nil {
		if f := strings.Fields(string(b)); len(f) > 1 {
			if pages, err := strconv.ParseInt(f[1], 10, 64); err == nil {
				return pages * int64(os.Getpagesize())
			}
		}
	}
	return goMemory()
}

// SettledMemory is the process's resident memory once garbage is collected
// and free memory given back: what a build starts from. A caller that
// measures it right after loading a level, before any estimate, can put
// it in place of an Estimate's BaseBytes, which later samples may have
// left higher. O(heap), a collection.
func SettledMemory() int64 { return settledMemory() }
