package dd

import (
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"

	"revokes/pbn"
	"revokes/synth"
)

// playRandom plays k cards from p at random (legally), completing tricks
// as they end.
func playRandom(r *rand.Rand, p Position, k int) Position {
	p.Played = slices.Clone(p.Played)
	for j := 0; j < k; j++ {
		who := p.ToPlay()
		legal := p.Hands[who]
		if len(p.Played) > 0 && legal.HasSuit(p.Played[0].Suit()) {
			legal = legal.Suit(p.Played[0].Suit())
		}
		cs := legal.Cards()
		c := cs[r.IntN(len(cs))]
		p.Hands[who] = p.Hands[who].Without(c)
		p.Played = append(p.Played, c)
		if len(p.Played) == 4 {
			var trk [4]pbn.Card
			copy(trk[:], p.Played)
			p.Leader = pbn.Seat((int(p.Leader) + pbn.TrickWinner(trk, p.Trump)) & 3)
			p.Played = p.Played[:0]
		}
	}
	return p
}

// benchFull returns count random full deals, strains and leaders in turn.
func benchFull(count int) []Position {
	r := rand.New(rand.NewPCG(7, 11))
	out := make([]Position, count)
	for i := range out {
		out[i] = randomPosition(r, 13, 0, pbn.Strain(i%5))
	}
	return out
}

// benchMid returns count positions after 2 to 6 random tricks, some of
// them mid-trick.
func benchMid(count int) []Position {
	r := rand.New(rand.NewPCG(13, 17))
	out := make([]Position, count)
	for i := range out {
		p := randomPosition(r, 13, 0, pbn.Strain(i%5))
		out[i] = playRandom(r, p, 8+r.IntN(17))
	}
	return out
}

// benchRevoke returns count positions at the revokes of a generated
// archive, as the equity estimate solves them: the offender to play
// instead of his revoke card, and the play on after it (a new trick when
// the revoke ended one). Only positions DDS takes are kept (it refuses a
// revoke card among the cards of the current trick), so that both
// solvers time the same ones.
func benchRevoke(count int) []Position {
	g := synth.New(synth.Options{Seed: 21, RevokeRate: 0.02})
	var out []Position
	for len(out) < count {
		b := g.Board()
		if !b.HasContract || b.Contract.PassedOut() {
			continue
		}
		hands := [4]pbn.Hand(b.Deal)
		var trick []pbn.Card
		leader := pbn.Seat(0)
		for i, pl := range b.Play {
			if i%4 == 0 {
				leader, trick = pl.Seat, trick[:0]
			}
			if len(trick) > 0 && pl.Card.Suit() != trick[0].Suit() && hands[pl.Seat].HasSuit(trick[0].Suit()) &&
				len(b.Play)-i > 8 && len(out) < count {
				// The offender to play, following suit this time.
				out = append(out, Position{Hands: hands, Trump: b.Contract.Strain, Leader: leader,
					Played: slices.Clone(trick), Revoked: true})
				if len(trick) == 3 && len(out) < count {
					h := hands
					h[pl.Seat] = h[pl.Seat].Without(pl.Card)
					t4 := [4]pbn.Card{trick[0], trick[1], trick[2], pl.Card}
					w := pbn.Seat((int(leader) + pbn.TrickWinner(t4, b.Contract.Strain)) & 3)
					out = append(out, Position{Hands: h, Trump: b.Contract.Strain, Leader: w})
				}
			}
			hands[pl.Seat] = hands[pl.Seat].Without(pl.Card)
			trick = append(trick, pl.Card)
		}
	}
	return out
}

// timeEach solves each position once with solve and reports the median
// and worst time per position.
func timeEach(b *testing.B, ps []Position, solve func(Position)) {
	b.Helper()
	times := make([]time.Duration, 0, len(ps)*b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, p := range ps {
			t0 := time.Now()
			solve(p)
			times = append(times, time.Since(t0))
		}
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "worst-ms")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(len(ps)*b.N), "mean-ms")
	b.ReportMetric(0, "ns/op")
}

const benchCount = 40

// benchSet is a named set of benchmark positions.
type benchSet struct {
	name string
	ps   []Position
}

// benchSets returns the benchmark position sets, for the tuning aids.
func benchSets() []benchSet {
	return []benchSet{{"full", benchFull(benchCount)}, {"mid", benchMid(benchCount)}, {"revoke", benchRevoke(benchCount)}}
}

// devOnly skips a tuning aid unless DD_DEV is set.
func devOnly(t *testing.T) {
	if os.Getenv("DD_DEV") == "" {
		t.Skip("DD_DEV not set")
	}
}

// BenchmarkSolveFull solves full deals (Tricks), one Solver reused.
func BenchmarkSolveFull(b *testing.B) {
	s := NewSolver()
	timeEach(b, benchFull(benchCount), func(p Position) { s.Tricks(p) })
}

// BenchmarkSolveRevoke solves the revoke positions of a generated archive
// (Tricks), as the equity estimate does.
func BenchmarkSolveRevoke(b *testing.B) {
	s := NewSolver()
	timeEach(b, benchRevoke(benchCount), func(p Position) { s.Tricks(p) })
}

// BenchmarkSolveMid solves positions after a few tricks (Tricks).
func BenchmarkSolveMid(b *testing.B) {
	s := NewSolver()
	timeEach(b, benchMid(benchCount), func(p Position) { s.Tricks(p) })
}

var _ = bits.OnesCount64
