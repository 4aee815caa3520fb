package analyze_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"revokes/analyze"
	"revokes/pbn"
	"revokes/pbn/boards"
	"revokes/pbn/pbntest"
	"revokes/synth"
)

// This file is a second reading of laws.md A14 (with the A12 stops and
// the A16 contract it depends on), written from the text of the rule book
// apart from analyze/assess.go, and compared with the analyser on
// generated boards mutated the way real archives go wrong, and on the
// shared corpus of real records.

// refAssessRow is one failure to follow as the reference assesses it.
type refAssessRow struct {
	off        pbn.Seat
	trick      int
	card       pbn.Card
	assessment string
	evidence   []string
}

func (r refAssessRow) String() string {
	return fmt.Sprintf("%s%d %s %s [%s]", r.off, r.trick, r.card, r.assessment, strings.Join(r.evidence, " "))
}

// refReplay is the play replayed from the record alone: the cards each
// trick holds as far as the replay reaches them, and the failures to
// follow.
type refReplay struct {
	tricks [][]pbn.Play // cards the replay reaches, by trick
	stopAt int          // trick (1-based) in which an impossible card stopped it; 0 if none
	fails  []refFail
}

type refFail struct {
	off   pbn.Seat
	trick int // 1-based
	led   pbn.Suit
	card  pbn.Card
	held  pbn.Hand // the offender's cards of the led suit at the failure
}

// refWinner is the seat that wins a whole trick of known cards under
// trump: the highest trump, else the highest card of the suit led.
func refWinner(tr []pbn.Play, trump pbn.Strain) pbn.Seat {
	best := tr[0]
	for _, p := range tr[1:] {
		bs, ps := best.Card.Suit(), p.Card.Suit()
		switch {
		case ps == bs && p.Card.Rank() > best.Card.Rank():
			best = p
		case ps != bs && trump != pbn.NoTrump && ps == pbn.Suit(trump):
			best = p
		}
	}
	return best.Seat
}

// refRun replays play against deal under trump (laws.md A1, A12). It
// returns false when the board cannot be analysed at all: a card out of
// turn, a trick led by another seat than the winner of the one before,
// or an impossible card in the first trick.
func refRun(deal pbn.Deal, play []pbn.Play, trump pbn.Strain) (refReplay, bool) {
	var r refReplay
	hands := deal
	if len(play) > 52 {
		return r, false
	}
	var winner pbn.Seat
	for i, p := range play {
		t, k := i/4, i%4
		if k == 0 {
			if t > 0 {
				prev := r.tricks[t-1]
				if slices.ContainsFunc(prev, func(q pbn.Play) bool { return q.Card == pbn.NoCard }) {
					break // A12: the replay stops at the end of a trick with a '-'
				}
				if p.Seat != winner && p.Mark != 'L' {
					return r, false
				}
			}
			r.tricks = append(r.tricks, nil)
		} else if prev := r.tricks[t]; len(prev) > 0 && p.Seat != prev[len(prev)-1].Seat.Next() {
			return r, false
		}
		if p.Card != pbn.NoCard {
			if !hands[p.Seat].Has(p.Card) {
				// A12: an impossible card stops the replay where it
				// stands; in the first trick the board is skipped.
				if t == 0 {
					return r, false
				}
				r.stopAt = t + 1
				break
			}
			if k > 0 {
				lead := r.tricks[t][0].Card
				if lead != pbn.NoCard && p.Card.Suit() != lead.Suit() && hands[p.Seat].HasSuit(lead.Suit()) {
					r.fails = append(r.fails, refFail{off: p.Seat, trick: t + 1, led: lead.Suit(), card: p.Card,
						held: hands[p.Seat].Suit(lead.Suit())})
				}
			}
			hands[p.Seat] = hands[p.Seat].Without(p.Card)
		}
		r.tricks[t] = append(r.tricks[t], p)
		if k == 3 && !slices.ContainsFunc(r.tricks[t], func(q pbn.Play) bool { return q.Card == pbn.NoCard }) {
			winner = refWinner(r.tricks[t], trump)
		}
	}
	// A stop at the lead of a trick leaves that trick with no card.
	for len(r.tricks) > 0 && len(r.tricks[len(r.tricks)-1]) == 0 {
		r.tricks = r.tricks[:len(r.tricks)-1]
	}
	return r, true
}

// refPlayed is the number of cards the replay reached.
func refPlayed(r refReplay) int {
	n := 0
	for _, tr := range r.tricks {
		n += len(tr)
	}
	return n
}

// refReaderStop is the trick of a card at which the reader cut the play
// (laws.md A12: an unreadable card, "trick %d: bad card %q: the play stops
// there"; in LIN a card not held, "trick %d: %s does not hold %s; the play
// is cut there").
func refReaderStop(p pbn.Problem) (int, bool) {
	if p.Severity != pbn.Warning || p.Code != "bad-card" && p.Code != "card-not-held" && p.Code != "duplicate-card" || len(p.Text.Args) == 0 {
		return 0, false
	}
	t, ok := p.Text.Args[0].(int)
	return t, ok
}

// refRepaired is the trick named by a warning of the reader that it gave
// the cards of that trick to their holders one by one because no seat
// order of the trick as written fits (laws.md A20: PBN "trick %d: cards
// re-assigned to their holders", LIN "trick %d: cards given to the
// players who hold them"; a PBN row written round the table from another
// seat is a format and says so in other words).
func refRepaired(p pbn.Problem) (int, bool) {
	if p.Code != "play-order" || len(p.Text.Args) == 0 ||
		p.Text.Format != "trick %d: cards re-assigned to their holders" && p.Text.Format != "trick %d: cards given to the players who hold them" {
		return 0, false
	}
	t, ok := p.Text.Args[0].(int)
	return t, ok
}

// refReorder puts the record's tricks in playing order under trump (the
// Play tag's seat leads trick 1, each later trick the winner of the one
// before; a trick's cards keep their seats). The last trick the record
// holds may hold some seats only (a claim): from its new leader on, a
// seat without a card has an unknown one while a card follows, as a
// reader writes it. It returns false when an earlier trick does not hold
// every seat.
func refReorder(play []pbn.Play, trump pbn.Strain) ([]pbn.Play, bool) {
	var out []pbn.Play
	leader := play[0].Seat
	for t := 0; t < len(play); t += 4 {
		rec := play[t:min(t+4, len(play))]
		lastTrick := t+4 >= len(play)
		var tr []pbn.Play
		for k := 0; k < 4; k++ {
			s := (leader + pbn.Seat(k)) & 3
			i := slices.IndexFunc(rec, func(p pbn.Play) bool { return p.Seat == s })
			switch {
			case i >= 0:
				tr = append(tr, rec[i])
			case !lastTrick:
				return nil, false
			case slices.ContainsFunc(rec, func(p pbn.Play) bool {
				return p.Card != pbn.NoCard && (p.Seat-leader)&3 > pbn.Seat(k)
			}):
				tr = append(tr, pbn.Play{Seat: s, Card: pbn.NoCard})
			}
		}
		for len(tr) > 0 && tr[len(tr)-1].Card == pbn.NoCard {
			tr = tr[:len(tr)-1]
		}
		out = append(out, tr...)
		if len(tr) == 4 && !slices.ContainsFunc(tr, func(p pbn.Play) bool { return p.Card == pbn.NoCard }) {
			leader = refWinner(tr, trump)
		}
	}
	return out, true
}

// refDeal is the deal of the record: the given hands; one hidden hand is
// the rest of the pack, more hidden hands hold the cards they are recorded
// playing. It returns false when a given hand is not 13 cards or a card
// is in two hands.
func refDeal(b *pbn.Board) (pbn.Deal, bool) {
	var d pbn.Deal
	var all pbn.Hand
	var hidden []pbn.Seat
	for s := pbn.North; s <= pbn.West; s++ {
		if !b.Given[s] {
			hidden = append(hidden, s)
			continue
		}
		if b.Deal[s].Len() != 13 || all&b.Deal[s] != 0 {
			return d, false
		}
		d[s], all = b.Deal[s], all|b.Deal[s]
	}
	switch len(hidden) {
	case 0:
	case 1:
		d[hidden[0]] = pbn.FullHand &^ all
	default:
		for _, p := range b.Play {
			if !b.Given[p.Seat] && p.Card != pbn.NoCard && !all.Has(p.Card) {
				d[p.Seat] = d[p.Seat].With(p.Card)
			}
		}
	}
	return d, true
}

// refAssess assesses every failure to follow of board b from the record
// alone (laws.md A14). It returns false when the board is not analysed
// (an error of the reader, no contract, a bad deal, a play it cannot
// replay).
func refAssess(b *pbn.Board) (rows []refAssessRow, analysed bool) {
	for _, p := range b.Problems {
		if p.Severity == pbn.Error {
			return nil, false
		}
	}
	if !b.HasContract || !b.HasDeclarer || b.Contract.PassedOut() || len(b.Play) == 0 {
		return nil, false
	}
	deal, ok := refDeal(b)
	if !ok {
		return nil, false
	}
	decl, trump := b.Declarer, b.Contract.Strain
	r, ok := refRun(deal, b.Play, trump)
	if !ok {
		return nil, false
	}
	// A16: with a failure to follow under the Contract and Declarer
	// tags, a complete auction that ends in another strain or declarer
	// under which the play has fewer failures to follow gives the
	// contract, and every row gets contract-mismatch.
	mismatch := false
	if len(r.fails) > 0 && b.Format == pbn.FormatPBN {
		if c, d2, ok := b.AuctionContract(); ok && !c.PassedOut() && (c.Strain != trump || d2 != decl) {
			play := b.Play
			if c.Strain != trump {
				play, ok = refReorder(b.Play, c.Strain)
			}
			if ok {
				if r2, ok := refRun(deal, play, c.Strain); ok && len(r2.fails) < len(r.fails) {
					r, decl, mismatch = r2, d2, true
				}
			}
		}
	}
	// A21: the LIN reader took the rs result's contract against the
	// auction, and says so.
	if b.Format == pbn.FormatLIN && slices.ContainsFunc(b.Problems, func(p pbn.Problem) bool { return p.Code == "contract-auction-mismatch" }) {
		mismatch = true
	}
	// A12: a card at which the reader cut the play (it names the trick)
	// also stops the replay where it stands, when the replay gets that
	// far: its trick is one the record holds.
	if n := len(r.tricks); r.stopAt == 0 && n > 0 && refPlayed(r) == len(b.Play) &&
		!slices.ContainsFunc(r.tricks[n-1], func(p pbn.Play) bool { return p.Card == pbn.NoCard }) {
		for _, p := range b.Problems {
			if t, ok := refReaderStop(p); ok && (r.stopAt == 0 || t < r.stopAt) {
				r.stopAt = t // the first cut
			}
		}
	}
	last := max(len(r.tricks), r.stopAt) // A14: the last trick the record holds
	repaired := 0                        // A20: the first trick the reader re-seated card by card
	for _, p := range b.Problems {
		if t, ok := refRepaired(p); ok && (repaired == 0 || t < repaired) {
			repaired = t
		}
	}
	for _, f := range r.fails {
		var ev []string
		// several-in-trick: two or more players fail to follow in it.
		n := 0
		for _, g := range r.fails {
			if g.trick == f.trick {
				n++
			}
		}
		if n >= 2 {
			ev = append(ev, "several-in-trick")
		}
		// lead-odd-one: the whole trick, the lead alone in its suit, the
		// other three of one suit.
		if tr := r.tricks[f.trick-1]; len(tr) == 4 && !slices.ContainsFunc(tr, func(p pbn.Play) bool { return p.Card == pbn.NoCard }) {
			s1 := tr[1].Card.Suit()
			if s1 != tr[0].Card.Suit() && tr[2].Card.Suit() == s1 && tr[3].Card.Suit() == s1 {
				ev = append(ev, "lead-odd-one")
			}
		}
		// rank-typo: he held x (led suit, the revoke card's rank) and no
		// known card of a later trick the replay reaches is x from him.
		x := pbn.NewCard(f.led, f.card.Rank())
		if f.held.Has(x) {
			played := false
			for _, tr := range r.tricks[f.trick:] {
				for _, p := range tr {
					played = played || p.Seat == f.off && p.Card == x
				}
			}
			if !played {
				ev = append(ev, "rank-typo")
			}
		}
		if f.off == decl.Partner() {
			ev = append(ev, "dummy")
		}
		if mismatch {
			ev = append(ev, "contract-mismatch")
		}
		// A20: a trick re-seated by the reader, this one or before it;
		// the play cut (card not held, played twice, unreadable) in this
		// trick or the next.
		if repaired > 0 && repaired <= f.trick {
			ev = append(ev, "record-repaired")
		}
		if r.stopAt == f.trick || r.stopAt == f.trick+1 {
			ev = append(ev, "record-cut")
		}
		if f.trick == last {
			ev = append(ev, "last-recorded-trick")
		}
		a := "plausible"
		switch {
		case len(ev) > 0 && ev[0] != "last-recorded-trick":
			a = "suspect"
		case len(ev) > 0:
			a = "undetermined"
		}
		rows = append(rows, refAssessRow{f.off, f.trick, f.card, a, ev})
	}
	return rows, true
}

// gotAssessRows are the analyser's revoke rows in the reference's form.
func gotAssessRows(f *analyze.Findings) []refAssessRow {
	var rows []refAssessRow
	for _, r := range f.Revokes {
		rows = append(rows, refAssessRow{r.Offender, r.Trick, r.Card, r.Assessment.String(), r.Evidence.Codes()})
	}
	return rows
}

// mutateBoard changes a generated board the way hand-typed and converted
// records go wrong, and returns what it did.
func mutateBoard(rng *rand.Rand, b *pbn.Board) string {
	var did []string
	for n := 1 + rng.IntN(2); n > 0; n-- {
		if len(b.Play) == 0 {
			break
		}
		// The tricks in which the record as generated fails to follow.
		var revTricks []int
		if r, ok := refRun(b.Deal, b.Play, b.Contract.Strain); ok {
			for _, f := range r.fails {
				revTricks = append(revTricks, f.trick-1)
			}
		}
		inRevTrick := func() int { // a position in a revoke trick, or anywhere
			if len(revTricks) == 0 {
				return rng.IntN(len(b.Play))
			}
			return min(len(b.Play)-1, 4*revTricks[rng.IntN(len(revTricks))]+rng.IntN(4))
		}
		switch rng.IntN(11) {
		case 0: // one suit letter mistyped
			i := rng.IntN(len(b.Play))
			c := b.Play[i].Card
			b.Play[i].Card = pbn.NewCard(pbn.Suit((int(c.Suit())+1+rng.IntN(3))%4), c.Rank())
			did = append(did, "suit")
		case 1: // a mistyped lead
			i := 4 * rng.IntN((len(b.Play)+3)/4)
			c := b.Play[i].Card
			if rng.IntN(2) == 0 {
				b.Play[i].Card = pbn.NewCard(pbn.Suit((int(c.Suit())+1+rng.IntN(3))%4), c.Rank())
			} else {
				b.Play[i].Card = pbn.NewCard(c.Suit(), pbn.Rank(2+rng.IntN(13)))
			}
			did = append(did, "lead")
		case 2: // the record stops mid-trick or after a trick
			b.Play = b.Play[:1+rng.IntN(len(b.Play))]
			b.Claim = rng.IntN(2) == 0
			did = append(did, "truncate")
		case 3: // an unknown card
			b.Play[rng.IntN(len(b.Play))].Card = pbn.NoCard
			did = append(did, "unknown")
		case 4: // contract tags that contradict the auction
			b.Contract.Strain = pbn.Strain((int(b.Contract.Strain) + 1 + rng.IntN(4)) % 5)
			if rng.IntN(3) == 0 {
				b.Declarer = pbn.Seat(rng.IntN(4))
			}
			did = append(did, "contract")
		case 5: // two cards of one seat swapped between tricks
			i, j := rng.IntN(len(b.Play)), rng.IntN(len(b.Play))
			for j2 := j; j2 < len(b.Play); j2++ {
				if b.Play[j2].Seat == b.Play[i].Seat {
					b.Play[i].Card, b.Play[j2].Card = b.Play[j2].Card, b.Play[i].Card
					break
				}
			}
			did = append(did, "swap")
		case 6: // an unknown card in a trick with a failure to follow
			b.Play[inRevTrick()].Card = pbn.NoCard
			did = append(did, "unknown-in-revoke-trick")
		case 7: // the record stops in, or just after, a trick with a failure to follow
			b.Play = b.Play[:min(len(b.Play), inRevTrick()/4*4+1+rng.IntN(6))]
			b.Claim = rng.IntN(2) == 0
			did = append(did, "truncate-at-revoke")
		case 8: // one suit letter mistyped into a card the player holds
			i := inRevTrick()
			c, s := b.Play[i].Card, b.Play[i].Seat
			for _, su := range rng.Perm(4) {
				if x := pbn.NewCard(pbn.Suit(su), c.Rank()); x != c && b.Deal[s].Has(x) {
					b.Play[i].Card = x
					break
				}
			}
			did = append(did, "suit-held")
		case 9: // two players' cards of one trick written in each other's place
			if i := inRevTrick() / 4 * 4; i+4 <= len(b.Play) {
				j, k := i+rng.IntN(4), i+rng.IntN(4)
				b.Play[j].Card, b.Play[k].Card = b.Play[k].Card, b.Play[j].Card
				did = append(did, "swap-in-trick")
			}
		default: // none
		}
	}
	return strings.Join(did, "+")
}

// playingOrderRows rewrites the Play section of text, the PBN record of
// b, with each trick's cards in playing order instead of by the columns.
func playingOrderRows(text []byte, b *pbn.Board) []byte {
	k := bytes.Index(text, []byte("[Play "))
	if k < 0 {
		return text
	}
	k += bytes.IndexByte(text[k:], '\n') + 1
	out := slices.Clip(text[:k])
	rest := text[k:]
	for t := 0; t < len(b.Play); t += 4 {
		var row []string
		for j := t; j < t+4; j++ {
			c := pbn.NoCard
			if j < len(b.Play) {
				c = b.Play[j].Card
			}
			row = append(row, c.String())
		}
		out = append(out, strings.Join(row, " ")+"\n"...)
		rest = rest[bytes.IndexByte(rest, '\n')+1:]
	}
	return append(out, rest...)
}

// compareAssess analyses board b and compares its rows with the
// reference's; it returns the reference's rows.
func compareAssess(t *testing.T, a *analyze.Analyzer, b *pbn.Board, what string) []refAssessRow {
	t.Helper()
	want, _ := refAssess(b)
	f := a.Board(b)
	got := gotAssessRows(f)
	if !slices.EqualFunc(got, want, func(x, y refAssessRow) bool {
		return x.off == y.off && x.trick == y.trick && x.card == y.card && x.assessment == y.assessment && slices.Equal(x.evidence, y.evidence)
	}) {
		var play strings.Builder
		for i, p := range b.Play {
			if i%4 == 0 {
				play.WriteString(" |")
			}
			fmt.Fprintf(&play, " %s:%s", p.Seat, p.Card)
		}
		t.Errorf("%s: analyser %v, reference %v\n  contract %s by %s claim %v play%s\n  problems %v",
			what, got, want, b.Contract, b.Declarer, b.Claim, play.String(), f.Problems)
	}
	return want
}

// TestAssessReference compares the analyser's assessment (laws.md A14)
// with the reference on generated boards with many revokes and claims,
// mutated like real records (suit letters, leads, truncated play, unknown
// cards, contract tags against the auction), written as PBN and read back.
func TestAssessReference(t *testing.T) {
	a, err := analyze.New(analyze.Options{Edition: "auto"})
	if err != nil {
		t.Fatal(err)
	}
	g := synth.New(synth.Options{Seed: 14, RevokeRate: 0.03, ClaimRate: 0.4})
	rng := rand.New(rand.NewPCG(14, 41))
	nBoards, rows, marked := 0, 0, 0
	byCode := map[string]int{}
	for i := 0; i < 4000; i++ {
		b := g.Board()
		what := "unchanged"
		if i%4 != 0 {
			what = mutateBoard(rng, b)
		}
		// One board in five goes through the LIN reader (its seats
		// follow the trick winners; its contract is the auction's).
		text := synth.AppendPBN(nil, b)
		if i%5 == 2 {
			text = synth.AppendLIN(nil, b)
		} else if rng.IntN(8) == 0 && len(b.Play) > 0 {
			// The whole play written in playing order (leader first), a
			// format of some writers: no repair (laws.md A20).
			text = playingOrderRows(text, b)
			what += "+playing-order"
		}
		if i%4 != 0 && rng.IntN(6) == 0 && len(b.Play) > 0 {
			// An unreadable card: one card of the play (often in or
			// just after a revoke trick) typed with a rank that is none.
			j := rng.IntN(len(b.Play))
			if r, ok := refRun(b.Deal, b.Play, b.Contract.Strain); ok && len(r.fails) > 0 && rng.IntN(2) == 0 {
				j = min(len(b.Play)-1, 4*r.fails[0].trick+rng.IntN(4))
			}
			if c := b.Play[j].Card; c != pbn.NoCard {
				tok := []byte(c.String())
				if lin := i%5 == 2; lin {
					tok = []byte("pc|" + c.String() + "|")
				}
				if k := bytes.LastIndex(text, tok); k >= 0 {
					text[k+bytes.IndexByte(tok, c.String()[1])] = 'X'
					what += "+bad-card"
				}
			}
		}
		if i%5 != 2 && rng.IntN(4) == 0 {
			// A ^R mark on a card of the play, as converters write
			// them: no evidence either way.
			if k := bytes.Index(text, []byte("[Play ")); k >= 0 {
				k += bytes.IndexByte(text[k:], '\n') + 1
				var at []int
				for j := k; j+1 < len(text); j++ {
					if bytes.IndexByte([]byte("SHDC"), text[j]) >= 0 && (text[j-1] == ' ' || text[j-1] == '\n') {
						at = append(at, j)
					}
				}
				if len(at) > 0 {
					j := at[rng.IntN(len(at))]
					text = append(text[:j:j], append([]byte("^R"), text[j:]...)...)
					what += "+mark"
				}
			}
		}
		rd, _, err := boards.NewReader(bytes.NewReader(text), "gen")
		if err != nil {
			t.Fatal(err)
		}
		rb, err := rd.Read()
		if err != nil {
			continue // a record that cannot be read has no revoke
		}
		if i%7 == 3 {
			// Hands the record does not give (one is the rest of the
			// pack, more are rebuilt from the play).
			for n := 1 + rng.IntN(2); n > 0; n-- {
				s := pbn.Seat(rng.IntN(4))
				rb.Given[s], rb.Deal[s] = false, 0
			}
			rb.Play = slices.Clone(rb.Play) // (not the Play the reader found regular)
			what += "+hidden"
		}
		if slices.ContainsFunc(rb.Play, func(p pbn.Play) bool { return p.Mark == 'R' }) {
			marked++
		}
		want := compareAssess(t, a, rb, fmt.Sprintf("board %d (%s)", i, what))
		nBoards++
		rows += len(want)
		for _, w := range want {
			byCode[w.assessment]++
			for _, e := range w.evidence {
				byCode[e]++
			}
		}
	}
	t.Logf("%d generated boards (%d with a ^R mark), %d revoke rows compared: %v", nBoards, marked, rows, byCode)
	// Every code and assessment must be exercised, or the comparison says
	// little.
	for _, c := range append(analyze.EvidenceCodes(), "plausible", "suspect", "undetermined") {
		if byCode[c] == 0 {
			t.Errorf("no row with %s among the generated boards", c)
		}
	}
}

// TestAssessReferenceCorpus compares the analyser's assessment with the
// reference on every board of the shared real corpus (skipped when it is
// absent).
func TestAssessReferenceCorpus(t *testing.T) {
	dir := pbntest.CorpusDir(t)
	a, err := analyze.New(analyze.Options{Edition: "auto"})
	if err != nil {
		t.Fatal(err)
	}
	nBoards, rows := 0, 0
	byCode := map[string]int{}
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		ext := strings.ToLower(filepath.Ext(path))
		if err != nil || d.IsDir() || ext != ".pbn" && ext != ".lin" {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		br, _, err := boards.NewReader(bytes.NewReader(data), path)
		if err != nil {
			return nil
		}
		bs, _ := pbntest.ReadAll(t, path, br)
		for _, b := range bs {
			want := compareAssess(t, a, b, fmt.Sprintf("%s board %s %s (record %d)", path, b.Tag("Board"), b.Tag("Room"), b.Index))
			nBoards++
			rows += len(want)
			for _, w := range want {
				byCode[w.assessment]++
			}
		}
		return nil
	})
	t.Logf("%d real boards, %d revoke rows compared: %v", nBoards, rows, byCode)
}
