package rescore

// The boards of a session (rescoring.md §2): the tables that played the
// same deal under one number, rotations and fouled boards, and the rows
// of the report's board.

import (
	"revokes/pbn"
)

// group is one board of a session: the tables that played the same deal
// under one board number (and, for teams, in one match).
type group struct {
	board  string
	match  string // teams: the match key
	deal   pbn.Deal
	rows   []*entry
	rot    []int8 // each row's rotation against the first row's deal (odd: NS and EW swap)
	base   int8   // the first row's rotation against deal
	fouled bool
}

// results returns the number of tables of the group with a result.
func (g *group) results() int {
	n := 0
	for _, e := range g.rows {
		if e.played {
			n++
		}
	}
	return n
}

// rotation returns the rotation k (0..3) that makes the deal smallest
// (hands d[(s+k)%4] at seat s), and that deal: records of the same board
// rotated by one, two or three seats come out equal (rescoring.md §2).
func rotation(d pbn.Deal) (int, pbn.Deal) {
	best, bk := d, 0
	for k := 1; k < 4; k++ {
		var r pbn.Deal
		for s := 0; s < 4; s++ {
			r[s] = d[(s+k)%4]
		}
		if less(r, best) {
			best, bk = r, k
		}
	}
	return bk, best
}

func less(a, b pbn.Deal) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// group cuts a session's tables into boards: same Board and the same deal
// (rotations allowed); for teams also the same match. A board number with
// more than one deal is a fouled board: each deal is its own group.
func (st *sessionState) group(es []*entry) []*group {
	type key struct {
		board, match string
		deal         pbn.Deal
	}
	idx := map[key]*group{}
	deals := map[[2]string]int{}
	var out []*group
	for _, e := range es {
		k, d := rotation(e.deal)
		m := ""
		if st.teams {
			m = matchKey(e)
		}
		g := idx[key{e.board, m, d}]
		if g == nil {
			g = &group{board: e.board, match: m, deal: d, base: int8(k)}
			idx[key{e.board, m, d}] = g
			out = append(out, g)
			deals[[2]string{e.board, m}]++
		}
		g.rows = append(g.rows, e)
		// Seats in the frame of the group's first record.
		g.rot = append(g.rot, (int8(k)-g.base+4)%4)
	}
	for _, g := range out {
		g.fouled = deals[[2]string{g.board, g.match}] > 1
	}
	return out
}

// matchKey identifies a match of teams: the round and the two teams,
// whichever is named first.
func matchKey(e *entry) string {
	a, b := e.home, e.visit
	if b < a {
		a, b = b, a
	}
	return e.round + "\x00" + a + "\x00" + b
}

// ns returns the row's North-South score in the group's frame, and the
// pairs sitting North-South and East-West there.
func (g *group) ns(i int, adjusted bool) int {
	e := g.rows[i]
	s := int(e.scoreRec)
	if adjusted {
		s = int(e.scoreAdj)
	}
	if g.rot[i]%2 != 0 {
		s = -s
	}
	return s
}

func (g *group) pairs(i int) (ns, ew, nsNames, ewNames string) {
	e := g.rows[i]
	if g.rot[i]%2 != 0 {
		return e.pairEW, e.pairNS, e.namesEW, e.namesNS
	}
	return e.pairNS, e.pairEW, e.namesNS, e.namesEW
}

// row makes the report's row of table i, values to be filled.
func (g *group) row(i int) Row {
	e := g.rows[i]
	r := Row{Table: e.tableNo, Corrected: e.corrected}
	switch e.room {
	case 'o':
		r.Room = "Open"
	case 'c':
		r.Room = "Closed"
	}
	r.PairNS, r.PairEW, r.NamesNS, r.NamesEW = g.pairs(i)
	if e.played {
		r.HasScore = true
	}
	if e.played && !e.noContract {
		r.Contract = e.contract.String()
		if !e.contract.PassedOut() {
			// The declarer in the board's frame.
			r.Declarer = pbn.Seat((int(e.declarer) - int(g.rot[i]) + 8) % 4).String()
		}
		r.HasTricks = e.hasTricks
		r.TricksRecorded, r.TricksAdjusted = int(e.tricksRec), int(e.tricksAdj)
	}
	if e.played {
		r.ScoreNSRecorded, r.ScoreNSAdjusted = g.ns(i, false), g.ns(i, true)
	}
	return r
}

// boardOf starts the report's board of group g.
func (st *sessionState) boardOf(g *group) Board {
	e := g.rows[0]
	return Board{File: e.file, Game: int(e.game), Line: int(e.line), Event: e.event, Section: e.section,
		Board: g.board, Method: st.method, Teams: st.teams}
}

// finishBoard fills in the rows, the reproduction and the changed mark.
func (st *sessionState) finishBoard(b *Board, g *group, rows []Row, stated, repr int) {
	b.Rows = rows
	if stated > 0 {
		b.HasStated, b.Stated, b.Reproduced = true, stated, repr
		if repr < stated {
			b.Mismatch = true
			st.problem(g.rows[0], CodeMismatch, pbn.Msg("board %s: %d of %d stated values reproduced: the new values are computed, not comparable", g.board, repr, stated))
		}
	}
	for _, r := range rows {
		if r.Changed {
			b.Changed = true
		}
	}
}
