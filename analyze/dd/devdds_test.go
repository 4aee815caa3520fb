//go:build dds

package dd

import (
	"testing"

	"revokes/analyze/dd/internal/ddsref"
)

// TestDevDDSNodes prints our node counts beside DDS's on the benchmark
// positions, a tuning aid (set DD_DEV=1).
func TestDevDDSNodes(t *testing.T) {
	devOnly(t)
	for _, set := range benchSets() {
		s := NewSolver()
		var ours, oursT, theirs int64
		for i, p := range set.ps {
			n0, t0 := s.Nodes, s.trickNodes
			s.Tricks(p)
			n := ddsref.Nodes(p.Hands, p.Trump, p.Leader, p.Played)
			ours += s.Nodes - n0
			oursT += s.trickNodes - t0
			theirs += int64(n)
			t.Logf("%s %2d trump %v: ours %9d tricks %8d DDS %8d (%.1fx)", set.name, i, p.Trump, s.Nodes-n0, s.trickNodes-t0, n, float64(s.trickNodes-t0)/float64(max(n, 1)))
		}
		t.Logf("%s: ours %d tricks %d DDS %d", set.name, ours, oursT, theirs)
	}
}
