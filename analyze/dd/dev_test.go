package dd

import (
	"slices"
	"testing"
	"time"
)

// TestDevNodes prints the node counts of the benchmark positions, a
// tuning aid (set DD_DEV=1).
func TestDevNodes(t *testing.T) {
	devOnly(t)
	for _, set := range benchSets() {
		s := NewSolver()
		var nodes []int64
		var total int64
		t0 := time.Now()
		for _, p := range set.ps {
			n0 := s.Nodes
			s.Tricks(p)
			nodes = append(nodes, s.Nodes-n0)
			total += s.Nodes - n0
		}
		el := time.Since(t0)
		c := slices.Clone(nodes)
		slices.Sort(c)
		t.Logf("%s: total %d nodes, median %d, worst %d, %v; %v", set.name, total, c[len(c)/2], c[len(c)-1], el, nodes)
	}
}
