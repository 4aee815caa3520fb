package analyze

import "revokes/pbn"

// slot is one of the 13 tricks of the deal as the rules see it: which
// side won it, and (for a trick played out) which hand's card won it.
type slot struct {
	known  bool // the winner is known (played, claimed or corrected)
	ns     bool // won by North-South
	played bool // won in play (seat is the winning hand)
	seat   pbn.Seat
	taken  bool // already transferred by a revoke
}

// ruling is the state of one board's rulings: the tricks, the revokes and
// what each one asks for.
type ruling struct {
	e     *Edition
	att   Attention
	slots [13]slot
	revs  []Revoke
	facts []fact
	// per revoke: what the rule asks for and where it may take it
	demand    []int
	mandatory []int   // trick (1..13) the rule names first, 0 for none
	from      []int   // first eligible trick (1..13)
	bases     []basis // the branch of the transfer formula, for the reason
	// the record's own (laws.md A24): the hash its revokes' ids are made
	// from, and a corrected copy's RevokeRuling tags (recordRulings)
	idBase   []byte
	tagged   []int
	tagDelta int
}

// recorded reads what the record holds of its revokes' rulings (laws.md
// A24): the hash of its content for their ids and a corrected copy's
// RevokeRuling tags (rescoring.md §10). It returns the net change of
// declarer's tricks the tags state.
func (g *ruling) recorded(b *pbn.Board) int {
	g.idBase = recordHash(b)
	g.tagged, g.tagDelta = recordRulings(b, g.idBase, g.facts, b.Declarer.NS())
	return g.tagDelta
}

// played sets the slots of the tricks the replay played out to their
// winners.
func (g *ruling) played(r *replay) {
	for t := 0; t < r.complete; t++ {
		w := r.tricks[t].winner
		g.slots[t] = slot{known: true, ns: w.NS(), played: true, seat: w}
	}
}

// pool counts the tricks from trick t (1-based) on won by the side ns.
func (g *ruling) pool(ns bool, t int) int {
	n := 0
	for i := t - 1; i < 13; i++ {
		if g.slots[i].known && g.slots[i].ns == ns {
			n++
		}
	}
	return n
}

// establish decides, for each revoke, whether the record establishes it
// (laws.md A4): play by the offender or his partner to the next trick, or a
// claim before that (claim: the record shows one that counts); a trick-12
// revoke is never established before 1987.
func establish(r *replay, claim bool, e *Edition, rv *Revoke, fa *fact) {
	t := fa.trick
	if t == 12 && !e.Trick12Establishes {
		// 1936 §27.2, 1963 art. 62: a trick-12 revoke is never established.
		rv.EstablishedBy = ByNone
		return
	}
	if t < 13 && t < r.started {
		nx := &r.tricks[t]
		for k := 0; k < nx.n; k++ {
			if nx.seats[k] == fa.offender || nx.seats[k] == fa.offender.Partner() {
				rv.Established, rv.EstablishedBy = true, ByNextTrick
				return
			}
		}
	}
	if claim {
		// A claim or concession before the next trick establishes it in
		// every edition (laws.md A4; 1963 art. 63, 2017 63A3/63A4).
		rv.Established, rv.EstablishedBy = true, ByClaim
		return
	}
	rv.EstablishedBy = ByNone
}

// basis is the branch of the transfer formula a revoke got, for its
// reason (laws.md A7: the reason states the transfer the row actually got).
type basis uint8

const (
	basisNone   basis = iota // no transfer formula: exempt or corrected
	basisSide                // 1963 art. 64: per revoke, side-based
	basisWon                 // 64A1: the offender won the revoke trick
	basisNotWon              // 64A2: he did not
	basisExtra               // 1997 64A2 with the extra trick (A13)
	basisFirst               // 1936 §27.4: the side's first penalised revoke
	basisLater               // 1936 §27.4: a later penalised revoke of the side
)

// counts reports whether revoke i counts for "both sides revoked" (laws.md
// A8): established, in tricks 1-11, or in trick 12 in 2007 and 2017.
func (g *ruling) counts(i int) bool {
	rv := &g.revs[i]
	return rv.Established && (rv.Trick <= 11 || rv.Trick == 12 && g.e.Trick12BothSides)
}

// decide applies the edition to every revoke of the board: exceptions,
// what each rule asks for, the allocation of tricks, the reasons and the
// flags. It returns the net change of declarer's tricks.
func (g *ruling) decide(declarer pbn.Seat) int {
	n := len(g.revs)
	g.demand = make([]int, n)
	g.mandatory = make([]int, n)
	g.from = make([]int, n)
	g.bases = make([]basis, n)

	// Each revoke's rule: none transferred for (trick 12, not established,
	// an exception), else what its formula asks for.
	both := g.bothSides()
	for i := range g.revs {
		rv := &g.revs[i]
		if both && g.counts(i) {
			rv.Flags = append(rv.Flags, FlagBothSides)
		}
		if rv.Has(FlagTrick12) || rv.Trick == 12 && g.att == EndOfPlay {
			g.trick12(i)
			continue
		}
		if !rv.Established {
			g.notEstablished(i)
			continue
		}
		if article, m, ok := g.exception(i, both); ok {
			g.exempt(rv, article, m)
			continue
		}
		g.formula(i)
	}
	if g.e.Formula == PerSide {
		g.perSide()
	}
	delta := g.allocate(declarer)
	for i := range g.revs {
		g.lastFlags(i)
	}
	return delta
}

// bothSides reports whether both sides have a revoke that counts (laws.md
// A8).
func (g *ruling) bothSides() bool {
	var est [2]bool
	for i := range g.revs {
		if g.counts(i) {
			est[b2i(g.revs[i].Offender.NS())] = true
		}
	}
	return est[0] && est[1]
}

// trick12 gives the rule and reason of a trick-12 revoke noticed at the
// end of play (laws.md A5), which is corrected, never transferred for:
// corrected, or not when the replay could not.
func (g *ruling) trick12(i int) {
	e, rv := g.e, &g.revs[i]
	if rv.Has(FlagTrick12) {
		// laws.md A5: corrected, never transferred for; who may
		// change a card is the edition's.
		rv.Rule = e.rule(e.Art.Trick12)
		if e.Trick12Partner == PartnerDictated {
			rv.Reason = pbn.Msg("revoke at trick 12, corrected: tricks 12 and 13 are replayed with the offender following suit, the non-offending side choosing its own cards played after the revoke and the card of the offender's partner; no transfer")
		} else {
			rv.Reason = pbn.Msg("revoke at trick 12, corrected: tricks 12 and 13 are replayed with the offender following suit, the non-offending side choosing its own cards played after the revoke while the card of the offender's partner stands; no transfer")
		}
		return
	}
	// laws.md A5: to be corrected, but the replay could not (the
	// hands at trick 12 are not all known).
	rv.Rule = e.rule(e.Art.Trick12)
	rv.Reason = pbn.Msg("revoke at trick 12, not corrected: the result stands as played")
}

// notEstablished gives the rule and reason of a revoke the record does not
// establish (laws.md A4), which transfers nothing.
func (g *ruling) notEstablished(i int) {
	e, rv, fa := g.e, &g.revs[i], &g.facts[i]
	switch {
	case rv.Trick == 12 && !e.Trick12Establishes:
		// 1936 §27.2, 1963 art. 62: never established, and
		// noticed too late to correct (laws.md A9).
		rv.Rule = e.rule(e.Art.Trick12Late)
		rv.Reason = pbn.Msg("revoke at trick 12, noticed too late to correct it: never established, the result stands as played")
	case fa.lostClaim:
		// laws.md A19: only a claim would establish it, and the
		// record lost cards and shows none.
		rv.Rule = e.rule(e.Art.NotEstablished)
		rv.Reason = pbn.Msg("the record lost cards in trick %d (an unknown card before a known one) and shows no claim: the revoke is not established, no transfer", fa.lostTrick)
	default:
		rv.Rule = e.rule(e.Art.NotEstablished)
		rv.Reason = pbn.Msg("the record ends before the revoke was established: it would have been corrected, no transfer")
	}
}

// exception returns the article and reason of the exception that stops
// the transfer for established revoke i, if any: those of the revoke
// itself in the order of each edition's list, then the timing rules,
// which are cited only where they are what stops the transfer (laws.md
// A9). A trick-12 revoke gets here only when established and not
// corrected.
func (g *ruling) exception(i int, both bool) (article string, m pbn.Message, ok bool) {
	e, rv := g.e, &g.revs[i]
	t := rv.Trick
	if e.Formula != PerSide && g.pool(rv.Offender.NS(), t) == 0 {
		// 1963 art. 64a; 1987+ 64B1.
		return e.Art.NoTrick, pbn.Msg("the offending side won no trick from the revoke trick on: no transfer"), true
	}
	if e.Art.SameSuit != "" && g.repeat(i) {
		// 1963 art. 64b; 1987+ 64B2.
		return e.Art.SameSuit, pbn.Msg("the same player had already revoked in the same suit: no transfer"), true
	}
	if rv.Role == Dummy {
		// 1936 §27.4(1); 1963 art. 64c; 1987+ 64B3.
		return e.Art.Dummy, pbn.Msg("revoke from dummy, an exposed hand: no transfer"), true
	}
	if both && e.Art.BothSides != "" && g.counts(i) {
		// 2007/2017 64B7 (laws.md A8); it keeps its citation at every
		// moment, the timing rules below come after it (A9).
		return e.Art.BothSides, pbn.Msg("both sides revoked on this board: no automatic transfer, the director restores equity"), true
	}
	if g.att == AfterRound {
		// 1936 §27.4(2); 1963 art. 64d; 1987+ 64B5, trick 12 included
		// (laws.md A9).
		if e.Rubber {
			return e.Art.AfterRound, pbn.Msg("attention was drawn after the cut for the next deal: no penalty"), true
		}
		return e.Art.AfterRound, pbn.Msg("attention was drawn after the round: no transfer"), true
	}
	if t == 12 && e.Art.Trick12Late != "" {
		// 2007/2017 64B6: too late to correct, no rectification
		// (laws.md A9); 1987 and 1997 transfer as usual (64A).
		return e.Art.Trick12Late, pbn.Msg("revoke at trick 12, noticed after the hands were returned to the board: too late to correct it, no automatic transfer"), true
	}
	return "", pbn.Message{}, false
}

// exempt gives an exempted revoke its article and reason; from 1975 on
// every exemption goes to equity (laws.md A10).
func (g *ruling) exempt(rv *Revoke, article string, m pbn.Message) {
	rv.Rule = g.e.rule(article)
	rv.Reason = m
	if g.e.EquityReview {
		rv.Flags = append(rv.Flags, FlagEquityReview)
	}
}

// formula sets what the edition's transfer formula asks for revoke i,
// established and not exempted, and where it may take it.
func (g *ruling) formula(i int) {
	e, rv, fa := g.e, &g.revs[i], &g.facts[i]
	t := rv.Trick
	switch e.Formula {
	case PerSide:
		rv.Rule = e.rule(e.Art.Won)
		g.demand[i] = -1 // set per side, perSide
	case SideBased:
		// 1963 art. 64: two tricks, or one if the side won only one
		// from the revoke trick on.
		rv.Rule = e.rule(e.Art.Won)
		g.bases[i] = basisSide
		g.demand[i], g.from[i] = 2, t
	case PlayerBased:
		if !rv.Open && rv.WonBy == rv.Offender {
			// 64A1: the revoke trick and one later trick of the side.
			rv.Rule = e.rule(e.Art.Won)
			g.bases[i] = basisWon
			g.demand[i], g.mandatory[i], g.from[i] = 2, t, t+1
		} else {
			// 64A2: one trick from the revoke trick on.
			rv.Rule = e.rule(e.Art.NotWon)
			g.bases[i] = basisNotWon
			g.demand[i], g.from[i] = 1, t
			if e.ExtraTrick && fa.laterWin > 0 {
				// 1997 64A2: and one more when the offender later won a
				// trick with a card of the suit he withheld (A13).
				g.bases[i] = basisExtra
				g.demand[i] = 2
			}
		}
	}
}

// perSide sets what the 1936 laws ask for each penalised revoke (§27.4):
// per side, two tricks for its first penalised revoke and one for each
// later one, all out of the tricks the side won from its first penalised
// revoke on (a dummy revoke is not penalised, laws.md A7).
func (g *ruling) perSide() {
	for _, ns := range [2]bool{true, false} {
		first := 0
		for i := range g.revs {
			if g.demand[i] == -1 && g.revs[i].Offender.NS() == ns {
				if first == 0 {
					first = g.revs[i].Trick
					g.demand[i], g.bases[i] = 2, basisFirst
				} else {
					g.demand[i], g.bases[i] = 1, basisLater
				}
				g.from[i] = first
			}
		}
	}
}

// allocate gives every revoke with a demand its tricks, latest revoke
// first (laws.md A7), and returns the net change of declarer's tricks.
func (g *ruling) allocate(declarer pbn.Seat) int {
	delta := 0
	for i := len(g.revs) - 1; i >= 0; i-- {
		if g.demand[i] <= 0 {
			continue
		}
		got := g.take(i)
		if g.revs[i].Offender.NS() == declarer.NS() {
			delta -= got
		} else {
			delta += got
		}
	}
	return delta
}

// take gives revoke i its transfer, its reason and, when an earlier
// allocation left it less than its rule alone gives, allocation-cap
// (laws.md A7): it takes its named trick first, then the latest eligible
// tricks of its side not yet taken. It returns the tricks it got.
func (g *ruling) take(i int) int {
	rv := &g.revs[i]
	os := rv.Offender.NS()
	alone := 0
	got := 0
	if m := g.mandatory[i]; m > 0 {
		alone = 1 + min(g.demand[i]-1, g.pool(os, m+1))
		if s := &g.slots[m-1]; !s.taken && s.known && s.ns == os {
			s.taken = true
			got++
		}
	} else {
		alone = min(g.demand[i], g.pool(os, g.from[i]))
	}
	for k := 12; k >= g.from[i]-1 && got < g.demand[i]; k-- {
		if s := &g.slots[k]; !s.taken && s.known && s.ns == os {
			s.taken = true
			got++
		}
	}
	rv.Transfer = got
	if got < alone {
		rv.Flags = append(rv.Flags, FlagAllocationCap)
	}
	rv.Reason = g.transferReason(i, g.bases[i], alone, got)
	return got
}

// lastFlags adds the flags that come after the ruling of revoke i (both
// sides to equity, unverified edition, claim assumed, marked) and puts
// its flags in their order.
func (g *ruling) lastFlags(i int) {
	e, rv := g.e, &g.revs[i]
	if rv.Has(FlagBothSides) && !rv.Has(FlagTrick12) && (e.BothSidesEquity || e.Art.BothSides != "") {
		// laws.md A8: 1997 flags every both-sides revoke for equity;
		// 2007 and 2017 send them all to the director (64B7, 64C),
		// but a corrected trick-12 revoke keeps its correction (A5).
		rv.Flags = append(rv.Flags, FlagEquityReview)
	}
	if e.Unverified {
		rv.Flags = append(rv.Flags, FlagUnverified)
	}
	if e.ClaimAssumed && rv.EstablishedBy == ByClaim {
		// laws.md A4: before 1997 the claim is an assumption.
		rv.Flags = append(rv.Flags, FlagClaimAssumed)
		rv.Reason = pbn.Msg("the record ends with a claim, taken to establish the revoke; %v", rv.Reason)
	}
	if g.facts[i].marked {
		rv.Flags = append(rv.Flags, FlagMarked)
	}
	rv.Flags = orderFlags(rv.Flags)
}

// transferReason says what revoke i got from its transfer formula and why
// (laws.md A7): its rule alone gives alone tricks, the allocation got.
func (g *ruling) transferReason(i int, b basis, alone, got int) pbn.Message {
	rv := &g.revs[i]
	os := rv.Offender.NS()
	if got < alone {
		// allocation-cap: the order is this tool's reading (laws.md A7).
		var why pbn.Message
		switch b {
		case basisSide:
			why = pbn.Msg("the offending side won %d tricks from the revoke trick on", g.pool(os, rv.Trick))
		case basisWon:
			why = pbn.Msg("the offender won the revoke trick")
		case basisNotWon:
			why = pbn.Msg("the offender did not win the revoke trick")
		case basisExtra:
			why = pbn.Msg("the offender did not win the revoke trick but later won trick %d with a card of the suit he withheld", g.facts[i].laterWin)
		case basisFirst:
			why = pbn.Msg("the side's first penalised revoke")
		default:
			why = pbn.Msg("a later penalised revoke of the side")
		}
		return pbn.Msg("%v: its rule alone gives %d tricks, but a later revoke of the same side took its tricks first, leaving %d for this one (allocation-cap: this order is this tool's reading, the laws are silent)", why, alone, got)
	}
	switch b {
	case basisSide:
		if got == 2 {
			return pbn.Msg("the offending side won %d tricks from the revoke trick on: two tricks are transferred", g.pool(os, rv.Trick))
		}
		return pbn.Msg("the offending side won only one trick from the revoke trick on: one trick is transferred")
	case basisWon:
		if got == 2 {
			return pbn.Msg("the offender won the revoke trick: that trick and one later trick of his side are transferred")
		}
		return pbn.Msg("the offender won the revoke trick, but his side won no later trick: only the revoke trick is transferred")
	case basisNotWon:
		return pbn.Msg("the offender did not win the revoke trick: one trick is transferred")
	case basisExtra:
		if got == 2 {
			return pbn.Msg("the offender did not win the revoke trick but later won trick %d with a card of the suit he withheld: two tricks are transferred", g.facts[i].laterWin)
		}
		return pbn.Msg("the offender did not win the revoke trick but later won trick %d with a card of the suit he withheld; his side won only one trick from the revoke trick on: one trick is transferred", g.facts[i].laterWin)
	case basisFirst:
		switch got {
		case 2:
			return pbn.Msg("the side's first penalised revoke: two tricks are transferred, out of the %d tricks it won from this revoke on", g.pool(os, rv.Trick))
		case 1:
			return pbn.Msg("the side's first penalised revoke: two tricks are due, but the side won only one trick from this revoke on: one trick is transferred")
		}
		return pbn.Msg("the side's first penalised revoke: two tricks are due, but the side won no trick from this revoke on: no transfer")
	}
	if got == 1 {
		return pbn.Msg("a later penalised revoke of the side: one more trick is transferred, out of the tricks it won from its first penalised revoke (trick %d) on", g.from[i])
	}
	return pbn.Msg("a later penalised revoke of the side: one more trick is due, but the side won no trick from its first penalised revoke (trick %d) on: no transfer", g.from[i])
}

// repeat reports whether the offender of revoke i had already revoked in
// the same suit led (laws.md A13), that earlier revoke being established.
func (g *ruling) repeat(i int) bool {
	for j := 0; j < i; j++ {
		if g.revs[j].Offender == g.revs[i].Offender && g.revs[j].Led == g.revs[i].Led &&
			g.revs[j].Established && g.revs[j].Trick < g.revs[i].Trick {
			return true
		}
	}
	return false
}

var flagOrder = [...]string{FlagEquityReview, FlagEquityShort, FlagTrick12, FlagAllocationCap, FlagBothSides, FlagUnverified, FlagClaimAssumed, FlagMarked, FlagDuplicate, FlagResultIncludesTransfer}

// orderFlags puts flags in the order of output.md, without duplicates.
func orderFlags(fl []string) []string {
	if len(fl) < 2 {
		return fl
	}
	out := fl[:0:0]
	for _, f := range flagOrder {
		for _, x := range fl {
			if x == f {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
