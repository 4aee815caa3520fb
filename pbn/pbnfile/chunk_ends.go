// Parallel PBN reading: where the Splitter finds a record's end (quickRecord, the quick path of scanRecord and dependent, both on the Reader's framer) and whether a record needs the ones before it.

package pbnfile

import (
	"bytes"
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
	} else if p, _, ok = skipSemiEmpty(b, p); !ok {
		return 0, false
	}
	end, ok := quickEnd(b, p, s.eof, &a.pairs)
	if !ok || !a.clean(b, p, end) || !quickDealTag(b, p, end, &a.deal) {
		return 0, false
	}
	return end, true
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
// of the input). A record ends where the Reader's framer ends it
// (frame.end), without the limits, which the Splitter checks itself.
func scanRecord(b []byte, p int, eof bool) (start, end, next int, ok bool) {
	p, _, whole := skipSemiEmpty(b, p)
	if !whole {
		if eof {
			return len(b), len(b), len(b), true
		}
		return 0, 0, 0, false
	}
	var fr frame
	n, st := fr.end(b[p:], eof, false)
	if st != frameEnd {
		return 0, 0, 0, false
	}
	return p, p + n, p + n, true
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
			if bytes.HasPrefix(rec[j:], []byte("Deal")) && (j+4 == len(rec) || !isNameChar(rec[j+4])) && closedOnLine(rec, j+4) {
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
