// LIN reading, stage 3: building the Board at a board's end (contract, replay, tags, result check).

package linfile

import (
	"math/bits"

	"revokes/pbn"
)

// lineMark says that the cards from card number from on are on line
// line (up to the next mark): cards rarely change lines, so a board
// keeps a few marks instead of a line for every card.
type lineMark struct{ from, line int32 }

// cardLine returns the line of card i of the board.
func (c *linBoard) cardLine(i int) int {
	line := int32(c.line)
	for _, m := range c.cardLines {
		if int(m.from) > i {
			break
		}
		line = m.line
	}
	return int(line)
}

// markLine notes that the next card is on line.
func (c *linBoard) markLine(line int) {
	if n := len(c.cardLines); n == 0 || c.cardLines[n-1].line != int32(line) {
		c.cardLines = append(c.cardLines, lineMark{int32(len(c.cards)), int32(line)})
	}
}

// linMaxTags is the most tags a LIN board gets.
const linMaxTags = 18

// linSlab hands out the boards and slices of the boards in blocks, so that
// a board costs few allocations. A slice handed out has its capacity cut
// to its length.
type linSlab struct {
	board_ []pbn.Board
	play   []pbn.Play
	call   []pbn.Call
	tag    []pbn.Tag
}

// linSlabBoards is the number of boards allocated at a time.
const linSlabBoards = 32

// board returns a new zero Board.
func (s *linSlab) board() *pbn.Board {
	if len(s.board_) == 0 {
		s.board_ = make([]pbn.Board, linSlabBoards)
	}
	b := &s.board_[0]
	s.board_ = s.board_[1:]
	return b
}

// plays returns an empty slice with room for n plays.
func (s *linSlab) plays(n int) []pbn.Play {
	if len(s.play) < n {
		s.play = make([]pbn.Play, max(n, 52*linSlabBoards))
	}
	p := s.play[:0:n]
	s.play = s.play[n:]
	return p
}

// open returns the free part of the call block, empty, for a board to
// append its calls to.
func (s *linSlab) open() []pbn.Call {
	if len(s.call) < 32 {
		s.call = make([]pbn.Call, 16*linSlabBoards)
	}
	return s.call[:0]
}

// taken marks the calls of a finished board as used, when append kept them
// in the block.
func (s *linSlab) taken(calls []pbn.Call) {
	if len(calls) > 0 && len(calls) <= len(s.call) && &calls[0] == &s.call[0] {
		s.call = s.call[len(calls):]
	}
}

// tags returns an empty slice with room for n tags; the caller gives back
// what it did not use by cutting s.tag.
func (s *linSlab) tags(n int) []pbn.Tag {
	if len(s.tag) < n {
		s.tag = make([]pbn.Tag, max(n, 12*linSlabBoards))
	}
	return s.tag[:0:n]
}

// linFinisher turns a board as read (a linBoard) into a Board: the
// contract from the auction, the play given to its seats, the claim and
// rs checks, the tags.
type linFinisher struct {
	c     *linBoard
	file  string
	index int
	slab  *linSlab
	fails int // failures to follow the last replay found (its general loop)
}

// warn adds a warning to the board being finished.
func (f *linFinisher) warn(line int, code string, m pbn.Message) {
	f.c.warn(f.file, f.index, line, code, m)
}

// checkResult compares a vugraph board with its rs entry: the contract
// and declarer must be the auction's and the tricks the claim's. Without a
// claim, the rs tricks become the board's Result.
func (f *linFinisher) checkResult(b *pbn.Board) {
	c := f.c
	e := f.rsEntry()
	if e == "" {
		return
	}
	con, decl, tricks, ok := linResult(e)
	if !ok {
		f.warn(c.line, "rs-mismatch", pbn.Msg("unreadable result %q in rs", e))
		return
	}
	if b.HasContract && (con != b.Contract || (!con.PassedOut() && b.HasDeclarer && decl != b.Declarer)) {
		var by any = "-"
		if b.HasDeclarer {
			by = b.Declarer
		}
		f.warn(c.line, "rs-mismatch", pbn.Msg("rs gives %q but the auction gives %s by %s", e, b.Contract, by))
		return
	}
	if con.PassedOut() {
		return
	}
	if b.Claim {
		if tricks != b.ClaimTricks {
			f.warn(c.claimLine, "rs-mismatch", pbn.Msg("rs gives %q (%d tricks) but the claim gives %d", e, tricks, b.ClaimTricks))
		}
		return
	}
	b.Result, b.HasResult = tricks, true
}

// rsEntry returns the board's entry of the vugraph rs list, or "".
func (f *linFinisher) rsEntry() string {
	c := f.c
	num := c.num
	if num == 0 && c.hasAH {
		num = c.ahNum
	}
	if len(c.rs) == 0 || c.rsFirst <= 0 || num < c.rsFirst || (c.room != 'o' && c.room != 'c') {
		return ""
	}
	i := 2 * (num - c.rsFirst)
	if c.room == 'c' {
		i++
	}
	if i >= len(c.rs) {
		return ""
	}
	return c.rs[i]
}

// seating is what a replay of the cards made of them: the cards it
// seated, the failures to follow among them and the tricks it had to
// give to their holders (laws.md A20, A21).
type seating struct{ placed, fails, reseated int }

// defects counts the failures to follow and the re-seated tricks.
func (s seating) defects() int { return s.fails + s.reseated }

// better reports whether s, a seating of n cards, fits the record better
// than t: t stops at a card not held in trick 1 (the board would be
// skipped) and s does not; or s seats no fewer cards with fewer defects,
// or more cards with no more defects.
func (s seating) better(t seating, n int) bool {
	if first := min(4, n); t.placed < first {
		return s.placed >= first
	}
	return s.placed >= t.placed && s.defects() < t.defects() || s.placed > t.placed && s.defects() <= t.defects()
}

// seated returns what the replay just made of the cards of b.
func (f *linFinisher) seated(b *pbn.Board) seating {
	return seating{placed: len(b.Play), fails: f.fails, reseated: bits.OnesCount16(b.Reseated)}
}

// rsContract applies laws.md A21 after the replay under the auction's
// contract, which won it declarer's tricks: when the board's rs entry
// names another strain or declarer and the play under the auction's
// contract has failures to follow, re-seated tricks or cards it could
// not seat (a card not held in trick 1 skips the board), the cards are
// replayed under the rs contract; when they fit it better (seating.better)
// the board takes it (level, strain, doubles, declarer) with the warning
// contract-auction-mismatch naming both, else it stays as it was. The
// replay's problems are those of c.problems from index n0 on. It returns
// declarer's tricks in the play the board keeps.
func (f *linFinisher) rsContract(b *pbn.Board, cards []pbn.Card, won, n0 int) int {
	c := f.c
	auc := f.seated(b)
	if auc.placed == len(cards) && auc.defects() == 0 || !b.HasDeclarer || b.Contract.PassedOut() {
		return won
	}
	con, decl, _, ok := linResult(f.rsEntry())
	if !ok || con.PassedOut() || con.Strain == b.Contract.Strain && decl == b.Declarer {
		return won
	}
	// The replay under the auction's contract, kept to be put back.
	con0, decl0, play0, reseated0 := b.Contract, b.Declarer, b.Play, b.Reseated
	probs0 := append([]pbn.Problem(nil), c.problems[n0:]...)
	c.problems = c.problems[:n0]
	b.Contract, b.Declarer, b.Reseated = con, decl, 0
	won1 := f.replay(b, cards)
	if alt := f.seated(b); alt.better(auc, len(cards)) {
		f.warn(c.line, codeContractAuction, pbn.Msg("the auction gives %s by %s and the rs result %s by %s; failures to follow, re-seated tricks and cards not seated: %d, %d, %d under the auction's contract, %d, %d, %d under the rs contract: the rs contract is used",
			con0, decl0, con, decl,
			auc.fails, auc.reseated, len(cards)-auc.placed, alt.fails, alt.reseated, len(cards)-alt.placed))
		return won1
	}
	b.Contract, b.Declarer, b.Play, b.Reseated = con0, decl0, play0, reseated0
	c.problems = append(c.problems[:n0], probs0...)
	return won
}

// codeContractAuction is the warning of a board whose auction gave way to
// its rs result (laws.md A21; A16 for PBN tags).
const codeContractAuction = "contract-auction-mismatch"

// finish turns the current board into a Board (or its ParseError) and
// makes the reader ready for the next one.
func (f *linFinisher) finish() *pbn.Board {
	c := f.c
	b := f.slab.board()
	*b = pbn.Board{File: f.file, Index: f.index, Line: c.line, Format: pbn.FormatLIN,
		Dealer: c.dealer, HasDealer: c.hasDealer, Vul: c.vul, Deal: c.deal,
		Given: c.given, AuctionStart: c.dealer, ClaimTricks: -1}
	if !c.md {
		f.warn(c.line, "no-deal", pbn.Msg("the board has no md (deal)"))
	}

	// Players: the board's own pn, else the header (by room), else the last
	// four-name pn.
	names := c.names
	if len(names) > 4 {
		if c.room == 'c' && len(names) >= 8 {
			names = names[4:8]
		} else {
			names = names[:4]
		}
	}
	for i, n := range names {
		b.Players[linSeats[i]] = n
	}

	// Auction, contract, declarer.
	calls := c.calls
	if len(calls) > linMaxCalls {
		calls = calls[:linMaxCalls]
	}
	end, complete := f.contract(b, c.codes[:len(calls)])
	if end < len(calls) {
		f.warn(c.line, "calls-after-auction", pbn.Msg("%d calls after the end of the auction skipped", len(calls)-end))
		calls = calls[:end]
	}
	if len(calls) > 0 {
		b.Auction = calls[:len(calls):len(calls)]
		f.slab.taken(c.calls)
	}
	cards := c.cards
	if len(cards) > linMaxCards {
		cards = cards[:linMaxCards]
	}
	if !complete && b.HasContract && !b.Contract.PassedOut() {
		if len(cards) > 0 || c.claim >= 0 {
			f.warn(c.line, "auction-incomplete", pbn.Msg("the auction has no closing passes; the last bid is taken as the contract"))
		} else {
			b.HasContract, b.HasDeclarer = false, false
		}
	}

	// Play and claim.
	n0 := len(c.problems)
	won := f.rsContract(b, cards, f.replay(b, cards), n0)
	if c.claim >= 0 {
		b.Claim, b.ClaimTricks = true, c.claim
		b.Result, b.HasResult = c.claim, true
		if b.HasDeclarer {
			tricks := len(b.Play) / 4
			switch {
			case c.claim < won:
				f.warn(c.claimLine, "claim-mismatch", pbn.Msg("claim of %d tricks but declarer has already won %d", c.claim, won))
			case c.claim > won+13-tricks:
				f.warn(c.claimLine, "claim-mismatch", pbn.Msg("claim of %d tricks but declarer can win at most %d", c.claim, won+13-tricks))
			}
		}
	}
	if c.bad != "" {
		// laws.md A12: only a board whose first trick cannot be replayed
		// is skipped; a claim after the unreadable card is not one of the
		// tricks shown (its count stays the Result).
		t := len(cards)/4 + 1
		sev := pbn.Warning
		if t == 1 {
			sev = pbn.Error
		}
		b.Claim, b.ClaimTricks = false, -1
		c.problems = append(c.problems, pbn.Problem{File: f.file, Game: f.index, Line: c.badLine,
			Code: "bad-card", Severity: sev, Text: pbn.Msg("trick %d: bad card %q: the play stops there", t, c.bad)})
	}
	f.checkResult(b)
	f.tags(b)
	b.Problems = c.problems
	return b
}

// contract derives the contract and declarer from the auction, read to
// its end (pbn.Auction.Read). It returns the number of calls that belong
// to the auction and whether the auction is complete.
func (f *linFinisher) contract(b *pbn.Board, codes []uint8) (end int, complete bool) {
	var a pbn.Auction
	a.Read(b.Dealer, codes, true)
	if a.Last < 0 {
		if a.Complete {
			b.Contract, b.HasContract = pbn.Contract{}, true
		}
		return a.End, a.Complete
	}
	b.Contract, b.HasContract = a.Contract, true
	if b.HasDealer {
		b.Declarer, b.HasDeclarer = a.Declarer, true
	}
	return a.End, a.Complete
}

// replay gives each played card its seat, trick by trick from declarer's
// left-hand opponent, checking the cards against the deal. It returns the
// tricks won by declarer in complete tricks.
func (f *linFinisher) replay(b *pbn.Board, cards []pbn.Card) (won int) {
	c := f.c
	if len(cards) == 0 {
		return 0
	}
	if !b.HasDeclarer || b.Contract.PassedOut() {
		// Play without a contract: the board is skipped, one error, and
		// still counted among the boards with play (PlayUnseated).
		b.PlayUnseated = len(cards)
		c.problems = append(c.problems, pbn.Problem{File: f.file, Game: f.index, Line: c.cardLine(0),
			Code: "play-without-contract", Severity: pbn.Error,
			Text: pbn.Msg("%d cards played without a contract and declarer: the board is skipped", len(cards))})
		return 0
	}
	b.Play = f.slab.plays(len(cards))
	f.fails = 0
	st := pbn.NewHolding(&c.deal, c.given) // who may hold what
	leader := b.Declarer.Next()
	trump := b.Contract.Strain
	t0 := 0
	if c.given == [4]bool{true, true, true, true} {
		// The usual board, quickly: whole tricks whose cards are held by
		// the seats in turn. The general loop below takes over at the
		// first trick that is not like that.
		tr := pbn.Tricks{Hands: c.deal, Leader: leader, Trump: trump}
		b.Play = linQuickTricks(&tr, b.Play, cards)
		t0, leader, won = 4*tr.Played(), tr.Leader, tr.Won(b.Declarer)
		if t0 == len(cards) {
			// Every trick whole, held and followed: the analysis need
			// not replay it again.
			tr.Regular(b)
			return won
		}
		st = pbn.NewHolding(&tr.Hands, c.given) // (four known hands: no pool)
	}
	for t := t0; t < len(cards); t += 4 {
		trick := cards[t:min(t+4, len(cards))]
		var seats [4]pbn.Seat
		var order [4]pbn.Card
		k := len(trick)
		ok := true
		for i, x := range trick {
			s := (leader + pbn.Seat(i)) & 3
			seats[i] = s
			order[i] = x
			ok = ok && st.Holds(s, x)
		}
		if !ok {
			// Rotated or re-ordered trick: give each card to its holder
			// (a given hand) when that makes a legal trick.
			if ord, good := st.ByHolder(leader, trick, nil); good {
				order = ord
				for i := range k {
					seats[i] = (leader + pbn.Seat(i)) & 3
				}
				// laws.md A20: LIN writes a trick in playing order, so
				// cards given to their holders are a repair.
				b.Reseated |= 1 << (t / 4)
				f.warn(c.cardLine(t), "play-order", pbn.Msg("trick %d: cards given to the players who hold them", t/4+1))
			} else {
				for i, x := range trick {
					s := (leader + pbn.Seat(i)) & 3
					if !st.Holds(s, x) {
						f.warn(c.cardLine(t+i), "card-not-held", pbn.Msg("trick %d: %s does not hold %s; the play is cut there", t/4+1, s, x))
						if n := len(c.problems); t == 0 && n > 0 && c.problems[n-1].Code == "card-not-held" {
							// laws.md A12: the first trick cannot be
							// replayed: the board is skipped.
							c.problems[n-1].Severity = pbn.Error
						}
						k = i
						break
					}
				}
			}
		}
		for i := range k {
			s, x := seats[i], order[i]
			if i > 0 && x.Suit() != order[0].Suit() && st.MustFollow(s, order[0].Suit()) {
				f.fails++ // (what analyze reports as a revoke; here only counted, laws.md A21)
			}
			b.Play = append(b.Play, pbn.Play{Seat: s, Card: x})
			st.Remove(s, x)
		}
		if k < len(trick) {
			break
		}
		if k == 4 {
			w := pbn.TrickWinner(order, trump)
			leader = seats[w]
			if leader&1 == b.Declarer&1 {
				won++
			}
		}
	}
	return won
}

// linQuickTricks replays with tr, the trick engine, the whole tricks of
// cards from the first as long as each card is held by the seat whose
// turn it is and follows suit when that seat can: it appends their plays
// to play, which must have room for all the cards, and returns them; tr
// holds the hands left, the next leader and the winners.
func linQuickTricks(tr *pbn.Tricks, play []pbn.Play, cards []pbn.Card) []pbn.Play {
	var words [13]uint32 // (more tricks than the hands hold are not regular)
	n := 0
	for ; n < len(words) && 4*n+4 <= len(cards); n++ {
		c := cards[4*n : 4*n+4]
		words[n] = pbn.PlayWord(c[0], c[1], c[2], c[3])
	}
	return tr.Run(play, words[:n], 0, false) // (a revoke, too, is the general loop's)
}

// tags synthesises the PBN tags of a LIN board.
func (f *linFinisher) tags(b *pbn.Board) {
	c := f.c
	t := f.slab.tags(linMaxTags)
	if c.event != "" {
		t = append(t, pbn.Tag{Name: "Event", Value: c.event})
	}
	// The vg segment's name ("Segment 3 of 8"), as PBN's Round: package
	// rescore reads a vugraph session per segment (rescoring.md §9).
	if c.segment != "" {
		t = append(t, pbn.Tag{Name: "Round", Value: c.segment})
	}
	num := c.num
	if num == 0 && c.hasAH {
		num = c.ahNum
	}
	if num > 0 {
		t = append(t, pbn.Tag{Name: "Board", Value: linItoa(num)})
	}
	for _, s := range [4]pbn.Seat{pbn.West, pbn.North, pbn.East, pbn.South} {
		if n := b.Players[s]; n != "" {
			t = append(t, pbn.Tag{Name: [...]string{"North", "East", "South", "West"}[s], Value: n})
		}
	}
	if b.HasDealer {
		t = append(t, pbn.Tag{Name: "Dealer", Value: b.Dealer.String()})
	}
	if c.hasSV {
		t = append(t, pbn.Tag{Name: "Vulnerable", Value: b.Vul.String()})
	}
	if c.scoring != "" {
		t = append(t, pbn.Tag{Name: "Scoring", Value: c.scoring})
	}
	if b.HasDeclarer {
		t = append(t, pbn.Tag{Name: "Declarer", Value: b.Declarer.String()})
	}
	if b.HasContract {
		t = append(t, pbn.Tag{Name: "Contract", Value: linContractText(b.Contract)})
	}
	if b.HasResult {
		t = append(t, pbn.Tag{Name: "Result", Value: linItoa(b.Result)})
	}
	switch c.room {
	case 'o':
		t = append(t, pbn.Tag{Name: "Room", Value: "Open"})
	case 'c':
		t = append(t, pbn.Tag{Name: "Room", Value: "Closed"})
	}
	if c.team1 != "" {
		t = append(t, pbn.Tag{Name: "HomeTeam", Value: c.team1})
	}
	if c.team2 != "" {
		t = append(t, pbn.Tag{Name: "VisitTeam", Value: c.team2})
	}
	// The vg carry-overs (IMPs the teams bring into the segment), as
	// written; package rescore starts the match totals from them.
	if c.carry1 != "" {
		t = append(t, pbn.Tag{Name: "HomeCarry", Value: c.carry1})
	}
	if c.carry2 != "" {
		t = append(t, pbn.Tag{Name: "VisitCarry", Value: c.carry2})
	}
	b.Tags = t[:len(t):len(t)]
	f.slab.tag = f.slab.tag[len(t):]
}
