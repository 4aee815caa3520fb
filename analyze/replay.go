package analyze

import (
	"math/bits"

	"revokes/pbn"
)

// trick is one trick of the replay, cards in playing order.
type trick struct {
	seats  [4]pbn.Seat
	cards  [4]pbn.Card
	n      int      // cards played to it (4 when complete)
	winner pbn.Seat // valid when n == 4 and !unknown
	// unknown is set when a card of it is unknown (pbn.NoCard, a PBN "-"):
	// its winner is not known and the replay stops after it (laws.md A12).
	unknown bool
}

// fact is a revoke as the replay sees it, before any ruling.
type fact struct {
	offender pbn.Seat
	trick    int // 1..13
	pos      int // position in the trick, 1..3
	led      pbn.Suit
	card     pbn.Card
	held     pbn.Hand
	marked   bool
	// laterWin is the first trick after the revoke that the offender's own
	// hand won with a card of the led suit that it held at the revoke (the
	// 1997 extra trick, laws.md A13); 0 when none.
	laterWin int
	// lostClaim is set when only a claim would establish the revoke and
	// the record lost cards in trick lostTrick, so shows no claim (laws.md
	// A19).
	lostClaim bool
	lostTrick int
}

// replay is the board replayed card by card against each hand.
type replay struct {
	deal     pbn.Deal // the full deal (given or reconstructed)
	tricks   [13]trick
	started  int // tricks with at least one card
	complete int // complete tricks
	facts    []fact
	trump    pbn.Strain
	// stopped is set when an impossible card (not held, or played
	// before) after the first trick stopped the replay (laws.md A12):
	// the tricks before it and the cards of its trick before it stand.
	stopped bool
	// stopTrick is the trick (1-based) in which that card stopped it:
	// a trick the replay reaches even when none of its cards stands
	// (laws.md A14, last-recorded-trick).
	stopTrick int
	// slow leaves out the quick loop (Analyzer.slow).
	slow bool
}

// won returns the number of tricks played out that the side ns won.
func (r *replay) won(ns bool) int {
	n := 0
	for t := 0; t < r.complete; t++ {
		if r.tricks[t].winner.NS() == ns {
			n++
		}
	}
	return n
}

// problem codes of the replay.
const (
	codeCardNotHeld   = "card-not-held"
	codeDuplicateCard = "duplicate-card"
	codeBadDeal       = "bad-deal"
	codeBadPlay       = "bad-play"
	codeIncomplete    = "incomplete-play"
	codeHiddenHand    = "hidden-hand"
	codeMarkNotRevoke = "mark-not-revoke"
	codeResult        = "result-mismatch"
	codeBadContract   = "bad-contract"
	codeNoDeal        = "no-deal"
	codeNoDate        = "no-date"
	codeBadClaim      = "bad-claim"
	codeBadCard       = "bad-card"
)

// oneBadDeal leaves one problem row for a deal that cannot be analysed:
// the error of buildDeal (the last row) takes the place of the reader's
// warning about the same deal, and its line (the Deal tag's).
func oneBadDeal(probs []pbn.Problem) []pbn.Problem {
	last := len(probs) - 1
	if last < 0 || probs[last].Code != codeBadDeal {
		return probs
	}
	for i := range probs[:last] {
		if p := probs[i]; p.Code == codeBadDeal && p.Severity == pbn.Warning {
			if p.Line > 0 {
				probs[last].Line = p.Line
			}
			return append(probs[:i], probs[i+1:]...)
		}
	}
	return probs
}

// buildDeal checks the deal of b and completes hidden hands: one hidden
// hand is the complement of three full ones; otherwise a hidden hand is
// reconstructed from the cards it played. It returns problems: errors make
// the board unanalysable.
func buildDeal(b *pbn.Board, add func(code string, sev pbn.Severity, m pbn.Message)) (pbn.Deal, bool) {
	var d pbn.Deal
	var seen pbn.Hand
	hidden := 0
	for s := pbn.North; s <= pbn.West; s++ {
		if !b.Given[s] {
			hidden++
			continue
		}
		h := b.Deal[s]
		if h.Len() != 13 {
			add(codeBadDeal, pbn.Error, pbn.Msg("the hand of %s has %d cards, not 13", s, h.Len()))
			return d, false
		}
		if dup := seen & h; dup != 0 {
			add(codeBadDeal, pbn.Error, pbn.Msg("card %s is in two hands", pbn.Card(lowBit(dup))))
			return d, false
		}
		seen |= h
		d[s] = h
	}
	if hidden == 0 {
		return d, true
	}
	if hidden == 1 {
		for s := pbn.North; s <= pbn.West; s++ {
			if !b.Given[s] {
				d[s] = pbn.FullHand &^ seen
				return d, true
			}
		}
	}
	// Reconstruct hidden hands from the play.
	for _, p := range b.Play {
		if !b.Given[p.Seat] && p.Card.Valid() && !seen.Has(p.Card) {
			d[p.Seat] = d[p.Seat].With(p.Card)
		}
	}
	for s := pbn.North; s <= pbn.West; s++ {
		if !b.Given[s] {
			add(codeHiddenHand, pbn.Warning, pbn.Msg("the hand of %s is not given: it is rebuilt from the cards it played", s))
		}
	}
	return d, true
}

// lowBit returns the lowest card of a non-empty hand.
func lowBit(h pbn.Hand) uint8 { return uint8(bits.TrailingZeros64(uint64(h))) }

// checked takes the replay of a board that the reader's trick engine
// found regular (pbn.Board.Regular: every card held, suit followed, in
// turn, no marks), with the seat that won each trick in wins: there is no
// failure to follow suit, so no revoke to find (laws.md A1), and of its
// tricks only the winners count.
func (r *replay) checked(b *pbn.Board, d pbn.Deal, wins uint32) {
	r.deal, r.stopped = d, false
	n := len(b.Play) / 4
	for t := 0; t < n; t++ {
		r.tricks[t].n = 4
		r.tricks[t].winner = pbn.Seat(wins >> (2 * t) & 3)
	}
	r.started, r.complete = n, n
}

// before returns every hand at the start of trick t (0-based) of a replay
// that reached it: the deal without the cards played before it (each
// was held by its seat).
func (r *replay) before(t int) pbn.Deal {
	var played pbn.Hand
	for i := 0; i < t; i++ {
		tr := &r.tricks[i]
		for k := 0; k < tr.n; k++ {
			played |= 1 << tr.cards[k]
		}
	}
	h := r.deal
	for s := range h {
		h[s] &^= played
	}
	return h
}

// run replays b.Play against d. A card that was not held, or was played
// before, stops it: in the first trick that is an error problem and run
// returns false; later a warning, and what came before it stands
// (r.stopped, laws.md A12). An unknown card (pbn.NoCard) is played by its
// seat without a check; the other cards of its trick are checked
// (following suit only when the lead is known), and the trick has no
// winner.
func (r *replay) run(b *pbn.Board, d pbn.Deal, add func(code string, sev pbn.Severity, m pbn.Message)) bool {
	r.deal = d
	var played pbn.Hand
	plays := b.Play
	if len(plays) > 52 {
		add(codeBadPlay, pbn.Error, pbn.Msg("the play has %d cards, more than 52", len(plays)))
		return false
	}
	// The usual tricks, quickly (the trick engine, pbn.Tricks): four cards in turn from the right
	// leader, held, following suit, unmarked. The general loop below
	// takes over at the first trick that is not like that.
	i0 := 0
	q := pbn.Tricks{Hands: d, Trump: r.trump}
	for ; !r.slow && i0+4 <= len(plays); i0 += 4 {
		p := (*[4]pbn.Play)(plays[i0 : i0+4])
		t := i0 / 4
		if t == 0 {
			q.Leader = p[0].Seat
		}
		s0 := q.Leader
		if s0 > pbn.West || p[0].Seat != s0 || p[1].Seat != (s0+1)&3 || p[2].Seat != (s0+2)&3 || p[3].Seat != (s0+3)&3 ||
			p[0].Mark|p[1].Mark|p[2].Mark|p[3].Mark != 0 {
			break
		}
		cards := [4]pbn.Card{p[0].Card, p[1].Card, p[2].Card, p[3].Card}
		var out [4]pbn.Play
		if len(q.Run(out[:0], []uint32{pbn.PlayWord(cards[0], cards[1], cards[2], cards[3])}, 0, false)) == 0 {
			break
		}
		tr := &r.tricks[t]
		tr.seats = [4]pbn.Seat{s0, (s0 + 1) & 3, (s0 + 2) & 3, (s0 + 3) & 3}
		tr.cards = cards
		tr.n = 4
		tr.winner = q.Leader
		r.started, r.complete = t+1, t+1
	}
	// The rest card by card, who holds what from the trick engine (all
	// four hands known here: the hidden ones are rebuilt).
	st := pbn.NewHolding(&q.Hands, [4]bool{true, true, true, true})
	if i0 > 0 {
		for _, p := range plays[:i0] {
			played = played.With(p.Card)
		}
	}
	for i := i0; i < len(plays); i++ {
		p := plays[i]
		t := i / 4
		k := i % 4
		tr := &r.tricks[t]
		if k == 0 {
			if t > 0 && r.tricks[t-1].unknown {
				break // laws.md A12: the replay stops after that trick
			}
			tr.unknown = false
			r.started = t + 1
			if t > 0 && p.Seat != r.tricks[t-1].winner && p.Mark != 'L' {
				add(codeBadPlay, pbn.Error, pbn.Msg("trick %d is led by %s, but %s won trick %d", t+1, p.Seat, r.tricks[t-1].winner, t))
				return false
			}
		} else if p.Seat != tr.seats[k-1].Next() {
			add(codeBadPlay, pbn.Error, pbn.Msg("trick %d: %s plays out of turn", t+1, p.Seat))
			return false
		}
		c := p.Card
		if c == pbn.NoCard {
			// laws.md A12: an unknown card; its trick is still checked.
			tr.seats[k], tr.cards[k], tr.n, tr.unknown = p.Seat, c, k+1, true
			continue
		}
		if !st.Holds(p.Seat, c) {
			// laws.md A12: only a board whose first trick cannot be
			// replayed is skipped.
			sev := pbn.Warning
			if t == 0 {
				sev = pbn.Error
			}
			if played.Has(c) {
				add(codeDuplicateCard, sev, pbn.Msg("trick %d: %s plays %s, which was already played", t+1, p.Seat, c))
			} else {
				add(codeCardNotHeld, sev, pbn.Msg("trick %d: %s plays %s, which is not in that hand", t+1, p.Seat, c))
			}
			if t == 0 {
				return false
			}
			r.stopped, r.stopTrick = true, t+1
			if k == 0 {
				r.started = t // nothing of this trick stands
			}
			break
		}
		tr.seats[k] = p.Seat
		tr.cards[k] = c
		tr.n = k + 1
		if k > 0 && tr.cards[0] != pbn.NoCard {
			led := tr.cards[0].Suit()
			if c.Suit() != led && st.MustFollow(p.Seat, led) {
				// laws.md A1, §4.1: a failure to follow suit.
				r.facts = append(r.facts, fact{
					offender: p.Seat, trick: t + 1, pos: k, led: led, card: c,
					held: st.Hand(p.Seat).Suit(led), marked: p.Mark == 'R',
				})
			} else if p.Mark == 'R' {
				add(codeMarkNotRevoke, pbn.Warning, pbn.Msg("trick %d: %s is marked as a revoke (^R) but follows the rules", t+1, c))
			}
		} else if p.Mark == 'R' && k == 0 {
			add(codeMarkNotRevoke, pbn.Warning, pbn.Msg("trick %d: %s is marked as a revoke (^R) but follows the rules", t+1, c))
		}
		st.Remove(p.Seat, c)
		played = played.With(c)
		if k == 3 && !tr.unknown {
			tr.winner = tr.seats[pbn.TrickWinner(tr.cards, r.trump)]
			r.complete = t + 1
		}
	}
	// The 1997 extra trick needs to know whether the offender later won a
	// trick with a card of the led suit he held at the revoke.
	for i := range r.facts {
		f := &r.facts[i]
		for t := f.trick; t < r.complete; t++ {
			tr := &r.tricks[t]
			if tr.winner != f.offender {
				continue
			}
			for k := 0; k < 4; k++ {
				if tr.seats[k] == f.offender && f.held.Has(tr.cards[k]) {
					f.laterWin = t + 1
				}
			}
			if f.laterWin != 0 {
				break
			}
		}
	}
	return true
}
