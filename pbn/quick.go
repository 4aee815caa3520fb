package pbn

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// The quick path of the tokenizer reads the lines of a record that look
// the way exporters write them: a tag pair alone on its line
// ([Name "Value"], ASCII, no escape), a line of plain two-letter cards
// after a Play tag ("SA HT D2 CK"), a line of plain calls after an Auction
// tag ("1NT Pass 3NT Pass"). It gives exactly the tokens the general loop
// gives (quickTags records a tag pair as addTag does; the play tokens and
// auctionWord are shared) and stops, leaving the parser where the general loop goes on, at the first
// thing it does not know: a comment, an escape, a mark, a note, a byte
// above 0x7f, a line that does not end as it should, or a newline followed
// by a blank (where the record may end).

// quickOff turns the quick path off, for the tests that compare it with
// the general loop.
var quickOff bool

// quick reads strict lines from ps.p (a line start, or a tag pair after
// another on its line). It reports whether it read anything.
func (ps *parser) quick() bool {
	if quickOff {
		return false
	}
	rec := ps.rec
	n := len(rec)
	start := ps.p
	for ps.p < n {
		p := ps.p
		var e int // end of the line's content: a newline, or not read whole
		switch {
		case rec[p] == '[':
			// (A tag that starts the next record, laws.md A15, stops
			// both with e < 0.)
			if e = ps.quickTags(); e < 0 && !ps.stop {
				e = ps.quickTag()
			}
		case ps.section == sectPlay && ps.mark == 0 && !ps.playStar:
			e = ps.quickPlay()
		case ps.section == sectAuction && !ps.auctStar:
			e = ps.quickAuction()
		default:
			return ps.p > start
		}
		// Go on only after a whole line whose next line starts with a
		// token: a blank next line may end the record, which is the
		// general loop's business.
		if e < 0 || e+1 >= n || rec[e+1] <= ' ' {
			return ps.p > start
		}
		ps.p = e + 1
		ps.line++
		ps.lineStart = ps.p
	}
	return ps.p > start
}

// quickTag reads a tag pair [Name "Value"] at ps.p and returns the index
// of the newline that ends its line, or -1 when the pair is not of the
// strict form (then nothing is read) or not alone on its line (then the
// pair is read and ps.p is after it).
func (ps *parser) quickTag() int {
	rec := ps.rec
	p := ps.p
	// The name ends at the first blank: find it eight bytes at a time.
	q := p + 1
	for {
		if q+8 > len(rec) {
			return -1
		}
		x := binary.LittleEndian.Uint64(rec[q:])
		if m := zeroBytes(x ^ (lo8 * ' ')); m != 0 {
			q += bits.TrailingZeros64(m) >> 3
			break
		}
		q += 8
		if q-p > 24 {
			return -1
		}
	}
	if q == p+1 || q+1 >= len(rec) || rec[q+1] != '"' {
		return -1
	}
	name := rec[p+1 : q]
	id := tagID(name)
	if id < 0 {
		for _, c := range name {
			if !nameChar[c] {
				return -1
			}
		}
	}
	voff := q + 2
	vend, high := scanString(rec, voff)
	if high || vend+1 >= len(rec) || rec[vend] != '"' || rec[vend+1] != ']' {
		return -1
	}
	if !ps.hasTag {
		ps.start = ps.line
	}
	ps.hasTag = true
	ps.open, ps.openLine = p, ps.line
	ps.addTag(id, p+1, q, ps.line, voff, vend, false)
	if ps.stop {
		return -1
	}
	ps.p = vend + 2
	if ps.p < len(rec) && rec[ps.p] == '\n' {
		return ps.p
	}
	return -1
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
			su, rk, d := suitOf[rec[p]], rankOf[rec[p+1]], rec[p+2]
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
		if e+1 >= n || rec[e+1] <= ' ' || rec[e+1] == '[' || suitOf[rec[e+1]] == 0 {
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
			if suitOf[su] != 0 && rankOf[rk] != 0 {
				cardPair[su|rk<<8] = 0x80 | (suitOf[su]-1)<<4 | (rankOf[rk] - 1)
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
		// The usual call (one usualCall takes) followed by a blank or
		// a newline, from one eight-byte load; any other word below.
		if p+8 <= len(rec) {
			x := binary.LittleEndian.Uint64(rec[p : p+8])
			var text string
			n := 0 // the call's length
			switch c := byte(x); {
			case c >= '1' && c <= '7':
				if su := suitOf[byte(x>>8)]; su != 0 {
					text, n = bids[c-'1'][su-1], 2
				} else if uint16(x>>8) == 'N'|'T'<<8 {
					text, n = bids[c-'1'][NoTrump], 3
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
		if text := usualCall(rec[p:q]); text != "" {
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

// quickTags reads lines that hold one known tag pair each, [Name "Value"]
// with a name of at most 16 letters and a value of bytes from ' ' to 0x7f
// but the quote and the backslash, not starting with "#": the bulk of a
// record, with no call per line. It returns the index of the newline that
// ends the last line it read (ps.p is there), or -1 when it read none
// (ps.p has not moved); anything else is left to quickTag.
//
// The loop over the lines only finds each pair and writes its number and
// where its value is into room made beforehand: with few variables live
// across it, they stay in registers. What addTag does besides (the line,
// repeated tags, the section, the flags) is then done for the new pairs
// in a second loop.
func (ps *parser) quickTags() int {
	if cap(ps.raw)-len(ps.raw) < quickRoom {
		ps.raw = slices.Grow(ps.raw, quickRoom)
	}
	room := (*[quickRoom]rawTag)(ps.raw[len(ps.raw) : len(ps.raw)+quickRoom])
	rec := ps.rec[:len(ps.rec):len(ps.rec)]
	p := ps.p
	i := 0
	for ; i < quickRoom; i++ {
		// 32 bytes at least from the line start, so that the fixed
		// offsets below need no checks.
		if p+32 > len(rec) {
			break
		}
		b := rec[p : p+32 : p+32]
		// The line most likely starts as that of the same tag pair of
		// the record before, whose number is still in room[i] (any
		// number will do: a wrong guess only costs the look at the
		// name).
		t := &room[i]
		id := int(t.id) & 63
		var n int // the length of [Name "
		if g := &tagPrefix[id]; (binary.LittleEndian.Uint64(b[0:8])^g.x0)&g.m0|(binary.LittleEndian.Uint64(b[8:16])^g.x1)&g.m1 == 0 {
			n = int(g.n)
		} else if id, n = tagStart(b); id < 0 {
			break
		}
		y := binary.LittleEndian.Uint64(b[n : n+8]) // (n is 18 at most)
		if byte(y) == '#' {
			break // a value that may inherit, for addTag
		}
		q := p + n
		t.id, t.voff = int16(id), int32(q)
		// The value ends at the first quote, backslash, byte below ' '
		// or byte above 0x7f, found eight bytes at a time.
		for {
			if m := valueStops(y); m != 0 {
				q += bits.TrailingZeros64(m) >> 3
				break
			}
			q += 8
			if q+8 > len(rec) {
				goto done
			}
			y = binary.LittleEndian.Uint64(rec[q : q+8])
		}
		if q+4 > len(rec) || binary.LittleEndian.Uint32(rec[q:q+4])&0xffffff != '"'|']'<<8|'\n'<<16 {
			break
		}
		t.vend = int32(q)
		// Go on while the next line is another tag pair.
		p = q + 3
	}
done:
	if i == 0 {
		return -1
	}
	// The pairs read, as addTag records them: a known tag given before
	// is dropped, but a Note (whose bit, set here, is not kept in known).
	first := len(ps.raw)
	raw := ps.raw[:first+i]
	line := int32(ps.line)
	known, drops := ps.known[0], ps.drops
	for j := first; j < len(raw); j++ {
		t := &raw[j]
		bit := uint64(1) << (t.id & 63)
		drop := known&bit&^(1<<tNote) != 0
		if drop {
			if startsRecord(int(t.id), known) {
				// The next record starts on this line (laws.md A15).
				at := int(t.voff) - 3 - len(knownNames[t.id])
				ps.cutBefore(at, ps.line+(j-first), int(t.id))
				raw = raw[:j]
				break
			}
			drops++
		}
		known |= bit
		t.line, t.noff, t.nend, t.tag, t.inVals, t.drop = line, 0, 0, 0, false, drop
		line++
	}
	if len(raw) == first {
		ps.raw = raw // the first line read starts the next record
		return -1
	}
	ps.noteTag = ps.noteTag || known&(1<<tNote) != 0
	known &^= 1 << tNote
	// A Play or Auction tag is dropped when one came before: it is
	// seen when its bit is set.
	ps.playSeen = ps.playSeen || known&(1<<tPlay) != 0
	ps.auctSeen = ps.auctSeen || known&(1<<tAuction) != 0
	last := &raw[len(raw)-1]
	ps.section = sectOther
	switch {
	case last.drop:
	case last.id == tPlay:
		ps.section = sectPlay
	case last.id == tAuction:
		ps.section = sectAuction
	}
	ps.raw, ps.known[0], ps.drops, ps.mark = raw, known, drops, 0
	ps.textEnd = int(last.vend) // (the values come in order)
	if !ps.hasTag {
		ps.start, ps.hasTag = int(raw[first].line), true
	}
	if ps.stop {
		return -1 // (cutBefore left ps at the next record)
	}
	// The last line starts with [Name " before its value.
	e := int(last.vend) + 2
	ps.p, ps.line, ps.lineStart = e, int(last.line), int(last.voff)-3-len(knownNames[last.id])
	return e
}

// quickRoom is the number of tag pairs for which quickTags makes room
// before it reads (it stops when they are filled, and is called again).
const quickRoom = 32

// The known tags have numbers below 64, so that quickTags keeps them in
// one word of parser.known.
const _ = uint(64 - numKnown)

// valueStops marks (bit 7 of each byte) the bytes of y, eight bytes of a
// tag value, that end what quickTags reads: a quote, a backslash, a byte
// below ' ' or a byte above 0x7f. Marks above the lowest may be wrong; the
// lowest is exact.
//
// In x = y^0x0202..., a quote is 0x20 and the bytes below ' ' stay below
// it: the top bit of a byte of x-0x2121... is set for those, below 0x21. The backslashes are the zero bytes of z = y^0x5c5c..., whose
// bytes of z-0x0101... have the top bit set. Or'ed with x, the bytes
// above 0x7f are marked too. A borrow only comes from a byte marked, so
// the lowest mark is exact.
func valueStops(y uint64) uint64 {
	x := y ^ (lo8 * 0x02)
	z := y ^ (lo8 * '\\')
	return ((x - lo8*0x21) | (z - lo8) | x) & hi8
}

// tagStart reads the start of a line b that holds a known tag pair,
// [Name "..., with a name of at most 16 letters (b has 24 bytes at least).
// It returns the tag's number and the offset of its value, or -1.
func tagStart(b []byte) (id, off int) {
	if len(b) < 24 || b[0] != '[' {
		return -1, 0
	}
	// The name ends at the first blank of the next 16 bytes.
	x0 := binary.LittleEndian.Uint64(b[1:9])
	x1 := binary.LittleEndian.Uint64(b[9:17])
	var l int
	if m := zeroBytes(x0 ^ (lo8 * ' ')); m != 0 {
		l = bits.TrailingZeros64(m) >> 3
		x0 &= 1<<(8*l) - 1
		x1 = 0
	} else if m := zeroBytes(x1 ^ (lo8 * ' ')); m != 0 {
		l = 8 + bits.TrailingZeros64(m)>>3
		x1 &= 1<<(8*(l-8)) - 1
	} else {
		return -1, 0
	}
	id = knownTag(x0, x1, l)
	if id < 0 || b[l+2] != '"' {
		return -1, 0
	}
	return id, l + 3
}

// tagPrefix holds, by known tag number, the start of a line that holds
// the tag pair, [Name ", as two little-endian words x0 and x1 (the bytes
// past it masked off by m0 and m1), and its length n; for names too long
// for 16 bytes and numbers of no tag, a start that no line has.
var tagPrefix = func() (t [64]struct{ x0, x1, m0, m1, n uint64 }) {
	for id := range t {
		t[id].m0 = 0xff // x0's first byte, 0, is never a line's '['
	}
	for id, name := range knownNames {
		s := "[" + name + ` "`
		if len(s) > 16 {
			continue
		}
		var b, m [16]byte
		copy(b[:], s)
		for k := range len(s) {
			m[k] = 0xff
		}
		g := &t[id]
		g.x0, g.x1 = binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:])
		g.m0, g.m1 = binary.LittleEndian.Uint64(m[:8]), binary.LittleEndian.Uint64(m[8:])
		g.n = uint64(len(s))
	}
	return
}()

// knownTag returns the number of the known tag whose name of l bytes is
// x0 (its first eight bytes, little-endian) and x1 (the rest), or -1.
func knownTag(x0, x1 uint64, l int) int {
	k := &knownTable[tagHash(x0, x1, l)]
	if k.x0 == x0 && k.x1 == x1 && int(k.l) == l {
		return int(k.id)
	}
	return -1
}

// tagHash is the slot of a name in knownTable: a perfect hash of the
// known names (knownTable's making checks that no two share a slot).
func tagHash(x0, x1 uint64, l int) uint8 {
	return uint8(((x0 ^ x1*0xc2b2ae3d27d4eb4f ^ uint64(l)) * 0x9e3a33b97f4f1e23) >> 56)
}

// knownTable holds the known tag names of up to 16 bytes for knownTag,
// one to a slot.
var knownTable = func() (t [256]struct {
	x0, x1 uint64
	l, id  int8
}) {
	for h := range t {
		t[h].l = -1 // no name: not even the empty one of a line "[ "
	}
	for id, name := range knownNames {
		if len(name) > 16 {
			continue
		}
		var b [16]byte
		copy(b[:], name)
		x0 := binary.LittleEndian.Uint64(b[:8])
		x1 := binary.LittleEndian.Uint64(b[8:])
		h := tagHash(x0, x1, len(name))
		if t[h].l >= 0 {
			panic("pbn: tagHash: " + name + " shares a slot with " + knownNames[t[h].id])
		}
		t[h].x0, t[h].x1, t[h].l, t[h].id = x0, x1, int8(len(name)), int8(id)
	}
	return
}()
