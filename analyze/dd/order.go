package dd

import "math/bits"

// runs returns, for each run of more than one equivalent card that the
// seat to play may play, every rank from its lowest to its highest card:
// their equivalence depends on no other card lying in between.
func (st *state) runs() uint64 {
	h := st.h[st.turn()]
	if st.tn > 0 {
		if led := h & (uint64(rankBits) << (16 * (st.trk[0] >> 4))); led != 0 {
			h = led
		}
	}
	all := st.inPlay()
	var multi uint64
	for x := h; x != 0; x &= x - 1 {
		c := uint(bits.TrailingZeros64(x))
		above := all & (0xfffe << c) & (0xffff << (c &^ 15))
		if nx := above & -above; nx != 0 && h&nx != 0 {
			multi |= nx<<1 - 1<<c
		}
	}
	return multi
}

// genMoves writes the cards worth trying for the seat to play into mv,
// best first, and returns how many. Of each run of equivalent cards only
// the lowest is given.
func (st *state) genMoves(mv *[14]uint8) int {
	if st.tn == 0 {
		return st.genLeads(mv)
	}
	return st.genFollow(mv)
}

// insertMove puts card c of weight w among the first n moves of mv, whose
// weights are ws (highest first, equal weights in the order they came),
// and returns n+1.
func insertMove(mv *[14]uint8, ws *[14]int, n int, c uint8, w int) int {
	i := n
	for i > 0 && ws[i-1] < w {
		mv[i], ws[i] = mv[i-1], ws[i-1]
		i--
	}
	mv[i], ws[i] = c, w
	return n + 1
}

// genLeads writes the leads worth trying into mv, best first, and returns
// how many (the lowest card of each run of equivalent cards). They are
// ordered by the weights of DDS's move generator (WeightAllocTrump0 and
// WeightAllocNT0): the fewer cards the opponents hold in the suit the
// better (fewer replies to search), cashing winners of the side, leading
// towards partner's or through the opponents' top cards, and the last
// lead that cut off at this trick (DDS's bestMove).
func (st *state) genLeads(mv *[14]uint8) (n int) {
	p := st.turn()
	h := st.h[p]
	all := st.inPlay()
	var sc [14]int
	add := func(c uint8, s int) { n = insertMove(mv, &sc, n, c, s) }
	lho, pa, rho := (p+1)&3, p^2, (p+3)&3
	tr := st.trump
	var tm uint64
	if tr < 4 {
		tm = uint64(rankBits) << (16 * tr)
	}
	ftest := tm != 0 && all&tm != 0
	ncards := bits.OnesCount64(h)
	trumps := func(q int) uint64 { // trump ranks of q, comparable
		if tm == 0 {
			return 0
		}
		return (st.h[q] & tm) >> (16 * tr)
	}
	tP, tL, tR, tMe := trumps(pa), trumps(lho), trumps(rho), trumps(p)
	kc := st.killer[ncards]
	for su := 0; su < 4; su++ {
		sh := 16 * su
		x := (h >> sh) & rankBits
		if x == 0 {
			continue
		}
		a := (all >> sh) & rankBits
		xl := (st.h[lho] >> sh) & rankBits
		xr := (st.h[rho] >> sh) & rankBits
		xp := (st.h[pa] >> sh) & rankBits
		holder := func(b uint64) int {
			switch {
			case b == 0:
				return -1
			case x&b != 0:
				return p
			case xp&b != 0:
				return pa
			case xl&b != 0:
				return lho
			}
			return rho
		}
		top := uint64(1) << (63 - bits.LeadingZeros64(a))
		rest := a &^ top
		var sec, third uint64
		if rest != 0 {
			sec = uint64(1) << (63 - bits.LeadingZeros64(rest))
			if r2 := rest &^ sec; r2 != 0 {
				third = uint64(1) << (63 - bits.LeadingZeros64(r2))
			}
		}
		wH, sH, thH := holder(top), holder(sec), holder(third)
		wRank := 63 - bits.LeadingZeros64(top)
		sRank := -1
		if sec != 0 {
			sRank = 63 - bits.LeadingZeros64(sec)
		}
		suitCount := bits.OnesCount64(x)
		LH, RH, PL := bits.OnesCount64(xl), bits.OnesCount64(xr), bits.OnesCount64(xp)
		countLH, countRH := LH, RH
		if LH == 0 {
			countLH = ncards
		}
		if RH == 0 {
			countRH = ncards
		}
		isT := su == tr
		for y := x; y != 0; {
			c := uint64(bits.TrailingZeros64(y))
			y &^= 1 << c
			lower := a & (1<<c - 1)
			if lower != 0 && x&(1<<(63-bits.LeadingZeros64(lower))) != 0 {
				continue // not the lowest of its run
			}
			// The top of the run.
			tc := c
			for {
				above := a &^ (uint64(2)<<tc - 1)
				if above == 0 {
					break
				}
				nx := uint64(bits.TrailingZeros64(above))
				if x&(1<<nx) == 0 {
					break
				}
				tc = nx
			}
			rk := int(tc)
			seq := tc != c
			rRank := bits.OnesCount64(a >> tc) // 1 for the top card
			killer := kc != 0 && kc-1 >= uint8(c+uint64(sh)) && kc-1 <= uint8(tc+uint64(sh))
			var w int
			if ftest {
				swd := -((countLH + countRH) * 4 << 5) / 13
				bonus := 0
				if !isT && ((LH == 0 && tL != 0) || (RH == 0 && tR != 0)) {
					bonus = -12
				}
				if !isT && PL == 0 && tP != 0 && RH > 0 {
					bonus += 17
				}
				if wH == rho || sH == rho {
					if RH != 1 {
						bonus -= 12
					}
				} else if wH == lho && sH == pa {
					if PL != 1 {
						bonus += 27
					}
				}
				if !isT && suitCount == 1 && tMe != 0 && PL > 1 && wH == pa {
					bonus += 19
				}
				swd += bonus
				win := false
				if wRank == rk {
					if !isT {
						if PL != 0 || tP == 0 {
							win = (LH != 0 || tL == 0) && (RH != 0 || tR == 0)
						} else {
							win = (LH != 0 || tP > tL) && (RH != 0 || tP > tR)
						}
					} else {
						win = true
					}
				} else if xp > xl|xr {
					if !isT {
						win = (LH != 0 || tL == 0) && (RH != 0 || tR == 0)
					} else {
						win = true
					}
				} else if !isT && PL == 0 && tP != 0 {
					switch {
					case LH == 0 && tL != 0 && RH == 0 && tR != 0:
						win = tP > tL|tR
					case LH == 0 && tL != 0:
						win = tP > tL
					case RH == 0 && tR != 0:
						win = tP > tR
					default:
						win = true
					}
				}
				if win {
					switch {
					case (LH == 1 && wH == lho) || (RH == 1 && wH == rho):
						w = swd + 35 + rRank
					case wH == p:
						switch {
						case sH == pa:
							w = swd + 48 + rRank
						case wRank == rk:
							w = swd + 31
						default:
							w = swd - 3 + rRank
						}
					case wH == pa:
						if sH == p {
							w = swd + 42 + rRank
						} else {
							w = swd + 28 + rRank
						}
					case seq && rk == sRank:
						w = swd + 40
					case seq:
						w = swd + 22 + rRank
					default:
						w = swd + 11 + rRank
					}
					if killer {
						w += 55
					}
				} else {
					if sH == pa && thH == pa {
						swd += 20
					} else if (sH == p && thH == pa && PL > 1) || (sH == pa && thH == p && PL > 1) {
						swd += 13
					}
					switch {
					case (LH == 1 && wH == lho) || (RH == 1 && wH == rho):
						w = swd + rRank + 2
					case wH == p:
						switch {
						case sH == pa:
							w = swd + 33 + rRank
						case wRank == rk:
							w = swd + 38
						default:
							w = swd - 14 + rRank
						}
					case wH == pa:
						w = swd + 34 + rRank
					case seq && rk == sRank:
						w = swd + 35
					default:
						w = swd + 17 - rk
					}
					if killer {
						w += 18
					}
				}
			} else {
				swd := -((countLH + countRH) * 4 << 5) / 19
				if PL == 0 {
					swd -= 9
				}
				if wRank == rk || xp > xl|xr {
					if sH == rho {
						if RH != 1 {
							swd -= 1
						}
					} else if sH == lho {
						if LH != 1 {
							swd += 22
						} else {
							swd += 16
						}
					}
					if (sH != lho || LH == 1) && (sH != rho || RH == 1) {
						w = swd + 45 + rRank
					} else {
						w = swd + 18 + rRank
					}
					if killer {
						w += 126
					}
				} else {
					if wH == rho || sH == rho {
						if RH != 1 {
							swd -= 10
						}
					} else if wH == lho && sH == pa {
						if PL != 1 {
							swd += 31
						}
					}
					if sH == pa && thH == pa {
						swd += 35
					} else if (sH == p && thH == pa && PL > 1) || (sH == pa && thH == p && PL > 1) {
						swd += 25
					}
					switch {
					case (LH == 1 && wH == lho) || (RH == 1 && wH == rho):
						w = swd + 28 + rRank
					case wH == p:
						w = swd - 17 + rRank
					case !seq:
						w = swd + 12 + rRank
					case rk == sRank:
						w = swd + 48
					default:
						w = swd + 29 - rRank
					}
					if killer {
						w += 47
					}
				}
			}
			add(uint8(c+uint64(sh)), w)
		}
	}
	return n
}
