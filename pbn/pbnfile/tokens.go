// PBN reading, stage 2: the parser of one record and its tokenizer, with the quick path that reads the usual lines.

package pbnfile

import (
	"bytes"
	"slices"

	"revokes/pbn"
)

// rawTag is a tag pair as tokenised, before inheritance.
type rawTag struct {
	voff, vend int32 // value in the record, or in Reader.vals when inVals
	noff, nend int32 // name in the record, for unknown tags
	line       int32 // line of the name
	tag        int32 // index in Board.Tags of the resolved tag, once built
	id         int16 // known tag number or -1
	inVals     bool
	drop       bool // duplicate
}

// callTok is one call of an Auction section.
type callTok struct {
	text  string
	alert bool
	note  int
	skip  bool // ^S: the seat was skipped
}

// playTok is one card token of a Play section.
type playTok struct {
	card pbn.Card
	kind uint8 // tokCard, tokUnknown, tokPlus, tokBad
	mark byte
	line int32 // for the warnings about the play
}

// playRow is a row of four plain cards as the quick path reads it: the
// card of column k (the seat k after the Play tag's) in byte k of cards.
type playRow struct {
	cards uint32
	line  int32
}

// rowsToToks makes the rows tokens again, before the play's other tokens.
func (ps *parser) rowsToToks() {
	n, old := 4*len(ps.rows), len(ps.plays)
	ps.plays = slices.Grow(ps.plays, n)[:old+n]
	copy(ps.plays[n:], ps.plays[:old])
	for i, w := range ps.rows {
		for k := 0; k < 4; k++ {
			ps.plays[4*i+k] = playTok{card: pbn.Card(w.cards >> (8 * k)), line: w.line}
		}
	}
	ps.rows = ps.rows[:0]
}

const (
	tokCard = iota
	tokUnknown
	tokPlus
	tokBad // an unreadable card (its text is parser.badText)
)

const (
	sectNone = iota
	sectAuction
	sectPlay
	sectOther
)

// bids holds the normalised bid texts, by level-1 and strain.
var bids = func() (t [7][5]string) {
	for l := 0; l < 7; l++ {
		for s := pbn.Strain(0); s <= pbn.NoTrump; s++ {
			t[l][s] = string(rune('1'+l)) + s.String()
		}
	}
	return
}()

// parser is the state of parsing one record.
type parser struct {
	r         *Reader
	rec       []byte
	p         int
	line      int
	lineStart int
	start     int // line of the first tag
	hasTag    bool
	section   int
	mark      byte   // pending ^ mark in a play or auction section
	playStar  bool   // "*" in the Play section
	playOdd   bool   // a play token that is not a plain card (mark, "-", "+")
	badText   string // the first unreadable card of the Play section
	auctStar  bool
	playSeen  bool
	auctSeen  bool
	notes     bool // a call refers to a note
	slab      *boardSlab

	// The record's tokens, kept here while parsing (a slice stored in the
	// Reader, on the heap, costs a write barrier per token while the
	// collector runs) and handed back to the Reader for reuse.
	raw   []rawTag
	calls []callTok
	plays []playTok
	// rows are the play's first tokens when the quick path read them as
	// rows of four plain cards: the play is rows, then plays.
	rows    []playRow
	drops   int  // tags of raw dropped as repeated
	hashVal bool // a tag value starts with "#"
	unknown bool // a tag of raw (not dropped) has an unknown name
	noteTag bool // a Note tag
	textEnd int  // end of the last name or value in rec that raw refers to
	// tables are the ScoreTable and TotalScoreTable sections read, for
	// Board.Sections.
	tables []tableText

	// One-pass reading (quickRead): rec runs to the end of the buffered
	// input and the tokenizer finds where the record ends.
	quickRead bool // rec may run past the record (the one-pass read, quickRead)
	atEOF     bool // rec ends with the input
	stop      bool // the record ended (end > 0) or the pass gave up (bail)
	bail      bool
	end       int
	known     [2]uint64

	// cut is set when a tag that starts a new record ended this one
	// without an empty line (laws.md A15): the next record starts at
	// rec[cutAt], on line cutLine; cutName is the tag's name.
	cut     bool
	cutAt   int
	cutLine int
	cutName string
	// open and openLine are where the tag being read starts (its "[").
	open, openLine int
	// unclosed are the tags whose line ends after the value without the
	// "]": skipped, a bad-tag warning each on the record.
	unclosed []unclosedTag
}

// unclosedTag is a tag pair whose "]" is missing: its name and line.
type unclosedTag struct {
	name string
	line int
}

// giveBack hands the token slices back to the Reader, for the next record.
func (ps *parser) giveBack() {
	// A slice that did not grow is the Reader's already (its arrays are
	// handed out with length 0): only a new array need be stored.
	r := ps.r
	if cap(ps.raw) != cap(r.raw) {
		r.raw = ps.raw[:0]
	}
	if cap(ps.calls) != cap(r.calls) {
		r.calls = ps.calls[:0]
	}
	if cap(ps.plays) != cap(r.plays) {
		r.plays = ps.plays[:0]
	}
	if cap(ps.rows) != cap(r.rows) {
		r.rows = ps.rows[:0]
	}
}

// errAtLine returns a parse error at a line and column.
func (ps *parser) errAtLine(line, col int, code string, m pbn.Message) *pbn.ParseError {
	r := ps.r
	start := ps.start
	if !ps.hasTag {
		start = line
	}
	return &pbn.ParseError{File: r.File, Record: r.index + 1, StartLine: start, Line: line,
		Column: col, Code: code, Err: m}
}

// boardSlab is a Board with room for its usual slices, so that a board
// takes one allocation (its slices are cut from the arrays with their
// capacity limited, and outgrow them like any slice).
type boardSlab struct {
	b     pbn.Board
	tags  [20]pbn.Tag
	play  [52]pbn.Play
	calls [12]pbn.Call
}

// slabBlock is the number of boards a Reader allocates at a time: fewer,
// larger allocations (keeping one board keeps its block, about 50 KB,
// alive).
const slabBlock = 32

// isWS reports whether c separates tokens (control characters count as
// white space, so NUL bytes are harmless).
func isWS(c byte) bool { return c <= ' ' }

// isDelim reports whether c ends a section token.
func isDelim(c byte) bool { return delims[c] }

// delims tells the bytes that end a section token.
var delims = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = c <= ' ' || c == '[' || c == ']' || c == '{' || c == '}' || c == ';' || c == '"'
	}
	return
}()

// parseRecord turns one game into a Board. It returns nil, nil for a
// record without tags (stray text between games).
func (r *Reader) parseRecord(rec []byte, startLine int) (*pbn.Board, *pbn.ParseError) {
	ps := parser{r: r, rec: rec, line: startLine,
		raw: r.raw[:0], calls: r.calls[:0], plays: r.plays[:0], rows: r.rows[:0]}
	defer ps.giveBack()
	r.vals = r.vals[:0]
	if err := ps.tokenize(); err != nil {
		if ps.hasTag {
			r.index++
		}
		return nil, err
	}
	if !ps.hasTag {
		return nil, nil
	}
	if ps.cut {
		// The rest of rec is the next record (laws.md A15): read it
		// again (rec ends at r.r, nothing has moved the buffer).
		r.r -= len(rec) - ps.cutAt
		r.line = ps.cutLine
		ps.rec = rec[:ps.cutAt]
	}
	r.index++
	return ps.build()
}

// tokenize reads the record's tags and section tokens.
func (ps *parser) tokenize() *pbn.ParseError {
	rec := ps.rec
	n := len(rec)
	for ps.p < n && !ps.stop {
		c := rec[ps.p]
		switch {
		case c == '\n':
			ps.p++
			ps.line++
			ps.lineStart = ps.p
			if ps.quickRead && (ps.p == n || rec[ps.p] <= ' ') {
				ps.newline(ps.p - 1)
			}
		case isWS(c):
			ps.p++
		case c == '%' && ps.p == ps.lineStart:
			ps.skipLine()
		case c == ';':
			ps.skipLine()
		case c == '{':
			ps.skipComment()
		case c == '[':
			if ps.quick() || ps.stop {
				continue
			}
			if err := ps.tag(); err != nil {
				return err
			}
		case c == '"':
			// A string in a table: skip it.
			at := ps.p
			j := bytes.IndexByte(rec[ps.p+1:], '"')
			k := bytes.IndexByte(rec[ps.p+1:], '\n')
			if j < 0 || (k >= 0 && k < j) {
				ps.skipLine()
			} else {
				ps.p += j + 2
			}
			if ps.section == sectOther {
				ps.tableTok(at, ps.p)
			}
		default:
			if ps.p == ps.lineStart && ps.section != sectOther && (ps.quick() || ps.stop) {
				continue
			}
			if ps.section == sectPlay && ps.mark == 0 && !ps.playStar && ps.playRun() {
				continue
			}
			q := ps.p
			for q < n && !isDelim(rec[q]) {
				q++
			}
			if q == ps.p { // a stray ']' or '}'
				q++
			}
			word := rec[ps.p:q]
			col := ps.p - ps.lineStart + 1
			ps.p = q
			switch ps.section {
			case sectPlay:
				if err := ps.playWord(word, col); err != nil {
					return err
				}
			case sectAuction:
				ps.auctionWord(word)
			case sectOther:
				ps.tableTok(q-len(word), q)
			}
		}
	}
	return nil
}

// tableText is where the rows of a ScoreTable or TotalScoreTable section
// are in the record: rec[start:end], after raw[raw].
type tableText struct{ raw, start, end int }

// tableTok notes a token rec[s:e] of a section that is not play or
// auction: the rows of a ScoreTable or TotalScoreTable are kept for
// re-scoring (rescoring.md §1); other tables are skipped as before.
func (ps *parser) tableTok(s, e int) {
	i := len(ps.raw) - 1
	if i < 0 {
		return
	}
	if t := &ps.raw[i]; t.drop || t.id != tScoreTable && t.id != tTotalScoreTable {
		return
	}
	if n := len(ps.tables); n > 0 && ps.tables[n-1].raw == i {
		ps.tables[n-1].end = e
		return
	}
	ps.tables = append(ps.tables, tableText{i, s, e})
}

// skipLine moves to the end of the line (not past the newline).
func (ps *parser) skipLine() {
	j := bytes.IndexByte(ps.rec[ps.p:], '\n')
	if j < 0 {
		ps.p = len(ps.rec)
	} else {
		ps.p += j
	}
}

// skipComment skips a {} comment, counting its lines.
func (ps *parser) skipComment() {
	if ps.quickRead {
		ps.stop, ps.bail = true, true
		return
	}
	rest := ps.rec[ps.p+1:]
	j := bytes.IndexByte(rest, '}')
	if j < 0 {
		j = len(rest)
	}
	body := rest[:j]
	if k := bytes.LastIndexByte(body, '\n'); k >= 0 {
		ps.line += bytes.Count(body, []byte{'\n'})
		ps.lineStart = ps.p + 1 + k + 1
	}
	ps.p += 1 + j + 1
	if ps.p > len(ps.rec) {
		ps.p = len(ps.rec)
	}
}

// skipSpace skips white space, newlines included.
func (ps *parser) skipSpace() {
	for ps.p < len(ps.rec) && isWS(ps.rec[ps.p]) {
		if ps.rec[ps.p] == '\n' {
			ps.line++
			ps.lineStart = ps.p + 1
			if ps.quickRead && ps.newline(ps.p) {
				// The record ends inside a tag: let the general
				// path read it.
				ps.bail = true
			}
		}
		ps.p++
	}
}

// newline is called in a one-pass read after the newline at rec[k]: when
// the next line is semi-empty, the record ends after k (or, when the
// buffered input ends too soon to tell, the pass gives up). It reports
// whether the pass stops.
func (ps *parser) newline(k int) bool {
	end, ok, known := semiEmptyAfter(ps.rec, k, ps.atEOF)
	if !known {
		return false
	}
	ps.stop = true
	if ok {
		ps.end = end
	} else {
		ps.bail = true
	}
	return true
}

// The quick path of the tokenizer reads the lines of a record that look
// the way exporters write them: a tag pair alone on its line
// ([Name "Value"], ASCII, no escape), a line of plain two-letter cards
// after a Play tag ("SA HT D2 CK"), a line of plain calls after an Auction
// tag ("1NT Pass 3NT Pass"). It gives exactly the tokens the general loop
// gives (quickTags records a tag pair as addTag does; the play tokens and
// auctionWord are shared) and stops, leaving the parser where the general loop goes on, at the first
// thing it does not know: a comment, an escape, a mark, a note, a byte
// above 0x7f, a line that does not end as it should, or a newline followed
// by a blank (where the record may end).

// quick reads strict lines from ps.p (a line start, or a tag pair after
// another on its line). It reports whether it read anything.
func (ps *parser) quick() bool {
	if ps.r.quickOff {
		return false
	}
	rec := ps.rec
	n := len(rec)
	start := ps.p
	for ps.p < n {
		p := ps.p
		var e int // end of the line's content: a newline, or not read whole
		switch {
		case rec[p] == '[':
			// (A tag that starts the next record, laws.md A15, stops
			// both with e < 0.)
			if e = ps.quickTags(); e < 0 && !ps.stop {
				e = ps.quickTag()
			}
		case ps.section == sectPlay && ps.mark == 0 && !ps.playStar:
			e = ps.quickPlay()
		case ps.section == sectAuction && !ps.auctStar:
			e = ps.quickAuction()
		default:
			return ps.p > start
		}
		// Go on only after a whole line whose next line starts with a
		// token: a blank next line may end the record, which is the
		// general loop's business.
		if e < 0 || e+1 >= n || rec[e+1] <= ' ' {
			return ps.p > start
		}
		ps.p = e + 1
		ps.line++
		ps.lineStart = ps.p
	}
	return ps.p > start
}
