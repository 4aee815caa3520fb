package dd

import (
	"math/rand/v2"
	"testing"

	"revokes/pbn"
)

// TestAgainstBruteForce compares the solver with plain minimax on random
// small positions, at trick boundaries and mid-trick, in every strain.
func TestAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	s := NewSolver()
	count := 0
	for n := 1; n <= 4; n++ {
		iters := 300
		if n == 4 {
			iters = 60
		}
		for it := 0; it < iters; it++ {
			trump := pbn.Strain(it * 5 / iters) // blocks: the table carries over
			p := randomPosition(r, n, it%4, trump)
			want := bruteTricks(p)
			got := nsTricks(p, s.Tricks(p))
			if got != want {
				t.Fatalf("n=%d %v trump %v leader %v played %v: got NS %d, want %d",
					n, pbn.Deal(p.Hands), p.Trump, p.Leader, p.Played, got, want)
			}
			count++
		}
	}
	t.Logf("%d positions", count)
}
