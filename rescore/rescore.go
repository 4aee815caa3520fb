package rescore

// This file is about 850 lines: grouping a session's boards, applying the
// adjusted results and recomputing every method's values and the ranks are
// one pass over the same session state, read best in one place.

import (
	"sort"
	"strconv"
	"strings"

	"revokes/analyze"
	"revokes/pbn"
	"revokes/score"
)

// Finish groups what was collected into sessions and boards and re-scores
// them (rescoring.md §2–§5). The Collector is spent.
func (c *Collector) Finish() *Result {
	res := &Result{Problems: c.problems}
	idx := map[[4]uint32]int{}
	var sessions [][]int32
	for i := range c.recs.len() {
		r := c.recs.at(i)
		// Event and Section; the day of the Date stands in for a missing
		// Event; BBO's per-table times do not split a session (§8).
		k := [4]uint32{r.s[1], r.s[2], 0, 0}
		if r.flags&fVugraph != 0 {
			k[3] = r.s[0] + 1 // a vugraph session is its file's segment (rescoring.md §9)
		} else if r.s[1] == 0 {
			d := c.tab[r.s[4]]
			if len(d) > 10 {
				d = d[:10]
			}
			k[2] = c.id(d)
		}
		j, ok := idx[k]
		if !ok {
			j = len(sessions)
			idx[k] = j
			sessions = append(sessions, nil)
		}
		sessions[j] = append(sessions[j], int32(i))
	}
	var segs []*segment
	for _, ix := range sessions {
		es := make([]entry, len(ix))
		ps := make([]*entry, len(ix))
		for k, i := range ix {
			es[k] = c.unpack(c.recs.at(int(i)))
			ps[k] = &es[k]
		}
		n, nb := len(res.Sessions), len(res.Boards)
		c.session(res, ps)
		if ps[0].vugraph && len(res.Sessions) > n {
			segs = append(segs, newSegment(ps[0], n, res, res.Boards[nb:]))
		}
	}
	checkCarries(res, segs)
	c.recs = recBlocks{}
	return res
}

// sessionState is the work on one session.
type sessionState struct {
	c        *Collector
	res      *Result
	method   string
	acbl     bool // mp2
	trim     int  // Butler
	teams    bool
	e        int // E, the most results on any board
	info     Session
	totals   map[string]*total
	order    []string // pairs in order of first appearance
	ids      map[string]string
	warned   map[string]bool
	expanded int  // ScoreTable rows read (maxSessionRows)
	mitchell bool // pair ids are numbered per direction
	forms         // the form of the stated values (stated.go)
	// tt is the TotalScoreTable checked, textAt the place of each text
	// noted in res.Texts (texts.go).
	tt     *totalTable
	textAt map[textKey]int
}

// total is one pair's or team's sums.
type total struct {
	names    string
	boards   int
	rec, adj float64
	topSum   float64
	dir      string // "NS" or "EW" where the pair sat; "" for teams or a pair that sat both ways
	dirSeen  bool
	// statedSum sums the board values the file states, statedN counts
	// them, places is their rounding (stated.go).
	statedSum float64
	statedN   int
	places    int8
	// statedAdj sums the board values the corrected copy states
	// (statedValue).
	statedAdj float64
}

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

func (c *Collector) session(res *Result, es []*entry) {
	first := es[0]
	st := &sessionState{c: c, res: res, totals: map[string]*total{}, ids: map[string]string{}, warned: map[string]bool{}}
	st.info = Session{File: first.file, Event: first.event, Section: first.section}
	method, why := c.opt.Method, "flag"
	if method == "" {
		why = "tag"
		for _, e := range es {
			if e.scoring != "" {
				method, st.trim = methodOf(e.scoring)
				// IMP without Cross or Butler in a pairs or individual
				// competition says no method (PBN Competition).
				switch c := strings.ToLower(e.competition); {
				case method == "imp" && (c == "pairs" || c == "individuals"):
					method = ""
				case c == "rubber" || c == "chicago":
					method = ""
				}
				break
			}
		}
	}
	if why == "flag" {
		st.trim = -1
	}
	if c.opt.DatumTrim >= 0 {
		st.trim = c.opt.DatumTrim // -datum-trim
	}
	if st.trim < 0 {
		st.trim = 1 // the default: one each side (five results or more)
	}
	// IMPs are not reckoned on the Law 78B scale before 1962-09-01
	// unless -scoring says so (rescoring.md §3).
	// BAM counts the sign of the net score, not IMPs: it stays.
	early := false
	if why == "tag" && method != "" && method != "mp" && method != "mp2" && method != "bam" {
		if d := analyze.ParseDate(first.date); d != 0 && d < 19620901 {
			method, early = "", true
		}
	}
	// ScoreTable rows stand for the tables of their board.
	es = st.expand(es)
	st.forms = formsOf(es)
	st.method, st.acbl = method, method == "mp2"
	st.teams = method == "imp" || method == "bam"
	groups := st.group(es)
	// Pair numbers given per direction (a Mitchell: the same number
	// North-South and East-West at one table) are two pairs each.
	for _, e := range es {
		if e.ids && e.pairNS == e.pairEW {
			st.mitchell = true
			break
		}
	}
	most := 0
	for _, g := range groups {
		most = max(most, g.results())
	}
	st.e = most
	if reason, code, m := st.refusal(es, groups, method, why, early, most); reason != "" {
		st.info.Tried, st.info.Why = method, reason
		res.Sessions = append(res.Sessions, st.info)
		st.problem(first, code, m)
		return
	}
	st.info.Method, st.info.Why = method, why
	if method == "butler" {
		st.datumRounding(groups)
	}
	for _, g := range groups {
		for _, e := range g.rows {
			if e.rsMismatch {
				st.problem(e, CodeRSPlay, pbn.Msg("board %s: the vugraph rs result differs from the recorded play: the play is scored", g.board))
			}
		}
		if g.fouled {
			st.problem(g.rows[0], CodeFouled, pbn.Msg("board %s: %d tables played a different deal under this number (fouled board): each deal is scored apart", g.board, len(g.rows)))
		}
		var b Board
		if st.teams {
			b = st.teamsBoard(g)
		} else {
			b = st.pairsBoard(g)
		}
		st.info.Boards++
		st.info.Stated += b.Stated
		st.info.Reproduced += b.Reproduced
		res.Boards = append(res.Boards, b)
		res.BoardsRescored++
	}
	if st.teams {
		// Each match's total over its boards, on every board of it,
		// starting from the vg carry-over of the match's first board
		// (rescoring.md §1: board IMPs → match IMPs with the carry-over).
		first := len(res.Boards) - st.info.Boards
		sum := map[string][2]float64{}
		for _, b := range res.Boards[first:] {
			t, ok := sum[b.matchKey]
			if !ok {
				t = [2]float64{b.carry, b.carry}
			}
			sum[b.matchKey] = [2]float64{t[0] + b.MatchRecorded, t[1] + b.MatchAdjusted}
		}
		for i := range res.Boards[first:] {
			b := &res.Boards[first+i]
			t := sum[b.matchKey]
			b.TotalRecorded, b.TotalAdjusted = t[0], t[1]
		}
	}
	st.ranks(st.checkTotals(es))
	st.totalTexts()
	res.Sessions = append(res.Sessions, st.info)
}

// twoRooms reports whether the boards of a session are played in two
// rooms: no board has more than two results.
func (st *sessionState) twoRooms(groups []*group) bool {
	for _, g := range groups {
		if g.results() > 2 {
			return false
		}
	}
	return true
}

// rooms reports whether the tables name their rooms (open, closed).
func rooms(es []*entry) bool {
	for _, e := range es {
		if e.room != 0 {
			return true
		}
	}
	return false
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

func sessionName(e *entry) string {
	s := e.event
	if s == "" {
		s = e.date
	}
	if e.section != "" {
		s += " / " + e.section
	}
	return s
}

// problem adds a warning at the entry's record.
func (st *sessionState) problem(e *entry, code string, m pbn.Message) {
	st.res.Problems = append(st.res.Problems, pbn.Problem{File: e.file, Game: int(e.game), Line: int(e.line),
		Code: code, Severity: pbn.Warning, Text: m})
}

// methodOf reads a PBN Scoring tag (or the LIN vg letter the reader made
// one): the -scoring name and Butler's trim (-1 for the default); "" when
// it names no method of rescoring.md §3.
func methodOf(tag string) (string, int) {
	parts := strings.Split(strings.ToUpper(strings.ReplaceAll(tag, " ", "")), ";")
	has := func(m string) bool {
		for _, p := range parts[1:] {
			if p == m {
				return true
			}
		}
		return false
	}
	switch parts[0] {
	case "MP", "MATCHPOINTS", "MP1":
		if has("MP2") {
			return "mp2", -1 // the ACBL scale as a modifier (rescoring.md §9)
		}
		return "mp", -1
	case "MP2":
		return "mp2", -1
	case "BAM":
		return "bam", -1
	case "BUTLER-2", "BUTLER2":
		return "butler", 1
	case "BUTLER":
		return "butler", -1
	case "IMP", "IMPS":
		switch {
		case has("CROSS"):
			return "cross", -1
		case has("CROSS2"):
			return "cross-avg", -1
		case has("BUTLER-2"), has("BUTLER2"):
			return "butler", 1
		case has("BUTLER"):
			return "butler", -1
		}
		return "imp", -1
	}
	return "", -1
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

// pairsBoard scores a board of a pairs field (mp, mp2, cross, cross-avg,
// butler), before and after, with Neuberg where results are missing.
func (st *sessionState) pairsBoard(g *group) Board {
	b := st.boardOf(g)
	var idx []int
	var rec, adj []int
	for i, e := range g.rows {
		if e.played {
			idx = append(idx, i)
			rec = append(rec, g.ns(i, false))
			adj = append(adj, g.ns(i, true))
		}
	}
	a, e := len(idx), st.e
	b.Tables, b.Expected = a, e
	mpMethod := st.method == "mp" || st.method == "mp2"
	if mpMethod {
		b.Top = score.Top(e, st.acbl)
	}
	if a >= 1 && a <= 3 && a < e {
		st.problem(g.rows[0], CodeSmallGroup, pbn.Msg("board %s: %d results only, scored by the same formula", g.board, a))
	}
	vr, va := st.values(rec, e), st.values(adj, e)
	if st.method == "butler" {
		b.DatumRecorded, b.DatumAdjusted = st.datum(rec), st.datum(adj)
	}
	rows := make([]Row, len(g.rows))
	for i := range g.rows {
		rows[i] = g.row(i)
	}
	for k, i := range idx {
		r := &rows[i]
		if a >= 2 {
			r.HasValue = true
			// Shown to two decimals; percentages and totals from the
			// values themselves (100·MP/top, rescoring.md §3).
			r.ValueNSRecorded, r.ValueNSAdjusted = score.Round2(vr[k]), score.Round2(va[k])
			if mpMethod {
				r.HasPct = true
				r.PctNSRecorded, r.PctNSAdjusted = score.Percent(vr[k], b.Top), score.Percent(va[k], b.Top)
			}
		}
		r.Changed = r.ScoreNSRecorded != r.ScoreNSAdjusted || r.ValueNSRecorded != r.ValueNSAdjusted
	}
	// Reproduce the stated values from the recorded scores (§4).
	rp := st.reproduce(g, idx, vr, rows, b.Top)
	if rp.reprAlt > rp.repr {
		// The file's percentages are the other form: so are the new ones.
		for k, i := range idx {
			if r := &rows[i]; r.HasPct {
				r.PctNSRecorded, r.PctNSAdjusted = st.altPct(vr[k], b.Top), st.altPct(va[k], b.Top)
			}
		}
	}
	st.artificialRows(g, rows, b.Top, &rp)
	if st.method == "butler" && a >= 2 {
		st.checkDatum(g, b.DatumRecorded, &rp)
	}
	st.finishBoard(&b, g, rows, rp.stated, max(rp.repr, rp.reprAlt))
	// Pair totals.
	for k, i := range idx {
		r := &rows[i]
		if !r.HasValue {
			continue
		}
		ewRec, ewAdj := -vr[k], -va[k]
		if mpMethod {
			ewRec, ewAdj = b.Top-vr[k], b.Top-va[k]
		}
		r.ValueEWRecorded, r.ValueEWAdjusted = ewRec, ewAdj
		if r.HasPct { // in the form of North-South's
			r.PctEWRecorded, r.PctEWAdjusted = score.Percent(ewRec, b.Top), score.Percent(ewAdj, b.Top)
			if rp.reprAlt > rp.repr {
				r.PctEWRecorded, r.PctEWAdjusted = st.altPct(ewRec, b.Top), st.altPct(ewAdj, b.Top)
			}
		}
		if st.addPlayers(g.rows[i], g.rot[i]%2 != 0, [2]float64{vr[k], ewRec}, [2]float64{va[k], ewAdj}, b.Top, [2]stated{rp.sv[k], rp.svEW[k]}, rp.agreed[k]) {
			continue // an individual event: each player's total
		}
		ns, ew := st.pairKeys(r)
		st.add(g.rows[i], ns, r.NamesNS, vr[k], va[k], b.Top).sat("NS").statedValue(rp.sv[k], va[k], rp.agreed[k])
		st.add(g.rows[i], ew, r.NamesEW, ewRec, ewAdj, b.Top).sat("EW").statedValue(rp.svEW[k], ewAdj, rp.agreed[k])
	}
	st.boardTexts(g, idx, vr, va, rp, b.Top, rp.reprAlt > rp.repr)
	if st.method == "butler" && a >= 2 {
		st.datumTexts(g, b.DatumRecorded, b.DatumAdjusted)
	}
	return b
}

// stated2 is s with its value v (turned to North-South).
func stated2(s stated, v float64) stated { s.v = v; return s }

// values returns the method's values of the North-South scores of a
// board, with Neuberg (or the cross-IMP scale) to E results, unrounded.
func (st *sessionState) values(scores []int, e int) []float64 {
	a := len(scores)
	if a < 2 {
		return make([]float64, a)
	}
	var v []float64
	switch st.method {
	case "mp", "mp2":
		v = score.Matchpoints(scores)
		for i := range v {
			if st.acbl {
				v[i] /= 2
			}
			v[i] = score.Neuberg(v[i], e, a, st.acbl)
		}
	case "cross":
		v = score.CrossIMPs(scores)
		f := score.CrossScale(e, a)
		for i := range v {
			v[i] *= f
		}
	case "cross-avg":
		v = score.CrossIMPs(scores)
		for i := range v {
			v[i] /= float64(a - 1)
		}
	case "butler":
		v = score.Butler(scores, st.datum(scores))
	}
	return v
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

// teamsBoard scores a board of a two-room match (imp, bam).
func (st *sessionState) teamsBoard(g *group) Board {
	b := st.boardOf(g)
	open, closed := -1, -1
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

// add counts a board's value into a pair's or team's total, and checks
// that a pair id keeps its names (pair-identity-unstable). It returns the
// total (nil without a pair).
func (st *sessionState) add(e *entry, pair, names string, rec, adj, top float64) *total {
	if pair == "" {
		return nil
	}
	t := st.totals[pair]
	if t == nil {
		t = &total{names: names}
		st.totals[pair] = t
		st.order = append(st.order, pair)
	} else if names != t.names && names != "" && t.names != "" && !st.warned[pair] {
		st.warned[pair] = true
		st.problem(e, CodePairUnstable, pbn.Msg("pair %s is %s here but %s before: totals are kept under the id", pair, names, t.names))
	}
	t.boards++
	t.rec += rec
	t.adj += adj
	t.topSum += top
	return t
}

// sat notes the direction a pair sat in on a board: a pair that sat both
// ways has none (a Howell) and cannot be ranked in one direction.
func (t *total) sat(dir string) *total {
	switch {
	case t == nil:
	case !t.dirSeen:
		t.dir, t.dirSeen = dir, true
	case t.dir != dir:
		t.dir = ""
	}
	return t
}

// ranks ranks the session's pairs or teams before and after, in one list,
// or North-South and East-West apart when the session's TotalScoreTable
// ranks the directions apart (rescoring.md §8; the report writes the lines
// whose total or rank changed, the Ranking sheet shows them all).
func (st *sessionState) ranks(apart map[string]string) {
	if len(st.order) == 0 {
		return
	}
	if apart == nil {
		st.rankList(st.order, "")
		return
	}
	// The direction the TotalScoreTable gives a pair, else where it sat;
	// a pair with neither (it sat both ways) is ranked in a list of its own.
	lists := map[string][]string{}
	for _, p := range st.order {
		d, ok := apart[p]
		if !ok {
			d = st.totals[p].dir
		}
		lists[d] = append(lists[d], p)
	}
	for _, d := range []string{"NS", "EW", ""} {
		if len(lists[d]) > 0 {
			st.rankList(lists[d], d)
		}
	}
}

// rankList ranks the pairs or teams of one list (dir: "NS", "EW", or ""
// for the whole session).
func (st *sessionState) rankList(order []string, dir string) {
	n := len(order)
	rec, adj := make([]float64, n), make([]float64, n)
	mpMethod := st.method == "mp" || st.method == "mp2"
	for i, p := range order {
		t := st.totals[p]
		rec[i], adj[i] = st.shown(t)
		if mpMethod && t.topSum > 0 {
			// Pairs that played different numbers of boards rank by
			// percentage.
			rec[i], adj[i] = 100*t.rec/t.topSum, 100*t.adj/t.topSum
		}
	}
	rr, ra := score.Ranks(rec), score.Ranks(adj)
	var out []Rank
	for i, p := range order {
		t := st.totals[p]
		r := Rank{Event: st.info.Event, Section: st.info.Section, Team: st.teams, Pair: p, Names: t.names, Direction: dir,
			Boards: t.boards, RankRecorded: rr[i], RankAdjusted: ra[i]}
		r.TotalRecorded, r.TotalAdjusted = st.shown(t)
		if mpMethod && t.topSum > 0 {
			r.HasPct = true
			r.PctRecorded, r.PctAdjusted = score.Round2(100*t.rec/t.topSum), score.Round2(100*t.adj/t.topSum)
		}
		r.RankChange = score.RankNumber(rr[i]) - score.RankNumber(ra[i])
		r.Changed = r.TotalRecorded != r.TotalAdjusted || rr[i] != ra[i]
		if r.Changed {
			st.res.PairsAffected++
			if rr[i] != ra[i] {
				st.res.RankChanges++
			}
		}
		out = append(out, r)
	}
	sort.SliceStable(out, func(a, b int) bool {
		return score.RankNumber(out[a].RankAdjusted) < score.RankNumber(out[b].RankAdjusted)
	})
	st.res.Ranks = append(st.res.Ranks, out...)
}

// pairKeys returns the keys of a row's pairs among the session's totals:
// a pair number given per direction (a Mitchell) is two pairs.
func (st *sessionState) pairKeys(r *Row) (ns, ew string) {
	ns, ew = r.PairNS, r.PairEW
	if st.mitchell && ns != "" {
		ns, ew = ns+" NS", ew+" EW"
	}
	return ns, ew
}
