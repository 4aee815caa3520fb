// PBN reading: the play into playing order, replayed to seat the cards with the trick engine (pbn.Holding for the general replay, pbn.Tricks in quickRowReplay for rows of plain cards).

package pbnfile

import "revokes/pbn"

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
	st := pbn.NewHolding(&b.Deal, b.Given)
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
		if n == 4 && !st.LegalTrick(trickLeader, cards[:], revokes) {
			lead := trickLeader
			if trickLeader != leader {
				// ^L: the marked card leads; its holder is the leader.
				for k := 0; k < 4; k++ {
					if marks[k] == 'L' {
						for s := pbn.North; s <= pbn.West; s++ {
							if st.Known(s) && st.Hand(s).Has(cards[k]) {
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
			out, ok := st.ByHolder(lead, written[:], &asPlayed)
			if !ok {
				out, ok = st.ByHolder(lead, written[:], &asColumn)
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
				if seatOrder(written[:len(row)], &out, lead) {
					// laws.md A20: a row written round the table from
					// another seat (rows in playing order) is a format.
					ps.warn(b, int(row[0].line), "play-order",
						pbn.Msg("trick %d: cards written round the table from another seat, given to their seats", complete+1))
				} else {
					b.Reseated |= 1 << complete
					ps.warn(b, int(row[0].line), "play-order",
						pbn.Msg("trick %d: cards re-assigned to their holders", complete+1))
				}
			}
		}
		for k := 0; k < n; k++ {
			s := (trickLeader + pbn.Seat(k)) & 3
			play = append(play, pbn.Play{Seat: s, Card: cards[k], Mark: marks[k]})
			st.Remove(s, cards[k])
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

// seatOrder reports whether the known cards of a trick as written are
// held by seats in order round the table (written[c] by seat s+c for one
// seat s), given out, the trick in playing order from lead (out[k]
// played by lead+k): a row in playing order, or by the columns of
// another first seat, and not cards that had to be given to their
// holders one by one (laws.md A20).
func seatOrder(written []pbn.Card, out *[4]pbn.Card, lead pbn.Seat) bool {
	start, set := pbn.Seat(0), false
	for c, x := range written {
		if x == pbn.NoCard {
			continue
		}
		for k := range out {
			if out[k] != x {
				continue
			}
			s := (lead + pbn.Seat(k) - pbn.Seat(c)) & 3
			if set && s != start {
				return false
			}
			start, set = s, true
		}
	}
	return true
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
