// PBN reading: tag pairs (known tags, the quick tag lines, a repeated tag that starts a record) and inheritance (#, ##).

package pbnfile

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode/utf8"

	"revokes/pbn"
)

// Known tags get a small number so that inheritance and duplicate checks
// need no map.
const (
	tEvent = iota
	tSite
	tDate
	tBoard
	tWest
	tNorth
	tEast
	tSouth
	tDealer
	tVulnerable
	tDeal
	tScoring
	tDeclarer
	tContract
	tResult
	tAuction
	tPlay
	tNote
	tRoom
	tScore
	tScoreIMP
	tScoreMP
	tScorePercentage
	tTime
	tUTCDate
	tUTCTime
	tCompetition
	tDealId
	tDescription
	tGenerator
	tHidden
	tTermination
	tAnnotator
	tApplication
	tMode
	tRound
	tSection
	tStage
	tTable
	tHomeTeam
	tVisitTeam
	tEventDate
	tBidSystemNS
	tBidSystemEW
	tPairNS
	tPairEW
	tOptimumScore
	tOptimumResultTable
	tParContract
	tParScore
	tDoubleDummyTricks
	tBCFlags
	tFrenchMP
	tScoreTable
	tTotalScoreTable
	numKnown
)

var knownNames = [numKnown]string{
	"Event", "Site", "Date", "Board", "West", "North", "East", "South",
	"Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract",
	"Result", "Auction", "Play", "Note", "Room", "Score", "ScoreIMP",
	"ScoreMP", "ScorePercentage", "Time", "UTCDate", "UTCTime",
	"Competition", "DealId", "Description", "Generator", "Hidden",
	"Termination", "Annotator", "Application", "Mode", "Round", "Section",
	"Stage", "Table", "HomeTeam", "VisitTeam", "EventDate", "BidSystemNS",
	"BidSystemEW", "PairNS", "PairEW", "OptimumScore", "OptimumResultTable",
	"ParContract", "ParScore", "DoubleDummyTricks", "BCFlags", "FrenchMP",
	"ScoreTable", "TotalScoreTable",
}

// tagNames is knownNames in an array of 64, which a number masked to six
// bits indexes without a bounds check.
var tagNames = func() (t [64]string) {
	copy(t[:], knownNames[:])
	return
}()

// tagID returns the number of a known tag name, or -1.
func tagID(b []byte) int {
	switch string(b) {
	case "Event":
		return tEvent
	case "Site":
		return tSite
	case "Date":
		return tDate
	case "Board":
		return tBoard
	case "West":
		return tWest
	case "North":
		return tNorth
	case "East":
		return tEast
	case "South":
		return tSouth
	case "Dealer":
		return tDealer
	case "Vulnerable":
		return tVulnerable
	case "Deal":
		return tDeal
	case "Scoring":
		return tScoring
	case "Declarer":
		return tDeclarer
	case "Contract":
		return tContract
	case "Result":
		return tResult
	case "Auction":
		return tAuction
	case "Play":
		return tPlay
	case "Note":
		return tNote
	}
	if len(b) < 3 {
		return -1
	}
	for i := tRoom; i < numKnown; i++ {
		if knownNames[i] == string(b) {
			return i
		}
	}
	return -1
}

// tag reads a tag pair at '['.
func (ps *parser) tag() *pbn.ParseError {
	rec := ps.rec
	col := ps.p - ps.lineStart + 1
	tagLine := ps.line
	ps.open, ps.openLine = ps.p, ps.line
	if !ps.hasTag {
		ps.start = ps.line
	}
	ps.hasTag = true
	ps.p++
	ps.skipSpace()
	q := ps.p
	for q < len(rec) && nameChar[rec[q]] {
		q++
	}
	nameStart := ps.p
	name := rec[ps.p:q]
	if len(name) == 0 {
		return ps.errAtLine(tagLine, col, "bad-tag", pbn.Msg("tag without a name"))
	}
	ps.p = q
	line := ps.line
	if q+1 < len(rec) && rec[q] == ' ' && rec[q+1] == '"' {
		ps.p++
	} else {
		ps.skipSpace()
	}
	r := ps.r
	// The value is rec[voff:vend], or r.vals[voff:vend] when inVals.
	var voff, vend int
	inVals, high := false, false
	if ps.p >= len(rec) {
		return ps.errAtLine(tagLine, col, "bad-tag", pbn.Msg("tag %s is not closed", string(name)))
	}
	switch c := rec[ps.p]; {
	case c == '"':
		ps.p++
		// Fast path: a plain value up to the closing quote.
		q, hi := scanString(rec, ps.p)
		if q < len(rec) && rec[q] == '"' {
			voff, vend, high = ps.p, q, hi
			ps.p = q + 1
		} else {
			inVals = true
			voff = len(r.vals)
			if err := ps.slowString(name, col, tagLine); err != nil {
				return err
			}
			vend = len(r.vals)
			high = !isASCII(r.vals[voff:vend])
		}
		if ps.p < len(rec) && rec[ps.p] == ']' {
			ps.p++
			break
		}
		if ps.lineEndsAt(ps.p) {
			// A tag line without its "]" ([Event "?"): the tag is
			// skipped with a warning and the record goes on.
			ps.unclosed = append(ps.unclosed, unclosedTag{name: string(name), line: tagLine})
			return nil
		}
		ps.skipSpace()
		if ps.p >= len(rec) || rec[ps.p] != ']' {
			return ps.errAtLine(tagLine, col, "bad-tag", pbn.Msg("tag %s: missing ]", string(name)))
		}
		ps.p++
	default:
		// Unquoted value, up to ']' on the same line.
		q := ps.p
		for q < len(rec) && rec[q] != ']' && rec[q] != '\n' && rec[q] != '[' {
			q++
		}
		if q == len(rec) || rec[q] != ']' {
			return ps.errAtLine(tagLine, col, "bad-tag", pbn.Msg("tag %s: missing ]", string(name)))
		}
		voff = ps.p
		vend = voff + len(bytes.TrimRight(rec[ps.p:q], " \t\r"))
		high = !isASCII(rec[voff:vend])
		ps.p = q + 1
	}
	if high {
		v := rec[voff:vend]
		if inVals {
			v = r.vals[voff:vend]
		}
		if !utf8.Valid(v) {
			dec := appendWindows1252(nil, v)
			if !inVals {
				voff = len(r.vals)
			}
			r.vals = append(r.vals[:voff], dec...)
			vend = len(r.vals)
			inVals = true
		}
	}
	ps.addTag(tagID(name), nameStart, q, line, voff, vend, inVals)
	return nil
}

// lineEndsAt reports whether nothing but blanks follows rec[p] on its
// line (up to a newline or the end of the record).
func (ps *parser) lineEndsAt(p int) bool {
	for ; p < len(ps.rec); p++ {
		switch ps.rec[p] {
		case '\n':
			return true
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return true
}

// addTag records a tag pair read by tag or quickTag: its known number (or
// -1), where its name and value are, and the line of its name. It marks a
// repeated tag to be dropped and opens the tag's section.
func (ps *parser) addTag(id, nameStart, nameEnd, line, voff, vend int, inVals bool) {
	// Fill the new rawTag in place (one built aside and copied costs a
	// store-forwarding stall).
	if len(ps.raw) == cap(ps.raw) {
		ps.raw = append(ps.raw, rawTag{})[:len(ps.raw)]
	}
	ps.raw = ps.raw[:len(ps.raw)+1]
	t := &ps.raw[len(ps.raw)-1]
	t.id, t.line, t.voff, t.vend = int16(id), int32(line), int32(voff), int32(vend)
	t.noff, t.nend, t.tag, t.inVals, t.drop = 0, 0, 0, inVals, false
	if !inVals {
		ps.textEnd = max(ps.textEnd, vend)
	}
	ps.textEnd = max(ps.textEnd, nameEnd) // (used only for unknown tags)
	if id < 0 {
		t.noff, t.nend = int32(nameStart), int32(nameEnd)
		name := ps.rec[nameStart:nameEnd]
		// rescoring.md §10: a corrected copy has one RevokeRuling tag per
		// applied revoke, each kept; another repeated tag is dropped.
		for i := range ps.raw[:len(ps.raw)-1] {
			if i == 0 && string(name) == tagRevokeRuling {
				break
			}
			if o := &ps.raw[i]; o.id < 0 && string(ps.rec[o.noff:o.nend]) == string(name) {
				t.drop = true
				break
			}
		}
	} else if id != tNote {
		bit := uint64(1) << (id & 63)
		if ps.known[id>>6]&bit != 0 {
			if startsRecord(id, ps.known[0]) {
				ps.raw = ps.raw[:len(ps.raw)-1]
				ps.cutBefore(ps.open, ps.openLine, id)
				return
			}
			t.drop = true
		}
		ps.known[id>>6] |= bit
	}
	ps.section = sectOther
	ps.mark = 0
	ps.unknown = ps.unknown || id < 0 && !t.drop
	ps.hashVal = ps.hashVal || vend > voff && (inVals && ps.r.vals[voff] == '#' || !inVals && ps.rec[voff] == '#')
	ps.noteTag = ps.noteTag || id == tNote
	switch {
	case t.drop:
		ps.drops++
	case id == tPlay:
		ps.section = sectPlay
		ps.playSeen = true
	case id == tAuction:
		ps.section = sectAuction
		ps.auctSeen = true
	}
}

// tagRevokeRuling is the one tag that a record may repeat
// (analyze.TagRevokeRuling).
const tagRevokeRuling = "RevokeRuling"

// recordStarts are the tags that, given again in a record that has a Board
// or a Deal, start the next record (laws.md A15).
const recordStarts = 1<<tEvent | 1<<tSite | 1<<tDate | 1<<tBoard | 1<<tDeal

// startsRecord reports whether a repeated tag id, in a record whose known
// tags (the first word of parser.known) are known, starts the next record:
// exporters sometimes drop the empty line between games (laws.md A15).
func startsRecord(id int, known uint64) bool {
	return recordStarts>>(id&63)&1 != 0 && id < 64 && known&(1<<tBoard|1<<tDeal) != 0
}

// cutBefore ends the record before the tag of number id whose "[" is at
// rec[at], on line (laws.md A15): the tokenizer stops, and the Reader
// reads the next record from there.
func (ps *parser) cutBefore(at, line, id int) {
	ps.cut, ps.cutAt, ps.cutLine, ps.cutName = true, at, line, knownNames[id]
	ps.stop, ps.end = true, at
	ps.textEnd = min(ps.textEnd, at) // (the tag's own name and value are not this record's)
	ps.p, ps.line, ps.lineStart = at, line, at
}

// Words with each byte set to 0x01, 0x7f and 0x80, for scanning eight
// bytes at a time.
const (
	lo8 = 0x0101010101010101
	lo7 = 0x7f7f7f7f7f7f7f7f
	hi8 = 0x8080808080808080
)

// zeroBytes marks (bit 7 of each byte) the bytes of x that are zero. Marks
// above the lowest zero byte may be wrong; the lowest one is exact.
func zeroBytes(x uint64) uint64 { return (x - lo8) &^ x & hi8 }

// scanString returns the index in rec of the first '"', '\\' or newline at
// or after p (len(rec) when there is none), and whether a byte above 0x7f
// comes before it. It reads eight bytes at a time.
func scanString(rec []byte, p int) (int, bool) {
	var high uint64
	for p+8 <= len(rec) {
		x := binary.LittleEndian.Uint64(rec[p:])
		m := zeroBytes(x^(lo8*'"')) | zeroBytes(x^(lo8*'\\')) | zeroBytes(x^(lo8*'\n'))
		if m != 0 {
			k := bits.TrailingZeros64(m) // 8*i+7 for the byte at p+i
			high |= x & hi8 & (1<<(k-7) - 1)
			return p + k>>3, high != 0
		}
		high |= x & hi8
		p += 8
	}
	for ; p < len(rec); p++ {
		c := rec[p]
		if c == '"' || c == '\\' || c == '\n' {
			break
		}
		high |= uint64(c & 0x80)
	}
	return p, high != 0
}

// nameChar tells the bytes of a tag name: letters, digits and '_'.
var nameChar = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
	}
	return
}()

// slowString reads the rest of a tag's string value that holds escapes
// (or is not closed on its line).
func (ps *parser) slowString(name []byte, col, tagLine int) *pbn.ParseError {
	rec, r := ps.rec, ps.r
	for {
		j := bytes.IndexByte(rec[ps.p:], '"')
		if j < 0 {
			return ps.errAtLine(tagLine, col, "bad-tag", pbn.Msg("tag %s: string is not closed", string(name)))
		}
		seg := rec[ps.p : ps.p+j]
		if bytes.IndexByte(seg, '\n') >= 0 {
			return ps.errAtLine(tagLine, col, "bad-tag", pbn.Msg("tag %s: string is not closed", string(name)))
		}
		if k := bytes.IndexByte(seg, '\\'); k >= 0 {
			// An escape: take the text before it and the escaped
			// byte, then go on.
			r.vals = append(r.vals, seg[:k]...)
			e := ps.p + k + 1
			if e < len(rec) && (rec[e] == '"' || rec[e] == '\\') {
				r.vals = append(r.vals, rec[e])
				ps.p = e + 1
			} else {
				r.vals = append(r.vals, '\\')
				ps.p = e
			}
			continue
		}
		r.vals = append(r.vals, seg...)
		ps.p += j + 1
		return nil
	}
}

// flushHist writes the tag values of the pending record (see build) into
// hist.
func (r *Reader) flushHist() {
	b := r.pend
	if b == nil {
		return
	}
	r.pend = nil
	for _, t := range b.Tags[:r.pendN] {
		if id := tagID([]byte(t.Name)); id >= 0 {
			r.hist[id], r.histOK[id] = t.Value, true
		}
	}
}

// readerState is what a Reader hands from one record to the next.
type readerState struct {
	hist    [numKnown]string
	histOK  [numKnown]bool
	histUnk map[string]string
	carry   carry
}

// state returns what r hands on to the record after the last it read.
func (r *Reader) state() readerState {
	r.flushHist()
	return readerState{hist: r.hist, histOK: r.histOK, histUnk: r.histUnk, carry: r.carry}
}

// histValue is the value of a tag in the nearest previous game that has it.
func (r *Reader) histValue(id int, name string) string {
	r.flushHist()
	if id >= 0 {
		return r.hist[id]
	}
	return r.histUnk[name]
}

// setSticky records a "##" value.
func (r *Reader) setSticky(id int, name, v string) {
	for i := range r.sticky {
		if r.sticky[i].id == id && r.sticky[i].name == name {
			r.sticky[i].value = v
			return
		}
	}
	r.sticky = append(r.sticky, stickyTag{id, name, v})
}

// updateSticky replaces a "##" value when the tag is given again.
func (r *Reader) updateSticky(id int, name, v string) {
	for i := range r.sticky {
		if r.sticky[i].id == id && r.sticky[i].name == name {
			r.sticky[i].value = v
			return
		}
	}
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
