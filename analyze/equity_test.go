package analyze

import (
	"testing"
	"time"

	"revokes/pbn"
	"revokes/synth"
)

// bruteNS returns the tricks North-South take from a position (the
// current trick included) by plain minimax; small positions only.
func bruteNS(h pbn.Deal, trump pbn.Strain, leader pbn.Seat, played []pbn.Card) int {
	k := len(played)
	if k == 4 {
		var tr [4]pbn.Card
		copy(tr[:], played)
		w := (leader + pbn.Seat(pbn.TrickWinner(tr, trump))) & 3
		rest := 0
		if h[w] != 0 {
			rest = bruteNS(h, trump, w, nil)
		}
		if w.NS() {
			rest++
		}
		return rest
	}
	me := (leader + pbn.Seat(k)) & 3
	legal := h[me]
	if k > 0 && legal.HasSuit(played[0].Suit()) {
		legal = legal.Suit(played[0].Suit())
	}
	best, first := 0, true
	for _, c := range legal.Cards() {
		hs := h
		hs[me] = hs[me].Without(c)
		v := bruteNS(hs, trump, leader, append(append([]pbn.Card{}, played...), c))
		if first || (me.NS() && v > best) || (!me.NS() && v < best) {
			best, first = v, false
		}
	}
	return best
}

func TestEquityExample(t *testing.T) {
	a, _ := New(Options{Edition: "2017", Equity: true})
	start := time.Now()
	f := a.Board(example.build(t))
	r := f.Revokes[0]
	if r.Equity == nil {
		t.Fatal("no equity estimate")
	}
	t.Logf("example: with %d without %d gain %d in %v", r.Equity.WithRevoke, r.Equity.WithoutRevoke, r.Equity.Gain, time.Since(start))
	if r.Equity.Gain != r.Equity.WithoutRevoke-r.Equity.WithRevoke {
		t.Errorf("gain of a defender's revoke must be without - with: %+v", r.Equity)
	}
	if r.Equity.WithRevoke < 0 || r.Equity.WithRevoke > 13 || r.Equity.WithoutRevoke < 0 || r.Equity.WithoutRevoke > 13 {
		t.Errorf("out of range: %+v", r.Equity)
	}
	if (r.Equity.Gain > r.Transfer) != r.Has(FlagEquityShort) {
		t.Errorf("equity-short flag %v with gain %d transfer %d", r.Flags, r.Equity.Gain, r.Transfer)
	}
}

// TestEquityTrick12 checks the estimate at C5's trick-12 revoke against
// hand reasoning: with the C2 standing North wins trick 12 and East the
// last (NS 10); had East followed with the HK, North takes both (NS 11).
func TestEquityTrick12(t *testing.T) {
	a, _ := New(Options{Edition: "2017", Equity: true})
	f := a.Board(c5.build(t))
	e := f.Revokes[0].Equity
	if e == nil || e.WithRevoke != 10 || e.WithoutRevoke != 11 || e.Gain != 1 {
		t.Errorf("equity %+v, want with 10 without 11 gain 1", e)
	}
}

// TestEquityBrute compares the estimate with plain minimax on revokes in
// the last four tricks of generated boards.
func TestEquityBrute(t *testing.T) {
	g := synth.New(synth.Options{Seed: 11, RevokeRate: 0.2, ClaimRate: 0.01})
	a, _ := New(Options{Edition: "2017"})
	checked := 0
	for i := 0; i < 3000 && checked < 60; i++ {
		b := g.Board()
		f := a.Board(b)
		if !f.Analysed {
			continue
		}
		for k, rv := range f.Revokes {
			if rv.Trick < 10 {
				continue
			}
			fa := a.r.facts[k]
			rv.Equity = a.equity(&a.r, &fa, b.Declarer.NS())
			tr := a.r.tricks[fa.trick-1]
			declNS := b.Declarer.NS()
			before := 0
			for t := 0; t < fa.trick-1; t++ {
				if a.r.tricks[t].winner.NS() == declNS {
					before++
				}
			}
			h := a.r.before(fa.trick - 1)
			for j := 0; j <= fa.pos; j++ {
				h[tr.seats[j]] = h[tr.seats[j]].Without(tr.cards[j])
			}
			n := 14 - fa.trick
			toDecl := func(ns int) int {
				if declNS {
					return before + ns
				}
				return before + n - ns
			}
			// with: the recorded cards up to and including the revoke.
			with := toDecl(bruteNS(h, b.Contract.Strain, tr.seats[0], tr.cards[:fa.pos+1]))
			// without: the offender's best legal card.
			h[fa.offender] = h[fa.offender].With(fa.card)
			best := -1
			for _, c := range h[fa.offender].Suit(fa.led).Cards() {
				hs := h
				hs[fa.offender] = hs[fa.offender].Without(c)
				p := append(append([]pbn.Card{}, tr.cards[:fa.pos]...), c)
				v := toDecl(bruteNS(hs, b.Contract.Strain, tr.seats[0], p))
				if fa.offender.NS() != declNS {
					v = -v
				}
				if best == -1 && v < 0 || v > best {
					best = v
				}
			}
			if fa.offender.NS() != declNS {
				best = -best
			}
			if rv.Equity.WithRevoke != with || rv.Equity.WithoutRevoke != best {
				t.Errorf("board %d trick %d: estimate %+v, minimax with %d without %d", b.Index, rv.Trick, *rv.Equity, with, best)
			}
			checked++
		}
	}
	if checked < 20 {
		t.Fatalf("only %d revokes checked", checked)
	}
}

// TestSolverMade checks that the SolverMade hook is called once, when the
// Analyzer makes its solver at its first revoke, and never for boards
// without revokes (the command makes room for the solver's table then).
func TestSolverMade(t *testing.T) {
	made := 0
	a, _ := New(Options{Edition: "2017", Equity: true, SolverMade: func() { made++ }})
	plain := example.build(t)
	plain.Play = plain.Play[:8] // two tricks, before the revoke of trick 3
	if f := a.Board(plain); len(f.Revokes) != 0 || made != 0 {
		t.Fatalf("board without revoke: %d revokes, solver made %d times", len(f.Revokes), made)
	}
	for i := 0; i < 2; i++ {
		if f := a.Board(example.build(t)); len(f.Revokes) == 0 || f.Revokes[0].Equity == nil {
			t.Fatal("no revoke or no equity estimate on the example")
		}
	}
	if made != 1 {
		t.Errorf("solver made %d times for one Analyzer, want 1", made)
	}
}
