package report

import (
	"strings"
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

// TestMessageValuesInDutch checks that seats, cards, contracts and ranks
// given to a problem's message are written in the reader's language:
// the records' letters in English, Dutch seat letters, suit symbols,
// Dutch ranks and SA in Dutch.
func TestMessageValuesInDutch(t *testing.T) {
	hq := pbn.NewCard(pbn.Hearts, pbn.Queen)
	tests := []struct {
		m      pbn.Message
		en, nl string
	}{
		{pbn.Msg("trick %d: %s plays %s, which is not in that hand", 3, pbn.South, hq),
			"trick 3: S plays HQ, which is not in that hand", "slag 3: Z speelt ♥V, die niet in die hand zit"},
		{pbn.Msg("no contract given: %s taken from the auction", pbn.Contract{Level: 3, Strain: pbn.NoTrump}),
			"no contract given: 3NT taken from the auction", "geen contract gegeven: 3SA uit de bieding genomen"},
		{pbn.Msg("no contract given: %s taken from the auction", pbn.Contract{Level: 4, Strain: pbn.Strain(pbn.Diamonds), Doubled: 1}),
			"no contract given: 4DX taken from the auction", "geen contract gegeven: 4♦X uit de bieding genomen"},
		{pbn.Msg("no contract given: %s taken from the auction", pbn.Contract{}),
			"no contract given: Pass taken from the auction", "geen contract gegeven: pas uit de bieding genomen"},
		{pbn.Msg("the hand of %s is not given: it is rebuilt from the cards it played", pbn.East),
			"the hand of E is not given: it is rebuilt from the cards it played", "de hand van O is niet gegeven: ze is herbouwd uit de gespeelde kaarten"},
		{pbn.Msg("rank %s before any suit letter in md", pbn.King), "rank K before any suit letter in md", ""},
	}
	en, nl := NewPrinter("en"), NewPrinter("nl")
	for _, tt := range tests {
		if got := Text(en, tt.m); got != tt.en {
			t.Errorf("English %q: got %q, want %q", tt.m.Format, got, tt.en)
		}
		if got := tt.m.String(); got != tt.en {
			t.Errorf("String %q: got %q, want %q", tt.m.Format, got, tt.en)
		}
		if got := Text(nl, tt.m); tt.nl != "" && got != tt.nl {
			t.Errorf("Dutch %q: got %q, want %q", tt.m.Format, got, tt.nl)
		}
	}
	if got := Text(nl, pbn.Msg("rank %s before any suit letter in md", pbn.King)); !strings.Contains(got, " H ") {
		t.Errorf("Dutch rank: got %q, want the heer's H", got)
	}
}
