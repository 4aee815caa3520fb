package report

import (
	"testing"

	"revokes/pbn"
)

// TestTextsInDutch checks the card, contract and room texts of the
// sheets in both languages: Dutch ranks (aas, heer, vrouw, boer), suit
// symbols (never a letter that reads as sans atout), SA for no trump.
func TestTextsInDutch(t *testing.T) {
	en, nl := NewPrinter("en"), NewPrinter("nl")
	cards := []struct {
		c      pbn.Card
		en, nl string
	}{
		{pbn.NewCard(pbn.Spades, pbn.Ace), "♠A", "♠A"},
		{pbn.NewCard(pbn.Spades, pbn.King), "♠K", "♠H"},
		{pbn.NewCard(pbn.Hearts, pbn.Queen), "♥Q", "♥V"},
		{pbn.NewCard(pbn.Diamonds, pbn.Jack), "♦J", "♦B"},
		{pbn.NewCard(pbn.Clubs, pbn.Ten), "♣10", "♣10"},
		{pbn.NewCard(pbn.Clubs, 7), "♣7", "♣7"},
	}
	for _, c := range cards {
		if got := cardText(en, c.c); got != c.en {
			t.Errorf("en %v: %q, want %q", c.c, got, c.en)
		}
		if got := cardText(nl, c.c); got != c.nl {
			t.Errorf("nl %v: %q, want %q", c.c, got, c.nl)
		}
	}
	for _, c := range []struct{ code, en, nl string }{
		{"3NT", "3NT", "3SA"},
		{"1NTX", "1NTX", "1SAX"},
		{"2D", "2♦", "2♦"},
		{"4HXX", "4♥XX", "4♥XX"},
		{"", "", ""},
		{"Pass", "Pass", "Pass"},
	} {
		if got := contractCodeText(en, c.code); got != c.en {
			t.Errorf("en %q: %q, want %q", c.code, got, c.en)
		}
		if got := contractCodeText(nl, c.code); got != c.nl {
			t.Errorf("nl %q: %q, want %q", c.code, got, c.nl)
		}
	}
	for _, c := range []struct{ room, nl string }{
		{"Closed", "Gesloten zaal"}, {"open", "Open zaal"}, {"Table 3", "Table 3"},
	} {
		if got := roomText(nl, c.room); got != c.nl {
			t.Errorf("room %q: %q, want %q", c.room, got, c.nl)
		}
	}
}
