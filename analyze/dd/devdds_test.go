//go:build dds

package dd

import (
	"os"
	"testing"

	"revokes/analyze/dd/internal/ddsref"
)

// TestDevDDSNodes prints DDS's node counts of the benchmark positions.
func TestDevDDSNodes(t *testing.T) {
	if os.Getenv("DD_DEV") == "" {
		t.Skip("DD_DEV not set")
	}
	var ns []int
	for _, p := range benchFull(benchCount)[:12] {
		ns = append(ns, ddsref.Nodes(p.Hands, p.Trump, p.Leader, p.Played))
	}
	t.Log(ns)
}
