// Package dd is a double-dummy solver for bridge: given the remaining cards
// of the four hands, the trumps and the cards already played to the current
// trick, it finds how many tricks each side takes when everyone plays
// perfectly with all hands in view.
//
// The search is an alpha-beta search with zero-window probes ("can North-
// South take t tricks?") driven by an outer loop that narrows the target,
// starting from a guess by high cards and trumps and probing next to the
// last answer (MTD(f)-like). It plays only one card of
// each run of equivalent cards, and once a card below every rank that
// mattered has failed, no lower card of its suit; it cuts off with quick
// tricks (of the leader and partner), sure tricks of the side not on lead
// (DDS's "later tricks"), and second- and third-hand checks that the side
// to play surely wins the current trick; it orders moves by the weights
// of DDS's move generator (leads in suits where the opponents have few
// replies, winners cashed, leads towards partner's top cards; following
// cards that win cheaply or stay low under partner's winner, discards
// from long suits) and the last lead that cut off at the same trick, and
// keeps a transposition table of bounds
// at trick boundaries keyed by suit lengths and matched on the owners of
// the cards whose ranks mattered (the "winning ranks" idea of Bo
// Haglund's DDS), so that one entry serves many positions that differ
// only in small cards.
package dd

import (
	"errors"
	"fmt"
	"math/bits"

	"revokes/pbn"
)

// Position is a double-dummy problem: the remaining cards of the four
// hands, trumps, the cards already played to the current trick (in order,
// starting with the leader), and the leader of the current trick.
//
// The hands that have already played to the current trick hold one card
// fewer than those still to play (as in DDS SolveBoard): the played cards
// are not in Hands.
type Position struct {
	Hands  [4]pbn.Hand
	Trump  pbn.Strain
	Leader pbn.Seat
	Played []pbn.Card
	// Revoked allows a played card of the current trick that does not
	// follow suit although its player still holds the suit (the equity
	// estimate of a revoke starts from such a position).
	Revoked bool
}

// ToPlay returns the seat to play next: the seat after the Played cards.
func (p Position) ToPlay() pbn.Seat {
	return pbn.Seat((int(p.Leader) + len(p.Played)) & 3)
}

// Validate reports whether p is a well-formed position: valid cards, no
// card twice, at most three played cards, the hands of the seats that
// played to the current trick one card shorter than the others, at least
// one card left, and played cards that follow suit when they can.
func (p Position) Validate() error {
	if p.Trump > pbn.NoTrump {
		return fmt.Errorf("dd: bad strain %d", p.Trump)
	}
	if p.Leader > pbn.West {
		return fmt.Errorf("dd: bad leader %d", p.Leader)
	}
	if len(p.Played) > 3 {
		return errors.New("dd: more than three cards played to the current trick")
	}
	var seen pbn.Hand
	for i, h := range p.Hands {
		if h&^pbn.FullHand != 0 {
			return fmt.Errorf("dd: hand %v holds invalid cards", pbn.Seat(i))
		}
		if seen&h != 0 {
			return fmt.Errorf("dd: card %v held twice", pbn.Card(bits.TrailingZeros64(uint64(seen&h))))
		}
		seen |= h
	}
	for i, c := range p.Played {
		if !c.Valid() {
			return fmt.Errorf("dd: played card %d invalid", i)
		}
		if seen.Has(c) {
			return fmt.Errorf("dd: played card %v also held", c)
		}
		seen = seen.With(c)
		if i > 0 {
			who := pbn.Seat((int(p.Leader) + i) & 3)
			led := p.Played[0].Suit()
			if c.Suit() != led && p.Hands[who].HasSuit(led) && !p.Revoked {
				return fmt.Errorf("dd: %v revoked with %v", who, c)
			}
		}
	}
	n := p.Hands[p.ToPlay()].Len()
	if n == 0 {
		return errors.New("dd: no cards left")
	}
	for i := 0; i < 4; i++ {
		seat := pbn.Seat((int(p.Leader) + i) & 3)
		want := n
		if i < len(p.Played) {
			want = n - 1
		}
		if p.Hands[seat].Len() != want {
			return fmt.Errorf("dd: %v holds %d cards, want %d", seat, p.Hands[seat].Len(), want)
		}
	}
	return nil
}

// CardValue is the outcome of one card: the tricks the side of the player
// takes from the position (including the current trick) when it plays Card
// and everyone then plays double-dummy.
type CardValue struct {
	Card   pbn.Card
	Tricks int
}

// Solver solves double-dummy positions. It keeps its transposition table
// between calls, so reusing one Solver for many positions of the same deal
// (or the same strain) is faster than making a new one each time. A Solver
// is not safe for concurrent use.
type Solver struct {
	st    state
	tt    *table
	trump int // strain of the table's entries; -1 when empty
	// Nodes counts the search nodes visited since the Solver was made.
	Nodes int64
	// trickNodes counts the tricks completed in the search (DDS's node
	// count).
	trickNodes int64
}

// NewSolver returns a Solver with an empty transposition table.
func NewSolver() *Solver {
	return &Solver{tt: newTable(), trump: -1}
}

// Tricks returns the most tricks the side of the seat to play (the next
// seat after the Played cards) can take from the remaining cards,
// including the current trick. It panics if p is not valid (see
// Position.Validate).
func (s *Solver) Tricks(p Position) int {
	s.load(p)
	ns := s.solve()
	return s.side(ns)
}

// Values returns, for every legal card of the seat to play, the tricks its
// side takes (including the current trick) if it plays that card and
// everyone then plays double-dummy, like DDS SolveBoard with solutions=3.
// The cards come in suit order (spades first), high cards first within a
// suit. It panics if p is not valid.
func (s *Solver) Values(p Position) []CardValue {
	s.load(p)
	st := &s.st
	p0 := st.turn()
	h := st.h[p0]
	legal := h
	if st.tn > 0 {
		led := uint64(0xffff) << (16 * (st.trk[0] >> 4))
		if h&led != 0 {
			legal = h & led
		}
	}
	best := s.solve()
	n := st.remaining()
	ns := p0&1 == 0
	var out []CardValue
	vals := map[uint8]int{}
	for x := legal; x != 0; {
		c := uint8(63 - bits.LeadingZeros64(x))
		x &^= 1 << c
		rep := st.repOf(p0, c)
		v, ok := vals[rep]
		if !ok {
			var lo, hi int
			if ns {
				lo, hi = 0, best // NS can do no better than best
			} else {
				lo, hi = best, n // EW can hold NS to no fewer than best
			}
			// Try the best value first: most cards keep it.
			probe := func(t int) bool { ok, _, _ := st.tryMove(rep, t); return ok }
			switch {
			case ns && probe(best):
				v = best
			case !ns && !probe(best+1):
				v = best
			default:
				if ns {
					hi = best - 1
				} else {
					lo = best + 1
				}
				v = s.bracket(lo, hi, probe)
			}
			vals[rep] = v
		}
		out = append(out, CardValue{Card: pbn.Card(c), Tricks: s.side(v)})
	}
	// Sort by suit (spades first), then rank descending; bits run from
	// clubs (high bits) down, so reorder suits.
	sorted := make([]CardValue, 0, len(out))
	for su := pbn.Spades; su <= pbn.Clubs; su++ {
		for _, cv := range out {
			if cv.Card.Suit() == su {
				sorted = append(sorted, cv)
			}
		}
	}
	return sorted
}

// side turns NS tricks into tricks of the side of the seat to play at load.
func (s *Solver) side(ns int) int {
	if s.st.rootTurn&1 == 0 {
		return ns
	}
	return s.st.rootN - ns
}

// load sets up the search state for p.
func (s *Solver) load(p Position) {
	if err := p.Validate(); err != nil {
		panic(err)
	}
	if int(p.Trump) != s.trump {
		s.tt.clear()
		s.trump = int(p.Trump)
	}
	st := &s.st
	*st = state{}
	st.trump = int(p.Trump)
	for i := range p.Hands {
		st.h[i] = uint64(p.Hands[i])
	}
	st.tlead = int(p.Leader)
	for _, c := range p.Played {
		st.trk[st.tn] = uint8(c)
		st.tn++
		st.tmask |= 1 << c
	}
	st.initKey()
	st.tt = s.tt
	st.rootTurn = st.turn()
	st.rootN = st.remaining()
}

// solve returns the NS tricks of the loaded position.
func (s *Solver) solve() int {
	st := &s.st
	lo, hi := 0, st.remaining()
	if st.tn == 0 {
		l, h := st.ttBounds()
		lo, hi = max(lo, l), min(hi, h)
	}
	return s.bracketFrom(lo, hi, st.estimate(), func(t int) bool { ok, _, _ := st.search(t); return ok })
}

// bracket finds the exact NS tricks knowing they lie in [lo, hi], by
// zero-window probes: probe(t) reports whether NS take at least t tricks.
func (s *Solver) bracket(lo, hi int, probe func(t int) bool) int {
	return s.bracketFrom(lo, hi, (lo+hi+1)/2, probe)
}

// bracketFrom is bracket with the first probe at t (clamped to the
// bounds).
func (s *Solver) bracketFrom(lo, hi, t int, probe func(t int) bool) int {
	st := &s.st
	t = max(lo+1, min(hi, t))
	for lo < hi {
		if probe(t) {
			lo = t
			t = lo + 1
		} else {
			hi = t - 1
			t = hi
		}
	}
	s.Nodes += st.nodes
	s.trickNodes += st.tnodes
	st.nodes, st.tnodes = 0, 0
	if lo > hi {
		panic("dd: inconsistent bounds")
	}
	return lo
}
