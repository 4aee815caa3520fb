package analyze

import "revokes/pbn"

// codeContractAuction is the warning of a board whose contract tags gave
// way to its auction (laws.md A16).
const codeContractAuction = "contract-auction-mismatch"

// auctionContract applies laws.md A16 to a PBN board whose play under
// the Contract and Declarer tags has a failure to follow (a.r holds that
// replay, and the problems of f from index from on are its): when the
// complete auction ends in a contract of another strain or declarer under
// which the play has fewer failures to follow, the board takes the
// auction's contract (level, strain, doubles, declarer) and the play in
// that contract's playing order (the Play tag's seat still leads trick 1).
// f.Board is then a copy of the record so changed (the record itself is
// left as read), a.r the replay under it with its problems, and a warning
// names both contracts. It reports whether the board changed. A
// difference of level or doubles alone changes nothing.
func (a *Analyzer) auctionContract(f *Findings, d pbn.Deal, from int, add func(code string, sev pbn.Severity, m pbn.Message)) bool {
	b := f.Board
	c, decl, ok := b.AuctionContract()
	if !ok || c.PassedOut() || c.Strain == b.Contract.Strain && decl == b.Declarer {
		return false
	}
	nb := *b
	nb.Contract, nb.Declarer = c, decl
	if c.Strain != b.Contract.Strain {
		// The trick winners change with the trumps, so the leaders and
		// the order of the cards in each trick; a declarer of the same
		// strain sees the same failures to follow.
		var ok bool
		if nb.Play, ok = playOrder(b.Play, c.Strain); !ok {
			return false // not every card finds its place: no comparison
		}
	}
	type problem struct {
		code string
		sev  pbn.Severity
		m    pbn.Message
	}
	var probs []problem
	alt := &a.alt
	*alt = replay{trump: c.Strain, facts: alt.facts[:0], slow: a.slow}
	if !alt.run(&nb, d, func(code string, sev pbn.Severity, m pbn.Message) { probs = append(probs, problem{code, sev, m}) }) ||
		len(alt.facts) >= len(a.r.facts) {
		return false
	}
	f.Problems = f.Problems[:from]
	for _, p := range probs {
		add(p.code, p.sev, p.m)
	}
	add(codeContractAuction, pbn.Warning, pbn.Msg("the play has %d failures to follow under the Contract and Declarer tags (%s by %s) and %d under the auction's contract (%s by %s): the auction's contract is used",
		len(a.r.facts), b.Contract, b.Declarer, len(alt.facts), c, decl))
	f.Board = &nb
	a.r, a.alt = a.alt, a.r
	return true
}

// playOrder returns the play with every trick in playing order under
// trump: each trick keeps its cards and who played them (PBN writes a
// trick by seats), the first is led as recorded, and each later one by
// the winner of the one before under trump. The last trick may be held
// in part (a claim, or a play cut short): its seats without a card get
// an unknown card (pbn.NoCard, fitting any seat; laws.md A12) when a
// card of a later seat follows, and unknown cards that end the play are
// dropped, as the readers write a trick. It reports false when a trick
// before the last lacks a seat or holds an unknown card.
func playOrder(play []pbn.Play, trump pbn.Strain) ([]pbn.Play, bool) {
	out := make([]pbn.Play, 0, len(play)+3)
	if len(play) == 0 {
		return out, true
	}
	leader := play[0].Seat & 3
	for t := 0; t < len(play); t += 4 {
		last := t+4 >= len(play)
		var bySeat [4]pbn.Play
		var has [4]bool
		for _, p := range play[t:min(t+4, len(play))] {
			bySeat[p.Seat&3], has[p.Seat&3] = p, true
		}
		var cards [4]pbn.Card
		for k := 0; k < 4; k++ {
			s := (leader + pbn.Seat(k)) & 3
			switch {
			case has[s]:
				out = append(out, bySeat[s])
			case last:
				out = append(out, pbn.Play{Seat: s, Card: pbn.NoCard})
			default:
				return nil, false
			}
			cards[k] = out[len(out)-1].Card
		}
		if last {
			break
		}
		for _, c := range cards {
			if c == pbn.NoCard {
				return nil, false // the readers stop after such a trick
			}
		}
		leader = (leader + pbn.Seat(pbn.TrickWinner(cards, trump))) & 3
	}
	for len(out) > 0 && out[len(out)-1].Card == pbn.NoCard {
		out = out[:len(out)-1]
	}
	return out, true
}
