package dd

// This file is long (about 1,000 lines) for a reason: the search, its
// move generation and its pruning share one state type and one hot loop,
// and splitting them would scatter what must be read together.

import "math/bits"

// Cards inside the search are uint8 bit indexes, the same as pbn.Card:
// suit<<4 | rank. Hands are uint64 bit sets.

// rankBits is the 13 rank bits of one suit.
const rankBits = 0x7ffc

// state is the search state: the hands, the current trick and the table.
type state struct {
	h     [4]uint64
	trump int // 0..3, 4 for no-trump
	tlead int // leader of the current trick
	tn    int // cards played to the current trick
	trk   [4]uint8
	tmask uint64 // the cards of trk[:tn]
	tt    *table
	nodes int64
	// tnodes counts the tricks completed in the search, the node count
	// of DDS (its trickNodes).
	tnodes int64

	rootTurn, rootN int
	killer          [14]uint8 // the last lead that cut off, by hand size; card+1
	// lens holds the length of each hand's suit, 4 bits each (suit su of
	// seat q at bit 4*(4*su+q)), and own the owner bits of each suit's
	// cards in the hands (see ttKey), both kept up to date as cards are
	// played.
	lens uint64
	own  [4]uint32
	fbuf [14]fmove // genFollow's moves
}

// earlyLookup is the number of tricks left from which search asks the
// table before it counts quick tricks.
const earlyLookup = 6

// estimate guesses the NS tricks, for the first probe: the remaining
// tricks shared by high-card points (of the hands and the current trick),
// shifted by three quarters of a trick for each trump NS hold more than
// EW, by two and a half tricks at most.
func (st *state) estimate() int {
	n := st.remaining()
	var pts [2]int
	for seat := 0; seat < 4; seat++ {
		h := st.h[seat]
		for su := 0; su < 4; su++ {
			x := (h >> (16 * su)) & rankBits
			pts[seat&1] += 4*int(x>>14&1) + 3*int(x>>13&1) + 2*int(x>>12&1) + int(x>>11&1)
		}
	}
	for i := 0; i < st.tn; i++ {
		seat := (st.tlead + i) & 3
		c := st.trk[i]
		if r := int(c & 15); r >= 11 {
			pts[seat&1] += r - 10
		}
	}
	tot := pts[0] + pts[1]
	if tot == 0 {
		return (n + 1) / 2
	}
	e := float64(n) * float64(pts[0]) / float64(tot)
	if st.trump < 4 {
		tm := uint64(rankBits) << (16 * st.trump)
		d := bits.OnesCount64((st.h[0]|st.h[2])&tm) - bits.OnesCount64((st.h[1]|st.h[3])&tm)
		e += max(-2.5, min(2.5, float64(d)*0.75))
	}
	return int(e + 0.5)
}

// turn returns the seat to play.
func (st *state) turn() int { return (st.tlead + st.tn) & 3 }

// remaining returns the tricks left, including the current one.
func (st *state) remaining() int { return bits.OnesCount64(st.h[st.turn()]) }

// inPlay returns the cards in the hands and on the table.
func (st *state) inPlay() uint64 {
	return st.h[0] | st.h[1] | st.h[2] | st.h[3] | st.tmask
}

// repOf returns the lowest card of the run of equivalent cards of hand p
// that holds c (cards touching once the cards out of play are removed).
func (st *state) repOf(p int, c uint8) uint8 {
	all := st.inPlay()
	h := st.h[p]
	base := uint8(c &^ 15)
	for {
		lower := all & (1<<c - 1) & (0xffff << base)
		if lower == 0 {
			return c
		}
		nx := uint8(63 - bits.LeadingZeros64(lower))
		if h&(1<<nx) == 0 {
			return c
		}
		c = nx
	}
}

// winner returns the index in playing order of the card winning the four
// cards of the current trick.
func (st *state) winner() int {
	best := 0
	for i := 1; i < 4; i++ {
		c, b := st.trk[i], st.trk[best]
		if c>>4 == b>>4 {
			if c > b {
				best = i
			}
		} else if int(c>>4) == st.trump {
			best = i
		}
	}
	return best
}

// tryMove plays c for the seat to play, searches whether NS then take at
// least target tricks (counted from the current trick on) and takes the
// card back. It returns the outcome, the cards whose ranks mattered and
// the rank intervals of runs of cards treated as equivalent (see search).
func (st *state) tryMove(c uint8, target int) (bool, uint64, uint64) {
	p := st.turn()
	// The table key parts: the suit of c is one card shorter in p's
	// hand, and the owner bits of the cards above c in its suit move
	// down one place.
	su := uint(c>>4) & 3
	old := st.own[su]
	a := (st.h[0] | st.h[1] | st.h[2] | st.h[3]) & (uint64(rankBits) << (16 * su))
	lm := uint32(1)<<(uint(bits.OnesCount64(a&(1<<(c&63)-1)))&31) - 1
	lo, hi := old&0xffff, old>>16
	st.own[su] = lo&lm | (lo>>1)&^lm | (hi&lm|(hi>>1)&^lm)<<16
	lenBit := uint64(1) << ((4 * (4*su + uint(p))) & 63)
	st.lens -= lenBit
	st.h[p] &^= 1 << c
	st.trk[st.tn] = c
	st.tn++
	st.tmask |= 1 << c
	var ok bool
	var rel, seqs uint64
	if st.tn == 4 {
		wi := st.winner()
		wc := st.trk[wi]
		ws := (st.tlead + wi) & 3
		byRank := false
		for i := 0; i < 4; i++ {
			if i != wi && st.trk[i]>>4 == wc>>4 {
				byRank = true
			}
		}
		st.tnodes++
		saved, oldLead, oldMask := st.trk, st.tlead, st.tmask
		st.tn, st.tlead, st.tmask = 0, ws, 0
		t := target
		if ws&1 == 0 {
			t--
		}
		ok, rel, seqs = st.search(t)
		st.trk, st.tlead, st.tn, st.tmask = saved, oldLead, 4, oldMask
		if byRank {
			rel |= 1 << wc
		}
	} else {
		ok, rel, seqs = st.search(target)
	}
	st.tn--
	st.h[p] |= 1 << c
	st.tmask &^= 1 << c
	st.own[su] = old
	st.lens += lenBit
	return ok, rel, seqs
}

// search reports whether NS take at least target tricks from here,
// including the current trick, and the cards whose ranks the answer
// depends on: the answer holds for every position with the same suit
// lengths and the same owners of the cards from the top of each suit down
// to its lowest relevant card. seqs holds, as intervals of ranks, the
// runs of touching cards that were searched as one card at nodes where
// every card was tried; that equivalence holds in another position only if
// no relevant card falls strictly inside such an interval above its lowest
// card (store widens the pattern to make sure).
func (st *state) search(target int) (bool, uint64, uint64) {
	st.nodes++
	var key uint64
	var seq [4]uint32
	tricks := 0
	if st.tn == 0 {
		lead := st.tlead
		n := bits.OnesCount64(st.h[lead])
		if target <= 0 {
			return true, 0, 0
		}
		if target > n {
			return false, 0, 0
		}
		if n == 1 {
			ok, rel := st.lastTrick(target)
			return ok, rel, 0
		}
		// With many tricks left the table usually answers: ask it
		// before the quick-trick counts, else after them.
		early := n >= earlyLookup
		if early {
			key, seq = st.ttKey()
			if r, m := st.tt.lookup(key, &seq, target); r >= 0 {
				return r == 1, st.topCards(m), 0
			}
		}
		need := target
		if lead&1 != 0 {
			need = n - target + 1
		}
		qt, qrel := st.quickTricks(lead, need)
		if qt < need && st.trump < 4 {
			// When the opponents hold no trumps, every trump of the
			// side takes a trick: at least as many as the longer hand
			// holds.
			tm := uint64(rankBits) << (16 * st.trump)
			if (st.h[(lead+1)&3]|st.h[(lead+3)&3])&tm == 0 {
				if t := max(bits.OnesCount64(st.h[lead]&tm), bits.OnesCount64(st.h[lead^2]&tm)); t > qt {
					qt, qrel = t, 0
				}
			}
		}
		if need == 1 && qt == 0 {
			if ok, rel := st.ruffTrick(lead); ok {
				qt, qrel = 1, rel
			}
		}
		if lead&1 == 0 {
			if qt >= target {
				return true, qrel, 0
			}
		} else if n-qt < target {
			return false, qrel, 0
		}
		if st.trump < 4 {
			// The side holding the top trump takes a trick with it.
			tm := uint64(rankBits) << (16 * st.trump)
			all := (st.h[0] | st.h[1] | st.h[2] | st.h[3]) & tm
			if all != 0 {
				top := uint64(1) << (63 - bits.LeadingZeros64(all))
				if (st.h[0]|st.h[2])&top != 0 {
					if target <= 1 {
						return true, top, 0
					}
				} else if target > n-1 {
					return false, top, 0
				}
			}
		}
		if k, rel := st.laterTricks(lead); k > 0 {
			if lead&1 == 0 {
				if target > n-k {
					return false, rel, 0
				}
			} else if target <= k {
				return true, rel, 0
			}
		}
		if !early {
			key, seq = st.ttKey()
			if r, m := st.tt.lookup(key, &seq, target); r >= 0 {
				return r == 1, st.topCards(m), 0
			}
		}
		tricks = n
	}
	if st.tn == 1 {
		if q, rel := st.secondHand(); q > 0 {
			n := bits.OnesCount64(st.h[st.turn()])
			if st.turn()&1 == 0 {
				if q >= target {
					return true, rel, 0
				}
			} else if n-q < target {
				return false, rel, 0
			}
		}
	}
	if st.tn == 2 {
		if rel, ok := st.thirdHand(); ok {
			if st.turn()&1 == 0 {
				if target <= 1 {
					return true, rel, 0
				}
			} else if bits.OnesCount64(st.h[st.turn()]) <= target {
				return false, rel, 0
			}
		}
	}
	var mv [14]uint8
	nm := st.genMoves(&mv)
	p := st.turn()
	isNS := p&1 == 0
	var relAll, seqAll uint64
	// lw[s]: once a card of suit s lower than every rank that mattered
	// so far has failed, the cards of s below those ranks fail too
	// (their positions differ only in cards that did not matter).
	var lw [4]uint8
	for i := 0; i < nm; i++ {
		c := mv[i]
		su := c >> 4
		if c&15 < lw[su] {
			continue
		}
		ok, r, sq := st.tryMove(c, target)
		if ok == isNS {
			if st.tn == 0 {
				st.killer[bits.OnesCount64(st.h[p])] = c + 1
			}
			if tricks > 0 {
				st.store(key, &seq, r, sq, ok, target)
			}
			return ok, r, sq
		}
		relAll |= r
		seqAll |= sq
		if lw[su] == 0 {
			if low := lowRank(relAll, seqAll, su); c&15 < low {
				lw[su] = low
			}
		}
	}
	seqAll |= st.runs()
	if tricks > 0 {
		st.store(key, &seq, relAll, seqAll, !isNS, target)
	}
	return !isNS, relAll, seqAll
}

// lastTrick settles the last trick (every hand holds one card, no card
// played yet).
func (st *state) lastTrick(target int) (bool, uint64) {
	lead := st.tlead
	var cards [4]uint8
	for i := 0; i < 4; i++ {
		cards[i] = uint8(bits.TrailingZeros64(st.h[(lead+i)&3]))
	}
	best := 0
	for i := 1; i < 4; i++ {
		c, b := cards[i], cards[best]
		if c>>4 == b>>4 {
			if c > b {
				best = i
			}
		} else if int(c>>4) == st.trump {
			best = i
		}
	}
	var rel uint64
	for i := 0; i < 4; i++ {
		if i != best && cards[i]>>4 == cards[best]>>4 {
			rel = 1 << cards[best]
		}
	}
	ns := 0
	if (lead+best)&1 == 0 {
		ns = 1
	}
	return ns >= target, rel
}

// ruffTrick reports whether the side of leader p surely wins the current
// trick by p leading a suit that partner ruffs, and the cards that must
// keep their ranks for that: partner's top trump when an opponent may
// overruff.
func (st *state) ruffTrick(p int) (bool, uint64) {
	if st.trump == 4 {
		return false, 0
	}
	tm := uint64(rankBits) << (16 * st.trump)
	pa, lho, rho := st.h[p^2], st.h[(p+1)&3], st.h[(p+3)&3]
	if pa&tm == 0 {
		return false, 0
	}
	ptop := uint64(1) << (63 - bits.LeadingZeros64(pa&tm))
	for su := 0; su < 4; su++ {
		if su == st.trump {
			continue
		}
		m := uint64(rankBits) << (16 * su)
		if st.h[p]&m == 0 || pa&m != 0 {
			continue
		}
		// An opponent void in the suit may ruff: partner must beat his
		// trumps.
		var over uint64
		if lho&m == 0 {
			over |= lho & tm
		}
		if rho&m == 0 {
			over |= rho & tm
		}
		if over == 0 {
			return true, 0
		}
		if over < ptop {
			return true, ptop
		}
	}
	return false, 0
}

// cashing is what cashTricks finds for a hand on lead: the tricks it
// takes by cashing the top cards of each suit, whether in a trump contract
// only one side-suit trick counts (capped), and the suits where it takes
// at least one trick.
type cashing struct {
	cnt    [4]int
	top    [4]int // tricks of cnt won by rank (the rest by length)
	total  int
	capped bool
	suits  int
}

// quickTricks returns a number of tricks the side of leader p surely
// takes, by p cashing top winners from his own hand or by p leading to a
// top card of partner's, partner then cashing his, and, when they are at
// least need, the cards that must keep their ranks for need of them.
func (st *state) quickTricks(p, need int) (int, uint64) {
	var own, part cashing
	st.cashTricks(p, &own)
	qt := own.total
	if qt >= need {
		return qt, st.cashRel(&own, need, -1)
	}
	if qt >= bits.OnesCount64(st.h[p]) {
		return qt, 0
	}
	pa := p ^ 2
	st.cashTricks(pa, &part)
	q2 := part.total
	// entry returns a suit where partner's top card wins a trick and p
	// holds a card to lead to it, or -1.
	entry := func() int {
		for su := 0; su < 4; su++ {
			if part.suits>>su&1 != 0 && (st.h[p]>>(16*su))&rankBits != 0 {
				return su
			}
		}
		return -1
	}
	if st.noTrumps() && q2 > 0 && bits.OnesCount64(st.h[p])-qt >= q2 {
		// Without trumps the tops of the two hands are in different
		// suits: p cashes his, crosses to partner in a suit partner
		// tops and partner cashes his. Partner keeps his winners: he
		// has enough other cards to follow to or discard on p's.
		if e := entry(); e >= 0 {
			if qt+q2 < need {
				return qt + q2, 0
			}
			// Partner's tricks first (the entry among them), then
			// p's for the rest.
			k2 := min(q2, need)
			rel := st.cashRel(&part, k2, e)
			if k2 < need {
				rel |= st.cashRel(&own, need-k2, -1)
			}
			return need, rel
		}
	}
	if q2 > qt {
		// Partner's winners count if p can reach them: a suit where
		// partner's top card won and p holds a card.
		if e := entry(); e >= 0 {
			if q2 < need {
				return q2, 0
			}
			return q2, st.cashRel(&part, need, e)
		}
	}
	return qt, 0
}

// cashRel returns the cards that must keep their ranks for k of the
// tricks of c (k <= c.total): the lowest cashed card of each suit used,
// the suits with the most tricks first; suit first (unless -1) is used
// first, for at least one trick.
func (st *state) cashRel(c *cashing, k int, first int) uint64 {
	all := st.h[0] | st.h[1] | st.h[2] | st.h[3]
	var take [4]int
	left := k
	if c.capped {
		// The trumps first, then one round of a side suit.
		tr := st.trump
		if first >= 0 && first != tr && c.cnt[first] > 0 {
			take[first] = 1
			left--
		}
		t := min(left, c.cnt[tr])
		take[tr] = t
		left -= t
		if left > 0 {
			for su := 0; su < 4 && left > 0; su++ {
				if su != tr && c.cnt[su] > 0 && take[su] == 0 {
					take[su] = 1
					left--
				}
			}
		}
	} else {
		if first >= 0 && c.cnt[first] > 0 {
			t := min(left, c.cnt[first])
			take[first] = t
			left -= t
		}
		for left > 0 {
			best := -1
			for su := 0; su < 4; su++ {
				if take[su] == 0 && c.cnt[su] > 0 && (best < 0 || c.cnt[su] > c.cnt[best]) {
					best = su
				}
			}
			if best < 0 {
				break
			}
			t := min(left, c.cnt[best])
			take[best] = t
			left -= t
		}
	}
	var rel uint64
	for su := 0; su < 4; su++ {
		if take[su] == 0 {
			continue
		}
		cur := (all >> (16 * su)) & rankBits
		for i := 1; i < min(take[su], c.top[su]); i++ {
			cur &^= 1 << (63 - bits.LeadingZeros64(cur))
		}
		rel |= (uint64(1) << (63 - bits.LeadingZeros64(cur))) << (16 * su)
	}
	return rel
}

// cashTricks fills c (zero on entry) with the tricks p takes by cashing
// the top winners of his own hand when he has the lead.
func (st *state) cashTricks(p int, c *cashing) {
	h := st.h[p]
	all := st.h[0] | st.h[1] | st.h[2] | st.h[3]
	lho, rho, pa := st.h[(p+1)&3], st.h[(p+3)&3], st.h[p^2]
	var tm uint64
	if st.trump < 4 {
		tm = uint64(rankBits) << (16 * st.trump)
	}
	lT, rT := lho&tm != 0, rho&tm != 0
	qt, side := 0, 0
	split := false
	for su := 0; su < 4; su++ {
		sh := 16 * su
		x := (h >> sh) & rankBits
		if x == 0 {
			continue
		}
		// t: the cards of x above every other card of the suit.
		t := bits.OnesCount64(x >> bits.Len64((all>>sh)&rankBits&^x))
		if t == 0 {
			continue
		}
		top := t
		if n := bits.OnesCount64(x); n > t && (tm == 0 || su == st.trump || (!lT && !rT)) &&
			max(bits.OnesCount64((lho>>sh)&rankBits), bits.OnesCount64((rho>>sh)&rankBits),
				bits.OnesCount64((pa>>sh)&rankBits)) <= t {
			// The others hold no more cards of the suit than p's top
			// cards: p's small cards win after them.
			t = n
		} else if t == 1 && tm == 0 && !split && n >= 2 && bits.OnesCount64((pa>>sh)&rankBits) >= 2 {
			// Without trumps, the top card here and partner's second
			// one, each with a small card: two tricks, the second in
			// partner's hand, so once only and last.
			a := (all >> sh) & rankBits &^ (uint64(1) << (bits.Len64(x) - 1))
			if sec := uint64(1) << (bits.Len64(a) - 1); (pa>>sh)&sec != 0 {
				t, top, split = 2, 2, true
			}
		}
		if tm != 0 && su != st.trump {
			if lT {
				t = min(t, bits.OnesCount64((lho>>sh)&rankBits))
			}
			if rT {
				t = min(t, bits.OnesCount64((rho>>sh)&rankBits))
			}
			if t == 0 {
				continue
			}
		}
		c.suits |= 1 << su
		c.cnt[su] = t
		c.top[su] = min(t, top)
		if tm != 0 && su != st.trump {
			side += t
		} else {
			qt += t
		}
	}
	if tm != 0 && side > 1 {
		// Partner must discard a side card whenever he cannot follow;
		// when he runs out of them he has to ruff, taking the lead.
		// Then count only the trumps (cashed first) and one side round,
		// which the side wins either way.
		need, pool := 0, 0
		for su := 0; su < 4; su++ {
			l := bits.OnesCount64((pa >> (16 * su)) & rankBits)
			if su == st.trump {
				need += max(0, c.cnt[su]-l)
			} else {
				need += max(0, c.cnt[su]-l)
				pool += max(0, l-c.cnt[su])
			}
		}
		if need > pool {
			side = 1
			c.capped = true
		}
	}
	c.total = qt + side
}

// ctab[m][x] packs the bits of x selected by m (7-bit chunks) into the low
// bits, keeping their order.
var ctab = func() (t [128][128]uint8) {
	for m := 0; m < 128; m++ {
		for x := 0; x < 128; x++ {
			var v, j uint8
			for b := 0; b < 7; b++ {
				if m>>b&1 != 0 {
					v |= uint8(x>>b&1) << j
					j++
				}
			}
			t[m][x] = v
		}
	}
	return
}()

// compress packs the bits of x (13 rank bits from bit 0) selected by m
// into the low bits, keeping their order.
func compress(x, m uint64) uint32 {
	lo := uint32(ctab[m&127][x&127])
	return lo | uint32(ctab[m>>7][x>>7])<<bits.OnesCount64(m&127)
}

// ttKey returns the table key of a position at a trick boundary (the suit
// lengths of the hands, but for the last suit of West, implied, and the
// leader) and, for each suit, who holds its cards in the hands from the
// lowest up: bit i of the low half is set when the i-th lowest card is
// East's or West's, bit i of the high half when it is South's or West's.
func (st *state) ttKey() (uint64, [4]uint32) {
	return (st.lens&(1<<60-1))<<2 | uint64(st.tlead), st.own
}

// initKey sets lens and own from the hands.
func (st *state) initKey() {
	st.lens = 0
	for su := 0; su < 4; su++ {
		sh := 16*su + 2
		var x [4]uint64
		for q := range x {
			x[q] = (st.h[q] >> sh) & 0x1fff
			st.lens |= uint64(bits.OnesCount64(x[q])) << (4 * (4*su + q))
		}
		a := x[0] | x[1] | x[2] | x[3]
		st.own[su] = compress(x[1]|x[3], a) | compress(x[2]|x[3], a)<<16
	}
}

// topCards returns the highest cards in play of each suit s, as many as
// the pattern mask m[s] covers.
func (st *state) topCards(m [4]uint32) uint64 {
	all := st.h[0] | st.h[1] | st.h[2] | st.h[3]
	var rel uint64
	for su := 0; su < 4; su++ {
		k := bits.OnesCount32(m[su] & 0xffff)
		if k == 0 {
			continue
		}
		a := (all >> (16 * su)) & rankBits
		for drop := bits.OnesCount64(a) - k; drop > 0; drop-- {
			a &= a - 1
		}
		rel |= a << (16 * su)
	}
	return rel
}

// store records in the table that NS take at least target tricks (ok) or
// fewer (!ok) in the position of key and seq, for every position with the
// same owners of the cards down to the lowest card of rel in each suit,
// or lower where that card falls inside an interval of seqs.
func (st *state) store(key uint64, seq *[4]uint32, rel, seqs uint64, ok bool, target int) {
	all := st.h[0] | st.h[1] | st.h[2] | st.h[3]
	var masks [4]uint32
	for su := 0; su < 4; su++ {
		sh := 16 * su
		a := (all >> sh) & rankBits
		r := (rel >> sh) & a
		if r == 0 {
			continue
		}
		thr := bits.TrailingZeros64(r)
		if sq := (seqs >> sh) & 0xffff; sq>>thr&1 != 0 {
			// Lower thr to the bottom of the interval holding it.
			below := ^sq & (1<<thr - 1)
			thr = bits.Len64(below)
		}
		k := bits.OnesCount64(a >> thr)
		n := bits.OnesCount64(a)
		m := uint32(1<<k-1) << (n - k)
		masks[su] = m | m<<16
	}
	lo, hi := int8(0), int8(13)
	if ok {
		lo = int8(target)
	} else {
		hi = int8(target - 1)
	}
	st.tt.store(key, seq, masks, lo, hi)
}

// ttBounds returns the bounds the table knows for the position (at a
// trick boundary).
func (st *state) ttBounds() (int, int) {
	key, seq := st.ttKey()
	return st.tt.bounds(key, &seq)
}

// lowRank returns the lowest rank (4-bit index) of suit su that rel
// marks as mattering, lowered to the bottom of an interval of seqs that
// holds it, or 15 when no rank of the suit matters.
func lowRank(rel, seqs uint64, su uint8) uint8 {
	sh := 16 * su
	r := (rel >> sh) & rankBits
	if r == 0 {
		return 15
	}
	thr := bits.TrailingZeros64(r)
	if sq := (seqs >> sh) & 0xffff; sq>>thr&1 != 0 {
		below := ^sq & (1<<thr - 1)
		thr = bits.Len64(below)
	}
	return uint8(thr)
}

// secondHand returns a number of tricks the side of the second hand to
// play to a trick surely takes from here, including the current trick,
// and the cards that must keep their ranks for that; 0 when it cannot
// be sure of the current trick. The side wins the trick when it can
// ruff and the third hand cannot overruff, or when it holds a card of
// the led suit above the led card and the third hand's cards (which the
// third hand cannot ruff). In no-trump the hand that wins then cashes a
// second top card of the led suit, the top card of each other suit and
// the suits nobody else holds.
func (st *state) secondHand() (int, uint64) {
	p := st.turn()
	pa, lho := p^2, (p+1)&3
	led := st.trk[0]
	ss := led >> 4
	sh := 16 * uint(ss)
	suit := uint64(rankBits) << sh
	var tm uint64
	if st.trump < 4 {
		tm = uint64(rankBits) << (16 * st.trump)
	}
	lhoRuffs := tm != 0 && int(ss) != st.trump && st.h[lho]&suit == 0 && st.h[lho]&tm != 0
	if lhoRuffs {
		return 0, 0
	}
	if tm != 0 && int(ss) != st.trump &&
		((st.h[p]&suit == 0 && st.h[p]&tm != 0) || (st.h[pa]&suit == 0 && st.h[pa]&tm != 0)) {
		return 1, 0
	}
	own := (st.h[p] | st.h[pa]) & suit
	if own == 0 {
		return 0, 0
	}
	t1 := uint64(1) << (63 - bits.LeadingZeros64(own))
	if t1 < 1<<led || st.h[lho]&suit > t1 {
		return 0, 0
	}
	q, rel := 1, t1
	if tm != 0 {
		return q, rel
	}
	hh := p
	if st.h[pa]&t1 != 0 {
		hh = pa
	}
	others := (st.h[(hh+1)&3] | st.h[hh^2] | st.h[(hh+3)&3])
	if rest := st.h[hh] & suit &^ t1; rest != 0 {
		t2 := uint64(1) << (63 - bits.LeadingZeros64(rest))
		if others&suit < t2 {
			q++
			rel |= t2
		}
	}
	for su := 0; su < 4; su++ {
		if su == int(ss) {
			continue
		}
		m := uint64(rankBits) << (16 * su)
		x := st.h[hh] & m
		if x == 0 {
			continue
		}
		o := others & m
		if o == 0 {
			q += bits.OnesCount64(x)
			continue
		}
		if top := uint64(1) << (63 - bits.LeadingZeros64(x)); top > o {
			q++
			rel |= top
		}
	}
	return q, rel
}

// laterTricks returns a number of tricks the side not on lead surely
// takes (0 when it finds none) and the cards that must keep their ranks
// for that:
//   - without trumps in play, one trick when the leader's side, keeping
//     the lead, can lead at most as many rounds as the longer of its
//     hands in the suits it tops, fewer than the tricks left, or when
//     the opponents top every suit the leader holds;
//   - with the top trump, as many tricks as the longer of its trump
//     holdings when the leader's side has no trumps, else one, or two
//     when it also holds the second trump and either hand can keep the
//     two apart (one of them holds two trumps);
//   - against the top trump, one trick with the second trump guarded
//     behind it, or with the second and third trumps and the second
//     guarded.
func (st *state) laterTricks(lead int) (int, uint64) {
	pa, o1, o2 := lead^2, (lead+1)&3, (lead+3)&3
	ls := st.h[lead] | st.h[pa]
	os := st.h[o1] | st.h[o2]
	all := ls | os
	var tm uint64
	if st.trump < 4 {
		tm = uint64(rankBits) << (16 * st.trump)
	}
	if all&tm == 0 {
		n := bits.OnesCount64(st.h[lead])
		sum := 0
		var rel uint64
		allOpp := true
		for su := 0; su < 4; su++ {
			m := uint64(rankBits) << (16 * su)
			a := all & m
			if a == 0 {
				continue
			}
			top := uint64(1) << (63 - bits.LeadingZeros64(a))
			if ls&top != 0 {
				sum += max(bits.OnesCount64(st.h[lead]&m), bits.OnesCount64(st.h[pa]&m))
				if st.h[lead]&m != 0 {
					allOpp = false
				}
			} else {
				rel |= top
			}
		}
		if sum < n || allOpp {
			return 1, rel
		}
		return 0, 0
	}
	tr := all & tm
	top := uint64(1) << (63 - bits.LeadingZeros64(tr))
	tr2 := tr &^ top
	var sec uint64
	if tr2 != 0 {
		sec = uint64(1) << (63 - bits.LeadingZeros64(tr2))
	}
	holder := func(c uint64) int {
		for i := 0; i < 4; i++ {
			if st.h[i]&c != 0 {
				return i
			}
		}
		return -1
	}
	if os&top != 0 {
		if ls&tm == 0 {
			return max(bits.OnesCount64(st.h[o1]&tm), bits.OnesCount64(st.h[o2]&tm)), 0
		}
		if sec != 0 && os&sec != 0 {
			hh := holder(sec)
			if bits.OnesCount64(st.h[hh]&tm) > 1 || bits.OnesCount64(st.h[hh^2]&tm) > 1 {
				return 2, top | sec
			}
		}
		return 1, top
	}
	if sec == 0 || os&sec == 0 {
		return 0, 0
	}
	hh := holder(sec)
	if bits.OnesCount64(st.h[hh]&tm) <= 1 {
		return 0, 0
	}
	if st.h[(hh+3)&3]&top != 0 {
		return 1, top | sec
	}
	tr3 := tr2 &^ sec
	if tr3 == 0 {
		return 0, 0
	}
	third := uint64(1) << (63 - bits.LeadingZeros64(tr3))
	if os&third != 0 {
		return 1, top | sec | third
	}
	return 0, 0
}

// noTrumps reports whether no trumps are in play (no-trump contract or
// trumps gone).
func (st *state) noTrumps() bool {
	if st.trump == 4 {
		return true
	}
	tm := uint64(rankBits) << (16 * st.trump)
	return (st.h[0]|st.h[1]|st.h[2]|st.h[3])&tm == 0
}

// thirdHand reports whether the side of the third hand to play to a
// trick surely wins it, and the cards that must keep their ranks for
// that: when partner's card wins and the fourth hand cannot beat it, or
// when the third hand holds a card (of the led suit, or a trump when
// void) that beats the cards played and every card the fourth hand may
// play to the trick.
func (st *state) thirdHand() (uint64, bool) {
	p := st.turn()
	fourth := (p + 1) & 3
	ls := st.trk[0] >> 4
	wi := 0
	if c, b := st.trk[1], st.trk[0]; (c>>4 == b>>4 && c > b) || (c>>4 != b>>4 && int(c>>4) == st.trump) {
		wi = 1
	}
	wc := st.trk[wi]
	// beaten reports whether the fourth hand can beat card c.
	beaten := func(c uint8) bool {
		cs := c >> 4
		f := st.h[fourth]
		lm := uint64(rankBits) << (16 * uint(ls))
		if f&lm != 0 {
			// The fourth hand follows suit.
			return cs == ls && f&lm&^(uint64(2)<<c-1) != 0
		}
		if st.trump == 4 {
			return false
		}
		tm := uint64(rankBits) << (16 * st.trump)
		if f&tm == 0 {
			return false
		}
		if int(cs) != st.trump {
			return true
		}
		return f&tm > 1<<c
	}
	if wi == 0 {
		// Partner (the leader) is winning.
		if !beaten(wc) {
			return 1 << wc, true
		}
	}
	h := st.h[p]
	lm := uint64(rankBits) << (16 * uint(ls))
	var c uint8
	if h&lm != 0 {
		if wc>>4 != ls {
			return 0, false
		}
		c = uint8(63 - bits.LeadingZeros64(h&lm))
	} else if st.trump < 4 {
		tm := uint64(rankBits) << (16 * st.trump)
		if h&tm == 0 {
			return 0, false
		}
		c = uint8(63 - bits.LeadingZeros64(h&tm))
		if int(wc>>4) == st.trump && c < wc {
			return 0, false
		}
	} else {
		return 0, false
	}
	if c>>4 == wc>>4 && c < wc {
		return 0, false
	}
	if beaten(c) {
		return 0, false
	}
	return 1 << c, true
}
