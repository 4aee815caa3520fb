package dd

import "math/bits"

// genFollow writes the cards worth trying for the second, third or
// fourth hand to play into mv, best first, and returns how many (the
// lowest card of each run of equivalent cards), ordered by the weights
// of DDS's move generator (its WeightAlloc functions for hands 1 to 3).
func (st *state) genFollow(mv *[14]uint8) int {
	p := st.turn()
	h := st.h[p]
	all := st.inPlay()
	leader := st.tlead
	p3, r4 := leader^2, (leader+3)&3
	hr := st.tn
	tr := st.trump
	var tm uint64
	if tr < 4 {
		tm = uint64(rankBits) << (16 * tr)
	}
	ftest := tm != 0 && (st.h[0]|st.h[1]|st.h[2]|st.h[3])&tm != 0
	ls := int(st.trk[0] >> 4)
	lsh := 16 * ls
	r0 := int(st.trk[0] & 15)
	// move[i]: the card winning after i+1 plays; high[i]: its player
	// (relative to the leader).
	var move [3]uint8
	var high [3]int
	move[0] = st.trk[0]
	for i := 1; i < hr; i++ {
		c, b := st.trk[i], move[i-1]
		move[i], high[i] = b, high[i-1]
		if (c>>4 == b>>4 && c > b) || (c>>4 != b>>4 && int(c>>4) == tr) {
			move[i], high[i] = c, i
		}
	}
	suitOf := func(q, su int) uint64 { return (st.h[q] >> (16 * su)) & rankBits }
	topRank := func(x uint64) int {
		if x == 0 {
			return 0
		}
		return 63 - bits.LeadingZeros64(x)
	}
	lowRank := func(x uint64) int {
		if x == 0 {
			return 0
		}
		return bits.TrailingZeros64(x)
	}
	// holders returns the hands holding the top and the second card of
	// suit su (-1 when none).
	holders := func(su int) (int, int) {
		x := (all &^ st.tmask >> (16 * su)) & rankBits
		w, s := -1, -1
		if x == 0 {
			return w, s
		}
		top := uint64(1) << (63 - bits.LeadingZeros64(x))
		for q := 0; q < 4; q++ {
			if suitOf(q, su)&top != 0 {
				w = q
			}
		}
		if rest := x &^ top; rest != 0 {
			sec := uint64(1) << (63 - bits.LeadingZeros64(rest))
			for q := 0; q < 4; q++ {
				if suitOf(q, su)&sec != 0 {
					s = q
				}
			}
		}
		return w, s
	}
	// mine reports whether the hand to play holds the top and the second
	// card of suit su among the hands.
	mine := func(su int) (bool, bool) {
		x := (h >> (16 * su)) & rankBits
		a := ((st.h[0] | st.h[1] | st.h[2] | st.h[3]) >> (16 * su)) & rankBits
		if a == 0 {
			return false, false
		}
		top := uint64(1) << (63 - bits.LeadingZeros64(a))
		var sec uint64
		if rest := a &^ top; rest != 0 {
			sec = uint64(1) << (63 - bits.LeadingZeros64(rest))
		}
		return x&top != 0, x&sec != 0
	}
	trumps := func(q int) uint64 {
		if tm == 0 {
			return 0
		}
		return suitOf(q, tr)
	}

	// The moves: the lowest card of each run, its top rank and whether
	// the run holds more than one card; highest first.
	ms := &st.fbuf
	nm := 0
	gen := func(su int) {
		sh := 16 * su
		x := (h >> sh) & rankBits
		a := (all >> sh) & rankBits
		l := int8(bits.OnesCount64(x))
		top := -1
		for y := x; y != 0; {
			c := 63 - bits.LeadingZeros64(y)
			y &^= 1 << c
			if top < 0 {
				top = c
			}
			if lower := a & (1<<c - 1); lower != 0 && x&(1<<(63-bits.LeadingZeros64(lower))) != 0 {
				continue // not the lowest of its run
			}
			ms[nm] = fmove{c: uint8(c + sh), rk: int8(top), seq: c != top, rRank: int8(bits.OnesCount64(a >> top)), su: int8(su), l: l}
			nm++
			top = -1
		}
	}
	notVoid := h&(uint64(rankBits)<<lsh) != 0
	if notVoid && hr == 3 {
		// Fourth hand (DDS's WeightAllocCombinedNotvoid3): when partner
		// wins so far or an opponent ruffed, low cards first; else the
		// cards that win, cheapest first, then the others, lowest first.
		x := (h >> lsh) & rankBits
		a := (all >> lsh) & rankBits
		wc := move[2]
		win := high[2] != 1 && int(wc>>4) == ls
		var low [14]uint8
		n, nl := 0, 0
		for y := x; y != 0; y &= y - 1 {
			c := bits.TrailingZeros64(y)
			if lower := a & (1<<c - 1); lower != 0 && x&(1<<(63-bits.LeadingZeros64(lower))) != 0 {
				continue
			}
			if win && uint8(c+lsh) > wc {
				mv[n] = uint8(c + lsh)
				n++
			} else {
				low[nl] = uint8(c + lsh)
				nl++
			}
		}
		copy(mv[n:], low[:nl])
		return n + nl
	}
	if notVoid {
		gen(ls)
		if nm == 1 {
			mv[0] = ms[0].c
			return 1
		}
	} else {
		for su := 0; su < 4; su++ {
			if (h>>(16*su))&rankBits != 0 {
				gen(su)
			}
		}
	}
	bit := func(r int) uint64 { return uint64(1) << r }
	// discards weighs the cards of a hand void in the suit led when no
	// trump is out, as DDS does for the second hand (div 23 when partner
	// wins the trick, else 33), the third (24) and the fourth (27): a
	// longer suit and a lower card first, less p2 for a doubleton
	// holding the suit's second card and p1 for a singleton that is its
	// top card.
	discards := func(div, p2, p1 int) {
		for k := 0; k < nm; k++ {
			m := &ms[k]
			l := int(m.l)
			var w, s bool
			if l <= 2 {
				w, s = mine(int(m.su))
			}
			v := l * 64 / div
			if l == 2 && s {
				v -= p2
			} else if l == 1 && w {
				v -= p1
			}
			m.w = int16(-int(m.rk) + v)
		}
	}
	// rankForcesAce returns the index of the move that forces out the
	// fourth hand's top card most cheaply, or -1.
	rankForcesAce := func() int {
		c4 := suitOf(r4, ls)
		a := (all >> lsh) & rankBits
		if c4 == 0 {
			return -1
		}
		// Groups of c4 merged across gaps of cards out of play: the
		// top group, then the top of the next one.
		t := uint64(63 - bits.LeadingZeros64(c4))
		for {
			lower := a & (1<<t - 1)
			if lower == 0 {
				return -1
			}
			nx := uint64(63 - bits.LeadingZeros64(lower))
			if c4&(1<<nx) == 0 {
				break
			}
			t = nx
		}
		rest := c4 & (1<<t - 1)
		if rest == 0 {
			return -1
		}
		second := topRank(rest)
		m1 := int(move[1] & 15)
		if move[1]>>4 != uint8(ls) {
			m1 = 0
		}
		if second > m1 {
			k := 0
			for k < nm && int(ms[k].rk) > second {
				k++
			}
			if k > 0 {
				return k - 1
			}
		} else if high[1] == 1 {
			k := 0
			for k < nm && int(ms[k].rk) > m1 {
				k++
			}
			if k > 0 {
				return k - 1
			}
		}
		return -1
	}

	switch {
	case hr == 1 && notVoid && !ftest:
		max3rd, maxpd := topRank(suitOf(p3, ls)), topRank(suitOf(r4, ls))
		if maxpd > r0 && maxpd > max3rd {
			for k := 0; k < nm; k++ {
				ms[k].w = int16(-int(ms[k].rk))
			}
			break
		}
		min3rd, minpd := lowRank(suitOf(p3, ls)), lowRank(suitOf(r4, ls))
		for k := 0; k < nm; k++ {
			m := &ms[k]
			switch {
			case int(m.rk) > r0 && int(m.rk) > max3rd:
				m.w = int16(81 - int(m.rk))
			case min3rd > int(m.rk) || minpd > int(m.rk):
				m.w = int16(-3 + int(m.rRank))
			case int(m.rk) < r0:
				m.w = int16(-11 + int(m.rRank))
			case m.seq:
				m.w = int16(10 + int(m.rRank))
			default:
				m.w = int16(13 - int(m.rk))
			}
		}
	case hr == 1 && notVoid:
		max3rd, maxpd := topRank(suitOf(p3, ls)), topRank(suitOf(r4, ls))
		min3rd, minpd := lowRank(suitOf(p3, ls)), lowRank(suitOf(r4, ls))
		tP3, tR4 := trumps(p3), trumps(r4)
		for k := 0; k < nm; k++ {
			m := &ms[k]
			win := false
			if ls == tr {
				win = (maxpd > r0 && maxpd > max3rd) || (int(m.rk) > r0 && int(m.rk) > max3rd)
			} else {
				switch {
				case int(m.rk) > r0 && int(m.rk) > max3rd:
					if max3rd != 0 || tP3 == 0 {
						win = true
					} else if maxpd == 0 && tR4 != 0 && tR4 > tP3 {
						win = true
					}
				case maxpd > r0 && maxpd > max3rd:
					win = max3rd != 0 || tP3 == 0
				case r0 > maxpd && r0 > max3rd && r0 > int(m.rk):
					if maxpd == 0 && tR4 != 0 {
						win = max3rd != 0 || tP3 == 0 || tR4 > tP3
					}
				case maxpd == 0 && tR4 != 0:
					win = true
				}
			}
			if win {
				switch {
				case min3rd > int(m.rk):
					m.w = int16(40 + int(m.rRank))
				case maxpd > r0 && suitOf(leader, ls) > suitOf(r4, ls):
					m.w = int16(41 + int(m.rRank))
				case int(m.rk) > r0:
					switch {
					case int(m.rk) < maxpd:
						m.w = int16(78 - int(m.rk))
					case int(m.rk) > max3rd:
						m.w = int16(73 - int(m.rk))
					case m.seq:
						m.w = int16(62 - int(m.rk))
					default:
						m.w = int16(49 - int(m.rk))
					}
				case maxpd > 0:
					m.w = int16(47 - int(m.rk))
				default:
					m.w = int16(40 - int(m.rk))
				}
			} else {
				switch {
				case int(m.rk) < min3rd || int(m.rk) < minpd:
					m.w = int16(-9 + int(m.rRank))
				case int(m.rk) < r0:
					m.w = int16(-16 + int(m.rRank))
				case m.seq:
					m.w = int16(22 - int(m.rk))
				default:
					m.w = int16(10 - int(m.rk))
				}
			}
		}
	case hr == 1 && !ftest:
		if suitOf(r4, ls) > suitOf(p3, ls)|bit(r0) { // partner wins
			discards(23, 2, 3)
		} else {
			discards(33, 6, 8)
		}
	case hr == 1:
		tP3, tR4 := trumps(p3), trumps(r4)
		for k := 0; k < nm; k++ {
			m := &ms[k]
			l := int(m.l)
			var s bool
			if l == 2 {
				_, s = mine(int(m.su))
			}
			var add int
			switch {
			case ls == tr:
				if suitOf(r4, ls) > suitOf(p3, ls)|bit(r0) {
					add = l * 64 / 44
				} else {
					add = l * 64 / 36
					if l == 2 && s {
						add -= 4
					}
				}
				m.w = int16(-int(m.rk) + add)
			case int(m.su) != tr:
				small := func() int {
					a := -2 + l*64/36
					if l == 2 && s {
						a -= 4
					}
					return a
				}
				if suitOf(p3, ls) != 0 {
					if suitOf(r4, ls) > suitOf(p3, ls)|bit(r0) || (suitOf(r4, ls) == 0 && tR4 != 0) {
						add = 60 + l*64/44
					} else {
						add = small()
					}
				} else if suitOf(r4, ls) == 0 && tR4 > tP3 {
					add = 60 + l*64/44
				} else if tP3 == 0 && suitOf(r4, ls) > bit(r0) {
					add = 60 + l*64/44
				} else {
					add = small()
				}
				m.w = int16(-int(m.rk) + add)
			case suitOf(p3, ls) != 0:
				m.w = int16(24 - int(m.rk) + l*64/44)
			case suitOf(r4, ls) == 0 && tR4 != 0 && tR4 > tP3:
				m.w = int16(24 - int(m.rk) + l*64/44)
			default:
				if bit(int(m.rk)) > tP3 {
					m.w = int16(24 - int(m.rk) + l*64/44)
				} else {
					add = l * 64 / 36
					if l == 2 && s {
						add -= 4
					}
					m.w = int16(15 - int(m.rk) + add)
				}
			}
		}
	case hr == 2 && notVoid:
		cards4th := suitOf(r4, ls)
		max4th, min4th := topRank(cards4th), lowRank(cards4th)
		max3rd := int(ms[0].rk)
		m1 := int(move[1] & 15)
		m1Suit := int(move[1] >> 4)
		low := func() {
			for k := 0; k < nm; k++ {
				ms[k].w = int16(-int(ms[k].rk))
			}
		}
		if !ftest {
			if high[1] == 0 && r0 > max4th {
				low()
				break
			}
			if max3rd < min4th || (m1Suit == ls && max3rd < m1) {
				low()
				break
			}
			kb := -1
			if max4th > max3rd && (m1Suit != ls || max4th > m1) {
				kb = rankForcesAce()
			}
			for k := 0; k < nm; k++ {
				m := &ms[k]
				if (m1Suit != ls || int(m.rk) > m1) && int(m.rk) > max4th {
					m.w = int16(60 - int(m.rk))
				} else {
					m.w = int16(-int(m.rk))
				}
			}
			if kb >= 0 {
				ms[kb].w += 20
			}
			break
		}
		winsCheap := func(bonus int) {
			for k := 0; k < nm; k++ {
				m := &ms[k]
				if (m1Suit != ls || int(m.rk) > m1) && int(m.rk) > max4th {
					m.w = int16(bonus - int(m.rk))
				} else {
					m.w = int16(-int(m.rk))
				}
			}
		}
		if ls == tr {
			switch {
			case high[1] == 0 && r0 > max4th:
				low()
			case max3rd < min4th || max3rd < m1:
				low()
			case max3rd > max4th:
				winsCheap(58)
			default:
				low()
				if kb := rankForcesAce(); kb >= 0 {
					ms[kb].w += 20
				}
			}
			break
		}
		if m1Suit == tr {
			low()
			break
		}
		if high[1] == 0 {
			switch {
			case max4th == 0, r0 > max4th:
				low()
			case max3rd < min4th || max3rd < m1:
				low()
			case max3rd > max4th:
				for k := 0; k < nm; k++ {
					if int(ms[k].rk) > max4th {
						ms[k].w = int16(58 - int(ms[k].rk))
					} else {
						ms[k].w = int16(-int(ms[k].rk))
					}
				}
			default:
				kb := rankForcesAce()
				winsCheap(60)
				if kb >= 0 {
					ms[kb].w += 20
				}
			}
			break
		}
		switch {
		case max4th == 0:
			for k := 0; k < nm; k++ {
				if int(ms[k].rk) > m1 {
					ms[k].w = int16(20 - int(ms[k].rk))
				} else {
					ms[k].w = int16(-int(ms[k].rk))
				}
			}
		case max3rd < min4th || max3rd < m1:
			low()
		case max3rd > max4th:
			winsCheap(58)
		default:
			kb := rankForcesAce()
			winsCheap(60)
			if kb >= 0 {
				ms[kb].w += 20
			}
		}
	case hr == 2 && !ftest:
		discards(24, 4, 4)
	case hr == 2:
		max4th := topRank(suitOf(r4, ls))
		tR4 := trumps(r4)
		_, sLed := holders(ls)
		for k := 0; k < nm; k++ {
			m := &ms[k]
			l := int(m.l)
			switch {
			case ls == tr || int(m.su) != tr:
				m.w = int16(-int(m.rk) + l*64/40)
			case high[1] == 0 && r0 > max4th && (max4th != 0 || tR4 == 0):
				m.w = int16(-int(m.rk) - 50)
			case int(move[1]>>4) == tr && int(m.rk) < int(move[1]&15):
				m.w = int16(-32 + int(m.rRank) + l*64/40)
			case high[1] == 0:
				switch {
				case max4th != 0:
					if sLed == leader {
						m.w = int16(36 - int(m.rk) + l*64/50)
					} else {
						m.w = int16(48 - int(m.rk) + l*64/50)
					}
				case bit(int(m.rk)) > tR4:
					m.w = int16(48 - int(m.rk) + l*64/50)
				default:
					m.w = int16(-12 - int(m.rk) + l*64/50)
				}
			case max4th != 0:
				m.w = int16(72 - int(m.rk) + l*64/50)
			case bit(int(m.rk)) > tR4:
				m.w = int16(48 - int(m.rk) + l*64/50)
			default:
				m.w = int16(36 - int(m.rk) + l*64/50)
			}
		}
	case hr == 3 && notVoid:
		m2 := int(move[2] & 15)
		if high[2] == 1 || (ls != tr && int(move[2]>>4) == tr) {
			for k := 0; k < nm; k++ {
				ms[k].w = int16(-int(ms[k].rk))
			}
		} else {
			for k := 0; k < nm; k++ {
				if int(ms[k].rk) > m2 {
					ms[k].w = int16(30 - int(ms[k].rk))
				} else {
					ms[k].w = int16(-int(ms[k].rk))
				}
			}
		}
	case hr == 3 && !ftest:
		discards(27, 6, 8)
	default: // hr == 3, void, trumps
		for k := 0; k < nm; k++ {
			m := &ms[k]
			l := int(m.l)
			var s bool
			if l == 2 {
				_, s = mine(int(m.su))
			}
			val := l * 64 / 24
			if l == 2 && s {
				val -= 2
			}
			switch {
			case ls == tr:
				m.w = int16(-int(m.rk) + val)
			case high[2] == 1:
				if int(m.su) == tr {
					m.w = int16(2 - int(m.rk) + val)
				} else {
					m.w = int16(25 - int(m.rk) + val)
				}
			case int(move[2]>>4) == tr:
				if int(m.su) == tr {
					if int(m.rk) > int(move[2]&15) {
						m.w = int16(33 + int(m.rRank))
					} else {
						m.w = int16(-13 + int(m.rRank))
					}
				} else {
					m.w = int16(14 - int(m.rk) + val)
				}
			case int(m.su) == tr:
				m.w = int16(33 + int(m.rRank))
			default:
				m.w = int16(14 - int(m.rk) + val)
			}
		}
	}
	// Sort by weight, stable (highest first).
	n := 0
	var sc [14]int
	for k := 0; k < nm; k++ {
		n = insertMove(mv, &sc, n, ms[k].c, int(ms[k].w))
	}
	return n
}

// fmove is a card of the hand to play in genFollow: the lowest card of a
// run of equivalent cards, the run's top rank, whether the run holds more
// than one card, the top rank's place from the top among the cards in
// play (1 for the highest), its suit, the length of that suit in the
// hand and its weight.
type fmove struct {
	c     uint8
	seq   bool
	rk    int8
	rRank int8
	su    int8
	l     int8
	w     int16
}
