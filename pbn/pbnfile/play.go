// PBN reading: the play into playing order, replayed to seat the cards (general replay and quickRowReplay for rows of plain cards).

package pbnfile

import "revokes/pbn"

// playState tracks the cards still to be played during a replay: the
// remaining cards of the hands the record gives, and the pool of unplayed
// cards that no given hand holds (they belong to the hidden hands).
type playState struct {
	rem   pbn.Deal
	known [4]bool
	pool  pbn.Hand
}

// newPlayState starts a replay of deal d, whose hands given says are
// known.
func newPlayState(d *pbn.Deal, given [4]bool) playState {
	ps := playState{known: given, pool: pbn.FullHand}
	for s := range d {
		if given[s] {
			ps.rem[s] = d[s]
			ps.pool &^= d[s]
		}
	}
	return ps
}

// holds reports whether seat s may hold c: a known hand must hold it, a
// hidden hand may hold any card of the pool.
func (h *playState) holds(s pbn.Seat, c pbn.Card) bool {
	if h.known[s] {
		return h.rem[s].Has(c)
	}
	return h.pool.Has(c)
}

// mustFollow reports whether seat s provably holds a card of suit su.
func (h *playState) mustFollow(s pbn.Seat, su pbn.Suit) bool {
	return h.known[s] && h.rem[s].HasSuit(su)
}

// remove takes card c out of seat s's hand (or the pool).
func (h *playState) remove(s pbn.Seat, c pbn.Card) {
	if h.known[s] {
		h.rem[s] = h.rem[s].Without(c)
	} else {
		h.pool = h.pool.Without(c)
	}
}

// legalTrick reports whether cards, played in this order starting with
// leader, form a legal trick against the remaining hands: every card is
// held by its seat and every seat that provably holds the led suit follows
// it. An unknown card (NoCard) fits any seat; after an unknown lead only
// holding is checked. Cards whose bit is set in revokes (a PBN ^R mark) may fail to follow.
// A partial trick (fewer than four cards) is checked as far as it goes.
func legalTrick(h *playState, leader pbn.Seat, cards []pbn.Card, revokes uint8) bool {
	if len(cards) == 0 {
		return true
	}
	led, ledKnown := cards[0].Suit(), cards[0] != pbn.NoCard
	for i, c := range cards {
		if c == pbn.NoCard {
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
		s := leader + pbn.Seat(i)
		s &= 3
		if !h.holds(s, c) {
			return false
		}
		if i > 0 && ledKnown && c.Suit() != led && revokes>>i&1 == 0 && h.mustFollow(s, led) {
			return false
		}
	}
	return true
}

// byHolder gives each card of a four-card trick to the seat that holds it
// and returns the cards in playing order from leader, with ok true when
// that makes a legal trick (one card per seat, each held, suit followed
// where provably possible). A card that no known hand holds goes to a
// hidden seat: the only one left, else the seat hint gives for it. An
// unknown card (NoCard) fits any seat left (laws.md A12).
func byHolder(h *playState, leader pbn.Seat, cards [4]pbn.Card, hint [4]pbn.Seat) (out [4]pbn.Card, ok bool) {
	var taken [4]bool
	var loose [4]int // indexes of cards held by no known hand
	nl, unknown := 0, 0
	for i, c := range cards {
		if c == pbn.NoCard {
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
		found := false
		for s := pbn.North; s <= pbn.West; s++ {
			if h.known[s] && h.rem[s].Has(c) {
				if taken[s] {
					return out, false
				}
				taken[s] = true
				out[(s-leader)&3] = c
				found = true
				break
			}
		}
		if !found {
			if !h.pool.Has(c) {
				return out, false
			}
			loose[nl] = i
			nl++
		}
	}
	// A known hand with no card in this trick takes an unknown card;
	// the loose cards go to hidden hands.
	free, hidden := 0, 0
	var last pbn.Seat
	for s := pbn.North; s <= pbn.West; s++ {
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
			if taken[s] || h.known[s] {
				return out, false
			}
			taken[s] = true
			out[(s-leader)&3] = cards[i]
		}
	}
	// (The seats left hold the unknown cards: NoCard, as out starts.)
	return out, legalTrick(h, leader, out[:], 0)
}

// buildPlay resolves the Play section's column order into playing order,
// validating each trick against the hands.
func (ps *parser) buildPlay(b *pbn.Board, first pbn.Seat, trump pbn.Strain) {
	maxTricks := 13
	for s := range b.Deal {
		if b.Given[s] {
			maxTricks = b.Deal[s].Len()
			break
		}
	}
	allGiven := b.Given == [4]bool{true, true, true, true}
	quick := allGiven && len(ps.rows)+(len(ps.plays)+3)/4 <= min(maxTricks, 13)
	if len(ps.rows) > 0 && (len(ps.plays) > 0 || !quick) {
		ps.rowsToToks() // not as they are for quickRowReplay
	}
	if len(ps.rows) == 0 && quick && !ps.playOdd && len(ps.plays)%4 == 0 {
		// Plain cards in whole rows that the general loop read: rows
		// too. (Only the line of a row's first card is ever shown.)
		for g := 0; g < len(ps.plays); g += 4 {
			t := (*[4]playTok)(ps.plays[g : g+4])
			ps.rows = append(ps.rows, playRow{line: t[0].line,
				cards: uint32(t[0].card) | uint32(t[1].card)<<8 | uint32(t[2].card)<<16 | uint32(t[3].card)<<24})
		}
		ps.plays = ps.plays[:0]
	}
	st := newPlayState(&b.Deal, b.Given)
	leader := first
	play := ps.slab.play[:0:min(len(ps.plays)+4*len(ps.rows), 52)]
	declTricks := 0
	complete := 0
	unknown := false
	stopped := false
	var rowsTr pbn.Tricks // the rows' replay, when it took them all
	if len(ps.rows) > 0 {
		rowsTr = pbn.Tricks{Hands: b.Deal, Leader: first, Trump: trump}
		if play = quickRowReplay(&rowsTr, ps.rows, first, play); rowsTr.Played() == len(ps.rows) {
			complete = len(ps.rows)
			stopped = true
			if b.HasDeclarer {
				declTricks = rowsTr.Won(b.Declarer)
			}
		} else {
			play, rowsTr = play[:0], pbn.Tricks{}
			ps.rowsToToks() // for the general loop
		}
	}
	toks := ps.plays
	unknownTrick, badTrick := 0, 0 // the trick with an unknown, an unreadable card
	unknownLine, badLine := 0, 0
	stopG := 0 // the tokens of the trick where the play stopped
	for g := 0; g < len(toks) && !stopped; g += 4 {
		if complete == maxTricks || complete == 13 {
			ps.warn(b, int(toks[g].line), "play-too-long",
				pbn.Msg("more than %d tricks in the play", complete))
			break
		}
		row := toks[g:min(g+4, len(toks))]
		var cards [4]pbn.Card
		var marks [4]byte
		trickLeader := leader
		for c := range row {
			if row[c].mark == 'L' {
				trickLeader = first + pbn.Seat(c)
				trickLeader &= 3
				break
			}
		}
		// Playing order from the leader: column of each seat.
		n := 0
		var revokes uint8
		for k := 0; k < 4; k++ {
			s := (trickLeader + pbn.Seat(k)) & 3
			c := int((s - first) & 3)
			if c >= len(row) {
				stopped = true
				break
			}
			t := row[c]
			if t.kind == tokUnknown {
				// laws.md A12: an unknown card does not hide the rest
				// of its trick; the play stops at the trick's end.
				cards[k], marks[k] = pbn.NoCard, 0
				if unknownTrick == 0 {
					unknownTrick, unknownLine = complete+1, int(t.line)
				}
				unknown, stopped = true, true
				n++
				continue
			}
			if t.kind != tokCard {
				if t.kind == tokBad {
					badTrick, badLine = complete+1, int(t.line)
				}
				stopped = true
				break
			}
			cards[k], marks[k] = t.card, t.mark
			if t.mark == 'R' {
				revokes |= 1 << k
			}
			n++
		}
		if n == 4 && !legalTrick(&st, trickLeader, cards[:], revokes) {
			lead := trickLeader
			if trickLeader != leader {
				// ^L: the marked card leads; its holder is the leader.
				for k := 0; k < 4; k++ {
					if marks[k] == 'L' {
						for s := pbn.North; s <= pbn.West; s++ {
							if st.known[s] && st.rem[s].Has(cards[k]) {
								lead = s
							}
						}
					}
				}
			}
			// The row as written: by column, and read as playing order
			// (the hint for hidden hands).
			var written [4]pbn.Card
			var asPlayed, asColumn [4]pbn.Seat
			for c := range row {
				written[c] = row[c].card
				asPlayed[c] = lead + pbn.Seat(c)
				asColumn[c] = first + pbn.Seat(c)
			}
			out, ok := byHolder(&st, lead, written, asPlayed)
			if !ok {
				out, ok = byHolder(&st, lead, written, asColumn)
			}
			if ok {
				var nm [4]byte
				for k := range out {
					for j := range cards {
						if cards[j] == out[k] {
							nm[k] = marks[j]
						}
					}
				}
				cards, marks, trickLeader = out, nm, lead
				ps.warn(b, int(row[0].line), "play-order",
					pbn.Msg("trick %d: cards re-assigned to their holders", complete+1))
			}
		}
		for k := 0; k < n; k++ {
			s := (trickLeader + pbn.Seat(k)) & 3
			play = append(play, pbn.Play{Seat: s, Card: cards[k], Mark: marks[k]})
			st.remove(s, cards[k])
		}
		stopG = g
		if n == 4 && unknownTrick == 0 {
			w := pbn.TrickWinner(cards, trump)
			leader = (trickLeader + pbn.Seat(w)) & 3
			if b.HasDeclarer && leader.NS() == b.Declarer.NS() {
				declTricks++
			}
			complete++
		}
	}
	// Unknown cards that end the play tell nothing: a claim's padding
	// ("SQ - - -" then "*"), or the end of an incomplete play.
	for len(play) > 0 && play[len(play)-1].Card == pbn.NoCard {
		play = play[:len(play)-1]
	}
	b.Play = play
	if rowsTr.Played() > 0 {
		rowsTr.Regular(b) // (trumps not the Contract's leave it not regular)
	}
	if badTrick > 0 {
		// laws.md A12: an unreadable card stops the play; only a board
		// whose first trick cannot be replayed is skipped.
		sev := pbn.Warning
		if badTrick == 1 {
			sev = pbn.Error
		}
		b.Problems = append(b.Problems, pbn.Problem{File: b.File, Game: b.Index, Line: badLine,
			Code: "bad-card", Severity: sev, Text: pbn.Msg("trick %d: bad card %q: the play stops there", badTrick, ps.badText)})
	}
	// An unknown or unreadable card with more cards after its trick: the
	// play is cut short, and a claim at the end is not one of the tricks
	// shown (laws.md A12; "-" that only pads the last trick, or the rows
	// after it, is no unknown card).
	cut := false
	for j := stopG + 4; j < len(toks) && (unknownTrick > 0 || badTrick > 0) && !cut; j++ {
		cut = toks[j].kind == tokCard || toks[j].kind == tokBad
	}
	switch {
	case cut:
		if badTrick == 0 {
			ps.warn(b, unknownLine, "incomplete-play",
				pbn.Msg("trick %d has an unknown card: the play stops at the end of that trick", unknownTrick))
		}
	case ps.playStar:
		b.Claim = true
		b.ClaimTricks = -1
		if b.HasResult {
			b.ClaimTricks = b.Result
		}
	case complete < maxTricks && len(play) > 0 && b.HasResult && b.HasDeclarer &&
		b.Result > declTricks:
		// Stopped without "*" but declarer has more tricks than the
		// play shows: a claim (pbntools exports); "-" cards are padding.
		b.Claim = true
		b.ClaimTricks = b.Result
	case unknown:
		ps.warn(b, unknownLine, "incomplete-play",
			pbn.Msg("trick %d has an unknown card: the play stops at the end of that trick", unknownTrick))
	}
}

// quickRowReplay replays with tr, the trick engine from the deal's four
// hands, a play whose tokens are plain cards in whole rows, a row's four
// cards in one word (column k in byte k, the seat k after first). It
// returns the cards in playing order; tr says how many rows were regular
// (the general replay decides when not all).
func quickRowReplay(tr *pbn.Tricks, rows []playRow, first pbn.Seat, play []pbn.Play) []pbn.Play {
	var words [13]uint32 // (buildPlay gives no more rows)
	for i, row := range rows {
		words[i] = row.cards
	}
	return tr.Run(play[:0], words[:len(rows)], first, true)
}
