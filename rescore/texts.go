package rescore

// The stated values the re-scoring changed, as the corrected copy states
// them (rescoring.md §10): the numbers are the re-scoring's, each written
// in the form the file stated the old one in (formatStated).

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"revokes/score"
)

// rowAt is where a ScoreTable row is: its line among the table's lines,
// the line, the table's columns and header, the table.
type rowAt struct {
	row    int
	line   string
	cols   []string
	header string
	table  *tableAt
}

// tableAt is a board's ScoreTable as read (header, rows), and the later
// records of the board that carry the same table.
type tableAt struct {
	text   [2]string
	copies []*entry
}

// rowCell notes the new text of row x's cell in column col, in the
// board's table and in each later copy of it.
func (st *sessionState) rowCell(x *entry, col int, raw, text string) {
	st.cellText(x, "ScoreTable", x.at.row, col, x.at.header, raw, text)
	for _, c := range x.at.table.copies {
		st.cellText(c, "ScoreTable", x.at.row, col, x.at.header, raw, text)
	}
}

// cell returns the raw text (quotes kept) of the row's column c and its
// index, or -1.
func (a *rowAt) cell(c string) (string, int) {
	for i, x := range a.cols {
		if x == c {
			if sp := CellSpans(a.line); i < len(sp) {
				return a.line[sp[i][0]:sp[i][1]], i
			}
		}
	}
	return "", -1
}

// requote returns text quoted as raw was.
func requote(raw, text string) string {
	if strings.HasPrefix(raw, `"`) {
		return `"` + text + `"`
	}
	return text
}

// cellText notes the new text of a table's cell, once per cell.
func (st *sessionState) cellText(e *entry, tag string, row, col int, header, raw, text string) {
	if text == raw {
		return
	}
	w, right := columnWidth(header, col)
	st.text(Text{File: e.file, Line: int(e.line), Tag: tag, Row: row, Col: col, Cell: text, Width: w, Right: right})
}

// text notes t, replacing an earlier text of the same tag or cell (a row
// that stands for several tables, Multiplicity).
func (st *sessionState) text(t Text) {
	k := textKey{t.File, t.Line, t.Tag, t.Row, t.Col}
	if i, ok := st.textAt[k]; ok {
		st.res.Texts[i] = t
		return
	}
	if st.textAt == nil {
		st.textAt = map[textKey]int{}
	}
	st.textAt[k] = len(st.res.Texts)
	st.res.Texts = append(st.res.Texts, t)
}

type textKey struct {
	file     string
	line     int
	tag      string
	row, col int
}

// rowValue notes a value of row x for each side (North-South's and
// East-West's, in the row's own seats): in the tag, or in the table's
// columns kind_ns and kind_ew; s is the tag's stated value (its form).
func (st *sessionState) rowValue(x *entry, tag, kind string, s stated, ns, ew float64) {
	if x.at == nil {
		if s.ok {
			st.text(Text{File: x.file, Line: int(x.line), Tag: tag,
				NS: formatStated(ns, s), EW: formatStated(ew, s), DeclNS: x.declarer.NS()})
		}
		return
	}
	for d, v := range [2]float64{ns, ew} {
		raw, col := x.at.cell(kind + [2]string{"_ns", "_ew"}[d])
		if col < 0 {
			continue
		}
		f := parseStated(unquote(raw), false)
		if !f.ok {
			continue // a side the row does not state ("-")
		}
		st.rowCell(x, col, raw, requote(raw, formatStated(v, f)))
	}
}

// rowScore notes the new score and result cells of a ScoreTable row
// whose result changed (its record's applied revokes): the result by the
// tricks transferred, the score in the row's form (both sides, or the
// side that scores with the other's cell empty).
func (st *sessionState) rowScore(x *entry) {
	if x.at == nil || x.scoreRec == x.scoreAdj {
		return
	}
	if raw, col := x.at.cell("result"); col >= 0 {
		if n, err := strconv.Atoi(unquote(raw)); err == nil {
			t := strconv.Itoa(n + int(x.tricksAdj) - int(x.tricksRec))
			st.rowCell(x, col, raw, requote(raw, t))
		}
	}
	rawNS, colNS := x.at.cell("score_ns")
	rawEW, colEW := x.at.cell("score_ew")
	fNS, fEW := parseStated(unquote(rawNS), false), parseStated(unquote(rawEW), false)
	adj := float64(x.scoreAdj)
	switch {
	case colNS >= 0 && colEW >= 0 && fNS.ok && fEW.ok:
		st.rowCell(x, colNS, rawNS, requote(rawNS, formatStated(adj, fNS)))
		st.rowCell(x, colEW, rawEW, requote(rawEW, formatStated(-adj, fEW)))
	case colNS >= 0 && colEW >= 0 && (fNS.ok || fEW.ok):
		// One side scores, the other's cell is empty: the number goes to
		// the side that scores, quoted as the number was.
		num, dash, f := rawNS, rawEW, fNS
		if !fNS.ok {
			num, dash, f = rawEW, rawNS, fEW
		}
		ns, ew := dash, dash
		if adj >= 0 {
			ns = requote(num, formatStated(adj, f))
		} else {
			ew = requote(num, formatStated(-adj, f))
		}
		st.rowCell(x, colNS, rawNS, ns)
		st.rowCell(x, colEW, rawEW, ew)
	case colNS >= 0 && fNS.ok:
		st.rowCell(x, colNS, rawNS, requote(rawNS, formatStated(adj, fNS)))
	case colEW >= 0 && fEW.ok:
		st.rowCell(x, colEW, rawEW, requote(rawEW, formatStated(-adj, fEW)))
	}
}

// boardTexts notes the stated values of a pairs board's rows that the
// re-scoring changed (rescoring.md §10): of each row whose stated value
// was reproduced, the matchpoints and percentages (alt: the file's
// percentages are 100·(MP+1)/(2n)) or IMPs after the re-scoring; a row
// whose stated value was not reproduced keeps it.
func (st *sessionState) boardTexts(g *group, idx []int, vr, va []float64, rp reproduction, top float64, alt bool) {
	for k, i := range idx {
		x := g.rows[i]
		if x.art != nil {
			continue
		}
		st.rowScore(x)
		if math.Abs(va[k]-vr[k]) < 1e-9 {
			continue
		}
		// North-South's value in the row's own seats, before and after.
		was, ns := vr[k], va[k]
		if g.rot[i]%2 != 0 {
			was, ns = st.otherValue(was, top), st.otherValue(ns, top)
		}
		if !st.isMP() {
			st.playerTexts(x, "imp", [2]float64{was, -was}, [2]float64{ns, -ns})
			if rp.agreed[k] {
				st.rowValue(x, "ScoreIMP", "imp", x.imp, ns, -ns)
			}
			if o := x.own; o != nil && o.imp.ok && o.imp.agrees(was) {
				st.rowValue(o, "ScoreIMP", "imp", o.imp, ns, -ns)
			}
			continue
		}
		// The percentages in the form the row states them in (§3:
		// 100·MP/top or 100·(MP+1)/(2n)), else the board's.
		rowAlt := alt
		if x.pct.ok {
			switch {
			case x.pct.agrees(score.Percent(was, top)):
				rowAlt = false
			case x.pct.agrees(st.altPct(was, top)):
				rowAlt = true
			}
		}
		pctOf := func(v float64) float64 {
			if rowAlt {
				return st.altPct(v, top)
			}
			return score.Percent(v, top)
		}
		avg := 0.0
		if st.centred {
			avg = top / 2
		}
		st.playerTexts(x, "mp", [2]float64{was - avg, top - was - avg}, [2]float64{ns - avg, top - ns - avg})
		st.playerTexts(x, "percentage", [2]float64{pctOf(was), 100 - pctOf(was)}, [2]float64{pctOf(ns), 100 - pctOf(ns)})
		if rp.agreed[k] {
			st.rowValue(x, "ScorePercentage", "percentage", x.pct, pctOf(ns), 100-pctOf(ns))
			st.rowValue(x, "ScoreMP", "mp", x.mp, ns-avg, top-ns-avg)
		}
		if o := x.own; o != nil {
			// The record's own tags beside its table, where they state
			// the recorded values.
			if mp := o.mp; mp.ok && (!mp.ew && mp.agrees(was-avg) || mp.ew && mp.agrees(top-was-avg)) {
				st.rowValue(o, "ScoreMP", "mp", mp, ns-avg, top-ns-avg)
			}
			if o.pct.ok && o.pct.agrees(pctOf(was)) {
				st.rowValue(o, "ScorePercentage", "percentage", o.pct, pctOf(ns), 100-pctOf(ns))
			}
		}
	}
}

// otherValue returns the other side's value of v: the rest of the top
// for matchpoints, else v negated.
func (st *sessionState) otherValue(v, top float64) float64 {
	if st.isMP() {
		return top - v
	}
	return -v
}

// playerTexts notes an individual event's per-player cells of one kind
// (MP_North …, Percentage_North …, IMP_North …; rescoring.md §9) of a row
// whose value changed: each player gets his direction's new value (rec
// and adj: North-South's and East-West's in the row's own seats), where
// his cell states the recorded one.
func (st *sessionState) playerTexts(x *entry, kind string, rec, adj [2]float64) {
	if x.players == nil || x.at == nil {
		return
	}
	for s, seat := range []string{"north", "east", "south", "west"} {
		raw, col := x.at.cell(kind + "_" + seat)
		if col < 0 {
			continue
		}
		f := parseStated(unquote(raw), false)
		if !f.ok || !f.agrees(rec[s%2]) {
			continue
		}
		st.rowCell(x, col, raw, requote(raw, formatStated(adj[s%2], f)))
	}
}

// teamTexts notes the IMPs of a match's two tables after the re-scoring
// (rescoring.md §10): rows gives each table's North-South value in the
// board's frame.
func (st *sessionState) teamTexts(g *group, rows []Row, tables ...int) {
	for _, i := range tables {
		x, r := g.rows[i], &rows[i]
		st.rowScore(x)
		if st.method != "imp" || !x.imp.ok || r.ValueNSRecorded == r.ValueNSAdjusted {
			continue
		}
		s := x.imp
		if g.rot[i]%2 != 0 {
			s.v = -s.v
		}
		if !s.agrees(r.ValueNSRecorded) {
			continue
		}
		ns := r.ValueNSAdjusted
		if g.rot[i]%2 != 0 {
			ns = -ns
		}
		st.rowValue(x, "ScoreIMP", "imp", x.imp, ns, -ns)
	}
}

// totalTexts notes the TotalScoreTable's totals and ranks that the
// re-scoring changed (rescoring.md §10): a total the file's boards
// reproduce gets the total after the re-scoring, in its form
// (cumulative columns over sessions not in the input are not checked and
// not changed); then each line's rank in the file's own ranking of the
// new totals (rankTexts).
func (st *sessionState) totalTexts() {
	tt := st.tt
	if tt == nil {
		return
	}
	newVal := make([]map[string]float64, len(tt.rows)) // the new value of each column changed
	for k, tr := range tt.rows {
		if tr.t == nil {
			continue
		}
		spans := CellSpans(tr.line)
		for i, c := range tt.cols {
			p := tr.column(c)
			if i >= len(spans) || p == nil || !p.ok {
				continue
			}
			if tt.cumulativeOut && !strings.HasPrefix(c, "session") {
				continue // cumulativeTexts
			}
			pct := strings.HasSuffix(c, "percentage")
			if pct && tr.t.topSum <= 0 || !st.totalAgrees(tr.t, *p, pct) {
				continue
			}
			rec, _ := st.totalValue(tr.t, pct, false)
			adj, _ := st.totalValue(tr.t, pct, true)
			if math.Abs(adj-rec) < 1e-9 {
				continue
			}
			text := formatStated(adj, *p)
			if newVal[k] == nil {
				newVal[k] = map[string]float64{}
			}
			newVal[k][c] = parseStated(text, false).v
			raw := tr.line[spans[i][0]:spans[i][1]]
			st.cellText(tt.at, "TotalScoreTable", tr.row, i, tt.header, raw, requote(raw, text))
		}
		if tt.cumulativeOut {
			st.cumulativeTexts(k, newVal[k])
		}
	}
	st.rankTexts(newVal)
}

// cumulativeTexts notes the new cumulative total of line k of a
// TotalScoreTable whose cumulative columns cover sessions not in the
// input (rescoring.md §9): the session's total changed by the re-scoring
// (newVal, by column) changes the cumulative total by as much, in its
// form. A session scored by the mean per board, and a cumulative
// percentage, whose other sessions' boards are not known, are left.
func (st *sessionState) cumulativeTexts(k int, newVal map[string]float64) {
	tt, tr := st.tt, &st.tt.rows[k]
	if st.mean || !tr.tot.ok || !tr.sess.ok {
		return
	}
	var sess float64
	found := false
	for c, v := range newVal {
		if p := tr.column(c); p == &tr.sess {
			sess, found = v, true
		}
	}
	if !found {
		return
	}
	spans := CellSpans(tr.line)
	for i, c := range tt.cols {
		if i < len(spans) && tr.column(c) == &tr.tot {
			raw := tr.line[spans[i][0]:spans[i][1]]
			text := formatStated(tr.tot.v+sess-tr.sess.v, tr.tot)
			newVal[c] = parseStated(text, false).v
			st.cellText(tt.at, "TotalScoreTable", tr.row, i, tt.header, raw, requote(raw, text))
		}
	}
}

// rankTexts notes the new rank of each TotalScoreTable line whose rank
// the new totals change, in the file's ranking: one list, or a list per
// direction when its ranks start again; by the percentage a line
// states, else its total, higher first; a line's rank is one more than
// the lines of its list with more (ties share a rank, written with "="
// where the file writes one). A tie the file broke (its Tiebreak), of a
// line whose total stays and stays tied, keeps the file's rank; a file
// whose ranks do not fit its own totals keeps them all.
func (st *sessionState) rankTexts(newVal []map[string]float64) {
	tt := st.tt
	col := slices.Index(tt.cols, "rank")
	if col < 0 {
		return
	}
	lines, apart := st.rankLines(col, newVal)
	// rank returns a line's rank by val and how many other lines of its
	// list tie with it.
	rank := func(k int, val func(rankLine) float64) (int, int) {
		r, ties := 1, 0
		for j, o := range lines {
			if !o.ok || j == k || apart && o.list != lines[k].list {
				continue
			}
			switch d := val(o) - val(lines[k]); {
			case d > 1e-9:
				r++
			case d > -1e-9:
				ties++
			}
		}
		return r, ties
	}
	// fits reports whether the file's rank n is rank r with ties: a tie
	// the file broke (its Tiebreak) ranks within it.
	fits := func(n, r, ties int) bool { return n >= r && n <= r+ties }
	stated := make([]int, len(lines))
	for k, l := range lines {
		if !l.ok {
			continue
		}
		stated[k] = score.RankNumber(strings.TrimSpace(unquote(l.raw)))
		if r, ties := rank(k, func(l rankLine) float64 { return l.old }); !fits(stated[k], r, ties) {
			return // the file ranks by something else: its ranks are left as they are
		}
	}
	for k, l := range lines {
		if !l.ok {
			continue
		}
		after, ties := rank(k, func(l rankLine) float64 { return l.new })
		_, tiedBefore := rank(k, func(l rankLine) float64 { return l.old })
		if stated[k] == after || tiedBefore > 0 && l.old == l.new && fits(stated[k], after, ties) {
			continue
		}
		t := strconv.Itoa(after)
		if ties > 0 && strings.Contains(l.raw, "=") {
			t += "="
		}
		st.cellText(tt.at, "TotalScoreTable", tt.rows[k].row, col, tt.header, l.raw, requote(l.raw, t))
	}
}

// rankLine is a TotalScoreTable line as rankTexts ranks it: its list (a
// direction), the value it is ranked by before and after the re-scoring
// (ok: it states one) and its rank cell as written.
type rankLine struct {
	list     string
	old, new float64
	ok       bool
	raw      string
}

// rankLines reads the TotalScoreTable's lines for rankTexts: the rank
// cell (column col), the percentage a line states, else its total
// (newVal: its new value, by column), and its direction; apart is set
// when the ranks start again (a list per direction).
func (st *sessionState) rankLines(col int, newVal []map[string]float64) (lines []rankLine, apart bool) {
	tt := st.tt
	lines = make([]rankLine, len(tt.rows))
	last := 0
	for k, tr := range tt.rows {
		spans := CellSpans(tr.line)
		if col >= len(spans) {
			continue
		}
		l := &lines[k]
		l.raw = tr.line[spans[col][0]:spans[col][1]]
		if n := score.RankNumber(strings.TrimSpace(unquote(l.raw))); n > 0 {
			apart = apart || n < last
			last = n
		}
		for _, c := range []string{"totalpercentage", "percentage", "sessionpercentage", "totalscoremp", "totalmp", "mp",
			"totalscoreimp", "totalimp", "imp", "totalscorebam", "totalbam", "sessionscoremp", "sessionmp", "sessionscoreimp", "sessionimp", "sessionscorebam"} {
			i := slices.Index(tt.cols, c)
			if i < 0 || i >= len(spans) {
				continue
			}
			x := parseStated(unquote(tr.line[spans[i][0]:spans[i][1]]), false)
			if !x.ok {
				continue
			}
			l.ok, l.old, l.new = true, x.v, x.v
			if v, changed := newVal[k][c]; changed {
				l.new = v
			}
			break
		}
		if i := slices.Index(tt.cols, "direction"); i >= 0 && i < len(spans) {
			l.list = direction(unquote(tr.line[spans[i][0]:spans[i][1]]))
		}
	}
	return lines, apart
}

// totalTable is the session's TotalScoreTable as checkTotals read it.
type totalTable struct {
	at            *entry
	header        string
	cols          []string
	rows          []totalRow
	cumulativeOut bool // its cumulative totals cover sessions not in the input
}

// datumTexts notes the Butler datum the re-scoring changed (rescoring.md
// §9, §10): in each row of the board that states the recorded datum (in
// its seats), the ButlerDatum (or Datum) tag or the table's datum cell.
func (st *sessionState) datumTexts(g *group, rec, adj int) {
	if rec == adj {
		return
	}
	for i, x := range g.rows {
		if strings.TrimSpace(x.datum) == "" {
			continue
		}
		d := parseStated(x.datum, false)
		r, a := float64(rec), float64(adj)
		if g.rot[i]%2 != 0 {
			r, a = -r, -a
		}
		if !d.ok || d.v != r {
			continue
		}
		if x.at == nil {
			st.text(Text{File: x.file, Line: int(x.line), Tag: "ButlerDatum", NS: formatStated(a, d), EW: formatStated(-a, d), DeclNS: true})
			continue
		}
		for _, c := range []string{"datum", "butlerdatum"} {
			if raw, col := x.at.cell(c); col >= 0 {
				st.rowCell(x, col, raw, requote(raw, formatStated(a, parseStated(unquote(raw), false))))
			}
		}
	}
}
