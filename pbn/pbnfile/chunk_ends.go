// Parallel PBN reading: where the Splitter finds a record's end (quickRecord, the quick path of scanRecord and dependent) and whether a record needs the ones before it.

package pbnfile

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// quickRecord is scanRecord and dependent for the usual record, quickly:
// when the record at p has no special byte, is within the limits and has
// a Deal tag at the start of a line (so it cannot depend on the records
// before it), it reports ok and where the next record is looked for;
// otherwise the caller takes the careful path.
func (s *Splitter) quickRecord(b []byte, p int, a *ahead) (next int, ok bool) {
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
	end, ok := quickEnd(b, p, s.eof, &a.pairs)
	if !ok || !a.clean(b, p, end) || !quickDealTag(b, p, end, &a.deal) {
		return 0, false
	}
	return end, true
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

// quickDealTag reports whether the record b[p:end] (ending with a newline)
// has a Deal tag at the start of a line: "[Deal" not followed by another
// name character. A usual Deal tag starts its line with `[Deal "N:`, and
// colons are rare elsewhere, so a colon eight bytes into its line is
// looked for first, from a little before where the last record had it
// (*at, from the record's start): any Deal tag will do; a record whose
// Deal tag is written otherwise is then looked at line by line.
func quickDealTag(b []byte, p, end int, at *int) bool {
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

// colonDeal is quickDealTag's look at the colons of b[from:end]: whether one
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
