// PBN reading, stage 1: the Reader and where a record (game) ends: the record framer (frame.end, its quick path quickEnd), which the Splitter uses too.

// Package pbnfile reads PBN text into pbn boards: a streaming Reader
// (one record, then io.EOF; a bad record is a *pbn.ParseError and the next
// Read goes on) and a Splitter that cuts an input into chunks of whole
// records for parallel parsing. Its files go by stage: frame (where a
// record ends), tokens, tags (and inheritance), sections (play and
// auction), values, build (the Board), play (seating the cards), chunk and
// chunk_ends; each quick path sits beside the general code it shortcuts.
package pbnfile

import (
	"bytes"
	"encoding/binary"
	"io"
	"math/bits"

	"revokes/pbn"
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

	rd    io.Reader
	buf   []byte
	r     int  // start of unread data (always a line start)
	vis   int  // end of the data ready to scan (bare CRs converted)
	w     int  // end of the data read
	eof   bool // rd is exhausted
	err   error
	line  int // line number of buf[r]
	bom   bool
	index int // records with tags returned so far
	// noBrace says that the input has no "{" (newBytesReader: a chunk's,
	// the Splitter looked).
	noBrace bool
	// quickOff turns the tokenizer's quick path off, for the tests that
	// compare it with the general loop.
	quickOff bool

	// inheritance
	// hist holds the last value of each known tag, but for those of pend,
	// the last record, when its tags are plain: pend's first pendN tags
	// are its own, with the known numbers pendMask.
	pend     *pbn.Board
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
	deal                                 pbn.Deal
	given                                [4]bool
	dealer                               pbn.Seat
	hasDealer                            bool
	vul                                  pbn.Vulnerability
	dealTag, boardTag, dealerTag, vulTag string
	hasBoard, hasDealerTag, hasVul       bool
}

// NewReader returns a Reader reading PBN text from r. It does its own
// buffering (256 KiB blocks).
func NewReader(r io.Reader) *Reader {
	return &Reader{rd: r, buf: make([]byte, bufSize), line: 1}
}

// scanned is what the Splitter already found in a chunk's bytes, so that
// the chunk's Reader (newBytesReader) does not look again.
type scanned struct {
	bomDone bool // the chunk does not start the input: no byte order mark
	noCR    bool // no bare CR (no old Mac line end to turn into an LF)
	noBrace bool // no '{' (quickRead need not look for a comment)
}

// newBytesReader returns a Reader of a chunk's bytes, data, which it may
// change (bare CRs become LFs) but does not copy, starting at line of the
// input file.
func newBytesReader(data []byte, file string, line int, sc scanned) *Reader {
	r := &Reader{File: file, rd: eofReader{}, buf: data, w: len(data), eof: true, line: line,
		bom: true, noBrace: sc.noBrace}
	if !sc.bomDone && len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		r.r, r.vis = 3, 3
	}
	// Bare CRs (old Mac line ends) become LFs, as fill does.
	for p := r.vis; p < len(data) && !sc.noCR; {
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

// newSeededReader returns a Reader of rd, the rest of an input from line
// on, that starts with the state st the records before it left; bomDone
// says that rd does not start the input.
func newSeededReader(rd io.Reader, file string, line int, bomDone bool, st *readerState) *Reader {
	r := NewReader(rd)
	r.File, r.line, r.bom = file, line, bomDone
	r.hist, r.histOK, r.histUnk, r.carry = st.hist, st.histOK, st.histUnk, st.carry
	return r
}

// Read returns the next board record. At the end of the input it returns
// nil, io.EOF. A record that cannot be read gives nil and a *ParseError;
// the next Read goes on with the next record. Any other error comes from
// the underlying reader and ends the input.
func (r *Reader) Read() (*pbn.Board, error) {
	for {
		b, perr, done, err := r.quickRead()
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
			msg := pbn.Msg("record larger than %d bytes", MaxRecord)
			if code == "line-too-long" {
				msg = pbn.Msg("line longer than %d bytes", MaxLine)
			}
			return nil, &pbn.ParseError{File: r.File, Record: r.index, StartLine: start,
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

// quickRead reads the next record in one pass over the buffered input, when
// the record and the semi-empty line after it are all there and the record
// is plain: no {} comment, no line over MaxLine, no syntax error. With done
// false it has consumed no record and the general path reads it.
func (r *Reader) quickRead() (b *pbn.Board, perr *pbn.ParseError, done bool, err error) {
	if err := r.skipBlank(); err != nil {
		return nil, nil, true, err
	}
	data := r.buf[r.r:r.vis]
	ps := parser{r: r, rec: data, line: r.line, quickRead: true, atEOF: r.eof && r.vis == r.w,
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
	atEOF := r.eof && r.vis == r.w
	if end, ok := quickEnd(r.buf[r.r:r.vis], 0, atEOF, &pairs{}); ok {
		rec = r.buf[r.r : r.r+end]
		if bytes.IndexByte(rec, '{') < 0 {
			r.r += end
			r.line += bytes.Count(rec, []byte{'\n'})
			return rec, start, "", 0, nil
		}
	}
	var fr frame
	for {
		b := r.buf[r.r:r.vis]
		end, st := fr.end(b, r.eof && r.vis == r.w, true)
		switch st {
		case frameEnd:
			rec = b[:end]
			r.r += end
			r.line += bytes.Count(rec, []byte{'\n'})
			return rec, start, "", 0, nil
		case frameLongLine:
			return r.tooBig(r.r, fr.p, start, "line-too-long")
		case frameTooLarge:
			return r.tooBig(r.r, fr.p, start, "record-too-large")
		}
		r.fill()
	}
}

// frame is the record framer of the Reader and the Splitter: it finds
// where the record at the start of a buffer ends, going on where the call
// before stopped when the buffer ended first.
type frame struct {
	p       int  // start of the line being looked at
	checked int  // brace state known up to here (a line start)
	inBrace bool // a {} comment is open at checked
}

// What frame.end found.
const (
	frameMore     = iota // b ends before the record does: call again with more
	frameEnd             // the record ends
	frameLongLine        // (limits) the line at p is longer than MaxLine
	frameTooLarge        // (limits) the record is larger than MaxRecord
)

// end finds where the record at the start of b (a line that is not
// semi-empty) ends: after the first newline followed by a semi-empty line
// (spaces, tabs and CRs, then a newline or the end of the input) outside a
// {} comment, or at the end of b at the end of the input (eof). With
// limits set it stops at a line longer than MaxLine or once the record
// passes MaxRecord bytes (p is then the line where).
func (f *frame) end(b []byte, eof, limits bool) (end, status int) {
	for {
		i := bytes.IndexByte(b[f.p:], '\n')
		if i < 0 {
			switch {
			case eof:
				return len(b), frameEnd
			case limits && len(b)-f.p > MaxLine:
				return 0, frameLongLine
			case limits && len(b) > MaxRecord:
				return 0, frameTooLarge
			}
			return 0, frameMore
		}
		if limits && i > MaxLine {
			return 0, frameLongLine
		}
		nl := f.p + i
		_, whole, semiEmpty := semiEmptyAfter(b, nl, eof)
		if semiEmpty && !whole {
			if limits && len(b) > MaxRecord {
				return 0, frameTooLarge
			}
			return 0, frameMore
		}
		f.p = nl + 1
		if semiEmpty {
			f.inBrace = braceState(b[f.checked:f.p], f.inBrace)
			f.checked = f.p
			if !f.inBrace {
				return f.p, frameEnd
			}
		}
		if limits && f.p > MaxRecord {
			return 0, frameTooLarge
		}
	}
}

// Constants of the look at eight bytes at once (nextPairs).
const (
	bytes21 = 0x2121212121212121 // '!' in every byte
	highBit = 0x8080808080808080 // the top bit of every byte
)

// pairs is where quickEnd is in the buffer, so that the next record goes
// on from there and each byte is looked at once: when set, the 64 bytes
// at i have been looked at, m marks those of their candidate pairs (see
// nextPairs) not yet looked at (bit j for the pair at i+j), and every
// candidate before done has been looked at.
type pairs struct {
	i, done int
	m       uint64
	set     bool
}

// quickEnd finds where the record at p (the start of a line that is not
// semi-empty) ends, as frame.end does when the record has no "{": after
// the first newline followed by a semi-empty line (spaces, tabs and CRs,
// then a newline or, at the end of the input, nothing). ok is false when
// b ends first and more input may come, when the record has no newline
// at the end of the input, and when it is longer than MaxLine bytes.
//
// A semi-empty line starts with a byte of at most ' ' right after a
// newline, so only pairs of such bytes need a look, and those are found
// eight pairs at a time, 64 bytes in a step (nextPairs): about one
// instruction a byte, where one IndexByte call a line cost about two.
func quickEnd(b []byte, p int, eof bool, pr *pairs) (end int, ok bool) {
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
		if end, ok, found := semiEmptyAfter(b, c, eof); found {
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
// are a few others, which quickEnd's exact look passes over. They are
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

// tailEnd is quickEnd near the end of b, a byte at a time from i.
func tailEnd(b []byte, i, lim int, eof bool) (end int, ok bool) {
	for c := i; c < lim; c++ {
		if b[c] != '\n' {
			continue
		}
		if end, ok, found := semiEmptyAfter(b, c, eof); found {
			return end, ok
		}
	}
	return 0, false
}

// skipSemiEmpty returns the start of the first line from p (a line
// start) that is not semi-empty and the number of lines skipped; whole is
// false when b ends inside a line that is semi-empty so far (start is then
// that line's). The Reader (skipBlank) and the Splitter skip blank lines
// with it.
func skipSemiEmpty(b []byte, p int) (start, lines int, whole bool) {
	for {
		q := p
		for q < len(b) && (b[q] == ' ' || b[q] == '\t' || b[q] == '\r') {
			q++
		}
		if q == len(b) {
			return p, lines, false
		}
		if b[q] != '\n' {
			return p, lines, true
		}
		p = q + 1
		lines++
	}
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

// skipBlank skips semi-empty lines (skipSemiEmpty), reading more input as
// needed. At the end of the input it returns io.EOF, or the error of the
// underlying reader.
func (r *Reader) skipBlank() error {
	for {
		p, lines, whole := skipSemiEmpty(r.buf[:r.vis], r.r)
		r.r = p
		r.line += lines
		if whole {
			return nil
		}
		if r.eof && r.vis == r.w {
			r.r = r.w
			if r.err != nil {
				return r.err
			}
			return io.EOF
		}
		if r.vis-r.r > 64<<10 {
			r.r = r.vis // drop a huge run of blanks, keeping memory bounded
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
