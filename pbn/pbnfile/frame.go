// PBN reading, stage 1: the Reader and where a record (game) ends.

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
	"unicode/utf8"

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
