package rescore

import (
	"strconv"
	"strings"

	"revokes/pbn"
	"revokes/score"
)

// expand replaces each record that carries a ScoreTable by the table's
// rows (rescoring.md §1): the traveller lists every table of the board,
// the record's own among them. The record's adjusted result goes to the
// row that is its table; a record with a revoke whose row cannot be found
// is row-unmatched and changes nothing (§5).
func (st *sessionState) expand(es []*entry) []*entry {
	var out []*entry
	// The first traveller of a board stands for it; a later record of the
	// same board with a traveller is matched against its rows.
	seen := map[string][]*entry{}
	for _, e := range es {
		if e.scoreTable == nil {
			out = append(out, e)
			continue
		}
		_, d := rotation(e.deal)
		key := e.board + "\x00" + d.String()
		rows, again := seen[key]
		if again && len(rows) > 0 && rows[0].at != nil {
			// A later copy of the board's table: the corrected copy
			// rewrites its cells as the first's (texts.go).
			if t := rows[0].at.table; t.text == *e.scoreTable {
				t.copies = append(t.copies, e)
			}
		}
		if !again {
			rows = st.tableRows(e)
			if st.expanded += len(rows); st.expanded > maxSessionRows {
				st.problem(e, CodeBadTable, pbn.Msg("board %s: the session's ScoreTables hold more than %d rows: the rest are not read", e.board, maxSessionRows))
				rows = nil
			}
		}
		if len(rows) == 0 {
			out = append(out, e)
			continue
		}
		own := -1
		for i, r := range rows {
			if sameTable(e, r) {
				own = i
				break
			}
		}
		if own >= 0 {
			r := rows[own]
			if e.hasTricks && r.contract == e.contract && r.declarer == e.declarer {
				r.hasTricks, r.tricksRec, r.tricksAdj = true, e.tricksRec, e.tricksAdj
				r.scoreAdj = r.scoreRec + (e.scoreAdj - e.scoreRec)
				r.corrected = r.corrected || e.corrected
			}
			if r.ids && e.ids && r.pairNS == e.pairNS && r.pairEW == e.pairEW {
				r.namesNS, r.namesEW = e.namesNS, e.namesEW
			}
			if r.own == nil {
				r.own = e // its tags beside the table (texts.go)
			}
		} else if e.corrected && e.tricksRec != e.tricksAdj {
			st.problem(e, CodeRowUnmatched, pbn.Msg("board %s: the table with the revoke is not a row of its ScoreTable: nothing changed", e.board))
		}
		if !again {
			seen[key] = rows
			out = append(out, rows...)
		}
	}
	return out
}

// sameTable reports whether a traveller row is the record's own table: by
// the table number, else the pair ids, when both give them; else by
// contract, declarer and tricks.
func sameTable(e, r *entry) bool {
	if e.tableNo != "" && r.tableNo != "" {
		return e.tableNo == r.tableNo
	}
	if e.ids && r.ids {
		return e.pairNS == r.pairNS && e.pairEW == r.pairEW
	}
	return e.played && r.played && e.contract == r.contract && e.declarer == r.declarer &&
		(!e.hasTricks || !r.hasTricks || e.tricksRec == r.tricksRec)
}

// tableRows reads the rows of a record's ScoreTable into entries of the
// same board. Columns are found by name (widths are not trusted, unknown
// columns are skipped); a row is one line of cells, strings quoted, "-"
// an empty cell.
func (st *sessionState) tableRows(e *entry) []*entry {
	cols := columns(e.scoreTable[0]) // (a leading + or - gives the sort order)
	table := &tableAt{text: *e.scoreTable}
	var out []*entry
	for n, line := range strings.Split(e.scoreTable[1], "\n") {
		cells := cellsOf(line)
		if len(cells) == 0 {
			continue
		}
		if len(cells) != len(cols) {
			st.problem(e, CodeBadTable, pbn.Msg("board %s: a ScoreTable row has %d cells for %d columns: skipped", e.board, len(cells), len(cols)))
			continue
		}
		r := *e
		r.clearTable()
		rc := rowCells{times: 1}
		r.at = &rowAt{row: n, line: line, cols: cols, header: e.scoreTable[0], table: table}
		for i, c := range cols {
			v := cells[i]
			if v == "-" {
				v = ""
			}
			st.readCell(e, &r, &rc, c, v)
		}
		r.ids = r.pairNS != "" && r.pairEW != ""
		r.scoreRow(&rc)
		st.statedValues(e, &r, &rc)
		if len(out)+rc.times > maxTimes {
			st.problem(e, CodeBadTable, pbn.Msg("board %s: a ScoreTable stands for more than %d tables: the rest are not read", e.board, maxTimes))
			break
		}
		for range rc.times {
			x := r
			out = append(out, &x)
		}
	}
	return out
}

// scoreRow sets whether a ScoreTable row was played and its score:
// passed out, else scored from its contract, declarer and result, else
// the score it states when it has no result to score.
func (r *entry) scoreRow(rc *rowCells) {
	switch {
	case rc.hasC && r.contract.PassedOut():
		r.played = true
	case rc.hasC && rc.hasD && rc.hasR:
		r.played, r.hasTricks = true, true
		s := score.Deal(r.table, r.contract, r.vul.Vulnerable(r.declarer), int(r.tricksRec))
		if !r.declarer.NS() {
			s = -s
		}
		r.scoreRec, r.scoreAdj = int32(s), int32(s)
	case rc.scoreNS.ok || rc.scoreEW.ok:
		// No result to score: the stated score.
		s := rc.scoreNS.v
		if !rc.scoreNS.ok {
			s = -rc.scoreEW.v
		}
		r.played, r.stated, r.noContract = true, true, !rc.hasC
		r.scoreRec, r.scoreAdj = int32(s), int32(s)
	}
}

// statedValues sets a row's stated matchpoints, percentage and IMPs: North-
// South's cell, else East-West's (percentage and IMPs turned to
// North-South's); an unplayed row with an artificial score gets it from
// artificialRow (rescoring.md §9).
func (st *sessionState) statedValues(e, r *entry, rc *rowCells) {
	switch {
	case rc.mpNS.ok:
		r.mp = rc.mpNS
		if rc.mpEW.ok {
			// Both sides: their sum tells centred matchpoints (§9).
			r.mp.two, r.mp.sum, r.mp.col = true, rc.mpNS.v+rc.mpEW.v, true
		}
	case rc.mpEW.ok:
		r.mp = rc.mpEW
	}
	if !r.played && (rc.art.hasCells[0] || rc.art.hasCells[1]) {
		st.artificialRow(e, r, rc.art, [2]stated{rc.mpNS, rc.mpEW}, [2]stated{rc.impNS, rc.impEW})
	}
	switch {
	case rc.pctNS.ok:
		r.pct = rc.pctNS
	case rc.pctEW.ok:
		r.pct, r.pct.v, r.pct.ew = rc.pctEW, 100-rc.pctEW.v, false
	}
	switch {
	case rc.impNS.ok:
		r.imp = rc.impNS
	case rc.impEW.ok:
		r.imp, r.imp.v, r.imp.ew = rc.impEW, -rc.impEW.v, false
	}
}

// rowCells are what a ScoreTable row's cells say beyond the row's
// entry: whether contract, declarer and result were read, the tables the
// row stands for, the stated values of each side and an artificial score.
type rowCells struct {
	hasC, hasD, hasR bool
	times            int
	art              artificial
	// The stated values of each side.
	scoreNS, scoreEW, mpNS, mpEW, pctNS, pctEW, impNS, impEW stated
}

// readCell reads one cell of a ScoreTable row by its column's name into
// the row's entry or its cells; unknown columns are skipped.
func (st *sessionState) readCell(e, r *entry, rc *rowCells, c, v string) {
	switch c {
	case "table":
		r.tableNo = st.c.intern(v)
	case "pairid_ns":
		r.pairNS = st.c.intern(v)
	case "pairid_ew":
		r.pairEW = st.c.intern(v)
	case "names_ns":
		r.namesNS = st.c.intern(v)
	case "names_ew":
		r.namesEW = st.c.intern(v)
	case "contract":
		r.contract, rc.hasC = pbn.ParseContract(v)
	case "declarer":
		if len(v) == 1 {
			r.declarer, rc.hasD = pbn.ParseSeat(v[0])
		}
	case "result":
		if n, err := strconv.Atoi(v); err == nil && n >= 0 && n <= 13 {
			r.tricksRec, r.tricksAdj, rc.hasR = int8(n), int8(n), true
		}
	case "score_ns", "score_ew":
		st.scoreCell(e, rc, c, v)
	case "mp_ns":
		rc.mpNS = st.cell(e, c, v, false)
	case "mp_ew":
		rc.mpEW = st.cell(e, c, v, true)
	case "percentage_ns":
		rc.pctNS = st.cell(e, c, v, false)
	case "percentage_ew":
		rc.pctEW = st.cell(e, c, v, true)
	case "imp_ns":
		rc.impNS = st.cell(e, c, v, false)
	case "imp_ew":
		rc.impEW = st.cell(e, c, v, true)
	case "mp_north", "mp_east", "mp_south", "mp_west", "percentage_north", "percentage_east",
		"percentage_south", "percentage_west", "imp_north", "imp_east", "imp_south", "imp_west",
		"playerid_north", "playerid_east", "playerid_south", "playerid_west":
		st.playerCell(e, r, c, v)
	case "datum", "butlerdatum":
		// The board's datum on its traveller rows (§9).
		if v != "" {
			r.datum = st.c.intern(v)
		}
	case "multiplicity":
		// The row stands for that many tables.
		if n, err := strconv.Atoi(v); err == nil && n >= 1 && n <= maxTimes {
			rc.times = n
		}
	}
}

// scoreCell reads a side's stated score, or the artificial score (A+,
// A=, A-, ...) a score cell may hold in its place (rescoring.md §9).
func (st *sessionState) scoreCell(e *entry, rc *rowCells, c, v string) {
	if p, ok := artificialPct(v); ok {
		d := 0
		if c == "score_ew" {
			d = 1
		}
		rc.art.pct[d], rc.art.cell[d], rc.art.hasCells[d] = p, v, true
	} else if c == "score_ns" {
		rc.scoreNS = st.cell(e, c, v, false)
	} else {
		rc.scoreEW = st.cell(e, c, v, true)
	}
}

// clearTable empties what a copy of the record holds of the record's own
// table (its result, scores, stated values, pairs and players), so that a
// ScoreTable row's copy keeps only the board and gets the rest from its
// cells.
func (r *entry) clearTable() {
	r.scoreTable, r.corrected = nil, false
	r.played, r.hasTricks, r.stated = false, false, false
	r.contract, r.declarer, r.tricksRec, r.tricksAdj, r.scoreRec, r.scoreAdj = pbn.Contract{}, 0, 0, 0, 0, 0
	r.mp, r.pct, r.imp, r.players = stated{}, stated{}, stated{}, nil
	r.pairNS, r.pairEW, r.namesNS, r.namesEW, r.tableNo, r.ids, r.noContract = "", "", "", "", "", false, false
}

// maxTimes bounds the tables a ScoreTable stands for (its rows with
// their Multiplicity), and maxSessionRows those of a session's
// ScoreTables: memory stays bounded on any input.
const (
	maxTimes       = 10000
	maxSessionRows = 1 << 21
)

// cellsOf splits a table row into cells: quoted strings (quotes removed)
// and words; a {comment} is skipped.
func cellsOf(line string) []string {
	spans := CellSpans(line)
	cells := make([]string, len(spans))
	for i, sp := range spans {
		cells[i] = unquote(line[sp[0]:sp[1]])
	}
	return cells
}

// CellSpans returns where the cells of a table row are in line, quotes
// included: quoted strings and words; a {comment} is skipped. The
// re-scoring reads the cells and the corrected copy rewrites them by it.
func CellSpans(line string) [][2]int {
	var cells [][2]int
	for i := 0; i < len(line); {
		switch c := line[i]; {
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '{':
			j := strings.IndexByte(line[i:], '}')
			if j < 0 {
				return cells
			}
			i += j + 1
		case c == '"':
			j := strings.IndexByte(line[i+1:], '"')
			if j < 0 {
				cells = append(cells, [2]int{i, len(line)}) // no closing quote: to the end
				return cells
			}
			cells = append(cells, [2]int{i, i + j + 2})
			i += j + 2
		default:
			j := i
			for j < len(line) && line[j] != ' ' && line[j] != '\t' && line[j] != '\r' {
				j++
			}
			cells = append(cells, [2]int{i, j})
			i = j
		}
	}
	return cells
}

// unquote returns a cell's text without its quotes.
func unquote(raw string) string {
	if len(raw) > 0 && raw[0] == '"' {
		raw = raw[1:]
		if len(raw) > 0 && raw[len(raw)-1] == '"' {
			raw = raw[:len(raw)-1]
		}
	}
	return raw
}

// columnWidth returns the width and alignment the header gives column i
// ("Score_NS\6R": 6, right), 0 when it gives none.
func columnWidth(header string, i int) (int, bool) {
	cs := strings.Split(header, ";")
	if i >= len(cs) {
		return 0, false
	}
	_, w, ok := strings.Cut(cs[i], "\\")
	if !ok {
		return 0, false
	}
	w = strings.TrimSpace(w)
	right := strings.HasSuffix(strings.ToUpper(w), "R")
	n, err := strconv.Atoi(strings.TrimRight(w, "LRlr"))
	if err != nil || n < 0 {
		return 0, false
	}
	return n, right
}

// columns reads a table's header into lower-case column names, without
// widths and sort marks.
func columns(header string) []string {
	var cols []string
	for _, c := range strings.Split(header, ";") {
		if i := strings.IndexByte(c, '\\'); i >= 0 {
			c = c[:i]
		}
		cols = append(cols, strings.ToLower(strings.TrimLeft(strings.TrimSpace(c), "+-")))
	}
	return cols
}

// checkTotals compares the session's TotalScoreTable (the first one given)
// with the totals of the recorded scores (rescoring.md §4): a pair's
// total (TotalScoreMP, TotalMP, MP, TotalScoreIMP, TotalIMP, IMP) or
// percentage (TotalPercentage, Percentage), within the file's rounding.
// When the table ranks North-South and East-West apart (§8: a Direction
// column with both, or a Rank column that starts again), it returns the
// direction it gives each pair it names ("" when it gives none); else nil.
func (st *sessionState) checkTotals(es []*entry) map[string]string {
	var e *entry
	for _, x := range es {
		if x.totalTable != nil {
			e = x
			break
		}
	}
	if e == nil {
		return nil
	}
	cols := columns(e.totalTable[0])
	dirs := map[string]string{}
	var ns, ew, restart bool
	lastRank := 0
	var rows []totalRow
	for n, line := range strings.Split(e.totalTable[1], "\n") {
		cells := cellsOf(line)
		if len(cells) != len(cols) {
			continue
		}
		tr := totalRow{row: n, line: line}
		var dir string
		for i, c := range cols {
			switch c {
			case "pairid", "teamid", "playerid":
				tr.id = strings.TrimSpace(cells[i])
			case "direction":
				dir = direction(cells[i])
				ns, ew = ns || dir == "NS", ew || dir == "EW"
			case "rank":
				if k := score.RankNumber(strings.TrimSpace(cells[i])); k > 0 {
					restart = restart || k < lastRank
					lastRank = k
				}
			default:
				if !tr.read(c, cells[i]) {
					st.problem(e, CodeBadStated, pbn.Msg("session %q: TotalScoreTable cell %s %q cannot be read: not compared", sessionName(e), c, cells[i]))
				}
			}
		}
		tr.t = st.totals[tr.id]
		if st.mitchell && dir != "" {
			// Pair numbers per direction: "3" North-South is "3 NS".
			tr.id += " " + dir
			tr.t = st.totals[tr.id]
		}
		if tr.t != nil && dir != "" {
			dirs[tr.id] = dir
		}
		rows = append(rows, tr)
	}
	st.tt = &totalTable{at: e, header: e.totalTable[0], cols: cols, rows: rows}
	n, repr := st.countTotals(rows)
	st.info.TotalsStated, st.info.TotalsReproduced = n, repr
	if repr < n {
		st.problem(e, CodeMismatch, pbn.Msg("session %q: %d of %d totals of the TotalScoreTable reproduced (the file may hold boards this run has not read)", sessionName(e), repr, n))
	}
	if st.teams || !(ns && ew || restart) {
		return nil
	}
	return dirs
}

// direction reads a TotalScoreTable's Direction cell: "NS", "N-S",
// "North-South" are "NS"; "EW", "E-W", "East-West" are "EW"; else "".
func direction(v string) string {
	switch strings.ToUpper(strings.TrimSpace(v)) {
	case "NS", "N-S", "N/S", "NORTH-SOUTH", "N":
		return "NS"
	case "EW", "E-W", "E/W", "EAST-WEST", "E":
		return "EW"
	}
	return ""
}

// valueColumn reports whether a ScoreTable or TotalScoreTable column (as
// columns names it) states a number the re-scoring computes: a score,
// matchpoints, a percentage, IMPs, a total.
func valueColumn(c string) bool {
	for _, p := range []string{"score_", "mp_", "percentage_", "imp_"} {
		if strings.HasPrefix(c, p) {
			return true
		}
	}
	var tr totalRow
	return tr.column(c) != nil
}
