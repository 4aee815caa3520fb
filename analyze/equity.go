package analyze

import (
	"revokes/analyze/dd"
	"revokes/pbn"
)

// equity is the advisory double-dummy estimate of what revoke fa gained
// (output.md "Equity estimate"): declarer's total tricks with the revoke
// card standing and double-dummy play afterwards, and with the offender's
// best legal card instead. The tricks before the revoke trick count as
// recorded. It returns nil when the hands at the revoke are not known.
func (a *Analyzer) equity(r *replay, fa *fact, declNS bool) *Equity {
	if fa.trick > 12 {
		return nil
	}
	tr := &r.tricks[fa.trick-1]
	if tr.unknown {
		return nil // a card of the trick is unknown (laws.md A12)
	}
	hands := r.before(fa.trick - 1)
	n := 14 - fa.trick // cards each hand holds at the start of the trick
	for s := range hands {
		if hands[s].Len() != n {
			return nil
		}
	}
	before := 0 // declarer's tricks before the revoke trick
	for t := 0; t < fa.trick-1; t++ {
		if r.tricks[t].winner.NS() == declNS {
			before++
		}
	}
	for k := 0; k < fa.pos; k++ {
		hands[tr.seats[k]] = hands[tr.seats[k]].Without(tr.cards[k])
	}
	if a.solver == nil {
		a.solver = dd.NewSolver()
		if a.opt.SolverMade != nil {
			a.opt.SolverMade()
		}
	}
	// Without the revoke: the offender to play, choosing his best card.
	p := dd.Position{Hands: hands, Trump: r.trump, Leader: tr.seats[0], Played: tr.cards[:fa.pos], Revoked: true}
	os := a.solver.Tricks(p)
	without := before + declSide(os, n, fa.offender.NS() == declNS)

	// With the revoke card standing.
	hands[fa.offender] = hands[fa.offender].Without(fa.card)
	var with int
	if fa.pos == 3 {
		w := tr.seats[pbn.TrickWinner(tr.cards, r.trump)]
		won := 0
		if w.NS() == declNS {
			won = 1
		}
		with = before + won
		if n > 1 {
			q := dd.Position{Hands: hands, Trump: r.trump, Leader: w}
			with += declSide(a.solver.Tricks(q), n-1, w.NS() == declNS)
		}
	} else {
		played := make([]pbn.Card, fa.pos+1)
		copy(played, tr.cards[:fa.pos])
		played[fa.pos] = fa.card
		q := dd.Position{Hands: hands, Trump: r.trump, Leader: tr.seats[0], Played: played, Revoked: true}
		next := fa.offender.Next()
		with = before + declSide(a.solver.Tricks(q), n, next.NS() == declNS)
	}
	eq := &Equity{WithRevoke: with, WithoutRevoke: without}
	if fa.offender.NS() == declNS {
		eq.Gain = with - without
	} else {
		eq.Gain = without - with
	}
	return eq
}

// declSide turns the tricks of the side to play, out of n, into
// declarer's side's.
func declSide(tricks, n int, toPlayIsDecl bool) int {
	if toPlayIsDecl {
		return tricks
	}
	return n - tricks
}
