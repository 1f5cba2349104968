package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pathtable/pathtable/table"
)

// shardFlag is build's -shard I/K: part I (0-based) of K.
type shardFlag struct {
	i, k int
	set  bool
}

func (s *shardFlag) String() string {
	if s == nil || !s.set {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.i, s.k)
}

// Set parses "I/K", both decimal, 0 ≤ I < K ≤ table.MaxShards.
func (s *shardFlag) Set(v string) error {
	is, ks, ok := strings.Cut(v, "/")
	i, erri := strconv.Atoi(is)
	k, errk := strconv.Atoi(ks)
	if !ok || erri != nil || errk != nil {
		return fmt.Errorf("want I/K, part I (0-based) of K, such as 0/4, not %q", v)
	}
	if err := table.CheckShard(i, k); err != nil {
		return err
	}
	*s = shardFlag{i: i, k: k, set: true}
	return nil
}
