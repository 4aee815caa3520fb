//go:build dds

package dd

import (
	"os"
	"testing"
	"time"

	"revokes/analyze/dd/internal/ddsref"
)

// TestDevDDSNodes prints DDS's node counts of the benchmark positions.
func TestDevDDSNodes(t *testing.T) {
	if os.Getenv("DD_DEV") == "" {
		t.Skip("DD_DEV not set")
	}
	var ns []int
	var ts, ours []time.Duration
	s := NewSolver()
	for _, p := range benchFull(benchCount)[:12] {
		t0 := time.Now()
		ns = append(ns, ddsref.Nodes(p.Hands, p.Trump, p.Leader, p.Played))
		ts = append(ts, time.Since(t0).Round(time.Millisecond))
		t0 = time.Now()
		s.Tricks(p)
		ours = append(ours, time.Since(t0).Round(time.Millisecond))
	}
	t.Log(ns)
	t.Log("dds ", ts)
	t.Log("ours", ours)
}
