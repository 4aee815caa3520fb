package pbn

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strconv"
	"testing"
)

// genLIN writes a deterministic BBO tournament-style LIN archive of n
// boards: tournaments of 24 boards, each board with qx, pn (the same pair
// meeting new opponents every three boards), md with three hands, sv, a
// short auction, and a random legal play of all 13 tricks (sometimes cut by
// a claim).
func genLIN(n int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var w bytes.Buffer
	var deck [52]Card
	i := 0
	for s := Spades; s <= Clubs; s++ {
		for r := Rank(2); r <= Ace; r++ {
			deck[i] = NewCard(s, r)
			i++
		}
	}
	names := [...]string{"alice", "bob_77", "~~M12345", "carol", "dave", "erin"}
	for b := 1; b <= n; b++ {
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		var deal Deal
		for i, c := range deck {
			deal[i/13] = deal[i/13].With(c)
		}
		dealer := linSeats[(b-1)%4]
		num := (b-1)%24 + 1
		round := (b - 1) / 3
		w.WriteString("qx|o" + strconv.Itoa(num) + "|pn|")
		for k := range 4 {
			if k > 0 {
				w.WriteByte(',')
			}
			if k%2 == 0 {
				w.WriteString(names[k/2])
			} else {
				w.WriteString(names[2+(round*2+k/2)%(len(names)-2)] + strconv.Itoa(round%97))
			}
		}
		w.WriteString("|st||md|")
		w.WriteByte('1' + byte((b-1)%4))
		for k, s := range linSeats[:3] {
			if k > 0 {
				w.WriteByte(',')
			}
			for su := Spades; su <= Clubs; su++ {
				w.WriteByte("SHDC"[su])
				for r := Rank(2); r <= Ace; r++ {
					if deal[s].Has(NewCard(su, r)) {
						w.WriteByte(rankLetters[r])
					}
				}
			}
		}
		w.WriteString(",|rh||ah|Board " + strconv.Itoa(num) + "|sv|" + string("oneb"[b%4]) + "|")
		// Auction: dealer passes, then a random bid by the next player,
		// sometimes doubled, then three passes.
		level := 1 + rng.IntN(7)
		strain := Strain(rng.IntN(5))
		w.WriteString("mb|p|mb|" + strconv.Itoa(level) + "CDHSN"[4-int(strain)%5:5-int(strain)%5])
		if rng.IntN(4) == 0 {
			w.WriteString("!|an|natural, 5+ cards")
		}
		w.WriteString("|")
		if rng.IntN(5) == 0 {
			w.WriteString("mb|d|")
		}
		w.WriteString("mb|p|mb|p|mb|p|pg||")
		declarer := dealer.Next()
		trump := strain
		// map "CDHSN" index back: strain letters were written from the
		// string above, so recompute the strain that was written.
		switch "CDHSN"[4-int(strain)%5] {
		case 'C':
			trump = Strain(Clubs)
		case 'D':
			trump = Strain(Diamonds)
		case 'H':
			trump = Strain(Hearts)
		case 'S':
			trump = Strain(Spades)
		default:
			trump = NoTrump
		}
		leader := declarer.Next()
		hands := deal
		claimAt := 13
		if rng.IntN(3) == 0 {
			claimAt = rng.IntN(13)
		}
		won := 0
		for t := 0; t < 13; t++ {
			var cards [4]Card
			for k := range 4 {
				s := (leader + Seat(k)) & 3
				h := hands[s]
				if k > 0 && h.HasSuit(cards[0].Suit()) {
					h = h.Suit(cards[0].Suit())
				}
				cs := h.Cards()
				c := cs[rng.IntN(len(cs))]
				cards[k] = c
				hands[s] = hands[s].Without(c)
				w.WriteString("pc|" + c.String() + "|")
			}
			win := (leader + Seat(TrickWinner(cards, trump))) & 3
			if win&1 == declarer&1 {
				won++
			}
			leader = win
			if t == claimAt {
				w.WriteString("mc|" + strconv.Itoa(won+rng.IntN(13-t)) + "|")
				break
			}
			w.WriteString("pg||")
		}
		w.WriteString("zz|1.5|pg||\n")
	}
	return w.Bytes()
}

func TestGenLIN(t *testing.T) {
	data := genLIN(200, 1)
	boards, errs := readAllLIN(t, "gen.lin", string(data))
	if len(errs) > 0 || len(boards) != 200 {
		t.Fatalf("%d boards, errors %v", len(boards), errs)
	}
	for _, b := range boards {
		if len(b.Problems) > 0 {
			t.Errorf("board %d: %v", b.Index, b.Problems)
		}
		if err := checkPlayHeld(b); err != nil {
			t.Errorf("board %d: %v", b.Index, err)
		}
		if len(b.Play) < 4 || !b.Given[East] {
			t.Errorf("board %d: %d cards", b.Index, len(b.Play))
		}
	}
}

func BenchmarkReadLIN(b *testing.B) {
	data := genLIN(3000, 42)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewLINReader(bytes.NewReader(data))
		n := 0
		for {
			_, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != 3000 {
			b.Fatalf("%d boards", n)
		}
	}
}
