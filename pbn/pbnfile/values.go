// PBN reading: tag values (vulnerability, seat, contract, deal, hands, result), each with its quick path.

package pbnfile

import "revokes/pbn"

// vulValue reads a Vulnerable value, without allocating for the usual
// spellings.
func vulValue(v string) (pbn.Vulnerability, bool) {
	switch v {
	case "None":
		return pbn.VulNone, true
	case "NS":
		return pbn.VulNS, true
	case "EW":
		return pbn.VulEW, true
	case "All", "Both":
		return pbn.VulAll, true
	}
	return pbn.ParseVulnerability(v)
}

// trimSpace trims ASCII white space.
func trimSpace(s string) string {
	for len(s) > 0 && s[0] <= ' ' {
		s = s[1:]
	}
	for len(s) > 0 && s[len(s)-1] <= ' ' {
		s = s[:len(s)-1]
	}
	return s
}

// seatValue reads a one-letter seat value.
func seatValue(v string) (pbn.Seat, bool) {
	if len(v) != 1 { // (one byte, a blank or not, trims to itself or nothing)
		v = trimSpace(v)
		if len(v) != 1 {
			return 0, false
		}
	}
	if s := seatOf[v[0]]; s != 0 {
		return pbn.Seat(s - 1), true
	}
	return 0, false
}

// seatOf is ParseSeat as a table (so that seatValue is inlined): the
// seat+1 a byte names, or 0.
var seatOf = func() (t [256]uint8) {
	for c := range t {
		if s, ok := pbn.ParseSeat(byte(c)); ok {
			t[c] = uint8(s) + 1
		}
	}
	return
}()

// parseContract reads a contract, quickly for the usual forms.
func parseContract(v string) (pbn.Contract, bool) {
	if len(v) >= 2 && len(v) <= 4 && v[0] >= '1' && v[0] <= '7' {
		c := pbn.Contract{Level: int(v[0] - '0')}
		rest := v[2:]
		switch v[1] {
		case 'S', 'H', 'D', 'C':
			su, _ := pbn.ParseSuit(v[1])
			c.Strain = pbn.Strain(su)
		case 'N':
			c.Strain = pbn.NoTrump
			if len(rest) > 0 && rest[0] == 'T' {
				rest = rest[1:]
			}
		default:
			return pbn.ParseContract(v)
		}
		switch rest {
		case "":
			return c, true
		case "X":
			c.Doubled = 1
			return c, true
		case "XX":
			c.Doubled = 2
			return c, true
		}
	}
	return pbn.ParseContract(v)
}

// strainOnly reads a bare denomination ("H", "NT"), as end positions give.
func strainOnly(v string) (pbn.Strain, bool) {
	v = trimSpace(v)
	switch {
	case len(v) == 1:
		if v[0]|0x20 == 'n' {
			return pbn.NoTrump, true
		}
		su, ok := pbn.ParseSuit(v[0])
		return pbn.Strain(su), ok
	case len(v) == 2 && v[0]|0x20 == 'n' && v[1]|0x20 == 't':
		return pbn.NoTrump, true
	}
	return 0, false
}

// parseDeal reads a Deal value. It returns a non-empty warning message for
// a readable deal with oddities, and ok false for one that cannot be used.
func parseDeal(v string, dealer pbn.Seat) (d pbn.Deal, given [4]bool, msg pbn.Message, ok bool) {
	v = trimSpace(v)
	if d, ok := quickDeal(v); ok {
		return d, [4]bool{true, true, true, true}, pbn.Message{}, true
	}
	return parseDealSlow(v, dealer)
}

// parseDealSlow is parseDeal for the values quickDeal does not take.
func parseDealSlow(v string, dealer pbn.Seat) (d pbn.Deal, given [4]bool, msg pbn.Message, ok bool) {
	seat := dealer
	if len(v) >= 2 && v[1] == ':' {
		s, ok := pbn.ParseSeat(v[0])
		if !ok {
			return d, given, pbn.Msg("bad first seat in deal %q", v), false
		}
		seat = s
		v = v[2:]
	}
	var all pbn.Hand
	hands := 0
	for {
		for len(v) > 0 && v[0] <= ' ' {
			v = v[1:]
		}
		if len(v) == 0 {
			break
		}
		j := 0
		for j < len(v) && v[j] > ' ' {
			j++
		}
		h := v[:j]
		v = v[j:]
		if hands == 4 {
			return d, given, pbn.Msg("more than four hands in deal"), false
		}
		if h != "-" {
			hand, ok := parseHand(h)
			if !ok {
				return d, given, pbn.Msg("bad hand %q in deal", h), false
			}
			if hand&all != 0 {
				return d, given, pbn.Msg("card %s in two hands", pbn.Card(firstBit(hand&all))), false
			}
			all |= hand
			d[seat] = hand
			given[seat] = true
		}
		seat = seat.Next()
		hands++
	}
	size := -1
	for s := range d {
		if !given[s] {
			continue
		}
		if size >= 0 && d[s].Len() != size {
			return d, given, pbn.Msg("hands of different sizes"), true
		}
		size = d[s].Len()
	}
	return d, given, pbn.Message{}, true
}

// quickDeal reads the usual Deal value, a first seat and four hands of 13
// cards ("N:AKQ.JT9.876.5432 ..."), ranks only. Each such hand is sixteen
// bytes (thirteen ranks, three dots) and a blank, so the hands are read
// at fixed places, byte by byte with the suit's shift in a register: no
// branch but the loop's, no chain through memory. ok is false for
// anything else, which the general reading takes.
func quickDeal(v string) (d pbn.Deal, ok bool) {
	if len(v) != 2+4*17-1 || v[1] != ':' {
		return d, false
	}
	seat, ok := pbn.ParseSeat(v[0])
	if !ok {
		return d, false
	}
	var all pbn.Hand
	tab := &handBits
	for h := 0; h < 4; h++ {
		w := v[2+17*h : 2+17*h+16]
		var acc uint64
		sh := uint(0) // 16 times the dots so far
		for i := 0; i < 16; i += 4 {
			w := w[i : i+4]
			t0, t1, t2, t3 := tab[w[0]], tab[w[1]], tab[w[2]], tab[w[3]]
			acc |= uint64(t0&0x7fff) << (sh & 63)
			sh += uint(t0>>15) << 4
			acc |= uint64(t1&0x7fff) << (sh & 63)
			sh += uint(t1>>15) << 4
			acc |= uint64(t2&0x7fff) << (sh & 63)
			sh += uint(t2>>15) << 4
			acc |= uint64(t3&0x7fff) << (sh & 63)
			sh += uint(t3>>15) << 4
		}
		// Three dots and thirteen distinct ranks: a byte that is
		// neither, or a rank twice in a suit, leaves fewer than 13
		// bits.
		hand := pbn.Hand(acc)
		if sh != 48 || hand.Len() != 13 || hand&all != 0 || h < 3 && v[2+17*h+16] != ' ' {
			return d, false
		}
		all |= hand
		d[(seat+pbn.Seat(h))&3] = hand
	}
	return d, true
}

// firstBit is the lowest set bit of h.
func firstBit(h pbn.Hand) int {
	for i := 0; i < 64; i++ {
		if h>>i&1 != 0 {
			return i
		}
	}
	return 0
}

// parseHand reads "AKQ.JT9.876.5432" (ranks in any order and case, "10"
// for the ten, an optional suit letter before each suit).
func parseHand(h string) (pbn.Hand, bool) {
	// The ranks of each suit gather in acc[suit], the suit counting the
	// dots so far: no branch and no variable shift per byte.
	var acc [4]uint16
	var dup uint16
	si := uint(0)
	for i := 0; i < len(h); i++ {
		hb := handBits[h[i]]
		if hb == 0 {
			return parseHandSlow(h)
		}
		a := &acc[si&3]
		dup |= *a & hb
		*a |= hb
		si += uint(hb >> 15)
	}
	if si != 3 || dup&0x7fff != 0 {
		return parseHandSlow(h)
	}
	hand := pbn.Hand(acc[0]&0x7fff) | pbn.Hand(acc[1]&0x7fff)<<16 | pbn.Hand(acc[2]&0x7fff)<<32 | pbn.Hand(acc[3]&0x7fff)<<48
	if hand.Len() > 13 {
		return 0, false
	}
	return hand, true
}

// parseHandSlow is parseHand for the hands with a "10", suit letters or
// anything wrong.
func parseHandSlow(h string) (pbn.Hand, bool) {
	var hand, dup pbn.Hand
	shift := uint(0) // 16 * the suit
	for i := 0; i < len(h); i++ {
		c := h[i]
		if hb := handBits[c]; hb != 0 {
			// A rank, or '.' (0x8000): no branch on which.
			bit := pbn.Hand(hb&0x7fff) << (shift & 63)
			dup |= hand & bit
			hand |= bit
			shift += uint(hb>>15) * 16
			continue
		}
		switch {
		case c == '1' && i+1 < len(h) && h[i+1] == '0':
			bit := pbn.Hand(1) << ((shift + uint(pbn.Ten)) & 63)
			dup |= hand & bit
			hand |= bit
			i++
		case pbn.SuitCode(c) == uint8(shift/16)+1 && (i == 0 || h[i-1] == '.'):
			// "SA7.H864..." : a suit letter at the start of a suit.
		default:
			return 0, false
		}
	}
	if dup != 0 {
		return 0, false
	}
	if shift != 48 || hand.Len() > 13 {
		return 0, false
	}
	return hand, true
}

// parseResult reads a Result value as declarer's tricks: "9", "^9",
// "NS 9", "EW 4", "NS 9 EW 4".
func parseResult(v string, b *pbn.Board) (int, bool) {
	if len(v) == 1 && v[0] >= '0' && v[0] <= '9' {
		return int(v[0] - '0'), true // the usual value, at once
	}
	v = trimSpace(v)
	if len(v) > 0 && v[0] == '^' {
		v = trimSpace(v[1:])
	}
	if n, ok := atoi(v); ok {
		return n, n <= 13
	}
	if !b.HasDeclarer {
		return 0, false
	}
	total := 13
	for s := range b.Deal {
		if b.Given[s] {
			total = b.Deal[s].Len()
			break
		}
	}
	ns, ew := -1, -1
	for len(v) > 0 {
		if len(v) < 2 {
			return 0, false
		}
		side := v[:2]
		v = trimSpace(v[2:])
		j := 0
		for j < len(v) && v[j] >= '0' && v[j] <= '9' {
			j++
		}
		n, ok := atoi(v[:j])
		if !ok || n > total {
			return 0, false
		}
		v = trimSpace(v[j:])
		switch side {
		case "NS", "ns":
			ns = n
		case "EW", "ew":
			ew = n
		default:
			return 0, false
		}
	}
	if b.Declarer.NS() {
		if ns >= 0 {
			return ns, true
		}
		return total - ew, ew >= 0
	}
	if ew >= 0 {
		return ew, true
	}
	return total - ns, ns >= 0
}

// atoi reads a small decimal number.
func atoi(s string) (int, bool) {
	if len(s) == 0 || len(s) > 3 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// handBits maps a byte of a hand to its rank bit (bit r for rank r), or
// 0x8000 for the '.' between suits, or 0.
var handBits = func() (t [256]uint16) {
	for c := 0; c < 256; c++ {
		if rk, ok := pbn.ParseRank(byte(c)); ok {
			t[c] = 1 << rk
		}
	}
	t['.'] = 0x8000
	return
}()
