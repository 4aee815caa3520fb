// The trick engine's general replay: who may hold what while a play is replayed card by card,
// with hidden hands (Holding), whether a trick is legal, and cards given back to their holders.

package pbn

// Holding tracks the cards still to be played during a replay: the
// remaining cards of the hands the record gives, and the pool of unplayed
// cards that no given hand holds (they belong to the hidden hands).
type Holding struct {
	rem   Deal
	known [4]bool
	pool  Hand
}

// NewHolding starts a replay of deal d, whose hands given says are known.
// (The pool matters only for hidden hands: a replay of four given hands
// may start from what they still hold.)
func NewHolding(d *Deal, given [4]bool) Holding {
	h := Holding{known: given, pool: FullHand}
	for s := range d {
		if given[s] {
			h.rem[s] = d[s]
			h.pool &^= d[s]
		}
	}
	return h
}

// Holds reports whether seat s may hold c: a known hand must hold it, a
// hidden hand may hold any card of the pool.
func (h *Holding) Holds(s Seat, c Card) bool {
	if h.known[s] {
		return h.rem[s].Has(c)
	}
	return h.pool.Has(c)
}

// MustFollow reports whether seat s provably holds a card of suit su.
func (h *Holding) MustFollow(s Seat, su Suit) bool {
	return h.known[s] && h.rem[s].HasSuit(su)
}

// Known reports whether the record gives the hand of seat s.
func (h *Holding) Known(s Seat) bool { return h.known[s] }

// Hand returns what seat s still holds when its hand is known (else
// nothing).
func (h *Holding) Hand(s Seat) Hand { return h.rem[s] }

// Hands returns what the known hands still hold (a hidden hand is empty).
func (h *Holding) Hands() Deal { return h.rem }

// KnownHolder returns the known hand that holds c.
func (h *Holding) KnownHolder(c Card) (Seat, bool) {
	for s := North; s <= West; s++ {
		if h.known[s] && h.rem[s].Has(c) {
			return s, true
		}
	}
	return 0, false
}

// Remove takes card c out of seat s's hand (or the pool).
func (h *Holding) Remove(s Seat, c Card) {
	if h.known[s] {
		h.rem[s] = h.rem[s].Without(c)
	} else {
		h.pool = h.pool.Without(c)
	}
}

// LegalTrick reports whether cards, played in this order starting with
// leader, form a legal trick against the remaining hands: every card is
// held by its seat and every seat that provably holds the led suit follows
// it. An unknown card (NoCard) fits any seat; after an unknown lead only
// holding is checked. Cards whose bit is set in revokes (a PBN ^R mark) may
// fail to follow. A partial trick (fewer than four cards) is checked as far
// as it goes.
func (h *Holding) LegalTrick(leader Seat, cards []Card, revokes uint8) bool {
	if len(cards) == 0 {
		return true
	}
	led, ledKnown := cards[0].Suit(), cards[0] != NoCard
	for i, c := range cards {
		if c == NoCard {
			continue // an unknown card fits any seat (laws.md A12)
		}
		if !c.Valid() {
			return false
		}
		for j := 0; j < i; j++ {
			if cards[j] == c {
				return false
			}
		}
		s := (leader + Seat(i)) & 3
		if !h.Holds(s, c) {
			return false
		}
		if i > 0 && ledKnown && c.Suit() != led && revokes>>i&1 == 0 && h.MustFollow(s, led) {
			return false
		}
	}
	return true
}

// ByHolder gives each card of a trick (in the order written; up to four)
// to the seat that holds it and returns the cards in playing order from
// leader, with ok true when that makes a legal trick: one card per seat,
// the seats the first len(cards) from leader, each card held, suit
// followed where provably possible. A card that no known hand holds goes
// to a hidden seat: the only one left, else the seat hint gives for it;
// with no hint (nil) such a card makes the trick fail. An unknown card
// (NoCard) fits any seat left (laws.md A12).
func (h *Holding) ByHolder(leader Seat, cards []Card, hint *[4]Seat) (out [4]Card, ok bool) {
	k := len(cards)
	if k == 0 || k > 4 {
		return out, false
	}
	var taken [4]bool
	var loose [4]int // indexes of cards held by no known hand
	nl, unknown := 0, 0
	for i, c := range cards {
		if c == NoCard {
			unknown++
			continue
		}
		if !c.Valid() {
			return out, false
		}
		for j := 0; j < i; j++ {
			if cards[j] == c {
				return out, false
			}
		}
		if s, held := h.KnownHolder(c); held {
			if taken[s] || int((s-leader)&3) >= k {
				return out, false
			}
			taken[s] = true
			out[(s-leader)&3] = c
			continue
		}
		if hint == nil || !h.pool.Has(c) {
			return out, false
		}
		loose[nl] = i
		nl++
	}
	// A known hand with no card in this trick takes an unknown card;
	// the loose cards go to hidden hands.
	free, hidden := 0, 0
	var last Seat
	for i := 0; i < k; i++ {
		s := (leader + Seat(i)) & 3
		if !taken[s] {
			free++
			if !h.known[s] {
				hidden++
				last = s
			}
		}
	}
	if free != nl+unknown || hidden < nl {
		return out, false
	}
	if nl == 1 && hidden == 1 {
		out[(last-leader)&3] = cards[loose[0]]
	} else {
		for _, i := range loose[:nl] {
			s := hint[i] & 3
			if taken[s] || h.known[s] || int((s-leader)&3) >= k {
				return out, false
			}
			taken[s] = true
			out[(s-leader)&3] = cards[i]
		}
	}
	// (The seats left hold the unknown cards: NoCard, as out starts.)
	return out, h.LegalTrick(leader, out[:k], 0)
}
