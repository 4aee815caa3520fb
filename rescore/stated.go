package rescore

// The forms in which real exporters state values (rescoring.md §9): two
// sides in one tag, matchpoints centred on the average, artificial
// scores, per-player columns, the Scoring tag's modifiers; and the
// warning bad-stated-value for a stated text that cannot be read.

import (
	"math"
	"strconv"
	"strings"

	"revokes/pbn"
	"revokes/score"
)

// Problem codes of the stated forms (severity warning).
const (
	CodeBadStated  = "bad-stated-value" // a stated text that cannot be read, or two sides that disagree
	CodeArtificial = "artificial-score" // a traveller row with an artificial score (Law 12C2)
)

// sides is a stated tag read: the value for each side it names.
type sides struct{ ns, ew stated }

// readSides reads a stated tag ("NS 110", "EW 3.5", "NS 4 EW -4",
// "EW 40 NS 60", or a number for declarer's side; rescoring.md §9). ok is
// false when the text is neither empty, "-" nor one of these forms.
func readSides(v string, decl pbn.Seat) (sides, bool) {
	var s sides
	var f []string
	for _, w := range strings.Fields(v) {
		// "NS110" and "NS:110" are "NS 110".
		if u := strings.ToUpper(w); len(w) > 2 && (strings.HasPrefix(u, "NS") || strings.HasPrefix(u, "EW")) {
			if rest := strings.TrimPrefix(w[2:], ":"); rest != "" {
				f = append(f, w[:2], rest)
			} else {
				f = append(f, w[:2])
			}
			continue
		}
		f = append(f, w)
	}
	if len(f) == 0 || len(f) == 1 && f[0] == "-" {
		return s, true
	}
	side := func(tag string) *stated {
		switch strings.ToUpper(tag) {
		case "NS":
			return &s.ns
		case "EW":
			return &s.ew
		}
		return nil
	}
	switch len(f) {
	case 1:
		if !decl.NS() {
			s.ew = parseStated(f[0], true)
			return s, s.ew.ok
		}
		s.ns = parseStated(f[0], false)
		return s, s.ns.ok
	case 2, 4:
		for i := 0; i < len(f); i += 2 {
			p := side(f[i])
			if p == nil || p.ok {
				return sides{}, false // no side, or one side twice
			}
			*p = parseStated(f[i+1], p == &s.ew)
			if !p.ok {
				return sides{}, false
			}
		}
		return s, true
	}
	return sides{}, false
}

// both reports whether the tag states both sides.
func (s sides) both() bool { return s.ns.ok && s.ew.ok }

// oneSide returns the value of the tag for the side it names, North-South's
// when it names both; turn maps an East-West value to North-South's (nil:
// keep it for East-West, as matchpoints whose top is not yet known).
func (s sides) oneSide(turn func(float64) float64) stated {
	switch {
	case s.ns.ok:
		return s.ns
	case s.ew.ok && turn != nil:
		x := s.ew
		x.v, x.ew = turn(x.v), false
		return x
	}
	return s.ew
}

// tol is the rounding two stated values may differ by: half of the last
// place of each.
func tol(a, b stated) float64 {
	return 0.5*math.Pow(10, -float64(a.places)) + 0.5*math.Pow(10, -float64(b.places)) + 1e-9
}

// readTags reads the record's stated values (ScoreMP, ScorePercentage,
// ScoreIMP) into e, North-South's view; a text that cannot be read, or two
// sides that disagree, is bad-stated-value and states nothing (rescoring.md
// §9). Matchpoints stating both sides keep their sum, checked against the
// top (or 0, centred) when the board is scored.
func (c *Collector) readTags(b *pbn.Board, e *entry) {
	if v := b.Tag("Score"); v != "" {
		// The Score tag is read where the play is not recorded; its text
		// is checked on every record.
		switch s, ok := readSides(v, e.declarer); {
		case !ok:
			c.badStated(e, pbn.Msg("board %s: %s %q cannot be read: not compared", e.board, "Score", v))
		case s.both() && s.ns.v != -s.ew.v:
			c.badStated(e, pbn.Msg("board %s: %s %q: the two sides are not opposite: not compared", e.board, "Score", v))
		}
	}
	get := func(tag string) (sides, bool) {
		v := b.Tag(tag)
		s, ok := readSides(v, e.declarer)
		if !ok {
			c.badStated(e, pbn.Msg("board %s: %s %q cannot be read: not compared", e.board, tag, v))
		}
		return s, ok && e.played
	}
	if s, ok := get("ScoreMP"); ok {
		e.mp = s.oneSide(nil)
		if s.both() {
			e.mp.two, e.mp.sum = true, s.ns.v+s.ew.v
		}
	}
	if s, ok := get("ScorePercentage"); ok {
		if s.both() && math.Abs(s.ns.v+s.ew.v-100) > tol(s.ns, s.ew) {
			c.badStated(e, pbn.Msg("board %s: %s %q: the two sides do not sum to 100: not compared", e.board, "ScorePercentage", b.Tag("ScorePercentage")))
		} else {
			e.pct = s.oneSide(func(v float64) float64 { return 100 - v })
		}
	}
	if s, ok := get("ScoreIMP"); ok {
		if s.both() && math.Abs(s.ns.v+s.ew.v) > tol(s.ns, s.ew) {
			c.badStated(e, pbn.Msg("board %s: %s %q: the two sides are not opposite: not compared", e.board, "ScoreIMP", b.Tag("ScoreIMP")))
		} else {
			e.imp = s.oneSide(func(v float64) float64 { return -v })
		}
	}
}

// statedScore reads a Score tag ("NS 110", "EW -50", "NS 110 EW -110", or
// "110" for declarer's side) as North-South's score; ok is false for a
// text that is none of these, two sides that are not opposite (rescoring.md
// §9), or a score that is not a whole number.
func statedScore(v string, decl pbn.Seat) (ns int, ok bool) {
	s, ok := readSides(v, decl)
	if !ok || s.both() && s.ns.v != -s.ew.v {
		return 0, false
	}
	x := s.oneSide(func(v float64) float64 { return -v })
	if !x.ok || x.v != math.Trunc(x.v) || math.Abs(x.v) > 1e5 {
		return 0, false
	}
	return int(x.v), true
}

// badStated notes a bad-stated-value warning at the record.
func (c *Collector) badStated(e *entry, m pbn.Message) {
	c.problems = append(c.problems, pbn.Problem{File: e.file, Game: int(e.game), Line: int(e.line),
		Code: CodeBadStated, Severity: pbn.Warning, Text: m})
}

// decimal returns x, kept as a float32, back at the places the file wrote.
func decimal(x float32, places int8) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(float64(x)*p) / p
}

// centredSession decides whether a session's matchpoints are centred on
// the average (MP − (n − 1), rescoring.md §9): the rows that state both
// sides sum to 0 on nearly every row (nine in ten), not to the top. It is
// decided for the session, so that one irregular board does not turn the
// reading.
func centredSession(es []*entry) bool {
	n, zero := 0, 0
	for _, e := range es {
		if e.art != nil {
			continue
		}
		if e.mp.two {
			n++
			if math.Abs(e.mp.sum) <= tol(e.mp, e.mp) {
				zero++
			}
		}
		// An individual event's North and East matchpoints.
		if p := e.players; p != nil && p.mp[0].ok && p.mp[1].ok {
			n++
			if math.Abs(p.mp[0].v+p.mp[1].v) <= tol(p.mp[0], p.mp[1]) {
				zero++
			}
		}
	}
	return n > 0 && zero*5 >= n*4
}

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

// forms is what a session's stated values say of their form (rescoring.md
// §9), decided once for the session.
type forms struct {
	centred bool // matchpoints centred on the average
	mean    bool // totals are the mean per board played (Scoring modifier Mean)
	// datumAway: the session's Butler datums round halves away from zero.
	datumAway bool
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
	if st.isMP() {
		s.v = top - s.v
	} else {
		s.v = -s.v
	}
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

// cell reads a ScoreTable cell that states a value; a text that is not a
// number is bad-stated-value and states nothing (rescoring.md §9).
func (st *sessionState) cell(e *entry, col, v string, ew bool) stated {
	s := parseStated(v, ew)
	if !s.ok && strings.TrimSpace(v) != "" {
		st.problem(e, CodeBadStated, pbn.Msg("board %s: ScoreTable cell %s %q cannot be read: not compared", e.board, col, v))
	}
	return s
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

// formsOf reads the form of a session's stated values (rescoring.md §9):
// centred matchpoints, and the Scoring tag's modifier Mean (totals are the
// mean per board played; Sum, the default, and Neuberg change nothing
// here, MP1, MP2 and Butler-2 are read with the method).
func formsOf(es []*entry) forms {
	f := forms{centred: centredSession(es)}
	for _, e := range es {
		if e.scoring == "" {
			continue
		}
		for _, m := range strings.Split(e.scoring, ";") {
			if strings.EqualFold(strings.TrimSpace(m), "Mean") {
				f.mean = true
			}
		}
		break
	}
	return f
}

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

// players are the values an individual event's traveller row states for
// each player (MP_North … Percentage_West, rescoring.md §9): matchpoints,
// percentages and IMPs, by seat, and the players' ids.
type players struct {
	mp, pct, imp [4]stated
	id           [4]string // PlayerId_North …
}

// playerCell reads a per-player column's cell into the row.
func (st *sessionState) playerCell(e, r *entry, col, v string) {
	kind, seat, _ := strings.Cut(col, "_")
	s, ok := pbn.ParseSeat(strings.ToUpper(seat)[0])
	if !ok || strings.TrimSpace(v) == "" {
		return
	}
	if r.players == nil {
		r.players = &players{}
	}
	if kind == "playerid" {
		r.players.id[s] = st.c.intern(strings.TrimSpace(v))
		return
	}
	x := st.cell(e, col, v, false)
	switch kind {
	case "mp":
		r.players.mp[s] = x
	case "percentage":
		r.players.pct[s] = x
	case "imp":
		r.players.imp[s] = x
	}
}

// individual reports whether the session's travellers state per-player
// values (an individual event).
func individual(es []*entry) bool {
	for _, e := range es {
		if e.players != nil {
			return true
		}
	}
	return false
}

// playerValues compares a result's per-player values with its side's
// value (rescoring.md §9: a player's value is his direction's): each cell
// is one stated value. v and pct are North-South's in the board's frame;
// flip: the record's seats are turned.
func (st *sessionState) playerValues(x *entry, flip bool, v, pct, top float64, rp *reproduction) {
	if x.players == nil {
		return
	}
	type check struct {
		cell stated
		want float64
	}
	for s := range 4 {
		ns := (s%2 == 0) != flip // the player sits North-South in the board's frame
		var checks []check
		if st.isMP() {
			want, wantPct := v, pct
			if !ns {
				want, wantPct = top-v, 100-pct
			}
			if st.centred {
				want -= top / 2
			}
			checks = []check{{x.players.mp[s], want}, {x.players.pct[s], wantPct}}
		} else {
			want := v
			if !ns {
				want = -v
			}
			checks = []check{{x.players.imp[s], want}}
		}
		for _, c := range checks {
			if c.cell.ok {
				rp.stated++
				if c.cell.agrees(c.want) {
					rp.repr++
					rp.reprAlt++
				}
			}
		}
	}
}

// addPlayers counts a result's values into the totals of its four players
// when the row names them (PlayerId_North …, an individual event): each
// player gets his direction's value (rescoring.md §9), his own stated cell
// when the file gives one (matchpoints, IMPs), else the row's. It reports
// whether it did.
func (st *sessionState) addPlayers(x *entry, flip bool, rec, adj [2]float64, top float64, sv [2]stated, agreed bool) bool {
	p := x.players
	if p == nil || p.id == [4]string{} {
		return false
	}
	for s, id := range p.id {
		d := 0 // North-South in the board's frame
		if (s%2 == 0) == flip {
			d = 1
		}
		own := p.imp[s]
		if st.isMP() {
			own = p.mp[s]
			if own.ok && st.centred {
				own.v += top / 2
			}
		}
		cellAgreed := agreed
		if own.ok {
			// The player's own cell: the corrected copy states his new
			// value where the cell states the recorded one (texts.go).
			cellAgreed = own.agrees(rec[d])
		} else {
			own = sv[d]
		}
		st.add(x, id, "", rec[d], adj[d], top).sat([2]string{"NS", "EW"}[d]).statedValue(own, adj[d], cellAgreed)
	}
	return true
}

// datumTag returns the Butler datum a record states: the tag ButlerDatum,
// else Datum (rescoring.md §9).
func datumTag(b *pbn.Board) string {
	if v := b.Tag("ButlerDatum"); v != "" {
		return v
	}
	return b.Tag("Datum")
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

// parseStated reads a number as a file writes it ("3.5", "3,5", "+4",
// "-", "") with the places it is given to and its form (formatStated).
func parseStated(v string, ew bool) stated {
	comma := strings.IndexByte(v, ',') >= 0
	v = strings.Replace(v, ",", ".", 1)
	x, err := strconv.ParseFloat(v, 64)
	if err != nil || v == "" || math.IsInf(x, 0) || math.IsNaN(x) {
		return stated{}
	}
	places := 0
	if i := strings.IndexByte(v, '.'); i >= 0 {
		places = len(v) - i - 1
	}
	return stated{v: x, places: int8(min(places, 6)), ok: true, ew: ew,
		comma: comma, plus: v[0] == '+', point: v[len(v)-1] == '.'}
}

// formatStated writes v as the file writes its stated value s: rounded to
// s's places, with s's decimal separator, and a '+' before a positive
// number when s has one, a separator without decimals ("50.") when s
// ends in one (rescoring.md §9, §10). parseStated of the text
// is v rounded, and formatStated(parseStated(t)) is t for the texts a
// file states.
func formatStated(v float64, s stated) string {
	t := strconv.FormatFloat(v, 'f', int(s.places), 64)
	if strings.Trim(t, "-0.") == "" {
		t = strings.TrimPrefix(t, "-") // no "-0.0"
	}
	if s.plus && t[0] != '-' && strings.Trim(t, "0.") != "" {
		t = "+" + t
	}
	if s.point && s.places == 0 {
		t += "." // "50." (PBN 1.0 files)
	}
	if s.comma {
		t = strings.Replace(t, ".", ",", 1)
	}
	return t
}
