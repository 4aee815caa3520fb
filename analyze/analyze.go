package analyze

import (
	"fmt"

	"revokes/analyze/dd"
	"revokes/pbn"
)

// Attention is when the irregularity is taken to be noticed (laws.md A9),
// in the order of time.
type Attention uint8

// The attention moments.
const (
	// EndOfPlay: at the end of play, before the hands go back into the
	// board (the default): the edition's rules; trick 12 is corrected.
	EndOfPlay Attention = iota
	// HandsReturned: after the hands went back into the board, before the
	// round ended: trick 12 can no longer be corrected.
	HandsReturned
	// AfterRound: after the round ended: the timing exceptions apply.
	AfterRound
)

// attentionNames are the flag values of the moments, in their order.
var attentionNames = [...]string{"end-of-play", "hands-returned", "after-round"}

// String returns "end-of-play", "hands-returned" or "after-round".
func (a Attention) String() string {
	if int(a) < len(attentionNames) {
		return attentionNames[a]
	}
	return attentionNames[EndOfPlay]
}

// ParseAttention reads "end-of-play", "hands-returned" or "after-round"
// ("" is the default, end-of-play).
func ParseAttention(s string) (Attention, error) {
	if s == "" {
		return EndOfPlay, nil
	}
	for i, n := range attentionNames {
		if s == n {
			return Attention(i), nil
		}
	}
	return 0, fmt.Errorf("unknown attention %q (want end-of-play, hands-returned or after-round)", s)
}

// Options select the rules of a run.
type Options struct {
	Edition   string // "auto" (by the board's date) or an edition name
	Attention Attention
	Equity    bool // compute the double-dummy equity estimate

	// Apply and Decisions say which revokes change a result (laws.md
	// A24): the mode, and a director's decisions keyed by Revoke.ID
	// (read-only, shared by the workers; nil for none).
	Apply     Apply
	Decisions map[string]Decision

	// SolverMade, when set, is called when the Analyzer makes its
	// double-dummy solver (at its first revoke), so that the caller can
	// make room for the solver's table (dd.TableBytes).
	SolverMade func()
}

// Analyzer analyses boards. It is not safe for concurrent use: give each
// worker its own.
type Analyzer struct {
	opt     Options
	edition *Edition // nil for auto

	// scratch, reused from board to board
	r        replay
	alt      replay // the replay under the auction's contract (laws.md A16)
	g        ruling
	lastDate string
	lastEd   *Edition
	solver   *dd.Solver // made at the first revoke
	findings []Findings // not yet handed out, allocated findingsBlock at a time

	// slow is a test hook: every board replayed by the general loop
	// alone, neither Board.Regular nor the quick loop taken, so that
	// TestQuickReplay can compare them. (A field, not a package
	// variable: set only by tests of this package, on their own
	// Analyzer, and as cheap to read.)
	slow bool
}

// findingsBlock is the number of Findings an Analyzer allocates at a time
// (fewer, larger allocations; keeping one keeps its block alive, about
// 14 KB).
const findingsBlock = 64

// New returns an Analyzer for the options, or an error for an unknown
// edition.
func New(opt Options) (*Analyzer, error) {
	a := &Analyzer{opt: opt}
	if opt.Edition != "" && opt.Edition != "auto" {
		e := EditionByName(opt.Edition)
		if e == nil {
			return nil, fmt.Errorf("unknown edition %q", opt.Edition)
		}
		a.edition = e
	}
	return a, nil
}

// msgNoDate is the no-date warning of a board without a Date tag, made
// once.
var msgNoDate = pbn.Msg("no usable date (%q): the 2017 laws are applied", "")

// Board analyses one board record: replay, revokes, rulings, scores.
func (a *Analyzer) Board(b *pbn.Board) *Findings {
	f := a.newFindings(b)
	if f.Edition == nil {
		f.Edition = a.editionOn(b, f.HasPlay, f.add)
	}
	if !f.Analysed {
		return f.notReplayed()
	}
	if !f.HasPlay {
		a.resultOnly(f)
		return f.notReplayed()
	}
	mismatch, ok := a.replayPlay(f) // the contract came from the auction (laws.md A16)
	if !ok {
		return f.notReplayed()
	}
	b = f.Board
	r := &a.r
	f.TricksInRecord = r.complete
	declNS := b.Declarer.NS()
	g := &a.g
	// The slots of g (who won each trick) serve only the rulings of
	// revokes: a board without one leaves g alone but for revs.
	rules := len(r.facts) > 0
	if rules {
		*g = ruling{e: f.Edition, att: a.opt.Attention, facts: r.facts}
		g.played(r)
	} else {
		g.revs = nil
	}

	// The tricks: played, then claimed.
	declPlayed := r.won(declNS)
	lost, shown := claimShown(b)
	f.Claim = shown
	// A corrected copy's RevokeRuling tags (rescoring.md §10): its Result
	// holds their transfers, so the play's count it stands for (a claim's,
	// or the Result's alone) is the Result without them (laws.md A24).
	tagDelta := 0
	if rules {
		tagDelta = g.recorded(b)
	}
	a.recordedTricks(f, declPlayed, tagDelta, shown, rules)
	if r.complete < 13 && !shown && !r.stopped {
		f.warnIncomplete(lost) // laws.md A12: the play ends short, without a claim or a stop
	}

	base, delta := f.TricksRecorded, 0
	if rules {
		corrected := a.revokes(f, lost, shown)
		a.rulings(f, mismatch)
		base, delta = a.applied(f, corrected)
	}
	// laws.md A17: a Result marked "^" is the recorded result, not the
	// play's, and never a result-mismatch.
	if b.HasResult && !b.ResultMarked && f.HasTricks && b.Result != f.TricksRecorded {
		f.add(codeResult, pbn.Warning, pbn.Msg("the Result tag says %d tricks, the play gives declarer %d", b.Result, f.TricksRecorded))
	}
	f.Revokes = g.revs
	if a.opt.Equity {
		a.equityFlags(f, r, declNS)
	}
	f.TricksAdjusted = min(13, max(0, base+delta))
	if f.HasTricks {
		a.score(f)
	}
	return f
}

// resultOnly gives a board without play the tricks of its Result and
// their score, when its contract and declarer are known.
func (a *Analyzer) resultOnly(f *Findings) {
	b := f.Board
	if b.HasContract && b.HasDeclarer && b.HasResult && !b.Contract.PassedOut() {
		f.HasTricks, f.TricksRecorded, f.TricksAdjusted = true, b.Result, b.Result
		a.score(f)
	}
}

// revokes makes a Revoke of every failure to follow of the replay (a.g's
// revs), establishes it (laws.md A4; lost: the trick in which the record
// lost cards, A19; shown: the record shows a claim) and corrects a
// trick-12 revoke at the end of play (A5). It reports whether one was
// corrected.
func (a *Analyzer) revokes(f *Findings, lost int, shown bool) (corrected bool) {
	r, g, e := &a.r, &a.g, f.Edition
	decl := f.Board.Declarer
	g.revs = make([]Revoke, len(r.facts))
	for i := range r.facts {
		fa := &r.facts[i]
		rv := &g.revs[i]
		*rv = Revoke{Offender: fa.offender, Trick: fa.trick, Led: fa.led, Card: fa.card, Held: fa.held}
		switch {
		case fa.offender == decl:
			rv.Role = Declarer
		case fa.offender == decl.Partner():
			rv.Role = Dummy
		}
		if tr := &r.tricks[fa.trick-1]; tr.n == 4 && !tr.unknown {
			rv.WonBy = tr.winner
		} else {
			rv.Open = true
		}
		// A claim after the cards that stopped the replay establishes
		// nothing the replay reaches (laws.md A12); one that the record
		// does not show establishes nothing (A19).
		establish(r, shown && !r.stopped, e, rv, fa)
		if lost > 0 && !rv.Established && (fa.trick != 12 || e.Trick12Establishes) {
			fa.lostClaim, fa.lostTrick = true, lost
		}
		if fa.trick == 12 && a.opt.Attention == EndOfPlay && !r.tricks[11].unknown {
			// laws.md A5: a trick-12 revoke is corrected, first.
			if !corrected {
				if w12, w13, ok := r.correct12(fa, e.Trick12Partner); ok {
					g.slots[11] = slot{known: true, ns: w12.NS(), played: true, seat: w12}
					g.slots[12] = slot{known: true, ns: w13.NS(), played: true, seat: w13}
					corrected = true
				}
			}
			if corrected {
				rv.Flags = append(rv.Flags, FlagTrick12)
			}
		}
	}
	return corrected
}

// rulings applies the edition to the board's revokes (decide) and assesses
// them (laws.md A14); mismatch reports whether the board took its
// auction's contract (A16).
func (a *Analyzer) rulings(f *Findings, mismatch bool) {
	r, g, b := &a.r, &a.g, f.Board
	g.decide(b.Declarer)
	r.readerStop(b)
	// laws.md A21: the LIN reader took the rs contract against the
	// auction (its contract-auction-mismatch warning).
	mismatch = mismatch || b.Format == pbn.FormatLIN && hasCode(b.Problems, codeContractAuction)
	assess(r, b, g.revs, mismatch)
}

// applied gives the board's revokes their ids and decides which apply
// (laws.md A24). It returns declarer's tricks before the applied
// transfers (base: after the trick-12 correction when that is applied,
// A5; the Result when it already holds the transfers) and their net
// change (delta); corrected reports that a trick-12 revoke was
// corrected.
func (a *Analyzer) applied(f *Findings, corrected bool) (base, delta int) {
	g, b := &a.g, f.Board
	decl := b.Declarer
	base = f.TricksRecorded
	if corrected {
		if n, ok := correctedTricks(&g.slots, decl.NS()); ok {
			base, f.HasTricks = n, true
		}
	}
	// laws.md A24: the result changes by the applied revokes only,
	// and by none that the Result already holds.
	setIDs(g.idBase, g.revs)
	decideApplied(g.revs, a.opt.Apply, a.opt.Decisions)
	if corrected && !correctionApplied(g.revs) {
		base = f.TricksRecorded
	}
	if f.HasTricks && inResult(b, f.TricksRecorded, g.revs, g.tagged, g.tagDelta, decl) {
		f.TricksRecorded, base = b.Result, b.Result
	}
	return base, appliedDelta(g.revs, decl)
}

// recordedTricks sets declarer's recorded tricks of a replayed board
// (f.TricksRecorded): all played, or the count of a claim the record
// shows (shown), or the Result's; tagDelta is the transfer of the
// record's RevokeRuling tags, which its Result holds. A claim's tricks
// fill the ruling's slots when the board has a revoke (rules).
func (a *Analyzer) recordedTricks(f *Findings, declPlayed, tagDelta int, shown, rules bool) {
	b, r, g := f.Board, &a.r, &a.g
	declNS := b.Declarer.NS()
	rest := 13 - r.complete
	claim := shown && !r.stopped // (a claim after an impossible card is no claim of these tricks)
	result, claimTricks := b.Result-tagDelta, b.ClaimTricks
	if b.HasResult && claimTricks == b.Result {
		claimTricks = result
	}
	switch {
	case r.complete == 13:
		f.HasTricks, f.TricksRecorded = true, declPlayed
	case r.stopped && shown && claimTricks >= 0:
		// laws.md A12: the tricks after the stop are not known; the
		// claim still gives the final count.
		f.HasTricks, f.TricksRecorded = true, claimTricks
	case claim && (claimTricks >= 0 || b.HasResult):
		ct := claimTricks
		if ct < 0 {
			ct = result
		}
		if ct < declPlayed || ct > declPlayed+rest {
			f.add(codeBadClaim, pbn.Warning, pbn.Msg("the claim gives declarer %d tricks, but %d were won in play with %d to play", ct, declPlayed, rest))
			ct = max(declPlayed, min(ct, declPlayed+rest))
		}
		for i := 0; rules && i < rest; i++ {
			g.slots[r.complete+i] = slot{known: true, ns: (i < ct-declPlayed) == declNS}
		}
		f.HasTricks, f.TricksRecorded = true, ct
	case b.HasResult:
		f.HasTricks, f.TricksRecorded = true, result
	}
}

// replayPlay replays the board's play into a.r: the deal built from the
// hands given, then the quick check of a play the reader found regular or
// the replay card by card. It reports false, with the board's one error
// or the replay's problems, when the play cannot be replayed: no contract
// or declarer, no hand of the deal, a deal that is not one, a card that
// stops the replay in trick 1. mismatch reports whether the board took
// its auction's contract (laws.md A16; f.Board is then the changed copy).
func (a *Analyzer) replayPlay(f *Findings) (mismatch, ok bool) {
	b, r := f.Board, &a.r
	if !b.HasContract || !b.HasDeclarer || b.Contract.PassedOut() {
		// One problem (laws.md A17): the reader's warning on an unreadable
		// Contract tag, when there is one, becomes the error.
		f.raise(codeBadContract, pbn.Msg("the play is recorded but the contract or declarer is not"))
		return false, false
	}
	if b.Given == [4]bool{} {
		// The play without any hand of the deal (a LIN md or a PBN Deal
		// lost): skipped with one error, the reader's warning when it
		// gave one, and still a board with play.
		f.raise(codeNoDeal, pbn.Msg("the play is recorded but the deal is not: the board is skipped"))
		return false, false
	}
	d, ok := buildDeal(b, f.add)
	if !ok {
		f.Problems = oneBadDeal(f.Problems)
		return false, false
	}
	if wins, ok := b.Regular(); ok && !a.slow {
		// (Only what checked sets is read: a board without revokes.)
		r.trump, r.facts = b.Contract.Strain, r.facts[:0]
		r.checked(b, d, wins)
		return false, true
	}
	from := len(f.Problems)
	*r = replay{trump: b.Contract.Strain, facts: r.facts[:0], slow: a.slow}
	if !r.run(b, d, f.add) {
		return false, false
	}
	// laws.md A16: only a board with a failure to follow compares
	// its contract tags with its auction.
	mismatch = len(r.facts) > 0 && b.Format == pbn.FormatPBN && len(b.Auction) > 0 && a.auctionContract(f, d, from, f.add)
	return mismatch, true
}

// newFindings returns the board's Findings, taken from the Analyzer's
// block (one allocation per findingsBlock boards), with the reader's
// problems positioned at the record; a reader's error leaves the board
// not analysed.
func (a *Analyzer) newFindings(b *pbn.Board) *Findings {
	if len(a.findings) == 0 {
		a.findings = make([]Findings, findingsBlock)
	}
	f := &a.findings[0]
	a.findings = a.findings[1:]
	*f = Findings{Board: b, Edition: a.edition, Analysed: true, HasPlay: len(b.Play) > 0 || b.PlayUnseated > 0,
		Claim: b.Claim}
	f.Problems = f.probs[:0:1]
	for _, p := range b.Problems {
		if p.File == "" {
			p.File = b.File
		}
		if p.Game == 0 {
			p.Game = b.Index
		}
		if p.Line == 0 {
			p.Line = b.Line
		}
		f.Problems = append(f.Problems, p)
		if p.Severity == pbn.Error {
			f.Analysed = false
		}
	}
	return f
}

// add adds the analyser's problem at the board's record; an error leaves
// the board not analysed.
func (f *Findings) add(code string, sev pbn.Severity, m pbn.Message) {
	b := f.Board
	f.Problems = append(f.Problems, pbn.Problem{File: b.File, Game: b.Index, Line: b.Line,
		Code: code, Severity: sev, Text: m})
	if sev == pbn.Error {
		f.Analysed = false
	}
}

// raise makes the reader's warning of this code, when it gave one, the
// board's error, else adds the error: one problem for one fault.
func (f *Findings) raise(code string, m pbn.Message) {
	for i := range f.Problems {
		if f.Problems[i].Code == code {
			f.Problems[i].Severity, f.Analysed = pbn.Error, false
			return
		}
	}
	f.add(code, pbn.Error, m)
}

// notReplayed returns the Findings of a board that is not replayed, which
// has the complete tricks its record holds (a replayed one has the tricks
// the replay reached).
func (f *Findings) notReplayed() *Findings {
	f.TricksInRecord = recordTricks(f.Board.Play)
	return f
}

// claimShown returns the trick in which the record lost cards (lostCards)
// and whether it shows a claim: after a last trick with an unknown card
// before a known one, nothing (a "*", a Result above the tricks played)
// shows a claim (laws.md A19).
func claimShown(b *pbn.Board) (lost int, shown bool) {
	if b.Claim {
		lost = lostCards(b.Play)
	}
	return lost, b.Claim && lost == 0
}

// warnIncomplete adds the incomplete-play warning of a play that ends
// before trick 13 without a claim or a stop (laws.md A12), one for the
// board (none when the reader gave it or a bad-card): the record lost
// cards in trick lost (A19), or its play stops.
func (f *Findings) warnIncomplete(lost int) {
	if hasCode(f.Problems, codeIncomplete) || hasCode(f.Problems, codeBadCard) {
		return
	}
	if lost > 0 {
		f.add(codeIncomplete, pbn.Warning, pbn.Msg("trick %d has an unknown card before a known one: the record lost cards and shows no claim", lost))
	} else {
		f.add(codeIncomplete, pbn.Warning, pbn.Msg("the play stops after %d cards without a claim", len(f.Board.Play)))
	}
}

// lostCards returns the trick (1-based) in which the record lost cards,
// an unknown card before a known one (laws.md A19), or 0. The reader keeps
// an unknown card only in the last trick and drops those that end the
// play (a claim's padding), so any left is followed by a known card.
func lostCards(play []pbn.Play) int {
	if len(play) == 0 {
		return 0
	}
	from := (len(play) - 1) / 4 * 4
	for _, p := range play[from:] {
		if p.Card == pbn.NoCard {
			return from/4 + 1
		}
	}
	return 0
}

// editionOn returns the edition in force on the board's date (laws.md
// A3), kept for the next board of the same date; the 2017 laws when the
// date is not usable, with a no-date warning on a board with play.
func (a *Analyzer) editionOn(b *pbn.Board, play bool, add func(code string, sev pbn.Severity, m pbn.Message)) *Edition {
	date := b.Tag("Date")
	if date == a.lastDate && a.lastEd != nil {
		return a.lastEd
	}
	if d := ParseDate(date); d > 0 {
		a.lastDate, a.lastEd = date, EditionOn(d)
		return a.lastEd
	}
	switch {
	case !play:
	case date == "":
		add(codeNoDate, pbn.Warning, msgNoDate) // LIN: every board
	default:
		add(codeNoDate, pbn.Warning, pbn.Msg("no usable date (%q): the 2017 laws are applied", date))
	}
	return EditionByName("2017")
}

// correctedTricks counts declarer's tricks after a trick-12 correction
// (laws.md A5) from the slots of every trick; false when a trick's winner
// is not known.
func correctedTricks(slots *[13]slot, declNS bool) (int, bool) {
	n := 0
	for t := range slots {
		if !slots[t].known {
			return 0, false
		}
		if slots[t].ns == declNS {
			n++
		}
	}
	return n, true
}

// recordTricks returns the number of complete tricks of play: four cards,
// none unknown (the reader keeps an unknown card only in the last trick).
func recordTricks(play []pbn.Play) int {
	n := len(play) / 4
	if n > 13 {
		return 13
	}
	if n > 0 {
		for _, p := range play[4*n-4 : 4*n] {
			if p.Card == pbn.NoCard {
				return n - 1
			}
		}
	}
	return n
}

// score fills in the recorded and adjusted scores (laws.md A11).
func (a *Analyzer) score(f *Findings) {
	b := f.Board
	if !b.HasContract || !b.HasDeclarer {
		return
	}
	vul := b.Vul.Vulnerable(b.Declarer)
	f.HasScore = true
	f.ScoreRecorded = Score(f.Edition.Scoring, b.Contract, vul, f.TricksRecorded)
	f.ScoreAdjusted = Score(f.Edition.Scoring, b.Contract, vul, f.TricksAdjusted)
}

func hasCode(ps []pbn.Problem, code string) bool {
	for _, p := range ps {
		if p.Code == code {
			return true
		}
	}
	return false
}

// equityFlags adds the double-dummy estimate to every revoke in tricks
// 1-12 and the equity-short flag where the estimate says the revoke gained
// more than it transferred (editions 1987 on, established revokes in
// tricks 1-11; Law 64C).
func (a *Analyzer) equityFlags(f *Findings, r *replay, declNS bool) {
	for i := range f.Revokes {
		rv := &f.Revokes[i]
		rv.Equity = a.equity(r, &r.facts[i], declNS)
		if rv.Equity == nil || !f.Edition.EquityShort || !rv.Established || rv.Trick > 11 {
			continue
		}
		if short := rv.Equity.Gain - rv.Transfer; short > 0 {
			rv.Flags = orderFlags(append(rv.Flags, FlagEquityShort))
			rv.Reason = pbn.Msg("%v; advisory double-dummy estimate: the revoke gained %d trick(s), %d more than transferred (Law 64C)", rv.Reason, rv.Equity.Gain, short)
		}
	}
}
