package rescore

import (
	"strings"

	"revokes/analyze"
	"revokes/pbn"
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
	forms         // the form of the stated values (forms.go)
	// tt is the TotalScoreTable checked, textAt the place of each text
	// noted in res.Texts (texts.go).
	tt     *totalTable
	textAt map[textKey]int
}

// session re-scores one session's records (rescoring.md §2–§5, §8, §9):
// its method, its boards, its totals and ranks, into res.
func (c *Collector) session(res *Result, es []*entry) {
	first := es[0]
	st := &sessionState{c: c, res: res, totals: map[string]*total{}, ids: map[string]string{}, warned: map[string]bool{}}
	st.info = Session{File: first.file, Event: first.event, Section: first.section}
	method, why, trim, early := c.methodFor(es)
	st.trim = trim
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
	if reason, code, m := st.refusal(es, method, why, early, most); reason != "" {
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
		matchTotals(res.Boards[len(res.Boards)-st.info.Boards:])
	}
	st.ranks(st.checkTotals(es))
	st.totalTexts()
	res.Sessions = append(res.Sessions, st.info)
}

// methodFor chooses a session's method (rescoring.md §3): -scoring
// (why "flag"), else the first Scoring tag's, unless the Competition says
// it is none (why "tag"); trim is Butler's (-datum-trim, else the tag's,
// else one each side); early is set when the file's IMPs were dropped for
// a date before 1962-09-01.
func (c *Collector) methodFor(es []*entry) (method, why string, trim int, early bool) {
	method, why = c.opt.Method, "flag"
	if method == "" {
		why = "tag"
		for _, e := range es {
			if e.scoring == "" {
				continue
			}
			method, trim = methodOf(e.scoring)
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
	if why == "flag" {
		trim = -1
	}
	if c.opt.DatumTrim >= 0 {
		trim = c.opt.DatumTrim // -datum-trim
	}
	if trim < 0 {
		trim = 1 // the default: one each side (five results or more)
	}
	// IMPs are not reckoned on the Law 78B scale before 1962-09-01
	// unless -scoring says so (rescoring.md §3).
	// BAM counts the sign of the net score, not IMPs: it stays.
	if why == "tag" && method != "" && method != "mp" && method != "mp2" && method != "bam" {
		if d := analyze.ParseDate(es[0].date); d != 0 && d < 19620901 {
			method, early = "", true
		}
	}
	return method, why, trim, early
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
