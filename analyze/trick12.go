package analyze

import "revokes/pbn"

// correct12 replays tricks 12 and 13 of a trick-12 revoke with the offender
// following suit (laws.md A5, §4.4; 1936 §27.1, 1963 art. 62, 2017 62D).
// A non-offending player after the offender in trick 12 may change his
// card, chosen in his side's favour; the offender's partner's card after
// the revoke stands or is chosen by the non-offending side as partner says
// (the edition's Trick12Partner), unless it failed to follow itself. A card
// the record does not show is chosen in the non-offending side's favour.
// Trick 13 follows from what is left. It returns the winning seats of
// tricks 12 and 13, or false when the hands at trick 12 are not known.
func (r *replay) correct12(fa *fact, partner Trick12Partner) (w12, w13 pbn.Seat, ok bool) {
	tr := &r.tricks[11]
	before := r.before(11)
	for s := range before {
		if before[s].Len() != 2 {
			return 0, 0, false
		}
	}
	led := fa.led
	var cards [4]pbn.Card
	var seats [4]pbn.Seat
	copy(cards[:fa.pos], tr.cards[:fa.pos])
	copy(seats[:fa.pos], tr.seats[:fa.pos])
	leader := tr.seats[0]
	for k := 0; k < 4; k++ {
		seats[k] = (leader + pbn.Seat(k)) & 3
	}
	cards[fa.pos] = before[fa.offender].Highest(led)
	nos := !fa.offender.NS()

	// options of each later position: its legal cards.
	var opts [4][2]pbn.Card
	var nopt [4]int
	for k := fa.pos + 1; k < 4; k++ {
		h := before[seats[k]]
		if h.HasSuit(led) {
			h = h.Suit(led)
		}
		if c := tr.cards[k]; partner == PartnerStands && seats[k] == fa.offender.Partner() && k < tr.n && h.Has(c) {
			// 1936 §27.1; 1987 on 62C, 62D: his card, a legal one, stands.
			h = pbn.Hand(0).With(c)
		}
		for _, c := range h.Cards() {
			opts[k][nopt[k]] = c
			nopt[k]++
		}
	}
	best := -1
	var try func(k int)
	try = func(k int) {
		if k == 4 {
			a := seats[pbn.TrickWinner(cards, r.trump)]
			// Trick 13: each hand plays its last card, led by a.
			var c13 [4]pbn.Card
			for j := 0; j < 4; j++ {
				s := (a + pbn.Seat(j)) & 3
				rest := before[s]
				for i := 0; i < 4; i++ {
					if seats[i] == s {
						rest = rest.Without(cards[i])
					}
				}
				c13[j] = pbn.Card(lowBit(rest))
			}
			b := (a + pbn.Seat(pbn.TrickWinner(c13, r.trump))) & 3
			score := 0
			if a.NS() == nos {
				score++
			}
			if b.NS() == nos {
				score++
			}
			if score > best {
				best, w12, w13 = score, a, b
			}
			return
		}
		for i := 0; i < nopt[k]; i++ {
			cards[k] = opts[k][i]
			try(k + 1)
		}
	}
	try(fa.pos + 1)
	return w12, w13, true
}
