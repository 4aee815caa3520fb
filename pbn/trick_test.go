package pbn

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// mustCard reads a card such as "SA" or "D7".
func mustCard(t *testing.T, s string) Card {
	t.Helper()
	c, ok := ParseCard(s)
	if !ok {
		t.Fatalf("bad card %q", s)
	}
	return c
}

// plainTricks is Tricks.Run as the laws say it, card by card: it returns
// the tricks it played and their winners, stopping at the first trick
// whose cards are not held by the seats in turn or fail to follow suit.
func plainTricks(hands Deal, leader Seat, trump Strain, tricks [][4]Card) (n int, winners []Seat, after Deal) {
	for _, tr := range tricks {
		h := hands
		ok := true
		for k, c := range tr {
			s := (leader + Seat(k)) & 3
			if !c.Valid() || !h[s].Has(c) {
				ok = false
				break
			}
			if k > 0 && c.Suit() != tr[0].Suit() && h[s].HasSuit(tr[0].Suit()) {
				ok = false
				break
			}
			h[s] = h[s].Without(c)
		}
		if !ok {
			break
		}
		hands = h
		leader = (leader + Seat(trickWinner(tr, trump))) & 3
		winners = append(winners, leader)
		n++
	}
	return n, winners, hands
}

// TestTricksTable checks the quick replay on tricks written out: held,
// followed, a revoke, a card not held, an unknown card, rows by seat.
func TestTricksTable(t *testing.T) {
	// North holds the spades, East the hearts, South the diamonds, West the clubs,
	// but North has the club ace and West the spade two.
	var d Deal
	for s := Seat(0); s < 4; s++ {
		d[s] = FullHand.Suit(Suit(s))
	}
	s2, ca := NewCard(Spades, 2), NewCard(Clubs, Ace)
	d[North] = d[North].Without(s2).With(ca)
	d[West] = d[West].Without(ca).With(s2)
	cases := []struct {
		name    string
		leader  Seat
		first   Seat
		columns bool
		trump   Strain
		tricks  []string // four cards a trick
		played  int
		winners []Seat
	}{
		{"discards", East, 0, false, NoTrump, []string{"HA D2 C3 SK"}, 1, []Seat{East}},
		{"ruff", East, 0, false, Strain(Diamonds), []string{"H2 DA C3 SK"}, 1, []Seat{South}},
		{"led suit followed", East, 0, false, NoTrump, []string{"HK DA C3 SA"}, 1, []Seat{East}},
		{"west must follow spades", North, 0, false, NoTrump, []string{"SK H2 D2 C3"}, 0, nil},
		{"west follows spades", North, 0, false, NoTrump, []string{"SK H2 D2 S2", "SQ H3 D3 C3"}, 2, []Seat{North, North}},
		{"not held", North, 0, false, NoTrump, []string{"HA H2 D2 C3"}, 0, nil},
		{"played twice", North, 0, false, NoTrump, []string{"SK H2 D2 S2", "SK H3 D3 C3"}, 1, []Seat{North}},
		{"stops at the revoke", West, 0, false, Strain(Clubs), []string{"CK CA H2 D2", "SA H3 D3 C4"}, 1, []Seat{North}},
		{"unknown card", North, 0, false, NoTrump, []string{"SK H2 -- C3"}, 0, nil},
		{"columns from west, north leads", North, West, true, NoTrump, []string{"S2 SK H2 D2"}, 1, []Seat{North}},
		{"columns from south, west leads", West, South, true, Strain(Diamonds), []string{"DA S2 SK HK"}, 1, []Seat{South}},
	}
	for _, tc := range cases {
		var words []uint32
		var tricks [][4]Card
		for _, tr := range tc.tricks {
			var c [4]Card
			for k := range c {
				if s := tr[3*k : 3*k+2]; s != "--" {
					c[k] = mustCard(t, s)
				}
			}
			words = append(words, PlayWord(c[0], c[1], c[2], c[3]))
			if tc.columns {
				// By seat from first: the playing order from leader.
				r := int(tc.leader-tc.first) & 3
				c = [4]Card{c[r], c[(r+1)&3], c[(r+2)&3], c[(r+3)&3]}
			}
			tricks = append(tricks, c)
		}
		tr := Tricks{Hands: d, Leader: tc.leader, Trump: tc.trump}
		play := tr.Run(make([]Play, 0, 52), words, tc.first, tc.columns)
		if tr.Played() != tc.played || len(play) != 4*tc.played {
			t.Errorf("%s: %d tricks, %d plays; want %d", tc.name, tr.Played(), len(play), tc.played)
			continue
		}
		for i, w := range tc.winners {
			if got := Seat(tr.Winners() >> (2 * i) & 3); got != w {
				t.Errorf("%s: trick %d won by %v, want %v", tc.name, i+1, got, w)
			}
		}
		n, _, after := plainTricks(d, tc.leader, tc.trump, tricks)
		if n != tc.played || after != tr.Hands {
			t.Errorf("%s: the plain rule plays %d tricks (hands %v), Run %d (hands %v)", tc.name, n, after, tr.Played(), tr.Hands)
		}
		for i, p := range play {
			if want := tricks[i/4][i%4]; p.Card != want || p.Seat != (tr.leaderOf(i/4, tc.leader)+Seat(i%4))&3 {
				t.Errorf("%s: play %d is %v by %v, want %v", tc.name, i, p.Card, p.Seat, want)
			}
		}
	}
}

// leaderOf returns who led trick t (0-based) of a replay from leader.
func (t *Tricks) leaderOf(i int, leader Seat) Seat {
	if i == 0 {
		return leader
	}
	return Seat(t.Winners() >> (2 * (i - 1)) & 3)
}

// TestTricksRandom compares Run with the plain rule on random deals and
// plays: mostly legal cards, some that fail to follow suit, some not
// held, in playing order and by columns, and checks Won.
func TestTricksRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 19))
	var pack []Card
	for s := Spades; s <= Clubs; s++ {
		for r := Rank(2); r <= Ace; r++ {
			pack = append(pack, NewCard(s, r))
		}
	}
	regular := 0
	for round := 0; round < 20000; round++ {
		rng.Shuffle(len(pack), func(i, j int) { pack[i], pack[j] = pack[j], pack[i] })
		var d Deal
		for i, c := range pack {
			d[i/13] = d[i/13].With(c)
		}
		trump := Strain(rng.IntN(5))
		leader := Seat(rng.IntN(4))
		// A play: each seat plays a card it holds, of the led suit when
		// it can, but now and then any card it holds or any card.
		h, l := d, leader
		var tricks [][4]Card
		for len(tricks) < 13 {
			var tr [4]Card
			for k := range tr {
				s := (l + Seat(k)) & 3
				cards := h[s].Cards()
				if k > 0 && h[s].HasSuit(tr[0].Suit()) && rng.IntN(200) != 0 {
					cards = h[s].Suit(tr[0].Suit()).Cards()
				}
				tr[k] = cards[rng.IntN(len(cards))]
				if rng.IntN(500) == 0 {
					tr[k] = pack[rng.IntN(52)]
				}
				h[s] = h[s].Without(tr[k])
			}
			tricks = append(tricks, tr)
			l = (l + Seat(trickWinner(tr, trump))) & 3
		}
		columns := round%2 == 1
		first := Seat(rng.IntN(4))
		var words []uint32
		l = leader
		for _, tr := range tricks {
			w := PlayWord(tr[0], tr[1], tr[2], tr[3])
			if columns {
				w = bits.RotateLeft32(w, 8*int((l-first)&3))
			}
			words = append(words, w)
			l = (l + Seat(trickWinner(tr, trump))) & 3
		}
		q := Tricks{Hands: d, Leader: leader, Trump: trump}
		play := q.Run(make([]Play, 0, 52), words, first, columns)
		n, winners, after := plainTricks(d, leader, trump, tricks)
		if q.Played() != n || len(play) != 4*n || q.Hands != after {
			t.Fatalf("round %d: Run plays %d tricks, the plain rule %d", round, q.Played(), n)
		}
		if n == 13 {
			regular++
		}
		ns := 0
		for i, w := range winners {
			if got := Seat(q.Winners() >> (2 * i) & 3); got != w {
				t.Fatalf("round %d: trick %d won by %v, want %v", round, i+1, got, w)
			}
			if w.NS() {
				ns++
			}
			if i < n-1 && q.Leader != winners[n-1] {
				t.Fatalf("round %d: leader %v, want %v", round, q.Leader, winners[n-1])
			}
		}
		if q.Won(North) != ns || q.Won(West) != n-ns {
			t.Fatalf("round %d: Won %d/%d, want %d/%d", round, q.Won(North), q.Won(West), ns, n-ns)
		}
	}
	if regular < 5000 || regular > 19000 {
		t.Errorf("%d of 20000 plays regular", regular)
	}
}

// TestBoardRegular checks what Tricks.Regular records and when
// Board.Regular stops saying so: a Play replaced or cut, other trumps; and
// that nothing is recorded for a play not all replayed or a hand not
// given.
func TestBoardRegular(t *testing.T) {
	var d Deal
	for s := Seat(0); s < 4; s++ {
		d[s] = FullHand.Suit(Suit(s))
	}
	// Each seat plays its suit from the top: North wins every trick in
	// no-trump (spades led); with hearts trumps East wins the first.
	var words []uint32
	for r := Ace; r >= 2; r-- {
		words = append(words, PlayWord(NewCard(Spades, r), NewCard(Hearts, r), NewCard(Diamonds, r), NewCard(Clubs, r)))
	}
	read := func(trump Strain, n int) *Board {
		b := &Board{Deal: d, Given: [4]bool{true, true, true, true}, HasContract: true, Contract: Contract{Level: 3, Strain: trump}}
		tr := Tricks{Hands: d, Leader: North, Trump: trump}
		b.Play = tr.Run(make([]Play, 0, 52), words[:n], 0, false)
		tr.Regular(b)
		return b
	}
	b := read(NoTrump, 13)
	if w, ok := b.Regular(); !ok || w != 0 {
		t.Fatalf("13 tricks won by North: %x %v", w, ok)
	}
	if w, ok := read(Strain(Hearts), 1).Regular(); !ok || w != 1 {
		t.Fatalf("a trick won by East: %x %v", w, ok)
	}
	if _, ok := read(Strain(Hearts), 2).Regular(); ok {
		t.Fatal("East led a spade it does not hold: regular")
	}
	c := *b
	if _, ok := c.Regular(); !ok {
		t.Error("a copy with the same Play is not regular")
	}
	c.Play = append([]Play(nil), b.Play...)
	if _, ok := c.Regular(); ok {
		t.Error("a copy with a new Play is regular")
	}
	c = *b
	c.Play = c.Play[:48]
	if _, ok := c.Regular(); ok {
		t.Error("a cut Play is regular")
	}
	c = *b
	c.Contract.Strain = Strain(Spades)
	if _, ok := c.Regular(); ok {
		t.Error("a board with other trumps is regular")
	}
	// Not recorded: trumps not the contract's, a hand not given, a Play
	// longer than the tricks replayed.
	for i, f := range []func(b *Board, tr *Tricks){
		func(b *Board, tr *Tricks) { tr.Trump = Strain(Clubs) },
		func(b *Board, tr *Tricks) { b.Given[East] = false },
		func(b *Board, tr *Tricks) { b.Play = append(b.Play, Play{Seat: North, Card: NewCard(Spades, 2)}) },
		func(b *Board, tr *Tricks) { b.HasContract = false },
	} {
		b := &Board{Deal: d, Given: [4]bool{true, true, true, true}, HasContract: true, Contract: Contract{Level: 3, Strain: NoTrump}}
		tr := Tricks{Hands: d, Leader: North, Trump: NoTrump}
		b.Play = tr.Run(make([]Play, 0, 52), words[:12], 0, false)
		f(b, &tr)
		tr.Regular(b)
		if _, ok := b.Regular(); ok {
			t.Errorf("case %d: regular", i)
		}
	}
}

// FuzzTricks compares Run with the rule card by card on any deal (a
// shuffle of the pack by the seed) and any words: cards held or not,
// invalid bytes, in playing order or by columns.
func FuzzTricks(f *testing.F) {
	f.Add(uint64(1), uint8(0), uint8(4), []byte("\x0e\x1e\x2e\x3e\x0d\x1d\x2d\x3d"))
	f.Add(uint64(7), uint8(0x92), uint8(2), []byte{0x0e, 0x0d, 0x0c, 0x0b, 0xff, 0x00, 0x40, 0x12})
	f.Fuzz(func(t *testing.T, seed uint64, lead uint8, trump uint8, data []byte) {
		var pack []Card
		for s := Spades; s <= Clubs; s++ {
			for r := Rank(2); r <= Ace; r++ {
				pack = append(pack, NewCard(s, r))
			}
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		rng.Shuffle(len(pack), func(i, j int) { pack[i], pack[j] = pack[j], pack[i] })
		var d Deal
		for i, c := range pack {
			d[i/13] = d[i/13].With(c)
		}
		leader, first, columns, st := Seat(lead&3), Seat(lead>>2&3), lead&0x10 != 0, Strain(trump%5)
		var words []uint32
		for len(data) >= 4 && len(words) < 13 {
			words = append(words, uint32(data[0])|uint32(data[1])<<8|uint32(data[2])<<16|uint32(data[3])<<24)
			data = data[4:]
		}
		q := Tricks{Hands: d, Leader: leader, Trump: st}
		play := q.Run(make([]Play, 0, 52), words, first, columns)
		// The rule: each word in playing order (rotated from columns by
		// the leader of its trick), replayed card by card.
		var tricks [][4]Card
		l := leader
		for _, w := range words {
			if columns {
				w = bits.RotateLeft32(w, -8*int((l-first)&3))
			}
			tr := [4]Card{Card(w), Card(w >> 8), Card(w >> 16), Card(w >> 24)}
			tricks = append(tricks, tr)
			valid := true
			for _, c := range tr {
				valid = valid && c.Valid()
			}
			if !valid {
				break
			}
			l = (l + Seat(trickWinner(tr, st))) & 3
		}
		n, winners, after := plainTricks(d, leader, st, tricks)
		if q.Played() != n || len(play) != 4*n || q.Hands != after {
			t.Fatalf("Run plays %d tricks, the rule %d", q.Played(), n)
		}
		for i, w := range winners {
			if got := Seat(q.Winners() >> (2 * i) & 3); got != w {
				t.Fatalf("trick %d won by %v, want %v", i+1, got, w)
			}
		}
	})
}
