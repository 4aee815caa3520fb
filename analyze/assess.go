package analyze

import (
	"strings"

	"revokes/pbn"
)

// Assessment says whether a revoke row is likelier a revoke of the players
// or an error of the record (laws.md A14).
type Assessment uint8

// The assessments.
const (
	Plausible    Assessment = iota // none of the evidence below
	Suspect                        // the record makes a typing or conversion error the likelier story
	Undetermined                   // the record gives too little to judge
)

// String returns "plausible", "suspect" or "undetermined".
func (a Assessment) String() string {
	return [...]string{"plausible", "suspect", "undetermined"}[a%3]
}

// Evidence is the set of evidence codes behind an assessment (laws.md
// A14), one bit a code in the order of the law.
type Evidence uint8

// The evidence codes.
const (
	EvSeveralInTrick    Evidence = 1 << iota // two or more players fail to follow in the trick
	EvLeadOddOne                             // the lead is the only card of its suit; the other three share one
	EvRankTypo                               // the offender held the revoke card's rank in the led suit and never plays it
	EvDummy                                  // dummy failed to follow
	EvContractMismatch                       // the contract came from contradictory tags (A16) or the LIN rs result (A21)
	EvRecordRepaired                         // the reader gave the cards of this or an earlier trick to their holders one by one (A20)
	EvRecordCut                              // the reader or the replay cut the play in this trick or the next (A20)
	EvLastRecordedTrick                      // the last trick the record holds

	evSuspect = EvSeveralInTrick | EvLeadOddOne | EvRankTypo | EvDummy | EvContractMismatch | EvRecordRepaired | EvRecordCut
)

// evidenceCodes are the codes of the Evidence bits, in order.
var evidenceCodes = [...]string{"several-in-trick", "lead-odd-one", "rank-typo", "dummy", "contract-mismatch", "record-repaired", "record-cut", "last-recorded-trick"}

// EvidenceCodes are the evidence codes in the order of laws.md A14.
func EvidenceCodes() []string { return evidenceCodes[:] }

// Codes returns the codes of e in the order of laws.md A14.
func (e Evidence) Codes() []string {
	var out []string
	for i, c := range evidenceCodes {
		if e&(1<<i) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// String returns the codes of e joined with spaces ("" for none).
func (e Evidence) String() string { return strings.Join(e.Codes(), " ") }

// assessment is what evidence e says (laws.md A14: suspect wins over
// undetermined).
func (e Evidence) assessment() Assessment {
	switch {
	case e&evSuspect != 0:
		return Suspect
	case e != 0:
		return Undetermined
	}
	return Plausible
}

// assess gives every revoke of the replay its evidence and assessment,
// from the replay and the reader's repairs of board b (laws.md A14, A20);
// revs[i] is r.facts[i]. mismatch is set when the board's contract came
// from contradictory tags or the rs result (A16, A21). A ^R mark is no
// evidence either way. Only boards with a revoke come here.
func assess(r *replay, b *pbn.Board, revs []Revoke, mismatch bool) {
	for i := range revs {
		fa := &r.facts[i]
		rv := &revs[i]
		var e Evidence
		// several-in-trick: another failure to follow in the same trick.
		for j := range r.facts {
			if j != i && r.facts[j].trick == fa.trick {
				e |= EvSeveralInTrick
				break
			}
		}
		// lead-odd-one needs the whole trick: the lead alone in its suit,
		// the other three cards of one other suit.
		if tr := &r.tricks[fa.trick-1]; tr.n == 4 && !tr.unknown {
			led, other := tr.cards[0].Suit(), tr.cards[1].Suit()
			if other != led && tr.cards[2].Suit() == other && tr.cards[3].Suit() == other {
				e |= EvLeadOddOne
			}
		}
		// rank-typo: the offender held x, the revoke card's rank in the
		// led suit, and no later trick the replay reaches has him play
		// it (a stop of the record or the replay before x counts).
		if x := pbn.NewCard(fa.led, fa.card.Rank()); fa.held.Has(x) && !r.playsLater(fa.offender, x, fa.trick) {
			e |= EvRankTypo
		}
		if rv.Role == Dummy {
			e |= EvDummy
		}
		if mismatch {
			e |= EvContractMismatch
		}
		// record-repaired: the reader gave the cards of this trick or an
		// earlier one to their holders one by one (laws.md A20).
		if uint32(b.Reseated)&(1<<fa.trick-1) != 0 {
			e |= EvRecordRepaired
		}
		// record-cut: a card not held, played twice or unreadable cut
		// the play in this trick or the next (laws.md A20, A12).
		if r.stopTrick == fa.trick || r.stopTrick == fa.trick+1 {
			e |= EvRecordCut
		}
		// last-recorded-trick: no trick the replay reaches comes after it
		// (a trick reached in part counts as reached, and so does the
		// trick in which an impossible card stopped the replay).
		if fa.trick >= max(r.started, r.stopTrick) {
			e |= EvLastRecordedTrick
		}
		rv.Evidence, rv.Assessment = e, e.assessment()
	}
}

// readerStop counts a stop that the reader made (laws.md A12): it cut the
// play at an unreadable card (bad-card) or, in LIN, at a card the player
// does not hold. When the replay reached the end of that play, the trick
// of the cut card is a trick the record holds (laws.md A14), as for a
// stop of the replay itself.
func (r *replay) readerStop(b *pbn.Board) {
	if r.stopped || r.started == 0 {
		return
	}
	if last := &r.tricks[r.started-1]; last.unknown || 4*(r.started-1)+last.n != len(b.Play) {
		return // the replay stopped before the end of the play
	}
	for _, p := range b.Problems {
		if p.Severity == pbn.Warning && (p.Code == codeBadCard || p.Code == codeCardNotHeld || p.Code == codeDuplicateCard) {
			r.stopTrick = max(r.stopTrick, len(b.Play)/4+1)
			return
		}
	}
}

// playsLater reports whether seat s plays card c in a trick after trick t
// (1-based) that the replay reaches.
func (r *replay) playsLater(s pbn.Seat, c pbn.Card, t int) bool {
	for i := t; i < r.started; i++ {
		tr := &r.tricks[i]
		for k := 0; k < tr.n; k++ {
			if tr.seats[k] == s && tr.cards[k] == c {
				return true
			}
		}
	}
	return false
}
