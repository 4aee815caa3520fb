// LIN reading: the values of the header, results, players and deal (md, with its quick path).

package linfile

import (
	"math/bits"
	"strconv"
	"strings"

	"revokes/pbn"
)

// linSeats maps the LIN seat order (pn and md: South, West, North, East;
// dealer digit 1..4) to seats.
var linSeats = [4]pbn.Seat{pbn.South, pbn.West, pbn.North, pbn.East}

// linContracts holds the texts of all contracts, by level, strain and
// doubling.
var linContracts = func() (t [8][5][3]string) {
	for l := 1; l <= 7; l++ {
		for s := pbn.Strain(0); s <= pbn.NoTrump; s++ {
			for d := range 3 {
				t[l][s][d] = pbn.Contract{Level: l, Strain: s, Doubled: d}.String()
			}
		}
	}
	return
}()

// linContractText returns c.String() without allocating.
func linContractText(c pbn.Contract) string {
	if c.Level < 1 || c.Level > 7 || c.Strain > pbn.NoTrump || c.Doubled < 0 || c.Doubled > 2 {
		return c.String()
	}
	return linContracts[c.Level][c.Strain][c.Doubled]
}

// linNumbers holds the decimal texts of 0..linNumbersMax back to back;
// linNumberAt[n] is where the text of n starts.
const linNumbersMax = 1024

// linNumbers and linNumberAt are built once, at start-up.
var linNumbers, linNumberAt = func() (string, [linNumbersMax + 2]int) {
	var b []byte
	var at [linNumbersMax + 2]int
	for n := 0; n <= linNumbersMax; n++ {
		at[n] = len(b)
		b = strconv.AppendInt(b, int64(n), 10)
	}
	at[linNumbersMax+1] = len(b)
	return string(b), at
}()

// linItoa is strconv.Itoa that does not allocate for board numbers.
func linItoa(n int) string {
	if n < 0 || n > linNumbersMax {
		return strconv.Itoa(n)
	}
	return linNumbers[linNumberAt[n]:linNumberAt[n+1]]
}

// linVul reads an sv value: o, n, e, b or 0 (either case), else what
// ParseVulnerability accepts.
func linVul(v []byte) (pbn.Vulnerability, bool) {
	if len(v) == 1 {
		switch v[0] | 0x20 {
		case 'o', '0' | 0x20:
			return pbn.VulNone, true
		case 'n':
			return pbn.VulNS, true
		case 'e':
			return pbn.VulEW, true
		case 'b':
			return pbn.VulAll, true
		}
	}
	return pbn.ParseVulnerability(string(v))
}

// header reads a vg header: event, segment, scoring, first and last board,
// team 1, carry-over, team 2, carry-over.
func (r *Reader) header(v []byte) {
	var f [9][]byte
	n := 0
	start := 0
	for i := 0; i <= len(v) && n < len(f); i++ {
		if i == len(v) || v[i] == ',' {
			f[n] = linTrim(v[start:i])
			n++
			start = i + 1
		}
	}
	r.event, r.segment = linText(f[0]), linText(f[1])
	r.scoring = ""
	if len(f[2]) == 1 {
		switch f[2][0] | 0x20 {
		case 'i':
			r.scoring = "IMP"
		case 'p':
			r.scoring = "MP"
		case 'b':
			r.scoring = "BAM"
		}
	}
	r.team1, r.team2 = linText(f[5]), linText(f[7])
	r.carry1, r.carry2 = linText(f[6]), linText(f[8])
	r.rsFirst = linNumber(f[3])
	r.ck.setCarried(carryVG)
	if r.cur.started && !r.cur.md {
		r.cur.event, r.cur.segment, r.cur.scoring, r.cur.team1, r.cur.team2 = r.event, r.segment, r.scoring, r.team1, r.team2
		r.cur.carry1, r.cur.carry2 = r.carry1, r.carry2
	}
}

// results reads an rs list: two results per board (open room, closed
// room) from the vg first board, e.g. "4HE=", "3NW+1", "4SWx-4", "P".
func (r *Reader) results(v []byte) {
	r.ck.setCarried(carryRS)
	s := linText(v)
	n := 1 + strings.Count(s, ",")
	if n > 4096 {
		r.rs = nil
		return
	}
	rs := make([]string, 0, n)
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			rs = append(rs, linTrimString(s[start:i]))
			start = i + 1
		}
	}
	r.rs = rs
}

// linResult reads one rs entry: the contract, declarer and declarer's
// tricks; passed out gives Level 0.
func linResult(e string) (c pbn.Contract, decl pbn.Seat, tricks int, ok bool) {
	switch strings.ToUpper(e) {
	case "P", "PASS":
		return pbn.Contract{}, 0, 0, true
	}
	if len(e) < 4 || e[0] < '1' || e[0] > '7' {
		return c, 0, 0, false
	}
	c.Level = int(e[0] - '0')
	if e[1]|0x20 == 'n' {
		c.Strain = pbn.NoTrump
	} else if su, ok := pbn.ParseSuit(e[1]); ok {
		c.Strain = pbn.Strain(su)
	} else {
		return c, 0, 0, false
	}
	decl, ok = pbn.ParseSeat(e[2])
	if !ok {
		return c, 0, 0, false
	}
	rest := e[3:]
	for len(rest) > 0 && rest[0]|0x20 == 'x' && c.Doubled < 2 {
		c.Doubled++
		rest = rest[1:]
	}
	tricks = c.Level + 6
	switch {
	case rest == "=":
	case len(rest) >= 2 && (rest[0] == '+' || rest[0] == '-'):
		d, ok := linInt([]byte(rest[1:]))
		if !ok {
			return c, 0, 0, false
		}
		if rest[0] == '-' {
			d = -d
		}
		tricks += d
	default:
		return c, 0, 0, false
	}
	if tricks < 0 || tricks > 13 {
		return c, 0, 0, false
	}
	return c, decl, tricks, true
}

// players reads a pn list (S, W, N, E; eight names in vugraph headers).
func (r *Reader) players(v []byte, line int) {
	var names []string
	for i := range r.pnCache {
		if e := &r.pnCache[i]; e.names != nil && string(v) == e.raw {
			names = e.names
			break
		}
	}
	if names == nil {
		s := linText(v)
		n := 1 + strings.Count(s, ",")
		if len(r.nameRoom) < n {
			r.nameRoom = make([]string, max(n, 256))
		}
		// (A list gets room of its own length: no append reaches the next.)
		names, r.nameRoom = r.nameRoom[:0:n], r.nameRoom[n:]
		for rest := s; ; {
			i := strings.IndexByte(rest, ',')
			if i < 0 {
				names = append(names, linTrimString(rest))
				break
			}
			names = append(names, linTrimString(rest[:i]))
			rest = rest[i+1:]
		}
		if len(v) <= 256 {
			raw := s // the same bytes as v when v is UTF-8
			if len(raw) != len(v) || raw != string(v) {
				raw = string(v)
			}
			r.pnCache[r.pnNext] = linNames{raw, names}
			r.pnNext = (r.pnNext + 1) % len(r.pnCache)
		}
	}
	c := &r.cur
	if len(names) > 4 {
		if !c.started || c.progressed() {
			r.hdrNames = names
			r.ck.setCarried(carryHdr)
		} else {
			c.names = names
			r.ck.carryNames(0)
		}
		return
	}
	r.lastNames = names
	r.ck.setCarried(carryLast)
	if !c.started || c.md {
		r.pending(line)
		r.pend.names, r.pend.hasNames = names, true
		return
	}
	c.names = names
	r.ck.carryNames(0)
}

// deal reads an md value: dealer digit, then the S, W, N, E hands.
func (r *Reader) deal(v []byte, line int) {
	c := &r.cur
	if c.err != nil {
		return
	}
	if d, dealer, ok := linQuickDeal(v); ok {
		c.deal, c.given = d, [4]bool{true, true, true, true}
		c.dealer, c.hasDealer = dealer, true
		return
	}
	r.dealAny(v, line)
}

// dealAny is deal for any md value, with its warnings and errors.
func (r *Reader) dealAny(v []byte, line int) {
	c := &r.cur
	c.deal, c.given, c.hasDealer = pbn.Deal{}, [4]bool{}, false
	v = linTrim(v)
	if len(v) > 0 && v[0] >= '0' && v[0] <= '9' {
		if v[0] >= '1' && v[0] <= '4' {
			c.dealer, c.hasDealer = linSeats[v[0]-'1'], true
		} else {
			r.warn(line, "bad-dealer", pbn.Msg("unknown dealer digit %q in md", string(v[:1])))
		}
		v = v[1:]
	} else {
		r.warn(line, "bad-dealer", pbn.Msg("md gives no dealer digit"))
	}
	var seen, hand pbn.Hand
	h := 0
	suit := -1 // bit of the suit's rank 0 in a Hand; -1 before any suit
	for i := 0; i < len(v); i++ {
		ch := v[i]
		if rk := pbn.RankCode(ch); rk != 0 {
			if suit < 0 {
				r.fail(line, "bad-deal", pbn.Msg("rank %s before any suit letter in md", pbn.Rank(rk)))
				return
			}
			bit := pbn.Hand(1) << (suit + int(rk))
			if hand&bit != 0 {
				r.fail(line, "bad-deal", pbn.Msg("card %s appears twice in md", pbn.Card(suit+int(rk))))
				return
			}
			hand |= bit
			continue
		}
		if su := pbn.SuitCode(ch); su != 0 {
			suit = int(su-1) << 4
			// The ranks that follow, quickly (a "10" or anything else
			// goes back to the loop).
			held := uint16(hand >> uint(suit))
			j := i + 1
			for ; j < len(v); j++ {
				rk := pbn.RankCode(v[j])
				if rk == 0 {
					break
				}
				b := uint16(1) << (rk & 15)
				if held&b != 0 {
					r.fail(line, "bad-deal", pbn.Msg("card %s appears twice in md", pbn.Card(suit+int(rk))))
					return
				}
				held |= b
			}
			hand |= pbn.Hand(held) << uint(suit)
			i = j - 1
			continue
		}
		switch ch {
		case ',':
			if !r.dealHand(&seen, hand, h, line) {
				return
			}
			h++
			hand, suit = 0, -1
			if h >= 4 {
				if allCommas(v[i+1:]) {
					i = len(v)
					continue
				}
				r.fail(line, "bad-deal", pbn.Msg("md gives more than four hands"))
				return
			}
		case ' ', '\t':
		case '1':
			if i+1 < len(v) && v[i+1] == '0' && suit >= 0 {
				bit := pbn.Hand(1) << (suit + int(pbn.Ten))
				if hand&bit != 0 {
					r.fail(line, "bad-deal", pbn.Msg("card %s appears twice in md", pbn.Card(suit+int(pbn.Ten))))
					return
				}
				hand |= bit
				i++
				continue
			}
			fallthrough
		default:
			r.fail(line, "bad-deal", pbn.Msg("unexpected character %q in md", string(rune(ch))))
			return
		}
	}
	if h < 4 && !r.dealHand(&seen, hand, h, line) {
		return
	}
	n, full := 0, 0
	var missing pbn.Seat
	for i, s := range linSeats {
		l := c.deal[s].Len()
		if l > 13 {
			r.fail(line, "bad-deal", pbn.Msg("the hand of %s has %d cards", s, l))
			return
		}
		if l > 0 {
			c.given[s] = true
			n++
			if l == 13 {
				full++
			}
		} else {
			missing = linSeats[i]
		}
	}
	if n == 3 && full == 3 {
		c.deal[missing] = pbn.FullHand &^ seen
		c.given[missing] = true
		return
	}
	if n < 4 || full < 4 {
		r.warn(line, "incomplete-deal", pbn.Msg("md gives %d hands and %d cards", n, seen.Len()))
	}
}

// linMDClass maps a byte of an md value to what linQuickDeal does with
// it: the bit of a rank (1<<2 to 1<<14), a suit (linMDSuit plus the bit of
// the suit's rank 0 in a Hand), a comma (linMDComma), anything else
// (linMDOther). Ranks are bits, so that they are added to a suit without
// a shift.
var linMDClass = func() (t [256]uint32) {
	for i := range 256 {
		t[i] = linMDOther
		if su := pbn.SuitCode(byte(i)); su != 0 {
			t[i] = linMDSuit | uint32(su-1)<<4
		}
		if rk := pbn.RankCode(byte(i)); rk != 0 {
			t[i] = 1 << rk
		}
	}
	t[','] = linMDComma
	return
}()

// Classes of linMDClass besides the ranks.
const (
	linMDSuit  = 1 << 16
	linMDComma = 1 << 17
	linMDOther = 1 << 18
)

// linQuickDeal reads the usual md value in one pass: a dealer digit 1 to
// 4, then four hands of 13 cards, or three and an empty fourth (the rest
// of the pack), suit letters followed by single-letter ranks. It reports
// false for anything else (blanks, "10", a card twice, another number of
// cards...), which dealAny then reads with its warnings and errors.
func linQuickDeal(v []byte) (d pbn.Deal, dealer pbn.Seat, ok bool) {
	if len(v) < 2 || v[0] < '1' || v[0] > '4' {
		return d, 0, false
	}
	dealer = linSeats[v[0]-'1']
	var hands [4]uint64 // LIN order
	var hand uint64     // the hand being read, but for its current suit
	var held uint32     // the ranks of its current suit
	h, n := 0, 0        // hands done, ranks read in this hand
	// The bit of the current suit's rank 0; 64 (no suit yet) loses the
	// ranks, and the count of the hand then tells. So does a card twice.
	suit := uint(64)
	for _, ch := range v[1:] {
		x := linMDClass[ch]
		if x < linMDSuit {
			held |= x
			n++
			continue
		}
		hand |= uint64(held) << suit
		held = 0
		if x < linMDComma {
			suit = uint(x & 0x30)
			continue
		}
		if x != linMDComma || h == 3 || n != 13 {
			return d, 0, false
		}
		hands[h&3] = hand
		h++
		hand, n, suit = 0, 0, 64
	}
	hand |= uint64(held) << suit
	if h != 3 || (n != 0 && n != 13) {
		return d, 0, false
	}
	// Each hand has 13 ranks: no card twice makes 39 or 52 cards.
	seen := hands[0] | hands[1] | hands[2]
	if bits.OnesCount64(seen|hand) != 39+n {
		return d, 0, false
	}
	if n == 0 {
		hand = uint64(pbn.FullHand) &^ seen // the rest of the pack
	}
	hands[3] = hand
	for i, s := range linSeats {
		d[s] = pbn.Hand(hands[i])
	}
	return d, dealer, true
}

// dealHand stores hand as the h-th hand (LIN order) of the md being read,
// failing the board when a card of it was already given.
func (r *Reader) dealHand(seen *pbn.Hand, hand pbn.Hand, h, line int) bool {
	if dup := *seen & hand; dup != 0 {
		r.fail(line, "bad-deal", pbn.Msg("card %s appears twice in md", dup.Cards()[0]))
		return false
	}
	*seen |= hand
	r.cur.deal[linSeats[h]] = hand
	return true
}

// allCommas reports whether b holds only commas and blanks.
func allCommas(b []byte) bool {
	for _, ch := range b {
		if ch != ',' && ch != ' ' && ch != '\t' {
			return false
		}
	}
	return true
}
