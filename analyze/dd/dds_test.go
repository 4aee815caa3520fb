//go:build dds

package dd

import (
	"math/rand/v2"
	"testing"
	"time"

	"revokes/analyze/dd/internal/ddsref"
	"revokes/pbn"
)

func init() { ddsref.SingleThread() }

// checkAgainstDDS compares Tricks (and, when values is set, Values) with
// DDS SolveBoard on p.
func checkAgainstDDS(t *testing.T, s *Solver, p Position, values bool) (ours, theirs time.Duration) {
	t.Helper()
	t0 := time.Now()
	want, err := ddsref.Tricks(p.Hands, p.Trump, p.Leader, p.Played)
	theirs = time.Since(t0)
	if err != nil {
		t.Fatal(err)
	}
	t0 = time.Now()
	got := s.Tricks(p)
	ours = time.Since(t0)
	if got != want {
		t.Fatalf("%v trump %v leader %v played %v: Tricks %d, DDS %d",
			pbn.Deal(p.Hands), p.Trump, p.Leader, p.Played, got, want)
	}
	if !values {
		return
	}
	scores, err := ddsref.Scores(p.Hands, p.Trump, p.Leader, p.Played)
	if err != nil {
		t.Fatal(err)
	}
	ddsVal := map[pbn.Card]int{}
	for _, cs := range scores {
		ddsVal[cs.Card] = cs.Score
		for _, e := range cs.Equals {
			ddsVal[e] = cs.Score
		}
	}
	vals := s.Values(p)
	if len(vals) != len(ddsVal) {
		t.Fatalf("%v trump %v leader %v played %v: %d card values, DDS %d",
			pbn.Deal(p.Hands), p.Trump, p.Leader, p.Played, len(vals), len(ddsVal))
	}
	best := -1
	for _, v := range vals {
		w, ok := ddsVal[v.Card]
		if !ok || w != v.Tricks {
			t.Fatalf("%v trump %v leader %v played %v: card %v value %d, DDS %d (%v)",
				pbn.Deal(p.Hands), p.Trump, p.Leader, p.Played, v.Card, v.Tricks, w, ok)
		}
		best = max(best, v.Tricks)
	}
	if best != want {
		t.Fatalf("best value %d, Tricks %d", best, want)
	}
	return
}

// TestDDSRandom compares the solver with DDS on thousands of random
// positions: every size from 13 cards down to 1, 0 to 3 cards played to
// the current trick, every strain, every leader. Every fourth position
// also compares the value of each card.
func TestDDSRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(2024, 11))
	s := NewSolver()
	var ours, theirs time.Duration
	count, valued := 0, 0
	for n := 13; n >= 1; n-- {
		iters := 300
		if n >= 12 {
			iters = 60
		}
		for it := 0; it < iters; it++ {
			k := it % 4
			if n == 13 && k > 0 {
				k = 0 // full deals here; mid-trick 13-card positions below
			}
			p := randomPosition(r, n, k, pbn.Strain(it%5))
			values := it%4 == 1
			o, th := checkAgainstDDS(t, s, p, values)
			ours += o
			theirs += th
			count++
			if values {
				valued++
			}
		}
	}
	// First-trick positions: 1 to 3 cards played from a full deal.
	for it := 0; it < 60; it++ {
		p := randomPosition(r, 13, 1+it%3, pbn.Strain(it%5))
		o, th := checkAgainstDDS(t, s, p, it%4 == 0)
		ours += o
		theirs += th
		count++
	}
	t.Logf("%d positions equal (%d with every card's value); Tricks time: ours %v, DDS %v", count, valued, ours, theirs)
}

// TestDDSTable compares full-deal double-dummy tables with CalcDDtable.
func TestDDSTable(t *testing.T) {
	r := rand.New(rand.NewPCG(99, 1))
	s := NewSolver()
	for it := 0; it < 4; it++ {
		p := randomPosition(r, 13, 0, pbn.NoTrump)
		want, err := ddsref.Table(p.Hands)
		if err != nil {
			t.Fatal(err)
		}
		got := solveTable(s, p.Hands)
		if got != want {
			t.Fatalf("%v: table %v, DDS %v", pbn.Deal(p.Hands), got, want)
		}
	}
}

// BenchmarkDDSSolveFull solves the positions of BenchmarkSolveFull with
// DDS (single thread).
func BenchmarkDDSSolveFull(b *testing.B) {
	timeEach(b, benchFull(benchCount), func(p Position) {
		if _, err := ddsref.Tricks(p.Hands, p.Trump, p.Leader, p.Played); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkDDSSolveMid solves the positions of BenchmarkSolveMid with DDS.
func BenchmarkDDSSolveMid(b *testing.B) {
	timeEach(b, benchMid(benchCount), func(p Position) {
		if _, err := ddsref.Tricks(p.Hands, p.Trump, p.Leader, p.Played); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkDDSSolveRevoke solves the positions of BenchmarkSolveRevoke
// with DDS.
func BenchmarkDDSSolveRevoke(b *testing.B) {
	timeEach(b, benchRevoke(benchCount), func(p Position) {
		if _, err := ddsref.Tricks(p.Hands, p.Trump, p.Leader, p.Played); err != nil {
			b.Fatal(err)
		}
	})
}

// TestDDSRevoke compares the solver with DDS on the revoke positions of
// the benchmark.
func TestDDSRevoke(t *testing.T) {
	s := NewSolver()
	for _, p := range benchRevoke(200) {
		checkAgainstDDS(t, s, p, false)
	}
}
