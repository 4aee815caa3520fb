// PBN reading: the tokens of the Play and Auction sections, each with its quick path.

package pbnfile

import (
	"bytes"
	"encoding/binary"
	"slices"

	"revokes/pbn"
)

// playRun reads a run of plain two-letter cards ("SA HT D2 CK") and the
// blanks and newlines between them, the bulk of a Play section. It stops
// before anything else, for the general token loop; it reports whether it
// read at least one card.
func (ps *parser) playRun() bool {
	rec := ps.rec
	n := len(rec)
	p := ps.p
	line, lineStart := ps.line, ps.lineStart
	plays := ps.plays
	read := len(plays)
	for p+1 < n {
		su, rk := pbn.SuitCode(rec[p]), pbn.RankCode(rec[p+1])
		if su == 0 || rk == 0 || p+2 < n && !isDelim(rec[p+2]) {
			break
		}
		plays = appendCard(plays, su, rk, line)
		p += 2
		for p < n && rec[p] <= ' ' {
			if rec[p] == '\n' {
				line++
				lineStart = p + 1
				if ps.quickRead && (p+1 == n || rec[p+1] <= ' ') && ps.newline(p) {
					p++
					break
				}
			}
			p++
		}
		if ps.stop {
			break
		}
	}
	ps.p = p
	ps.line, ps.lineStart = line, lineStart
	ps.plays = plays
	return len(plays) > read
}

// appendCard appends the token of a plain card (su and rk as suitOf and
// rankOf give them) read on line. It fills the token in place: one built
// aside and copied costs a store-forwarding stall per card.
func appendCard(plays []playTok, su, rk uint8, line int) []playTok {
	if len(plays) == cap(plays) {
		plays = append(plays, playTok{})[:len(plays)]
	}
	plays = plays[:len(plays)+1]
	t := &plays[len(plays)-1]
	t.card, t.kind, t.mark, t.line = pbn.Card((su-1)<<4|rk), tokCard, 0, int32(line)
	return plays
}

// isAnnotation reports whether b is only suffixes, notes and NAGs
// ("!", "?!", "=1=", "$12").
func isAnnotation(b []byte) bool {
	for _, c := range b {
		switch {
		case c == '!' || c == '?' || c == '=' || c == '$':
		case c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return true
}

// noteNumber returns n of a "=n=" reference inside b, or 0.
func noteNumber(b []byte) int {
	i := bytes.IndexByte(b, '=')
	if i < 0 {
		return 0
	}
	n := 0
	for j := i + 1; j < len(b) && b[j] >= '0' && b[j] <= '9'; j++ {
		n = n*10 + int(b[j]-'0')
		if n > 1000 {
			return 0
		}
	}
	return n
}

// playWord reads one token of a Play section.
func (ps *parser) playWord(w []byte, col int) *pbn.ParseError {
	if ps.playStar {
		return nil
	}
	for len(w) >= 2 && w[0] == '^' {
		ps.mark = w[1] &^ 0x20
		w = w[2:]
		col += 2
	}
	if len(w) == 0 {
		return nil
	}
	switch w[0] {
	case '=', '$', '!', '?':
		return nil
	case '*':
		ps.playStar = true
		return nil
	case '+':
		ps.plays = append(ps.plays, playTok{kind: tokPlus, line: int32(ps.line)})
		ps.mark = 0
		ps.playOdd = true
		return nil
	case '-':
		k := 1
		for k < len(w) && w[k] == '-' {
			k++
		}
		if isAnnotation(w[k:]) {
			ps.plays = append(ps.plays, playTok{kind: tokUnknown, line: int32(ps.line)})
			ps.mark = 0
			ps.playOdd = true
			return nil
		}
	default:
		if len(w) >= 2 {
			su, ok1 := pbn.Suit(pbn.SuitCode(w[0])-1), pbn.SuitCode(w[0]) != 0
			rk, ok2 := pbn.Rank(pbn.RankCode(w[1])), pbn.RankCode(w[1]) != 0
			rest := w[2:]
			if w[1] == '1' && len(w) >= 3 && w[2] == '0' {
				rk, ok2, rest = pbn.Ten, true, w[3:]
			}
			if ok1 && ok2 && (len(rest) == 0 || isAnnotation(rest)) {
				m := ps.mark
				if m != 'R' && m != 'L' {
					m = 0
				} else {
					ps.playOdd = true
				}
				ps.plays = append(ps.plays, playTok{card: pbn.NewCard(su, rk), mark: m,
					line: int32(ps.line)})
				ps.mark = 0
				return nil
			}
		}
	}
	// An unreadable card: the play stops there (laws.md A12), the rest
	// of the record is read as usual.
	if ps.badText == "" {
		ps.badText = string(w)
	}
	ps.plays = append(ps.plays, playTok{kind: tokBad, line: int32(ps.line)})
	ps.mark = 0
	ps.playOdd = true
	return nil
}

// auctionWord reads one token of an Auction section. Tokens it cannot read
// are left out (the tags say what the contract is).
func (ps *parser) auctionWord(w []byte) {
	if ps.auctStar {
		return
	}
	for len(w) >= 2 && w[0] == '^' {
		if w[1]&^0x20 == 'S' {
			ps.calls = append(ps.calls, callTok{text: "Pass", skip: true})
		}
		w = w[2:]
	}
	if len(w) == 0 {
		return
	}
	// The usual calls first, without the general reading below.
	if text := quickCall(w); text != "" {
		ps.calls = append(ps.calls, callTok{text: text})
		return
	}
	var text string
	switch w[0] {
	case '!':
		if len(ps.calls) > 0 && len(w) == 1 {
			ps.calls[len(ps.calls)-1].alert = true
		}
		return
	case '=':
		if len(ps.calls) > 0 {
			if n := noteNumber(w); n > 0 {
				ps.calls[len(ps.calls)-1].note = n
				ps.notes = true
			}
		}
		return
	case '$', '?':
		return
	case '*':
		ps.auctStar = true
		return
	case '+':
		ps.auctStar = true
		return
	case '-':
		ps.calls = append(ps.calls, callTok{skip: true})
		return
	}
	// Split the call from attached annotations.
	k := 0
	for k < len(w) && w[k] != '!' && w[k] != '?' && w[k] != '=' && w[k] != '$' {
		k++
	}
	call, ann := w[:k], w[k:]
	switch {
	case len(call) >= 2 && call[0] >= '1' && call[0] <= '7':
		l := int(call[0] - '1')
		s := call[1:]
		var st pbn.Strain
		switch {
		case len(s) == 1 && (s[0]|0x20 == 'n'):
			st = pbn.NoTrump
		case len(s) == 2 && (s[0]|0x20 == 'n') && (s[1]|0x20 == 't'):
			st = pbn.NoTrump
		case len(s) == 1:
			su, ok := pbn.ParseSuit(s[0])
			if !ok {
				return
			}
			st = pbn.Strain(su)
		default:
			return
		}
		text = bids[l][st]
	case eqFold(call, "pass") || eqFold(call, "p"):
		text = "Pass"
	case eqFold(call, "x") || eqFold(call, "dbl") || eqFold(call, "d"):
		text = "X"
	case eqFold(call, "xx") || eqFold(call, "rdbl") || eqFold(call, "r"):
		text = "XX"
	case eqFold(call, "ap"):
		ps.calls = append(ps.calls, callTok{text: "AP"})
		ps.auctStar = true
		return
	default:
		return
	}
	t := callTok{text: text}
	if len(ann) > 0 {
		t.alert = ann[0] == '!' && (len(ann) == 1 || ann[1] != '!' && ann[1] != '?')
		if n := noteNumber(ann); n > 0 {
			t.note = n
			ps.notes = true
		}
	}
	ps.calls = append(ps.calls, t)
}

// quickCall returns the text of a call as exporters usually write it
// ("Pass", "X", "XX", "1C" .. "7NT"), or "" for any other word.
func quickCall(w []byte) string {
	switch {
	case len(w) == 2 && w[0] >= '1' && w[0] <= '7' && pbn.SuitCode(w[1]) != 0:
		return bids[w[0]-'1'][pbn.SuitCode(w[1])-1]
	case string(w) == "Pass":
		return "Pass"
	case string(w) == "X":
		return "X"
	case string(w) == "XX":
		return "XX"
	case len(w) == 3 && w[0] >= '1' && w[0] <= '7' && w[1] == 'N' && w[2] == 'T':
		return bids[w[0]-'1'][pbn.NoTrump]
	}
	return ""
}

// eqFold reports whether b equals the lower-case ASCII s, ignoring case.
func eqFold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range b {
		if b[i]|0x20 != s[i] {
			return false
		}
	}
	return true
}

// quickPlay reads lines of plain cards from ps.p, tokens of two letters
// separated by single spaces ("SA HT D2 CK"), and returns the index of the
// newline that ends the last one it read whole, before a line that is not
// another such line; -1 when it stops inside a line (ps.p is then at the
// first thing not read).
func (ps *parser) quickPlay() int {
	rec := ps.rec
	n := len(rec)
	p := ps.p
	plays := ps.plays
	line, lineStart := ps.line, ps.lineStart
	e := -1
	for {
		// Rows before any other token: in words (quickRows).
		if len(plays) == 0 {
			var k int
			if p, k, ps.rows = quickRows(rec, p, line, ps.rows); k > 0 {
				p-- // the newline that ends the last row
				line += k - 1
				lineStart = p - 11
				e = p
				goto next
			}
		}
		// Any other line (or a row after other tokens): card by card.
		e = -1
		for p+2 < n {
			su, rk, d := pbn.SuitCode(rec[p]), pbn.RankCode(rec[p+1]), rec[p+2]
			if su == 0 || rk == 0 || d != ' ' && d != '\n' {
				break
			}
			plays = appendCard(plays, su, rk, line)
			if d == '\n' {
				p += 2
				e = p
				break
			}
			p += 3
		}
		if e < 0 {
			break
		}
	next:
		// Another line of cards follows: go on with it here.
		if e+1 >= n || rec[e+1] <= ' ' || rec[e+1] == '[' || pbn.SuitCode(rec[e+1]) == 0 {
			break
		}
		p = e + 1
		line++
		lineStart = p
	}
	ps.p = p
	ps.line, ps.lineStart = line, lineStart
	ps.plays = plays
	return e
}

// quickRows reads the usual lines of a Play section, four plain cards
// "SA HT D2 CK\n", from p (a line start, line) into rows, twelve bytes a
// row. It returns where it stopped (the start of the first line it did
// not read) and the number of rows it read.
func quickRows(rec []byte, p, line int, rows []playRow) (int, int, []playRow) {
	k := 0
	rows = slices.Grow(rows, 16) // room for a deal's rows: no growing in the loop
	for p+12 <= len(rec) && len(rows) < cap(rows) {
		b := rec[p : p+12]
		x := binary.LittleEndian.Uint64(b)
		y := binary.LittleEndian.Uint32(b[8:])
		c0, c1 := cardPair[uint16(x)], cardPair[uint16(x>>24)]
		c2, c3 := cardPair[uint16(x>>48)], cardPair[uint16(y>>8)]
		if x&0x0000ff0000ff0000 != 0x0000200000200000 || y&0xff0000ff != 0x0a000020 || c0&c1&c2&c3&0x80 == 0 {
			break
		}
		rows = rows[:len(rows)+1]
		rows[len(rows)-1] = playRow{line: int32(line + k),
			cards: (uint32(c0) | uint32(c1)<<8 | uint32(c2)<<16 | uint32(c3)<<24) & 0x7f7f7f7f}
		p += 12
		k++
	}
	return p, k, rows
}

// cardPair gives the card of a two-letter token (suit, then rank; the
// first letter in the low byte) with bit 7 set, zero for any other pair
// of bytes.
var cardPair [1 << 16]uint8

func init() {
	for su := 0; su < 256; su++ {
		for rk := 0; rk < 256; rk++ {
			if pbn.SuitCode(byte(su)) != 0 && pbn.RankCode(byte(rk)) != 0 {
				cardPair[su|rk<<8] = 0x80 | (pbn.SuitCode(byte(su))-1)<<4 | pbn.RankCode(byte(rk))
			}
		}
	}
}

// quickAuction reads a line of calls at ps.p, words separated by single
// spaces, and returns the index of the newline that ends it; -1 when the
// line has anything else (ps.p is then at the first thing not read).
func (ps *parser) quickAuction() int {
	rec := ps.rec
	p := ps.p
	if rec[p] == '%' && p == ps.lineStart {
		return -1 // an escaped line
	}
	calls := ps.calls
	for !ps.auctStar {
		// The usual call (one quickCall takes) followed by a blank or
		// a newline, from one eight-byte load; any other word below.
		if p+8 <= len(rec) {
			x := binary.LittleEndian.Uint64(rec[p : p+8])
			var text string
			n := 0 // the call's length
			switch c := byte(x); {
			case c >= '1' && c <= '7':
				if su := pbn.SuitCode(byte(x >> 8)); su != 0 {
					text, n = bids[c-'1'][su-1], 2
				} else if uint16(x>>8) == 'N'|'T'<<8 {
					text, n = bids[c-'1'][pbn.NoTrump], 3
				}
			case uint32(x) == 'P'|'a'<<8|'s'<<16|'s'<<24:
				text, n = "Pass", 4
			case c == 'X':
				text, n = "X", 1
				if byte(x>>8) == 'X' {
					text, n = "XX", 2
				}
			}
			if d := byte(x >> (8 * n & 63)); text != "" && (d == ' ' || d == '\n') {
				calls = append(calls, callTok{text: text})
				if d == '\n' {
					ps.calls, ps.p = calls, p+n
					return p + n
				}
				p += n + 1
				continue
			}
		}
		q := p
		for q < len(rec) && !isDelim(rec[q]) {
			q++
		}
		if q == p || q == len(rec) || rec[q] != ' ' && rec[q] != '\n' {
			break
		}
		if text := quickCall(rec[p:q]); text != "" {
			calls = append(calls, callTok{text: text})
		} else {
			ps.calls = calls
			ps.auctionWord(rec[p:q])
			calls = ps.calls
		}
		if rec[q] == '\n' {
			ps.calls, ps.p = calls, q
			return q
		}
		p = q + 1
	}
	ps.calls, ps.p = calls, p
	return -1
}
