package linfile

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"revokes/pbn"
	"revokes/pbn/pbntest"
)

// The quick paths of the LIN reader (trick rows, the md scan, the pair
// scan) are checked here against the general code they stand for, on
// generated inputs and mutations of them.

// linGenBoard writes one generated LIN board with a full legal-looking
// play (each player plays a card of their hand, following suit when
// able), in the layout of BBO files, with random variations of case,
// card spelling and page breaks when vary is set.
func linGenBoard(rng *rand.Rand, w *strings.Builder, num int, vary bool) {
	perm := rng.Perm(52)
	var hands [4][]pbn.Card // LIN order: S, W, N, E
	for i, p := range perm {
		hands[i/13] = append(hands[i/13], pbn.NewCard(pbn.Suit(p/13), pbn.Rank(p%13+2)))
	}
	key := func(k string) string {
		if vary && rng.IntN(20) == 0 {
			return strings.ToUpper(k)
		}
		return k
	}
	card := func(c pbn.Card) string {
		s, r := c.Suit().String(), c.Rank().String()
		if vary {
			switch rng.IntN(30) {
			case 0:
				return r + s
			case 1:
				return strings.ToLower(s + r)
			case 2:
				if c.Rank() == pbn.Ten {
					return s + "10"
				}
			}
		}
		return s + r
	}
	dealer := rng.IntN(4)
	fmt := func(k, v string) { w.WriteString(key(k) + "|" + v + "|") }
	fmt("qx", "o"+linItoa(num))
	fmt("pn", "South "+linItoa(rng.IntN(500))+",West x,North y,East z")
	var md strings.Builder
	md.WriteString(linItoa(dealer + 1))
	for h := range 4 {
		if h > 0 {
			md.WriteByte(',')
		}
		if h == 3 && vary && rng.IntN(3) == 0 {
			break // the fourth hand left out
		}
		var held pbn.Hand
		for _, c := range hands[h] {
			held = held.With(c)
		}
		for _, s := range []pbn.Suit{pbn.Spades, pbn.Hearts, pbn.Diamonds, pbn.Clubs} {
			md.WriteString(s.String())
			for r := pbn.Rank(2); r <= pbn.Ace; r++ {
				if held.Has(pbn.NewCard(s, r)) {
					md.WriteString(r.String())
				}
			}
		}
	}
	fmt("md", md.String())
	fmt("sv", "o")
	fmt("mb", "1S")
	fmt("mb", "p")
	fmt("mb", "p")
	fmt("mb", "p")
	w.WriteString(key("pg") + "||")
	// Declarer is the dealer (LIN seat dealer); the lead is on the left.
	seat := (dealer + 1) % 4
	tricks := 13
	if vary && rng.IntN(3) == 0 {
		tricks = rng.IntN(13)
	}
	for range tricks {
		var led pbn.Suit
		var trick [4]pbn.Card
		lead := seat
		for i := range 4 {
			h := hands[seat]
			k := rng.IntN(len(h))
			if i > 0 {
				for j, c := range h {
					if c.Suit() == led {
						k = j
						break
					}
				}
			} else {
				led = h[k].Suit()
			}
			c := h[k]
			trick[i] = c
			hands[seat] = append(h[:k:k], h[k+1:]...)
			w.WriteString(key("pc") + "|" + card(c) + "|")
			if vary && rng.IntN(200) == 0 {
				w.WriteString("\n")
			}
			seat = (seat + 1) % 4
		}
		if !vary || rng.IntN(10) != 0 {
			w.WriteString(key("pg") + "||")
		}
		seat = (lead + pbn.TrickWinner(trick, pbn.Strain(pbn.Spades))) % 4
		if vary && rng.IntN(50) == 0 {
			seat = rng.IntN(4) // a wrong leader: the reader's rotated tricks
		}
	}
	if rng.IntN(3) == 0 {
		fmt("mc", linItoa(rng.IntN(14)))
	}
	w.WriteString("\n")
}

// linGen returns n generated boards.
func linGen(rng *rand.Rand, n int, vary bool) string {
	var w strings.Builder
	for i := range n {
		linGenBoard(rng, &w, i+1, vary)
	}
	return w.String()
}

// linMutate changes a few bytes of s: replaced, deleted or doubled.
func linMutate(rng *rand.Rand, s string) string {
	b := []byte(s)
	const alphabet = "pcgPCG|SHDCshdcAKQJT98765432a10 \n\r,mdqx"
	for range 1 + rng.IntN(4) {
		if len(b) == 0 {
			break
		}
		i := rng.IntN(len(b))
		switch rng.IntN(4) {
		case 0:
			b[i] = alphabet[rng.IntN(len(alphabet))]
		case 1:
			b[i] = byte(rng.IntN(256))
		case 2:
			b = append(b[:i], b[i+1:]...)
		case 3:
			b = append(b[:i+1], b[i:]...)
		}
	}
	return string(b)
}

// checkLINPaths reads text in blocks (the quick paths), byte by byte (the
// general paths) and in chunks, which must all agree.
func checkLINPaths(t *testing.T, text string) {
	t.Helper()
	fast := dumpLINFrom("gen.lin", strings.NewReader(text))
	if slow := dumpLINFrom("gen.lin", &oneByteReader{text}); slow != fast {
		t.Fatalf("block and byte-by-byte reading differ on %q:\n%s", text, pbntest.LineDiff(slow, fast))
	}
	if chunked := dumpLINChunked(t, "gen.lin", strings.NewReader(text)); chunked != fast {
		t.Fatalf("Read and chunks differ on %q:\n%s", text, pbntest.LineDiff(fast, chunked))
	}
}

// TestLINGenerated compares the quick and the general paths of the reader
// on generated boards, plain and varied, and on mutations of them.
func TestLINGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 400
	if testing.Short() {
		n = 50
	}
	checkLINPaths(t, linGen(rng, 50, false))
	checkLINPaths(t, linGen(rng, 50, true))
	checkLINPaths(t, strings.ReplaceAll(linGen(rng, 50, true), "\n", "\r\n"))
	checkLINPaths(t, strings.ReplaceAll(linGen(rng, 50, true), "\n", "\n\n\r"))
	for range n {
		checkLINPaths(t, linMutate(rng, linGen(rng, 1+rng.IntN(3), rng.IntN(2) == 0)))
	}
}

// linTrickRowRef reads one trick row by the token rules of cardRun: four
// "pc|" suit rank "|" tokens and "pg||", keys in either case.
func linTrickRowRef(t []byte) (cards [4]pbn.Card, ok bool) {
	for i := range 4 {
		tok := t[6*i : 6*i+6]
		su, rk := pbn.SuitCode(tok[3]), pbn.RankCode(tok[4])
		if tok[0]|0x20 != 'p' || tok[1]|0x20 != 'c' || tok[2] != '|' || tok[5] != '|' || su == 0 || rk == 0 {
			return cards, false
		}
		cards[i] = pbn.Card((su-1)<<4 | rk)
	}
	if t[24]|0x20 != 'p' || t[25]|0x20 != 'g' || t[26] != '|' || t[27] != '|' {
		return cards, false
	}
	return cards, true
}

// TestLINTrickRow compares linTrickRows with the token rules on every
// single-byte change of trick rows and on random several-byte changes.
func TestLINTrickRow(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	rows := []string{"pc|ST|pc|S4|pc|S9|pc|SJ|pg||", "PC|ha|Pc|D2|pC|c3|pc|sA|PG||"}
	check := func(row []byte) {
		got, n := linTrickRows(row, nil)
		want, wok := linTrickRowRef(row)
		if ok := n == linRowLen; ok != wok || (ok && [4]pbn.Card(got) != want) || (!ok && (n != 0 || len(got) != 0)) {
			t.Fatalf("%q: got %v %d, want %v %v", row, got, n, want, wok)
		}
		// Rows in a run, with room for the cards or not.
		run := append(append(append([]byte(nil), row...), rows[0]...), row...)
		cards := make([]pbn.Card, rng.IntN(50))
		got, n = linTrickRows(run, cards)
		wantN := 0
		for _, r := range [][]byte{row, []byte(rows[0]), row} {
			if _, ok := linTrickRowRef(r); !ok || len(cards)+wantN/7+4 > linMaxCards {
				break
			}
			wantN += linRowLen
		}
		if n != wantN || len(got) != len(cards)+n/7 {
			t.Fatalf("%q after %d cards: read %d bytes, %d cards; want %d bytes", run, len(cards), n, len(got), wantN)
		}
	}
	for range 20 {
		var b strings.Builder
		for range 4 {
			b.WriteString("pc|" + pbn.NewCard(pbn.Suit(rng.IntN(4)), pbn.Rank(2+rng.IntN(13))).String() + "|")
		}
		b.WriteString("pg||")
		rows = append(rows, b.String())
	}
	for _, r := range rows {
		check([]byte(r))
		for i := range linRowLen {
			for v := range 256 {
				row := []byte(r)
				row[i] = byte(v)
				check(row)
			}
		}
	}
	for range 200000 {
		row := []byte(rows[rng.IntN(len(rows))])
		for range 1 + rng.IntN(4) {
			row[rng.IntN(len(row))] = byte(rng.IntN(256))
		}
		check(row)
	}
}

// TestLINStopAt compares linStopAt with a byte-by-byte scan on random
// texts rich in stop bytes, tabs and other control bytes.
func TestLINStopAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const alphabet = "ab|\n\r\t\x00\x0c\x0e\x7c\x7d\xfc\x8d\x8a ,S"
	for range 20000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			switch rng.IntN(8) {
			case 0:
				b[i] = byte(rng.IntN(256))
			case 1:
				b[i] = alphabet[rng.IntN(len(alphabet))]
			default:
				b[i] = 'a' + byte(rng.IntN(26))
			}
		}
		for j := 0; j <= len(b); j++ {
			want := j
			for want < len(b) && !linStop[b[want]] {
				want++
			}
			if got := linStopAt(b, j); got != want {
				t.Fatalf("linStopAt(%q, %d) = %d, want %d", b, j, got, want)
			}
		}
	}
}

// linGenMD returns a generated md value: a full deal in the usual
// layout, the fourth hand left out at times, with a few changes when
// mutate is set.
func linGenMD(rng *rand.Rand, mutate bool) []byte {
	var w strings.Builder
	linGenBoard(rng, &w, 1, rng.IntN(2) == 0)
	s := w.String()
	i := strings.Index(s, "|md|") + 4
	md := s[i : i+strings.IndexByte(s[i:], '|')]
	if mutate {
		md = linMutate(rng, md)
		if rng.IntN(4) == 0 && md != "" { // a rank moved to another suit or hand
			b := []byte(md)
			j, k := rng.IntN(len(b)), rng.IntN(len(b))
			b[j], b[k] = b[k], b[j]
			md = string(b)
		}
	}
	return []byte(md)
}

// TestLINQuickDeal compares linQuickDeal with dealAny on generated md
// values and mutations of them: whenever the quick path takes a value,
// dealAny must read it the same way, with no warning.
func TestLINQuickDeal(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	taken := 0
	const n = 40000
	for i := range n {
		v := linGenMD(rng, i%2 == 1)
		d, dealer, ok := linQuickDeal(v)
		if !ok {
			continue
		}
		taken++
		r := NewReader(strings.NewReader(""))
		r.start(1)
		r.dealAny(v, 1)
		c := &r.cur
		if c.err != nil || len(c.problems) > 0 || !c.hasDealer || c.dealer != dealer ||
			c.deal != d || c.given != [4]bool{true, true, true, true} {
			t.Fatalf("md %q: quick %v %v, general %v %v %v %v %v", v, d, dealer,
				c.deal, c.dealer, c.given, c.err, c.problems)
		}
	}
	if taken < n/3 {
		t.Errorf("the quick path took %d values of %d", taken, n)
	}
}

// linQuickTricksRef is the quick loop of replay written plainly, with the
// Hand methods: linQuickTricks must do what it does.
func linQuickTricksRef(play []pbn.Play, cards []pbn.Card, hands *pbn.Deal, leader, declarer pbn.Seat, trump pbn.Strain) ([]pbn.Play, int, pbn.Seat, int, uint32) {
	won, t0 := 0, 0
	var wins uint32
	for ; t0+4 <= len(cards); t0 += 4 {
		tr := [4]pbn.Card(cards[t0 : t0+4])
		s1, s2, s3 := (leader+1)&3, (leader+2)&3, (leader+3)&3
		if !hands[leader].Has(tr[0]) || !hands[s1].Has(tr[1]) || !hands[s2].Has(tr[2]) || !hands[s3].Has(tr[3]) {
			break
		}
		led := tr[0].Suit()
		revoke := false
		for k, s := range [4]pbn.Seat{leader, s1, s2, s3} {
			if tr[k].Suit() != led && hands[s].HasSuit(led) {
				revoke = true
			}
		}
		if revoke {
			break
		}
		play = append(play, pbn.Play{Seat: leader, Card: tr[0]}, pbn.Play{Seat: s1, Card: tr[1]},
			pbn.Play{Seat: s2, Card: tr[2]}, pbn.Play{Seat: s3, Card: tr[3]})
		hands[leader] = hands[leader].Without(tr[0])
		hands[s1] = hands[s1].Without(tr[1])
		hands[s2] = hands[s2].Without(tr[2])
		hands[s3] = hands[s3].Without(tr[3])
		leader = (leader + pbn.Seat(pbn.TrickWinner(tr, trump))) & 3
		wins |= uint32(leader) << (2 * (t0 / 4))
		if leader&1 == declarer&1 {
			won++
		}
	}
	return play, t0, leader, won, wins
}

// TestLINQuickTricks compares linQuickTricks with a plain loop on
// generated plays (each card from the hand whose turn it is, following
// suit) and on plays with cards swapped, replaced or cut.
func TestLINQuickTricks(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for i := range 50000 {
		perm := rng.Perm(52)
		var deal pbn.Deal
		for j, p := range perm {
			deal[j/13] = deal[j/13].With(pbn.NewCard(pbn.Suit(p/13), pbn.Rank(p%13+2)))
		}
		declarer, trump := pbn.Seat(rng.IntN(4)), pbn.Strain(rng.IntN(5))
		leader := (declarer + 1) & 3
		hands := deal
		var cards []pbn.Card
		for range 13 {
			var tr [4]pbn.Card
			for k := range 4 {
				s := (leader + pbn.Seat(k)) & 3
				held := hands[s].Cards()
				c := held[rng.IntN(len(held))]
				if k > 0 {
					for _, x := range held {
						if x.Suit() == tr[0].Suit() {
							c = x
							break
						}
					}
				}
				tr[k] = c
				hands[s] = hands[s].Without(c)
			}
			cards = append(cards, tr[:]...)
			leader = (leader + pbn.Seat(pbn.TrickWinner(tr, trump))) & 3
		}
		if i%2 == 1 {
			for range 1 + rng.IntN(3) {
				if len(cards) == 0 {
					break
				}
				switch j, k := rng.IntN(len(cards)), rng.IntN(len(cards)); rng.IntN(3) {
				case 0:
					cards[j], cards[k] = cards[k], cards[j]
				case 1:
					cards[j] = pbn.NewCard(pbn.Suit(rng.IntN(4)), pbn.Rank(2+rng.IntN(13)))
				case 2:
					cards = cards[:j]
				}
			}
		}
		leader = (declarer + 1) & 3
		h2 := deal
		tr := pbn.Tricks{Hands: deal, Leader: leader, Trump: trump}
		p1 := linQuickTricks(&tr, make([]pbn.Play, 0, 52), cards)
		n1, l1, w1, x1, h1 := 4*tr.Played(), tr.Leader, tr.Won(declarer), tr.Winners(), tr.Hands
		p2, n2, l2, w2, x2 := linQuickTricksRef(make([]pbn.Play, 0, 52), cards, &h2, leader, declarer, trump)
		if n1 != n2 || l1 != l2 || w1 != w2 || x1 != x2 || h1 != h2 || !slices.Equal(p1, p2) {
			t.Fatalf("cards %v: got %d %v %d %x, want %d %v %d %x", cards, n1, l1, w1, x1, n2, l2, w2, x2)
		}
	}
}

// TestLINQuickCall compares linQuickCall with linCallCode on every value
// of one and two bytes: a value it takes must be a plain call (no blanks,
// no alert mark) that linCallCode reads the same way.
func TestLINQuickCall(t *testing.T) {
	taken := 0
	check := func(v []byte) {
		q := linQuickCall(v)
		if q == 0 {
			return
		}
		taken++
		code, ok := linCallCode(v)
		if plain := string(linTrim(v)) == string(v) && !strings.ContainsAny(string(v), "!?"); !plain || !ok || code != q-1 {
			t.Fatalf("%q: quick %d, linCallCode %d %v", v, q-1, code, ok)
		}
	}
	for a := range 256 {
		check([]byte{byte(a)})
		for b := range 256 {
			check([]byte{byte(a), byte(b)})
		}
	}
	if taken != 8+7*10 { // p, d, x, r and levels times S, H, D, C, N, in either case
		t.Errorf("the quick path takes %d values", taken)
	}
}
