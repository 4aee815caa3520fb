package linfile

import "testing"

func TestLINAuction(t *testing.T) {
	tests := []struct {
		dealer   string // md digit
		calls    string
		play     string
		contract string // "" when none
		declarer string // "" when none
		alerts   int
		problems string
	}{
		{"3", "1H p 2H p 4H d p p r p p p", "", "4HXX", "N", 0, ""},
		{"1", "p p p p", "", "Pass", "", 0, ""},
		{"2", "P PASS p Pass", "", "Pass", "", 0, ""},
		{"1", "1C! p 1N p 3N p p p", "", "3NT", "N", 1, ""},
		{"4", "1S 2H 2S 3H p p d p p p", "", "3HX", "S", 0, ""},
		{"4", "1S 2H 2S 3H p p D p p P", "", "3HX", "S", 0, ""},
		{"3", "1D d r p p p", "", "1DXX", "N", 0, ""},
		{"3", "1d! D! R! P! p p", "", "1DXX", "N", 4, ""},
		{"1", "1N p p 2C! p p p", "", "2C", "E", 1, ""},
		{"2", "1NT p 3NT p p p", "", "3NT", "W", 0, ""},
		{"1", "7N d r", "", "", "", 0, ""},
		{"1", "p 1S p 2S", "pc|S2|", "2S", "W", 0, "auction-incomplete"},
		{"1", "p p p p 1S", "", "Pass", "", 0, "calls-after-auction"},
		{"1", "1S p p p p", "", "1S", "S", 0, "calls-after-auction"},
		{"1", "", "", "", "", 0, ""},
		{"3", "1C p 1H p 1S p 2C p 3H p 4H p p p", "", "4H", "S", 0, ""},
		// laws.md A22: "-" cells pad the auction to a grid from West.
		{"3", "- 1H p 2H p 4H p p p", "", "4H", "N", 0, ""},
		{"1", "- - - 1S p 4S p p p", "", "4S", "S", 0, ""},
		{"4", "- - 1N! p 3N p p p", "", "3NT", "E", 1, ""},
		{"2", "p p - p p", "", "Pass", "", 0, ""},
		{"1", "- - - -", "", "", "", 0, ""},
	}
	for _, tc := range tests {
		text := "md|" + tc.dealer + suitDeal + "|" + mbs(tc.calls) + tc.play
		b := readOne(t, text)
		got, decl := "", ""
		if b.HasContract {
			got = b.Contract.String()
		}
		if b.HasDeclarer {
			decl = b.Declarer.String()
		}
		alerts := 0
		for _, c := range b.Auction {
			if c.Alert {
				alerts++
			}
		}
		if got != tc.contract || decl != tc.declarer || alerts != tc.alerts || codes(b) != tc.problems {
			t.Errorf("%s %q: contract %q by %q, %d alerts, problems %q; want %q by %q, %d, %q",
				tc.dealer, tc.calls, got, decl, alerts, codes(b), tc.contract, tc.declarer, tc.alerts, tc.problems)
		}
		if tc.contract != "" && b.Tag("Contract") != tc.contract {
			t.Errorf("%q: Contract tag %q", tc.calls, b.Tag("Contract"))
		}
		if tc.declarer != "" && b.Tag("Declarer") != tc.declarer {
			t.Errorf("%q: Declarer tag %q", tc.calls, b.Tag("Declarer"))
		}
	}
}
