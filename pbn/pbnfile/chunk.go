// Parallel PBN reading: the Splitter cuts the input into chunks of whole records; a Chunk is read by a Reader of its own.

package pbnfile

import (
	"bytes"
	"errors"
	"io"
	"sync/atomic"

	"revokes/pbn"
	"revokes/pbn/chunk"
	"revokes/pbn/internal/buffer"
)

// maxChunk bounds a chunk that finds no record boundary: from there the
// input is read sequentially.
const maxChunk = 8 << 20

// Splitter cuts PBN text into chunks of whole records that can be read
// in parallel, in any goroutine, giving the same boards as one Reader over
// the whole input (chunk.Splitter). A record that depends on the records
// before it (a "#" or "##" tag value, or play or auction without a Deal:
// tag inheritance) cannot be read on its own: from the first such record
// on, the Splitter reads the rest of the input itself, in order, with one
// Reader that starts with the state the earlier records left (once the
// chunks before are read), and hands out its records in chunks of
// restRecords (but a small input, up to two chunks, that inherits from its
// first record is one chunk: it has no earlier state).
//
// Record numbers of a chunk count from 1 within it, and those of the rest
// from 1 within the rest, until Settle gives the base; line numbers are
// those of the whole input.
type Splitter struct {
	File string

	rd      io.Reader
	buf     []byte
	eof     bool
	err     error
	line    int // line number of buf[0]
	seq     int
	chunks  []*Chunk // chunks handed out, for the state of the rest
	rest    *Reader  // the Reader of the rest, once the chunks are cut
	restErr error    // the error that ended the rest, for the next Next
	shared  *shared
	blocks  int  // records (blocks of text) handed out in chunks
	pending int  // blocks of the chunk being cut
	scanned int  // the blocks before buf[scanned] are counted in pending
	looked  bool // the first call looked whether the input is small
	conv    int  // buf[:conv] has its bare CRs turned into LFs
	careful bool // a record of the chunk being cut was not plain (quickRecord)
	size    int  // the chunk size aimed at (chunk.Size; smaller in tests)
}

// shared is what the chunks of one input share.
type shared struct {
	base int         // records of the chunks settled so far
	over atomic.Bool // Stop was called
}

// restRecords is the number of records of a chunk of the rest.
const restRecords = 256

// Records returns the number of blocks of text (records, counted as the
// Splitter cuts them) handed out in chunks so far.
func (s *Splitter) Records() int { return s.blocks }

// Chunk is a piece of the input (chunk.Chunk): whole records to Read, or
// records of the rest of the input that the Splitter read in order.
type Chunk struct {
	Seq  int // 0, 1, 2, ... in input order
	Line int // line where the chunk starts

	records  int            // the records of the chunk, set by Read
	rest     []chunk.Result // the records of a chunk of the rest
	inRest   bool           // the chunk is of the rest
	shared   *shared
	file     string
	data     []byte
	whole    []byte // the buffer data is cut from, for reuse
	done     chan struct{}
	end      readerState
	carrySet bool

	// What the Splitter found in data: no specialBytes (its records are
	// all plain and blank lines are all else), and no bare CR.
	plain, noCR bool
}

// NewSplitter returns a Splitter over PBN text (as given by SniffReader).
func NewSplitter(r io.Reader, file string) *Splitter {
	return &Splitter{File: file, rd: r, line: 1, shared: &shared{}, size: chunk.Size}
}

// Next returns the next chunk, then io.EOF. An error reading the input is
// returned after the chunks before it.
func (s *Splitter) Next() (chunk.Chunk, error) {
	if s.shared.over.Load() {
		return nil, io.EOF
	}
	if s.rest != nil {
		return s.restChunk()
	}
	if s.seq == 0 && !s.looked {
		// A small input (two chunks' worth at most, so that a chunk's
		// boards stay few) is one chunk: from the start of the input a
		// Reader of its own gives what one Reader gives, even when
		// records inherit, so that folders of session files are read
		// side by side.
		s.looked = true
		for !s.eof && len(s.buf) <= 2*s.size {
			s.fill()
		}
		if s.eof && s.err == nil && len(s.buf) <= 2*s.size {
			if n, plain := s.countRecords(s.buf); n > 0 {
				s.pending, s.careful = n, !plain
				return s.handOut(len(s.buf))
			}
		}
	}
	for {
		cut, dep, need := s.cut()
		if need && !s.eof && len(s.buf) < maxChunk {
			s.fill()
			continue
		}
		if len(s.buf) == 0 && s.eof {
			return nil, buffer.End(&s.err)
		}
		if dep || (need && !s.eof) {
			// A record that needs the ones before it, or no record
			// boundary in sight: the rest is read in order.
			s.startRest()
			return s.restChunk()
		}
		if need { // at the end of the input: the rest is one chunk
			cut = len(s.buf)
			s.careful = true // (the rest was not looked at)
		}
		return s.handOut(cut)
	}
}

// handOut makes buf[:cut], s.pending records, the next chunk.
func (s *Splitter) handOut(cut int) (chunk.Chunk, error) {
	s.blocks += s.pending
	s.pending, s.scanned = 0, 0
	c := &Chunk{Seq: s.seq, Line: s.line, file: s.File, done: make(chan struct{}), shared: s.shared}
	c.data, c.whole = s.buf[:cut:cut], s.buf
	c.plain, c.noCR = !s.careful, cut <= s.conv
	s.careful = false
	if cut <= s.conv {
		// Every CR of the chunk is followed by an LF (fill made the others
		// LFs): its lines are its LFs.
		s.line += bytes.Count(c.data, []byte{'\n'})
	} else {
		s.line += countLines(c.data)
	}
	if cut == len(s.buf) && s.eof {
		s.buf = nil // nothing left to read
	} else {
		nb, _ := buffer.Pool.Get().([]byte)
		s.buf = append(nb[:0], s.buf[cut:]...)
	}
	s.conv -= cut
	s.seq++
	s.chunks = append(s.chunks, c)
	return c, nil
}

// fill reads more input (at least a chunk's worth).
func (s *Splitter) fill() {
	s.buf, s.eof, s.err = buffer.Fill(s.buf, s.rd, s.size, &buffer.Pool, s.eof, s.err)
	// Bare CRs (old Mac line ends) become LFs, as the Reader reads them;
	// a CR at the end waits for the next byte.
	b := s.buf
	for p := s.conv; p < len(b); {
		i := bytes.IndexByte(b[p:], '\r')
		if i < 0 {
			p = len(b)
			s.conv = p
			break
		}
		p += i
		if p+1 == len(b) && !s.eof {
			s.conv = p
			break
		}
		if p+1 == len(b) || b[p+1] != '\n' {
			b[p] = '\n'
		}
		p++
		s.conv = p
	}
}

// cut finds where the chunk at the start of the buffer ends: the end of
// the first record that ends past s.size. dep is set when the record at
// the start of the buffer depends on earlier ones; the chunk is then cut
// before any later dependent record. need is set when the buffer ends
// before a cut was found.
func (s *Splitter) cut() (cut int, dep, need bool) {
	b := s.buf
	// Records before s.scanned were looked at by the call before, which
	// needed more input: go on after them.
	p := s.scanned
	var a ahead
	for {
		s.scanned = p
		if next, ok := s.quickRecord(b, p, &a); ok {
			if p == 0 && s.seq > 0 && leadDependent(b[:next]) {
				return 0, true, false
			}
			p = next
			s.pending++
			if p >= s.size {
				return p, false, false
			}
			continue
		}
		start, end, next, ok := scanRecord(b, p, s.eof)
		if !ok {
			return p, false, true
		}
		if start == end { // only blank lines left
			return len(b), false, false
		}
		if end-start > MaxRecord || longLine(b[start:end]) || dependent(b[start:end]) ||
			p == 0 && s.seq > 0 && leadDependent(b[start:end]) {
			// Limits and inheritance are the sequential Reader's job.
			if p == 0 {
				return 0, true, false
			}
			return p, false, false
		}
		p = next
		s.pending++
		s.careful = true
		if p >= s.size {
			return p, false, false
		}
	}
}

// countRecords counts the records of b, the whole rest of the input
// (s.eof is set), as the Splitter counts them. plain is set when they are
// all plain (quickRecord) and only blank lines follow them.
func (s *Splitter) countRecords(b []byte) (n int, plain bool) {
	plain = true
	var a ahead
	for p := 0; ; n++ {
		if next, ok := s.quickRecord(b, p, &a); ok {
			p = next
			continue
		}
		start, end, next, ok := scanRecord(b, p, true)
		if !ok || start == end {
			return n, plain && ok
		}
		plain = false
		p = next
	}
}

// isDealAt reports whether b[i:] starts with a Deal tag's "[Deal" (not
// followed by another name character).
func isDealAt(b []byte, i int) bool {
	return i+5 <= len(b) && string(b[i:i+5]) == "[Deal" && (i+5 == len(b) || !isNameChar(b[i+5])) && closedOnLine(b, i+5)
}

// closedOnLine reports whether a "]" follows b[i] on its line: a Deal tag
// whose line lacks it may be skipped by the Reader (a tag line without
// its "]"), so it does not make its record stand alone.
func closedOnLine(b []byte, i int) bool {
	line := b[i:]
	if j := bytes.IndexByte(line, '\n'); j >= 0 {
		line = line[:j]
	}
	return bytes.IndexByte(line, ']') >= 0
}

// ahead is what quickRecord found in the buffer past the record it looked
// at, so that the next one goes on from there: it serves one buffer,
// whose records are looked at in order.
type ahead struct {
	specials
	pairs
	deal int // where the last record's Deal tag had its colon, from the record's start
}

// specials finds, a window at a time, where the bytes that make a record
// need the careful scan occur in the buffer.
type specials struct {
	at    [len(specialBytes)]int  // where specialBytes[i] is, or where the look for it stopped
	found [len(specialBytes)]bool // whether at[i] holds specialBytes[i]
	free  int                     // no special byte from the records looked at up to here
}

// specialBytes open a {} comment, escape (\) or may inherit (#): the
// bytes with which a record may end elsewhere than at its first
// semi-empty line (braceState) or depend on the records before it
// (dependent) although it has a Deal tag at the start of a line.
//
// Without them no other byte matters. A ";" comment and a "%" line end
// at the end of their line, so they matter only for a "{" they hide or a
// "[Deal" they might hide from hasDealTag: with no "{" in a record,
// braceState finds no comment at all (and returns at once), and
// hasDealTag, which skips such a comment only up to the end of its line
// and ends strings there too, reads a "[Deal" at the start of a line
// outside any comment or string. Tabs and CRs only matter where they make
// a line semi-empty, and quickEnd looks at every line start exactly.
const specialBytes = "{\\#"

// specialWindow is how far ahead specials looks at a time, so that a byte
// that never occurs costs one look at each byte, not one at the whole
// buffer per chunk, and little past the end of the chunk (the next chunk
// looks again).
const specialWindow = 8 << 10

// clean reports whether b[p:end] holds no special byte. p may not
// decrease from one call to the next.
func (sp *specials) clean(b []byte, p, end int) bool {
	if end <= sp.free {
		return true
	}
	free := len(b)
	for i := range sp.at {
		if sp.at[i] < p {
			sp.at[i], sp.found[i] = p, false
		}
		for !sp.found[i] && sp.at[i] < end {
			w := b[sp.at[i]:min(len(b), sp.at[i]+specialWindow)]
			if k := bytes.IndexByte(w, specialBytes[i]); k >= 0 {
				sp.at[i] += k
				sp.found[i] = true
			} else {
				sp.at[i] += len(w) // none up to here: look again from here
			}
		}
		free = min(free, sp.at[i])
	}
	sp.free = free
	return end <= free
}

// startRest makes the Reader of the rest of the input, which starts with
// the state of the chunks before it (it waits for them to be read).
func (s *Splitter) startRest() {
	var st readerState
	for _, c := range s.chunks {
		<-c.done
		for id := range st.hist {
			if c.end.histOK[id] {
				st.hist[id], st.histOK[id] = c.end.hist[id], true
			}
		}
		for k, v := range c.end.histUnk {
			if st.histUnk == nil {
				st.histUnk = make(map[string]string)
			}
			st.histUnk[k] = v
		}
		if c.carrySet {
			st.carry = c.end.carry
		}
	}
	in := io.MultiReader(bytes.NewReader(s.buf), &errReader{s.rd, s.err, s.eof})
	r := newSeededReader(in, s.File, s.line, s.seq > 0, &st)
	s.buf = nil
	s.chunks = nil
	s.rest = r
}

// restChunk reads the next records of the rest of the input into a
// chunk, then gives io.EOF, or the error that ended the input after the
// records before it.
func (s *Splitter) restChunk() (chunk.Chunk, error) {
	if s.restErr != nil {
		return nil, s.restErr
	}
	c := &Chunk{Seq: s.seq, Line: s.rest.line, inRest: true, shared: s.shared, file: s.File}
	for len(c.rest) < restRecords {
		b, err := s.rest.Read()
		var pe *pbn.ParseError
		switch {
		case errors.As(err, &pe):
			c.rest = append(c.rest, chunk.Result{Err: pe})
		case err != nil:
			s.restErr = err
			if len(c.rest) == 0 {
				return nil, err
			}
			s.seq++
			return c, nil
		case b != nil:
			c.rest = append(c.rest, chunk.Result{Board: b})
		}
	}
	s.seq++
	return c, nil
}

// errReader continues the input after the Splitter's buffer, giving the
// read error the Splitter met, if any.
type errReader struct {
	rd  io.Reader
	err error
	eof bool
}

func (e *errReader) Read(p []byte) (int, error) {
	if e.eof {
		if e.err != nil {
			return 0, e.err
		}
		return 0, io.EOF
	}
	return e.rd.Read(p)
}

// Read reads the records of the chunk, counted from 1 in the chunk (or in
// the rest of the input). It may run in any goroutine, once.
func (c *Chunk) Read() []chunk.Result {
	if c.inRest {
		out := c.rest
		c.rest = nil
		return out
	}
	defer close(c.done)
	r := newBytesReader(c.data, c.file, c.Line, scanned{bomDone: c.Seq > 0, noCR: c.noCR, noBrace: c.plain})
	var out []chunk.Result
	for {
		b, err := r.Read()
		if err == io.EOF {
			break
		}
		var pe *pbn.ParseError
		switch {
		case errors.As(err, &pe):
			out = append(out, chunk.Result{Err: pe})
			c.carrySet = true
		case err != nil: // cannot happen with a bytes.Reader
			out = append(out, chunk.Result{Err: &pbn.ParseError{File: c.file, Code: "unreadable-file", Err: err}})
		default:
			out = append(out, chunk.Result{Board: b})
			if !c.carrySet && hasTag(b.Tags, "Deal") {
				c.carrySet = true
			}
		}
	}
	c.records = r.index
	c.end = r.state()
	buffer.Pool.Put(c.whole[:0])
	c.data, c.whole = nil, nil
	return out
}

// Settle gives the number to add to the record numbers of Read's results,
// in input order: the records of the chunks before (those before the rest,
// for a chunk of the rest).
func (c *Chunk) Settle() (fresh []chunk.Result, base int, keep bool) {
	base = c.shared.base
	c.shared.base += c.records
	return nil, base, true
}

// Stop ends the input at the chunk: the Splitter's Next returns io.EOF
// from now on.
func (c *Chunk) Stop() { c.shared.over.Store(true) }
