package rescore

// The stated values checked against the recorded scores (rescoring.md §4,
// §9): a board's values reproduced, the totals of a TotalScoreTable
// against the boards read. Their forms are read in forms.go.

import (
	"math"
	"strings"

	"revokes/pbn"
	"revokes/score"
)

// mpStated returns the row's stated matchpoints as North-South's value on
// the board's scale (2 a score beaten, top the board's), the average added
// back when the session's are centred, and East-West's: the value the file
// states for them, else the rest of the top; ok is false when the row
// states none or the two sides of a tag do not sum to the top (0 when
// centred), which is bad-stated-value (rescoring.md §9). flip: the
// record's seats are turned.
func (st *sessionState) mpStated(x *entry, flip bool, top float64, board string) (ns, ew stated, ok bool) {
	s := x.mp
	if !s.ok {
		return s, s, false
	}
	avg := 0.0
	if st.centred {
		avg = top / 2
	}
	want := top // what the two sides of a tag sum to
	if st.centred {
		want = 0
	}
	if s.two && !s.col && math.Abs(s.sum-want) > tol(s, s) {
		st.problem(x, CodeBadStated, pbn.Msg("board %s: ScoreMP states %v and %v: the two sides do not sum to %v: not compared", board, s.v, s.sum-s.v, want))
		return s, s, false
	}
	// The value stated for the side it names, and the other side's.
	own, rest := s.v+avg, top-s.v-avg
	if s.two {
		rest = s.sum - s.v + avg
	}
	ns, ew = s, s
	ns.v, ew.v = own, rest
	if s.ew {
		ns.v, ew.v = rest, own
	}
	if flip {
		ns.v, ew.v = ew.v, ns.v
	}
	ns.ew, ew.ew = false, false
	return ns, ew, true
}

// reproduction is what a board's stated values gave: the counts (§4), and
// each compared row's stated value, North-South's on the method's scale
// (by the row's place among the results), for the totals.
type reproduction struct {
	stated, repr, reprAlt int
	sv, svEW              []stated
	// agreed: the row's stated value was reproduced, so that the
	// corrected copy states the new one (rescoring.md §10).
	agreed []bool
}

// isMP reports whether the session is scored by matchpoints.
func (st *sessionState) isMP() bool { return st.method == "mp" || st.method == "mp2" }

// altPct is the other percentage some files state: 100·(MP+h)/(top+2h),
// h = 1 (½ on the ACBL scale), that is 100·(MP+1)/(2n) (rescoring.md §3).
func (st *sessionState) altPct(v, top float64) float64 {
	h := 1.0
	if st.acbl {
		h = 0.5
	}
	return 100 * (v + h) / (top + 2*h)
}

// other returns East-West's value of North-South's stated value s.
func (st *sessionState) other(s stated, top float64) stated {
	s.v = st.otherValue(s.v, top)
	return s
}

// reproduce compares the stated values of a board's results with the
// values of the recorded scores vr (rescoring.md §4): matchpoints (two
// sides, centred), else the percentage in either form, or IMPs.
func (st *sessionState) reproduce(g *group, idx []int, vr []float64, rows []Row, top float64) reproduction {
	rp := reproduction{sv: make([]stated, len(idx)), svEW: make([]stated, len(idx)), agreed: make([]bool, len(idx))}
	mp := st.isMP()
	for k, i := range idx {
		r := &rows[i]
		if !r.HasValue {
			continue
		}
		x := g.rows[i]
		flip := g.rot[i]%2 != 0
		st.playerValues(x, flip, vr[k], r.PctNSRecorded, top, &rp)
		switch {
		case mp && x.mp.ok:
			s, ew, ok := st.mpStated(x, flip, top, g.board)
			if !ok {
				continue
			}
			rp.stated++
			if s.agrees(vr[k]) {
				rp.repr++
				rp.reprAlt++
				rp.agreed[k] = true
			}
			rp.sv[k], rp.svEW[k] = s, ew
		case mp && x.pct.ok:
			s := x.pct
			if flip {
				s.v = 100 - s.v
			}
			rp.stated++
			if s.agrees(r.PctNSRecorded) {
				rp.repr++
				rp.agreed[k] = true
			}
			if s.agrees(st.altPct(vr[k], top)) {
				rp.reprAlt++
				rp.agreed[k] = true
			}
		case !mp && x.imp.ok:
			s := x.imp
			if flip {
				s.v = -s.v
			}
			rp.stated++
			if s.agrees(vr[k]) {
				rp.repr++
				rp.reprAlt++
				rp.agreed[k] = true
			}
			rp.sv[k], rp.svEW[k] = s, st.other(s, top)
		}
	}
	return rp
}

// statedValue counts a board's stated value (North-South's or East-West's,
// as the pair sat) into the pair's stated sum: the totals of a file that
// states every board's value rounded are the sums of those rounded values
// (rescoring.md §9). adj is the value after the re-scoring; agreed says
// that s was reproduced, so that the corrected copy states adj in s's form
// in its place (rescoring.md §10), else s as it is.
func (t *total) statedValue(s stated, adj float64, agreed bool) {
	if t == nil {
		return
	}
	if s.ok {
		t.statedSum += s.v
		t.statedN++
		t.places = max(t.places, s.places)
		if agreed {
			t.statedAdj += parseStated(formatStated(adj, s), false).v
		} else {
			t.statedAdj += s.v
		}
	}
}

// totalRow is a line of a TotalScoreTable: the pair or team, its total
// and percentage, those of the session when the table gives them apart
// (SessionScoreMP, SessionPercentage; rescoring.md §9), and the pair's
// sums of the boards read.
type totalRow struct {
	id                     string
	tot, pct, sess, sesPct stated
	t                      *total
	row                    int    // its line among the table's lines
	line                   string // as written (texts.go)
}

// column returns the row's value that column c states, nil for a column
// that states none of them.
func (tr *totalRow) column(c string) *stated {
	switch c {
	case "totalscoremp", "totalmp", "mp", "totalscoreimp", "totalimp", "imp", "totalscorebam", "totalbam":
		return &tr.tot
	case "totalpercentage", "percentage":
		return &tr.pct
	case "sessionscoremp", "sessionmp", "sessionscoreimp", "sessionimp", "sessionscorebam":
		return &tr.sess
	case "sessionpercentage":
		return &tr.sesPct
	}
	return nil
}

// read reads the cell of column c into the row; false when it is a
// total's cell whose text is not a number ("-" and "" state nothing).
func (tr *totalRow) read(c, v string) bool {
	p := tr.column(c)
	if p == nil {
		return true
	}
	*p = parseStated(v, false)
	v = strings.TrimSpace(v)
	return p.ok || v == "" || v == "-"
}

// countTotals counts the totals stated and reproduced (rescoring.md §4,
// §9): a pair's percentage when stated, else its total. Where the table
// gives the session's columns beside cumulative ones, the session's are
// compared; a cumulative column only when it equals the session's on
// every line (it covers this session alone), else it counts in neither
// and the session notes why. A pair the boards read do not know counts in
// neither.
func (st *sessionState) countTotals(rows []totalRow) (n, repr int) {
	session, cumulative := false, true
	for _, tr := range rows {
		if tr.sess.ok || tr.sesPct.ok {
			session = true
			if tr.sess.ok && tr.tot.ok && tr.sess.v != tr.tot.v || tr.sesPct.ok && tr.pct.ok && tr.sesPct.v != tr.pct.v {
				cumulative = false
			}
		}
	}
	if st.tt != nil {
		st.tt.cumulativeOut = session && !cumulative
	}
	if session && !cumulative {
		st.info.Notes = append(st.info.Notes, pbn.Msg("the TotalScoreTable's cumulative totals cover sessions that are not in the input: not checked, the session's totals are"))
	}
	for _, tr := range rows {
		if tr.t == nil {
			continue
		}
		pct, tot := tr.pct, tr.tot
		if session && !cumulative {
			pct, tot = tr.sesPct, tr.sess
		} else if session && !pct.ok && !tot.ok {
			pct, tot = tr.sesPct, tr.sess
		}
		switch {
		case pct.ok && tr.t.topSum > 0:
			n++
			if st.totalAgrees(tr.t, pct, true) {
				repr++
			}
		case tot.ok:
			n++
			if st.totalAgrees(tr.t, tot, false) {
				repr++
			}
		}
	}
	return n, repr
}

// totalAgrees reports whether a pair's stated total (pct: its percentage)
// is the total of the boards read (rescoring.md §9): the sum of the file's
// own board values when it states every one, else of the values computed,
// within the file's rounding of a board times the boards; centred totals
// less the average, a Mean session's total the mean per board played.
func (st *sessionState) totalAgrees(t *total, x stated, pct bool) bool {
	v, slack := st.totalValue(t, pct, false)
	return math.Abs(v-x.v) <= tol(x, x)/2+slack
}

// totalValue returns a pair's total (pct: its percentage) as the file
// states it, from the recorded scores or (adjusted) after the re-scoring,
// and the slack its rounding allows (totalAgrees): the sum of the file's
// own board values when it states every one, else of the values computed;
// centred totals less the average, a Mean session's the mean per board
// played (rescoring.md §9).
func (st *sessionState) totalValue(t *total, pct, adjusted bool) (v, slack float64) {
	sum, stated := t.rec, t.statedSum
	if adjusted {
		sum, stated = t.adj, t.statedAdj
	}
	switch {
	case t.statedN > 0 && t.statedN == t.boards:
		sum = stated
	case t.statedN > 0:
		slack = float64(t.boards) * 0.5 * math.Pow(10, -float64(t.places))
	}
	if pct {
		return 100 * sum / t.topSum, 100 * slack / t.topSum
	}
	if st.centred && st.isMP() {
		sum -= t.topSum / 2
	}
	if st.mean && t.boards > 0 {
		sum /= float64(t.boards)
		slack /= float64(t.boards)
	}
	return sum, slack
}

// shown returns a pair's total before and after, to two decimals: the sum,
// or in a session scored with the modifier Mean the mean per board played
// (rescoring.md §9).
func (st *sessionState) shown(t *total) (rec, adj float64) {
	rec, adj = t.rec, t.adj
	if st.mean && t.boards > 0 {
		rec, adj = rec/float64(t.boards), adj/float64(t.boards)
	}
	return score.Round2(rec), score.Round2(adj)
}
