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
	ps.rowsOrTokens(quick)
	pr := playReplay{first: first, trump: trump, leader: first,
		play: ps.slab.play[:0:min(len(ps.plays)+4*len(ps.rows), 52)]}
	var rowsTr pbn.Tricks // the rows' replay, when it took them all
	if len(ps.rows) > 0 {
		rowsTr = pbn.Tricks{Hands: b.Deal, Leader: first, Trump: trump}
		if pr.play = quickRowReplay(&rowsTr, ps.rows, first, pr.play); rowsTr.Played() == len(ps.rows) {
			pr.complete = len(ps.rows)
			pr.stopped = true
			if b.HasDeclarer {
				pr.declTricks = rowsTr.Won(b.Declarer)
			}
		} else {
			pr.play, rowsTr = pr.play[:0], pbn.Tricks{}
			ps.rowsToToks() // for the general loop
		}
	}
	if len(ps.plays) > 0 && !pr.stopped {
		ps.replayTokens(b, &pr, maxTricks)
	}
	// Unknown cards that end the play tell nothing: a claim's padding
	// ("SQ - - -" then "*"), or the end of an incomplete play.
	for len(pr.play) > 0 && pr.play[len(pr.play)-1].Card == pbn.NoCard {
		pr.play = pr.play[:len(pr.play)-1]
	}
	b.Play = pr.play
	if rowsTr.Played() > 0 {
		rowsTr.Regular(b) // (trumps not the Contract's leave it not regular)
	}
	ps.endPlay(b, &pr, maxTricks)
}

// playReplay is buildPlay's replay of a play: the cards in playing order,
// the tricks complete and won by declarer, and where and why it stopped.
type playReplay struct {
	play         []pbn.Play
	first        pbn.Seat // the Play tag's seat, of the first column
	leader       pbn.Seat // the leader of the next trick
	trump        pbn.Strain
	declTricks   int
	complete     int
	unknown      bool // a card of the play is unknown ("-")
	stopped      bool
	unknownTrick int // the trick with an unknown card, and its line
	unknownLine  int
	badTrick     int // the trick with an unreadable card, and its line
	badLine      int
	stopG        int // the tokens of the trick where the play stopped
}

// rowsOrTokens puts the play where its replay takes it: plain cards in
// whole rows as rows for quickRowReplay when quick (all hands given, no
// more tricks than they hold), else all of it as tokens for the general
// replay (replayTokens).
func (ps *parser) rowsOrTokens(quick bool) {
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
}

// trick is one trick of the play as replayTokens reads it: its cards and
// their marks in playing order from its leader, n of them read.
type trick struct {
	cards   [4]pbn.Card
	marks   [4]byte
	leader  pbn.Seat
	n       int
	revokes uint8 // the cards marked ^R, by their place in cards
}

// replayTokens replays the play's tokens trick by trick against the known
// hands (pbn.Holding), each row a trick in the columns from pr.first,
// giving the cards of a trick that is not legal as written to their
// holders (reseatTrick); it stops at a row cut short or after a trick with
// an unknown or unreadable card (laws.md A12).
func (ps *parser) replayTokens(b *pbn.Board, pr *playReplay, maxTricks int) {
	st := pbn.NewHolding(&b.Deal, b.Given)
	toks := ps.plays
	for g := 0; g < len(toks) && !pr.stopped; g += 4 {
		if pr.complete == maxTricks || pr.complete == 13 {
			ps.warn(b, int(toks[g].line), "play-too-long",
				pbn.Msg("more than %d tricks in the play", pr.complete))
			break
		}
		row := toks[g:min(g+4, len(toks))]
		var t trick
		readTrick(pr, &t, row)
		if t.n == 4 && !st.LegalTrick(t.leader, t.cards[:], t.revokes) {
			ps.reseatTrick(b, pr, &st, &t, row)
		}
		for k := 0; k < t.n; k++ {
			s := (t.leader + pbn.Seat(k)) & 3
			pr.play = append(pr.play, pbn.Play{Seat: s, Card: t.cards[k], Mark: t.marks[k]})
			st.Remove(s, t.cards[k])
		}
		pr.stopG = g
		if t.n == 4 && pr.unknownTrick == 0 {
			w := pbn.TrickWinner(t.cards, pr.trump)
			pr.leader = (t.leader + pbn.Seat(w)) & 3
			if b.HasDeclarer && pr.leader.NS() == b.Declarer.NS() {
				pr.declTricks++
			}
			pr.complete++
		}
	}
}

// readTrick reads a row of the play's tokens into t, in playing order
// from its leader (the seat of a ^L card, else pr.leader); a row cut short
// or a card that is not one (unreadable, "+") stops the play there, and an
// unknown card at the end of its trick (laws.md A12).
func readTrick(pr *playReplay, t *trick, row []playTok) {
	t.leader = pr.leader
	for c := range row {
		if row[c].mark == 'L' {
			t.leader = pr.first + pbn.Seat(c)
			t.leader &= 3
			break
		}
	}
	// Playing order from the leader: column of each seat.
	for k := 0; k < 4; k++ {
		s := (t.leader + pbn.Seat(k)) & 3
		c := int((s - pr.first) & 3)
		if c >= len(row) {
			pr.stopped = true
			break
		}
		tk := row[c]
		if tk.kind == tokUnknown {
			// laws.md A12: an unknown card does not hide the rest
			// of its trick; the play stops at the trick's end.
			t.cards[k], t.marks[k] = pbn.NoCard, 0
			if pr.unknownTrick == 0 {
				pr.unknownTrick, pr.unknownLine = pr.complete+1, int(tk.line)
			}
			pr.unknown, pr.stopped = true, true
			t.n++
			continue
		}
		if tk.kind != tokCard {
			if tk.kind == tokBad {
				pr.badTrick, pr.badLine = pr.complete+1, int(tk.line)
			}
			pr.stopped = true
			break
		}
		t.cards[k], t.marks[k] = tk.card, tk.mark
		if tk.mark == 'R' {
			t.revokes |= 1 << k
		}
		t.n++
	}
}

// reseatTrick gives the cards of a whole trick that is not legal as
// written to the seats that hold them (pbn.Holding's ByHolder, with the row
// read as playing order, then by its columns, as the hint for hidden
// hands), with a play-order warning: a row written round the table from
// another seat is a format, else the trick is re-seated (laws.md A20).
func (ps *parser) reseatTrick(b *pbn.Board, pr *playReplay, st *pbn.Holding, t *trick, row []playTok) {
	lead := t.leader
	if t.leader != pr.leader {
		// ^L: the marked card leads; its holder is the leader.
		for k := 0; k < 4; k++ {
			if t.marks[k] == 'L' {
				for s := pbn.North; s <= pbn.West; s++ {
					if st.Known(s) && st.Hand(s).Has(t.cards[k]) {
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
		asColumn[c] = pr.first + pbn.Seat(c)
	}
	out, ok := st.ByHolder(lead, written[:], &asPlayed)
	if !ok {
		out, ok = st.ByHolder(lead, written[:], &asColumn)
	}
	if !ok {
		return
	}
	var nm [4]byte
	for k := range out {
		for j := range t.cards {
			if t.cards[j] == out[k] {
				nm[k] = t.marks[j]
			}
		}
	}
	t.cards, t.marks, t.leader = out, nm, lead
	if seatOrder(written[:len(row)], &out, lead) {
		// laws.md A20: a row written round the table from
		// another seat (rows in playing order) is a format.
		ps.warn(b, int(row[0].line), "play-order",
			pbn.Msg("trick %d: cards written round the table from another seat, given to their seats", pr.complete+1))
	} else {
		b.Reseated |= 1 << pr.complete
		ps.warn(b, int(row[0].line), "play-order",
			pbn.Msg("trick %d: cards re-assigned to their holders", pr.complete+1))
	}
}

// endPlay says how the play ends: an unreadable card (laws.md A12), a play
// cut short at an unknown card, a claim ("*", or a Result above the tricks
// declarer took in a play that stops early), or an incomplete play.
func (ps *parser) endPlay(b *pbn.Board, pr *playReplay, maxTricks int) {
	if pr.badTrick > 0 {
		// laws.md A12: an unreadable card stops the play; only a board
		// whose first trick cannot be replayed is skipped.
		sev := pbn.Warning
		if pr.badTrick == 1 {
			sev = pbn.Error
		}
		b.Problems = append(b.Problems, pbn.Problem{File: b.File, Game: b.Index, Line: pr.badLine,
			Code: "bad-card", Severity: sev, Text: pbn.Msg("trick %d: bad card %q: the play stops there", pr.badTrick, ps.badText)})
	}
	// An unknown or unreadable card with more cards after its trick: the
	// play is cut short, and a claim at the end is not one of the tricks
	// shown (laws.md A12; "-" that only pads the last trick, or the rows
	// after it, is no unknown card).
	toks := ps.plays
	cut := false
	for j := pr.stopG + 4; j < len(toks) && (pr.unknownTrick > 0 || pr.badTrick > 0) && !cut; j++ {
		cut = toks[j].kind == tokCard || toks[j].kind == tokBad
	}
	switch {
	case cut:
		if pr.badTrick == 0 {
			ps.warn(b, pr.unknownLine, "incomplete-play",
				pbn.Msg("trick %d has an unknown card: the play stops at the end of that trick", pr.unknownTrick))
		}
	case ps.playStar:
		claimAll(b)
	case pr.complete < maxTricks && len(b.Play) > 0 && b.HasResult && b.HasDeclarer &&
		b.Result > pr.declTricks:
		// Stopped without "*" but declarer has more tricks than the
		// play shows: a claim (pbntools exports); "-" cards are padding.
		b.Claim = true
		b.ClaimTricks = b.Result
	case pr.unknown:
		ps.warn(b, pr.unknownLine, "incomplete-play",
			pbn.Msg("trick %d has an unknown card: the play stops at the end of that trick", pr.unknownTrick))
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
