package dd

import (
	"math/rand/v2"
	"testing"

	"revokes/pbn"
)

func card(t testing.TB, s string) pbn.Card {
	t.Helper()
	c, ok := pbn.ParseCard(s)
	if !ok {
		t.Fatalf("bad card %q", s)
	}
	return c
}

// TestEndings checks hand-made positions whose answers are known, each
// also checked by plain minimax.
func TestEndings(t *testing.T) {
	tests := []struct {
		name   string
		deal   string
		trump  pbn.Strain
		leader pbn.Seat
		played []string
		ns     int // NS tricks
	}{
		// West guards spades (the 3 against North's 2) and hearts (K5
		// against South's Q); the club ace squeezes him: 3 tricks with
		// only two top winners.
		{"simple squeeze", "N:2.A4.. ..432. .Q3..A 3.K5..", pbn.NoTrump, pbn.South, nil, 3},
		// The same with East guarding spades: no squeeze.
		{"no squeeze", "N:2.A4.. 3..32. .Q3..A .K5.4.", pbn.NoTrump, pbn.South, nil, 2},
		// South exits with a heart to East's ace; East must lead from
		// the spade king into North's AQ.
		{"throw-in", "N:AQ.3.. K4.A.. 32.2.. ..432.", pbn.NoTrump, pbn.South, nil, 2},
		// Trump coup: North leads a heart through East's KJ of trumps to
		// South's AQ.
		{"trump coup", "N:.32.. KJ... AQ... ..32.", pbn.Strain(pbn.Spades), pbn.North, nil, 2},
		// The same with South on lead: the queen loses to the king.
		{"no trump coup", "N:.32.. KJ... AQ... ..32.", pbn.Strain(pbn.Spades), pbn.South, nil, 1},
		{"one card, high wins", "N:A... K... 2... 3...", pbn.NoTrump, pbn.West, nil, 1},
		{"one card, ruff", "N:A... .2.. 2... 3...", pbn.Strain(pbn.Hearts), pbn.North, nil, 0},
		{"one card, discard", "N:A... .2.. 2... 3...", pbn.NoTrump, pbn.North, nil, 1},
		{"one card, off-suit lead", "N:A... .2.. 2... 3...", pbn.NoTrump, pbn.East, nil, 0},
		// Mid-trick: West led the spade 3 and North played the ace; East
		// ruffs with the heart 2.
		{"one card, mid-trick", "N:... .2.. 2... ...", pbn.Strain(pbn.Hearts), pbn.West, []string{"S3", "SA"}, 0},
	}
	s := NewSolver()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := Position{Hands: parseDeal(t, tc.deal), Trump: tc.trump, Leader: tc.leader}
			for _, c := range tc.played {
				p.Played = append(p.Played, card(t, c))
			}
			if err := p.Validate(); err != nil {
				t.Fatal(err)
			}
			if b := bruteTricks(p); b != tc.ns {
				t.Fatalf("test is wrong: minimax says NS %d, want %d", b, tc.ns)
			}
			if got := nsTricks(p, s.Tricks(p)); got != tc.ns {
				t.Errorf("NS tricks %d, want %d", got, tc.ns)
			}
			if got := nsTricks(p, NewSolver().Tricks(p)); got != tc.ns {
				t.Errorf("fresh solver: NS tricks %d, want %d", got, tc.ns)
			}
		})
	}
}

// TestRegressionEqualCards is a position where a table entry made with a
// run of equal cards searched once was once wrongly reused
// : DDS says 2.
func TestRegressionEqualCards(t *testing.T) {
	p := Position{
		Hands:  parseDeal(t, "N:AQ.J96.JT3.A95 KJ.32.KQ2.KT8 4.Q84.A875.76 853.T75.4.QJ43"),
		Trump:  pbn.Strain(pbn.Hearts),
		Leader: pbn.East,
		Played: []pbn.Card{card(t, "S6"), card(t, "S2")},
	}
	if got := NewSolver().Tricks(p); got != 2 {
		t.Errorf("Tricks %d, want 2", got)
	}
}

// TestFullDealTables checks two full deals against their DDS tables
// (CalcDDtable: [strain][declarer] tricks of the declarer's side).
func TestFullDealTables(t *testing.T) {
	tests := []struct {
		deal  string
		table [5][4]int
	}{
		{"N:AKQ2.T98.A73.K52 J9.KQ754.K862.T4 T8754.A2.Q9.J973 63.J63.JT54.AQ86",
			[5][4]int{{9, 3, 9, 3}, {6, 7, 6, 7}, {6, 7, 6, 7}, {8, 5, 8, 5}, {8, 4, 8, 5}}},
	}
	s := NewSolver()
	for _, tc := range tests {
		if got := solveTable(s, parseDeal(t, tc.deal)); got != tc.table {
			t.Errorf("%s: table %v, want %v", tc.deal, got, tc.table)
		}
	}
}

// TestValidate rejects malformed positions.
func TestValidate(t *testing.T) {
	h := parseDeal(t, "N:A... K... 2... 3...")
	bad := []Position{
		{Hands: [4]pbn.Hand{h[0], h[0], h[2], h[3]}},                // card twice
		{Hands: [4]pbn.Hand{h[0], h[1] | h[3], h[2], 0}},            // unequal
		{Hands: h, Played: []pbn.Card{card(t, "SA")}},               // played and held
		{Hands: [4]pbn.Hand{h[0], h[1], h[2], 0}, Leader: pbn.West}, // wrong sizes for no played card
		{Hands: h, Trump: 7},                                        // bad strain
		{Hands: [4]pbn.Hand{}},                                      // no cards
	}
	for i, p := range bad {
		if p.Validate() == nil {
			t.Errorf("position %d accepted", i)
		}
	}
	good := Position{Hands: [4]pbn.Hand{h[0], h[1], h[2], 0}, Leader: pbn.West, Played: []pbn.Card{card(t, "S3")}}
	if err := good.Validate(); err != nil {
		t.Error(err)
	}
}

// TestProperties checks on random positions that Tricks is the best card
// value, that values lie within the tricks left, that equal cards get
// equal values, and that answers do not change when the seats are
// rotated or the suits renamed.
func TestProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	s := NewSolver()
	s2 := NewSolver()
	s3 := NewSolver()
	for it := 0; it < 300; it++ {
		n := 1 + r.IntN(7)
		p := randomPosition(r, n, r.IntN(4), pbn.Strain(r.IntN(5)))
		tricks := s.Tricks(p)
		if tricks < 0 || tricks > n {
			t.Fatalf("%v: %d tricks of %d", p, tricks, n)
		}
		vals := s.Values(p)
		best := -1
		for _, v := range vals {
			if v.Tricks < 0 || v.Tricks > n {
				t.Fatalf("%v: card %v value %d of %d", p, v.Card, v.Tricks, n)
			}
			best = max(best, v.Tricks)
		}
		if best != tricks {
			t.Fatalf("%v: best value %d, Tricks %d", p, best, tricks)
		}
		// Rotate seats by one.
		q := p
		for i := range 4 {
			q.Hands[(i+1)&3] = p.Hands[i]
		}
		q.Leader = p.Leader.Next()
		if got := s2.Tricks(q); got != tricks {
			t.Fatalf("%v: rotated %d, want %d", p, got, tricks)
		}
		// Rename suits: spades->hearts->diamonds->clubs->spades.
		q = p
		q.Played = nil
		for i := range 4 {
			q.Hands[i] = 0
			for _, c := range p.Hands[i].Cards() {
				q.Hands[i] = q.Hands[i].With(pbn.NewCard((c.Suit()+1)&3, c.Rank()))
			}
		}
		for _, c := range p.Played {
			q.Played = append(q.Played, pbn.NewCard((c.Suit()+1)&3, c.Rank()))
		}
		if p.Trump != pbn.NoTrump {
			q.Trump = (p.Trump + 1) & 3
		}
		if got := s3.Tricks(q); got != tricks {
			t.Fatalf("%v: suits renamed %d, want %d", p, got, tricks)
		}
	}
}
