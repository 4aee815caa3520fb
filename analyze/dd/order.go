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
func (st *state) genMoves(mv *[14]uint8) (n int) {
	p := st.turn()
	h := st.h[p]
	all := st.inPlay()
	var sc [14]int
	add := func(c uint8, s int) {
		i := n
		for i > 0 && sc[i-1] < s {
			mv[i], sc[i] = mv[i-1], sc[i-1]
			i--
		}
		mv[i], sc[i] = c, s
		n++
	}
	var tm uint64
	if st.trump < 4 {
		tm = uint64(rankBits) << (16 * st.trump)
	}
	lho, pa, rho := (p+1)&3, p^2, (p+3)&3

	if st.tn == 0 {
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
			trumpSuit := tm != 0 && su == st.trump
			oppRuff := tm != 0 && !trumpSuit &&
				((xl == 0 && st.h[lho]&tm != 0) || (xr == 0 && st.h[rho]&tm != 0))
			partRuff := tm != 0 && !trumpSuit && xp == 0 && st.h[pa]&tm != 0
			top := uint64(1) << (63 - bits.LeadingZeros64(a))
			first := true
			// The fewer cards the opponents hold in the suit, the fewer
			// replies to search: prefer such suits (DDS's "suit
			// weight"). A void opponent may discard anything.
			nl, nr := bits.OnesCount64(xl), bits.OnesCount64(xr)
			rem := bits.OnesCount64(h)
			if nl == 0 {
				nl = rem
			}
			if nr == 0 {
				nr = rem
			}
			small := -oppCardWeight * (nl + nr) / 8
			// The second card of the suit guarded in an opponent's hand.
			secGuarded := false
			var sec uint64
			if rest := a &^ top; rest != 0 {
				sec = uint64(1) << (63 - bits.LeadingZeros64(rest))
				secGuarded = (xl&sec != 0 && bits.OnesCount64(xl) > 1) || (xr&sec != 0 && bits.OnesCount64(xr) > 1)
			}
			// setUp: the side holds the second and third cards below
			// an opponent's top card (2: both with partner).
			setUp := 0
			if ours := x | xp; (xl|xr)&top != 0 && ours&sec != 0 {
				if rest := a &^ top &^ sec; rest != 0 {
					third := uint64(1) << (63 - bits.LeadingZeros64(rest))
					switch {
					case xp&sec != 0 && xp&third != 0:
						setUp = 2
					case ours&third != 0 && bits.OnesCount64(xp) > 1:
						setUp = 1
					}
				}
			}
			for y := x; y != 0; {
				c := uint64(63 - bits.LeadingZeros64(y))
				y &^= 1 << c
				lower := a & (1<<c - 1)
				if lower != 0 && x&(1<<(63-bits.LeadingZeros64(lower))) != 0 {
					continue // not the lowest of its run
				}
				r := int(c)
				s := -r
				switch {
				case x&top != 0 && first:
					// Cash the top card.
					switch {
					case oppRuff:
						s += 35 // they may ruff, yet often it is right
					case secGuarded && tm == 0:
						// Without trumps, keep the top card over an
						// opponent's guarded second card.
						s += 35
					default:
						s += 60
					}
				case xp&top != 0 && x&top == 0:
					// Lead towards partner's top card.
					if !oppRuff {
						s += 45
					} else {
						s += 25
					}
				case partRuff && !oppRuff:
					// Partner ruffs: worth no more than an ordinary lead
					// (it costs him a trump), but not into LHO's top.
					s += 15
				case xl&top != 0:
					// Leading into the top card: last resort, unless
					// partner holds the second card over it.
					if xp&sec != 0 && bits.OnesCount64(xp) != 1 {
						s += 31
					}
					s += 25 * setUp
				default:
					s += 15 + 25*setUp
				}
				if tm == 0 {
					s += 3 * bits.OnesCount64(x|xp) // establish long suits
				}
				if xr&top != 0 && xp != 0 {
					s -= 10 // the top card sits over partner
				} else if xr&sec != 0 && bits.OnesCount64(xr) > 1 && x&top == 0 {
					s -= 10 // so does the second card, guarded
				}
				if trumpSuit && st.h[lho]&tm == 0 && st.h[rho]&tm == 0 {
					s -= 30 // no need to draw trumps
				}
				if tm != 0 && !trumpSuit && bits.OnesCount64(x) == 1 && h&tm != 0 && xp&top != 0 && bits.OnesCount64(xp) > 1 {
					s += 19 // a singleton: partner wins and gives a ruff
				}
				s += small
				if kc := st.killer[p][bits.OnesCount64(h)]; kc != 0 && kc-1 == uint8(c+uint64(sh)) {
					// The last lead of this leader that cut off at this
					// trick (DDS's bestMove), as a bonus only: following
					// cards get none, forcing it first does harm.
					s += 35
				}
				first = false
				add(uint8(c+uint64(sh)), s)
			}
		}
		return n
	}

	// Following: current winner of the trick.
	ls := int(st.trk[0] >> 4)
	wi := 0
	for i := 1; i < st.tn; i++ {
		c, b := st.trk[i], st.trk[wi]
		if c>>4 == b>>4 {
			if c > b {
				wi = i
			}
		} else if int(c>>4) == st.trump {
			wi = i
		}
	}
	wc := st.trk[wi]
	ws := (st.tlead + wi) & 3
	partnerWins := ws == pa
	sh := 16 * ls
	x := (h >> sh) & rankBits
	a := (all >> sh) & rankBits
	// Best card still to come from the opponent after us, if any.
	var nextOpp uint64
	nextCanRuff := false
	if st.tn < 3 {
		nextOpp = (st.h[lho] >> sh) & rankBits
		nextCanRuff = nextOpp == 0 && st.h[lho]&tm != 0
	}
	beatsAll := func(c uint64) bool { // c beats the next opponent's cards
		return !nextCanRuff && nextOpp>>c == 0
	}
	if x != 0 && st.tn == 3 {
		// Fourth hand: the cards that win the trick, cheapest first,
		// then the others, lowest first.
		var low [14]uint8
		nl := 0
		win := !partnerWins && int(wc>>4) == ls
		for y := x; y != 0; y &= y - 1 {
			c := uint64(bits.TrailingZeros64(y))
			lower := a & (1<<c - 1)
			if lower != 0 && x&(1<<(63-bits.LeadingZeros64(lower))) != 0 {
				continue
			}
			if win && c+uint64(sh) > uint64(wc) {
				mv[n] = uint8(c + uint64(sh))
				n++
			} else {
				low[nl] = uint8(c + uint64(sh))
				nl++
			}
		}
		copy(mv[n:], low[:nl])
		return n + nl
	}
	if x != 0 {
		led := int(wc>>4) == ls
		// force is the card that forces out the fourth hand's top card
		// most cheaply: the lowest above its second card and above
		// the card winning so far.
		force := uint64(0)
		if st.tn == 2 && nextOpp != 0 && !(x > nextOpp) {
			floor := uint64(0)
			if rest := nextOpp &^ (uint64(1) << (63 - bits.LeadingZeros64(nextOpp))); rest != 0 {
				floor = uint64(1) << (63 - bits.LeadingZeros64(rest))
			}
			if led {
				floor = max(floor, uint64(1)<<(wc&15))
			}
			if above := x &^ (floor<<1 - 1); above != 0 {
				force = above & -above
			}
		}
		// Second hand: partner (fourth) tops the card led and the third
		// hand's cards, which cannot ruff: play low (DDS).
		partnerTops := false
		if st.tn == 1 && !nextCanRuff {
			if xp := (st.h[pa] >> sh) & rankBits; xp != 0 {
				pt := uint64(63 - bits.LeadingZeros64(xp))
				partnerTops = pt > uint64(wc&15) && nextOpp>>pt == 0
			}
		}
		for y := x; y != 0; {
			c := uint64(63 - bits.LeadingZeros64(y))
			y &^= 1 << c
			lower := a & (1<<c - 1)
			if lower != 0 && x&(1<<(63-bits.LeadingZeros64(lower))) != 0 {
				continue
			}
			r := int(c)
			beats := led && c+uint64(sh) > uint64(wc)
			s := -r
			switch {
			case partnerWins && (st.tn == 3 || (led && beatsAll(uint64(wc)-uint64(sh)))),
				partnerTops:
				// Partner holds the trick: play low.
			case beats && beatsAll(c):
				s = 100 - r // cheapest sure winner
			case st.tn == 2 && force != 0:
				if 1<<c == force {
					s = 20 - r
				}
			case beats && st.tn == 2:
				s = 30 + r // force out their honours
			case beats && st.tn == 1 && wc&15 >= 11:
				s = 5 - r // second hand covers an honour (jack or higher)
			case beats && st.tn == 1 && x>>(c+1)&1 != 0:
				// Second hand splits touching cards that beat the
				// card led.
				s = 10 - r
			}
			add(uint8(c+uint64(sh)), s)
		}
		return n
	}
	// Void in the led suit: ruffs and discards.
	wcTrump := int(wc>>4) == st.trump
	// Second hand: partner (fourth) surely wins the trick, so do not
	// ruff (DDS): he tops the card led and the third hand's cards, or
	// ruffs, higher than the third hand if it ruffs too.
	partnerLater := false
	if st.tn == 1 && tm != 0 && ls != st.trump {
		xp := (st.h[pa] >> sh) & rankBits
		pT, lT := st.h[pa]&tm, st.h[lho]&tm
		switch {
		case nextOpp != 0 || lT == 0:
			if xp != 0 {
				pt := uint64(63 - bits.LeadingZeros64(xp))
				partnerLater = pt > uint64(wc&15) && nextOpp>>pt == 0
			} else {
				partnerLater = pT != 0
			}
		default:
			partnerLater = xp == 0 && pT > lT
		}
	}
	for su := 0; su < 4; su++ {
		sh := 16 * su
		x := (h >> sh) & rankBits
		if x == 0 {
			continue
		}
		a := (all >> sh) & rankBits
		isTrump := tm != 0 && su == st.trump
		first := true
		length := bits.OnesCount64(x)
		for y := x; y != 0; {
			c := uint64(bits.TrailingZeros64(y))
			y &^= 1 << c
			lower := a & (1<<c - 1)
			if lower != 0 && x&(1<<(63-bits.LeadingZeros64(lower))) != 0 {
				continue
			}
			r := int(c)
			var s int
			if isTrump {
				wins := !wcTrump || c+uint64(sh) > uint64(wc)
				switch {
				case !wins:
					s = -60 - r
				case partnerWins && (st.tn == 3 || !nextCanRuff), partnerLater:
					s = -20 - r
				case first:
					s = 90 - r
				default:
					s = 20 - r
				}
				if wins {
					first = false
				}
			} else {
				if first {
					s = 10 + 2*length - r
				} else {
					s = -30 - r
				}
				first = false
			}
			add(uint8(c+uint64(sh)), s)
		}
	}
	return n
}

// oppCardWeight is the lead score lost per card the opponents hold in the
// suit led, in eighths.
const oppCardWeight = 90
