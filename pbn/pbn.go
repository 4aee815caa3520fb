package pbn

import (
	"bytes"
	"encoding/binary"
	"io"
	"math/bits"
	"slices"
	"unicode/utf8"
)

// Limits that keep the reader's memory bounded on hostile input.
const (
	// MaxLine is the longest line the PBN reader accepts (1 MiB).
	MaxLine = 1 << 20
	// MaxRecord is the largest record (game) the PBN reader accepts (4 MiB).
	MaxRecord = 4 << 20

	bufSize = 256 << 10
)

// Reader reads board records from PBN text, one game at a time, in the
// spirit of encoding/csv. It reads the input in large blocks and parses
// each game in place; tag values are the only text it copies.
type Reader struct {
	// File is the name of the input, copied into every Board and error.
	File string

	rd     io.Reader
	buf    []byte
	r      int  // start of unread data (always a line start)
	vis    int  // end of the data ready to scan (bare CRs converted)
	w      int  // end of the data read
	eof    bool // rd is exhausted
	err    error
	line   int // line number of buf[r]
	bom    bool
	index  int // records with tags returned so far
	failed bool
	// noBrace says that the input has no "{" (a chunk's, the Splitter
	// looked).
	noBrace bool

	// inheritance
	// hist holds the last value of each known tag, but for those of pend,
	// the last record, when its tags are plain: pend's first pendN tags
	// are its own, with the known numbers pendMask.
	pend     *Board
	pendN    int
	pendMask [2]uint64
	hist     [numKnown]string
	histOK   [numKnown]bool
	histUnk  map[string]string // last value of unknown tags
	sticky   []stickyTag       // "##" values in force
	carry    carry             // Deal etc. of the previous record

	// boards not yet handed out, allocated slabBlock at a time
	slabs []boardSlab

	// scratch, reused between records
	raw   []rawTag
	vals  []byte
	calls []callTok
	plays []playTok
	rows  []playRow
}

// stickyTag is a value set with "##": it holds for the following games.
type stickyTag struct {
	id    int
	name  string
	value string
}

// carry is what a record hands on to the next one for the silent
// carry-over of Deal, Board, Dealer and Vulnerable (Pavlicek files).
type carry struct {
	ok                                   bool
	deal                                 Deal
	given                                [4]bool
	dealer                               Seat
	hasDealer                            bool
	vul                                  Vulnerability
	dealTag, boardTag, dealerTag, vulTag string
	hasBoard, hasDealerTag, hasVul       bool
}

// NewReader returns a Reader reading PBN text from r. It does its own
// buffering (256 KiB blocks).
func NewReader(r io.Reader) *Reader {
	return &Reader{rd: r, buf: make([]byte, bufSize), line: 1}
}

// Read returns the next board record. At the end of the input it returns
// nil, io.EOF. A record that cannot be read gives nil and a *ParseError;
// the next Read goes on with the next record. Any other error comes from
// the underlying reader and ends the input.
func (r *Reader) Read() (*Board, error) {
	for {
		b, perr, done, err := r.readFast()
		if err != nil {
			return nil, err
		}
		if done {
			if perr != nil {
				r.carry.ok = false
				return nil, perr
			}
			if b != nil {
				return b, nil
			}
			continue
		}
		rec, start, code, errLine, err := r.nextRecord()
		if err != nil {
			return nil, err
		}
		if code != "" {
			r.index++
			r.carry.ok = false
			msg := Msg("record larger than %d bytes", MaxRecord)
			if code == "line-too-long" {
				msg = Msg("line longer than %d bytes", MaxLine)
			}
			return nil, &ParseError{File: r.File, Record: r.index, StartLine: start,
				Line: errLine, Code: code, Err: msg}
		}
		b, perr = r.parseRecord(rec, start)
		if perr != nil {
			r.carry.ok = false
			return nil, perr
		}
		if b != nil {
			return b, nil
		}
	}
}

// readFast reads the next record in one pass over the buffered input, when
// the record and the semi-empty line after it are all there and the record
// is plain: no {} comment, no line over MaxLine, no syntax error. With done
// false it has consumed no record and the general path reads it.
func (r *Reader) readFast() (b *Board, perr *ParseError, done bool, err error) {
	if err := r.skipBlank(); err != nil {
		return nil, nil, true, err
	}
	data := r.buf[r.r:r.vis]
	ps := parser{r: r, rec: data, line: r.line, spec: true, atEOF: r.eof && r.vis == r.w,
		raw: r.raw[:0], calls: r.calls[:0], plays: r.plays[:0], rows: r.rows[:0]}
	defer ps.giveBack()
	r.vals = r.vals[:0]
	if ps.tokenize() != nil || ps.bail {
		return nil, nil, false, nil
	}
	end := ps.end
	if !ps.stop {
		if !ps.atEOF {
			return nil, nil, false, nil
		}
		end = len(data)
	}
	if end > MaxLine || !r.noBrace && bytes.IndexByte(data[:end], '{') >= 0 {
		return nil, nil, false, nil
	}
	ps.rec = data[:end]
	r.r += end
	r.line = ps.line
	if !ps.hasTag {
		return nil, nil, true, nil
	}
	r.index++
	b, perr = ps.build()
	return b, perr, true, nil
}

// fill reads more input, keeping buf[r.r:r.w]. It reports whether new data
// arrived (or the input just ended).
func (r *Reader) fill() bool {
	if r.eof {
		return false
	}
	if r.r > 0 {
		n := copy(r.buf, r.buf[r.r:r.w])
		r.vis -= r.r
		r.w = n
		r.r = 0
	}
	if r.w == len(r.buf) {
		// A record or line bigger than the buffer: grow, within limits
		// (the callers stop before MaxRecord+MaxLine).
		nb := make([]byte, 2*len(r.buf))
		copy(nb, r.buf[:r.w])
		r.buf = nb
	}
	n, err := r.rd.Read(r.buf[r.w:])
	for n == 0 && err == nil {
		n, err = r.rd.Read(r.buf[r.w:])
	}
	r.w += n
	if err != nil {
		r.eof = true
		if err != io.EOF {
			r.err = err
		}
	}
	if !r.bom {
		if r.w < 3 && !r.eof {
			return true
		}
		r.bom = true
		if r.w >= 3 && r.buf[0] == 0xEF && r.buf[1] == 0xBB && r.buf[2] == 0xBF {
			r.r = 3
			r.vis = 3
		}
	}
	// Turn bare CRs (old Mac line ends) into LFs; CRLF stays, the CR is
	// then mere white space.
	p := r.vis
	for p < r.w {
		i := bytes.IndexByte(r.buf[p:r.w], '\r')
		if i < 0 {
			p = r.w
			break
		}
		p += i
		if p+1 == r.w {
			if r.eof {
				r.buf[p] = '\n'
				p++
			}
			break
		}
		if r.buf[p+1] != '\n' {
			r.buf[p] = '\n'
		}
		p++
	}
	r.vis = p
	return true
}

// nextRecord finds the next game: the lines up to a semi-empty line that is
// not inside a {} comment. It returns the record's bytes (valid until the
// next call) and its first line, or a limit code with the line where the
// limit was hit.
func (r *Reader) nextRecord() (rec []byte, start int, code string, errLine int, err error) {
	if err := r.skipBlank(); err != nil {
		return nil, 0, "", 0, err
	}
	start = r.line
	// Fast path: the whole record and the semi-empty line after it are
	// in the buffer, no line is near the limit and there is no comment.
	atEOF := r.eof && r.vis == r.w
	if end, lines, ok := findRecordEnd(r.buf[r.r:r.vis], atEOF); ok && end <= MaxLine {
		rec = r.buf[r.r : r.r+end]
		if bytes.IndexByte(rec, '{') < 0 {
			r.r += end
			r.line += lines
			return rec, start, "", 0, nil
		}
	}
	// Offsets below are relative to r.r, which fill may move.
	p := 0       // start of the line being looked at
	checked := 0 // brace state known up to here (a line start)
	inBrace := false
	for {
		base := r.r
		i := bytes.IndexByte(r.buf[base+p:r.vis], '\n')
		if i < 0 {
			if r.eof && r.vis == r.w {
				rec = r.buf[base:r.vis]
				r.r = r.vis
				r.line += bytes.Count(rec, []byte{'\n'})
				return rec, start, "", 0, nil
			}
			if r.vis-(base+p) > MaxLine {
				return r.tooBig(base, p, start, "line-too-long")
			}
			if r.vis-base > MaxRecord {
				return r.tooBig(base, p, start, "record-too-large")
			}
			r.fill()
			continue
		}
		nl := p + i
		if i > MaxLine {
			return r.tooBig(base, p, start, "line-too-long")
		}
		// Is the next line semi-empty?
		q := base + nl + 1
		for q < r.vis && (r.buf[q] == ' ' || r.buf[q] == '\t' || r.buf[q] == '\r') {
			q++
		}
		if q == r.vis && !(r.eof && r.vis == r.w) {
			if r.vis-base > MaxRecord {
				return r.tooBig(base, p, start, "record-too-large")
			}
			r.fill()
			continue
		}
		p = nl + 1
		if q == r.vis || r.buf[q] == '\n' {
			inBrace = braceState(r.buf[base+checked:base+p], inBrace)
			checked = p
			if !inBrace {
				rec = r.buf[base : base+p]
				r.r = base + p
				r.line += bytes.Count(rec, []byte{'\n'})
				return rec, start, "", 0, nil
			}
		}
		if p > MaxRecord {
			return r.tooBig(base, p, start, "record-too-large")
		}
	}
}

// findRecordEnd looks in b, which starts with a line that is not blank,
// for the first newline followed by a semi-empty line (blanks, then a
// newline, or the end of the input when atEOF). It returns the length of
// the record up to and including that newline and the number of newlines
// in it, with ok false when b ends before that can be told.
func findRecordEnd(b []byte, atEOF bool) (end, lines int, ok bool) {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:]) ^ (lo8 * '\n')
		// Exact zero-byte marks: every newline of the word.
		m := ^((x&lo7 + lo7) | x | lo7)
		for ; m != 0; m &= m - 1 {
			k := i + bits.TrailingZeros64(m)>>3
			lines++
			if k+1 < len(b) && b[k+1] > ' ' {
				continue // the usual next line: a tag or a token
			}
			if end, ok, known := semiEmptyAfter(b, k, atEOF); known {
				return end, lines, ok
			}
		}
	}
	for ; i < len(b); i++ {
		if b[i] != '\n' {
			continue
		}
		lines++
		if end, ok, known := semiEmptyAfter(b, i, atEOF); known {
			return end, lines, ok
		}
	}
	return 0, 0, false
}

// semiEmptyAfter tells whether the line after the newline at b[k] is
// semi-empty: known is false when it is not; else ok says whether b holds
// enough to be sure, and end is k+1.
func semiEmptyAfter(b []byte, k int, atEOF bool) (end int, ok, known bool) {
	q := k + 1
	for q < len(b) && (b[q] == ' ' || b[q] == '\t' || b[q] == '\r') {
		q++
	}
	if q == len(b) {
		return k + 1, atEOF, true
	}
	if b[q] == '\n' {
		return k + 1, true, true
	}
	return 0, false, false
}

// skipBlank skips semi-empty lines, reading more input as needed. At the
// end of the input it returns io.EOF, or the error of the underlying
// reader.
func (r *Reader) skipBlank() error {
	for {
		p := r.r
		for p < r.vis && (r.buf[p] == ' ' || r.buf[p] == '\t' || r.buf[p] == '\r') {
			p++
		}
		if p < r.vis {
			if r.buf[p] == '\n' {
				r.r = p + 1
				r.line++
				continue
			}
			return nil
		}
		if r.eof && r.vis == r.w {
			r.r = r.w
			if r.err != nil {
				return r.err
			}
			return io.EOF
		}
		if p-r.r > 64<<10 {
			r.r = p // drop a huge run of blanks, keeping memory bounded
		}
		r.fill()
	}
}

// tooBig gives up the record starting at base whose line at base+p broke a
// limit: it skips to the next record and returns the code and the line.
func (r *Reader) tooBig(base, p, start int, code string) ([]byte, int, string, int, error) {
	errLine := start + bytes.Count(r.buf[base:base+p], []byte{'\n'})
	r.r = base + p
	r.line = errLine
	r.skipRecord(true)
	return nil, start, code, errLine, nil
}

// skipRecord drops input up to and including the next semi-empty line,
// ignoring comments, keeping memory bounded. With midLine set, r.r is in
// the middle of a line that is not blank.
func (r *Reader) skipRecord(midLine bool) {
	blank := !midLine
	for {
		i := bytes.IndexByte(r.buf[r.r:r.vis], '\n')
		if i < 0 {
			if blank && len(bytes.Trim(r.buf[r.r:r.vis], " \t\r")) != 0 {
				blank = false
			}
			r.r = r.vis
			if r.eof && r.vis == r.w {
				return
			}
			if r.vis == r.w {
				r.r, r.vis, r.w = 0, 0, 0
			}
			r.fill()
			continue
		}
		seg := r.buf[r.r : r.r+i]
		r.r += i + 1
		r.line++
		if blank && len(bytes.Trim(seg, " \t\r")) == 0 {
			return
		}
		blank = true
	}
}

// braceState returns whether a {} comment is still open at the end of b
// (whole lines), given whether one was open at its start. Braces inside
// strings, ; comments and % lines do not count.
func braceState(b []byte, in bool) bool {
	if !in && bytes.IndexByte(b, '{') < 0 {
		return false
	}
	if in && bytes.IndexByte(b, '}') < 0 {
		return true
	}
	lineStart := true
	quote := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if in {
			if c == '}' {
				in = false
			}
			lineStart = c == '\n'
			continue
		}
		switch c {
		case '\n':
			quote = false
			lineStart = true
			continue
		case '%':
			if lineStart {
				j := bytes.IndexByte(b[i:], '\n')
				if j < 0 {
					return false
				}
				i += j - 1
			}
		case '"':
			quote = !quote
		case ';':
			if !quote {
				j := bytes.IndexByte(b[i:], '\n')
				if j < 0 {
					return false
				}
				i += j - 1
			}
		case '{':
			if !quote {
				in = true
			}
		}
		lineStart = false
	}
	return in
}

// utf8Valid reports whether b is valid UTF-8, with an ASCII fast path.
func utf8Valid(b []byte) bool { return isASCII(b) || utf8.Valid(b) }

// Known tags get a small number so that inheritance and duplicate checks
// need no map.
const (
	tEvent = iota
	tSite
	tDate
	tBoard
	tWest
	tNorth
	tEast
	tSouth
	tDealer
	tVulnerable
	tDeal
	tScoring
	tDeclarer
	tContract
	tResult
	tAuction
	tPlay
	tNote
	tRoom
	tScore
	tScoreIMP
	tScoreMP
	tScorePercentage
	tTime
	tUTCDate
	tUTCTime
	tCompetition
	tDealId
	tDescription
	tGenerator
	tHidden
	tTermination
	tAnnotator
	tApplication
	tMode
	tRound
	tSection
	tStage
	tTable
	tHomeTeam
	tVisitTeam
	tEventDate
	tBidSystemNS
	tBidSystemEW
	tPairNS
	tPairEW
	tOptimumScore
	tOptimumResultTable
	tParContract
	tParScore
	tDoubleDummyTricks
	tBCFlags
	tFrenchMP
	tScoreTable
	tTotalScoreTable
	numKnown
)

var knownNames = [numKnown]string{
	"Event", "Site", "Date", "Board", "West", "North", "East", "South",
	"Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract",
	"Result", "Auction", "Play", "Note", "Room", "Score", "ScoreIMP",
	"ScoreMP", "ScorePercentage", "Time", "UTCDate", "UTCTime",
	"Competition", "DealId", "Description", "Generator", "Hidden",
	"Termination", "Annotator", "Application", "Mode", "Round", "Section",
	"Stage", "Table", "HomeTeam", "VisitTeam", "EventDate", "BidSystemNS",
	"BidSystemEW", "PairNS", "PairEW", "OptimumScore", "OptimumResultTable",
	"ParContract", "ParScore", "DoubleDummyTricks", "BCFlags", "FrenchMP",
	"ScoreTable", "TotalScoreTable",
}

// tagNames is knownNames in an array of 64, which a number masked to six
// bits indexes without a bounds check.
var tagNames = func() (t [64]string) {
	copy(t[:], knownNames[:])
	return
}()

// tagID returns the number of a known tag name, or -1.
func tagID(b []byte) int {
	switch string(b) {
	case "Event":
		return tEvent
	case "Site":
		return tSite
	case "Date":
		return tDate
	case "Board":
		return tBoard
	case "West":
		return tWest
	case "North":
		return tNorth
	case "East":
		return tEast
	case "South":
		return tSouth
	case "Dealer":
		return tDealer
	case "Vulnerable":
		return tVulnerable
	case "Deal":
		return tDeal
	case "Scoring":
		return tScoring
	case "Declarer":
		return tDeclarer
	case "Contract":
		return tContract
	case "Result":
		return tResult
	case "Auction":
		return tAuction
	case "Play":
		return tPlay
	case "Note":
		return tNote
	}
	if len(b) < 3 {
		return -1
	}
	for i := tRoom; i < numKnown; i++ {
		if knownNames[i] == string(b) {
			return i
		}
	}
	return -1
}

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
	card Card
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
			ps.plays[4*i+k] = playTok{card: Card(w.cards >> (8 * k)), line: w.line}
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
		for s := Strain(0); s <= NoTrump; s++ {
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

	// One-pass reading (readFast): rec runs to the end of the buffered
	// input and the tokenizer finds where the record ends.
	spec  bool // rec may run past the record
	atEOF bool // rec ends with the input
	stop  bool // the record ended (end > 0) or the pass gave up (bail)
	bail  bool
	end   int
	known [2]uint64

	// cut is set when a tag that starts a new record ended this one
	// without an empty line (laws.md A15): the next record starts at
	// rec[cutAt], on line cutLine; cutName is the tag's name.
	cut     bool
	cutAt   int
	cutLine int
	cutName string
	// open and openLine are where the tag being read starts (its "[").
	open, openLine int
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

// errAt returns a parse error at column col of the current line.
func (ps *parser) errAt(col int, code string, m Message) *ParseError {
	return ps.errAtLine(ps.line, col, code, m)
}

// errAtLine returns a parse error at a line and column.
func (ps *parser) errAtLine(line, col int, code string, m Message) *ParseError {
	r := ps.r
	start := ps.start
	if !ps.hasTag {
		start = line
	}
	return &ParseError{File: r.File, Record: r.index + 1, StartLine: start, Line: line,
		Column: col, Code: code, Err: m}
}

// boardSlab is a Board with room for its usual slices, so that a board
// takes one allocation (its slices are cut from the arrays with their
// capacity limited, and outgrow them like any slice).
type boardSlab struct {
	b     Board
	tags  [20]Tag
	play  [52]Play
	calls [12]Call
}

// slabBlock is the number of boards a Reader allocates at a time: fewer,
// larger allocations (keeping one board keeps its block, about 50 KB,
// alive).
const slabBlock = 32

// vulValue reads a Vulnerable value, without allocating for the usual
// spellings.
func vulValue(v string) (Vulnerability, bool) {
	switch v {
	case "None":
		return VulNone, true
	case "NS":
		return VulNS, true
	case "EW":
		return VulEW, true
	case "All", "Both":
		return VulAll, true
	}
	return ParseVulnerability(v)
}

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
func (r *Reader) parseRecord(rec []byte, startLine int) (*Board, *ParseError) {
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
func (ps *parser) tokenize() *ParseError {
	rec := ps.rec
	n := len(rec)
	for ps.p < n && !ps.stop {
		c := rec[ps.p]
		switch {
		case c == '\n':
			ps.p++
			ps.line++
			ps.lineStart = ps.p
			if ps.spec && (ps.p == n || rec[ps.p] <= ' ') {
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

// playRun reads a run of plain two-letter cards ("SA HT D2 CK") and the
// blanks and newlines between them, the bulk of a Play section. It stops
// before anything else, for the general token loop; it reports whether it
// read at least one card.
func (ps *parser) playRun() bool {
	rec := ps.rec
	n := len(rec)
	p := ps.p
	line, lineStart := ps.line, ps.lineStart
	plays := ps.plays
	read := len(plays)
	for p+1 < n {
		su, rk := suitOf[rec[p]], rankOf[rec[p+1]]
		if su == 0 || rk == 0 || p+2 < n && !isDelim(rec[p+2]) {
			break
		}
		plays = appendCard(plays, su, rk, line)
		p += 2
		for p < n && rec[p] <= ' ' {
			if rec[p] == '\n' {
				line++
				lineStart = p + 1
				if ps.spec && (p+1 == n || rec[p+1] <= ' ') && ps.newline(p) {
					p++
					break
				}
			}
			p++
		}
		if ps.stop {
			break
		}
	}
	ps.p = p
	ps.line, ps.lineStart = line, lineStart
	ps.plays = plays
	return len(plays) > read
}

// appendCard appends the token of a plain card (su and rk as suitOf and
// rankOf give them) read on line. It fills the token in place: one built
// aside and copied costs a store-forwarding stall per card.
func appendCard(plays []playTok, su, rk uint8, line int) []playTok {
	if len(plays) == cap(plays) {
		plays = append(plays, playTok{})[:len(plays)]
	}
	plays = plays[:len(plays)+1]
	t := &plays[len(plays)-1]
	t.card, t.kind, t.mark, t.line = Card((su-1)<<4|(rk-1)), tokCard, 0, int32(line)
	return plays
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
	if ps.spec {
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
			if ps.spec && ps.newline(ps.p) {
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

// tag reads a tag pair at '['.
func (ps *parser) tag() *ParseError {
	rec := ps.rec
	col := ps.p - ps.lineStart + 1
	tagLine := ps.line
	ps.open, ps.openLine = ps.p, ps.line
	if !ps.hasTag {
		ps.start = ps.line
	}
	ps.hasTag = true
	ps.p++
	ps.skipSpace()
	q := ps.p
	for q < len(rec) && nameChar[rec[q]] {
		q++
	}
	nameStart := ps.p
	name := rec[ps.p:q]
	if len(name) == 0 {
		return ps.errAtLine(tagLine, col, "bad-tag", Msg("tag without a name"))
	}
	ps.p = q
	line := ps.line
	if q+1 < len(rec) && rec[q] == ' ' && rec[q+1] == '"' {
		ps.p++
	} else {
		ps.skipSpace()
	}
	r := ps.r
	// The value is rec[voff:vend], or r.vals[voff:vend] when inVals.
	var voff, vend int
	inVals, high := false, false
	if ps.p >= len(rec) {
		return ps.errAtLine(tagLine, col, "bad-tag", Msg("tag %s is not closed", string(name)))
	}
	switch c := rec[ps.p]; {
	case c == '"':
		ps.p++
		// Fast path: a plain value up to the closing quote.
		q, hi := scanString(rec, ps.p)
		if q < len(rec) && rec[q] == '"' {
			voff, vend, high = ps.p, q, hi
			ps.p = q + 1
		} else {
			inVals = true
			voff = len(r.vals)
			if err := ps.slowString(name, col, tagLine); err != nil {
				return err
			}
			vend = len(r.vals)
			high = !isASCII(r.vals[voff:vend])
		}
		if ps.p < len(rec) && rec[ps.p] == ']' {
			ps.p++
			break
		}
		ps.skipSpace()
		if ps.p >= len(rec) || rec[ps.p] != ']' {
			return ps.errAtLine(tagLine, col, "bad-tag", Msg("tag %s: missing ]", string(name)))
		}
		ps.p++
	default:
		// Unquoted value, up to ']' on the same line.
		q := ps.p
		for q < len(rec) && rec[q] != ']' && rec[q] != '\n' && rec[q] != '[' {
			q++
		}
		if q == len(rec) || rec[q] != ']' {
			return ps.errAtLine(tagLine, col, "bad-tag", Msg("tag %s: missing ]", string(name)))
		}
		voff = ps.p
		vend = voff + len(bytes.TrimRight(rec[ps.p:q], " \t\r"))
		high = !isASCII(rec[voff:vend])
		ps.p = q + 1
	}
	if high {
		v := rec[voff:vend]
		if inVals {
			v = r.vals[voff:vend]
		}
		if !utf8.Valid(v) {
			dec := appendWindows1252(nil, v)
			if !inVals {
				voff = len(r.vals)
			}
			r.vals = append(r.vals[:voff], dec...)
			vend = len(r.vals)
			inVals = true
		}
	}
	ps.addTag(tagID(name), nameStart, q, line, voff, vend, inVals)
	return nil
}

// addTag records a tag pair read by tag or quickTag: its known number (or
// -1), where its name and value are, and the line of its name. It marks a
// repeated tag to be dropped and opens the tag's section.
func (ps *parser) addTag(id, nameStart, nameEnd, line, voff, vend int, inVals bool) {
	// Fill the new rawTag in place (one built aside and copied costs a
	// store-forwarding stall).
	if len(ps.raw) == cap(ps.raw) {
		ps.raw = append(ps.raw, rawTag{})[:len(ps.raw)]
	}
	ps.raw = ps.raw[:len(ps.raw)+1]
	t := &ps.raw[len(ps.raw)-1]
	t.id, t.line, t.voff, t.vend = int16(id), int32(line), int32(voff), int32(vend)
	t.noff, t.nend, t.tag, t.inVals, t.drop = 0, 0, 0, inVals, false
	if !inVals {
		ps.textEnd = max(ps.textEnd, vend)
	}
	ps.textEnd = max(ps.textEnd, nameEnd) // (used only for unknown tags)
	if id < 0 {
		t.noff, t.nend = int32(nameStart), int32(nameEnd)
		name := ps.rec[nameStart:nameEnd]
		for i := range ps.raw[:len(ps.raw)-1] {
			if o := &ps.raw[i]; o.id < 0 && string(ps.rec[o.noff:o.nend]) == string(name) {
				t.drop = true
				break
			}
		}
	} else if id != tNote {
		bit := uint64(1) << (id & 63)
		if ps.known[id>>6]&bit != 0 {
			if startsRecord(id, ps.known[0]) {
				ps.raw = ps.raw[:len(ps.raw)-1]
				ps.cutBefore(ps.open, ps.openLine, id)
				return
			}
			t.drop = true
		}
		ps.known[id>>6] |= bit
	}
	ps.section = sectOther
	ps.mark = 0
	ps.unknown = ps.unknown || id < 0 && !t.drop
	ps.hashVal = ps.hashVal || vend > voff && (inVals && ps.r.vals[voff] == '#' || !inVals && ps.rec[voff] == '#')
	ps.noteTag = ps.noteTag || id == tNote
	switch {
	case t.drop:
		ps.drops++
	case id == tPlay:
		ps.section = sectPlay
		ps.playSeen = true
	case id == tAuction:
		ps.section = sectAuction
		ps.auctSeen = true
	}
}

// recordStarts are the tags that, given again in a record that has a Board
// or a Deal, start the next record (laws.md A15).
const recordStarts = 1<<tEvent | 1<<tSite | 1<<tDate | 1<<tBoard | 1<<tDeal

// startsRecord reports whether a repeated tag id, in a record whose known
// tags (the first word of parser.known) are known, starts the next record:
// exporters sometimes drop the empty line between games (laws.md A15).
func startsRecord(id int, known uint64) bool {
	return recordStarts>>(id&63)&1 != 0 && id < 64 && known&(1<<tBoard|1<<tDeal) != 0
}

// cutBefore ends the record before the tag of number id whose "[" is at
// rec[at], on line (laws.md A15): the tokenizer stops, and the Reader
// reads the next record from there.
func (ps *parser) cutBefore(at, line, id int) {
	ps.cut, ps.cutAt, ps.cutLine, ps.cutName = true, at, line, knownNames[id]
	ps.stop, ps.end = true, at
	ps.textEnd = min(ps.textEnd, at) // (the tag's own name and value are not this record's)
	ps.p, ps.line, ps.lineStart = at, line, at
}

// Words with each byte set to 0x01, 0x7f and 0x80, for scanning eight
// bytes at a time.
const (
	lo8 = 0x0101010101010101
	lo7 = 0x7f7f7f7f7f7f7f7f
	hi8 = 0x8080808080808080
)

// zeroBytes marks (bit 7 of each byte) the bytes of x that are zero. Marks
// above the lowest zero byte may be wrong; the lowest one is exact.
func zeroBytes(x uint64) uint64 { return (x - lo8) &^ x & hi8 }

// scanString returns the index in rec of the first '"', '\\' or newline at
// or after p (len(rec) when there is none), and whether a byte above 0x7f
// comes before it. It reads eight bytes at a time.
func scanString(rec []byte, p int) (int, bool) {
	var high uint64
	for p+8 <= len(rec) {
		x := binary.LittleEndian.Uint64(rec[p:])
		m := zeroBytes(x^(lo8*'"')) | zeroBytes(x^(lo8*'\\')) | zeroBytes(x^(lo8*'\n'))
		if m != 0 {
			k := bits.TrailingZeros64(m) // 8*i+7 for the byte at p+i
			high |= x & hi8 & (1<<(k-7) - 1)
			return p + k>>3, high != 0
		}
		high |= x & hi8
		p += 8
	}
	for ; p < len(rec); p++ {
		c := rec[p]
		if c == '"' || c == '\\' || c == '\n' {
			break
		}
		high |= uint64(c & 0x80)
	}
	return p, high != 0
}

// nameChar tells the bytes of a tag name: letters, digits and '_'.
var nameChar = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
	}
	return
}()

// slowString reads the rest of a tag's string value that holds escapes
// (or is not closed on its line).
func (ps *parser) slowString(name []byte, col, tagLine int) *ParseError {
	rec, r := ps.rec, ps.r
	for {
		j := bytes.IndexByte(rec[ps.p:], '"')
		if j < 0 {
			return ps.errAtLine(tagLine, col, "bad-tag", Msg("tag %s: string is not closed", string(name)))
		}
		seg := rec[ps.p : ps.p+j]
		if bytes.IndexByte(seg, '\n') >= 0 {
			return ps.errAtLine(tagLine, col, "bad-tag", Msg("tag %s: string is not closed", string(name)))
		}
		if k := bytes.IndexByte(seg, '\\'); k >= 0 {
			// An escape: take the text before it and the escaped
			// byte, then go on.
			r.vals = append(r.vals, seg[:k]...)
			e := ps.p + k + 1
			if e < len(rec) && (rec[e] == '"' || rec[e] == '\\') {
				r.vals = append(r.vals, rec[e])
				ps.p = e + 1
			} else {
				r.vals = append(r.vals, '\\')
				ps.p = e
			}
			continue
		}
		r.vals = append(r.vals, seg...)
		ps.p += j + 1
		return nil
	}
}

// isAnnotation reports whether b is only suffixes, notes and NAGs
// ("!", "?!", "=1=", "$12").
func isAnnotation(b []byte) bool {
	for _, c := range b {
		switch {
		case c == '!' || c == '?' || c == '=' || c == '$':
		case c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return true
}

// noteNumber returns n of a "=n=" reference inside b, or 0.
func noteNumber(b []byte) int {
	i := bytes.IndexByte(b, '=')
	if i < 0 {
		return 0
	}
	n := 0
	for j := i + 1; j < len(b) && b[j] >= '0' && b[j] <= '9'; j++ {
		n = n*10 + int(b[j]-'0')
		if n > 1000 {
			return 0
		}
	}
	return n
}

// playWord reads one token of a Play section.
func (ps *parser) playWord(w []byte, col int) *ParseError {
	if ps.playStar {
		return nil
	}
	for len(w) >= 2 && w[0] == '^' {
		ps.mark = w[1] &^ 0x20
		w = w[2:]
		col += 2
	}
	if len(w) == 0 {
		return nil
	}
	switch w[0] {
	case '=', '$', '!', '?':
		return nil
	case '*':
		ps.playStar = true
		return nil
	case '+':
		ps.plays = append(ps.plays, playTok{kind: tokPlus, line: int32(ps.line)})
		ps.mark = 0
		ps.playOdd = true
		return nil
	case '-':
		k := 1
		for k < len(w) && w[k] == '-' {
			k++
		}
		if isAnnotation(w[k:]) {
			ps.plays = append(ps.plays, playTok{kind: tokUnknown, line: int32(ps.line)})
			ps.mark = 0
			ps.playOdd = true
			return nil
		}
	default:
		if len(w) >= 2 {
			su, ok1 := Suit(suitOf[w[0]]-1), suitOf[w[0]] != 0
			rk, ok2 := Rank(rankOf[w[1]]-1), rankOf[w[1]] != 0
			rest := w[2:]
			if w[1] == '1' && len(w) >= 3 && w[2] == '0' {
				rk, ok2, rest = Ten, true, w[3:]
			}
			if ok1 && ok2 && (len(rest) == 0 || isAnnotation(rest)) {
				m := ps.mark
				if m != 'R' && m != 'L' {
					m = 0
				} else {
					ps.playOdd = true
				}
				ps.plays = append(ps.plays, playTok{card: NewCard(su, rk), mark: m,
					line: int32(ps.line)})
				ps.mark = 0
				return nil
			}
		}
	}
	// An unreadable card: the play stops there (laws.md A12), the rest
	// of the record is read as usual.
	if ps.badText == "" {
		ps.badText = string(w)
	}
	ps.plays = append(ps.plays, playTok{kind: tokBad, line: int32(ps.line)})
	ps.mark = 0
	ps.playOdd = true
	return nil
}

// auctionWord reads one token of an Auction section. Tokens it cannot read
// are left out (the tags say what the contract is).
func (ps *parser) auctionWord(w []byte) {
	if ps.auctStar {
		return
	}
	for len(w) >= 2 && w[0] == '^' {
		if w[1]&^0x20 == 'S' {
			ps.calls = append(ps.calls, callTok{text: "Pass", skip: true})
		}
		w = w[2:]
	}
	if len(w) == 0 {
		return
	}
	// The usual calls first, without the general reading below.
	if text := usualCall(w); text != "" {
		ps.calls = append(ps.calls, callTok{text: text})
		return
	}
	var text string
	switch w[0] {
	case '!':
		if len(ps.calls) > 0 && len(w) == 1 {
			ps.calls[len(ps.calls)-1].alert = true
		}
		return
	case '=':
		if len(ps.calls) > 0 {
			if n := noteNumber(w); n > 0 {
				ps.calls[len(ps.calls)-1].note = n
				ps.notes = true
			}
		}
		return
	case '$', '?':
		return
	case '*':
		ps.auctStar = true
		return
	case '+':
		ps.auctStar = true
		return
	case '-':
		ps.calls = append(ps.calls, callTok{skip: true})
		return
	}
	// Split the call from attached annotations.
	k := 0
	for k < len(w) && w[k] != '!' && w[k] != '?' && w[k] != '=' && w[k] != '$' {
		k++
	}
	call, ann := w[:k], w[k:]
	switch {
	case len(call) >= 2 && call[0] >= '1' && call[0] <= '7':
		l := int(call[0] - '1')
		s := call[1:]
		var st Strain
		switch {
		case len(s) == 1 && (s[0]|0x20 == 'n'):
			st = NoTrump
		case len(s) == 2 && (s[0]|0x20 == 'n') && (s[1]|0x20 == 't'):
			st = NoTrump
		case len(s) == 1:
			su, ok := ParseSuit(s[0])
			if !ok {
				return
			}
			st = Strain(su)
		default:
			return
		}
		text = bids[l][st]
	case eqFold(call, "pass") || eqFold(call, "p"):
		text = "Pass"
	case eqFold(call, "x") || eqFold(call, "dbl") || eqFold(call, "d"):
		text = "X"
	case eqFold(call, "xx") || eqFold(call, "rdbl") || eqFold(call, "r"):
		text = "XX"
	case eqFold(call, "ap"):
		ps.calls = append(ps.calls, callTok{text: "AP"})
		ps.auctStar = true
		return
	default:
		return
	}
	t := callTok{text: text}
	if len(ann) > 0 {
		t.alert = ann[0] == '!' && (len(ann) == 1 || ann[1] != '!' && ann[1] != '?')
		if n := noteNumber(ann); n > 0 {
			t.note = n
			ps.notes = true
		}
	}
	ps.calls = append(ps.calls, t)
}

// usualCall returns the text of a call as exporters usually write it
// ("Pass", "X", "XX", "1C" .. "7NT"), or "" for any other word.
func usualCall(w []byte) string {
	switch {
	case len(w) == 2 && w[0] >= '1' && w[0] <= '7' && suitOf[w[1]] != 0:
		return bids[w[0]-'1'][suitOf[w[1]]-1]
	case string(w) == "Pass":
		return "Pass"
	case string(w) == "X":
		return "X"
	case string(w) == "XX":
		return "XX"
	case len(w) == 3 && w[0] >= '1' && w[0] <= '7' && w[1] == 'N' && w[2] == 'T':
		return bids[w[0]-'1'][NoTrump]
	}
	return ""
}

// eqFold reports whether b equals the lower-case ASCII s, ignoring case.
func eqFold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range b {
		if b[i]|0x20 != s[i] {
			return false
		}
	}
	return true
}

// build turns the tokens of a record into a Board.
func (ps *parser) build() (*Board, *ParseError) {
	r := ps.r
	if len(r.slabs) == 0 {
		r.slabs = make([]boardSlab, slabBlock)
	}
	ps.slab = &r.slabs[0]
	r.slabs = r.slabs[1:]
	b := &ps.slab.b // zero: slabs are fresh and used once
	b.File, b.Index, b.Line, b.Format = r.File, r.index, ps.start, FormatPBN
	if ps.cut {
		// laws.md A15: the record lost its empty line.
		ps.warn(b, ps.cutLine, "missing-separator",
			Msg("no empty line before the %s tag on line %d: a new record starts there", ps.cutName, ps.cutLine))
	}
	// The tags' text: the record up to the last name or value a tag takes
	// from it (not the play after them).
	recText := string(ps.rec[:ps.textEnd])
	valText := ""
	if len(r.vals) > 0 {
		valText = string(r.vals)
	}

	// Tags, with # and ## inheritance.
	n := len(ps.raw) - ps.drops
	if n+len(r.sticky) <= len(ps.slab.tags) {
		b.Tags = ps.slab.tags[: 0 : n+len(r.sticky)]
	} else {
		b.Tags = make([]Tag, 0, n+len(r.sticky))
	}
	// at is the index+1 in raw of each known tag, but in the usual case
	// (then zero: line looks in raw), and ti that of its value in b.Tags
	// (raw[at-1].tag+1).
	var at [64]int16
	var ti [64]int32
	usual := len(r.sticky) == 0 && !ps.unknown && !ps.hashVal && len(r.vals) == 0 && len(ps.raw) < 32767
	if usual {
		// The usual tags: known names, values in the record, no "#".
		b.Tags = b.Tags[:usualTags(b.Tags[:n], ps.raw, recText, &ti)]
	} else {
		for i := range ps.raw {
			t := &ps.raw[i]
			if t.drop {
				continue
			}
			var name string
			if t.id >= 0 {
				name = knownNames[t.id]
				at[t.id] = int16(min(i+1, 32767))
			} else {
				name = recText[t.noff:t.nend]
			}
			var v string
			if t.inVals {
				v = valText[t.voff:t.vend]
			} else {
				v = recText[t.voff:t.vend]
			}
			if len(v) > 0 && v[0] == '#' && t.id != tNote {
				switch {
				case v == "#":
					v = r.histValue(int(t.id), name)
				case len(v) >= 2 && v[1] == '#':
					v = v[2:]
					r.setSticky(int(t.id), name, v)
				}
			} else if len(r.sticky) > 0 {
				r.updateSticky(int(t.id), name, v)
			}
			t.tag = int32(len(b.Tags))
			if t.id >= 0 {
				ti[t.id] = t.tag + 1
			}
			b.Tags = b.Tags[:len(b.Tags)+1] // room for n
			b.Tags[len(b.Tags)-1] = Tag{name, v}
		}
	}
	for _, s := range r.sticky {
		if s.id >= 0 && at[s.id] != 0 {
			continue
		}
		if s.id < 0 && hasTag(b.Tags, s.name) {
			continue
		}
		b.Tags = append(b.Tags, Tag{s.name, s.value})
		if s.id >= 0 {
			// Let the fields below see it.
			ps.raw = append(ps.raw, rawTag{id: int16(s.id), line: int32(ps.start), tag: int32(len(b.Tags) - 1)})
			at[s.id] = int16(len(ps.raw))
			ti[s.id] = int32(len(b.Tags))
		}
	}
	if len(ps.raw) >= 32767 {
		// at was cut short (or wrapped): ti follows it.
		for id, i := range at {
			ti[id] = 0
			if i > 0 {
				ti[id] = ps.raw[i-1].tag + 1
			}
		}
	}
	val := func(id int) (string, bool) {
		if i := ti[id]; i > 0 {
			return b.Tags[i-1].Value, true
		}
		return "", false
	}
	line := func(id int) int {
		if usual {
			// The last of raw not dropped, as at would say.
			for i := len(ps.raw) - 1; i >= 0; i-- {
				if t := &ps.raw[i]; int(t.id) == id && !t.drop {
					return int(t.line)
				}
			}
		}
		if i := at[id]; i > 0 {
			return int(ps.raw[i-1].line)
		}
		return ps.start
	}
	for s, id := range [4]int{tNorth, tEast, tSouth, tWest} {
		b.Players[s], _ = val(id)
	}

	// Deal, Board, Dealer, Vulnerable, carried over when the record has
	// play or auction but no Deal.
	dealText, hasDeal := val(tDeal)
	if !hasDeal && (ps.playSeen || ps.auctSeen) && r.carry.ok {
		c := &r.carry
		b.Deal, b.Given = c.deal, c.given
		b.Tags = append(b.Tags, Tag{"Deal", c.dealTag})
		if _, ok := val(tBoard); !ok && c.hasBoard {
			b.Tags = append(b.Tags, Tag{"Board", c.boardTag})
		}
		if _, ok := val(tDealer); !ok && c.hasDealerTag {
			b.Tags = append(b.Tags, Tag{"Dealer", c.dealerTag})
			b.Dealer, b.HasDealer = c.dealer, c.hasDealer
		}
		if _, ok := val(tVulnerable); !ok && c.hasVul {
			b.Tags = append(b.Tags, Tag{"Vulnerable", c.vulTag})
			b.Vul = c.vul
		}
	}
	if v, ok := val(tDealer); ok {
		if s, ok := seatValue(v); ok {
			b.Dealer, b.HasDealer = s, true
		} else if v != "" && v != "?" {
			ps.warn(b, line(tDealer), "bad-dealer", Msg("bad dealer %q", v))
		}
	}
	if v, ok := val(tVulnerable); ok {
		if vu, ok := vulValue(v); ok {
			b.Vul = vu
		} else if v != "?" {
			ps.warn(b, line(tVulnerable), "bad-vulnerable", Msg("bad vulnerability %q", v))
		}
	}
	if hasDeal {
		if d, ok := quickDeal(dealText); ok {
			// The usual deal, as parseDeal reads it (without its copies).
			b.Deal, b.Given = d, [4]bool{true, true, true, true}
		} else {
			d, given, msg, ok := parseDeal(dealText, b.Dealer)
			if !ok {
				return nil, &ParseError{File: r.File, Record: r.index, StartLine: ps.start,
					Line: line(tDeal), Code: "bad-deal", Err: msg}
			}
			b.Deal, b.Given = d, given
			if msg.Format != "" {
				ps.warn(b, line(tDeal), "bad-deal", msg)
			}
		}
	}

	// Contract, declarer, result.
	trump, hasTrump := NoTrump, false
	if v, ok := val(tContract); ok && v != "" && v != "?" {
		if c, ok := parseContract(v); ok {
			b.Contract, b.HasContract = c, true
			trump, hasTrump = c.Strain, true
		} else if st, ok := strainOnly(v); ok {
			trump, hasTrump = st, true
		} else {
			ps.warn(b, line(tContract), "bad-contract", Msg("bad contract %q", v))
		}
	}
	declText, hasDeclTag := val(tDeclarer)
	if v := declText; hasDeclTag && v != "" && v != "?" {
		if len(v) > 1 && v[0] == '^' {
			v = v[1:]
		}
		if s, ok := seatValue(v); ok {
			b.Declarer, b.HasDeclarer = s, true
		} else {
			ps.warn(b, line(tDeclarer), "bad-declarer", Msg("bad declarer %q", declText))
		}
	}
	playText, _ := val(tPlay)
	first, hasFirst := seatValue(playText)
	if !b.HasDeclarer && ps.playSeen && hasFirst && len(ps.rows)+len(ps.plays) > 0 &&
		!(b.HasContract && b.Contract.PassedOut()) {
		b.Declarer, b.HasDeclarer = first.Prev(), true
	}
	if v, ok := val(tResult); ok && v != "" && v != "?" {
		if n, ok := parseResult(v, b); ok {
			b.Result, b.HasResult = n, true
			t := trimSpace(v)
			b.ResultMarked = len(t) > 0 && t[0] == '^'
		} else {
			ps.warn(b, line(tResult), "bad-result", Msg("bad result %q", v))
		}
	}

	// Auction.
	if ps.auctSeen {
		av, _ := val(tAuction)
		if s, ok := seatValue(av); ok {
			b.AuctionStart = s
		} else if b.HasDealer {
			b.AuctionStart = b.Dealer
		}
		ps.buildAuction(b)
	}

	// No usable Contract tag: the auction, when there is one, says it.
	if !hasTrump && len(b.Auction) > 0 {
		if c, decl, ok := auctionContract(b.AuctionStart, b.Auction); ok {
			b.Contract, b.HasContract = c, true
			trump, hasTrump = c.Strain, true
			if !b.HasDeclarer && !c.PassedOut() {
				b.Declarer, b.HasDeclarer = decl, true
			}
			ps.warn(b, line(tAuction), "contract-from-auction",
				Msg("no contract given: %s taken from the auction", c.String()))
		}
	}

	// Play.
	if ps.playSeen && len(ps.rows)+len(ps.plays) > 0 {
		if !hasFirst {
			if b.HasDeclarer {
				first = b.Declarer.Next()
			} else {
				ps.warn(b, line(tPlay), "bad-play", Msg("play without a first seat"))
				goto done
			}
		}
		ps.buildPlay(b, first, trump)
	} else if ps.playStar {
		b.Claim = true
		b.ClaimTricks = -1
		if b.HasResult {
			b.ClaimTricks = b.Result
		}
	}
done:
	// Remember what the next records may inherit: later, when the tags
	// are plain (known names, no "##" values in force), as most records
	// give the tags of the one before them and make its values moot.
	if len(r.sticky) == 0 && !ps.unknown {
		mask := ps.known
		if ps.noteTag {
			mask[tNote>>6] |= 1 << (tNote & 63)
		}
		if r.pend != nil && (r.pendMask[0]&^mask[0]|r.pendMask[1]&^mask[1]) != 0 {
			r.flushHist()
		}
		r.pend, r.pendN, r.pendMask = b, n, mask
	} else {
		r.flushHist()
		for i := range ps.raw {
			t := &ps.raw[i]
			if t.drop {
				continue
			}
			tg := &b.Tags[t.tag]
			if t.id >= 0 {
				r.hist[t.id], r.histOK[t.id] = tg.Value, true
			} else {
				if r.histUnk == nil {
					r.histUnk = make(map[string]string)
				}
				r.histUnk[tg.Name] = tg.Value
			}
		}
	}
	if hasDeal || !r.carry.ok {
		c := &r.carry
		c.ok = hasDeal
		c.deal, c.given = b.Deal, b.Given
		c.dealer, c.hasDealer, c.vul = b.Dealer, b.HasDealer, b.Vul
		c.dealTag = dealText
		c.boardTag, c.hasBoard = val(tBoard)
		c.dealerTag, c.hasDealerTag = val(tDealer)
		c.vulTag, c.hasVul = val(tVulnerable)
	}
	for _, t := range ps.tables {
		b.Sections = append(b.Sections, Tag{knownNames[ps.raw[t.raw].id], string(ps.rec[t.start:t.end])})
	}
	return b, nil
}

// usualTags is build's making of the tags of a record whose tags all have
// known names and values in the record, recText (no "#", no escapes), and
// are fewer than 32767: it fills tags with those of raw not dropped, ti
// with their indices in tags (plus one), and returns how many there are.
// (A function of its own, the loop's variables stay in registers.)
//
//go:noinline
func usualTags(tags []Tag, raw []rawTag, recText string, ti *[64]int32) int {
	if len(tags) == len(raw) {
		// None dropped (tags has room for those not dropped): the
		// same loop without the skip, a variable fewer.
		tags = tags[:len(raw)]
		for i := range raw {
			t := &raw[i]
			id := t.id & 63 // (known: below 64)
			ti[id] = int32(i + 1)
			t.tag = int32(i)
			tags[i] = Tag{tagNames[id], recText[t.voff:t.vend]}
		}
		return len(raw)
	}
	k := 0
	for i := range raw {
		t := &raw[i]
		if t.drop {
			continue
		}
		id := t.id & 63 // (known: below 64)
		ti[id] = int32(k + 1)
		t.tag = int32(k)
		tags[k] = Tag{tagNames[id], recText[t.voff:t.vend]}
		k++
	}
	return k
}

// hasTag reports whether tags hold one called name.
func hasTag(tags []Tag, name string) bool {
	for _, t := range tags {
		if t.Name == name {
			return true
		}
	}
	return false
}

// flushHist writes the tag values of the pending record (see build) into
// hist.
func (r *Reader) flushHist() {
	b := r.pend
	if b == nil {
		return
	}
	r.pend = nil
	for _, t := range b.Tags[:r.pendN] {
		if id := tagID([]byte(t.Name)); id >= 0 {
			r.hist[id], r.histOK[id] = t.Value, true
		}
	}
}

// histValue is the value of a tag in the nearest previous game that has it.
func (r *Reader) histValue(id int, name string) string {
	r.flushHist()
	if id >= 0 {
		return r.hist[id]
	}
	return r.histUnk[name]
}

// setSticky records a "##" value.
func (r *Reader) setSticky(id int, name, v string) {
	for i := range r.sticky {
		if r.sticky[i].id == id && r.sticky[i].name == name {
			r.sticky[i].value = v
			return
		}
	}
	r.sticky = append(r.sticky, stickyTag{id, name, v})
}

// updateSticky replaces a "##" value when the tag is given again.
func (r *Reader) updateSticky(id int, name, v string) {
	for i := range r.sticky {
		if r.sticky[i].id == id && r.sticky[i].name == name {
			r.sticky[i].value = v
			return
		}
	}
}

// warn adds a warning problem to b.
func (ps *parser) warn(b *Board, line int, code string, m Message) {
	b.Problems = append(b.Problems, Problem{File: b.File, Game: b.Index, Line: line,
		Code: code, Severity: Warning, Text: m})
}

// trimSpace trims ASCII white space.
func trimSpace(s string) string {
	for len(s) > 0 && s[0] <= ' ' {
		s = s[1:]
	}
	for len(s) > 0 && s[len(s)-1] <= ' ' {
		s = s[:len(s)-1]
	}
	return s
}

// seatValue reads a one-letter seat value.
func seatValue(v string) (Seat, bool) {
	if len(v) != 1 { // (one byte, a blank or not, trims to itself or nothing)
		v = trimSpace(v)
		if len(v) != 1 {
			return 0, false
		}
	}
	if s := seatOf[v[0]]; s != 0 {
		return Seat(s - 1), true
	}
	return 0, false
}

// seatOf is ParseSeat as a table (so that seatValue is inlined): the
// seat+1 a byte names, or 0.
var seatOf = func() (t [256]uint8) {
	for c := range t {
		if s, ok := ParseSeat(byte(c)); ok {
			t[c] = uint8(s) + 1
		}
	}
	return
}()

// parseContract reads a contract, quickly for the usual forms.
func parseContract(v string) (Contract, bool) {
	if len(v) >= 2 && len(v) <= 4 && v[0] >= '1' && v[0] <= '7' {
		c := Contract{Level: int(v[0] - '0')}
		rest := v[2:]
		switch v[1] {
		case 'S', 'H', 'D', 'C':
			su, _ := ParseSuit(v[1])
			c.Strain = Strain(su)
		case 'N':
			c.Strain = NoTrump
			if len(rest) > 0 && rest[0] == 'T' {
				rest = rest[1:]
			}
		default:
			return ParseContract(v)
		}
		switch rest {
		case "":
			return c, true
		case "X":
			c.Doubled = 1
			return c, true
		case "XX":
			c.Doubled = 2
			return c, true
		}
	}
	return ParseContract(v)
}

// strainOnly reads a bare denomination ("H", "NT"), as end positions give.
func strainOnly(v string) (Strain, bool) {
	v = trimSpace(v)
	switch {
	case len(v) == 1:
		if v[0]|0x20 == 'n' {
			return NoTrump, true
		}
		su, ok := ParseSuit(v[0])
		return Strain(su), ok
	case len(v) == 2 && v[0]|0x20 == 'n' && v[1]|0x20 == 't':
		return NoTrump, true
	}
	return 0, false
}

// parseDeal reads a Deal value. It returns a non-empty warning message for
// a readable deal with oddities, and ok false for one that cannot be used.
func parseDeal(v string, dealer Seat) (d Deal, given [4]bool, msg Message, ok bool) {
	v = trimSpace(v)
	if d, ok := quickDeal(v); ok {
		return d, [4]bool{true, true, true, true}, Message{}, true
	}
	return parseDealSlow(v, dealer)
}

// parseDealSlow is parseDeal for the values quickDeal does not take.
func parseDealSlow(v string, dealer Seat) (d Deal, given [4]bool, msg Message, ok bool) {
	seat := dealer
	if len(v) >= 2 && v[1] == ':' {
		s, ok := ParseSeat(v[0])
		if !ok {
			return d, given, Msg("bad first seat in deal %q", v), false
		}
		seat = s
		v = v[2:]
	}
	var all Hand
	hands := 0
	for {
		for len(v) > 0 && v[0] <= ' ' {
			v = v[1:]
		}
		if len(v) == 0 {
			break
		}
		j := 0
		for j < len(v) && v[j] > ' ' {
			j++
		}
		h := v[:j]
		v = v[j:]
		if hands == 4 {
			return d, given, Msg("more than four hands in deal"), false
		}
		if h != "-" {
			hand, ok := parseHand(h)
			if !ok {
				return d, given, Msg("bad hand %q in deal", h), false
			}
			if hand&all != 0 {
				return d, given, Msg("card %s in two hands", Card(firstBit(hand&all))), false
			}
			all |= hand
			d[seat] = hand
			given[seat] = true
		}
		seat = seat.Next()
		hands++
	}
	size := -1
	for s := range d {
		if !given[s] {
			continue
		}
		if size >= 0 && d[s].Len() != size {
			return d, given, Msg("hands of different sizes"), true
		}
		size = d[s].Len()
	}
	return d, given, Message{}, true
}

// quickDeal reads the usual Deal value, a first seat and four hands of 13
// cards ("N:AKQ.JT9.876.5432 ..."), ranks only. Each such hand is sixteen
// bytes (thirteen ranks, three dots) and a blank, so the hands are read
// at fixed places, byte by byte with the suit's shift in a register: no
// branch but the loop's, no chain through memory. ok is false for
// anything else, which the general reading takes.
func quickDeal(v string) (d Deal, ok bool) {
	if len(v) != 2+4*17-1 || v[1] != ':' {
		return d, false
	}
	seat, ok := ParseSeat(v[0])
	if !ok {
		return d, false
	}
	var all Hand
	tab := &handBits
	for h := 0; h < 4; h++ {
		w := v[2+17*h : 2+17*h+16]
		var acc uint64
		sh := uint(0) // 16 times the dots so far
		for i := 0; i < 16; i += 4 {
			w := w[i : i+4]
			t0, t1, t2, t3 := tab[w[0]], tab[w[1]], tab[w[2]], tab[w[3]]
			acc |= uint64(t0&0x7fff) << (sh & 63)
			sh += uint(t0>>15) << 4
			acc |= uint64(t1&0x7fff) << (sh & 63)
			sh += uint(t1>>15) << 4
			acc |= uint64(t2&0x7fff) << (sh & 63)
			sh += uint(t2>>15) << 4
			acc |= uint64(t3&0x7fff) << (sh & 63)
			sh += uint(t3>>15) << 4
		}
		// Three dots and thirteen distinct ranks: a byte that is
		// neither, or a rank twice in a suit, leaves fewer than 13
		// bits.
		hand := Hand(acc)
		if sh != 48 || hand.Len() != 13 || hand&all != 0 || h < 3 && v[2+17*h+16] != ' ' {
			return d, false
		}
		all |= hand
		d[(seat+Seat(h))&3] = hand
	}
	return d, true
}

// firstBit is the lowest set bit of h.
func firstBit(h Hand) int {
	for i := 0; i < 64; i++ {
		if h>>i&1 != 0 {
			return i
		}
	}
	return 0
}

// parseHand reads "AKQ.JT9.876.5432" (ranks in any order and case, "10"
// for the ten, an optional suit letter before each suit).
func parseHand(h string) (Hand, bool) {
	// The ranks of each suit gather in acc[suit], the suit counting the
	// dots so far: no branch and no variable shift per byte.
	var acc [4]uint16
	var dup uint16
	si := uint(0)
	for i := 0; i < len(h); i++ {
		hb := handBits[h[i]]
		if hb == 0 {
			return parseHandSlow(h)
		}
		a := &acc[si&3]
		dup |= *a & hb
		*a |= hb
		si += uint(hb >> 15)
	}
	if si != 3 || dup&0x7fff != 0 {
		return parseHandSlow(h)
	}
	hand := Hand(acc[0]&0x7fff) | Hand(acc[1]&0x7fff)<<16 | Hand(acc[2]&0x7fff)<<32 | Hand(acc[3]&0x7fff)<<48
	if hand.Len() > 13 {
		return 0, false
	}
	return hand, true
}

// parseHandSlow is parseHand for the hands with a "10", suit letters or
// anything wrong.
func parseHandSlow(h string) (Hand, bool) {
	var hand, dup Hand
	shift := uint(0) // 16 * the suit
	for i := 0; i < len(h); i++ {
		c := h[i]
		if hb := handBits[c]; hb != 0 {
			// A rank, or '.' (0x8000): no branch on which.
			bit := Hand(hb&0x7fff) << (shift & 63)
			dup |= hand & bit
			hand |= bit
			shift += uint(hb>>15) * 16
			continue
		}
		switch {
		case c == '1' && i+1 < len(h) && h[i+1] == '0':
			bit := Hand(1) << ((shift + uint(Ten)) & 63)
			dup |= hand & bit
			hand |= bit
			i++
		case suitOf[c] == uint8(shift/16)+1 && (i == 0 || h[i-1] == '.'):
			// "SA7.H864..." : a suit letter at the start of a suit.
		default:
			return 0, false
		}
	}
	if dup != 0 {
		return 0, false
	}
	if shift != 48 || hand.Len() > 13 {
		return 0, false
	}
	return hand, true
}

// parseResult reads a Result value as declarer's tricks: "9", "^9",
// "NS 9", "EW 4", "NS 9 EW 4".
func parseResult(v string, b *Board) (int, bool) {
	if len(v) == 1 && v[0] >= '0' && v[0] <= '9' {
		return int(v[0] - '0'), true // the usual value, at once
	}
	v = trimSpace(v)
	if len(v) > 0 && v[0] == '^' {
		v = trimSpace(v[1:])
	}
	if n, ok := atoi(v); ok {
		return n, n <= 13
	}
	if !b.HasDeclarer {
		return 0, false
	}
	total := 13
	for s := range b.Deal {
		if b.Given[s] {
			total = b.Deal[s].Len()
			break
		}
	}
	ns, ew := -1, -1
	for len(v) > 0 {
		if len(v) < 2 {
			return 0, false
		}
		side := v[:2]
		v = trimSpace(v[2:])
		j := 0
		for j < len(v) && v[j] >= '0' && v[j] <= '9' {
			j++
		}
		n, ok := atoi(v[:j])
		if !ok || n > total {
			return 0, false
		}
		v = trimSpace(v[j:])
		switch side {
		case "NS", "ns":
			ns = n
		case "EW", "ew":
			ew = n
		default:
			return 0, false
		}
	}
	if b.Declarer.NS() {
		if ns >= 0 {
			return ns, true
		}
		return total - ew, ew >= 0
	}
	if ew >= 0 {
		return ew, true
	}
	return total - ns, ns >= 0
}

// atoi reads a small decimal number.
func atoi(s string) (int, bool) {
	if len(s) == 0 || len(s) > 3 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// buildAuction fills b.Auction from the call tokens.
func (ps *parser) buildAuction(b *Board) {
	calls := ps.calls
	// Leading "-" stand for the seats before the dealer.
	for len(calls) > 0 && calls[0].skip && calls[0].text == "" {
		calls = calls[1:]
		b.AuctionStart = b.AuctionStart.Next()
	}
	if len(calls) == 0 {
		return
	}
	var noteText map[int]string
	if ps.notes {
		noteText = ps.noteTexts(b)
	}
	var out []Call
	if len(calls)+3 <= len(ps.slab.calls) {
		out = ps.slab.calls[: 0 : len(calls)+3]
	} else {
		out = make([]Call, 0, len(calls)+3)
	}
	for i := range calls {
		c := &calls[i]
		if c.text == "" {
			continue
		}
		if c.text == "AP" {
			bid := false
			for _, o := range out {
				if o.Text != "Pass" {
					bid = true
					break
				}
			}
			need := 3
			if !bid {
				need = 4
			}
			trail := 0
			for i := len(out) - 1; i >= 0 && out[i].Text == "Pass"; i-- {
				trail++
			}
			for ; trail < need; trail++ {
				out = append(out, Call{Text: "Pass"})
			}
			break
		}
		// Filled in place: a Call built aside and copied costs a
		// store-forwarding stall and more instructions.
		if len(out) == cap(out) {
			out = append(out, Call{})[:len(out)]
		}
		out = out[:len(out)+1]
		o := &out[len(out)-1]
		o.Text, o.Alert, o.Note = c.text, c.alert, ""
		if c.note > 0 {
			o.Alert, o.Note = true, noteText[c.note]
		}
	}
	b.Auction = out
}

// noteTexts maps note numbers to their texts, from the Note tags.
func (ps *parser) noteTexts(b *Board) map[int]string {
	m := make(map[int]string)
	for _, t := range b.Tags {
		if t.Name != "Note" {
			continue
		}
		v := t.Value
		j := 0
		for j < len(v) && v[j] >= '0' && v[j] <= '9' {
			j++
		}
		n, ok := atoi(v[:j])
		if !ok || j >= len(v) || v[j] != ':' {
			continue
		}
		if _, dup := m[n]; !dup {
			m[n] = trimSpace(v[j+1:])
		}
	}
	return m
}

// playState tracks the cards still to be played during a replay: the
// remaining cards of the hands the record gives, and the pool of unplayed
// cards that no given hand holds (they belong to the hidden hands).
type playState struct {
	rem   Deal
	known [4]bool
	pool  Hand
}

// newPlayState starts a replay of deal d, whose hands given says are
// known.
func newPlayState(d *Deal, given [4]bool) playState {
	ps := playState{known: given, pool: FullHand}
	for s := range d {
		if given[s] {
			ps.rem[s] = d[s]
			ps.pool &^= d[s]
		}
	}
	return ps
}

// holds reports whether seat s may hold c: a known hand must hold it, a
// hidden hand may hold any card of the pool.
func (h *playState) holds(s Seat, c Card) bool {
	if h.known[s] {
		return h.rem[s].Has(c)
	}
	return h.pool.Has(c)
}

// mustFollow reports whether seat s provably holds a card of suit su.
func (h *playState) mustFollow(s Seat, su Suit) bool {
	return h.known[s] && h.rem[s].HasSuit(su)
}

// remove takes card c out of seat s's hand (or the pool).
func (h *playState) remove(s Seat, c Card) {
	if h.known[s] {
		h.rem[s] = h.rem[s].Without(c)
	} else {
		h.pool = h.pool.Without(c)
	}
}

// legalTrick reports whether cards, played in this order starting with
// leader, form a legal trick against the remaining hands: every card is
// held by its seat and every seat that provably holds the led suit follows
// it. An unknown card (NoCard) fits any seat; after an unknown lead only
// holding is checked. Cards whose bit is set in revokes (a PBN ^R mark) may fail to follow.
// A partial trick (fewer than four cards) is checked as far as it goes.
func legalTrick(h *playState, leader Seat, cards []Card, revokes uint8) bool {
	if len(cards) == 0 {
		return true
	}
	led, ledKnown := cards[0].Suit(), cards[0] != NoCard
	for i, c := range cards {
		if c == NoCard {
			continue // an unknown card fits any seat (laws.md A12)
		}
		if !c.Valid() {
			return false
		}
		for j := 0; j < i; j++ {
			if cards[j] == c {
				return false
			}
		}
		s := leader + Seat(i)
		s &= 3
		if !h.holds(s, c) {
			return false
		}
		if i > 0 && ledKnown && c.Suit() != led && revokes>>i&1 == 0 && h.mustFollow(s, led) {
			return false
		}
	}
	return true
}

// byHolder gives each card of a four-card trick to the seat that holds it
// and returns the cards in playing order from leader, with ok true when
// that makes a legal trick (one card per seat, each held, suit followed
// where provably possible). A card that no known hand holds goes to a
// hidden seat: the only one left, else the seat hint gives for it. An
// unknown card (NoCard) fits any seat left (laws.md A12).
func byHolder(h *playState, leader Seat, cards [4]Card, hint [4]Seat) (out [4]Card, ok bool) {
	var taken [4]bool
	var loose [4]int // indexes of cards held by no known hand
	nl, unknown := 0, 0
	for i, c := range cards {
		if c == NoCard {
			unknown++
			continue
		}
		if !c.Valid() {
			return out, false
		}
		for j := 0; j < i; j++ {
			if cards[j] == c {
				return out, false
			}
		}
		found := false
		for s := North; s <= West; s++ {
			if h.known[s] && h.rem[s].Has(c) {
				if taken[s] {
					return out, false
				}
				taken[s] = true
				out[(s-leader)&3] = c
				found = true
				break
			}
		}
		if !found {
			if !h.pool.Has(c) {
				return out, false
			}
			loose[nl] = i
			nl++
		}
	}
	// A known hand with no card in this trick takes an unknown card;
	// the loose cards go to hidden hands.
	free, hidden := 0, 0
	var last Seat
	for s := North; s <= West; s++ {
		if !taken[s] {
			free++
			if !h.known[s] {
				hidden++
				last = s
			}
		}
	}
	if free != nl+unknown || hidden < nl {
		return out, false
	}
	if nl == 1 && hidden == 1 {
		out[(last-leader)&3] = cards[loose[0]]
	} else {
		for _, i := range loose[:nl] {
			s := hint[i] & 3
			if taken[s] || h.known[s] {
				return out, false
			}
			taken[s] = true
			out[(s-leader)&3] = cards[i]
		}
	}
	// (The seats left hold the unknown cards: NoCard, as out starts.)
	return out, legalTrick(h, leader, out[:], 0)
}

// buildPlay resolves the Play section's column order into playing order,
// validating each trick against the hands.
func (ps *parser) buildPlay(b *Board, first Seat, trump Strain) {
	maxTricks := 13
	for s := range b.Deal {
		if b.Given[s] {
			maxTricks = b.Deal[s].Len()
			break
		}
	}
	allGiven := b.Given == [4]bool{true, true, true, true}
	fast := allGiven && len(ps.rows)+(len(ps.plays)+3)/4 <= min(maxTricks, 13)
	if len(ps.rows) > 0 && (len(ps.plays) > 0 || !fast) {
		ps.rowsToToks() // not as they are for fastRows
	}
	if len(ps.rows) == 0 && fast && !ps.playOdd && len(ps.plays)%4 == 0 {
		// Plain cards in whole rows that the general loop read: rows
		// too. (Only the line of a row's first card is ever shown.)
		for g := 0; g < len(ps.plays); g += 4 {
			t := (*[4]playTok)(ps.plays[g : g+4])
			ps.rows = append(ps.rows, playRow{line: t[0].line,
				cards: uint32(t[0].card) | uint32(t[1].card)<<8 | uint32(t[2].card)<<16 | uint32(t[3].card)<<24})
		}
		ps.plays = ps.plays[:0]
	}
	st := newPlayState(&b.Deal, b.Given)
	leader := first
	play := ps.slab.play[:0:min(len(ps.plays)+4*len(ps.rows), 52)]
	declTricks := 0
	complete := 0
	unknown := false
	stopped := false
	if len(ps.rows) > 0 {
		var ok bool
		var wins uint32
		if play, declTricks, wins, ok = fastRows(b, ps.rows, first, trump, play); ok {
			complete = len(ps.rows)
			stopped = true
			if b.HasContract && b.Contract.Strain == trump {
				b.Checked, b.Winners = true, wins
			}
		} else {
			play = play[:0]
			ps.rowsToToks() // for the general loop
		}
	}
	toks := ps.plays
	unknownTrick, badTrick := 0, 0 // the trick with an unknown, an unreadable card
	unknownLine, badLine := 0, 0
	stopG := 0 // the tokens of the trick where the play stopped
	for g := 0; g < len(toks) && !stopped; g += 4 {
		if complete == maxTricks || complete == 13 {
			ps.warn(b, int(toks[g].line), "play-too-long",
				Msg("more than %d tricks in the play", complete))
			break
		}
		row := toks[g:min(g+4, len(toks))]
		var cards [4]Card
		var marks [4]byte
		trickLeader := leader
		for c := range row {
			if row[c].mark == 'L' {
				trickLeader = first + Seat(c)
				trickLeader &= 3
				break
			}
		}
		// Playing order from the leader: column of each seat.
		n := 0
		var revokes uint8
		for k := 0; k < 4; k++ {
			s := (trickLeader + Seat(k)) & 3
			c := int((s - first) & 3)
			if c >= len(row) {
				stopped = true
				break
			}
			t := row[c]
			if t.kind == tokUnknown {
				// laws.md A12: an unknown card does not hide the rest
				// of its trick; the play stops at the trick's end.
				cards[k], marks[k] = NoCard, 0
				if unknownTrick == 0 {
					unknownTrick, unknownLine = complete+1, int(t.line)
				}
				unknown, stopped = true, true
				n++
				continue
			}
			if t.kind != tokCard {
				if t.kind == tokBad {
					badTrick, badLine = complete+1, int(t.line)
				}
				stopped = true
				break
			}
			cards[k], marks[k] = t.card, t.mark
			if t.mark == 'R' {
				revokes |= 1 << k
			}
			n++
		}
		if n == 4 && !legalTrick(&st, trickLeader, cards[:], revokes) {
			lead := trickLeader
			if trickLeader != leader {
				// ^L: the marked card leads; its holder is the leader.
				for k := 0; k < 4; k++ {
					if marks[k] == 'L' {
						for s := North; s <= West; s++ {
							if st.known[s] && st.rem[s].Has(cards[k]) {
								lead = s
							}
						}
					}
				}
			}
			// The row as written: by column, and read as playing order
			// (the hint for hidden hands).
			var written [4]Card
			var asPlayed, asColumn [4]Seat
			for c := range row {
				written[c] = row[c].card
				asPlayed[c] = lead + Seat(c)
				asColumn[c] = first + Seat(c)
			}
			out, ok := byHolder(&st, lead, written, asPlayed)
			if !ok {
				out, ok = byHolder(&st, lead, written, asColumn)
			}
			if ok {
				var nm [4]byte
				for k := range out {
					for j := range cards {
						if cards[j] == out[k] {
							nm[k] = marks[j]
						}
					}
				}
				cards, marks, trickLeader = out, nm, lead
				ps.warn(b, int(row[0].line), "play-order",
					Msg("trick %d: cards re-assigned to their holders", complete+1))
			}
		}
		for k := 0; k < n; k++ {
			s := (trickLeader + Seat(k)) & 3
			play = append(play, Play{Seat: s, Card: cards[k], Mark: marks[k]})
			st.remove(s, cards[k])
		}
		stopG = g
		if n == 4 && unknownTrick == 0 {
			w := TrickWinner(cards, trump)
			leader = (trickLeader + Seat(w)) & 3
			if b.HasDeclarer && leader.NS() == b.Declarer.NS() {
				declTricks++
			}
			complete++
		}
	}
	// Unknown cards that end the play tell nothing: a claim's padding
	// ("SQ - - -" then "*"), or the end of an incomplete play.
	for len(play) > 0 && play[len(play)-1].Card == NoCard {
		play = play[:len(play)-1]
	}
	b.Play = play
	if badTrick > 0 {
		// laws.md A12: an unreadable card stops the play; only a board
		// whose first trick cannot be replayed is skipped.
		sev := Warning
		if badTrick == 1 {
			sev = Error
		}
		b.Problems = append(b.Problems, Problem{File: b.File, Game: b.Index, Line: badLine,
			Code: "bad-card", Severity: sev, Text: Msg("trick %d: bad card %q: the play stops there", badTrick, ps.badText)})
	}
	// An unknown or unreadable card with more cards after its trick: the
	// play is cut short, and a claim at the end is not one of the tricks
	// shown (laws.md A12; "-" that only pads the last trick, or the rows
	// after it, is no unknown card).
	cut := false
	for j := stopG + 4; j < len(toks) && (unknownTrick > 0 || badTrick > 0) && !cut; j++ {
		cut = toks[j].kind == tokCard || toks[j].kind == tokBad
	}
	switch {
	case cut:
		if badTrick == 0 {
			ps.warn(b, unknownLine, "incomplete-play",
				Msg("trick %d has an unknown card: the play stops at the end of that trick", unknownTrick))
		}
	case ps.playStar:
		b.Claim = true
		b.ClaimTricks = -1
		if b.HasResult {
			b.ClaimTricks = b.Result
		}
	case complete < maxTricks && len(play) > 0 && b.HasResult && b.HasDeclarer &&
		b.Result > declTricks:
		// Stopped without "*" but declarer has more tricks than the
		// play shows: a claim (pbntools exports); "-" cards are padding.
		b.Claim = true
		b.ClaimTricks = b.Result
	case unknown:
		ps.warn(b, unknownLine, "incomplete-play",
			Msg("trick %d has an unknown card: the play stops at the end of that trick", unknownTrick))
	}
}

// fastRows replays a play whose four hands are all known and whose
// tokens are plain cards in whole rows, a row's four cards in one word
// (column k in byte k). It returns the cards in playing order, declarer's
// tricks and the winner of each trick (as Board.Winners), with ok false
// as soon as a trick is not legal as written (the general replay then
// decides).
func fastRows(b *Board, rows []playRow, first Seat, trump Strain, play []Play) (_ []Play, declTricks int, wins uint32, ok bool) {
	rem := b.Deal
	leader := first
	play = play[:4*len(rows)]
	for t, row := range rows {
		// Playing order: the leader's column first.
		w := bits.RotateLeft32(row.cards, -8*int((leader-first)&3))
		c0, c1, c2, c3 := Card(w), Card(w>>8), Card(w>>16), Card(w>>24)
		s0, s1, s2, s3 := leader&3, (leader+1)&3, (leader+2)&3, (leader+3)&3
		h0, h1, h2, h3 := rem[s0], rem[s1], rem[s2], rem[s3]
		b0, b1, b2, b3 := Hand(1)<<(c0&63), Hand(1)<<(c1&63), Hand(1)<<(c2&63), Hand(1)<<(c3&63)
		// Every card held, and a card off the led suit only from a
		// hand void in it.
		led := suitMask << (16 * (c0 >> 4) & 63)
		if h0&b0 == 0 || h1&b1 == 0 || h2&b2 == 0 || h3&b3 == 0 ||
			b1&led == 0 && h1&led != 0 || b2&led == 0 && h2&led != 0 || b3&led == 0 && h3&led != 0 {
			return play[:0], 0, 0, false
		}
		rem[s0], rem[s1], rem[s2], rem[s3] = h0&^b0, h1&^b1, h2&^b2, h3&^b3
		*(*[4]Play)(play[4*t : 4*t+4]) = [4]Play{{Seat: s0, Card: c0}, {Seat: s1, Card: c1}, {Seat: s2, Card: c2}, {Seat: s3, Card: c3}}
		leader = (leader + Seat(trickWinnerWord(w, trump))) & 3
		wins |= uint32(leader) << (2 * t)
		if b.HasDeclarer && (leader^b.Declarer)&1 == 0 {
			declTricks++
		}
	}
	return play, declTricks, wins, true
}

// auctionContract derives the final contract and declarer from an auction
// starting with seat start: the last bid, doubles after it, and the first
// player of the winning side to name its strain.
func auctionContract(start Seat, calls []Call) (Contract, Seat, bool) {
	last := -1
	dbl := 0
	for i, c := range calls {
		switch c.Text {
		case "Pass":
		case "X":
			dbl = 1
		case "XX":
			dbl = 2
		default:
			last, dbl = i, 0
		}
	}
	if last < 0 {
		return Contract{}, 0, len(calls) >= 4
	}
	c, ok := ParseContract(calls[last].Text)
	if !ok {
		return Contract{}, 0, false
	}
	c.Doubled = dbl
	side := (start + Seat(last)) & 3
	for i := 0; i <= last; i++ {
		s := (start + Seat(i)) & 3
		if s.NS() != side.NS() {
			continue
		}
		if b, ok := ParseContract(calls[i].Text); ok && b.Level > 0 && b.Strain == c.Strain {
			return c, s, true
		}
	}
	return c, side, true
}

// handBits maps a byte of a hand to its rank bit (bit r for rank r), or
// 0x8000 for the '.' between suits, or 0.
var handBits = func() (t [256]uint16) {
	for c := 0; c < 256; c++ {
		if rk, ok := ParseRank(byte(c)); ok {
			t[c] = 1 << rk
		}
	}
	t['.'] = 0x8000
	return
}()

// rankOf and suitOf map a byte to rank+1 and suit+1 (0: not one), for the
// hot loops of deal and play parsing.
var rankOf, suitOf = func() (r, s [256]uint8) {
	for c := 0; c < 256; c++ {
		if rk, ok := ParseRank(byte(c)); ok {
			r[c] = uint8(rk) + 1
		}
		if su, ok := ParseSuit(byte(c)); ok {
			s[c] = uint8(su) + 1
		}
	}
	return
}()
