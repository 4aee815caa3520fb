package rescore

// The Butler datum, computed and stated (rescoring.md §3, §9).

import (
	"math"
	"strings"

	"revokes/pbn"
	"revokes/score"
)

// datum returns the Butler datum of the scores, its halves rounded the
// session's way.
func (st *sessionState) datum(scores []int) int {
	return score.RoundDatum(score.DatumMean(scores, st.trim), st.datumAway)
}

// recorded returns the recorded North-South scores of the group's results.
func (g *group) recorded() []int {
	var s []int
	for i, e := range g.rows {
		if e.played {
			s = append(s, g.ns(i, false))
		}
	}
	return s
}

// statedDatum returns the datum the first of the group's records that
// states one gives (ButlerDatum, North-South's view, turned with the
// record's seats); bad is a text that is not a whole number.
func (g *group) statedDatum() (d int, ok bool, at *entry, bad bool) {
	for i, e := range g.rows {
		if strings.TrimSpace(e.datum) == "" {
			continue
		}
		x := parseStated(e.datum, false)
		if !x.ok || x.v != math.Trunc(x.v) || math.Abs(x.v) > 1e5 {
			return 0, false, e, true
		}
		d = int(x.v)
		if g.rot[i]%2 != 0 {
			d = -d
		}
		return d, true, e, false
	}
	return 0, false, nil, false
}

// datumRounding decides how the session's datums round their halves
// (rescoring.md §9): away from zero when a board whose datum the file
// states has a mean of a half and states it away from zero (a real file
// rounds −285 to −290), else half to even (§3).
func (st *sessionState) datumRounding(groups []*group) {
	for _, g := range groups {
		d, ok, _, _ := g.statedDatum()
		if !ok {
			continue
		}
		m := score.DatumMean(g.recorded(), st.trim)
		if away := score.RoundDatum(m, true); away != score.RoundDatum(m, false) && d == away {
			st.datumAway = true
			return
		}
	}
}

// checkDatum compares the board's stated datum with the datum of the
// recorded scores: one stated value (rescoring.md §9); a text that is not
// a whole number is bad-stated-value.
func (st *sessionState) checkDatum(g *group, datum int, rp *reproduction) {
	d, ok, at, bad := g.statedDatum()
	if bad {
		st.problem(at, CodeBadStated, pbn.Msg("board %s: %s %q cannot be read: not compared", g.board, "ButlerDatum", at.datum))
	}
	if !ok {
		return
	}
	rp.stated++
	if d == datum {
		rp.repr++
		rp.reprAlt++
	}
}

// datumTag returns the Butler datum a record states: the tag ButlerDatum,
// else Datum (rescoring.md §9).
func datumTag(b *pbn.Board) string {
	if v := b.Tag("ButlerDatum"); v != "" {
		return v
	}
	return b.Tag("Datum")
}
