// Package rescore re-scores sessions after the revoke transfers
// (rescoring.md): it keeps, of each board the analysis has seen, only what
// re-scoring needs, then groups the records into sessions and boards
// (rotated deals recognised, fouled boards apart), reproduces the scores
// the file states, applies each board's adjusted result and recomputes
// the board, the totals and the ranks with the functions of package score.
package rescore

import (
	"strconv"
	"strings"

	"revokes/analyze"
	"revokes/pbn"
	"revokes/score"
)

// Options select the method and its parameters.
type Options struct {
	// Method is one of Methods, or "" to take it from each session's
	// file (Scoring tag, LIN vg letter).
	Method string
	// DatumTrim is the number of scores Butler drops at each side; -1
	// for the default (1 for five results or more).
	DatumTrim int
}

// Methods are the -scoring names (rescoring.md §3).
var Methods = []string{"mp", "mp2", "cross", "cross-avg", "butler", "imp", "bam"}

// entry is what re-scoring keeps of one table's result: no hands beyond
// the deal's four words, no play, strings shared.
type entry struct {
	file, event, section, board, date, round, tableNo string
	room                                              byte // 'o', 'c' or 0
	home, visit                                       string
	homeCarry, visitCarry                             string // LIN vg carry-overs, as written
	datum                                             string // the ButlerDatum tag, as written
	pairNS, pairEW                                    string // ids or names
	namesNS, namesEW                                  string // the names, when ids are given
	scoring, competition                              string
	deal                                              pbn.Deal
	game, line                                        int32
	table                                             score.Table
	contract                                          pbn.Contract
	declarer                                          pbn.Seat
	vul                                               pbn.Vulnerability
	played                                            bool // the table has a result
	hasTricks                                         bool
	tricksRec, tricksAdj                              int8
	stated                                            bool  // scoreRec comes from the Score tag (no play)
	scoreRec                                          int32 // declarer's side, NS view below
	scoreAdj                                          int32
	corrected                                         bool
	ids                                               bool // pairNS and pairEW are ids, not names
	noContract                                        bool // a traveller row that gives the score only
	rsMismatch                                        bool // the LIN rs result differs from the recorded play
	vugraph                                           bool // a LIN vg header's board: its session is its file's segment
	// Values the record states (rescoring.md §4), NS view (matchpoints
	// given for EW are turned when the top is known: mpEW); has* when
	// given.
	mp, pct, imp stated
	// scoreTable is the record's ScoreTable: its header and its rows;
	// totalTable its TotalScoreTable.
	scoreTable, totalTable *[2]string
	// art is a traveller row's artificial score (artificial.go), nil for a
	// result.
	art *artificial
	// players are a traveller row's per-player values of an individual
	// event (players.go), nil when it states none.
	players *players
	// at is where a ScoreTable row is in its table (texts.go), nil for a
	// record's own result; own is the record whose table the row is.
	at  *rowAt
	own *entry
}

// stated is a value the file states, with the places it is rounded to.
type stated struct {
	v      float64
	places int8
	ok, ew bool // given; given for East-West (matchpoints, not turned)
	// two: the file states both sides, and sum is their sum (matchpoints:
	// the top, or 0 when centred; rescoring.md §9).
	two bool
	sum float64
	col bool // from a ScoreTable's columns: the sides are not checked against each other
	// The form the file wrote it in (forms.go formatStated): a decimal
	// comma, a '+' before a positive number, a separator without decimals.
	comma, plus, point bool
}

// Collector receives the findings of a run, in input order, and keeps what
// re-scoring needs. It is not safe for concurrent use.
type Collector struct {
	opt    Options
	recs   recBlocks
	ids    map[string]uint32 // the strings kept, numbered
	tab    []string          // by number; 0 is ""
	tables [][2]string       // ScoreTables (header, rows), by rec.tbl-1
	// problems are the bad-stated-value warnings of the records read.
	problems []pbn.Problem
}

// NewCollector returns a Collector for the options.
func NewCollector(opt Options) *Collector {
	return &Collector{opt: opt, ids: map[string]uint32{"": 0}, tab: []string{""}}
}

// id returns the number of s among the strings kept.
func (c *Collector) id(s string) uint32 {
	if n, ok := c.ids[s]; ok {
		return n
	}
	s = strings.Clone(s)
	n := uint32(len(c.tab))
	c.ids[s] = n
	c.tab = append(c.tab, s)
	return n
}

// intern returns s, shared with the equal strings kept before.
func (c *Collector) intern(s string) string { return c.tab[c.id(s)] }

// recBlocks holds the records kept, recBlock to a block: a block is never
// copied as the records grow, so that keeping a million boards neither
// copies them at each doubling nor touches their memory twice.
type recBlocks struct {
	blocks [][]rec
	n      int
}

// recBlock is the number of records a block holds.
const recBlock = 1 << 12

// add keeps r after the others.
func (b *recBlocks) add(r rec) {
	if b.n%recBlock == 0 {
		b.blocks = append(b.blocks, make([]rec, 0, recBlock))
	}
	last := &b.blocks[len(b.blocks)-1]
	*last = append(*last, r)
	b.n++
}

// len returns the number of records kept.
func (b *recBlocks) len() int { return b.n }

// at returns the record i (0-based, in the order added).
func (b *recBlocks) at(i int) *rec { return &b.blocks[i/recBlock][i%recBlock] }

// rec is an entry packed for keeping: strings as numbers, small fields in
// bytes (about 150 bytes a board).
type rec struct {
	s                                           [18]uint32 // the strings of entry, in the order of strs
	deal                                        pbn.Deal
	game, line, scoreRec, scoreAdj              int32
	st                                          [3]packedStated // mp, pct, imp
	tbl, ttbl                                   uint32          // ScoreTable, TotalScoreTable: index+1 in Collector.tables
	tricksRec, tricksAdj                        int8
	level, strain, doubled, declarer, vul, room uint8
	table                                       score.Table
	flags                                       uint8
}

type packedStated struct {
	v, sum float32
	places int8
	flags  uint8 // pOK, pEW, pTwo, pComma, pPlus, pPoint
}

// The flags of packedStated.
const (
	pOK = 1 << iota
	pEW
	pTwo
	pComma
	pPlus
	pPoint
)

// packStated keeps x.
func packStated(x stated) packedStated {
	p := packedStated{v: float32(x.v), sum: float32(x.sum), places: x.places}
	for i, b := range [...]bool{x.ok, x.ew, x.two, x.comma, x.plus, x.point} {
		if b {
			p.flags |= 1 << i
		}
	}
	return p
}

// unpackStated returns the value p keeps, back at the decimals the file
// wrote.
func unpackStated(p packedStated) stated {
	ok, ew := p.flags&pOK != 0, p.flags&pEW != 0
	if !ok {
		return stated{v: float64(p.v), places: p.places, ew: ew}
	}
	x := parseStated(strconv.FormatFloat(float64(p.v), 'f', int(p.places), 32), ew)
	x.two, x.sum = p.flags&pTwo != 0, decimal(p.sum, p.places)
	x.comma, x.plus, x.point = p.flags&pComma != 0, p.flags&pPlus != 0, p.flags&pPoint != 0
	return x
}

// The flags of rec.
const (
	fPlayed = 1 << iota
	fHasTricks
	fStated
	fCorrected
	fIDs
	fNoContract
	fRSMismatch
	fVugraph
)

// strs lists the string fields of an entry, in the order of rec.s.
func strs(e *entry) [18]*string {
	return [18]*string{&e.file, &e.event, &e.section, &e.board, &e.date, &e.round, &e.tableNo,
		&e.home, &e.visit, &e.pairNS, &e.pairEW, &e.namesNS, &e.namesEW, &e.scoring, &e.competition,
		&e.homeCarry, &e.visitCarry, &e.datum}
}

// pack keeps e.
func (c *Collector) pack(e *entry) rec {
	r := rec{deal: e.deal, game: e.game, line: e.line, scoreRec: e.scoreRec, scoreAdj: e.scoreAdj,
		tricksRec: e.tricksRec, tricksAdj: e.tricksAdj,
		level: uint8(e.contract.Level), strain: uint8(e.contract.Strain), doubled: uint8(e.contract.Doubled),
		declarer: uint8(e.declarer), vul: uint8(e.vul), room: e.room, table: e.table}
	for i, p := range strs(e) {
		r.s[i] = c.id(*p)
	}
	for i, x := range [3]stated{e.mp, e.pct, e.imp} {
		r.st[i] = packStated(x)
	}
	if e.scoreTable != nil {
		c.tables = append(c.tables, *e.scoreTable)
		r.tbl = uint32(len(c.tables))
	}
	if e.totalTable != nil {
		c.tables = append(c.tables, *e.totalTable)
		r.ttbl = uint32(len(c.tables))
	}
	for i, b := range [...]bool{e.played, e.hasTricks, e.stated, e.corrected, e.ids, e.noContract, e.rsMismatch, e.vugraph} {
		if b {
			r.flags |= 1 << i
		}
	}
	return r
}

// unpack returns the entry r keeps.
func (c *Collector) unpack(r *rec) entry {
	e := entry{deal: r.deal, game: r.game, line: r.line, scoreRec: r.scoreRec, scoreAdj: r.scoreAdj,
		tricksRec: r.tricksRec, tricksAdj: r.tricksAdj,
		contract: pbn.Contract{Level: int(r.level), Strain: pbn.Strain(r.strain), Doubled: int(r.doubled)},
		declarer: pbn.Seat(r.declarer), vul: pbn.Vulnerability(r.vul), room: r.room, table: r.table}
	for i, p := range strs(&e) {
		*p = c.tab[r.s[i]]
	}
	for i, p := range [3]*stated{&e.mp, &e.pct, &e.imp} {
		*p = unpackStated(r.st[i])
	}
	if r.tbl > 0 {
		e.scoreTable = &c.tables[r.tbl-1]
	}
	if r.ttbl > 0 {
		e.totalTable = &c.tables[r.ttbl-1]
	}
	for i, p := range [...]*bool{&e.played, &e.hasTricks, &e.stated, &e.corrected, &e.ids, &e.noContract, &e.rsMismatch, &e.vugraph} {
		*p = r.flags&(1<<i) != 0
	}
	return e
}

// Add keeps what re-scoring needs of one board's findings.
func (c *Collector) Add(f *analyze.Findings) {
	b := f.Board
	if b == nil || !f.Analysed {
		return
	}
	e := entry{
		file:        c.intern(b.File),
		event:       c.intern(b.Tag("Event")),
		section:     c.intern(b.Tag("Section")),
		board:       c.intern(strings.TrimSpace(b.Tag("Board"))),
		round:       c.intern(b.Tag("Round")),
		tableNo:     c.intern(b.Tag("Table")),
		home:        c.intern(b.Tag("HomeTeam")),
		visit:       c.intern(b.Tag("VisitTeam")),
		homeCarry:   c.intern(b.Tag("HomeCarry")),
		visitCarry:  c.intern(b.Tag("VisitCarry")),
		datum:       c.intern(datumTag(b)),
		scoring:     c.intern(b.Tag("Scoring")),
		competition: c.intern(b.Tag("Competition")),
		deal:        b.Deal,
		game:        int32(b.Index),
		line:        int32(b.Line),
		vul:         b.Vul,
	}
	for _, t := range b.Sections {
		if t.Name == "ScoreTable" && e.scoreTable == nil {
			e.scoreTable = &[2]string{c.intern(b.Tag("ScoreTable")), t.Value}
		}
		if t.Name == "TotalScoreTable" && e.totalTable == nil {
			e.totalTable = &[2]string{c.intern(b.Tag("TotalScoreTable")), t.Value}
		}
	}
	e.date = c.intern(b.Tag("Date"))
	c.segment(&e, b)
	if f.Edition != nil {
		e.table = score.Table(f.Edition.Scoring)
	}
	switch strings.ToLower(b.Tag("Room")) {
	case "open":
		e.room = 'o'
	case "closed":
		e.room = 'c'
	}
	e.pairNS, e.namesNS = c.pair(b.Tag("PairNS"), b.Players[pbn.North], b.Players[pbn.South])
	e.pairEW, e.namesEW = c.pair(b.Tag("PairEW"), b.Players[pbn.East], b.Players[pbn.West])
	e.ids = b.Tag("PairNS") != "" && b.Tag("PairEW") != ""

	// The table's result (rescoring.md §1): a record without a contract
	// is "no result", not a pass-out.
	contractTag := b.Tag("Contract") != "" || b.Format == pbn.FormatLIN
	switch {
	case !b.HasContract || !contractTag:
	case b.Contract.PassedOut():
		e.played, e.contract = true, b.Contract
	case b.HasDeclarer && f.HasTricks && f.HasScore:
		e.played, e.hasTricks = true, true
		e.contract, e.declarer = b.Contract, b.Declarer
		e.tricksRec, e.tricksAdj = int8(f.TricksRecorded), int8(f.TricksAdjusted)
		e.scoreRec, e.scoreAdj = int32(f.ScoreRecorded), int32(f.ScoreAdjusted)
		if !b.Declarer.NS() {
			e.scoreRec, e.scoreAdj = -e.scoreRec, -e.scoreAdj
		}
		e.corrected = f.Applied() > 0 // the table whose revoke was applied (rescoring.md §10)
	case b.HasDeclarer:
		// The play is not recorded: the file's Score tag.
		// (A text that cannot be read is bad-stated-value, readTags.)
		if s, ok := statedScore(b.Tag("Score"), b.Declarer); ok {
			e.played, e.stated = true, true
			e.contract, e.declarer = b.Contract, b.Declarer
			e.scoreRec, e.scoreAdj = int32(s), int32(s)
		}
	}
	c.readTags(b, &e)
	for _, p := range f.Problems {
		if p.Code == "rs-mismatch" {
			e.rsMismatch = true // the reader's warning (pbn/linfile/build.go checkResult)
		}
	}
	if !e.played && e.board == "" && e.scoreTable == nil {
		return // a record of tags only: no board to score
	}
	c.recs.add(c.pack(&e))
}

// pair returns the pair's identity (rescoring.md §8): the id when the file
// gives one, else the two names sorted and joined with " – "; and the
// names.
func (c *Collector) pair(id, a, b string) (string, string) {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if b < a {
		a, b = b, a
	}
	names := a + " – " + b
	if a == "" && b == "" {
		names = ""
	} else if a == "" {
		names = b
	}
	id = strings.TrimSpace(id)
	if id != "" {
		return c.intern(id), c.intern(names)
	}
	return c.intern(names), c.intern(names)
}

// agrees reports whether x, computed, rounds to the stated value.
func (s stated) agrees(x float64) bool {
	tol := 0.5
	for i := int8(0); i < s.places; i++ {
		tol /= 10
	}
	d := x - s.v
	return d <= tol+1e-9 && d >= -tol-1e-9
}
