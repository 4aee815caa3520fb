// LIN reading, stage 1: the Reader, its per-board state and how a board starts and ends.

// Package linfile reads BBO LIN text into pbn boards: a streaming Reader
// and a Splitter that cuts an input into chunks that workers read with a
// guessed starting state, settled in order (Chunk.Settle). Its files go
// by stage: frame (a board's start and end), tokens, values (header,
// results, players, md), calls, cards, build (the Board) and split; each
// quick path sits beside the general code it shortcuts.
package linfile

import (
	"errors"
	"io"

	"revokes/pbn"
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

// Reader reads board records from a BBO LIN text: single-hand files,
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
type Reader struct {
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
	event, segment, scoring, team1, team2 string   // the vg header's event, segment name, scoring letter, teams
	carry1, carry2                        string   // the vg carry-overs of team 1 and team 2, as written
	rs                                    []string // vg/rs results: two per board from rsFirst
	rsFirst                               int
	hdrNames                              []string    // pn with more than four names
	lastNames                             []string    // last pn with four names or fewer
	pnCache                               [4]linNames // recent pn values, to share strings
	pnNext                                int
	nameRoom                              []string // room for the next name lists, carved in turn

	index   int // boards started so far
	lastKey uint16
	garbage int // stray tokens outside any board
	garLine int
	boards  int // boards returned

	pend linPending
	cur  linBoard
	slab linSlab

	// ck is the state of a chunk's reader (Chunk): its pause at the end
	// of the chunk's bytes and what it did with its guessed start. Nil
	// for a Reader of a whole input.
	ck *chunkState
}

// The carried values of a Reader, as bits (chunkState's used and set).
const (
	carryVG   uint8 = 1 << iota // event, scoring, teams, carry-overs, first board (vg)
	carryRS                     // the rs list
	carryHdr                    // the header pn (more than four names)
	carryLast                   // the last pn of four names or fewer
)

// errLINPause is what a chunk's source gives at the end of a chunk that
// is not the input's last: the reader stops there, ready to go on.
var errLINPause = errors.New("pbn: end of a LIN chunk")

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
	sv       pbn.Vulnerability
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
	err     *pbn.ParseError
	// bad is the first unreadable pc value, which stops the play
	// (laws.md A12), on badLine; the cards before it are cards.
	bad     string
	badLine int

	event, segment, scoring, team1, team2 string
	carry1, carry2                        string
	rs                                    []string
	rsFirst                               int

	qx    bool
	room  byte
	num   int
	hasAH bool
	ahNum int
	names []string // the board's own pn, else the header or last pn
	md    bool

	dealer    pbn.Seat
	hasDealer bool
	deal      pbn.Deal
	given     [4]bool

	vul   pbn.Vulnerability
	hasSV bool

	calls     []pbn.Call
	codes     []uint8 // per call: 0 pass, 1 X, 2 XX, 3.. bids
	cards     []pbn.Card
	cardLines []lineMark // the line of the cards from each mark on
	claim     int
	claimLine int

	problems []pbn.Problem
	unknown  [26*26/64 + 1]uint64 // unknown keys already reported
}

// NewReader returns a reader of the LIN text r. It does its own
// buffering.
func NewReader(r io.Reader) *Reader {
	lr := &Reader{rd: r, buf: make([]byte, linBufSize), line: 1}
	lr.cur.claim = -1
	return lr
}

// Read returns the next board, then io.EOF. A *ParseError is a board that
// could not be read; the next Read goes on. Any other error comes from the
// underlying reader and ends the input.
func (r *Reader) Read() (*pbn.Board, error) {
	if r.done {
		return nil, io.EOF
	}
	if k := r.ck; k != nil && k.hasPKey { // a key read before a pause
		k.hasPKey = false
		if b, err, out := r.value(k.pkey, k.pkline); out {
			return b, err
		}
	}
	for {
		// Card runs start "pc" or "pg"; the other pairs skip the call.
		if r.cur.started && !r.cur.skip && r.cur.bad == "" && r.r < r.w && r.buf[r.r]|0x20 == 'p' {
			r.cardRun()
		}
		if key, v, ok := r.quickPair(); ok {
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
				return nil, &pbn.ParseError{File: r.File, Record: 1, StartLine: r.garLine,
					Line: r.garLine, Code: "bad-lin",
					Err: pbn.Msg("no LIN key|value| pairs found")}
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
func (r *Reader) value(key uint16, kline int) (b *pbn.Board, err error, out bool) {
	vt, vline, n, ok, long := r.next()
	if ok {
		r.count(n)
	} else {
		if r.rerr == errLINPause {
			k := r.ck
			k.hasPKey, k.pkey, k.pkline = true, key, kline
			return nil, errLINPause, true
		}
		vt, vline = nil, kline // the next call of next reports the end
	}
	if long {
		r.tooLarge(vline, pbn.Msg("a LIN value is longer than %d bytes", linMaxValue))
		vt = nil
	}
	r.lastKey = key
	return r.pair(key, vt, kline)
}

// count adds n bytes to the size of the current board (and, in a chunk's
// reader, to the bytes before its first board).
func (r *Reader) count(n int) {
	if r.cur.started {
		r.cur.size += n
		if r.cur.size > linMaxBoard {
			r.overflow()
		}
	} else if r.ck != nil && r.index == 0 {
		r.ck.preBytes += n
	}
}

// overflow marks the current board, larger than linMaxBoard, as too large
// (once). It is kept out of count, so that count stays small.
//
//go:noinline
func (r *Reader) overflow() {
	if !r.cur.skip {
		r.tooLarge(r.line, pbn.Msg("record larger than %d bytes", linMaxBoard))
	}
}

// tooLarge marks the current board (started if need be) as too large.
func (r *Reader) tooLarge(line int, m pbn.Message) {
	if !r.cur.started {
		r.ck.before(r.index)
		r.start(line)
	}
	r.cur.skip = true
	r.fail(line, "record-too-large", m)
}

// fail records the first error of the current board.
func (r *Reader) fail(line int, code string, m pbn.Message) {
	if r.cur.err != nil {
		return
	}
	r.cur.err = &pbn.ParseError{File: r.File, Record: r.index, StartLine: r.cur.line,
		Line: line, Code: code, Err: m}
}

// finish ends the current board: it returns it as a Board, or its error.
func (r *Reader) finish() (*pbn.Board, error) {
	r.boards++
	c := &r.cur
	r.ck.useCarried()
	if err := c.err; err != nil {
		r.reset()
		return nil, err
	}
	f := linFinisher{c: c, file: r.File, index: r.index, slab: &r.slab}
	b := f.finish()
	r.reset()
	return b, nil
}

// linMaxProblems is the most warnings a board gets; the rest are dropped.
const linMaxProblems = 64

// warn adds a warning to the current board.
func (r *Reader) warn(line int, code string, m pbn.Message) {
	r.cur.warn(r.File, r.index, line, code, m)
}

// warn adds a warning to the board (of file, record index).
func (c *linBoard) warn(file string, index, line int, code string, m pbn.Message) {
	switch n := len(c.problems); {
	case n > linMaxProblems:
		return
	case n == linMaxProblems:
		code, m = "too-many-problems", pbn.Msg("more than %d problems; the rest are not shown", linMaxProblems)
	}
	c.problems = append(c.problems, pbn.Problem{File: file, Game: index,
		Line: line, Code: code, Severity: pbn.Warning, Text: m})
}

// stray handles a token where a key was expected: a value holding a '|'
// (the rest is added to an explanation) or garbage.
func (r *Reader) stray(tok []byte, line int, long bool) {
	tok = linTrim(tok)
	if len(tok) == 0 && !long {
		return
	}
	if !r.cur.started {
		r.ck.before(r.index)
		if r.garbage == 0 {
			r.garLine = line
		}
		r.garbage++
		return
	}
	if long {
		r.tooLarge(line, pbn.Msg("a LIN value is longer than %d bytes", linMaxValue))
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
	r.warn(line, "bad-lin", pbn.Msg("unexpected text %q where a LIN key was expected", linShort(tok)))
}

// start begins a new board at line, with the values pending for it.
func (r *Reader) start(line int) {
	c := &r.cur
	r.index++
	c.started = true
	c.line = line
	if r.pend.line > 0 && r.pend.line < line {
		c.line = r.pend.line
	}
	c.event, c.segment, c.scoring, c.team1, c.team2 = r.event, r.segment, r.scoring, r.team1, r.team2
	c.carry1, c.carry2 = r.carry1, r.carry2
	c.rs, c.rsFirst = r.rs, r.rsFirst
	p := &r.pend
	r.ck.use(carryVG | carryRS)
	if p.hasNames {
		c.names = p.names
	} else {
		// (Used once the board ends with these names: a pn in its
		// heading may replace them.)
		c.names = r.hdrNames
		carried := carryHdr
		if c.names == nil {
			c.names = r.lastNames
			carried |= carryLast
		}
		r.ck.carryNames(carried)
	}
	if p.hasAH {
		c.ahNum, c.hasAH = p.ah, true
	}
	if p.hasSV {
		c.vul, c.hasSV = p.sv, true
	}
	if p.svBad {
		r.warn(p.line, "bad-vul", pbn.Msg("unknown vulnerability in sv"))
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
func (r *Reader) pair(key uint16, v []byte, line int) (b *pbn.Board, err error, out bool) {
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
			r.warn(line, "bad-vul", pbn.Msg("unknown vulnerability %q in sv", linShort(v)))
			return
		}
		c.vul, c.hasSV = vul, true
	case linMB:
		if !c.started {
			r.ck.before(r.index)
			r.start(line)
		}
		r.call(v, line)
	case linAN:
		if c.started && len(c.calls) > 0 {
			c.calls[len(c.calls)-1].Note = linText(linTrim(v))
		}
		r.ck.before(r.index)
	case linPC:
		if !c.started {
			r.ck.before(r.index)
			r.start(line)
		}
		r.card(v, line)
	case linMC:
		if !c.started {
			r.ck.before(r.index)
			r.start(line)
		}
		t := linTrim(v)
		n, ok := linInt(t)
		if !ok || n > 13 {
			r.warn(line, "bad-claim", pbn.Msg("claim %q is not a number of tricks from 0 to 13", linShort(t)))
			return
		}
		c.claim, c.claimLine = n, line
	case linST, linRH, linPG, linNT, linZZ, linSA, linMN, linPF, linMP,
		linBN, linPW:
		// Ignored: headings, page breaks, chat, scores, result lists.
	default:
		if !c.started {
			r.ck.before(r.index)
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
func (r *Reader) unknownKey(key uint16, line int) {
	c := &r.cur
	i := int(key>>8-'a')*26 + int(key&0xff-'a') // keys are lower-case letters
	if c.unknown[i/64]&(1<<(i%64)) != 0 {
		return
	}
	c.unknown[i/64] |= 1 << (i % 64)
	r.warn(line, "unknown-key", pbn.Msg("unknown LIN key %q skipped", linKeyName(key)))
}

// pending notes that a value read at line is kept for the next board.
func (r *Reader) pending(line int) {
	if r.pend.line == 0 {
		r.pend.line = line
	}
}
