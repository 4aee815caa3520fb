package pbn

import "testing"

// trickWinner is TrickWinner as the laws say it, plainly: the highest card
// of the led suit wins unless trumps were played, then the highest trump.
func trickWinner(cards [4]Card, trump Strain) int {
	best := 0
	for i := 1; i < 4; i++ {
		c, b := cards[i], cards[best]
		switch {
		case c.Suit() == b.Suit():
			if c.Rank() > b.Rank() {
				best = i
			}
		case trump != NoTrump && c.Suit() == Suit(trump):
			best = i
		}
	}
	return best
}

// TestTrickWinner compares TrickWinner with the plain rule on many tricks.
func TestTrickWinner(t *testing.T) {
	var cards []Card
	for s := Spades; s <= Clubs; s++ {
		for r := Rank(2); r <= Ace; r++ {
			cards = append(cards, NewCard(s, r))
		}
	}
	n := 0
	for i := 0; i < 52; i += 3 {
		for j := 1; j < 52; j += 5 {
			for k := 2; k < 52; k += 7 {
				for l := 3; l < 52; l += 4 {
					tr := [4]Card{cards[i], cards[j], cards[k], cards[l]}
					if tr[0] == tr[1] || tr[0] == tr[2] || tr[0] == tr[3] || tr[1] == tr[2] || tr[1] == tr[3] || tr[2] == tr[3] {
						continue
					}
					for st := Strain(0); st <= NoTrump; st++ {
						n++
						if got, want := TrickWinner(tr, st), trickWinner(tr, st); got != want {
							t.Fatalf("%v trumps %v: %d, want %d", tr, st, got, want)
						}
					}
				}
			}
		}
	}
	if n < 10000 {
		t.Errorf("only %d tricks", n)
	}
}
