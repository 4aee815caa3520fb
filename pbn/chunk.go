package pbn

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
	"sync"
)

// ChunkSize is the size a Splitter aims at for one chunk of records:
// about 500 boards, so that the workers share even a small file whose
// boards are costly to analyse (the double-dummy estimate of revokes).
const ChunkSize = 256 << 10

// chunkSize is ChunkSize, smaller in tests.
var chunkSize = ChunkSize

// maxChunk bounds a chunk that finds no record boundary: from there the
// input is read sequentially.
const maxChunk = 8 << 20

// Splitter cuts PBN text into chunks of whole records that can be parsed
// in parallel, in any goroutine, giving the same boards as one Reader over
// the whole input. A record that depends on the records before it (a "#"
// or "##" tag value, or play or auction without a Deal: tag inheritance)
// cannot be parsed on its own: from the first such record on, the
// Splitter hands out the rest of the input as one sequential Reader that
// starts with the state the earlier records left (but a small input, up
// to two chunks, that inherits from its first record is one chunk: it has
// no earlier state).
//
// Board indices of a chunk, and of the rest, count from 1 within it (the
// caller adds the records of the chunks before it: Chunk.Records); line
// numbers are those of the whole input.
type Splitter struct {
	File string
	// MaxRecords, when set, caps the records handed out in chunks: past
	// it Next returns ErrTooManyRecords.
	MaxRecords int

	rd      io.Reader
	buf     []byte
	eof     bool
	err     error
	line    int // line number of buf[0]
	seq     int
	chunks  []*Chunk // chunks handed out, for the state of the rest
	rest    bool
	blocks  int  // records (blocks of text) handed out in chunks
	pending int  // blocks of the chunk being cut
	scanned int  // the blocks before buf[scanned] are counted in pending
	looked  bool // the first call looked whether the input is small
	conv    int  // buf[:conv] has its bare CRs turned into LFs
	careful bool // a record of the chunk being cut was not plain (plainRecord)
}

// ErrTooManyRecords says that an input has more records than the
// Splitter's MaxRecords.
var ErrTooManyRecords = errors.New("too many records")

// Records returns the number of blocks of text (records, counted as the
// Splitter cuts them) handed out in chunks so far.
func (s *Splitter) Records() int { return s.blocks }

// Chunk is a piece of the input: whole records to Parse, or (Rest set) the
// sequential reader of the remainder.
type Chunk struct {
	Seq  int     // 0, 1, 2, ... in input order
	Line int     // line where the chunk starts
	Rest *Reader // when set: read the rest of the input with it, in order

	// Records is the number of records of the chunk, set by Parse.
	Records int

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

// ChunkResult is one record of a parsed chunk: a board, or the error of a
// record that could not be read.
type ChunkResult struct {
	Board *Board
	Err   *ParseError
}

// readerState is what a Reader hands from one record to the next.
type readerState struct {
	hist    [numKnown]string
	histOK  [numKnown]bool
	histUnk map[string]string
	carry   carry
}

// NewSplitter returns a Splitter over PBN text (as given by SniffReader).
func NewSplitter(r io.Reader, file string) *Splitter {
	return &Splitter{File: file, rd: r, line: 1}
}

// Next returns the next chunk, then io.EOF. An error reading the input is
// returned after the chunks before it.
func (s *Splitter) Next() (*Chunk, error) {
	if s.rest {
		return nil, io.EOF
	}
	if s.seq == 0 && !s.looked {
		// A small input (two chunks' worth at most, so that a chunk's
		// boards stay few) is one chunk: from the start of the input a
		// Reader of its own gives what one Reader gives, even when
		// records inherit, so that folders of session files are read
		// side by side.
		s.looked = true
		for !s.eof && len(s.buf) <= 2*chunkSize {
			s.fill()
		}
		if s.eof && s.err == nil && len(s.buf) <= 2*chunkSize {
			if n, plain := s.countRecords(s.buf); n > 0 && (s.MaxRecords == 0 || n <= s.MaxRecords) {
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
			return nil, inputEnd(&s.err)
		}
		if dep || (need && !s.eof) {
			// A record that needs the ones before it, or no record
			// boundary in sight: the rest is read in order.
			return s.restChunk(), nil
		}
		if need { // at the end of the input: the rest is one chunk
			cut = len(s.buf)
			s.careful = true // (the rest was not looked at)
		}
		return s.handOut(cut)
	}
}

// handOut makes buf[:cut], s.pending records, the next chunk.
func (s *Splitter) handOut(cut int) (*Chunk, error) {
	s.blocks += s.pending
	s.pending, s.scanned = 0, 0
	if s.MaxRecords > 0 && s.blocks > s.MaxRecords {
		return nil, ErrTooManyRecords
	}
	c := &Chunk{Seq: s.seq, Line: s.line, file: s.File, done: make(chan struct{})}
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
		nb, _ := chunkPool.Get().([]byte)
		s.buf = append(nb[:0], s.buf[cut:]...)
	}
	s.conv -= cut
	s.seq++
	s.chunks = append(s.chunks, c)
	return c, nil
}

// fill reads more input (at least a chunk's worth).
func (s *Splitter) fill() {
	s.buf, s.eof, s.err = fillChunk(s.buf, s.rd, chunkSize, &chunkPool, s.eof, s.err)
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
// the first record that ends past ChunkSize. dep is set when the record at
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
		if next, ok := s.plainRecord(b, p, &a); ok {
			if p == 0 && s.seq > 0 && leadDependent(b[:next]) {
				return 0, true, false
			}
			p = next
			s.pending++
			if p >= chunkSize {
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
		if p >= chunkSize {
			return p, false, false
		}
	}
}

// countRecords counts the records of b, the whole rest of the input
// (s.eof is set), as the Splitter counts them. plain is set when they are
// all plain (plainRecord) and only blank lines follow them.
func (s *Splitter) countRecords(b []byte) (n int, plain bool) {
	plain = true
	var a ahead
	for p := 0; ; n++ {
		if next, ok := s.plainRecord(b, p, &a); ok {
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
	return i+5 <= len(b) && string(b[i:i+5]) == "[Deal" && (i+5 == len(b) || !isNameChar(b[i+5]))
}

// ahead is what plainRecord found in the buffer past the record it looked
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
// a line semi-empty, and plainEnd looks at every line start exactly.
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

// plainRecord is scanRecord and dependent for the usual record, quickly:
// when the record at p has no special byte, is within the limits and has
// a Deal tag at the start of a line (so it cannot depend on the records
// before it), it reports ok and where the next record is looked for;
// otherwise the caller takes the careful path.
func (s *Splitter) plainRecord(b []byte, p int, a *ahead) (next int, ok bool) {
	// Skip semi-empty lines (quickly the usual one, an empty line before
	// a line that starts with neither white space nor a newline).
	if p+1 < len(b) && b[p] == '\n' && b[p+1] > ' ' {
		p++
	} else {
		for {
			q := p
			for q < len(b) && (b[q] == ' ' || b[q] == '\t' || b[q] == '\r') {
				q++
			}
			if q == len(b) || b[q] != '\n' {
				break
			}
			p = q + 1
		}
		if p == len(b) {
			return 0, false
		}
	}
	end, ok := plainEnd(b, p, s.eof, &a.pairs)
	if !ok || !a.clean(b, p, end) || !plainDeal(b, p, end, &a.deal) {
		return 0, false
	}
	return end, true
}

// Constants of the look at eight bytes at once (nextPairs).
const (
	bytes21 = 0x2121212121212121 // '!' in every byte
	highBit = 0x8080808080808080 // the top bit of every byte
)

// pairs is where plainEnd is in the buffer, so that the next record goes
// on from there and each byte is looked at once: when set, the 64 bytes
// at i have been looked at, m marks those of their candidate pairs (see
// nextPairs) not yet looked at (bit j for the pair at i+j), and every
// candidate before done has been looked at.
type pairs struct {
	i, done int
	m       uint64
	set     bool
}

// plainEnd finds where the record at p (the start of a line that is not
// semi-empty) ends, as scanRecord does when the record has no "{": after
// the first newline followed by a semi-empty line (spaces, tabs and CRs,
// then a newline or, at the end of the input, nothing). ok is false when
// b ends first and more input may come, when the record has no newline
// at the end of the input, and when it is longer than MaxLine bytes.
//
// A semi-empty line starts with a byte of at most ' ' right after a
// newline, so only pairs of such bytes need a look, and those are found
// eight pairs at a time, 64 bytes in a step (nextPairs): about one
// instruction a byte, where one IndexByte call a line cost about two.
func plainEnd(b []byte, p int, eof bool, pr *pairs) (end int, ok bool) {
	lim := len(b)
	if p+MaxLine < lim {
		lim = p + MaxLine // a newline before lim: the record is MaxLine bytes at most
	}
	i, m := p-64, uint64(0) // as if the 64 bytes before p had been looked at
	if pr.set && pr.i <= p && p < pr.i+64 && pr.done <= p {
		i, m = pr.i, pr.m&(^uint64(0)<<(p-pr.i)) // go on from the last record
	}
	pr.set = false
	for stop := min(len(b)-65, lim-1); ; {
		for m == 0 {
			if i, m = nextPairs(b, i+64, stop); i > stop {
				if i >= lim {
					return 0, false
				}
				return tailEnd(b, i, lim, eof)
			}
		}
		c := i + bits.TrailingZeros64(m)
		m &= m - 1
		if b[c] != '\n' {
			continue
		}
		if c >= lim {
			return 0, false
		}
		if end, found, ok := blankAfter(b, c, eof); found {
			*pr = pairs{i: i, done: c + 1, m: m, set: true}
			return end, ok
		}
	}
}

// nextPairs returns the first of the blocks of 64 bytes at i, i+64, ...
// up to stop that has candidate pairs, and their mask: bit j for the pair
// at i+j. Past stop it returns a position past stop and no mask.
//
// Every pair of bytes that are both at most ' ' is a candidate, and so
// are a few others, which plainEnd's exact look passes over. They are
// found eight pairs at a time: in x - 0x2121...21 the top bit of a byte
// below '!' is set whatever the borrow from the byte below (it wraps to
// 0xDE or more), and also that of '!' after a borrow and of most bytes
// past 0xA0; of the words at w[k:] and w[k+1:], so treated, the top bits
// of byte j are both set for a candidate pair w[k+j], w[k+j+1].
func nextPairs(b []byte, i, stop int) (int, uint64) {
	if i > stop {
		return i, 0
	}
	// The blocks are walked as a slice, whose length the loop checks once
	// for the loop and the bounds.
	s := b[i : stop+65]
	for ; len(s) >= 65; s, i = s[64:], i+64 {
		// (Written out: calls to an inlined function leave instructions.)
		w := (*[65]byte)(s)
		le := binary.LittleEndian
		m0 := (le.Uint64(w[0:]) - bytes21) & (le.Uint64(w[1:]) - bytes21)
		m1 := (le.Uint64(w[8:]) - bytes21) & (le.Uint64(w[9:]) - bytes21)
		m2 := (le.Uint64(w[16:]) - bytes21) & (le.Uint64(w[17:]) - bytes21)
		m3 := (le.Uint64(w[24:]) - bytes21) & (le.Uint64(w[25:]) - bytes21)
		m4 := (le.Uint64(w[32:]) - bytes21) & (le.Uint64(w[33:]) - bytes21)
		m5 := (le.Uint64(w[40:]) - bytes21) & (le.Uint64(w[41:]) - bytes21)
		m6 := (le.Uint64(w[48:]) - bytes21) & (le.Uint64(w[49:]) - bytes21)
		m7 := (le.Uint64(w[56:]) - bytes21) & (le.Uint64(w[57:]) - bytes21)
		if (m0|m1|m2|m3|m4|m5|m6|m7)&highBit != 0 {
			return i, packBits(m0) | packBits(m1)<<8 | packBits(m2)<<16 | packBits(m3)<<24 |
				packBits(m4)<<32 | packBits(m5)<<40 | packBits(m6)<<48 | packBits(m7)<<56
		}
	}
	return i, 0
}

// packBits gathers the top bits of the bytes of m into its low byte,
// byte j's to bit j: shifted down, byte j's bit is bit 8j, and the
// multiplier, the sum of 2^(7k+7) for k from 0 to 7, moves it to bit 56+j
// (with k = 7-j); no two of the products have a bit in common.
func packBits(m uint64) uint64 {
	v := (m & highBit) >> 7
	return v * 0x0102040810204080 >> 56
}

// tailEnd is plainEnd near the end of b, a byte at a time from i.
func tailEnd(b []byte, i, lim int, eof bool) (end int, ok bool) {
	for c := i; c < lim; c++ {
		if b[c] != '\n' {
			continue
		}
		if end, found, ok := blankAfter(b, c, eof); found {
			return end, ok
		}
	}
	return 0, false
}

// blankAfter looks whether the newline at b[c] is followed by a
// semi-empty line. found is set when the record ends there (end is c+1,
// and ok is set) or when b ends first and more input may come (ok unset).
func blankAfter(b []byte, c int, eof bool) (end int, found, ok bool) {
	q := c + 1
	for q < len(b) && (b[q] == ' ' || b[q] == '\t' || b[q] == '\r') {
		q++
	}
	switch {
	case q == len(b):
		return c + 1, true, eof
	case b[q] == '\n':
		return c + 1, true, true
	}
	return 0, false, false
}

// plainDeal reports whether the record b[p:end] (ending with a newline)
// has a Deal tag at the start of a line: "[Deal" not followed by another
// name character. A usual Deal tag starts its line with `[Deal "N:`, and
// colons are rare elsewhere, so a colon eight bytes into its line is
// looked for first, from a little before where the last record had it
// (*at, from the record's start): any Deal tag will do; a record whose
// Deal tag is written otherwise is then looked at line by line.
func plainDeal(b []byte, p, end int, at *int) bool {
	if from := p + *at - 64; from > p && from < end && colonDeal(b, p, from, end, at) {
		return true
	}
	if colonDeal(b, p, p, end, at) || isDealAt(b, p) {
		return true
	}
	for q := p; ; {
		i := bytes.Index(b[q:end], []byte("\n[Deal"))
		if i < 0 {
			return false
		}
		if isDealAt(b, q+i+1) {
			return true
		}
		q += i + 1
	}
}

// colonDeal is plainDeal's look at the colons of b[from:end]: whether one
// of them is that of a Deal tag at the start of a line of the record at p
// (its offset from p is then left in *at).
func colonDeal(b []byte, p, from, end int, at *int) bool {
	for q := from; ; {
		i := bytes.IndexByte(b[q:end], ':')
		if i < 0 {
			return false
		}
		if k := q + i - len(`[Deal "N`); k >= p && (k == p || b[k-1] == '\n') && isDealAt(b, k) {
			*at = q + i - p
			return true
		}
		q += i + 1
	}
}

// scanRecord finds the record starting at or after p (a line start
// outside any comment): its bytes are b[start:end] and the next record is
// looked for from next. ok is false when b ends first (unless at the end
// of the input). A record ends at a semi-empty line outside a {} comment,
// exactly as the Reader splits records.
func scanRecord(b []byte, p int, eof bool) (start, end, next int, ok bool) {
	// Skip semi-empty lines.
	for {
		q := p
		for q < len(b) && (b[q] == ' ' || b[q] == '\t' || b[q] == '\r') {
			q++
		}
		if q == len(b) {
			if eof {
				return len(b), len(b), len(b), true
			}
			return 0, 0, 0, false
		}
		if b[q] != '\n' {
			break
		}
		p = q + 1
	}
	start = p
	checked := p
	inBrace := false
	for {
		i := bytes.IndexByte(b[p:], '\n')
		if i < 0 {
			if eof {
				return start, len(b), len(b), true
			}
			return 0, 0, 0, false
		}
		nl := p + i
		q := nl + 1
		for q < len(b) && (b[q] == ' ' || b[q] == '\t' || b[q] == '\r') {
			q++
		}
		if q == len(b) && !eof {
			return 0, 0, 0, false
		}
		p = nl + 1
		if q == len(b) || b[q] == '\n' {
			inBrace = braceState(b[checked:p], inBrace)
			checked = p
			if !inBrace {
				return start, p, p, true
			}
		}
	}
}

// longLine reports whether rec has a line longer than MaxLine.
func longLine(rec []byte) bool {
	if len(rec) <= MaxLine {
		return false
	}
	for len(rec) > MaxLine {
		i := bytes.IndexByte(rec, '\n')
		if i < 0 || i > MaxLine {
			return true
		}
		rec = rec[i+1:]
	}
	return false
}

// dependent reports whether a record may need the records before it: a
// tag value that starts with "#" (inheritance), or play or an auction
// without a Deal (the silent carry-over). It may say yes when the answer
// is no (then the record is just read in order), never the reverse for
// records that are tags and sections as usual.
func dependent(rec []byte) bool {
	if bytes.IndexByte(rec, '\\') >= 0 && bytes.IndexByte(rec, '#') >= 0 {
		return true // escapes make the strings uncertain
	}
	for off := 0; ; {
		i := bytes.IndexByte(rec[off:], '#')
		if i < 0 {
			break
		}
		i += off
		off = i + 1
		// A "#" inside a quoted string, not at its start, is text; any
		// other may be a value that starts with "#".
		ls := bytes.LastIndexByte(rec[:i], '\n') + 1
		quotes := 0
		for k := ls; k < i; k++ {
			switch rec[k] {
			case '\\':
				k++
			case '"':
				quotes++
			}
		}
		if quotes%2 == 0 || rec[i-1] == '"' {
			return true
		}
	}
	if !hasTagName(rec, "Play") && !hasTagName(rec, "Auction") {
		return false
	}
	// A Deal found inside a comment or a string would be wrong: look for
	// it outside them (as braceState reads them), and where escapes make
	// strings uncertain, say the record depends.
	if bytes.IndexByte(rec, '\\') >= 0 {
		return true
	}
	return !hasDealTag(rec)
}

// leadDependent reports whether the record at the start of a chunk (not
// the first) may hold, before the Deal tag that makes it stand alone, a
// record of its own that lost its empty line (laws.md A15) with play or an
// auction: that one needs the Deal of the records before the chunk. A
// record inside a chunk gets it from the record before, as in one Reader.
// It may say yes when the answer is no (the rest is then read in order).
func leadDependent(rec []byte) bool {
	d := bytes.LastIndex(rec, []byte("Deal"))
	if d < 0 || !hasTagName(rec[:d], "Play") && !hasTagName(rec[:d], "Auction") {
		return false // (no Deal at all: dependent says)
	}
	for _, name := range []string{"Event", "Site", "Date", "Board", "Deal"} {
		if bytes.Count(rec, []byte(name)) >= 2 {
			return true
		}
	}
	return false
}

// hasTagName reports whether rec has "[name" (white space allowed after
// the bracket, as a tag may be split over lines) not followed by another
// name character.
func hasTagName(rec []byte, name string) bool {
	for off := 0; ; {
		i := bytes.Index(rec[off:], []byte(name))
		if i < 0 {
			return false
		}
		i += off
		off = i + len(name)
		if off < len(rec) && isNameChar(rec[off]) {
			continue
		}
		k := i - 1
		for k >= 0 && (rec[k] == ' ' || rec[k] == '\t' || rec[k] == '\r' || rec[k] == '\n') {
			k--
		}
		if k < 0 || rec[k] != '[' {
			continue
		}
		// Even one that may be text in a string counts: the quotes
		// before it on its line do not tell (an unquoted value may hold
		// any number of them), and a record wrongly taken to depend on
		// the ones before it is only read in order, while one wrongly
		// taken to stand alone would lose what it inherits.
		return true
	}
}

// hasDealTag reports whether rec has a Deal tag outside strings, {}
// comments, ; comments and % lines (read as braceState reads them).
func hasDealTag(rec []byte) bool {
	// The common case, quickly: the first "[Deal" that is not "[Dealer"
	// has no comment before it and is not inside a string on its line.
	for off := 0; ; {
		i := bytes.Index(rec[off:], []byte("[Deal"))
		if i < 0 {
			break
		}
		i += off
		off = i + 5
		if !isDealAt(rec, i) {
			continue // "[Dealer": look further
		}
		pre := rec[:i]
		if bytes.IndexByte(pre, '{') < 0 && bytes.IndexByte(pre, ';') < 0 && bytes.IndexByte(pre, '%') < 0 &&
			bytes.Count(pre[bytes.LastIndexByte(pre, '\n')+1:], []byte{'"'})%2 == 0 {
			return true
		}
		break
	}
	lineStart, quote, brace := true, false, false
	for i := 0; i < len(rec); i++ {
		c := rec[i]
		if brace {
			if c == '}' {
				brace = false
			}
			lineStart = c == '\n'
			continue
		}
		switch c {
		case '\n':
			quote, lineStart = false, true
			continue
		case '%', ';':
			if c == ';' && quote || c == '%' && !lineStart {
				break
			}
			j := bytes.IndexByte(rec[i:], '\n')
			if j < 0 {
				return false
			}
			i += j - 1
		case '"':
			quote = !quote
		case '{':
			brace = !quote
		case '[':
			if quote {
				break
			}
			j := i + 1
			for j < len(rec) && (rec[j] == ' ' || rec[j] == '\t' || rec[j] == '\r' || rec[j] == '\n') {
				j++
			}
			if bytes.HasPrefix(rec[j:], []byte("Deal")) && (j+4 == len(rec) || !isNameChar(rec[j+4])) {
				return true
			}
		}
		lineStart = false
	}
	return false
}

// isNameChar reports whether c may be part of a tag name.
func isNameChar(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z'
}

// countLines counts lines the way the Reader does: every LF, and every CR
// not followed by an LF.
func countLines(b []byte) int {
	n := bytes.Count(b, []byte{'\n'})
	for i := bytes.IndexByte(b, '\r'); i >= 0; {
		if i+1 >= len(b) || b[i+1] != '\n' {
			n++
		}
		j := bytes.IndexByte(b[i+1:], '\r')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return n
}

// restChunk hands out the rest of the input as one sequential Reader that
// starts with the state of the chunks before it (it waits for them to be
// parsed).
func (s *Splitter) restChunk() *Chunk {
	s.rest = true
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
	r := NewReader(in)
	r.File = s.File
	r.line = s.line
	r.bom = s.seq > 0
	r.hist, r.histOK, r.histUnk, r.carry = st.hist, st.histOK, st.histUnk, st.carry
	s.buf = nil
	return &Chunk{Seq: s.seq, Line: s.line, Rest: r, file: s.File}
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

// Parse reads the records of the chunk. It may run in any goroutine, once.
func (c *Chunk) Parse() []ChunkResult {
	if c.Rest != nil {
		panic("pbn: Parse of the rest of the input")
	}
	defer close(c.done)
	r := newBytesReader(c.data, c.Seq > 0, c.noCR)
	r.noBrace = c.plain
	r.File = c.file
	r.line = c.Line
	var out []ChunkResult
	for {
		b, err := r.Read()
		if err == io.EOF {
			break
		}
		var pe *ParseError
		switch {
		case errors.As(err, &pe):
			out = append(out, ChunkResult{Err: pe})
			c.carrySet = true
		case err != nil: // cannot happen with a bytes.Reader
			out = append(out, ChunkResult{Err: &ParseError{File: c.file, Code: "unreadable-file", Err: err}})
		default:
			out = append(out, ChunkResult{Board: b})
			if !c.carrySet && hasTag(b.Tags, "Deal") {
				c.carrySet = true
			}
		}
	}
	c.Records = r.index
	r.flushHist()
	c.end = readerState{hist: r.hist, histOK: r.histOK, histUnk: r.histUnk, carry: r.carry}
	chunkPool.Put(c.whole[:0])
	c.data, c.whole = nil, nil
	return out
}

// inputEnd is what a splitter's Next returns at the end of its input: the
// read error it met (once), else io.EOF.
func inputEnd(err *error) error {
	if e := *err; e != nil {
		*err = nil
		return e
	}
	return io.EOF
}

// fillChunk reads more of rd into buf, a chunk buffer of pool, until it
// holds size bytes, its room is full or the input ends (eof; err a read
// error other than io.EOF). When less than size bytes of room are left,
// buf moves to a larger buffer of pool first and goes back to it.
func fillChunk(buf []byte, rd io.Reader, size int, pool *sync.Pool, eof bool, err error) ([]byte, bool, error) {
	if cap(buf)-len(buf) < size {
		want := max(2*cap(buf), len(buf)+2*size)
		nb, _ := pool.Get().([]byte)
		if cap(nb) < want {
			nb = make([]byte, 0, want)
		}
		nb = append(nb[:0], buf...)
		if buf != nil && cap(buf) >= size {
			pool.Put(buf[:0])
		}
		buf = nb
	}
	for !eof && cap(buf)-len(buf) > 0 {
		n, rerr := rd.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if rerr != nil {
			eof = true
			if rerr != io.EOF {
				err = rerr
			}
		}
		if n == 0 && rerr == nil {
			continue
		}
		if len(buf) >= size {
			break
		}
	}
	return buf, eof, err
}

// chunkPool recycles chunk buffers: the boards of a chunk never point into
// its bytes (their text is copied into strings).
var chunkPool sync.Pool

// newBytesReader returns a Reader over data, which it may change (bare CRs
// become LFs), without copying it. bomDone says not to look for a byte
// order mark, noCR that data has no bare CR.
func newBytesReader(data []byte, bomDone, noCR bool) *Reader {
	r := &Reader{rd: eofReader{}, buf: data, w: len(data), eof: true, line: 1, bom: true}
	if !bomDone && len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		r.r, r.vis = 3, 3
	}
	// Bare CRs (old Mac line ends) become LFs, as fill does.
	for p := r.vis; p < len(data) && !noCR; {
		i := bytes.IndexByte(data[p:], '\r')
		if i < 0 {
			break
		}
		p += i
		if p+1 == len(data) || data[p+1] != '\n' {
			data[p] = '\n'
		}
		p++
	}
	r.vis = len(data)
	return r
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }
