package pbn

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"
)

// genPBN writes n deterministic random boards with a full legal play, in
// PBN columns from the opening leader, like a tournament archive.
func genPBN(n int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, 1))
	var buf bytes.Buffer
	buf.WriteString("% PBN 2.1\n% EXPORT\n")
	var deck [52]Card
	i := 0
	for s := Spades; s <= Clubs; s++ {
		for r := Rank(2); r <= Ace; r++ {
			deck[i] = NewCard(s, r)
			i++
		}
	}
	names := []string{"Smith", "Jones", "Meckstroth", "Rodwell", "Helgemo", "Helness", "Zia", "Levin"}
	for b := 1; b <= n; b++ {
		rng.Shuffle(52, func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		var d Deal
		for k, c := range deck {
			d[k/13] = d[k/13].With(c)
		}
		dealer := Seat((b - 1) & 3)
		decl := Seat(rng.IntN(4))
		st := Strain(rng.IntN(5))
		level := 1 + rng.IntN(7)
		fmt.Fprintf(&buf, "[Event \"Generated Teams\"]\n[Site \"Utrecht\"]\n[Date \"2024.05.%02d\"]\n[Board \"%d\"]\n",
			1+b%28, b)
		fmt.Fprintf(&buf, "[West \"%s\"]\n[North \"%s\"]\n[East \"%s\"]\n[South \"%s\"]\n",
			names[b%8], names[(b+1)%8], names[(b+2)%8], names[(b+3)%8])
		fmt.Fprintf(&buf, "[Dealer \"%s\"]\n[Vulnerable \"%s\"]\n", dealer, Vulnerability((b/4+b)&3))
		fmt.Fprintf(&buf, "[Deal \"%s:%s %s %s %s\"]\n[Scoring \"IMP\"]\n", dealer,
			d[dealer], d[dealer.Next()], d[dealer.Partner()], d[dealer.Prev()])
		contract := Contract{Level: level, Strain: st, Doubled: rng.IntN(3) / 2}
		fmt.Fprintf(&buf, "[Declarer \"%s\"]\n[Contract \"%s\"]\n", decl, contract)
		// A plausible auction: passes until declarer bids the contract.
		fmt.Fprintf(&buf, "[Auction \"%s\"]\n", dealer)
		calls := 0
		for s := dealer; s != decl; s = s.Next() {
			buf.WriteString("Pass ")
			calls++
		}
		buf.WriteString(bids[level-1][st])
		if contract.Doubled > 0 {
			buf.WriteString(" X")
		}
		buf.WriteString(" AP\n")
		// Random legal play.
		trump := st
		leader := decl.Next()
		fmt.Fprintf(&buf, "[Play \"%s\"]\n", leader)
		first := leader
		tricks := 0
		var rows [13][4]Card
		for t := 0; t < 13; t++ {
			var cards [4]Card
			var led Suit
			for k := 0; k < 4; k++ {
				s := (leader + Seat(k)) & 3
				h := d[s]
				if k > 0 && h.HasSuit(led) {
					h = h.Suit(led)
				}
				cs := h.Cards()
				c := cs[rng.IntN(len(cs))]
				if k == 0 {
					led = c.Suit()
				}
				cards[k] = c
				d[s] = d[s].Without(c)
				rows[t][(s-first)&3] = c
			}
			w := (leader + Seat(TrickWinner(cards, trump))) & 3
			if w.NS() == decl.NS() {
				tricks++
			}
			leader = w
		}
		for _, r := range rows {
			fmt.Fprintf(&buf, "%s %s %s %s\n", r[0], r[1], r[2], r[3])
		}
		fmt.Fprintf(&buf, "[Result \"%d\"]\n\n", tricks)
	}
	return buf.Bytes()
}

// BenchmarkReadPBN reads a generated archive of 4096 boards with full play.
func BenchmarkReadPBN(b *testing.B) {
	data := genPBN(4096, 42)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		r := NewReader(bytes.NewReader(data))
		n := 0
		for {
			bd, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			if len(bd.Play) != 52 {
				b.Fatalf("board %d: %d cards, problems %v", bd.Index, len(bd.Play), bd.Problems)
			}
			n++
		}
		if n != 4096 {
			b.Fatalf("%d boards", n)
		}
	}
	b.ReportMetric(float64(len(data))/4096, "bytes/board")
}
