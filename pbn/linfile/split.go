package linfile

import (
	"bytes"
	"io"
	"slices"
	"sync"
	"sync/atomic"

	"revokes/pbn"
	"revokes/pbn/chunk"
	"revokes/pbn/internal/buffer"
)

// maxLINChunk bounds a chunk that finds no line starting a board.
const maxLINChunk = 4 << 20

// Splitter cuts LIN text into chunks that are read in parallel, in any
// goroutines (Chunk.Read), and settled in input order (Chunk.Settle: a
// chunk.Splitter), giving the same boards and errors as one Reader over
// the whole input.
//
// A chunk is cut before a line that starts "qx|" or "pn|" (where boards
// start in every LIN file we know). Its reader starts with a guess of what
// the reader of the chunks before would carry into it: no board in
// progress, no pending values, and the header values (vg, rs, the player
// lists) last known in the input. Once the chunk before it is resolved,
// that chunk's reader, paused at the cut, shows whether the guess held: it
// stopped between two pairs, with nothing but line breaks left over, and
// its board in progress (if any) had got past its heading, so that every
// pair of the new chunk before its first board has the same effect with
// and without it (only header and heading keys may come there); the
// carried values the chunk used were the guessed ones, and its first pairs
// leave the board before within its size limit. Then that board is
// finished as at the end of an input, and the chunk's records are numbered
// after it. Otherwise the chunk is read again (reread) by the
// reader of the chunk before, going on where it paused: the same as one
// reader, at the cost of reading the chunk twice.
//
// Line numbers are those of the whole input; record numbers too, once
// resolved.
type Splitter struct {
	File string

	size  int // the chunk size aimed at (chunk.Size; smaller in tests)
	rd    io.Reader
	buf   []byte
	eof   bool
	err   error
	line  int
	seq   int
	prev  *Chunk
	chain *linChain
}

// linChain is what the chunks of one input share.
type linChain struct {
	over atomic.Bool // Stop was called

	mu       sync.Mutex
	guess    linCarry // the carried values a chunk last left, exactly
	guessSeq int
}

// linCarry is what a Reader carries from board to board.
type linCarry struct {
	event, segment, scoring, team1, team2 string
	carry1, carry2                        string
	rsFirst                               int
	rs                                    []string
	hdrNames, lastNames                   []string
}

// chunkState is what a chunk's Reader keeps beside a Reader of a whole
// input (Reader.ck; the Reader's methods do nothing with a nil one).
//
// The reader pauses at the end of its chunk's bytes (its source gives
// errLINPause) and may go on with the next chunk's: a key read before the
// pause waits for its value (pkey), a token cut by the pause is read
// again from its start (or, too long, goes on being skipped: plong,
// pskipped, pline).
//
// A chunk's reader starts with a guessed state: fits asks what it did with
// it, the bytes and the kinds of pairs before its first board (preBytes,
// preBad), which carried values it used before setting them (used; carried
// for the board in progress, whose names a pn may still replace) and which
// it set (set).
type chunkState struct {
	hasPKey  bool
	pkey     uint16
	pkline   int
	plong    bool
	pskipped int
	pline    int

	preBytes int
	preBad   bool
	used     uint8
	set      uint8
	carried  uint8
}

// before notes a pair that may not come before the first board of a
// chunk without a board in progress before it (index: boards started).
func (k *chunkState) before(index int) {
	if k != nil && index == 0 {
		k.preBad = true
	}
}

// use notes that the carried values of bits were used, unless set before.
func (k *chunkState) use(bits uint8) {
	if k != nil {
		k.used |= bits &^ k.set
	}
}

// carryNames notes the carried name lists (bits) the board in progress
// takes its names from, unless set before.
func (k *chunkState) carryNames(bits uint8) {
	if k != nil {
		k.carried = bits &^ k.set
	}
}

// useCarried notes, at the end of a board, that it used its carried names.
func (k *chunkState) useCarried() {
	if k != nil {
		k.used |= k.carried
		k.carried = 0
	}
}

// setCarried notes that the carried values of bits were set.
func (k *chunkState) setCarried(bits uint8) {
	if k != nil {
		k.set |= bits
	}
}

// carry returns r's carried values.
func (r *Reader) carry() linCarry {
	return linCarry{r.event, r.segment, r.scoring, r.team1, r.team2, r.carry1, r.carry2, r.rsFirst, r.rs, r.hdrNames, r.lastNames}
}

// setCarry gives r the carried values of g named by the bits of which.
func (r *Reader) setCarry(g *linCarry, which uint8) {
	if which&carryVG != 0 {
		r.event, r.segment, r.scoring, r.team1, r.team2, r.rsFirst = g.event, g.segment, g.scoring, g.team1, g.team2, g.rsFirst
		r.carry1, r.carry2 = g.carry1, g.carry2
	}
	if which&carryRS != 0 {
		r.rs = g.rs
	}
	if which&carryHdr != 0 {
		r.hdrNames = g.hdrNames
	}
	if which&carryLast != 0 {
		r.lastNames = g.lastNames
	}
}

// same reports whether the carried values named by which are the same in
// g and h.
func (g *linCarry) same(h *linCarry, which uint8) bool {
	if which&carryVG != 0 && (g.event != h.event || g.segment != h.segment || g.scoring != h.scoring ||
		g.team1 != h.team1 || g.team2 != h.team2 || g.carry1 != h.carry1 || g.carry2 != h.carry2 ||
		g.rsFirst != h.rsFirst) {
		return false
	}
	if which&carryRS != 0 && !sameList(g.rs, h.rs) {
		return false
	}
	if which&carryHdr != 0 && !sameList(g.hdrNames, h.hdrNames) {
		return false
	}
	return which&carryLast == 0 || sameList(g.lastNames, h.lastNames)
}

// sameList compares two lists, nil apart from every other list.
func sameList(a, b []string) bool {
	return (a == nil) == (b == nil) && slices.Equal(a, b)
}

// Chunk is a piece of a LIN input, cut by a Splitter: to Read, then
// Settle (chunk.Chunk).
type Chunk struct {
	Seq  int // 0, 1, 2, ... in input order
	Line int // line where the chunk starts

	// again is set when the chunk was read again in order (reread: the
	// guess did not hold).
	again bool

	file     string
	data     []byte
	whole    []byte // the buffer data is cut from, for reuse
	last     bool   // the end of the chunk is the end of the input
	err      error  // the read error at the end of the input, if any
	chain    *linChain
	prev     *Chunk
	resolved chan struct{}
	out      *Reader  // the reader paused at the end, for the next chunk
	spec     *Reader  // the reader of Read
	guess    linCarry // the values it started from
	before   *Reader  // the reader of the chunks before, for reread
}

// NewSplitter returns a Splitter over LIN text (as given by
// SniffReader).
func NewSplitter(r io.Reader, file string) *Splitter {
	return &Splitter{File: file, rd: r, line: 1, size: chunk.Size, chain: &linChain{guessSeq: -1}}
}

// Next returns the next chunk, then io.EOF. An error reading the input is
// returned after the chunks before it (the last of which reads up to the
// error as a Reader would).
func (s *Splitter) Next() (chunk.Chunk, error) {
	if s.chain.over.Load() {
		return nil, io.EOF
	}
	want := 2 * s.size
	if s.seq > 0 {
		want = s.size + s.size/2
	}
	for !s.eof && len(s.buf) < want {
		s.fill()
	}
	if len(s.buf) == 0 && s.eof {
		return nil, buffer.End(&s.err)
	}
	cut := len(s.buf)
	if !s.eof || len(s.buf) > 2*s.size {
		from := max(s.size, 3) // (not inside a byte order mark)
		for {
			if c, ok := linCut(s.buf, from); ok {
				cut = c
				break
			}
			if s.eof { // the rest is one chunk
				cut = len(s.buf)
				break
			}
			if len(s.buf) >= maxLINChunk {
				cut = linAnyCut(s.buf, s.size)
				break
			}
			from = max(from, len(s.buf)-3)
			s.fill()
		}
	}
	return s.handOut(cut), nil
}

// linCut returns the first place from from on where a line starts with
// the key qx or pn, then '|' (keys read as the Reader reads them: linKey).
func linCut(b []byte, from int) (int, bool) {
	for i := from; i < len(b); {
		j := bytes.IndexByte(b[i:], '\n')
		if j < 0 {
			return 0, false
		}
		p := i + j + 1
		if p+3 > len(b) {
			return 0, false
		}
		if k, _ := linKey(b[p : p+2]); b[p+2] == '|' && (k == linQX || k == linPN) {
			return p, true
		}
		i = p
	}
	return 0, false
}

// linAnyCut returns a place to cut a long text without a line starting a
// board: before a "qx|" or "pn|" after a '|', else after a '|', else
// anywhere (the chunk after it is then read in order).
func linAnyCut(b []byte, from int) int {
	for _, key := range []string{"|qx|", "|pn|"} {
		if i := bytes.Index(b[from:], []byte(key)); i >= 0 {
			return from + i + 1
		}
	}
	if i := bytes.IndexByte(b[from:], '|'); i >= 0 {
		return from + i + 1
	}
	return len(b)
}

// handOut makes buf[:cut] the next chunk.
func (s *Splitter) handOut(cut int) *Chunk {
	c := &Chunk{Seq: s.seq, Line: s.line, file: s.File, chain: s.chain,
		prev: s.prev, resolved: make(chan struct{})}
	c.data, c.whole = s.buf[:cut:cut], s.buf
	s.line += bytes.Count(c.data, []byte{'\n'})
	if cut == len(s.buf) && s.eof {
		c.last, c.err = true, s.err
		s.buf = nil
	} else {
		nb, _ := buffer.Pool.Get().([]byte)
		s.buf = append(nb[:0], s.buf[cut:]...)
	}
	s.seq++
	s.prev = c
	return c
}

// fill reads more input (at least a chunk's worth of room).
func (s *Splitter) fill() {
	s.buf, s.eof, s.err = buffer.Fill(s.buf, s.rd, s.size, &buffer.Pool, s.eof, s.err)
}

// linSource gives a chunk's bytes to a reader, then end.
type linSource struct {
	data []byte
	end  error
}

func (s *linSource) Read(p []byte) (int, error) {
	if len(s.data) == 0 {
		return 0, s.end
	}
	n := copy(p, s.data)
	s.data = s.data[n:]
	return n, nil
}

// File returns the name of the chunk's input.
func (c *Chunk) File() string { return c.file }

// source returns the chunk's bytes as a reader's input.
func (c *Chunk) source() *linSource {
	end := errLINPause
	switch {
	case c.last && c.err != nil:
		end = c.err
	case c.last:
		end = io.EOF
	}
	return &linSource{data: c.data, end: end}
}

// Read reads the boards of the chunk: each a board or the error of a
// record that could not be read, in input order. It may run in any
// goroutine, once, and does not wait for the chunks before: a chunk that
// does not start the input is read from a guess of what they leave, and
// its record numbers count from the chunk's start until Settle says
// what to add. An error reading the input ends the last chunk's results
// (the splitter returns it).
func (c *Chunk) Read() []chunk.Result {
	r := c.reader()
	if c.prev == nil { // the start of the input
		r.bom = false
	} else {
		// The values last known (the guess fits checks).
		c.chain.mu.Lock()
		c.guess = c.chain.guess
		c.chain.mu.Unlock()
		r.setCarry(&c.guess, carryVG|carryRS|carryHdr|carryLast)
		r.boards = 1 // (fits checks that a board came before)
	}
	c.spec = r
	return c.read(r, nil)
}

// Settle settles the chunk after Read, in input order (it waits for the
// chunk before to be settled). When keep, Read's results hold once base
// is added to their record numbers (chunk.Renumber), and fresh (a board,
// or its error, of the chunks before that this chunk's start ended) comes
// before them. Otherwise Read's results are void and fresh are the
// chunk's, read again in order.
func (c *Chunk) Settle() (fresh []chunk.Result, base int, keep bool) {
	if first, base, ok := c.resolve(); ok {
		return first, base, true
	}
	return c.reread(), 0, false
}

// resolve is Settle when the guess held (ok); otherwise reread gives
// the chunk's results.
func (c *Chunk) resolve() (first []chunk.Result, base int, ok bool) {
	r := c.spec
	if c.prev == nil {
		c.settle(r)
		return nil, 0, true
	}
	<-c.prev.resolved
	p := c.prev.out
	c.prev.out, c.prev = nil, nil // (the chunks before are not kept alive)
	c.before = p
	if p == nil || !c.fits(p, r, &c.guess) {
		return nil, 0, false
	}
	if p.cur.started { // finished as the first pair of c would
		b, err := p.finish()
		first = appendLINResult(first, b, err)
	}
	base = p.index
	r.renumber(base)
	r.boards += p.boards - 1
	if p.garbage > 0 {
		r.garbage, r.garLine = r.garbage+p.garbage, p.garLine
	}
	r.setCarry(ptr(p.carry()), ^r.ck.set)
	c.before = nil
	c.settle(r)
	return first, base, true
}

// reread reads the chunk again, in order, with the reader of the chunks
// before going on where it paused, after resolve reported that Read's
// results do not hold: it gives the chunk's results.
func (c *Chunk) reread() []chunk.Result {
	c.again = true
	p := c.before
	c.before = nil
	if p == nil { // the chunk before ended the input (an error)
		c.settle(nil)
		return nil
	}
	src := c.source()
	buf := make([]byte, p.w-p.r+len(c.data))
	copy(buf[copy(buf, p.buf[p.r:p.w]):], c.data)
	p.buf, p.r, p.w = buf, 0, len(buf)
	p.rd, p.rerr = src, src.end
	out := c.read(p, nil)
	c.settle(p)
	return out
}

// settle hands r, paused at the end of the chunk, to the next chunk (nil:
// the input ends here), lets the chunk's bytes go and marks it resolved.
func (c *Chunk) settle(r *Reader) {
	if r != nil {
		c.publish(r)
	}
	c.spec = nil
	buffer.Pool.Put(c.whole[:0])
	c.data, c.whole = nil, nil
	close(c.resolved)
}

// Stop ends the reading of the chunk's input (the caller has read enough
// of it): the splitter's Next gives io.EOF from now on. A chunk not
// settled is settled as the end of its input, its results unused.
func (c *Chunk) Stop() {
	c.chain.over.Store(true)
	select {
	case <-c.resolved:
	default:
		c.prev = nil
		c.settle(nil)
	}
}

func ptr[T any](v T) *T { return &v }

// renumber adds base to the record numbers of r: those it gives, and
// those of its board in progress.
func (r *Reader) renumber(base int) {
	r.index += base
	c := &r.cur
	if c.err != nil && c.err.Record > 0 {
		c.err.Record += base
	}
	for i := range c.problems {
		if c.problems[i].Game > 0 {
			c.problems[i].Game += base
		}
	}
}

// reader returns a reader of the chunk's bytes starting at its line. It
// reads them in place (a Reader never writes its buffer); publish gives
// it a buffer of its own (what is left) before the chunk's goes back to
// the pool.
func (c *Chunk) reader() *Reader {
	src := c.source()
	r := &Reader{File: c.file, rd: src, line: c.Line, bom: true,
		buf: c.data, w: len(c.data), rerr: src.end, ck: &chunkState{}}
	r.cur.claim = -1
	return r
}

// read appends the boards and errors r reads to out.
func (c *Chunk) read(r *Reader, out []chunk.Result) []chunk.Result {
	for {
		b, err := r.Read()
		if err != nil {
			if _, ok := err.(*pbn.ParseError); !ok {
				return out // the end of the chunk, of the input, or a read error
			}
		}
		out = appendLINResult(out, b, err)
	}
}

// appendLINResult appends a board or the error of a record (a Reader's
// errors are *ParseError) to out.
func appendLINResult(out []chunk.Result, b *pbn.Board, err error) []chunk.Result {
	if pe, ok := err.(*pbn.ParseError); ok {
		return append(out, chunk.Result{Err: pe})
	}
	if b != nil {
		return append(out, chunk.Result{Board: b})
	}
	return out
}

// fits reports whether r, which read the chunk from guess, read it as the
// reader p of the chunks before, paused at the cut, would have.
func (c *Chunk) fits(p, r *Reader, guess *linCarry) bool {
	if p.done || p.ck.hasPKey || p.ck.plong {
		return false
	}
	left := p.buf[p.r:p.w] // what p holds of a token cut by the pause
	for _, ch := range left {
		if ch != '\n' && ch != '\r' {
			return false
		}
	}
	if p.pend.line != 0 { // values waiting for the next board
		return false
	}
	if pc := &p.cur; pc.started {
		// The pairs before the first board of the chunk would have
		// been read with this board in progress: only header and
		// heading keys (which then wait for the next board, as they do
		// before any board) may come there, and not too many bytes.
		if !pc.progressed() || pc.skip || pc.size+len(left)+r.ck.preBytes > linMaxBoard ||
			r.ck.preBad || (r.index == 0 && !c.last) {
			return false
		}
	} else if c.last && r.index == 0 && p.boards == 0 {
		return false // (no board in the input: bad-lin at its end)
	}
	return guess.same(ptr(p.carry()), r.ck.used|r.ck.carried)
}

// publish hands r, paused at the end of the chunk, to the next chunk, and
// its carried values to the chunks that start after.
func (c *Chunk) publish(r *Reader) {
	if !c.last && !r.done {
		// What is left of c's bytes (a token cut by the pause) moves
		// to a buffer of the reader's own.
		r.buf = append([]byte(nil), r.buf[r.r:r.w]...)
		r.r, r.w = 0, len(r.buf)
		c.out = r
	}
	g := r.carry()
	c.chain.mu.Lock()
	if c.Seq > c.chain.guessSeq {
		c.chain.guess, c.chain.guessSeq = g, c.Seq
	}
	c.chain.mu.Unlock()
}
