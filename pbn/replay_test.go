package pbn

import (
	"strings"
	"testing"
)

// cardsOf reads cards such as "SA H2 -" ("-" is NoCard).
func cardsOf(t *testing.T, s string) []Card {
	t.Helper()
	var out []Card
	for _, f := range strings.Fields(s) {
		if f == "-" {
			out = append(out, NoCard)
			continue
		}
		out = append(out, mustCard(t, f))
	}
	return out
}

// TestHoldingTable checks the general replay's rules on tricks written
// out: held and followed with hidden hands, unknown cards, ^R marks, and
// tricks given back to their holders (with a hint for hidden hands, and
// without one, as LIN asks).
func TestHoldingTable(t *testing.T) {
	// North the spades, East the hearts, South the diamonds, West the
	// clubs, but North has the club ace and West the spade two.
	var d Deal
	for s := Seat(0); s < 4; s++ {
		d[s] = FullHand.Suit(Suit(s))
	}
	s2, ca := NewCard(Spades, 2), NewCard(Clubs, Ace)
	d[North] = d[North].Without(s2).With(ca)
	d[West] = d[West].Without(ca).With(s2)
	all := [4]bool{true, true, true, true}
	noEast := [4]bool{true, false, true, true}
	noEastWest := [4]bool{true, false, true, false}

	legal := []struct {
		name    string
		given   [4]bool
		leader  Seat
		cards   string
		revokes uint8
		want    bool
	}{
		{"all held, followed", all, North, "SK H2 D2 S2", 0, true},
		{"west fails to follow", all, North, "SK H2 D2 C3", 0, false},
		{"marked ^R", all, North, "SK H2 D2 C3", 1 << 3, true},
		{"not held", all, North, "HA H2 D2 S2", 0, false},
		{"the same card twice", all, North, "SK SK D2 S2", 0, false},
		{"hidden east may hold a heart", noEast, North, "SK H2 D2 S2", 0, true},
		{"hidden east holds no card of west's", noEast, North, "SK C2 D2 S2", 0, false},
		{"hidden east holds no given card", noEast, North, "SK DA D2 S2", 0, false},
		{"unknown card fits", all, North, "SK - D2 S2", 0, true},
		{"after an unknown lead only holding", all, East, "- D2 C3 SK", 0, true},
		{"partial trick", all, North, "SK H2", 0, true},
	}
	for _, tc := range legal {
		h := NewHolding(&d, tc.given)
		if got := h.LegalTrick(tc.leader, cardsOf(t, tc.cards), tc.revokes); got != tc.want {
			t.Errorf("LegalTrick %s: %v, want %v", tc.name, got, tc.want)
		}
	}
	if h := NewHolding(&d, all); h.LegalTrick(North, []Card{NewCard(Spades, 15)}, 0) {
		t.Error("LegalTrick: a card of rank 15")
	}

	hintW := [4]Seat{North, East, South, West} // written order = seats from North
	hintS := [4]Seat{South, West, North, East}
	hintBad := [4]Seat{North, South, South, North}
	by := []struct {
		name   string
		given  [4]bool
		leader Seat
		cards  string
		hint   *[4]Seat
		want   string // playing order from leader; "" when it fails
	}{
		{"rotated", all, North, "H2 D2 S2 SK", nil, "SK H2 D2 S2"},
		{"rotated, hint unused", all, North, "H2 D2 S2 SK", &hintW, "SK H2 D2 S2"},
		{"re-seated leaves a revoke", all, North, "H2 D2 C3 SK", nil, ""},
		{"partial, first seats", all, East, "D2 H2", nil, "H2 D2"},
		{"partial, a seat past the trick", all, East, "H2 S2", nil, ""},
		{"one hidden hand takes the loose card", noEast, North, "H2 D2 S2 SK", nil, ""},
		{"one hidden hand, with a hint", noEast, North, "H2 D2 S2 SK", &hintW, "SK H2 D2 S2"},
		{"two hidden hands: the hint seats them", noEastWest, North, "SK H2 D2 C3", &hintW, "SK H2 D2 C3"},
		{"two hidden hands: the hint swaps them", noEastWest, North, "SK H2 D2 C3", &hintS, "SK C3 D2 H2"},
		{"two hidden hands: a hint onto a known hand", noEastWest, North, "SK H2 D2 C3", &hintBad, ""},
		{"an unknown card fits the seat left", all, North, "D2 - SK H2", nil, "SK H2 D2 -"},
		{"a card no hand may hold", noEast, North, "DA D2 S2 SK", &hintW, ""},
		{"the same card twice", all, North, "SK SK D2 S2", nil, ""},
	}
	for _, tc := range by {
		h := NewHolding(&d, tc.given)
		cards := cardsOf(t, tc.cards)
		out, ok := h.ByHolder(tc.leader, cards, tc.hint)
		if tc.want == "" {
			if ok {
				t.Errorf("ByHolder %s: %v, want no trick", tc.name, out[:len(cards)])
			}
			continue
		}
		want := cardsOf(t, tc.want)
		if !ok || [4]Card(append(want, make([]Card, 4-len(want))...)) != out {
			t.Errorf("ByHolder %s: %v %v, want %v", tc.name, out[:len(cards)], ok, want)
		}
	}

	// Remove: a known hand loses the card, a hidden hand takes it from
	// the pool, so that nobody may hold it again.
	h := NewHolding(&d, noEast)
	h.Remove(East, NewCard(Hearts, 5))
	h.Remove(North, NewCard(Spades, Ace))
	if h.Holds(East, NewCard(Hearts, 5)) || h.Holds(North, NewCard(Spades, Ace)) || !h.Holds(East, NewCard(Hearts, 6)) {
		t.Error("Remove")
	}
	if h.Hands()[North] != d[North].Without(NewCard(Spades, Ace)) || h.Hands()[East] != 0 {
		t.Errorf("Hands %v", h.Hands())
	}
	if s, ok := h.KnownHolder(ca); !ok || s != North {
		t.Errorf("KnownHolder(CA) = %v %v", s, ok)
	}
	if _, ok := h.KnownHolder(NewCard(Hearts, 6)); ok {
		t.Error("KnownHolder of a hidden hand's card")
	}
	if !h.MustFollow(West, Spades) || h.MustFollow(East, Hearts) || h.MustFollow(South, Spades) {
		t.Error("MustFollow")
	}
}
