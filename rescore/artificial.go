package rescore

// Artificial scores on a traveller (rescoring.md §9; Law 12C2).

import (
	"strings"

	"revokes/pbn"
	"revokes/score"
)

// artificial is a traveller row's artificial score (Law 12C2): the
// percentage each side gets (North-South, East-West), the matchpoints and
// IMPs the file states for each, and the cells as written.
type artificial struct {
	pct      [2]float64
	mp, imp  [2]stated
	cell     [2]string
	hasCells [2]bool
}

// artificialPct reads an artificial score cell (rescoring.md §9): A+, A=,
// A- (also G+, G=, G-) are 60, 50 and 40 per cent; A60 and 60% the
// percentage they name.
func artificialPct(v string) (float64, bool) {
	u := strings.ToUpper(strings.TrimSpace(v))
	switch u {
	case "A+", "G+":
		return 60, true
	case "A=", "G=", "A":
		return 50, true
	case "A-", "G-":
		return 40, true
	}
	num := ""
	switch {
	case len(u) > 1 && u[0] == 'A':
		num = u[1:]
	case len(u) > 1 && u[len(u)-1] == '%':
		num = u[:len(u)-1]
	default:
		return 0, false
	}
	x := parseStated(num, false)
	if !x.ok || x.v < 0 || x.v > 100 {
		return 0, false
	}
	return x.v, true
}

// artValue is the value of an artificial score of p per cent for one
// side: p% of the top for matchpoints; for IMPs Law 12C2's 3 IMPs for
// average plus (60%), scaled alike.
func (st *sessionState) artValue(p, top float64) float64 {
	if st.isMP() {
		return p * top / 100
	}
	return 3 * (p - 50) / 10
}

// artificialRows gives the board's rows with an artificial score their
// value (rescoring.md §9): the file's stated value, else the percentage of
// the top the score gives; the row is outside the other tables'
// comparison and counts towards its pairs' totals. A stated value counts
// as stated, and as reproduced when it is the value the score gives.
func (st *sessionState) artificialRows(g *group, rows []Row, top float64, rp *reproduction) {
	for i, x := range g.rows {
		if x.art == nil {
			continue
		}
		var v [2]float64
		var sv [2]stated
		for d := range 2 {
			letter := st.artValue(x.art.pct[d], top)
			s := x.art.imp[d]
			if st.isMP() {
				s = x.art.mp[d]
				if s.ok && st.centred {
					s.v += top / 2
				}
			}
			v[d], sv[d] = letter, stated{v: letter, places: 2, ok: true}
			if s.ok {
				v[d], sv[d] = s.v, s
				if d == 0 {
					rp.stated++
					if s.agrees(letter) {
						rp.repr++
						rp.reprAlt++
					}
				}
			}
		}
		if g.rot[i]%2 != 0 {
			v[0], v[1], sv[0], sv[1] = v[1], v[0], sv[1], sv[0]
		}
		r := &rows[i]
		r.HasValue = true
		r.ValueNSRecorded, r.ValueNSAdjusted = score.Round2(v[0]), score.Round2(v[0])
		r.ValueEWRecorded, r.ValueEWAdjusted = score.Round2(v[1]), score.Round2(v[1])
		if st.isMP() && top > 0 {
			r.HasPct = true
			r.PctNSRecorded, r.PctNSAdjusted = score.Percent(v[0], top), score.Percent(v[0], top)
			r.PctEWRecorded, r.PctEWAdjusted = score.Percent(v[1], top), score.Percent(v[1], top)
		}
		ns, ew := st.pairKeys(r)
		st.add(x, ns, r.NamesNS, v[0], v[0], top).sat("NS").statedValue(sv[0], v[0], false)
		st.add(x, ew, r.NamesEW, v[1], v[1], top).sat("EW").statedValue(sv[1], v[1], false)
	}
}

// artificialRow makes r, a traveller row without a result whose score
// cells are artificial, an artificial score (rescoring.md §9; Law 12C2): a
// side without a cell gets the rest of 100 per cent. The warning
// artificial-score names the row once.
func (st *sessionState) artificialRow(e, r *entry, a artificial, mp, imp [2]stated) {
	for d := range 2 {
		if !a.hasCells[d] {
			a.pct[d] = 100 - a.pct[1-d]
			a.cell[d] = "-"
		}
	}
	a.mp, a.imp = mp, imp
	if mp[1].ok {
		a.mp[1].ew = false // East-West's own value
	}
	if imp[1].ok {
		a.imp[1].ew = false
	}
	r.art = &a
	st.problem(e, CodeArtificial, pbn.Msg("board %s, table %s: artificial score %s / %s (Law 12C2), no result: %v%% / %v%% unless the file states the value; not compared with the other tables",
		e.board, r.tableNo, a.cell[0], a.cell[1], a.pct[0], a.pct[1]))
}
