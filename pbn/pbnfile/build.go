// PBN reading, stage 3: building the Board from a record's tokens (tags, auction, notes).

package pbnfile

import "revokes/pbn"

// build turns the tokens of a record into a Board.
func (ps *parser) build() (*pbn.Board, *pbn.ParseError) {
	b := ps.newBoard()
	if ps.cut || len(ps.unclosed) > 0 {
		ps.warnTagLines(b)
	}

	// Tags, with # and ## inheritance.
	var x tagIndex
	n := ps.buildTags(b, &x)
	for s, id := range [4]int{tNorth, tEast, tSouth, tWest} {
		b.Players[s], _ = x.val(b, id)
	}

	// Deal, Board, Dealer, Vulnerable; contract, declarer, result.
	dealText, hasDeal := x.val(b, tDeal)
	if perr := ps.buildDeal(b, &x, dealText, hasDeal); perr != nil {
		return nil, perr
	}
	playText, _ := x.val(b, tPlay)
	first, hasFirst := seatValue(playText)
	trump, hasTrump := ps.buildContract(b, &x, first, hasFirst)

	// Auction.
	if ps.auctSeen {
		av, _ := x.val(b, tAuction)
		if s, ok := seatValue(av); ok {
			b.AuctionStart = s
		} else if b.HasDealer {
			b.AuctionStart = b.Dealer
		}
		ps.buildAuction(b)
	}
	// No usable Contract tag: the auction, when there is one, says it.
	if !hasTrump && len(b.Auction) > 0 {
		trump = ps.auctionContract(b, &x, trump)
	}

	// Play.
	if ps.playSeen && len(ps.rows)+len(ps.plays) > 0 {
		if !hasFirst && b.HasDeclarer {
			first, hasFirst = b.Declarer.Next(), true
		}
		if hasFirst {
			ps.buildPlay(b, first, trump)
		} else {
			ps.warn(b, x.line(ps, tPlay), "bad-play", pbn.Msg("play without a first seat"))
		}
	} else if ps.playStar {
		claimAll(b)
	}

	// What the next records may inherit; the score tables as written.
	ps.keepForNext(b, &x, n, dealText, hasDeal)
	for _, t := range ps.tables {
		b.Sections = append(b.Sections, pbn.Tag{Name: knownNames[ps.raw[t.raw].id], Value: string(ps.rec[t.start:t.end])})
	}
	return b, nil
}

// buildDeal sets the deal and its seating, the dealer and vulnerability,
// from the tags, or from the record before when the record has play or
// auction but no Deal (formats.md 1.4, the records of a second table).
// An unreadable Deal is the record's error.
func (ps *parser) buildDeal(b *pbn.Board, x *tagIndex, dealText string, hasDeal bool) *pbn.ParseError {
	if !hasDeal && (ps.playSeen || ps.auctSeen) && ps.r.carry.ok {
		ps.carryDeal(b, x)
	}
	if v, ok := x.val(b, tDealer); ok {
		if s, ok := seatValue(v); ok {
			b.Dealer, b.HasDealer = s, true
		} else if v != "" && v != "?" {
			ps.warn(b, x.line(ps, tDealer), "bad-dealer", pbn.Msg("bad dealer %q", v))
		}
	}
	if v, ok := x.val(b, tVulnerable); ok {
		if vu, ok := vulValue(v); ok {
			b.Vul = vu
		} else if v != "?" {
			ps.warn(b, x.line(ps, tVulnerable), "bad-vulnerable", pbn.Msg("bad vulnerability %q", v))
		}
	}
	if !hasDeal {
		return nil
	}
	if d, ok := quickDeal(dealText); ok {
		// The usual deal, as parseDeal reads it (without its copies).
		b.Deal, b.Given = d, [4]bool{true, true, true, true}
		return nil
	}
	d, given, msg, ok := parseDeal(dealText, b.Dealer)
	if !ok {
		r := ps.r
		return &pbn.ParseError{File: r.File, Record: r.index, StartLine: ps.start,
			Line: x.line(ps, tDeal), Code: "bad-deal", Err: msg}
	}
	b.Deal, b.Given = d, given
	if msg.Format != "" {
		ps.warn(b, x.line(ps, tDeal), "bad-deal", msg)
	}
	return nil
}

// carryDeal gives a record with play or auction but no Deal the Deal,
// Board, Dealer and Vulnerable of the record before, those it does not
// give itself (formats.md 1.4).
func (ps *parser) carryDeal(b *pbn.Board, x *tagIndex) {
	c := &ps.r.carry
	b.Deal, b.Given = c.deal, c.given
	b.Tags = append(b.Tags, pbn.Tag{Name: "Deal", Value: c.dealTag})
	if _, ok := x.val(b, tBoard); !ok && c.hasBoard {
		b.Tags = append(b.Tags, pbn.Tag{Name: "Board", Value: c.boardTag})
	}
	if _, ok := x.val(b, tDealer); !ok && c.hasDealerTag {
		b.Tags = append(b.Tags, pbn.Tag{Name: "Dealer", Value: c.dealerTag})
		b.Dealer, b.HasDealer = c.dealer, c.hasDealer
	}
	if _, ok := x.val(b, tVulnerable); !ok && c.hasVul {
		b.Tags = append(b.Tags, pbn.Tag{Name: "Vulnerable", Value: c.vulTag})
		b.Vul = c.vul
	}
}

// buildContract sets the contract, declarer and result from their tags,
// the declarer without a tag as the seat before first, the Play's first
// seat, when the record has play. It returns the trumps when the Contract
// tag names them.
func (ps *parser) buildContract(b *pbn.Board, x *tagIndex, first pbn.Seat, hasFirst bool) (trump pbn.Strain, hasTrump bool) {
	trump = pbn.NoTrump
	if v, ok := x.val(b, tContract); ok && v != "" && v != "?" {
		if c, ok := parseContract(v); ok {
			b.Contract, b.HasContract = c, true
			trump, hasTrump = c.Strain, true
		} else if st, ok := strainOnly(v); ok {
			trump, hasTrump = st, true
		} else {
			ps.warn(b, x.line(ps, tContract), "bad-contract", pbn.Msg("bad contract %q", v))
		}
	}
	declText, hasDeclTag := x.val(b, tDeclarer)
	if v := declText; hasDeclTag && v != "" && v != "?" {
		if len(v) > 1 && v[0] == '^' {
			v = v[1:]
		}
		if s, ok := seatValue(v); ok {
			b.Declarer, b.HasDeclarer = s, true
		} else {
			ps.warn(b, x.line(ps, tDeclarer), "bad-declarer", pbn.Msg("bad declarer %q", declText))
		}
	}
	if !b.HasDeclarer && ps.playSeen && hasFirst && len(ps.rows)+len(ps.plays) > 0 &&
		!(b.HasContract && b.Contract.PassedOut()) {
		b.Declarer, b.HasDeclarer = first.Prev(), true
	}
	if v, ok := x.val(b, tResult); ok && v != "" && v != "?" {
		if n, ok := parseResult(v, b); ok {
			b.Result, b.HasResult = n, true
			t := trimSpace(v)
			// The standard's mark for a result that is not the play's
			// (laws.md A17).
			b.ResultMarked = len(t) > 0 && t[0] == '^'
		} else {
			ps.warn(b, x.line(ps, tResult), "bad-result", pbn.Msg("bad result %q", v))
		}
	}
	return trump, hasTrump
}

// auctionContract takes the contract, and the declarer when none is
// known, from the auction of a record without a usable Contract tag, with
// a contract-from-auction warning; it returns the trumps (trump when the
// auction does not end).
func (ps *parser) auctionContract(b *pbn.Board, x *tagIndex, trump pbn.Strain) pbn.Strain {
	c, decl, ok := pbn.AuctionContract(b.AuctionStart, b.Auction)
	if !ok {
		return trump
	}
	b.Contract, b.HasContract = c, true
	if !b.HasDeclarer && !c.PassedOut() {
		b.Declarer, b.HasDeclarer = decl, true
	}
	ps.warn(b, x.line(ps, tAuction), "contract-from-auction",
		pbn.Msg("no contract given: %s taken from the auction", c))
	return c.Strain
}

// claimAll makes a play that ends with "*" a claim of the tricks the
// Result gives declarer (-1 without one).
func claimAll(b *pbn.Board) {
	b.Claim = true
	b.ClaimTricks = -1
	if b.HasResult {
		b.ClaimTricks = b.Result
	}
}

// keepForNext remembers what the next records may inherit from this one:
// its tag values for "#" (formats.md 1.4) and, when it has a Deal or
// there is none to carry yet, its deal for records without one.
func (ps *parser) keepForNext(b *pbn.Board, x *tagIndex, n int, dealText string, hasDeal bool) {
	r := ps.r
	// Tag values: later, when the tags are plain (known names, no "##"
	// values in force), as most records give the tags of the one before
	// them and make its values moot.
	if len(r.sticky) == 0 && !ps.unknown {
		mask := ps.known
		if ps.noteTag {
			mask[tNote>>6] |= 1 << (tNote & 63)
		}
		if r.pend != nil && (r.pendMask[0]&^mask[0]|r.pendMask[1]&^mask[1]) != 0 {
			r.flushHist()
		}
		r.pend, r.pendN, r.pendMask = b, n, mask
	} else {
		r.flushHist()
		for i := range ps.raw {
			t := &ps.raw[i]
			if t.drop {
				continue
			}
			tg := &b.Tags[t.tag]
			if t.id >= 0 {
				r.hist[t.id], r.histOK[t.id] = tg.Value, true
			} else {
				if r.histUnk == nil {
					r.histUnk = make(map[string]string)
				}
				r.histUnk[tg.Name] = tg.Value
			}
		}
	}
	if hasDeal || !r.carry.ok {
		c := &r.carry
		c.ok = hasDeal
		c.deal, c.given = b.Deal, b.Given
		c.dealer, c.hasDealer, c.vul = b.Dealer, b.HasDealer, b.Vul
		c.dealTag = dealText
		c.boardTag, c.hasBoard = x.val(b, tBoard)
		c.dealerTag, c.hasDealerTag = x.val(b, tDealer)
		c.vulTag, c.hasVul = x.val(b, tVulnerable)
	}
}

// newBoard takes the record's Board from the Reader's slabs (allocated
// slabBlock at a time) and says where the record is.
func (ps *parser) newBoard() *pbn.Board {
	r := ps.r
	if len(r.slabs) == 0 {
		r.slabs = make([]boardSlab, slabBlock)
	}
	ps.slab = &r.slabs[0]
	r.slabs = r.slabs[1:]
	b := &ps.slab.b // zero: slabs are fresh and used once
	b.File, b.Index, b.Line, b.Format = r.File, r.index, ps.start, pbn.FormatPBN
	return b
}

// warnTagLines warns of the tag lines the tokenizer found wanting: the
// record cut at a tag that starts the next one, and tags without their "]".
func (ps *parser) warnTagLines(b *pbn.Board) {
	if ps.cut {
		// laws.md A15: the record lost its empty line.
		ps.warn(b, ps.cutLine, "missing-separator",
			pbn.Msg("no empty line before the %s tag on line %d: a new record starts there", ps.cutName, ps.cutLine))
	}
	for _, u := range ps.unclosed {
		ps.warn(b, u.line, "bad-tag", pbn.Msg("tag %s: missing ]; the tag is skipped", u.name))
	}
}

// tagIndex finds build's known tags (ids below 64) of a record: at is the
// index+1 in raw of each known tag, but in the usual case (then zero: line
// looks in raw), and ti that of its value in b.Tags (raw[at-1].tag+1).
type tagIndex struct {
	at    [64]int16
	ti    [64]int32
	quick bool // the usual tags: known names, values in the record, no "#"
}

// val is the value of the known tag id in b.Tags, and whether there is one.
func (x *tagIndex) val(b *pbn.Board, id int) (string, bool) {
	if i := x.ti[id]; i > 0 {
		return b.Tags[i-1].Value, true
	}
	return "", false
}

// line is the line of the known tag id in the record (the record's first
// line without one), where a problem with its value is reported.
func (x *tagIndex) line(ps *parser, id int) int {
	if x.quick {
		// The last of raw not dropped, as at would say.
		for i := len(ps.raw) - 1; i >= 0; i-- {
			if t := &ps.raw[i]; int(t.id) == id && !t.drop {
				return int(t.line)
			}
		}
	}
	if i := x.at[id]; i > 0 {
		return int(ps.raw[i-1].line)
	}
	return ps.start
}

// buildTags fills b.Tags with the record's tags not dropped as repeated,
// then the "##" values in force it does not give (formats.md 1.4), and x
// with where the known ones are; it returns how many are the record's own.
func (ps *parser) buildTags(b *pbn.Board, x *tagIndex) int {
	r := ps.r
	// The tags' text: the record up to the last name or value a tag takes
	// from it (not the play after them).
	recText := string(ps.rec[:ps.textEnd])
	n := len(ps.raw) - ps.drops
	if n+len(r.sticky) <= len(ps.slab.tags) {
		b.Tags = ps.slab.tags[: 0 : n+len(r.sticky)]
	} else {
		b.Tags = make([]pbn.Tag, 0, n+len(r.sticky))
	}
	x.quick = len(r.sticky) == 0 && !ps.unknown && !ps.hashVal && len(r.vals) == 0 && len(ps.raw) < 32767
	if x.quick {
		// The usual tags: known names, values in the record, no "#".
		b.Tags = b.Tags[:quickMakeTags(b.Tags[:n], ps.raw, recText, &x.ti)]
	} else {
		ps.inheritTags(b, x, recText)
	}
	if len(r.sticky) > 0 {
		ps.addSticky(b, x)
	}
	if len(ps.raw) >= 32767 {
		// at was cut short (or wrapped): ti follows it.
		for id, i := range x.at {
			x.ti[id] = 0
			if i > 0 {
				x.ti[id] = ps.raw[i-1].tag + 1
			}
		}
	}
	return n
}

// inheritTags is buildTags' general making of the tags, whose names may be
// unknown and values unescaped in the Reader's vals: a "#" value takes
// that of the records before, "##" sets one for the records after, and a
// value given again replaces one in force (formats.md 1.4).
func (ps *parser) inheritTags(b *pbn.Board, x *tagIndex, recText string) {
	r := ps.r
	valText := ""
	if len(r.vals) > 0 {
		valText = string(r.vals)
	}
	for i := range ps.raw {
		t := &ps.raw[i]
		if t.drop {
			continue
		}
		var name string
		if t.id >= 0 {
			name = knownNames[t.id]
			x.at[t.id] = int16(min(i+1, 32767))
		} else {
			name = recText[t.noff:t.nend]
		}
		var v string
		if t.inVals {
			v = valText[t.voff:t.vend]
		} else {
			v = recText[t.voff:t.vend]
		}
		if len(v) > 0 && v[0] == '#' && t.id != tNote {
			switch {
			case v == "#":
				v = r.histValue(int(t.id), name)
			case len(v) >= 2 && v[1] == '#':
				v = v[2:]
				r.setSticky(int(t.id), name, v)
			}
		} else if len(r.sticky) > 0 {
			r.updateSticky(int(t.id), name, v)
		}
		t.tag = int32(len(b.Tags))
		if t.id >= 0 {
			x.ti[t.id] = t.tag + 1
		}
		b.Tags = b.Tags[:len(b.Tags)+1] // room for n
		b.Tags[len(b.Tags)-1] = pbn.Tag{Name: name, Value: v}
	}
}

// addSticky adds to b.Tags the "##" values in force that the record does
// not give itself (formats.md 1.4), the known ones also to raw and x.
func (ps *parser) addSticky(b *pbn.Board, x *tagIndex) {
	for _, s := range ps.r.sticky {
		if s.id >= 0 && x.at[s.id] != 0 {
			continue
		}
		if s.id < 0 && hasTag(b.Tags, s.name) {
			continue
		}
		b.Tags = append(b.Tags, pbn.Tag{Name: s.name, Value: s.value})
		if s.id >= 0 {
			// Let the fields below see it.
			ps.raw = append(ps.raw, rawTag{id: int16(s.id), line: int32(ps.start), tag: int32(len(b.Tags) - 1)})
			x.at[s.id] = int16(len(ps.raw))
			x.ti[s.id] = int32(len(b.Tags))
		}
	}
}

// quickMakeTags is build's making of the tags of a record whose tags all have
// known names and values in the record, recText (no "#", no escapes), and
// are fewer than 32767: it fills tags with those of raw not dropped, ti
// with their indices in tags (plus one), and returns how many there are.
// (A function of its own, the loop's variables stay in registers.)
//
//go:noinline
func quickMakeTags(tags []pbn.Tag, raw []rawTag, recText string, ti *[64]int32) int {
	if len(tags) == len(raw) {
		// None dropped (tags has room for those not dropped): the
		// same loop without the skip, a variable fewer.
		tags = tags[:len(raw)]
		for i := range raw {
			t := &raw[i]
			id := t.id & 63 // (known: below 64)
			ti[id] = int32(i + 1)
			t.tag = int32(i)
			tags[i] = pbn.Tag{Name: tagNames[id], Value: recText[t.voff:t.vend]}
		}
		return len(raw)
	}
	k := 0
	for i := range raw {
		t := &raw[i]
		if t.drop {
			continue
		}
		id := t.id & 63 // (known: below 64)
		ti[id] = int32(k + 1)
		t.tag = int32(k)
		tags[k] = pbn.Tag{Name: tagNames[id], Value: recText[t.voff:t.vend]}
		k++
	}
	return k
}

// hasTag reports whether tags hold one called name.
func hasTag(tags []pbn.Tag, name string) bool {
	for _, t := range tags {
		if t.Name == name {
			return true
		}
	}
	return false
}

// warn adds a warning problem to b.
func (ps *parser) warn(b *pbn.Board, line int, code string, m pbn.Message) {
	b.Problems = append(b.Problems, pbn.Problem{File: b.File, Game: b.Index, Line: line,
		Code: code, Severity: pbn.Warning, Text: m})
}

// buildAuction fills b.Auction from the call tokens.
func (ps *parser) buildAuction(b *pbn.Board) {
	calls := ps.calls
	// Leading "-" stand for the seats before the dealer.
	for len(calls) > 0 && calls[0].skip && calls[0].text == "" {
		calls = calls[1:]
		b.AuctionStart = b.AuctionStart.Next()
	}
	if len(calls) == 0 {
		return
	}
	var noteText map[int]string
	if ps.notes {
		noteText = ps.noteTexts(b)
	}
	var out []pbn.Call
	if len(calls)+3 <= len(ps.slab.calls) {
		out = ps.slab.calls[: 0 : len(calls)+3]
	} else {
		out = make([]pbn.Call, 0, len(calls)+3)
	}
	for i := range calls {
		c := &calls[i]
		if c.text == "" {
			continue
		}
		if c.text == "AP" {
			bid := false
			for _, o := range out {
				if o.Text != "Pass" {
					bid = true
					break
				}
			}
			need := 3
			if !bid {
				need = 4
			}
			trail := 0
			for i := len(out) - 1; i >= 0 && out[i].Text == "Pass"; i-- {
				trail++
			}
			for ; trail < need; trail++ {
				out = append(out, pbn.Call{Text: "Pass"})
			}
			break
		}
		// Filled in place: a Call built aside and copied costs a
		// store-forwarding stall and more instructions.
		if len(out) == cap(out) {
			out = append(out, pbn.Call{})[:len(out)]
		}
		out = out[:len(out)+1]
		o := &out[len(out)-1]
		o.Text, o.Alert, o.Note = c.text, c.alert, ""
		if c.note > 0 {
			o.Alert, o.Note = true, noteText[c.note]
		}
	}
	b.Auction = out
}

// noteTexts maps note numbers to their texts, from the Note tags.
func (ps *parser) noteTexts(b *pbn.Board) map[int]string {
	m := make(map[int]string)
	for _, t := range b.Tags {
		if t.Name != "Note" {
			continue
		}
		v := t.Value
		j := 0
		for j < len(v) && v[j] >= '0' && v[j] <= '9' {
			j++
		}
		n, ok := atoi(v[:j])
		if !ok || j >= len(v) || v[j] != ':' {
			continue
		}
		if _, dup := m[n]; !dup {
			m[n] = trimSpace(v[j+1:])
		}
	}
	return m
}
