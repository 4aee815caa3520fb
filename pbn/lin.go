package pbn

import (
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// Limits of the LIN reader. A value longer than linMaxValue or a board
// longer than linMaxBoard is a record-too-large error; memory stays bounded
// by them whatever the input.
const (
	linMaxValue = 1 << 20
	linMaxBoard = 4 << 20
	linBufSize  = 64 << 10
	linMaxCalls = 400 // a legal auction has at most 319 calls
	linMaxCards = 52
	linMaxNote  = 4 << 10 // an explanation grown by stray '|'
)

// linSeats maps the LIN seat order (pn and md: South, West, North, East;
// dealer digit 1..4) to seats.
var linSeats = [4]Seat{South, West, North, East}

// LIN keys, lower case, as two bytes.
const (
	linAH uint16 = 'a'<<8 | 'h'
	linAN uint16 = 'a'<<8 | 'n'
	linBN uint16 = 'b'<<8 | 'n'
	linMB uint16 = 'm'<<8 | 'b'
	linMC uint16 = 'm'<<8 | 'c'
	linMD uint16 = 'm'<<8 | 'd'
	linMN uint16 = 'm'<<8 | 'n'
	linMP uint16 = 'm'<<8 | 'p'
	linNT uint16 = 'n'<<8 | 't'
	linPC uint16 = 'p'<<8 | 'c'
	linPF uint16 = 'p'<<8 | 'f'
	linPG uint16 = 'p'<<8 | 'g'
	linPN uint16 = 'p'<<8 | 'n'
	linPW uint16 = 'p'<<8 | 'w'
	linQX uint16 = 'q'<<8 | 'x'
	linRH uint16 = 'r'<<8 | 'h'
	linRS uint16 = 'r'<<8 | 's'
	linSA uint16 = 's'<<8 | 'a'
	linST uint16 = 's'<<8 | 't'
	linSV uint16 = 's'<<8 | 'v'
	linVG uint16 = 'v'<<8 | 'g'
	linZZ uint16 = 'z'<<8 | 'z'
)

// LINReader reads board records from a BBO LIN text: single-hand files,
// BBO tournament and "My hands" downloads, vugraph archives and
// BridgeComposer exports. It implements BoardReader. Read returns one board
// at a time, then io.EOF; a board that cannot be understood is returned as
// a *ParseError and the next Read goes on with the next board.
//
// A qx pair starts a new board; without qx, an md after a board's deal
// does. A pn, ah or sv read after a board's auction or play began (or
// before any board) belongs to the next board. Header values (vg, a pn of
// eight names) hold for the boards that follow; a board without its own pn
// takes the header's names for its room, else the last pn seen.
//
// Contract and declarer come from the auction. Cards are given to the
// seats by replaying the tricks from declarer's left-hand opponent; a trick
// whose cards are held by other players than the replay says (a rotated
// trick) is given to the holders when that makes a legal trick (warning
// "play-order"), otherwise the play is cut before the first card its
// player does not hold (warning "card-not-held"). So every card of Play is
// held by its player at that moment whenever the whole deal is known.
//
// A claim (mc) gives ClaimTricks and Result. In vugraph files the rs list
// is checked against each board (contract, declarer, and the claim's
// tricks; warning "rs-mismatch") and gives Result when there is no claim.
//
// Other warnings: unknown-key, bad-lin, bad-dealer, bad-vul,
// incomplete-deal, no-deal, empty-value, packed-cards, bad-claim,
// claim-mismatch, auction-incomplete, calls-after-auction,
// play-without-contract, too-many-calls, too-many-cards, too-many-problems.
// Errors (*ParseError codes): bad-deal, bad-call, bad-card,
// record-too-large (a value over 1 MiB or a board over 4 MiB), bad-lin
// (no LIN pairs at all).
//
// Boards are allocated in small blocks: keeping one board keeps a few
// kilobytes of its neighbours alive.
type LINReader struct {
	// File names the input in boards and errors; set it before the first
	// Read.
	File string

	rd   io.Reader
	buf  []byte
	tok  []byte // a token without its line breaks (strip)
	r, w int    // unread bytes are buf[r:w]
	line int    // line of buf[r] (1-based)
	rerr error  // error from rd; io.EOF at the end
	bom  bool   // the start of the input was checked for a BOM
	done bool   // the last board was returned

	// File-level values: the vg header and the header player list.
	event, scoring, team1, team2 string
	rs                           []string // vg/rs results: two per board from rsFirst
	rsFirst                      int
	hdrNames                     []string    // pn with more than four names
	lastNames                    []string    // last pn with four names or fewer
	pnCache                      [4]linNames // recent pn values, to share strings
	pnNext                       int
	nameRoom                     []string // room for the next name lists, carved in turn

	index   int // boards started so far
	lastKey uint16
	garbage int // stray tokens outside any board
	garLine int
	boards  int // boards returned

	pend linPending
	cur  linBoard
	slab linSlab

	// A chunk reader (LINChunk) pauses at the end of its chunk's bytes
	// (its source gives errLINPause) and may go on with the next chunk's:
	// a key read before the pause waits for its value (pkey), a token cut
	// by the pause is read again from its start (or, too long, goes on
	// being skipped: plong, pskipped, pline).
	hasPKey  bool
	pkey     uint16
	pkline   int
	plong    bool
	pskipped int
	pline    int

	// What a chunk reader that starts with a guessed state (LINChunk)
	// did with it: the bytes and the kinds of pairs before its first
	// board (preBytes, preBad), which carried values it used before
	// setting them (used) and which it set (set).
	preBytes int
	preBad   bool
	used     uint8
	set      uint8
}

// The carried values of a LINReader, as bits of its used and set fields.
const (
	carryVG   uint8 = 1 << iota // event, scoring, teams, first board (vg)
	carryRS                     // the rs list
	carryHdr                    // the header pn (more than four names)
	carryLast                   // the last pn of four names or fewer
)

// errLINPause is what a chunk's source gives at the end of a chunk that
// is not the input's last: the reader stops there, ready to go on.
var errLINPause = errors.New("pbn: end of a LIN chunk")

// lineMark says that the cards from card number from on are on line
// line (up to the next mark): cards rarely change lines, so a board
// keeps a few marks instead of a line for every card.
type lineMark struct{ from, line int32 }

// cardLine returns the line of card i of the board.
func (c *linBoard) cardLine(i int) int {
	line := int32(c.line)
	for _, m := range c.cardLines {
		if int(m.from) > i {
			break
		}
		line = m.line
	}
	return int(line)
}

// markLine notes that the next card is on line.
func (c *linBoard) markLine(line int) {
	if n := len(c.cardLines); n == 0 || c.cardLines[n-1].line != int32(line) {
		c.cardLines = append(c.cardLines, lineMark{int32(len(c.cards)), int32(line)})
	}
}

// linMaxTags is the most tags a LIN board gets.
const linMaxTags = 15

// linSlab hands out the boards and slices of the boards in blocks, so that
// a board costs few allocations. A slice handed out has its capacity cut
// to its length.
type linSlab struct {
	board_ []Board
	play   []Play
	call   []Call
	tag    []Tag
}

// linSlabBoards is the number of boards allocated at a time.
const linSlabBoards = 32

// board returns a new zero Board.
func (s *linSlab) board() *Board {
	if len(s.board_) == 0 {
		s.board_ = make([]Board, linSlabBoards)
	}
	b := &s.board_[0]
	s.board_ = s.board_[1:]
	return b
}

// plays returns an empty slice with room for n plays.
func (s *linSlab) plays(n int) []Play {
	if len(s.play) < n {
		s.play = make([]Play, max(n, 52*linSlabBoards))
	}
	p := s.play[:0:n]
	s.play = s.play[n:]
	return p
}

// open returns the free part of the call block, empty, for a board to
// append its calls to.
func (s *linSlab) open() []Call {
	if len(s.call) < 32 {
		s.call = make([]Call, 16*linSlabBoards)
	}
	return s.call[:0]
}

// taken marks the calls of a finished board as used, when append kept them
// in the block.
func (s *linSlab) taken(calls []Call) {
	if len(calls) > 0 && len(calls) <= len(s.call) && &calls[0] == &s.call[0] {
		s.call = s.call[len(calls):]
	}
}

// tags returns an empty slice with room for n tags; the caller gives back
// what it did not use by cutting s.tag.
func (s *linSlab) tags(n int) []Tag {
	if len(s.tag) < n {
		s.tag = make([]Tag, max(n, 12*linSlabBoards))
	}
	return s.tag[:0:n]
}

// linContracts holds the texts of all contracts, by level, strain and
// doubling.
var linContracts = func() (t [8][5][3]string) {
	for l := 1; l <= 7; l++ {
		for s := Strain(0); s <= NoTrump; s++ {
			for d := range 3 {
				t[l][s][d] = Contract{Level: l, Strain: s, Doubled: d}.String()
			}
		}
	}
	return
}()

// linContractText returns c.String() without allocating.
func linContractText(c Contract) string {
	if c.Level < 1 || c.Level > 7 || c.Strain > NoTrump || c.Doubled < 0 || c.Doubled > 2 {
		return c.String()
	}
	return linContracts[c.Level][c.Strain][c.Doubled]
}

// linNumbers holds the decimal texts of 0..linNumbersMax back to back;
// linNumberAt[n] is where the text of n starts.
const linNumbersMax = 1024

// linNumbers and linNumberAt are built once, at start-up.
var linNumbers, linNumberAt = func() (string, [linNumbersMax + 2]int) {
	var b []byte
	var at [linNumbersMax + 2]int
	for n := 0; n <= linNumbersMax; n++ {
		at[n] = len(b)
		b = strconv.AppendInt(b, int64(n), 10)
	}
	at[linNumbersMax+1] = len(b)
	return string(b), at
}()

// linItoa is strconv.Itoa that does not allocate for board numbers.
func linItoa(n int) string {
	if n < 0 || n > linNumbersMax {
		return strconv.Itoa(n)
	}
	return linNumbers[linNumberAt[n]:linNumberAt[n+1]]
}

// linVul reads an sv value: o, n, e, b or 0 (either case), else what
// ParseVulnerability accepts.
func linVul(v []byte) (Vulnerability, bool) {
	if len(v) == 1 {
		switch v[0] | 0x20 {
		case 'o', '0' | 0x20:
			return VulNone, true
		case 'n':
			return VulNS, true
		case 'e':
			return VulEW, true
		case 'b':
			return VulAll, true
		}
	}
	return ParseVulnerability(string(v))
}

// linNames is a pn value and the names read from it.
type linNames struct {
	raw   string
	names []string
}

// linPending holds values read after a board was complete (or before any
// board) that belong to the next board.
type linPending struct {
	line     int
	names    []string
	hasNames bool
	ah       int
	hasAH    bool
	sv       Vulnerability
	hasSV    bool
	svBad    bool
	unknown  []uint16 // unknown keys seen before the board
}

// linBoard collects one board while it is read; it is turned into a Board
// at its end. Its slices are reused from board to board.
type linBoard struct {
	started bool
	line    int
	size    int
	skip    bool // too large: the rest of the board is skipped
	err     *ParseError
	// bad is the first unreadable pc value, which stops the play
	// (laws.md A12), on badLine; the cards before it are cards.
	bad     string
	badLine int

	event, scoring, team1, team2 string
	rs                           []string
	rsFirst                      int

	qx    bool
	room  byte
	num   int
	hasAH bool
	ahNum int
	names []string // the board's own pn, else the header or last pn
	md    bool

	carried uint8 // names from the reader's carried values (carryHdr, carryLast)

	dealer    Seat
	hasDealer bool
	deal      Deal
	given     [4]bool

	vul   Vulnerability
	hasSV bool

	calls     []Call
	codes     []uint8 // per call: 0 pass, 1 X, 2 XX, 3.. bids
	cards     []Card
	cardLines []lineMark // the line of the cards from each mark on
	claim     int
	claimLine int

	problems []Problem
	unknown  [26*26/64 + 1]uint64 // unknown keys already reported
}

// NewLINReader returns a reader of the LIN text r. It does its own
// buffering.
func NewLINReader(r io.Reader) *LINReader {
	lr := &LINReader{rd: r, buf: make([]byte, linBufSize), line: 1}
	lr.cur.claim = -1
	return lr
}

// Read returns the next board, then io.EOF. A *ParseError is a board that
// could not be read; the next Read goes on. Any other error comes from the
// underlying reader and ends the input.
func (r *LINReader) Read() (*Board, error) {
	if r.done {
		return nil, io.EOF
	}
	if r.hasPKey { // a key read before a pause
		r.hasPKey = false
		if b, err, out := r.value(r.pkey, r.pkline); out {
			return b, err
		}
	}
	for {
		// Card runs start "pc" or "pg"; the other pairs skip the call.
		if r.cur.started && !r.cur.skip && r.cur.bad == "" && r.r < r.w && r.buf[r.r]|0x20 == 'p' {
			r.cardRun()
		}
		if key, v, ok := r.fastPair(); ok {
			if r.cur.started && !r.cur.skip {
				switch key {
				case linMB: // the most frequent pair after pc
					r.call(v, r.line)
					continue
				case linPC:
					if card, ok := linCard(v); ok {
						r.addCard(card, r.line)
						continue
					}
				}
			}
			if b, err, out := r.pair(key, v, r.line); out {
				return b, err
			}
			continue
		}
		kt, kline, n, ok, long := r.next()
		if !ok {
			if r.rerr == errLINPause {
				return nil, errLINPause
			}
			if r.rerr != nil && r.rerr != io.EOF {
				r.done = true
				return nil, r.rerr
			}
			r.done = true
			if r.cur.started {
				return r.finish()
			}
			if r.boards == 0 && r.garbage > 0 {
				return nil, &ParseError{File: r.File, Record: 1, StartLine: r.garLine,
					Line: r.garLine, Code: "bad-lin",
					Err: Msg("no LIN key|value| pairs found")}
			}
			return nil, io.EOF
		}
		r.count(n)
		key, isKey := linKey(kt)
		if long || !isKey {
			r.stray(kt, kline, long)
			continue
		}
		if b, err, out := r.value(key, kline); out {
			return b, err
		}
	}
}

// value reads the value of key (read at line kline) and applies the pair;
// out is set as by pair. At a pause the key waits for its value.
func (r *LINReader) value(key uint16, kline int) (b *Board, err error, out bool) {
	vt, vline, n, ok, long := r.next()
	if ok {
		r.count(n)
	} else {
		if r.rerr == errLINPause {
			r.hasPKey, r.pkey, r.pkline = true, key, kline
			return nil, errLINPause, true
		}
		vt, vline = nil, kline // the next call of next reports the end
	}
	if long {
		r.tooLarge(vline, Msg("a LIN value is longer than %d bytes", linMaxValue))
		vt = nil
	}
	r.lastKey = key
	return r.pair(key, vt, kline)
}

// cardRun reads a run of "pc|XX|" and "pg||" pairs in the buffer: most of
// a LIN file. Whole usual trick rows are read at once (linTrickRows).
func (r *LINReader) cardRun() {
	buf := r.buf[r.r:r.w]
	c := &r.cur
	n := 0
	// Four bytes at a time: "pc|S" then "A|", or "pg||" (either case).
	const pc, pg = 'p' | 'c'<<8 | '|'<<16, 'p' | 'g'<<8 | '|'<<16 | '|'<<24
	cards := c.cards
	for n+6 <= len(buf) {
		var k int
		if cards, k = linTrickRows(buf[n:], cards); k > 0 {
			n += k
			continue
		}
		t := buf[n : n+6 : n+6] // one bounds check for the token
		w := binary.LittleEndian.Uint32(t) | 0x2020
		if w == pg {
			n += 4
			continue
		}
		su, rk := linSuitOf[t[3]], linRankOf[t[4]]
		if w&0xffffff != pc || t[5] != '|' || su == 0 || rk == 0 || len(cards) >= linMaxCards {
			break
		}
		cards = append(cards, Card((su-1)<<4|rk))
		n += 6
	}
	if n == 0 {
		return
	}
	c.markLine(r.line) // for the cards from len(c.cards) on
	c.cards = cards
	r.r += n
	r.lastKey = linPC
	r.count(n)
}

// fastPair reads a whole key|value| pair when it lies in the buffer on one
// line (after any line breaks) with a plain two-letter key: the common
// case, without the bookkeeping of next. It reports false when the slow
// path must be taken.
func (r *LINReader) fastPair() (key uint16, v []byte, ok bool) {
	if !r.bom {
		return 0, nil, false
	}
	buf := r.buf[r.r:r.w]
	// Line breaks before the key (a board per line) are skipped here too.
	k, lines := 0, 0
	if len(buf) > 0 && buf[0] <= '\r' {
		k, lines = linBreaks(buf)
		buf = buf[k:]
	}
	if len(buf) < 4 || buf[2] != '|' || linStop[buf[0]] || linStop[buf[1]] {
		return 0, nil, false
	}
	a, b := buf[0]|0x20, buf[1]|0x20
	if a < 'a' || a > 'z' || b < 'a' || b > 'z' {
		return 0, nil, false
	}
	j := 0
	if len(buf) >= 11 { // a short value ends in the first word: no call
		if m := linStops(binary.LittleEndian.Uint64(buf[3:11])); m != 0 {
			j = 3 + bits.TrailingZeros64(m)/8
		}
	}
	if j == 0 || !linStop[buf[j]] {
		j = linStopAt(buf, 3)
	}
	if j >= len(buf) || buf[j] != '|' || j-3 > linMaxValue {
		return 0, nil, false
	}
	r.line += lines
	r.r += k + j + 1
	r.count(k + j + 1)
	key = uint16(a)<<8 | uint16(b)
	r.lastKey = key
	return key, buf[3:j], true
}

// linBreaks returns the number of line-break bytes (CR and LF) at the
// start of b and the number of LFs among them.
func linBreaks(b []byte) (k, lines int) {
	for k < len(b) && (b[k] == '\n' || b[k] == '\r') {
		if b[k] == '\n' {
			lines++
		}
		k++
	}
	return k, lines
}

// count adds n bytes to the size of the current board.
// It is small enough to be inlined in the hot paths.
func (r *LINReader) count(n int) {
	if r.cur.started {
		r.cur.size += n
		if r.cur.size > linMaxBoard {
			r.overflow()
		}
	} else if r.index == 0 {
		r.preBytes += n
	}
}

// overflow marks the current board, larger than linMaxBoard, as too large
// (once). It is kept out of count, so that count stays small.
//
//go:noinline
func (r *LINReader) overflow() {
	if !r.cur.skip {
		r.tooLarge(r.line, Msg("record larger than %d bytes", linMaxBoard))
	}
}

// tooLarge marks the current board (started if need be) as too large.
func (r *LINReader) tooLarge(line int, m Message) {
	if !r.cur.started {
		r.preBad = r.preBad || r.index == 0
		r.start(line)
	}
	r.cur.skip = true
	r.fail(line, "record-too-large", m)
}

// fail records the first error of the current board.
func (r *LINReader) fail(line int, code string, m Message) {
	if r.cur.err != nil {
		return
	}
	r.cur.err = &ParseError{File: r.File, Record: r.index, StartLine: r.cur.line,
		Line: line, Code: code, Err: m}
}

// finish ends the current board: it returns it as a Board, or its error.
func (r *LINReader) finish() (*Board, error) {
	r.boards++
	c := &r.cur
	r.used |= c.carried
	if err := c.err; err != nil {
		r.reset()
		return nil, err
	}
	f := linFinisher{c: c, file: r.File, index: r.index, slab: &r.slab}
	b := f.finish()
	r.reset()
	return b, nil
}

// linFinisher turns a board as read (a linBoard) into a Board: the
// contract from the auction, the play given to its seats, the claim and
// rs checks, the tags.
type linFinisher struct {
	c     *linBoard
	file  string
	index int
	slab  *linSlab
}

// warn adds a warning to the board being finished.
func (f *linFinisher) warn(line int, code string, m Message) {
	f.c.warn(f.file, f.index, line, code, m)
}

// linMaxProblems is the most warnings a board gets; the rest are dropped.
const linMaxProblems = 64

// warn adds a warning to the current board.
func (r *LINReader) warn(line int, code string, m Message) {
	r.cur.warn(r.File, r.index, line, code, m)
}

// warn adds a warning to the board (of file, record index).
func (c *linBoard) warn(file string, index, line int, code string, m Message) {
	switch n := len(c.problems); {
	case n > linMaxProblems:
		return
	case n == linMaxProblems:
		code, m = "too-many-problems", Msg("more than %d problems; the rest are not shown", linMaxProblems)
	}
	c.problems = append(c.problems, Problem{File: file, Game: index,
		Line: line, Code: code, Severity: Warning, Text: m})
}

// stray handles a token where a key was expected: a value holding a '|'
// (the rest is added to an explanation) or garbage.
func (r *LINReader) stray(tok []byte, line int, long bool) {
	tok = linTrim(tok)
	if len(tok) == 0 && !long {
		return
	}
	if !r.cur.started {
		r.preBad = r.preBad || r.index == 0
		if r.garbage == 0 {
			r.garLine = line
		}
		r.garbage++
		return
	}
	if long {
		r.tooLarge(line, Msg("a LIN value is longer than %d bytes", linMaxValue))
		return
	}
	if r.cur.skip {
		return
	}
	if r.lastKey == linAN && len(r.cur.calls) > 0 {
		// An explanation holding a '|'. Bounded, so that a flood of bars
		// cannot make the note grow quadratically.
		if c := &r.cur.calls[len(r.cur.calls)-1]; len(c.Note)+len(tok) < linMaxNote {
			c.Note += "|" + linText(tok)
		}
		return
	}
	if r.lastKey == linNT {
		return
	}
	r.warn(line, "bad-lin", Msg("unexpected text %q where a LIN key was expected", linShort(tok)))
}

// start begins a new board at line, with the values pending for it.
func (r *LINReader) start(line int) {
	c := &r.cur
	r.index++
	c.started = true
	c.line = line
	if r.pend.line > 0 && r.pend.line < line {
		c.line = r.pend.line
	}
	c.event, c.scoring, c.team1, c.team2 = r.event, r.scoring, r.team1, r.team2
	c.rs, c.rsFirst = r.rs, r.rsFirst
	p := &r.pend
	r.used |= (carryVG | carryRS) &^ r.set
	if p.hasNames {
		c.names = p.names
	} else {
		// (Used once the board ends with these names: a pn in its
		// heading may replace them.)
		c.names = r.hdrNames
		c.carried = carryHdr &^ r.set
		if c.names == nil {
			c.names = r.lastNames
			c.carried |= carryLast &^ r.set
		}
	}
	if p.hasAH {
		c.ahNum, c.hasAH = p.ah, true
	}
	if p.hasSV {
		c.vul, c.hasSV = p.sv, true
	}
	if p.svBad {
		r.warn(p.line, "bad-vul", Msg("unknown vulnerability in sv"))
	}
	for _, k := range p.unknown {
		r.unknownKey(k, p.line)
	}
	r.pend = linPending{unknown: p.unknown[:0]}
}

// progressed reports whether the current board has a deal and got past
// its heading (auction or play), so that heading keys belong to the next
// board.
func (c *linBoard) progressed() bool {
	return c.md && (len(c.calls) > 0 || len(c.cards) > 0 || c.claim >= 0)
}

// pair applies one key|value| pair. When the pair starts a new board, the
// finished one is returned with out set.
func (r *LINReader) pair(key uint16, v []byte, line int) (b *Board, err error, out bool) {
	c := &r.cur
	switch key {
	case linQX:
		if c.started {
			b, err = r.finish()
			out = true
		}
		r.start(line)
		c.qx = true
		v = linTrim(v)
		if len(v) > 0 {
			switch v[0] | 0x20 {
			case 'o':
				c.room = 'o'
				v = v[1:]
			case 'c':
				c.room = 'c'
				v = v[1:]
			}
		}
		c.num = linNumber(v)
		return
	case linMD:
		if c.started && (c.md || c.skip) {
			b, err = r.finish()
			out = true
			r.start(line)
		} else if !c.started {
			r.start(line)
		}
		c.md = true
		if !c.skip {
			r.deal(v, line)
		}
		return
	case linVG:
		r.header(v)
		return
	case linRS:
		r.results(v)
		return
	case linPN:
		r.players(v, line)
		return
	}
	if c.skip {
		return
	}
	switch key {
	case linAH:
		n := linNumber(v)
		if !c.started || c.progressed() || (c.md && c.hasAH) {
			r.pending(line)
			r.pend.ah, r.pend.hasAH = n, true
			return
		}
		c.ahNum, c.hasAH = n, true
	case linSV:
		vul, ok := linVul(linTrim(v))
		if !c.started || c.progressed() || (c.md && c.hasSV) {
			r.pending(line)
			r.pend.sv, r.pend.hasSV, r.pend.svBad = vul, ok, !ok
			return
		}
		if !ok {
			r.warn(line, "bad-vul", Msg("unknown vulnerability %q in sv", linShort(v)))
			return
		}
		c.vul, c.hasSV = vul, true
	case linMB:
		if !c.started {
			r.preBad = r.preBad || r.index == 0
			r.start(line)
		}
		r.call(v, line)
	case linAN:
		if c.started && len(c.calls) > 0 {
			c.calls[len(c.calls)-1].Note = linText(linTrim(v))
		}
		r.preBad = r.preBad || r.index == 0
	case linPC:
		if !c.started {
			r.preBad = r.preBad || r.index == 0
			r.start(line)
		}
		r.card(v, line)
	case linMC:
		if !c.started {
			r.preBad = r.preBad || r.index == 0
			r.start(line)
		}
		t := linTrim(v)
		n, ok := linInt(t)
		if !ok || n > 13 {
			r.warn(line, "bad-claim", Msg("claim %q is not a number of tricks from 0 to 13", linShort(t)))
			return
		}
		c.claim, c.claimLine = n, line
	case linST, linRH, linPG, linNT, linZZ, linSA, linMN, linPF, linMP,
		linBN, linPW:
		// Ignored: headings, page breaks, chat, scores, result lists.
	default:
		if !c.started {
			r.preBad = r.preBad || r.index == 0
			if len(r.pend.unknown) < 8 {
				r.pending(line)
				r.pend.unknown = append(r.pend.unknown, key)
			}
			return
		}
		r.unknownKey(key, line)
	}
	return
}

// unknownKey warns once per board about an unknown key.
func (r *LINReader) unknownKey(key uint16, line int) {
	c := &r.cur
	i := int(key>>8-'a')*26 + int(key&0xff-'a') // keys are lower-case letters
	if c.unknown[i/64]&(1<<(i%64)) != 0 {
		return
	}
	c.unknown[i/64] |= 1 << (i % 64)
	r.warn(line, "unknown-key", Msg("unknown LIN key %q skipped", linKeyName(key)))
}

// pending notes that a value read at line is kept for the next board.
func (r *LINReader) pending(line int) {
	if r.pend.line == 0 {
		r.pend.line = line
	}
}

// header reads a vg header: event, segment, scoring, first and last board,
// team 1, carry-over, team 2, carry-over.
func (r *LINReader) header(v []byte) {
	var f [9][]byte
	n := 0
	start := 0
	for i := 0; i <= len(v) && n < len(f); i++ {
		if i == len(v) || v[i] == ',' {
			f[n] = linTrim(v[start:i])
			n++
			start = i + 1
		}
	}
	r.event = linText(f[0])
	r.scoring = ""
	if len(f[2]) == 1 {
		switch f[2][0] | 0x20 {
		case 'i':
			r.scoring = "IMP"
		case 'p':
			r.scoring = "MP"
		case 'b':
			r.scoring = "BAM"
		}
	}
	r.team1, r.team2 = linText(f[5]), linText(f[7])
	r.rsFirst = linNumber(f[3])
	r.set |= carryVG
	if r.cur.started && !r.cur.md {
		r.cur.event, r.cur.scoring, r.cur.team1, r.cur.team2 = r.event, r.scoring, r.team1, r.team2
	}
}

// results reads an rs list: two results per board (open room, closed
// room) from the vg first board, e.g. "4HE=", "3NW+1", "4SWx-4", "P".
func (r *LINReader) results(v []byte) {
	r.set |= carryRS
	s := linText(v)
	n := 1 + strings.Count(s, ",")
	if n > 4096 {
		r.rs = nil
		return
	}
	rs := make([]string, 0, n)
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			rs = append(rs, linTrimString(s[start:i]))
			start = i + 1
		}
	}
	r.rs = rs
}

// linResult reads one rs entry: the contract, declarer and declarer's
// tricks; passed out gives Level 0.
func linResult(e string) (c Contract, decl Seat, tricks int, ok bool) {
	switch strings.ToUpper(e) {
	case "P", "PASS":
		return Contract{}, 0, 0, true
	}
	if len(e) < 4 || e[0] < '1' || e[0] > '7' {
		return c, 0, 0, false
	}
	c.Level = int(e[0] - '0')
	if e[1]|0x20 == 'n' {
		c.Strain = NoTrump
	} else if su, ok := ParseSuit(e[1]); ok {
		c.Strain = Strain(su)
	} else {
		return c, 0, 0, false
	}
	decl, ok = ParseSeat(e[2])
	if !ok {
		return c, 0, 0, false
	}
	rest := e[3:]
	for len(rest) > 0 && rest[0]|0x20 == 'x' && c.Doubled < 2 {
		c.Doubled++
		rest = rest[1:]
	}
	tricks = c.Level + 6
	switch {
	case rest == "=":
	case len(rest) >= 2 && (rest[0] == '+' || rest[0] == '-'):
		d, ok := linInt([]byte(rest[1:]))
		if !ok {
			return c, 0, 0, false
		}
		if rest[0] == '-' {
			d = -d
		}
		tricks += d
	default:
		return c, 0, 0, false
	}
	if tricks < 0 || tricks > 13 {
		return c, 0, 0, false
	}
	return c, decl, tricks, true
}

// checkResult compares a vugraph board with its rs entry: the contract
// and declarer must be the auction's and the tricks the claim's. Without a
// claim, the rs tricks become the board's Result.
func (f *linFinisher) checkResult(b *Board) {
	c := f.c
	num := c.num
	if num == 0 && c.hasAH {
		num = c.ahNum
	}
	if len(c.rs) == 0 || c.rsFirst <= 0 || num < c.rsFirst || (c.room != 'o' && c.room != 'c') {
		return
	}
	i := 2 * (num - c.rsFirst)
	if c.room == 'c' {
		i++
	}
	if i >= len(c.rs) || c.rs[i] == "" {
		return
	}
	e := c.rs[i]
	con, decl, tricks, ok := linResult(e)
	if !ok {
		f.warn(c.line, "rs-mismatch", Msg("unreadable result %q in rs", e))
		return
	}
	if b.HasContract && (con != b.Contract || (!con.PassedOut() && b.HasDeclarer && decl != b.Declarer)) {
		by := "-"
		if b.HasDeclarer {
			by = b.Declarer.String()
		}
		f.warn(c.line, "rs-mismatch", Msg("rs gives %q but the auction gives %s by %s", e, linContractText(b.Contract), by))
		return
	}
	if con.PassedOut() {
		return
	}
	if b.Claim {
		if tricks != b.ClaimTricks {
			f.warn(c.claimLine, "rs-mismatch", Msg("rs gives %q (%d tricks) but the claim gives %d", e, tricks, b.ClaimTricks))
		}
		return
	}
	b.Result, b.HasResult = tricks, true
}

// players reads a pn list (S, W, N, E; eight names in vugraph headers).
func (r *LINReader) players(v []byte, line int) {
	var names []string
	for i := range r.pnCache {
		if e := &r.pnCache[i]; e.names != nil && string(v) == e.raw {
			names = e.names
			break
		}
	}
	if names == nil {
		s := linText(v)
		n := 1 + strings.Count(s, ",")
		if len(r.nameRoom) < n {
			r.nameRoom = make([]string, max(n, 256))
		}
		// (A list gets room of its own length: no append reaches the next.)
		names, r.nameRoom = r.nameRoom[:0:n], r.nameRoom[n:]
		for rest := s; ; {
			i := strings.IndexByte(rest, ',')
			if i < 0 {
				names = append(names, linTrimString(rest))
				break
			}
			names = append(names, linTrimString(rest[:i]))
			rest = rest[i+1:]
		}
		if len(v) <= 256 {
			raw := s // the same bytes as v when v is UTF-8
			if len(raw) != len(v) || raw != string(v) {
				raw = string(v)
			}
			r.pnCache[r.pnNext] = linNames{raw, names}
			r.pnNext = (r.pnNext + 1) % len(r.pnCache)
		}
	}
	c := &r.cur
	if len(names) > 4 {
		if !c.started || c.progressed() {
			r.hdrNames = names
			r.set |= carryHdr
		} else {
			c.names, c.carried = names, 0
		}
		return
	}
	r.lastNames = names
	r.set |= carryLast
	if !c.started || c.md {
		r.pending(line)
		r.pend.names, r.pend.hasNames = names, true
		return
	}
	c.names, c.carried = names, 0
}

// deal reads an md value: dealer digit, then the S, W, N, E hands.
func (r *LINReader) deal(v []byte, line int) {
	c := &r.cur
	if c.err != nil {
		return
	}
	if d, dealer, ok := linQuickDeal(v); ok {
		c.deal, c.given = d, [4]bool{true, true, true, true}
		c.dealer, c.hasDealer = dealer, true
		return
	}
	r.dealAny(v, line)
}

// dealAny is deal for any md value, with its warnings and errors.
func (r *LINReader) dealAny(v []byte, line int) {
	c := &r.cur
	c.deal, c.given, c.hasDealer = Deal{}, [4]bool{}, false
	v = linTrim(v)
	if len(v) > 0 && v[0] >= '0' && v[0] <= '9' {
		if v[0] >= '1' && v[0] <= '4' {
			c.dealer, c.hasDealer = linSeats[v[0]-'1'], true
		} else {
			r.warn(line, "bad-dealer", Msg("unknown dealer digit %q in md", string(v[:1])))
		}
		v = v[1:]
	} else {
		r.warn(line, "bad-dealer", Msg("md gives no dealer digit"))
	}
	var seen, hand Hand
	h := 0
	suit := -1 // bit of the suit's rank 0 in a Hand; -1 before any suit
	for i := 0; i < len(v); i++ {
		ch := v[i]
		if rk := linRankOf[ch]; rk != 0 {
			if suit < 0 {
				r.fail(line, "bad-deal", Msg("rank %s before any suit letter in md", Rank(rk).String()))
				return
			}
			bit := Hand(1) << (suit + int(rk))
			if hand&bit != 0 {
				r.fail(line, "bad-deal", Msg("card %s appears twice in md", Card(suit+int(rk)).String()))
				return
			}
			hand |= bit
			continue
		}
		if su := linSuitOf[ch]; su != 0 {
			suit = int(su-1) << 4
			// The ranks that follow, quickly (a "10" or anything else
			// goes back to the loop).
			held := uint16(hand >> uint(suit))
			j := i + 1
			for ; j < len(v); j++ {
				rk := linRankOf[v[j]]
				if rk == 0 {
					break
				}
				b := uint16(1) << (rk & 15)
				if held&b != 0 {
					r.fail(line, "bad-deal", Msg("card %s appears twice in md", Card(suit+int(rk)).String()))
					return
				}
				held |= b
			}
			hand |= Hand(held) << uint(suit)
			i = j - 1
			continue
		}
		switch ch {
		case ',':
			if !r.dealHand(&seen, hand, h, line) {
				return
			}
			h++
			hand, suit = 0, -1
			if h >= 4 {
				if allCommas(v[i+1:]) {
					i = len(v)
					continue
				}
				r.fail(line, "bad-deal", Msg("md gives more than four hands"))
				return
			}
		case ' ', '\t':
		case '1':
			if i+1 < len(v) && v[i+1] == '0' && suit >= 0 {
				bit := Hand(1) << (suit + int(Ten))
				if hand&bit != 0 {
					r.fail(line, "bad-deal", Msg("card %s appears twice in md", Card(suit+int(Ten)).String()))
					return
				}
				hand |= bit
				i++
				continue
			}
			fallthrough
		default:
			r.fail(line, "bad-deal", Msg("unexpected character %q in md", string(rune(ch))))
			return
		}
	}
	if h < 4 && !r.dealHand(&seen, hand, h, line) {
		return
	}
	n, full := 0, 0
	var missing Seat
	for i, s := range linSeats {
		l := c.deal[s].Len()
		if l > 13 {
			r.fail(line, "bad-deal", Msg("the hand of %s has %d cards", s.String(), l))
			return
		}
		if l > 0 {
			c.given[s] = true
			n++
			if l == 13 {
				full++
			}
		} else {
			missing = linSeats[i]
		}
	}
	if n == 3 && full == 3 {
		c.deal[missing] = FullHand &^ seen
		c.given[missing] = true
		return
	}
	if n < 4 || full < 4 {
		r.warn(line, "incomplete-deal", Msg("md gives %d hands and %d cards", n, seen.Len()))
	}
}

// linMDClass maps a byte of an md value to what linQuickDeal does with
// it: the bit of a rank (1<<2 to 1<<14), a suit (linMDSuit plus the bit of
// the suit's rank 0 in a Hand), a comma (linMDComma), anything else
// (linMDOther). Ranks are bits, so that they are added to a suit without
// a shift.
var linMDClass = func() (t [256]uint32) {
	for i := range 256 {
		t[i] = linMDOther
		if su := linSuitOf[i]; su != 0 {
			t[i] = linMDSuit | uint32(su-1)<<4
		}
		if rk := linRankOf[i]; rk != 0 {
			t[i] = 1 << rk
		}
	}
	t[','] = linMDComma
	return
}()

// Classes of linMDClass besides the ranks.
const (
	linMDSuit  = 1 << 16
	linMDComma = 1 << 17
	linMDOther = 1 << 18
)

// linQuickDeal reads the usual md value in one pass: a dealer digit 1 to
// 4, then four hands of 13 cards, or three and an empty fourth (the rest
// of the pack), suit letters followed by single-letter ranks. It reports
// false for anything else (blanks, "10", a card twice, another number of
// cards...), which dealAny then reads with its warnings and errors.
func linQuickDeal(v []byte) (d Deal, dealer Seat, ok bool) {
	if len(v) < 2 || v[0] < '1' || v[0] > '4' {
		return d, 0, false
	}
	dealer = linSeats[v[0]-'1']
	var hands [4]uint64 // LIN order
	var hand uint64     // the hand being read, but for its current suit
	var held uint32     // the ranks of its current suit
	h, n := 0, 0        // hands done, ranks read in this hand
	// The bit of the current suit's rank 0; 64 (no suit yet) loses the
	// ranks, and the count of the hand then tells. So does a card twice.
	suit := uint(64)
	for _, ch := range v[1:] {
		x := linMDClass[ch]
		if x < linMDSuit {
			held |= x
			n++
			continue
		}
		hand |= uint64(held) << suit
		held = 0
		if x < linMDComma {
			suit = uint(x & 0x30)
			continue
		}
		if x != linMDComma || h == 3 || n != 13 {
			return d, 0, false
		}
		hands[h&3] = hand
		h++
		hand, n, suit = 0, 0, 64
	}
	hand |= uint64(held) << suit
	if h != 3 || (n != 0 && n != 13) {
		return d, 0, false
	}
	// Each hand has 13 ranks: no card twice makes 39 or 52 cards.
	seen := hands[0] | hands[1] | hands[2]
	if bits.OnesCount64(seen|hand) != 39+n {
		return d, 0, false
	}
	if n == 0 {
		hand = uint64(FullHand) &^ seen // the rest of the pack
	}
	hands[3] = hand
	for i, s := range linSeats {
		d[s] = Hand(hands[i])
	}
	return d, dealer, true
}

// dealHand stores hand as the h-th hand (LIN order) of the md being read,
// failing the board when a card of it was already given.
func (r *LINReader) dealHand(seen *Hand, hand Hand, h, line int) bool {
	if dup := *seen & hand; dup != 0 {
		r.fail(line, "bad-deal", Msg("card %s appears twice in md", dup.Cards()[0].String()))
		return false
	}
	*seen |= hand
	r.cur.deal[linSeats[h]] = hand
	return true
}

// allCommas reports whether b holds only commas and blanks.
func allCommas(b []byte) bool {
	for _, ch := range b {
		if ch != ',' && ch != ' ' && ch != '\t' {
			return false
		}
	}
	return true
}

// Normalised call texts, indexed by call code.
var linCallText = func() []string {
	t := []string{"Pass", "X", "XX"}
	for l := 1; l <= 7; l++ {
		for s := Strain(0); s <= NoTrump; s++ {
			t = append(t, strconv.Itoa(l)+s.String())
		}
	}
	return t
}()

// linCallCode reads an mb value without its alert marks: 0 pass, 1 double,
// 2 redouble, 3 + 5*(level-1) + strain for a bid.
func linCallCode(t []byte) (uint8, bool) {
	switch len(t) {
	case 1:
		switch t[0] | 0x20 {
		case 'p':
			return 0, true
		case 'd', 'x':
			return 1, true
		case 'r':
			return 2, true
		}
		return 0, false
	case 0:
		return 0, false
	}
	if t[0] >= '1' && t[0] <= '7' {
		level := t[0] - '1'
		var st Strain
		switch {
		case len(t) == 2 && (t[1]|0x20) == 'n':
			st = NoTrump
		case len(t) == 3 && (t[1]|0x20) == 'n' && (t[2]|0x20) == 't':
			st = NoTrump
		case len(t) == 2:
			s, ok := ParseSuit(t[1])
			if !ok {
				return 0, false
			}
			st = Strain(s)
		default:
			return 0, false
		}
		return 3 + 5*level + uint8(st), true
	}
	switch linLower(t) {
	case "pass":
		return 0, true
	case "dbl", "double":
		return 1, true
	case "xx", "rdbl", "redouble":
		return 2, true
	}
	return 0, false
}

// linQuickCall returns 1 + the code of a plain mb value of one or two
// bytes ("p", "d", "r", "1S", "3N" in either case, no blanks, no alert
// mark), else 0: the value is then read by linCallCode.
func linQuickCall(v []byte) uint8 {
	switch len(v) {
	case 1:
		return linCallOf[v[0]]
	case 2:
		if level := v[0] - '1'; level < 7 {
			if st := linStrainOf[v[1]]; st != 0 {
				return 3 + 5*level + st
			}
		}
	}
	return 0
}

// linCallOf maps a one-byte call to 1 + its code, linStrainOf a byte to 1
// + its strain (0 when the byte is neither).
var linCallOf, linStrainOf = func() (c, s [256]uint8) {
	for _, ch := range "pP" {
		c[ch] = 1
	}
	for _, ch := range "dDxX" {
		c[ch] = 2
	}
	for _, ch := range "rR" {
		c[ch] = 3
	}
	s = linSuitOf // 1 + suit, and a suit is its strain
	s['n'], s['N'] = 1+uint8(NoTrump), 1+uint8(NoTrump)
	return
}()

// linLower returns short ASCII text in lower case ("" when longer than 8).
func linLower(t []byte) string {
	if len(t) > 8 {
		return ""
	}
	var b [8]byte
	for i, ch := range t {
		if ch >= 'A' && ch <= 'Z' {
			ch += 'a' - 'A'
		}
		b[i] = ch
	}
	return string(b[:len(t)])
}

// call reads an mb value.
func (r *LINReader) call(v []byte, line int) {
	c := &r.cur
	code, alert := linQuickCall(v), false
	if code != 0 {
		code--
	} else {
		t := linTrim(v)
		for len(t) > 0 && (t[len(t)-1] == '!' || t[len(t)-1] == '?') {
			alert = alert || t[len(t)-1] == '!'
			t = linTrim(t[:len(t)-1])
		}
		if len(t) == 0 {
			r.warn(line, "empty-value", Msg("empty mb skipped"))
			return
		}
		var ok bool
		if code, ok = linCallCode(t); !ok {
			r.fail(line, "bad-call", Msg("unknown call %q in mb", linShort(v)))
			return
		}
	}
	if len(c.calls) >= linMaxCalls {
		if len(c.calls) == linMaxCalls {
			r.warn(line, "too-many-calls", Msg("more than %d calls; the rest is skipped", linMaxCalls))
			c.calls = append(c.calls, Call{})
		}
		return
	}
	if c.calls == nil {
		c.calls = r.slab.open()
	}
	c.calls = append(c.calls, Call{Text: linCallText[code], Alert: alert})
	c.codes = append(c.codes, code)
}

// linSuitOf and linRankOf map a byte to 1 + its suit and to its rank (0
// when the byte is neither).
var linSuitOf, linRankOf = func() (s, r [256]uint8) {
	for i := range 256 {
		if su, ok := ParseSuit(byte(i)); ok {
			s[i] = uint8(su) + 1
		}
		if rk, ok := ParseRank(byte(i)); ok {
			r[i] = uint8(rk)
		}
	}
	return
}()

// linCard reads a card written suit then rank (or rank then suit), either
// case, "10" for the ten.
func linCard(t []byte) (Card, bool) {
	switch len(t) {
	case 2:
		if s, rk := linSuitOf[t[0]], linRankOf[t[1]]; s != 0 && rk != 0 {
			return Card((s-1)<<4 | rk), true
		}
		if s, rk := linSuitOf[t[1]], linRankOf[t[0]]; s != 0 && rk != 0 {
			return Card((s-1)<<4 | rk), true
		}
	case 3:
		if s, ok := ParseSuit(t[0]); ok && t[1] == '1' && t[2] == '0' {
			return NewCard(s, Ten), true
		}
		if s, ok := ParseSuit(t[2]); ok && t[0] == '1' && t[1] == '0' {
			return NewCard(s, Ten), true
		}
	}
	return NoCard, false
}

// card reads a pc value: one card, or (tolerated, with a warning) several
// cards packed together.
func (r *LINReader) card(v []byte, line int) {
	t := linTrim(v)
	if len(t) == 0 {
		r.warn(line, "empty-value", Msg("empty pc skipped"))
		return
	}
	if card, ok := linCard(t); ok {
		r.addCard(card, line)
		return
	}
	if len(t)%2 == 0 && len(t) <= 2*linMaxCards {
		for i := 0; i < len(t); i += 2 {
			if _, ok := linCard(t[i : i+2]); !ok {
				goto bad
			}
		}
		r.warn(line, "packed-cards", Msg("several cards %q in one pc", linShort(t)))
		for i := 0; i < len(t); i += 2 {
			card, _ := linCard(t[i : i+2])
			r.addCard(card, line)
		}
		return
	}
bad:
	// laws.md A12: an unreadable card stops the play; the board is read
	// on, and the cards before it stand.
	if c := &r.cur; c.bad == "" {
		c.bad, c.badLine = linShort(v), line
	}
}

// addCard appends a played card.
func (r *LINReader) addCard(card Card, line int) {
	c := &r.cur
	if c.bad != "" {
		return // (after an unreadable card)
	}
	if len(c.cards) >= linMaxCards {
		if len(c.cards) == linMaxCards {
			r.warn(line, "too-many-cards", Msg("more than %d cards played; the rest is skipped", linMaxCards))
			c.cards = append(c.cards, NoCard)
		}
		return
	}
	c.markLine(line)
	c.cards = append(c.cards, card)
}

// finish turns the current board into a Board (or its ParseError) and
// makes the reader ready for the next one.
func (f *linFinisher) finish() *Board {
	c := f.c
	b := f.slab.board()
	*b = Board{File: f.file, Index: f.index, Line: c.line, Format: FormatLIN,
		Dealer: c.dealer, HasDealer: c.hasDealer, Vul: c.vul, Deal: c.deal,
		Given: c.given, AuctionStart: c.dealer, ClaimTricks: -1}
	if !c.md {
		f.warn(c.line, "no-deal", Msg("the board has no md (deal)"))
	}

	// Players: the board's own pn, else the header (by room), else the last
	// four-name pn.
	names := c.names
	if len(names) > 4 {
		if c.room == 'c' && len(names) >= 8 {
			names = names[4:8]
		} else {
			names = names[:4]
		}
	}
	for i, n := range names {
		b.Players[linSeats[i]] = n
	}

	// Auction, contract, declarer.
	calls := c.calls
	if len(calls) > linMaxCalls {
		calls = calls[:linMaxCalls]
	}
	end, complete := f.contract(b, c.codes[:len(calls)])
	if end < len(calls) {
		f.warn(c.line, "calls-after-auction", Msg("%d calls after the end of the auction skipped", len(calls)-end))
		calls = calls[:end]
	}
	if len(calls) > 0 {
		b.Auction = calls[:len(calls):len(calls)]
		f.slab.taken(c.calls)
	}
	cards := c.cards
	if len(cards) > linMaxCards {
		cards = cards[:linMaxCards]
	}
	if !complete && b.HasContract && !b.Contract.PassedOut() {
		if len(cards) > 0 || c.claim >= 0 {
			f.warn(c.line, "auction-incomplete", Msg("the auction has no closing passes; the last bid is taken as the contract"))
		} else {
			b.HasContract, b.HasDeclarer = false, false
		}
	}

	// Play and claim.
	won := f.replay(b, cards)
	if c.claim >= 0 {
		b.Claim, b.ClaimTricks = true, c.claim
		b.Result, b.HasResult = c.claim, true
		if b.HasDeclarer {
			tricks := len(b.Play) / 4
			switch {
			case c.claim < won:
				f.warn(c.claimLine, "claim-mismatch", Msg("claim of %d tricks but declarer has already won %d", c.claim, won))
			case c.claim > won+13-tricks:
				f.warn(c.claimLine, "claim-mismatch", Msg("claim of %d tricks but declarer can win at most %d", c.claim, won+13-tricks))
			}
		}
	}
	if c.bad != "" {
		// laws.md A12: only a board whose first trick cannot be replayed
		// is skipped; a claim after the unreadable card is not one of the
		// tricks shown (its count stays the Result).
		t := len(cards)/4 + 1
		sev := Warning
		if t == 1 {
			sev = Error
		}
		b.Claim, b.ClaimTricks = false, -1
		c.problems = append(c.problems, Problem{File: f.file, Game: f.index, Line: c.badLine,
			Code: "bad-card", Severity: sev, Text: Msg("trick %d: bad card %q: the play stops there", t, c.bad)})
	}
	f.checkResult(b)
	f.tags(b)
	b.Problems = c.problems
	return b
}

// contract derives the contract and declarer from the auction. It returns
// the number of calls that belong to the auction and whether the auction
// is complete.
func (f *linFinisher) contract(b *Board, codes []uint8) (end int, complete bool) {
	passes := 0
	last := -1 // code of the last bid
	lastSide := 0
	doubled := 0
	var first [2][5]int8 // 1 + seat of the first to name a strain, per side
	seat := b.Dealer
	end = len(codes)
	for i, code := range codes {
		switch code {
		case 0:
			passes++
		case 1:
			passes, doubled = 0, 1
		case 2:
			passes, doubled = 0, 2
		default:
			passes, doubled = 0, 0
			last = int(code)
			lastSide = int(seat & 1)
			st := (code - 3) % 5
			if first[lastSide][st] == 0 {
				first[lastSide][st] = int8(seat) + 1
			}
		}
		seat = seat.Next()
		if (last < 0 && passes == 4) || (last >= 0 && passes == 3) {
			end, complete = i+1, true
			break
		}
	}
	if last < 0 {
		if complete {
			b.Contract, b.HasContract = Contract{}, true
		}
		return end, complete
	}
	st := Strain((last - 3) % 5)
	b.Contract = Contract{Level: (last-3)/5 + 1, Strain: st, Doubled: doubled}
	b.HasContract = true
	if b.HasDealer {
		b.Declarer, b.HasDeclarer = Seat(first[lastSide][st]-1), true
	}
	return end, complete
}

// replay gives each played card its seat, trick by trick from declarer's
// left-hand opponent, checking the cards against the deal. It returns the
// tricks won by declarer in complete tricks.
func (f *linFinisher) replay(b *Board, cards []Card) (won int) {
	c := f.c
	if len(cards) == 0 {
		return 0
	}
	if !b.HasDeclarer || b.Contract.PassedOut() {
		f.warn(c.cardLine(0), "play-without-contract", Msg("%d cards played without a contract and declarer; play skipped", len(cards)))
		return 0
	}
	b.Play = f.slab.plays(len(cards))
	hands := c.deal
	var given Hand // cards of the given hands not yet played
	for s, g := range c.given {
		if !g {
			hands[s] = 0
		} else {
			given |= hands[s]
		}
	}
	var played Hand
	full := c.given == [4]bool{true, true, true, true}
	// holds reports whether seat s may hold card x now.
	holds := func(s Seat, x Card) bool {
		if c.given[s] {
			return hands[s].Has(x)
		}
		return !given.Has(x) && !played.Has(x)
	}
	leader := b.Declarer.Next()
	trump := b.Contract.Strain
	t0 := 0
	if full {
		// The usual board, quickly: whole tricks whose cards are held by
		// the seats in turn. The general loop below takes over at the
		// first trick that is not like that.
		// (given and played matter only for hands not given.)
		var wins uint32
		b.Play, t0, leader, won, wins = linQuickTricks(b.Play, cards, &hands, leader, b.Declarer, trump)
		if t0 == len(cards) {
			// Every trick whole, held and followed: the analysis need
			// not replay it again.
			b.Checked, b.Winners = true, wins
		}
	}
	for t := t0; t < len(cards); t += 4 {
		trick := cards[t:min(t+4, len(cards))]
		var seats [4]Seat
		var order [4]Card
		k := len(trick)
		ok := true
		for i, x := range trick {
			st := (leader + Seat(i)) & 3
			seats[i] = st
			order[i] = x
			if full {
				ok = ok && hands[st].Has(x)
			} else if !holds(st, x) {
				ok = false
			}
		}
		if !ok {
			// Rotated or re-ordered trick: give each card to its holder
			// when that makes a legal trick.
			if ord, good := f.byHolder(trick, leader, &hands); good {
				order = ord
				for i := range k {
					seats[i] = (leader + Seat(i)) & 3
				}
				f.warn(c.cardLine(t), "play-order", Msg("trick %d: cards given to the players who hold them", t/4+1))
			} else {
				for i, x := range trick {
					s := (leader + Seat(i)) & 3
					if !holds(s, x) {
						f.warn(c.cardLine(t+i), "card-not-held", Msg("trick %d: %s does not hold %s; the play is cut there", t/4+1, s.String(), x.String()))
						if n := len(c.problems); t == 0 && n > 0 && c.problems[n-1].Code == "card-not-held" {
							// laws.md A12: the first trick cannot be
							// replayed: the board is skipped.
							c.problems[n-1].Severity = Error
						}
						k = i
						break
					}
				}
			}
		}
		for i := range k {
			s, x := seats[i], order[i]
			b.Play = append(b.Play, Play{Seat: s, Card: x})
			hands[s] = hands[s].Without(x)
			given = given.Without(x)
			played = played.With(x)
		}
		if k < len(trick) {
			break
		}
		if k == 4 {
			w := TrickWinner(order, trump)
			leader = seats[w]
			if leader&1 == b.Declarer&1 {
				won++
			}
		}
	}
	return won
}

// linQuickTricks replays the whole tricks of cards from the first as long
// as each card is held by the seat whose turn it is and follows suit when
// that seat can: it appends their plays, takes the cards out of hands,
// and returns the plays, the number of cards replayed, the next leader,
// the tricks won by declarer and the winner of each trick (as
// Board.Winners). play must have room for all the cards. The cards are
// those of linCard and linTrickRows, all below 64.
func linQuickTricks(play []Play, cards []Card, hands *Deal, leader, declarer Seat, trump Strain) ([]Play, int, Seat, int, uint32) {
	h := *hands
	won, t := 0, 0
	var wins uint32
	for ; t+4 <= len(cards); t += 4 {
		tr := [4]Card(cards[t : t+4])
		s0 := leader & 3
		s1, s2, s3 := (s0+1)&3, (s0+2)&3, (s0+3)&3
		b0, b1, b2, b3 := Hand(1)<<(tr[0]&63), Hand(1)<<(tr[1]&63), Hand(1)<<(tr[2]&63), Hand(1)<<(tr[3]&63)
		h1, h2, h3 := h[s1], h[s2], h[s3]
		led := suitMask << (16 * (tr[0] >> 4) & 63)
		if h[s0]&b0 == 0 || h1&b1 == 0 || h2&b2 == 0 || h3&b3 == 0 ||
			b1&led == 0 && h1&led != 0 || b2&led == 0 && h2&led != 0 || b3&led == 0 && h3&led != 0 {
			break // (a revoke, too, is the general loop's)
		}
		h[s0] &^= b0
		h[s1] &^= b1
		h[s2] &^= b2
		h[s3] &^= b3
		// (The caller gives room for all the cards: no append, whose
		// growing path costs the loop more than itself.)
		n := len(play)
		play = play[:n+4]
		p := (*[4]Play)(play[n:])
		p[0], p[1], p[2], p[3] = Play{Seat: s0, Card: tr[0]}, Play{Seat: s1, Card: tr[1]},
			Play{Seat: s2, Card: tr[2]}, Play{Seat: s3, Card: tr[3]}
		leader = (s0 + Seat(TrickWinner(tr, trump))) & 3
		wins |= uint32(leader) << (t / 2)
		won += int(^(leader ^ declarer) & 1) // declarer's side
	}
	*hands = h
	return play, t, leader, won, wins
}

// byHolder gives the cards of a trick (in the order written) to the seats
// that hold them and returns them in playing order from leader, when the
// holders are the right seats and everyone follows suit.
func (f *linFinisher) byHolder(trick []Card, leader Seat, hands *Deal) (order [4]Card, ok bool) {
	c := f.c
	var set [4]bool
	for _, x := range trick {
		s, held := hands.Holder(x)
		if !held || !c.given[s] {
			return order, false
		}
		i := (s - leader) & 3
		if int(i) >= len(trick) || set[i] {
			return order, false
		}
		set[i] = true
		order[i] = x
	}
	led := order[0].Suit()
	for i := 1; i < len(trick); i++ {
		s := (leader + Seat(i)) & 3
		if order[i].Suit() != led && hands[s].HasSuit(led) {
			return order, false
		}
	}
	return order, true
}

// tags synthesises the PBN tags of a LIN board.
func (f *linFinisher) tags(b *Board) {
	c := f.c
	t := f.slab.tags(linMaxTags)
	if c.event != "" {
		t = append(t, Tag{"Event", c.event})
	}
	num := c.num
	if num == 0 && c.hasAH {
		num = c.ahNum
	}
	if num > 0 {
		t = append(t, Tag{"Board", linItoa(num)})
	}
	for _, s := range [4]Seat{West, North, East, South} {
		if n := b.Players[s]; n != "" {
			t = append(t, Tag{[...]string{"North", "East", "South", "West"}[s], n})
		}
	}
	if b.HasDealer {
		t = append(t, Tag{"Dealer", b.Dealer.String()})
	}
	if c.hasSV {
		t = append(t, Tag{"Vulnerable", b.Vul.String()})
	}
	if c.scoring != "" {
		t = append(t, Tag{"Scoring", c.scoring})
	}
	if b.HasDeclarer {
		t = append(t, Tag{"Declarer", b.Declarer.String()})
	}
	if b.HasContract {
		t = append(t, Tag{"Contract", linContractText(b.Contract)})
	}
	if b.HasResult {
		t = append(t, Tag{"Result", linItoa(b.Result)})
	}
	switch c.room {
	case 'o':
		t = append(t, Tag{"Room", "Open"})
	case 'c':
		t = append(t, Tag{"Room", "Closed"})
	}
	if c.team1 != "" {
		t = append(t, Tag{"HomeTeam", c.team1})
	}
	if c.team2 != "" {
		t = append(t, Tag{"VisitTeam", c.team2})
	}
	b.Tags = t[:len(t):len(t)]
	f.slab.tag = f.slab.tag[len(t):]
}

// reset clears the current board, keeping its buffers.
func (r *LINReader) reset() {
	c := &r.cur
	*c = linBoard{codes: c.codes[:0], cards: c.cards[:0],
		cardLines: c.cardLines[:0], claim: -1}
}

// next returns the next token: the bytes before the next '|' with CR and
// LF removed, the line of its first other byte, the number of bytes
// consumed, and false at the end of the input. long is set (and tok is
// empty) for a token longer than linMaxValue, which is skipped.
func (r *LINReader) next() (tok []byte, line, n int, ok, long bool) {
	if !r.bom {
		r.bom = true
		for r.w < 3 && r.rerr == nil {
			r.fill()
		}
		if r.w-r.r >= 3 && r.buf[r.r] == 0xEF && r.buf[r.r+1] == 0xBB && r.buf[r.r+2] == 0xBF {
			r.r += 3
		}
	}
	start, i := r.r, r.r
	nl := false
	skipped := 0
	line = r.line
	line0 := r.line
	if r.plong { // a too long token cut by a pause: skip on
		skipped, long, line = r.pskipped, true, r.pline
		r.plong = false
	}
	for {
		buf := r.buf[:r.w]
		for i < len(buf) {
			ch := buf[i]
			if !linStop[ch] {
				i++
				continue
			}
			if ch == '|' {
				goto found
			}
			if ch == '\n' {
				r.line++
			}
			nl = true
			i++
		}
		if i-start > linMaxValue {
			// Too long: forget what was read and look for the end.
			skipped += i - start
			long = true
			start = i
		}
		if r.rerr == errLINPause {
			// The token goes on in the next chunk: read it again from
			// its start then (a too long one: skip on from here).
			if long {
				r.plong, r.pskipped, r.pline = true, skipped+i-start, line
				r.r = i
			} else {
				r.r, r.line = start, line0
			}
			return nil, 0, 0, false, false
		}
		if r.rerr != nil {
			n = skipped + i - start
			if i == start && !long {
				r.r = i
				return nil, 0, n, false, false
			}
			if nl && !long {
				line = linFirstLine(r.buf[start:i], line)
			}
			tok = r.strip(start, i, nl)
			r.r = i
			if long {
				tok = nil
			}
			return tok, line, n, true, long
		}
		// Move the partial token to the front and read more.
		if start > 0 {
			copy(r.buf, r.buf[start:r.w])
			r.w -= start
			i -= start
			r.r -= start
			if r.r < 0 {
				r.r = 0
			}
			start = 0
		}
		if r.w == len(r.buf) {
			nb := make([]byte, 2*len(r.buf))
			copy(nb, r.buf[:r.w])
			r.buf = nb
		}
		r.fill()
	}
found:
	if i-start > linMaxValue {
		long = true
	}
	n = skipped + i - start + 1
	if nl && !long {
		line = linFirstLine(r.buf[start:i], line)
	}
	tok = r.strip(start, i, nl)
	r.r = i + 1
	if long {
		tok = nil
	}
	return tok, line, n, true, long
}

// linStop marks the bytes the token scanner stops at.
var linStop = [256]bool{'|': true, '\n': true, '\r': true}

// linStopAt returns the index of the first byte of b from j on that
// linStop marks, or len(b). Values are scanned eight bytes at a time.
func linStopAt(b []byte, j int) int {
	for ; j+8 <= len(b); j += 8 {
		if m := linStops(binary.LittleEndian.Uint64(b[j : j+8])); m != 0 {
			j += bits.TrailingZeros64(m) / 8
			if linStop[b[j]] {
				return j
			}
			break // a tab or another control byte: byte by byte from it
		}
	}
	for j < len(b) && !linStop[b[j]] {
		j++
	}
	return j
}

// linStops returns the high bit of each byte of w that is '|' or below
// '\r'+1 (line breaks, but also tabs and other control bytes), and maybe
// of bytes above such a byte: the lowest bit set is always the first such
// byte (in little-endian order).
func linStops(w uint64) uint64 {
	const ones, highs = 0x0101_0101_0101_0101, 0x8080_8080_8080_8080
	bar := w ^ ('|' * ones) // zero bytes where w has '|'
	return ((w-('\r'+1)*ones)&^w | (bar-ones)&^bar) & highs
}

// linFirstLine returns the line of the first byte of tok that is not a line
// break, tok starting on line.
func linFirstLine(tok []byte, line int) int {
	for _, ch := range tok {
		switch ch {
		case '\n':
			line++
		case '\r':
		default:
			return line
		}
	}
	return line
}

// strip returns buf[start:end] without CR and LF (in r.tok: buf is never
// written, so that a chunk's bytes can be read twice).
func (r *LINReader) strip(start, end int, nl bool) []byte {
	tok := r.buf[start:end]
	if !nl {
		return tok
	}
	r.tok = r.tok[:0]
	for _, ch := range tok {
		if ch != '\n' && ch != '\r' {
			r.tok = append(r.tok, ch)
		}
	}
	return r.tok
}

// fill reads more input after buf[w], setting rerr at the end.
func (r *LINReader) fill() {
	if r.rerr != nil {
		return
	}
	for tries := 0; tries < 100; tries++ {
		n, err := r.rd.Read(r.buf[r.w:])
		r.w += n
		if err != nil {
			r.rerr = err
			return
		}
		if n > 0 {
			return
		}
	}
	r.rerr = io.ErrNoProgress
}

// linKey reads a key token: two ASCII letters (blanks around them are
// allowed), returned in lower case.
func linKey(t []byte) (uint16, bool) {
	if len(t) != 2 {
		t = linTrim(t)
		if len(t) != 2 {
			return 0, false
		}
	}
	a, b := t[0]|0x20, t[1]|0x20
	if a < 'a' || a > 'z' || b < 'a' || b > 'z' {
		return 0, false
	}
	return uint16(a)<<8 | uint16(b), true
}

// linKeyName returns a key as text.
func linKeyName(k uint16) string { return string([]byte{byte(k >> 8), byte(k)}) }

// linTrim removes blanks around t.
func linTrim(t []byte) []byte {
	for len(t) > 0 && (t[0] == ' ' || t[0] == '\t') {
		t = t[1:]
	}
	for len(t) > 0 && (t[len(t)-1] == ' ' || t[len(t)-1] == '\t') {
		t = t[:len(t)-1]
	}
	return t
}

// linTrimString removes blanks around s.
func linTrimString(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t') {
		s = s[:len(s)-1]
	}
	return s
}

// linShort returns at most 24 bytes of t as text, for messages.
func linShort(t []byte) string {
	if len(t) > 24 {
		t = t[:24]
	}
	return linText(t)
}

// linInt reads a small unsigned decimal number.
func linInt(t []byte) (int, bool) {
	if len(t) == 0 || len(t) > 4 {
		return 0, false
	}
	n := 0
	for _, ch := range t {
		if ch < '0' || ch > '9' {
			return 0, false
		}
		n = n*10 + int(ch-'0')
	}
	return n, true
}

// linNumber returns the first run of digits in t as a number (0 when
// none, or too large).
func linNumber(t []byte) int {
	i := 0
	for i < len(t) && (t[i] < '0' || t[i] > '9') {
		i++
	}
	n := 0
	for ; i < len(t) && t[i] >= '0' && t[i] <= '9'; i++ {
		n = n*10 + int(t[i]-'0')
		if n > 1_000_000 {
			return 0
		}
	}
	return n
}

// linText decodes a LIN value: UTF-8 when it is valid UTF-8, else
// Windows-1252.
func linText(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	s, err := charmap.Windows1252.NewDecoder().Bytes(b)
	if err != nil {
		return string(b)
	}
	return string(s)
}
