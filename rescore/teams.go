package rescore

// A board of a two-room match re-scored (rescoring.md §1, §3, §8).

import (
	"strconv"
	"strings"

	"revokes/score"
)

// teamsBoard scores a board of a two-room match (imp, bam).
func (st *sessionState) teamsBoard(g *group) Board {
	b := st.boardOf(g)
	open, closed := g.openClosed()
	rows := make([]Row, len(g.rows))
	for i := range g.rows {
		rows[i] = g.row(i)
	}
	home := g.rows[0].home
	if open >= 0 && g.rows[open].home != "" {
		home = g.rows[open].home
	}
	visit := g.rows[0].visit
	if visit == home {
		visit = g.rows[0].home
	}
	b.Match, b.matchKey, b.home, b.visit = home+" – "+visit, g.match, home, visit
	b.carry = carryTo(g.rows, home)
	stated, repr := 0, 0
	if open >= 0 && closed >= 0 {
		b.Tables = 2
		f := func(o, c int) float64 {
			if st.method == "bam" {
				return score.BAM(o, c)
			}
			return float64(score.TeamsIMPs(o, c))
		}
		recO, recC := g.ns(open, false), g.ns(closed, false)
		adjO, adjC := g.ns(open, true), g.ns(closed, true)
		vr, va := f(recO, recC), f(adjO, adjC)
		other := func(v float64) float64 {
			if st.method == "bam" {
				return 1 - v
			}
			return -v
		}
		ro, rc := &rows[open], &rows[closed]
		ro.HasValue, rc.HasValue = true, true
		ro.ValueNSRecorded, ro.ValueNSAdjusted = vr, va
		rc.ValueNSRecorded, rc.ValueNSAdjusted = other(vr), other(va)
		ro.ValueEWRecorded, ro.ValueEWAdjusted = other(vr), other(va)
		rc.ValueEWRecorded, rc.ValueEWAdjusted = vr, va
		b.MatchRecorded, b.MatchAdjusted = vr, va
		if home != "" {
			// pair_ns / pair_ew are the teams (rescoring.md §8).
			ro.PairNS, ro.PairEW, ro.NamesNS, ro.NamesEW = home, visit, home, visit
			rc.PairNS, rc.PairEW, rc.NamesNS, rc.NamesEW = visit, home, visit, home
		}
		for _, i := range []int{open, closed} {
			r := &rows[i]
			r.Changed = r.ScoreNSRecorded != r.ScoreNSAdjusted || r.ValueNSRecorded != r.ValueNSAdjusted
			if x := g.rows[i]; x.imp.ok && st.method == "imp" {
				v := x.imp.v
				if g.rot[i]%2 != 0 {
					v = -v
				}
				stated++
				if stated2(x.imp, v).agrees(r.ValueNSRecorded) {
					repr++
				}
			}
		}
		if home != "" {
			st.add(g.rows[open], home, home, vr, va, 0)
			if visit != "" && visit != home {
				st.add(g.rows[closed], visit, visit, other(vr), other(va), 0)
			}
		}
		st.teamTexts(g, rows, open, closed)
	}
	// A table outside the match (no twin room) changed when its score did
	// (rescoring.md §8).
	for i := range rows {
		if rows[i].ScoreNSRecorded != rows[i].ScoreNSAdjusted {
			rows[i].Changed = true
		}
	}
	st.finishBoard(&b, g, rows, stated, repr)
	return b
}

// openClosed returns the rows of the open and the closed room's results
// (-1: none): by the rooms the records name, else the first two results
// in order.
func (g *group) openClosed() (open, closed int) {
	open, closed = -1, -1
	for i, e := range g.rows {
		switch {
		case !e.played:
		case e.room == 'o' && open < 0:
			open = i
		case e.room == 'c' && closed < 0:
			closed = i
		}
	}
	if open < 0 && closed < 0 {
		// Consecutive records of the segment: the first is the open room.
		for i, e := range g.rows {
			if !e.played {
				continue
			}
			if open < 0 {
				open = i
			} else if closed < 0 {
				closed = i
			}
		}
	}
	return open, closed
}

// matchTotals sets each match's total over its boards on every board of
// it, starting from the vg carry-over of the match's first board
// (rescoring.md §1: board IMPs → match IMPs with the carry-over).
func matchTotals(boards []Board) {
	sum := map[string][2]float64{}
	for _, b := range boards {
		t, ok := sum[b.matchKey]
		if !ok {
			t = [2]float64{b.carry, b.carry}
		}
		sum[b.matchKey] = [2]float64{t[0] + b.MatchRecorded, t[1] + b.MatchAdjusted}
	}
	for i := range boards {
		b := &boards[i]
		t := sum[b.matchKey]
		b.TotalRecorded, b.TotalAdjusted = t[0], t[1]
	}
}

// carryTo returns the vg carry-over to the home team (its carry-over less
// the other team's) as the first of rows that states one gives it; 0 when
// none does or a value is not a number (an empty one is 0).
func carryTo(rows []*entry, home string) float64 {
	for _, e := range rows {
		if e.homeCarry == "" && e.visitCarry == "" {
			continue
		}
		num := func(s string) (float64, error) {
			if s = strings.TrimSpace(s); s == "" {
				return 0, nil // a carry-over left empty: none
			}
			f, err := strconv.ParseFloat(s, 64)
			if err == nil && f-f != 0 {
				err = strconv.ErrSyntax // NaN or Inf: not a carry-over
			}
			return f, err
		}
		h, err1 := num(e.homeCarry)
		v, err2 := num(e.visitCarry)
		if err1 != nil || err2 != nil {
			return 0
		}
		if e.home != home {
			h, v = v, h
		}
		return h - v
	}
	return 0
}
