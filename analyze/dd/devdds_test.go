//go:build dds

package dd

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"revokes/analyze/dd/internal/ddsref"
	"revokes/pbn"
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

// TestDevDDSTimes times both solvers on the benchmark positions, the best
// of DD_REPS runs (default 5) for each position, which stands the noise of
// a busy machine better than the benchmarks' medians; DD_MORE=1 adds 200
// random full deals from each of two more seeds, for the worst cases. A
// tuning aid (set DD_DEV=1).
func TestDevDDSTimes(t *testing.T) {
	devOnly(t)
	reps := 5
	if n, err := strconv.Atoi(os.Getenv("DD_REPS")); err == nil && n > 0 {
		reps = n
	}
	sets := benchSets()
	if os.Getenv("DD_MORE") != "" {
		for _, seed := range []uint64{5, 123} {
			r := rand.New(rand.NewPCG(seed, seed+1))
			ps := make([]Position, 200)
			for i := range ps {
				ps[i] = randomPosition(r, 13, 0, pbn.Strain(i%5))
			}
			sets = append(sets, benchSet{fmt.Sprintf("full-%d", seed), ps})
		}
	}
	for _, set := range sets {
		n := len(set.ps)
		ours, theirs := make([]time.Duration, n), make([]time.Duration, n)
		for i := range ours {
			ours[i], theirs[i] = time.Hour, time.Hour
		}
		for r := 0; r < reps; r++ {
			// One Solver for the set, as in the benchmarks; the two
			// solvers take turns on each position, so that a busy spell
			// of the machine hits both.
			s := NewSolver()
			for i, p := range set.ps {
				t0 := time.Now()
				s.Tricks(p)
				ours[i] = min(ours[i], time.Since(t0))
				t0 = time.Now()
				if _, err := ddsref.Tricks(p.Hands, p.Trump, p.Leader, p.Played); err != nil {
					t.Fatal(err)
				}
				theirs[i] = min(theirs[i], time.Since(t0))
			}
		}
		worst, ratio := 0, 0.0
		for i := range ours {
			if r := float64(ours[i]) / float64(theirs[i]); r > ratio && theirs[i] > time.Millisecond {
				worst, ratio = i, r
			}
		}
		so, sd := slices.Clone(ours), slices.Clone(theirs)
		slices.Sort(so)
		slices.Sort(sd)
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
		t.Logf("%-9s ours median %.2f worst %.1f ms, DDS median %.2f worst %.1f ms (%.2fx, %.2fx); worst ratio over 1 ms: #%d %.2fx (%.1f vs %.1f ms)",
			set.name, ms(so[n/2]), ms(so[n-1]), ms(sd[n/2]), ms(sd[n-1]), float64(so[n/2])/float64(sd[n/2]), float64(so[n-1])/float64(sd[n-1]),
			worst, ratio, ms(ours[worst]), ms(theirs[worst]))
	}
}
