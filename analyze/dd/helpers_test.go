package dd

import (
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"revokes/pbn"
)

// bruteTricks returns the NS tricks of p by plain minimax (no pruning, no
// table): the reference for small positions.
func bruteTricks(p Position) int {
	h := p.Hands
	var trk [4]pbn.Card
	n := copy(trk[:], p.Played)
	return bruteNS(&h, p.Trump, p.Leader, trk, n)
}

func bruteNS(h *[4]pbn.Hand, trump pbn.Strain, lead pbn.Seat, trk [4]pbn.Card, tn int) int {
	who := pbn.Seat((int(lead) + tn) & 3)
	if tn == 0 && h[who] == 0 {
		return 0
	}
	legal := h[who]
	if tn > 0 && legal.HasSuit(trk[0].Suit()) {
		legal = legal.Suit(trk[0].Suit())
	}
	best := -1
	for x := uint64(legal); x != 0; x &= x - 1 {
		c := pbn.Card(bits.TrailingZeros64(x))
		h[who] = h[who].Without(c)
		trk[tn] = c
		var v int
		if tn == 3 {
			w := pbn.Seat((int(lead) + pbn.TrickWinner(trk, trump)) & 3)
			v = bruteNS(h, trump, w, [4]pbn.Card{}, 0)
			if w.NS() {
				v++
			}
		} else {
			v = bruteNS(h, trump, lead, trk, tn+1)
		}
		h[who] = h[who].With(c)
		if best < 0 || (who.NS() && v > best) || (!who.NS() && v < best) {
			best = v
		}
	}
	return best
}

// randomPosition deals n cards to each hand at random, then plays k cards
// (0..3) of the first trick at random (legally).
func randomPosition(r *rand.Rand, n, k int, trump pbn.Strain) Position {
	var deck [52]pbn.Card
	i := 0
	for s := pbn.Spades; s <= pbn.Clubs; s++ {
		for rk := pbn.Rank(2); rk <= pbn.Ace; rk++ {
			deck[i] = pbn.NewCard(s, rk)
			i++
		}
	}
	r.Shuffle(52, func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
	var p Position
	for s := 0; s < 4; s++ {
		for j := 0; j < n; j++ {
			p.Hands[s] = p.Hands[s].With(deck[s*n+j])
		}
	}
	p.Trump = trump
	p.Leader = pbn.Seat(r.IntN(4))
	for j := 0; j < k; j++ {
		who := pbn.Seat((int(p.Leader) + j) & 3)
		legal := p.Hands[who]
		if j > 0 && legal.HasSuit(p.Played[0].Suit()) {
			legal = legal.Suit(p.Played[0].Suit())
		}
		cs := legal.Cards()
		c := cs[r.IntN(len(cs))]
		p.Hands[who] = p.Hands[who].Without(c)
		p.Played = append(p.Played, c)
	}
	return p
}

// nsTricks converts the answer of Tricks to NS tricks.
func nsTricks(p Position, t int) int {
	if p.ToPlay().NS() {
		return t
	}
	return p.Hands[p.ToPlay()].Len() - t
}

// parseDeal reads "N:AKQ.x.x.x ..." style deals (PBN Deal value).
func parseDeal(t testing.TB, s string) [4]pbn.Hand {
	t.Helper()
	var d [4]pbn.Hand
	first, ok := pbn.ParseSeat(s[0])
	if !ok || s[1] != ':' {
		t.Fatalf("bad deal %q", s)
	}
	for i, hs := range strings.Fields(s[2:]) {
		seat := (int(first) + i) & 3
		suits := strings.Split(hs, ".")
		if len(suits) != 4 {
			t.Fatalf("bad hand %q", hs)
		}
		for su, ranks := range suits {
			for j := 0; j < len(ranks); j++ {
				if ranks[j] == '-' {
					continue
				}
				rk, ok := pbn.ParseRank(ranks[j])
				if !ok {
					t.Fatalf("bad rank in %q", hs)
				}
				d[seat] = d[seat].With(pbn.NewCard(pbn.Suit(su), rk))
			}
		}
	}
	return d
}

// solveTable returns the double-dummy table of a full deal in the layout
// of DDS CalcDDtable: [strain][seat] tricks of seat's side when seat
// declares.
func solveTable(s *Solver, hands [4]pbn.Hand) [5][4]int {
	var out [5][4]int
	for st := pbn.Strain(0); st <= pbn.NoTrump; st++ {
		for decl := pbn.North; decl <= pbn.West; decl++ {
			p := Position{Hands: hands, Trump: st, Leader: decl.Next()}
			out[st][decl] = 13 - s.Tricks(p)
		}
	}
	return out
}
