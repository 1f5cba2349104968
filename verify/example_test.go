package verify_test

import (
	"context"
	"fmt"
	"log"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/verify"
)

func Example() {
	level := []byte("....\n.#..\n..9.\n")
	g, err := maps.Parse("example.grid", level, maps.Options{})
	if err != nil {
		log.Fatal(err)
	}
	tab, err := build.Build(context.Background(), g, build.Options{})
	if err != nil {
		log.Fatal(err)
	}
	rep, err := verify.Table(context.Background(), tab, g, verify.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("fresh table: %d pairs checked (all: %v), %d failed\n", rep.Pairs, rep.AllPairs, rep.Failed)

	// The same table against the level with one cell made dearer: the
	// table is now wrong about every path onto that cell.
	changed, err := maps.Parse("example.grid", []byte("5...\n.#..\n..9.\n"), maps.Options{})
	if err != nil {
		log.Fatal(err)
	}
	rep, err = verify.Table(context.Background(), tab, changed, verify.Options{MaxMismatches: 1})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("changed level: %d failed; first: %s\n", rep.Failed, &rep.Mismatches[0])
	// Output:
	// fresh table: 121 pairs checked (all: true), 0 failed
	// changed level: 46 failed; first: 1,0 -> 0,0: table cost 1, live cost 5 (distance differs: off by -4)
}
