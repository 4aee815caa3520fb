// LIN reading: keys and key|value| tokens (quickPair is the quick path of next).

package linfile

import (
	"encoding/binary"
	"io"
	"math/bits"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

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

// quickPair reads a whole key|value| pair when it lies in the buffer on one
// line (after any line breaks) with a plain two-letter key: the common
// case, without the bookkeeping of next. It reports false when the slow
// path must be taken.
func (r *Reader) quickPair() (key uint16, v []byte, ok bool) {
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

// reset clears the current board, keeping its buffers.
func (r *Reader) reset() {
	c := &r.cur
	*c = linBoard{codes: c.codes[:0], cards: c.cards[:0],
		cardLines: c.cardLines[:0], claim: -1}
}

// next returns the next token: the bytes before the next '|' with CR and
// LF removed, the line of its first other byte, the number of bytes
// consumed, and false at the end of the input. long is set (and tok is
// empty) for a token longer than linMaxValue, which is skipped.
func (r *Reader) next() (tok []byte, line, n int, ok, long bool) {
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
	if k := r.ck; k != nil && k.plong { // a too long token cut by a pause: skip on
		skipped, long, line = k.pskipped, true, k.pline
		k.plong = false
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
				k := r.ck
				k.plong, k.pskipped, k.pline = true, skipped+i-start, line
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
func (r *Reader) strip(start, end int, nl bool) []byte {
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
func (r *Reader) fill() {
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
