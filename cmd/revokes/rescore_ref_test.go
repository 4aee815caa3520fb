package main

// This file is long (about 1,500 lines) for a reason: it is a second
// reading of rescoring.md, written apart from packages rescore and score,
// and its value is that it stays one self-contained text a reviewer can
// hold against the rule book and against those packages.

import (
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"revokes/analyze"
	"revokes/pbn"
	"revokes/pbn/boards"
	"revokes/pbn/pbntest"
	"revokes/score"
	"revokes/synth"
)

// This file is a second reading of rescoring.md, written from its text
// apart from package rescore: it reads the records with the file readers,
// takes each table's recorded and adjusted result from the analysis (the
// per-deal duplicate score), and groups, scores, reproduces and ranks on
// its own. TestRescoreReference runs the whole command with -rescore on
// the fixtures, the shared corpus and generated sessions and compares its
// rescore_board and rescore_rank rows with this reading.

// refRec is one table's result as the records give it (rescoring.md §1).
type refRec struct {
	file                                   string
	game                                   int
	event, section, board, date            string
	scoring, room, home, visit, round, tbl string
	competition                            string
	vg                                     bool // read under a LIN vg header
	deal                                   pbn.Deal
	pairNS, pairEW                         string
	ids                                    bool // PairNS and PairEW given
	played                                 bool
	ns, nsAdj                              int // North-South's score, recorded and adjusted
	corrected                              bool
	mp, pct, imp                           refStated // NS view (mp: ew set when given for EW)
	table                                  [2]string // ScoreTable header and body
	art                                    *refArt   // an artificial score (§9), not a result
	datum                                  string    // the ButlerDatum tag (§9)
	// players: an individual event's per-player values (§9), by kind
	// (matchpoints, percentage, IMPs) and seat.
	players   [3][4]refStated
	playerIDs [4]string // PlayerId_North …
	total     [2]string // TotalScoreTable header and body
	hasTable  bool
	scoreTab  score.Table
	vul       pbn.Vulnerability
	contract  pbn.Contract
	declarer  pbn.Seat
}

// refStated is a value the file states, with its decimals.
type refStated struct {
	v      float64
	places int
	ok, ew bool
	// both: a ScoreTable gives the two sides' matchpoints; other is
	// East-West's, as written (§9).
	both  bool
	other float64
	tag   bool // from a ScoreMP tag, whose two sides must sum to the top
}

func refParse(s string) refStated {
	s = strings.TrimSpace(strings.Replace(s, ",", ".", 1))
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || s == "" {
		return refStated{}
	}
	p := 0
	if i := strings.IndexByte(s, '.'); i >= 0 {
		p = len(s) - i - 1
	}
	return refStated{v: x, places: p, ok: true}
}

// agrees: within the file's rounding (§4).
func (s refStated) agrees(x float64) bool {
	return math.Abs(x-s.v) <= 0.5*math.Pow(10, -float64(s.places))+1e-9
}

// refSide reads "NS 110", "EW 3", or a bare number for declarer's side,
// or both sides, "NS 4 EW -4" in either order (§9): then North-South's
// value, and East-West's as other.
func refSide(v string, declNS bool) refStated {
	f := strings.Fields(v)
	if len(f) == 4 {
		var ns, ew refStated
		for i := 0; i < 4; i += 2 {
			switch strings.ToUpper(f[i]) {
			case "NS":
				ns = refParse(f[i+1])
			case "EW":
				ew = refParse(f[i+1])
			}
		}
		if !ns.ok || !ew.ok {
			return refStated{}
		}
		ns.both, ns.other = true, ew.v
		ns.places = max(ns.places, ew.places)
		return ns
	}
	v = strings.TrimSpace(v)
	ew := !declNS
	if u := strings.ToUpper(v); strings.HasPrefix(u, "NS") {
		ew, v = false, v[2:]
	} else if strings.HasPrefix(u, "EW") {
		ew, v = true, v[2:]
	}
	s := refParse(v)
	s.ew = ew
	return s
}

// refArt is an artificial score of a ScoreTable row (§9, Law 12C2): the
// per cent each side gets (NS, EW) and the matchpoints and IMPs stated
// for each, each in its own side's view.
type refArt struct {
	pct     [2]float64
	mp, imp [2]refStated
}

// refArtPct reads an artificial score cell: A+/G+ 60, A=/G= 50, A-/G- 40,
// A60 or 60% what they say.
func refArtPct(v string) (float64, bool) {
	switch v = strings.ToUpper(v); v {
	case "A+", "G+":
		return 60, true
	case "A=", "G=":
		return 50, true
	case "A-", "G-":
		return 40, true
	}
	if p, ok := strings.CutPrefix(v, "A"); ok {
		v = p
	} else if p, ok := strings.CutSuffix(v, "%"); ok {
		v = p
	} else {
		return 0, false
	}
	x, err := strconv.ParseFloat(v, 64)
	return x, err == nil && x >= 0 && x <= 100
}

// refRead reads the records of files and the analysis of each.
func refRead(t *testing.T, files []string) []*refRec {
	a, err := analyze.New(analyze.Options{Edition: "auto", Attention: analyze.EndOfPlay})
	if err != nil {
		t.Fatal(err)
	}
	var out []*refRec
	for _, file := range files {
		fh, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		rd, _, err := boards.NewReader(fh, file)
		if err != nil {
			fh.Close()
			continue
		}
		for {
			b, err := rd.Read()
			if err == io.EOF {
				break
			}
			if b == nil {
				if err != nil {
					continue
				}
				break
			}
			f := a.Board(b)
			if !f.Analysed {
				continue
			}
			r := &refRec{file: file, game: b.Index, event: b.Tag("Event"), section: b.Tag("Section"),
				board: strings.TrimSpace(b.Tag("Board")), date: b.Tag("Date"), scoring: b.Tag("Scoring"),
				room: strings.ToLower(b.Tag("Room")), home: b.Tag("HomeTeam"), visit: b.Tag("VisitTeam"),
				round: b.Tag("Round"), tbl: b.Tag("Table"), deal: b.Deal, vul: b.Vul, datum: refFirst(b.Tag("ButlerDatum"), b.Tag("Datum")),
				competition: strings.ToLower(strings.TrimSpace(b.Tag("Competition")))}
			if f.Edition != nil {
				r.scoreTab = score.Table(f.Edition.Scoring)
			}
			// A board under a LIN vg header: its session is its file's
			// segment, named by the segment (§9).
			if b.Format == pbn.FormatLIN {
				for _, k := range []string{"Event", "Round", "HomeTeam", "VisitTeam", "Scoring"} {
					r.vg = r.vg || b.Tag(k) != ""
				}
				if r.vg && r.section == "" {
					r.section = r.round
				}
			}
			r.pairNS = refPair(b.Tag("PairNS"), b.Players[pbn.North], b.Players[pbn.South])
			r.pairEW = refPair(b.Tag("PairEW"), b.Players[pbn.East], b.Players[pbn.West])
			r.ids = b.Tag("PairNS") != "" && b.Tag("PairEW") != ""
			for _, s := range b.Sections {
				if s.Name == "ScoreTable" && !r.hasTable {
					r.table, r.hasTable = [2]string{b.Tag("ScoreTable"), s.Value}, true
				}
				if s.Name == "TotalScoreTable" && r.total[0] == "" {
					r.total = [2]string{b.Tag("TotalScoreTable"), s.Value}
				}
			}
			// A record without a contract is "no result" (§1).
			if b.HasContract && (b.Tag("Contract") != "" || b.Format == pbn.FormatLIN) {
				r.contract, r.declarer = b.Contract, b.Declarer
				switch {
				case b.Contract.PassedOut():
					r.played = true
				case b.HasDeclarer && f.HasTricks && f.HasScore:
					r.played = true
					r.ns, r.nsAdj = f.ScoreRecorded, f.ScoreAdjusted
					if !b.Declarer.NS() {
						r.ns, r.nsAdj = -r.ns, -r.nsAdj
					}
					// §10: the table whose revoke is applied.
					for _, rv := range f.Revokes {
						r.corrected = r.corrected || rv.Applied
					}
				case b.HasDeclarer:
					if s := refSide(b.Tag("Score"), b.Declarer.NS()); s.ok && s.places == 0 && (!s.both || s.other == -s.v) {
						r.played = true
						r.ns = int(s.v)
						if s.ew {
							r.ns = -r.ns
						}
						r.nsAdj = r.ns
					}
				}
			}
			if r.played {
				declNS := r.contract.PassedOut() || r.declarer.NS()
				r.mp = refSide(b.Tag("ScoreMP"), declNS)
				r.mp.tag = true
				r.pct = refSide(b.Tag("ScorePercentage"), declNS)
				if r.pct.ew {
					r.pct.v, r.pct.ew = 100-r.pct.v, false
				}
				if r.pct.both && math.Abs(r.pct.v+r.pct.other-100) > math.Pow(10, -float64(r.pct.places)) {
					r.pct = refStated{} // two sides that disagree: bad-stated-value
				}
				r.imp = refSide(b.Tag("ScoreIMP"), declNS)
				if r.imp.ew {
					r.imp.v, r.imp.ew = -r.imp.v, false
				}
				if r.imp.both && math.Abs(r.imp.v+r.imp.other) > math.Pow(10, -float64(r.imp.places)) {
					r.imp = refStated{}
				}
			}
			if !r.played && r.board == "" && !r.hasTable {
				continue
			}
			out = append(out, r)
		}
		fh.Close()
	}
	return out
}

// refPair: the id, else the two names sorted, joined with " – " (§8).
func refPair(id, a, b string) string {
	if id = strings.TrimSpace(id); id != "" {
		return id
	}
	n := []string{strings.TrimSpace(a), strings.TrimSpace(b)}
	sort.Strings(n)
	if n[0] == "" {
		return n[1]
	}
	return n[0] + " – " + n[1]
}

// refExpand replaces a record with a ScoreTable by the table's rows; the
// record's own row (same Table, else same pair ids) takes its adjusted
// result (§1, §5).
func refExpand(recs []*refRec) []*refRec {
	var out []*refRec
	seen := map[string][]*refRec{}
	for _, r := range recs {
		if !r.hasTable {
			out = append(out, r)
			continue
		}
		key := r.board + "|" + refCanon(r.deal).String()
		rows, again := seen[key]
		if !again {
			rows = refTableRows(r)
		}
		if len(rows) == 0 {
			out = append(out, r)
			continue
		}
		for _, x := range rows {
			own := x.tbl == r.tbl
			if x.tbl == "" || r.tbl == "" {
				own = x.pairNS == r.pairNS && x.pairEW == r.pairEW
			}
			if own {
				if x.played && x.contract == r.contract && x.declarer == r.declarer {
					x.nsAdj = x.ns + r.nsAdj - r.ns
					x.corrected = r.corrected
				}
				break
			}
		}
		if !again {
			seen[key] = rows
			out = append(out, rows...)
		}
	}
	return out
}

// refTableRows reads a ScoreTable: columns by name, quoted cells, "-" empty.
func refTableRows(r *refRec) []*refRec {
	var cols []string
	for _, c := range strings.Split(r.table[0], ";") {
		c, _, _ = strings.Cut(c, `\`)
		cols = append(cols, strings.ToLower(strings.TrimLeft(strings.TrimSpace(c), "+-")))
	}
	var out []*refRec
	for _, line := range strings.Split(r.table[1], "\n") {
		cells := refCells(line)
		if len(cells) == 0 || len(cells) != len(cols) {
			continue
		}
		x := &refRec{file: r.file, game: r.game, event: r.event, section: r.section, board: r.board, date: r.date,
			scoring: r.scoring, deal: r.deal, scoreTab: r.scoreTab, vul: r.vul, datum: r.datum}
		var hasC, hasD, hasR bool
		var tricks int
		times := 1
		var sNS, sEW, mpNS, mpEW, pNS, pEW, iNS, iEW refStated
		var art refArt
		var artCell [2]bool
		for i, c := range cols {
			v := cells[i]
			if v == "-" {
				v = ""
			}
			switch c {
			case "table":
				x.tbl = v
			case "pairid_ns":
				x.pairNS = v
			case "pairid_ew":
				x.pairEW = v
			case "contract":
				x.contract, hasC = pbn.ParseContract(v)
			case "declarer":
				if len(v) == 1 {
					x.declarer, hasD = pbn.ParseSeat(v[0])
				}
			case "result":
				n, err := strconv.Atoi(v)
				tricks, hasR = n, err == nil && n >= 0 && n <= 13
			case "score_ns":
				sNS = refParse(v)
				if p, ok := refArtPct(v); ok {
					art.pct[0], artCell[0] = p, true
				}
			case "score_ew":
				sEW = refParse(v)
				if p, ok := refArtPct(v); ok {
					art.pct[1], artCell[1] = p, true
				}
			case "mp_ns":
				mpNS = refParse(v)
			case "mp_ew":
				mpEW = refParse(v)
			case "percentage_ns":
				pNS = refParse(v)
			case "percentage_ew":
				pEW = refParse(v)
			case "imp_ns":
				iNS = refParse(v)
			case "imp_ew":
				iEW = refParse(v)
			case "datum", "butlerdatum":
				if v != "" {
					x.datum = v
				}
			case "playerid_north", "playerid_east", "playerid_south", "playerid_west":
				x.playerIDs[map[string]int{"north": 0, "east": 1, "south": 2, "west": 3}[strings.TrimPrefix(c, "playerid_")]] = v
			case "mp_north", "mp_east", "mp_south", "mp_west", "percentage_north", "percentage_east", "percentage_south",
				"percentage_west", "imp_north", "imp_east", "imp_south", "imp_west":
				kind, seat, _ := strings.Cut(c, "_")
				k := map[string]int{"mp": 0, "percentage": 1, "imp": 2}[kind]
				x.players[k][map[string]int{"north": 0, "east": 1, "south": 2, "west": 3}[seat]] = refParse(v)
			case "multiplicity":
				// The row stands for that many tables.
				if n, err := strconv.Atoi(v); err == nil && n >= 1 {
					times = n
				}
			}
		}
		switch {
		case hasC && x.contract.PassedOut():
			x.played = true
		case hasC && hasD && hasR:
			x.played = true
			x.ns = score.Deal(x.scoreTab, x.contract, x.vul.Vulnerable(x.declarer), tricks)
			if !x.declarer.NS() {
				x.ns = -x.ns
			}
		case sNS.ok:
			x.played, x.ns = true, int(sNS.v)
		case sEW.ok:
			x.played, x.ns = true, -int(sEW.v)
		}
		x.nsAdj = x.ns
		x.ids = x.pairNS != "" && x.pairEW != ""
		if !x.played && (artCell[0] || artCell[1]) {
			// An artificial score: a side without a cell gets the rest.
			for d := range 2 {
				if !artCell[d] {
					art.pct[d] = 100 - art.pct[1-d]
				}
			}
			art.mp, art.imp = [2]refStated{mpNS, mpEW}, [2]refStated{iNS, iEW}
			x.art = &art
		}
		x.mp = mpNS
		if mpNS.ok && mpEW.ok {
			x.mp.both, x.mp.other = true, mpEW.v
		}
		if !mpNS.ok && mpEW.ok {
			x.mp, x.mp.ew = mpEW, true
		}
		x.pct = pNS
		if !pNS.ok && pEW.ok {
			x.pct, x.pct.v = pEW, 100-pEW.v
		}
		x.imp = iNS
		if !iNS.ok && iEW.ok {
			x.imp, x.imp.v = iEW, -iEW.v
		}
		for range times {
			y := *x
			out = append(out, &y)
		}
	}
	return out
}

// refFirst returns the first of the values that is not empty.
func refFirst(v ...string) string {
	for _, x := range v {
		if x != "" {
			return x
		}
	}
	return ""
}

// refCells splits a table line into cells: quoted strings (without the
// quotes) and words.
func refCells(line string) []string {
	var cells []string
	for rest := strings.TrimSpace(line); rest != ""; rest = strings.TrimSpace(rest) {
		if rest[0] == '"' {
			j := strings.IndexByte(rest[1:], '"')
			if j < 0 {
				j = len(rest) - 1
			}
			cells = append(cells, rest[1:1+j])
			rest = rest[min(len(rest), j+2):]
			continue
		}
		j := strings.IndexAny(rest, " \t\r")
		if j < 0 {
			j = len(rest)
		}
		cells = append(cells, rest[:j])
		rest = rest[j:]
	}
	return cells
}

// refCanon returns the smallest rotation of the deal: rotated records of
// one board come out equal (§2).
func refCanon(d pbn.Deal) pbn.Deal {
	best := d
	for k := 1; k < 4; k++ {
		r := pbn.Deal{d[k%4], d[(k+1)%4], d[(k+2)%4], d[(k+3)%4]}
		for i := range r {
			if r[i] != best[i] {
				if r[i] < best[i] {
					best = r
				}
				break
			}
		}
	}
	return best
}

// refRot returns by how many seats d is rotated against the deal c.
func refRot(d, c pbn.Deal) int {
	for k := 0; k < 4; k++ {
		if (pbn.Deal{d[k%4], d[(k+1)%4], d[(k+2)%4], d[(k+3)%4]}) == c {
			return k
		}
	}
	return 0
}

// refMethod reads a Scoring tag (§3).
func refMethod(tag string) (m string, butler2 bool) {
	p := strings.Split(strings.ToUpper(strings.ReplaceAll(tag, " ", "")), ";")
	mods := map[string]bool{}
	for _, x := range p[1:] {
		mods[x] = true
	}
	switch p[0] {
	case "MP", "MATCHPOINTS", "MP1":
		return "mp", false
	case "MP2":
		return "mp2", false
	case "BAM":
		return "bam", false
	case "BUTLER":
		return "butler", false
	case "BUTLER-2":
		return "butler", true
	case "IMP":
		switch {
		case mods["CROSS"]:
			return "cross", false
		case mods["CROSS2"]:
			return "cross-avg", false
		case mods["BUTLER"]:
			return "butler", false
		case mods["BUTLER-2"]:
			return "butler", true
		}
		return "imp", false
	}
	return "", false
}

// refBoard is one board as the reference scores it.
type refBoard struct {
	key            string // file|game|board
	tables, e      int
	teams          bool
	stated, repr   int
	rows           []string // played rows, formatted
	datumR, datumA int
	method         string
	hasDatum       bool
	changed        bool
}

// refRank is one pair's line.
type refRank struct {
	total, totalAdj, pct, pctAdj float64
	hasPct                       bool
	rank, rankAdj                string
	changed                      bool
}

// refResult is what the reference expects of a run.
type refResult struct {
	boards  map[string]*refBoard
	ranks   map[string]*refRank // session|pair
	skipped map[string]string   // session → why not re-scored
	// problems counts the problem codes the reference expects.
	problems map[string]int
	// totals: the TotalScoreTable totals stated and reproduced (§4).
	totalsStated, totalsRepr int
}

// refRescore re-scores the records with method flag ("" = from the files).
func refRescore(recs []*refRec, flag string) *refResult {
	res := &refResult{boards: map[string]*refBoard{}, ranks: map[string]*refRank{}, skipped: map[string]string{}, problems: map[string]int{}}
	var order []string
	sess := map[string][]*refRec{}
	for _, r := range recs {
		k := r.event + "|" + r.section
		if r.vg {
			k += "|" + r.file
		} else if r.event == "" {
			d := r.date
			if len(d) > 10 {
				d = d[:10]
			}
			k = "\x00" + d + "|" + r.section
		}
		if sess[k] == nil {
			order = append(order, k)
		}
		sess[k] = append(sess[k], r)
	}
	for _, k := range order {
		refSession(res, k, sess[k], flag)
	}
	return res
}

func refSession(res *refResult, sk string, recs []*refRec, flag string) {
	rankKey := recs[0].event + "|" + recs[0].section + "|" // the rank rows' event and section
	// "butler:2" is -scoring butler -datum-trim 2.
	trimFlag := -1
	if m, n, ok := strings.Cut(flag, ":"); ok {
		flag = m
		trimFlag, _ = strconv.Atoi(n)
	}
	method, butler2 := flag, false
	if method == "" {
		for _, r := range recs {
			if r.scoring != "" {
				method, butler2 = refMethod(r.scoring)
				// The Competition tag (§3): plain IMP in a pairs or
				// individual event is neither teams nor a named field
				// method; rubber and Chicago are not duplicate.
				switch r.competition {
				case "pairs", "individuals":
					if method == "imp" {
						method = ""
					}
				case "rubber", "chicago":
					method = ""
				}
				break
			}
		}
		// IMPs before 1962-09-01 only when -scoring says so (§3); BAM
		// is not IMPed.
		if method != "" && method != "mp" && method != "mp2" && method != "bam" {
			d := strings.NewReplacer(".", "", "-", "", "/", "").Replace(recs[0].date)
			if len(d) >= 8 && d[:8] < "19620901" && !strings.ContainsAny(d[:8], "?") {
				method = ""
			}
		}
	}
	apart := refApart(recs)
	var totalTab [2]string
	for _, r := range recs {
		if r.total[0] != "" {
			totalTab = r.total
			break
		}
	}
	recs = refExpand(recs)
	teams := method == "imp" || method == "bam"
	// Centred matchpoints (§9): the rows stating both sides sum to 0 on
	// four in five of them; decided for the session.
	nBoth, nZero := 0, 0
	for _, r := range recs {
		if r.mp.both && r.art == nil {
			nBoth++
			if math.Abs(r.mp.v+r.mp.other) < 1e-6 {
				nZero++
			}
		}
	}
	centred := nBoth > 0 && 5*nZero >= 4*nBoth
	// The Scoring tag's Mean: totals are means per board played (§9).
	mean := false
	for _, r := range recs {
		if r.scoring != "" {
			for _, m := range strings.Split(r.scoring, ";") {
				mean = mean || strings.EqualFold(strings.TrimSpace(m), "mean")
			}
			break
		}
	}
	type grp struct {
		rows  []*refRec
		canon pbn.Deal
	}
	var groups []*grp
	idx := map[string]*grp{}
	for _, r := range recs {
		c := refCanon(r.deal)
		k := r.board + "|" + c.String()
		if teams {
			a, b := r.home, r.visit
			if b < a {
				a, b = b, a
			}
			k += "|" + r.round + "|" + a + "|" + b
		}
		g := idx[k]
		if g == nil {
			g = &grp{canon: c}
			idx[k] = g
			groups = append(groups, g)
		}
		g.rows = append(g.rows, r)
	}
	e := 0
	rooms := false
	for _, g := range groups {
		n := 0
		for _, r := range g.rows {
			if r.played {
				n++
			}
			rooms = rooms || r.room == "open" || r.room == "closed"
		}
		e = max(e, n)
	}
	switch {
	case method == "":
		res.skipped[sk] = "method-unknown"
	case e < 2:
		res.skipped[sk] = "field-missing"
	case flag == "" && (method == "mp" || method == "mp2") && e <= 2 && rooms:
		res.skipped[sk] = "method-unknown" // pairs vugraph with two tables
	case (method == "imp" || method == "bam") && e > 2:
		// A teams method on a field of more than two tables, from the
		// file or the flag (§9).
		res.skipped[sk] = "method-unknown"
	}
	if why := res.skipped[sk]; why != "" {
		res.problems[why]++
		return
	}
	// A board number with more than one deal: each deal is its own group,
	// each reported (§2).
	deals := map[string]int{}
	gkey := func(g *grp) string {
		r := g.rows[0]
		a, b := r.home, r.visit
		if b < a {
			a, b = b, a
		}
		if !teams {
			a, b = "", ""
		}
		return r.board + "|" + r.round + "|" + a + "|" + b
	}
	for _, g := range groups {
		deals[gkey(g)]++
	}
	for _, g := range groups {
		if deals[gkey(g)] > 1 {
			res.problems["fouled-board"]++
		}
	}
	// Pair numbers given per direction (a Mitchell): a number that sits
	// North-South and East-West at one table names two pairs (a pair
	// does not play against itself), ranked in the one list (§8).
	mitchell := false
	for _, r := range recs {
		mitchell = mitchell || (r.ids && r.pairNS == r.pairEW)
	}
	dir := map[string]string{} // pair → the direction it sat first
	mpm := method == "mp" || method == "mp2"
	top := float64(2 * (e - 1))
	if method == "mp2" {
		top = float64(e - 1)
	}
	type tot struct {
		rec, adj, topSum float64
		// The board values the file states: their sum, how many, the
		// most decimals; boards counts every board (§9).
		stSum       float64
		stN, boards int
		stPlaces    int
	}
	tots := map[string]*tot{}
	add := func(p string, rec, adj, tp float64, st refStated) {
		if p == "" {
			return
		}
		t := tots[p]
		if t == nil {
			t = &tot{}
			tots[p] = t
		}
		t.rec += rec
		t.adj += adj
		t.topSum += tp
		t.boards++
		if st.ok {
			t.stSum += st.v
			t.stN++
			t.stPlaces = max(t.stPlaces, st.places)
		}
	}
	// A board's stated datum (ButlerDatum, §9) in the frame of its first
	// record: the first record giving one, if a whole number.
	statedDatum := func(g *grp) (int, bool) {
		base := refRot(g.rows[0].deal, g.canon)
		for _, r := range g.rows {
			if strings.TrimSpace(r.datum) == "" {
				continue
			}
			d, err := strconv.Atoi(strings.TrimSpace(r.datum))
			if (refRot(r.deal, g.canon)-base+4)%2 == 1 {
				d = -d
			}
			return d, err == nil
		}
		return 0, false
	}
	datumTrim := func(a int) int {
		t := 1
		if trimFlag >= 0 {
			t = trimFlag
		}
		if a < 5 || 2*t >= a {
			return 0
		}
		return t
	}
	// The session's halves round away from zero when a board states its
	// datum so (−285 as −290, §9), else to even.
	away := false
	for _, g := range groups {
		d, ok := statedDatum(g)
		if method != "butler" || !ok {
			continue
		}
		base := refRot(g.rows[0].deal, g.canon)
		var sc []int
		for _, r := range g.rows {
			if r.played {
				ns := r.ns
				if (refRot(r.deal, g.canon)-base+4)%2 == 1 {
					ns = -ns
				}
				sc = append(sc, ns)
			}
		}
		if len(sc) == 0 {
			continue
		}
		t := datumTrim(len(sc))
		if up, even := refDatum(sc, t, true), refDatum(sc, t, false); up != even && d == up {
			away = true
			break
		}
	}
	for _, g := range groups {
		first := g.rows[0]
		base := refRot(first.deal, g.canon)
		b := &refBoard{key: fmt.Sprintf("%s|%d|%s", first.file, first.game, first.board), teams: teams, e: e, method: method}
		res.boards[b.key] = b
		// Scores and pairs in the frame of the first record.
		type tr struct {
			r        *refRec
			ns, adj  int
			pns, pew string
			flip     bool
		}
		var played []*tr
		for _, r := range g.rows {
			if !r.played {
				continue
			}
			x := &tr{r: r, ns: r.ns, adj: r.nsAdj, pns: r.pairNS, pew: r.pairEW}
			if (refRot(r.deal, g.canon)-base+4)%2 == 1 {
				x.flip = true
				x.ns, x.adj, x.pns, x.pew = -x.ns, -x.adj, x.pew, x.pns
			}
			played = append(played, x)
		}
		a := len(played)
		fmtRow := func(x *tr, hasV bool, vr, va float64, hasP bool, pr, pa float64) string {
			s := fmt.Sprintf("%s/%s %d→%d", x.pns, x.pew, x.ns, x.adj)
			if hasV {
				s += " v " + ref2(vr) + "→" + ref2(va)
			}
			if hasP {
				s += " % " + ref2(pr) + "→" + ref2(pa)
			}
			if x.ns != x.adj || (hasV && ref2(vr) != ref2(va)) {
				b.changed = true
				s += " changed"
			}
			if x.r.corrected {
				s += " corrected"
			}
			return s
		}
		if teams {
			var open, closed *tr
			for _, x := range played {
				if x.r.room == "open" && open == nil {
					open = x
				} else if x.r.room == "closed" && closed == nil {
					closed = x
				}
			}
			if open == nil && closed == nil && len(played) >= 2 {
				open, closed = played[0], played[1]
			}
			if open == nil || closed == nil {
				for _, x := range played {
					b.rows = append(b.rows, fmtRow(x, false, 0, 0, false, 0, 0))
				}
				continue
			}
			b.tables = 2
			val := func(o, c int) (float64, float64) {
				if method == "bam" {
					switch {
					case o > c:
						return 1, 0
					case o == c:
						return 0.5, 0.5
					}
					return 0, 1
				}
				v := float64(refIMP(o - c))
				return v, -v
			}
			vr, vrc := val(open.ns, closed.ns)
			va, vac := val(open.adj, closed.adj)
			home := open.r.home
			if home == "" {
				home = first.home
			}
			visit := first.visit
			if visit == home {
				visit = first.home
			}
			if home != "" {
				open.pns, open.pew, closed.pns, closed.pew = home, visit, visit, home
			}
			for _, x := range played {
				switch x {
				case open:
					b.rows = append(b.rows, fmtRow(x, true, vr, va, false, 0, 0))
				case closed:
					b.rows = append(b.rows, fmtRow(x, true, vrc, vac, false, 0, 0))
				default:
					b.rows = append(b.rows, fmtRow(x, false, 0, 0, false, 0, 0))
				}
				if method == "imp" && (x == open || x == closed) && x.r.imp.ok {
					v := x.r.imp.v
					if x.flip {
						v = -v
					}
					b.stated++
					want := vr
					if x == closed {
						want = vrc
					}
					if (refStated{v: v, places: x.r.imp.places}).agrees(want) {
						b.repr++
					}
				}
			}
			if home != "" {
				add(home, vr, va, 0, refStated{})
				if visit != "" && visit != home {
					add(visit, vrc, vac, 0, refStated{})
				}
			}
			continue
		}
		b.tables = a
		if a >= 1 && a <= 3 && a < e {
			// Fewer results than the session's most, three or fewer:
			// Neuberg all the same, flagged (§3).
			res.problems["small-group"]++
		}
		if a < 2 {
			for _, x := range played {
				b.rows = append(b.rows, fmtRow(x, false, 0, 0, false, 0, 0))
			}
			continue
		}
		rec, adj := make([]int, a), make([]int, a)
		for i, x := range played {
			rec[i], adj[i] = x.ns, x.adj
		}
		// §3: 1 each side for 5+ tables (Butler-2: exactly 1), or
		// -datum-trim; §8: below five results nothing. A trim that would
		// leave no score drops nothing (the spec is silent).
		trim := datumTrim(a)
		_ = butler2 // Butler-2's "exactly 1" is the trim of 5+ results
		vr, va := refValues(method, rec, e, trim, away), refValues(method, adj, e, trim, away)
		if method == "butler" {
			b.hasDatum, b.datumR, b.datumA = true, refDatum(rec, trim, away), refDatum(adj, trim, away)
		}
		pctOf := func(v float64) float64 { return 100 * v / top }
		h := 1.0
		if method == "mp2" {
			h = 0.5
		}
		alt := func(v float64) float64 { return 100 * (v + h) / (top + 2*h) }
		// Reproduce the stated values (§4); percentages by either form.
		st, rp, rpAlt := 0, 0, 0
		// Each row's stated value for the totals, North-South's and
		// East-West's, raw (§9).
		stNS, stEW := make([]refStated, a), make([]refStated, a)
		avg, sumTo := 0.0, top // the average added back; what two sides sum to
		if centred {
			avg, sumTo = top/2, 0
		}
		if d, ok := statedDatum(g); ok && method == "butler" {
			st++
			if d == b.datumR {
				rp++
				rpAlt++
			}
		}
		for i, x := range played {
			// Per-player values (§9): each cell, his direction's value.
			for seat := range 4 {
				ns := (seat%2 == 0) != x.flip
				var checks []float64
				var cells []refStated
				if mpm {
					v, p := vr[i], 100*vr[i]/top
					if !ns {
						v, p = top-v, 100-p
					}
					checks = append(checks, v-avg, p)
					cells = append(cells, x.r.players[0][seat], x.r.players[1][seat])
				} else {
					v := vr[i]
					if !ns {
						v = -v
					}
					checks = append(checks, v)
					cells = append(cells, x.r.players[2][seat])
				}
				for k, c := range cells {
					if c.ok {
						st++
						if c.agrees(checks[k]) {
							rp++
							rpAlt++
						}
					}
				}
			}
			m := x.r.mp
			switch {
			case mpm && m.ok && m.tag && m.both && math.Abs(m.v+m.other-sumTo) > math.Pow(10, -float64(m.places)):
				// A tag whose two sides do not sum to the top (0 centred):
				// bad-stated-value, not compared.
			case mpm && m.ok:
				// The side it names, raw: centred values get the average.
				own := m.v + avg
				oth := top - own
				if m.both {
					oth = m.other + avg
				}
				if m.ew {
					own, oth = oth, own
				}
				if x.flip {
					own, oth = oth, own
				}
				st++
				if (refStated{v: own, places: m.places}).agrees(vr[i]) {
					rp++
					rpAlt++
				}
				stNS[i] = refStated{v: own, places: m.places, ok: true}
				stEW[i] = refStated{v: oth, places: m.places, ok: true}
			case mpm && x.r.pct.ok:
				v := x.r.pct.v
				if x.flip {
					v = 100 - v
				}
				st++
				s := refStated{v: v, places: x.r.pct.places}
				if s.agrees(pctOf(vr[i])) {
					rp++
				}
				if s.agrees(alt(vr[i])) {
					rpAlt++
				}
			case !mpm && x.r.imp.ok:
				v := x.r.imp.v
				if x.flip {
					v = -v
				}
				st++
				if (refStated{v: v, places: x.r.imp.places}).agrees(vr[i]) {
					rp++
					rpAlt++
				}
				stNS[i] = refStated{v: v, places: x.r.imp.places, ok: true}
				stEW[i] = refStated{v: -v, places: x.r.imp.places, ok: true}
			}
		}
		// Artificial scores (§9): outside the comparison; the stated
		// value, else the letter's per cent of the top (IMPs: 3 for 60%);
		// a stated North-South value counts, reproduced when it is the
		// letter's.
		for _, r := range g.rows {
			if r.art == nil {
				continue
			}
			var val [2]float64
			var sv [2]refStated
			for d := range 2 {
				letter := 3 * (r.art.pct[d] - 50) / 10
				given := r.art.imp[d]
				if mpm {
					letter = r.art.pct[d] * top / 100
					given = r.art.mp[d]
					given.v += avg
				}
				val[d], sv[d] = letter, refStated{v: letter, places: 2, ok: true}
				if given.ok {
					val[d], sv[d] = given.v, given
					if d == 0 {
						st++
						if given.agrees(letter) {
							rp++
							rpAlt++
						}
					}
				}
			}
			pns, pew := r.pairNS, r.pairEW
			if (refRot(r.deal, g.canon)-base+4)%2 == 1 {
				val[0], val[1], sv[0], sv[1], pns, pew = val[1], val[0], sv[1], sv[0], pew, pns
			}
			if mitchell && pns != "" {
				pns, pew = pns+" NS", pew+" EW"
			}
			tp := 0.0
			if mpm {
				tp = top
			}
			add(pns, val[0], val[0], tp, sv[0])
			add(pew, val[1], val[1], tp, sv[1])
			if dir[pns] == "" {
				dir[pns] = "NS"
			}
			if dir[pew] == "" {
				dir[pew] = "EW"
			}
		}
		b.stated, b.repr = st, max(rp, rpAlt)
		if rpAlt > rp {
			pctOf = alt
		}
		for i, x := range played {
			b.rows = append(b.rows, fmtRow(x, true, vr[i], va[i], mpm, pctOf(vr[i]), pctOf(va[i])))
			ewR, ewA := -vr[i], -va[i]
			tp := 0.0
			if mpm {
				ewR, ewA, tp = top-vr[i], top-va[i], top
			}
			if x.r.playerIDs != [4]string{} {
				// An individual event: each player gets his direction's
				// value, his own stated cell in the totals (§9).
				for seat, id := range x.r.playerIDs {
					ns := (seat%2 == 0) != x.flip
					own := x.r.players[2][seat]
					if mpm {
						own = x.r.players[0][seat]
						own.v += avg
					}
					if ns {
						if !own.ok {
							own = stNS[i]
						}
						add(id, vr[i], va[i], tp, own)
					} else {
						if !own.ok {
							own = stEW[i]
						}
						add(id, ewR, ewA, tp, own)
					}
				}
				continue
			}
			pns, pew := x.pns, x.pew
			if mitchell && pns != "" {
				pns, pew = pns+" NS", pew+" EW"
			}
			add(pns, vr[i], va[i], tp, stNS[i])
			add(pew, ewR, ewA, tp, stEW[i])
			if dir[pns] == "" {
				dir[pns] = "NS"
			}
			if dir[pew] == "" {
				dir[pew] = "EW"
			}
		}
	}
	// Ranks: one list; MP methods by percentage (pairs may have played
	// different numbers of boards); ties share the rank, "3=".
	var pairs []string
	for p := range tots {
		pairs = append(pairs, p)
	}
	sort.Strings(pairs)
	// A pair's total: the sum, or with Mean the mean per board (§9).
	shown := func(t *tot, v float64) float64 {
		if mean && t.boards > 0 {
			v /= float64(t.boards)
		}
		return math.Round(v*100) / 100
	}
	key := func(t *tot, adjusted bool) float64 {
		v := t.rec
		if adjusted {
			v = t.adj
		}
		if mpm && t.topSum > 0 {
			return 100 * v / t.topSum
		}
		return shown(t, v)
	}
	rank := func(p string, adjusted bool) string {
		mine := key(tots[p], adjusted)
		better, equal := 0, 0
		for _, q := range pairs {
			if apart && dir[q] != dir[p] {
				continue // ranked in its own direction (§8)
			}
			o := key(tots[q], adjusted)
			switch {
			case o-mine > 0.005:
				better++
			case math.Abs(o-mine) <= 0.005 && q != p:
				equal++
			}
		}
		s := strconv.Itoa(better + 1)
		if equal > 0 {
			s += "="
		}
		return s
	}
	for _, p := range pairs {
		t := tots[p]
		r := &refRank{total: shown(t, t.rec), totalAdj: shown(t, t.adj),
			rank: rank(p, false), rankAdj: rank(p, true)}
		if mpm && t.topSum > 0 {
			r.hasPct, r.pct, r.pctAdj = true, 100*t.rec/t.topSum, 100*t.adj/t.topSum
		}
		r.changed = r.total != r.totalAdj || r.rank != r.rankAdj
		res.ranks[rankKey+p] = r
	}
	// The TotalScoreTable's totals (§4, §9): a pair's percentage or
	// total, against the sum of the file's own board values when it
	// states every one, else the computed sum within a board's rounding
	// times the boards; centred totals less the average, Mean totals per
	// board. Session columns beside cumulative ones: the session's are
	// compared, the cumulative ones only when equal to them on every
	// line. A pair the boards do not know counts in neither.
	if totalTab[0] == "" {
		return
	}
	var cols []string
	for _, c := range strings.Split(totalTab[0], ";") {
		c, _, _ = strings.Cut(c, `\`)
		cols = append(cols, strings.ToLower(strings.TrimLeft(strings.TrimSpace(c), "+-")))
	}
	type line struct {
		id                   string
		tot, pct, sTot, sPct refStated
	}
	var lines []line
	hasSession, cumulativeOnly := false, true
	for _, l := range strings.Split(totalTab[1], "\n") {
		l, _, _ = strings.Cut(l, "{")
		f := refCells(l)
		if len(f) != len(cols) {
			continue
		}
		var x line
		var dir string
		for i, c := range cols {
			switch c {
			case "pairid", "teamid", "playerid":
				x.id = f[i]
			case "direction":
				dir = strings.ToUpper(strings.NewReplacer("-", "", "/", "").Replace(f[i]))
			case "totalscoremp", "totalmp", "mp", "totalscoreimp", "totalimp", "imp", "totalscorebam", "totalbam":
				x.tot = refParse(f[i])
			case "totalpercentage", "percentage":
				x.pct = refParse(f[i])
			case "sessionscoremp", "sessionmp", "sessionscoreimp", "sessionimp", "sessionscorebam":
				x.sTot = refParse(f[i])
			case "sessionpercentage":
				x.sPct = refParse(f[i])
			}
		}
		if x.sTot.ok || x.sPct.ok {
			hasSession = true
			if x.sTot.ok && x.tot.ok && x.sTot.v != x.tot.v || x.sPct.ok && x.pct.ok && x.sPct.v != x.pct.v {
				cumulativeOnly = false
			}
		}
		if mitchell && dir != "" {
			x.id += " " + dir
		}
		lines = append(lines, x)
	}
	for _, x := range lines {
		t := tots[x.id]
		if t == nil {
			continue
		}
		tot, pct := x.tot, x.pct
		if hasSession && (!cumulativeOnly || !tot.ok && !pct.ok) {
			tot, pct = x.sTot, x.sPct
		}
		sum, slack := t.rec, 0.0
		if t.stN == t.boards && t.stN > 0 {
			sum = t.stSum
		} else if t.stN > 0 {
			slack = float64(t.boards) * 0.5 * math.Pow(10, -float64(t.stPlaces))
		}
		near := func(s refStated, v, slack float64) bool {
			return math.Abs(v-s.v) <= 0.5*math.Pow(10, -float64(s.places))+slack+1e-9
		}
		switch {
		case pct.ok && t.topSum > 0:
			res.totalsStated++
			if near(pct, 100*sum/t.topSum, 100*slack/t.topSum) {
				res.totalsRepr++
			}
		case tot.ok:
			res.totalsStated++
			if centred && mpm {
				sum -= t.topSum / 2
			}
			if mean {
				sum, slack = sum/float64(t.boards), slack/float64(t.boards)
			}
			if near(tot, sum, slack) {
				res.totalsRepr++
			}
		}
	}
}

// refApart reports whether the session's first TotalScoreTable ranks
// the directions apart (§8): a Direction column holding both NS and EW,
// or a Rank column that starts again from 1.
func refApart(recs []*refRec) bool {
	for _, r := range recs {
		if r.total[0] == "" {
			continue
		}
		dcol, rcol := -1, -1
		for i, c := range strings.Split(r.total[0], ";") {
			c, _, _ = strings.Cut(c, `\`)
			switch strings.ToLower(strings.TrimLeft(strings.TrimSpace(c), "+-")) {
			case "direction":
				dcol = i
			case "rank":
				rcol = i
			}
		}
		dirs := map[string]bool{}
		restarts, prev := false, 0
		for _, line := range strings.Split(r.total[1], "\n") {
			f := strings.Fields(strings.ReplaceAll(line, `"`, ""))
			if dcol >= 0 && dcol < len(f) {
				dirs[strings.ToUpper(f[dcol])] = true
			}
			if rcol >= 0 && rcol < len(f) {
				n, err := strconv.Atoi(strings.TrimSuffix(f[rcol], "="))
				if err == nil {
					restarts = restarts || (n == 1 && prev >= 1)
					prev = n
				}
			}
		}
		return (dirs["NS"] && dirs["EW"]) || restarts
	}
	return false
}

// refIMP is the Law 78B scale.
func refIMP(d int) int {
	th := []int{20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900,
		1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000}
	s := 1
	if d < 0 {
		s, d = -1, -d
	}
	n := 0
	for _, x := range th {
		if d >= x {
			n++
		}
	}
	return s * n
}

// refDatum: the mean after dropping trim scores at each side, rounded to
// 10, half to even, or away from zero where the file shows it (§9).
func refDatum(s []int, trim int, away bool) int {
	x := append([]int(nil), s...)
	sort.Ints(x)
	x = x[trim : len(x)-trim]
	sum := 0
	for _, v := range x {
		sum += v
	}
	m := float64(sum) / float64(len(x)) / 10
	if away {
		return 10 * int(math.Round(m))
	}
	return 10 * int(math.RoundToEven(m))
}

// refNeuberg: M' = (M + 1)·E/A − 1, on the ACBL scale (M + ½)·E/A − ½
// (§3).
func refNeuberg(m float64, e, a int, acbl bool) float64 {
	h := 1.0
	if acbl {
		h = 0.5
	}
	return (m+h)*float64(e)/float64(a) - h
}

// refValues returns the method's value of each score, quadratically from
// the definitions of §3, Neuberg to E results.
func refValues(method string, s []int, e, trim int, away bool) []float64 {
	a := len(s)
	v := make([]float64, a)
	datum := 0
	if method == "butler" {
		datum = refDatum(s, trim, away)
	}
	for i := range s {
		switch method {
		case "mp", "mp2":
			m := 0.0
			for j := range s {
				if j != i && s[i] > s[j] {
					m += 2
				} else if j != i && s[i] == s[j] {
					m++
				}
			}
			if method == "mp2" {
				m /= 2
			}
			v[i] = refNeuberg(m, e, a, method == "mp2")
		case "cross", "cross-avg":
			sum := 0
			for j := range s {
				if j != i {
					sum += refIMP(s[i] - s[j])
				}
			}
			if method == "cross" {
				v[i] = float64(sum) * float64(e-1) / float64(a-1)
			} else {
				v[i] = float64(sum) / float64(a-1)
			}
		case "butler":
			v[i] = float64(refIMP(s[i] - datum))
		}
	}
	return v
}

// refCompare runs the command and compares its re-scoring rows with the
// reference; it returns the boards and rank rows compared.
func refCompare(t *testing.T, files []string, flag string) (boards, ranks int) {
	t.Helper()
	args := []string{"-q", "-o", "-", "-equity=false", "-workers", "1", "-rescore"}
	if m, n, ok := strings.Cut(flag, ":"); ok {
		args = append(args, "-scoring", m, "-datum-trim", n)
	} else if flag != "" {
		args = append(args, "-scoring", flag)
	}
	_, out, errs := runCmd(t, nil, append(args, files...)...)
	want := refRescore(refRead(t, files), flag)
	seen := map[string]bool{}
	probs := map[string]int{}
	var summary [2]int // pairs affected, rank changes, by the rank rows
	for _, r := range parseRows(t, out) {
		switch r.str("type") {
		case "problem":
			probs[r.str("code")]++
		case "summary":
			if r.num("boards_rescored") != len(want.boards) {
				t.Errorf("%s: boards_rescored %d, reference %d", files[0], r.num("boards_rescored"), len(want.boards))
			}
			defer func(r row) {
				if r.num("pairs_affected") != summary[0] || r.num("rank_changes") != summary[1] {
					t.Errorf("%s: pairs_affected %d rank_changes %d, the rank rows say %d %d", files[0], r.num("pairs_affected"), r.num("rank_changes"), summary[0], summary[1])
				}
			}(r)
		case "rescore_board":
			k := fmt.Sprintf("%s|%d|%s", r.str("file"), r.num("game"), r.str("board"))
			w := want.boards[k]
			if w == nil {
				t.Errorf("%s: board %s not expected by the reference", files[0], k)
				continue
			}
			seen[k] = true
			boards++
			var got []string
			for _, x := range r["rows"].([]any) {
				x := row(x.(map[string]any))
				if _, ok := x["score_ns_recorded"]; !ok {
					continue
				}
				s := fmt.Sprintf("%s/%s %d→%d", x.str("pair_ns"), x.str("pair_ew"), x.num("score_ns_recorded"), x.num("score_ns_adjusted"))
				if _, ok := x["value_ns_recorded"]; ok {
					s += " v " + ref2(x["value_ns_recorded"]) + "→" + ref2(x["value_ns_adjusted"])
				}
				if _, ok := x["pct_ns_recorded"]; ok {
					s += " % " + ref2(x["pct_ns_recorded"]) + "→" + ref2(x["pct_ns_adjusted"])
				}
				if x["changed"] == true {
					s += " changed"
				}
				if x["corrected"] == true {
					s += " corrected"
				}
				got = append(got, s)
			}
			sort.Strings(got)
			exp := append([]string(nil), w.rows...)
			sort.Strings(exp)
			if strings.Join(got, "\n") != strings.Join(exp, "\n") {
				t.Errorf("%s (%s): rows differ:\ncommand:\n%s\nreference:\n%s", k, r.str("method"), strings.Join(got, "\n"), strings.Join(exp, "\n"))
			}
			if r.str("method") != w.method || r.num("tables") != w.tables || (!w.teams && r.num("expected") != w.e) {
				t.Errorf("%s: method %s tables %d expected %d, reference %s %d %d", k, r.str("method"), r.num("tables"), r.num("expected"), w.method, w.tables, w.e)
			}
			if r.num("stated") != w.stated || r.num("reproduced") != w.repr {
				t.Errorf("%s: %d of %d reproduced, reference %d of %d", k, r.num("reproduced"), r.num("stated"), w.repr, w.stated)
			}
			if w.hasDatum && (r.num("datum_recorded") != w.datumR || r.num("datum_adjusted") != w.datumA) {
				t.Errorf("%s: datum %d→%d, reference %d→%d", k, r.num("datum_recorded"), r.num("datum_adjusted"), w.datumR, w.datumA)
			}
			if r["changed"] != w.changed {
				t.Errorf("%s: changed %v, reference %v", k, r["changed"], w.changed)
			}
		case "rescore_rank":
			p := r.str("pair") + r.str("team")
			w := want.ranks[r.str("event")+"|"+r.str("section")+"|"+p]
			if w == nil {
				t.Errorf("rank row for %s not expected", p)
				continue
			}
			ranks++
			w.changed = false // written
			got := ref2(r["total_recorded"]) + "→" + ref2(r["total_adjusted"]) + " " + r.str("rank_recorded") + "→" + r.str("rank_adjusted")
			exp := ref2(w.total) + "→" + ref2(w.totalAdj) + " " + w.rank + "→" + w.rankAdj
			if _, ok := r["pct_recorded"]; ok {
				got += " % " + ref2(r["pct_recorded"]) + "→" + ref2(r["pct_adjusted"])
			}
			if w.hasPct {
				exp += " % " + ref2(w.pct) + "→" + ref2(w.pctAdj)
			}
			got += fmt.Sprintf(" %+d", r.num("rank_change"))
			exp += fmt.Sprintf(" %+d", refRankNum(w.rank)-refRankNum(w.rankAdj))
			summary[0]++
			if w.rank != w.rankAdj {
				summary[1]++
			}
			if got != exp {
				t.Errorf("%s rank of %s: command %s, reference %s", files[0], p, got, exp)
			}
		}
	}
	for _, c := range []string{"method-unknown", "field-missing", "fouled-board", "small-group"} {
		if probs[c] != want.problems[c] {
			t.Errorf("%s: %d %s problems, reference %d", files[0], probs[c], c, want.problems[c])
		}
	}
	if want.totalsStated > 0 {
		// The reproduction count of the totals, on stderr.
		o := filepath.Join(t.TempDir(), "x.jsonl")
		_, _, errs := runCmd(t, nil, append([]string{"-o", o, "-equity=false", "-workers", "1"}, append(args[6:], files...)...)...)
		w := fmt.Sprintf("%d of %d totals (TotalScoreTable, vugraph carry-overs) reproduced", want.totalsRepr, want.totalsStated)
		if !strings.Contains(errs, w) {
			t.Errorf("%s: stderr lacks %q:\n%s", files[0], w, errs)
		}
	}
	for k := range want.boards {
		if !seen[k] {
			t.Errorf("board %s: the reference re-scores it, the command wrote no row (%s)", k, firstLine(errs))
		}
	}
	for k, w := range want.ranks {
		if w.changed {
			t.Errorf("rank %s: total or rank changed, the command wrote no row", k)
		}
	}
	return boards, ranks
}

// ref2 writes a value to two decimals, half away from zero, no "-0".
func ref2(x any) string {
	f, _ := x.(float64)
	f = math.Round(f*100) / 100
	if f == 0 {
		f = 0
	}
	return strconv.FormatFloat(f, 'f', 2, 64)
}

// refRankNum reads "3=" as 3.
func refRankNum(r string) int {
	n, _ := strconv.Atoi(strings.TrimSuffix(r, "="))
	return n
}

func firstLine(s string) string { l, _, _ := strings.Cut(s, "\n"); return l }

// TestRescoreReferenceSelf checks the reference itself against the
// numbers of rescoring.md §7: Neuberg with A = 20, E = 22 turns 38 / 36
// / 34 / 29 into 41.9 / 39.7 / 37.5 / 32.0; the 22-table traveller's
// table 15 goes 33 → 37, the table at +140 38 → 37, the three others at
// +110 33 → 32.
func TestRescoreReferenceSelf(t *testing.T) {
	for raw, want := range map[float64]float64{38: 41.9, 36: 39.7, 34: 37.5, 29: 32.0} {
		if got := refNeuberg(raw, 22, 20, false); math.Abs(got-want) > 1e-9 {
			t.Errorf("Neuberg %v: %v, want %v", raw, got, want)
		}
	}
	res := refRescore(refRead(t, []string{filepath.Join("..", "..", "testdata", "rescore", "worked.pbn")}), "")
	b := res.boards["../../testdata/rescore/worked.pbn|1|1"]
	if b == nil || b.tables != 22 || b.stated != 22 || b.repr != 22 {
		t.Fatalf("worked example: %+v", b)
	}
	got, same := map[string]int{}, 0
	for _, r := range b.rows {
		got[r[strings.Index(r, " "):]]++
		if !strings.Contains(r, "changed") {
			same++
		}
	}
	if same != 17 {
		t.Errorf("worked example: %d tables unchanged, want 17", same)
	}
	for row, n := range map[string]int{
		" 110→140 v 33.00→37.00 % 78.57→88.10 changed corrected": 1, // table 15
		" 140→140 v 38.00→37.00 % 90.48→88.10 changed":           1,
		" 110→110 v 33.00→32.00 % 78.57→76.19 changed":           3,
	} {
		if got[row] != n {
			t.Errorf("worked example: %d rows %q, want %d", got[row], row, n)
		}
	}
}

// TestRescoreBAMBefore1962: the Law 78B scale does not exist before
// 1962-09-01, so a tag's IMP methods are method-unknown then (rescoring.md
// §3), but board-a-match counts the sign of the net score, not IMPs: a
// 1958 BAM match is re-scored from its tag.
func TestRescoreBAMBefore1962(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "rescore", "rotated.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ scoring, method string }{{"BAM", "bam"}, {"IMP", ""}} {
		text := strings.ReplaceAll(string(b), `[Date "2022.01.08"]`, `[Date "1958.01.08"]`)
		text = strings.ReplaceAll(text, `[Scoring "IMP"]`, `[Scoring "`+c.scoring+`"]`)
		f := filepath.Join(t.TempDir(), "old.pbn")
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, out, _ := runCmd(t, nil, "-q", "-o", "-", "-equity=false", "-rescore", f)
		method := ""
		for _, r := range parseRows(t, out) {
			if r.str("type") == "rescore_board" {
				method = r.str("method")
			}
		}
		if method != c.method {
			t.Errorf("Scoring %s in 1958: method %q, want %q", c.scoring, method, c.method)
		}
		refCompare(t, []string{f}, "")
	}
}

// TestRescoreReference compares the command with the reference on the
// fixtures of testdata/rescore with every method.
func TestRescoreReference(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "rescore")
	// Every fixture, from its tag and with every method.
	var cases []struct{ file, flag string }
	files, _ := filepath.Glob(filepath.Join(dir, "*.pbn"))
	lins, _ := filepath.Glob(filepath.Join(dir, "*.lin"))
	// The fixtures of the stated forms (rescoring.md §9) too.
	forms, _ := filepath.Glob(filepath.Join("..", "..", "rescore", "testdata", "*.pbn"))
	for _, f := range append(append(files, lins...), forms...) {
		for _, m := range []string{"", "mp", "mp2", "cross", "cross-avg", "butler", "butler:2", "imp", "bam"} {
			cases = append(cases, struct{ file, flag string }{f, m})
		}
	}
	if len(cases) < 9*9 {
		t.Fatalf("%d fixtures", len(cases)/9)
	}
	nb, nr := 0, 0
	for _, c := range cases {
		t.Run(filepath.Base(c.file)+"/"+c.flag, func(t *testing.T) {
			b, r := refCompare(t, []string{c.file}, c.flag)
			nb += b
			nr += r
		})
	}
	t.Logf("%d boards, %d rank rows compared", nb, nr)
}

// TestRescoreReferenceCorpus compares the command with the reference on
// the shared corpus: the BBO pairs exports (every pairs method), the
// teams events of ContractBridge__pbn-files (tag, imp, bam) and the LIN
// files (vugraph among them).
func TestRescoreReferenceCorpus(t *testing.T) {
	real := pbntest.CorpusDir(t)
	glob := func(pat ...string) []string {
		var out []string
		for _, p := range pat {
			m, _ := filepath.Glob(filepath.Join(real, p))
			out = append(out, m...)
		}
		return out
	}
	// Every other PBN file of the corpus that states scores (ScoreTable,
	// ScoreMP, ScoreIMP, ScorePercentage).
	var stating []string
	filepath.WalkDir(real, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".pbn") ||
			strings.Contains(p, "jarekczek__pbntools/test/") || strings.Contains(p, "ContractBridge__pbn-files") {
			return nil
		}
		if b, err := os.ReadFile(p); err == nil && regexp.MustCompile(`\[Score(Table|MP|IMP|Percentage) `).Match(b) {
			stating = append(stating, p)
		}
		return nil
	})
	sets := []struct {
		files []string
		flags []string
	}{
		{stating, []string{"", "mp", "cross", "imp"}},
		{glob("jarekczek__pbntools/test/*/*.pbn"), []string{"", "mp", "mp2", "cross", "cross-avg", "butler"}},
		{glob("ContractBridge__pbn-files/*/*.pbn"), []string{"", "imp", "bam"}},
		{glob("*/*.lin", "*/*/*.lin", "*/*/*/*.lin", "*/*/*/*/*.lin"), []string{"", "imp", "mp"}},
	}
	nb, nr, nf := 0, 0, 0
	for _, s := range sets {
		for _, f := range s.files {
			nf++
			for _, m := range s.flags {
				t.Run(filepath.Base(f)+"/"+m, func(t *testing.T) {
					b, r := refCompare(t, []string{f}, m)
					nb += b
					nr += r
				})
			}
		}
	}
	t.Logf("%d files, %d boards, %d rank rows compared", nf, nb, nr)
}

// genSession writes a random session as PBN: pairs (n tables, a Mitchell
// movement, ids or names, missing tables, rotated records) or teams (two
// rooms, matches of a round, the closed room sometimes rotated). The
// first table of each board (the open room in teams) carries synthetic
// play with planted revokes, so that transfers change results.
func genSession(rng *rand.Rand, syn *synth.Generator, id int, teams bool, scoring string) string {
	var sb strings.Builder
	year := []int{1958, 1975, 1995, 2021}[rng.IntN(4)]
	event := fmt.Sprintf("Gen %d", id)
	useIDs := rng.IntN(2) == 0
	mitchell := useIDs && rng.IntN(2) == 0
	stated := rng.IntN(3) == 0
	boards := 2 + rng.IntN(5)
	tables := 2 + rng.IntN(10)
	if teams {
		tables = 2 * (1 + rng.IntN(3)) // two rooms of 1–3 matches
	}
	for bn := 1; bn <= boards; bn++ {
		var src *pbn.Board
		for src == nil || len(src.Play) == 0 {
			src = syn.Board()
		}
		for tb := 1; tb <= tables; tb++ {
			b := *src
			b.Tags = []pbn.Tag{{Name: "Event", Value: event}, {Name: "Date", Value: fmt.Sprintf("%d.05.01", year)},
				{Name: "Board", Value: strconv.Itoa(bn)}}
			if scoring != "" {
				b.Tags = append(b.Tags, pbn.Tag{Name: "Scoring", Value: scoring})
			}
			ns, ew := tb, tables+1+(tb+bn)%tables
			if mitchell {
				// EW pairs numbered from 1 too, moving a table every
				// two boards.
				ew = (tb-1+(bn-1)/2)%tables + 1
			}
			if teams {
				m := (tb + 1) / 2
				home, visit := fmt.Sprintf("Team %d", 2*m-1), fmt.Sprintf("Team %d", 2*m)
				room := "Open"
				ns, ew = 2*m-1, 2*m
				if tb%2 == 0 {
					room, ns, ew = "Closed", ew, ns
				}
				b.Tags = append(b.Tags, pbn.Tag{Name: "Round", Value: "1"}, pbn.Tag{Name: "Room", Value: room},
					pbn.Tag{Name: "HomeTeam", Value: home}, pbn.Tag{Name: "VisitTeam", Value: visit})
			} else {
				b.Tags = append(b.Tags, pbn.Tag{Name: "Table", Value: strconv.Itoa(tb)})
			}
			if useIDs && !teams {
				b.Tags = append(b.Tags, pbn.Tag{Name: "PairNS", Value: strconv.Itoa(ns)}, pbn.Tag{Name: "PairEW", Value: strconv.Itoa(ew)})
			}
			b.Players = [4]string{fmt.Sprintf("N%d", ns), fmt.Sprintf("E%d", ew), fmt.Sprintf("S%d", ns), fmt.Sprintf("W%d", ew)}
			played := tb == 1 || (!teams && tb == 2 && rng.IntN(2) == 0)
			if !played {
				// Another result on the same deal, without play.
				b.Play, b.Auction, b.Claim = nil, nil, false
				b.Contract = pbn.Contract{Level: 1 + rng.IntN(5), Strain: pbn.Strain(rng.IntN(5))}
				if rng.IntN(6) == 0 {
					b.Contract.Doubled = 1
				}
				if rng.IntN(25) == 0 {
					b.Contract = pbn.Contract{} // passed out
				}
				b.Declarer = pbn.Seat(rng.IntN(4))
				b.Result = min(13, max(0, b.Contract.Level+6+rng.IntN(5)-2))
				if rng.IntN(8) == 0 && !teams {
					b.HasContract = false // the table did not play the board
				}
				if k := rng.IntN(8); k < 3 && (!teams || tb%2 == 0) {
					// The whole deal rotated by k+1 seats (rescoring.md §2).
					k++
					var d pbn.Deal
					var pl [4]string
					for s := 0; s < 4; s++ {
						d[s] = b.Deal[(s+k)%4]
						pl[s] = b.Players[(s+k)%4]
					}
					b.Deal, b.Players = d, pl
					b.Declarer = pbn.Seat((int(b.Declarer) - k + 4) % 4)
					b.Dealer = pbn.Seat((int(b.Dealer) - k + 4) % 4)
					if k%2 == 1 {
						switch b.Vul {
						case pbn.VulNS:
							b.Vul = pbn.VulEW
						case pbn.VulEW:
							b.Vul = pbn.VulNS
						}
						for i, tg := range b.Tags {
							switch tg.Name {
							case "PairNS":
								b.Tags[i].Name = "PairEW"
							case "PairEW":
								b.Tags[i].Name = "PairNS"
							}
						}
					}
				}
			}
			if !played && !teams && rng.IntN(15) == 0 {
				// A fouled board: this table played another deal.
				b.Deal = syn.Board().Deal
			}
			if stated && b.HasContract {
				// Values the file states, right or wrong (§4).
				tag := []string{"ScoreMP", "ScorePercentage", "ScoreIMP"}[rng.IntN(3)]
				side := []string{"", "NS ", "EW "}[rng.IntN(3)]
				b.Tags = append(b.Tags, pbn.Tag{Name: tag, Value: side + strconv.Itoa(rng.IntN(9)-2)})
			}
			text := string(synth.AppendPBN(nil, &b))
			text = strings.Replace(text, "[Scoring \"IMP\"]\n", "", 1)
			if !b.HasContract {
				text = regexp.MustCompile(`(?m)^\[(Declarer|Contract|Result) .*\n`).ReplaceAllString(text, "")
			} else if b.Contract.Level == 0 {
				text = strings.Replace(text, `[Contract ""]`, `[Contract "Pass"]`, 1)
				text = regexp.MustCompile(`(?m)^\[(Declarer|Result) .*\n`).ReplaceAllString(text, "")
			}
			sb.WriteString(text)
		}
	}
	return sb.String()
}

// TestRescoreReferenceGenerated compares the command with the reference
// on generated sessions, with every method of rescoring.md §3, from the
// tag and from -scoring.
func TestRescoreReferenceGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 1963))
	syn := synth.New(synth.Options{Seed: 17, RevokeRate: 0.08, ClaimRate: 0.2})
	dir := t.TempDir()
	if d := os.Getenv("REF_GEN_DIR"); d != "" {
		dir = d
	}
	pairs := []string{"MP", "MP2", "IMP;Cross", "IMP;Cross2", "IMP;Butler", "Butler-2", ""}
	nb, nr, corrected := 0, 0, 0
	for i := 0; i < 60; i++ {
		teams := i%3 == 2
		scoring := pairs[rng.IntN(len(pairs))]
		flags := []string{"", "mp", "mp2", "cross", "cross-avg", "butler", "butler:0", "butler:2", "imp", "bam"}
		if teams {
			scoring = []string{"IMP", "BAM", ""}[rng.IntN(3)]
			flags = []string{"", "imp", "bam", "mp", "cross", "butler"}
		}
		text := genSession(rng, syn, i, teams, scoring)
		corrected += strings.Count(text, "[Play ")
		f := filepath.Join(dir, fmt.Sprintf("gen%d.pbn", i))
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, m := range flags {
			t.Run(fmt.Sprintf("%d/%s/%s", i, scoring, m), func(t *testing.T) {
				b, r := refCompare(t, []string{f}, m)
				nb += b
				nr += r
			})
		}
	}
	// All the sessions in one run.
	all, _ := filepath.Glob(filepath.Join(dir, "gen*.pbn"))
	for _, m := range []string{"", "mp", "cross"} {
		t.Run("all/"+m, func(t *testing.T) {
			b, r := refCompare(t, all, m)
			nb += b
			nr += r
		})
	}
	if nr == 0 {
		t.Error("no rank changed in the generated sessions: the revokes changed nothing")
	}
	t.Logf("%d boards, %d rank rows compared", nb, nr)
}
