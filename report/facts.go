package report

import (
	"strings"

	"revokes/analyze"
	"revokes/pbn"
)

// The facts of a revoke row that a ruling needs besides the ruling itself
// (output.md: players, offender_name, deal, auction, trick_cards,
// scoring), read from the board record as recorded. Every format and the
// Rulings sheet take them from here.

// hasPlayers reports whether the record names any player.
func hasPlayers(bd *pbn.Board) bool {
	return bd.Players != [4]string{}
}

// dealPBN returns the deal as a PBN Deal value from North, a hand the
// record does not give written "-"; "" when it gives none.
func dealPBN(bd *pbn.Board) string {
	if bd.Given == [4]bool{} {
		return ""
	}
	var b strings.Builder
	b.WriteString("N:")
	for s := pbn.North; s <= pbn.West; s++ {
		if s > pbn.North {
			b.WriteByte(' ')
		}
		if bd.Given[s] {
			b.WriteString(bd.Deal[s].String())
		} else {
			b.WriteByte('-')
		}
	}
	return b.String()
}

// auctionCalls returns the calls as recorded, in order from the seat that
// made the first (bd.AuctionStart, the dealer unless the record says
// otherwise); nil when the record has no auction.
func auctionCalls(bd *pbn.Board) []string {
	if len(bd.Auction) == 0 {
		return nil
	}
	out := make([]string, len(bd.Auction))
	for i, c := range bd.Auction {
		out[i] = c.Text
	}
	return out
}

// trickPlays returns the plays of trick t (1-based) as recorded, in
// playing order: four, or fewer when the record ends inside the trick.
func trickPlays(bd *pbn.Board, t int) []pbn.Play {
	lo := (t - 1) * 4
	if t < 1 || lo >= len(bd.Play) {
		return nil
	}
	return bd.Play[lo:min(lo+4, len(bd.Play))]
}

// trickCards returns the revoke trick as "W:SK" items in playing order.
func trickCards(bd *pbn.Board, r *analyze.Revoke) []string {
	ps := trickPlays(bd, r.Trick)
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Seat.String() + ":" + p.Card.String()
	}
	return out
}
