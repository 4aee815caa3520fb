package linfile

import (
	"fmt"
	"strings"
	"testing"

	"revokes/pbn"
)

func TestLINDeal(t *testing.T) {
	const (
		s = "S2345H2345D234C23"     // 13 cards
		w = "S6789H6789D567C45"     // 13 cards
		n = "STJQKHTJQKD89TC67"     // 13 cards
		e = "SAHAJQKADJQKAC89TJQKA" // not used directly
	)
	_ = e
	tests := []struct {
		md       string
		dealer   string
		given    string // seats given, NESW order
		east     string // East's hand when given
		problems string
		errCode  string
	}{
		{"3" + s + "," + w + "," + n + ",", "N", "NESW", "A.A.AKQJ.AKQJT98", "", ""},
		{"1" + s + "," + w + "," + n, "S", "NESW", "A.A.AKQJ.AKQJT98", "", ""},
		{"2" + strings.ToLower(s) + "," + w + "," + n + ",SAHADAJQKC89TJQKA", "W", "NESW", "A.A.AKQJ.AKQJT98", "", ""},
		{"4" + s + "," + w + "," + n + ",SAHADAJQKC89TJQKA", "E", "NESW", "A.A.AKQJ.AKQJT98", "", ""},
		{"3S2345H2345D234C2," + w + "," + n + ",", "N", "NSW", "", "incomplete-deal", ""},
		{"3" + strings.ReplaceAll(n, "T", "10") + ",,,", "N", "S", "", "incomplete-deal", ""},
		{s + "," + w + "," + n + ",", "", "NESW", "A.A.AKQJ.AKQJT98", "bad-dealer", ""},
		{"7" + s + "," + w + "," + n + ",", "", "NESW", "A.A.AKQJ.AKQJT98", "bad-dealer", ""},
		{"3" + s + "," + w + "," + n + ",SA,S2", "", "", "", "", "bad-deal"},
		{"3" + s + "," + s, "", "", "", "", "bad-deal"},
		{"32345", "", "", "", "", "bad-deal"},
		{"3S23456789TJQKAH2", "", "", "", "", "bad-deal"},
		{"3SAK%", "", "", "", "", "bad-deal"},
	}
	for _, tc := range tests {
		boards, errs := readAllLIN(t, "t.lin", "md|"+tc.md+"|sv|o|")
		if tc.errCode != "" {
			if len(errs) != 1 || errs[0].Code != tc.errCode || len(boards) != 0 {
				t.Errorf("md %q: boards %d errors %v; want %s", tc.md, len(boards), errs, tc.errCode)
			}
			continue
		}
		if len(errs) != 0 || len(boards) != 1 {
			t.Errorf("md %q: boards %d errors %v", tc.md, len(boards), errs)
			continue
		}
		b := boards[0]
		dealer, given := "", ""
		if b.HasDealer {
			dealer = b.Dealer.String()
		}
		for st := pbn.North; st <= pbn.West; st++ {
			if b.Given[st] {
				given += st.String()
			}
		}
		if dealer != tc.dealer || given != tc.given || codes(b) != tc.problems {
			t.Errorf("md %q: dealer %q given %q problems %q; want %q %q %q", tc.md, dealer, given, codes(b), tc.dealer, tc.given, tc.problems)
		}
		if tc.east != "" && b.Deal[pbn.East].String() != tc.east {
			t.Errorf("md %q: East %s, want %s", tc.md, b.Deal[pbn.East], tc.east)
		}
		if b.HasDealer && b.AuctionStart != b.Dealer {
			t.Errorf("md %q: auction starts with %s", tc.md, b.AuctionStart)
		}
	}
}

func TestLINVulnerability(t *testing.T) {
	for _, tc := range []struct{ sv, want, problems string }{
		{"o", "None", ""}, {"O", "None", ""}, {"0", "None", ""},
		{"n", "NS", ""}, {"N", "NS", ""},
		{"e", "EW", ""}, {"E", "EW", ""},
		{"b", "All", ""}, {"B", "All", ""},
		{"q", "", "bad-vul"},
	} {
		b := readOne(t, "md|3"+suitDeal+"|sv|"+tc.sv+"|")
		if b.Tag("Vulnerable") != tc.want || codes(b) != tc.problems {
			t.Errorf("sv %q: tag %q problems %q; want %q %q", tc.sv, b.Tag("Vulnerable"), codes(b), tc.want, tc.problems)
		}
		if tc.want != "" && b.Vul.String() != tc.want {
			t.Errorf("sv %q: Vul %s", tc.sv, b.Vul)
		}
	}
}

func TestLINResults(t *testing.T) {
	for _, tc := range []struct {
		e        string
		contract string
		decl     string
		tricks   int
		ok       bool
	}{
		{"4HE=", "4H", "E", 10, true},
		{"3NW+1", "3NT", "W", 10, true},
		{"4SWx-4", "4SX", "W", 6, true},
		{"3HNxx=", "3HXX", "N", 9, true},
		{"7CS+1", "", "", 0, false},
		{"P", "Pass", "", 0, true},
		{"PASS", "Pass", "", 0, true},
		{"", "", "", 0, false},
		{"4HQ=", "", "", 0, false},
		{"4HE", "", "", 0, false},
		{"1SN-9", "", "", 0, false},
	} {
		c, decl, tricks, ok := linResult(tc.e)
		if ok != tc.ok || (ok && (c.String() != tc.contract || tricks != tc.tricks || (c.Level > 0 && decl.String() != tc.decl))) {
			t.Errorf("%q: %v %v %d %v", tc.e, c, decl, tricks, ok)
		}
	}
	// Dealer N; 1S by N; East leads.
	board := func(rs, tail string) *pbn.Board {
		return readOne(t, "vg|E,S,I,5,5,A,0,B,0|rs|"+rs+"|qx|c5|md|3"+suitDeal+"|"+mbs("1S p p p")+tail)
	}
	for _, tc := range []struct {
		rs, tail, problems string
		result             int
	}{
		{",1SN=", "", "", 7},
		{",1SN+2", "pc|HA|mc|9|", "", 9},
		{",1SN+1", "pc|HA|mc|9|", "rs-mismatch", 9},
		{",2SN=", "", "rs-mismatch", -1},
		{",1SS=", "", "rs-mismatch", -1},
		{",P", "", "rs-mismatch", -1},
		{",1SNx", "", "rs-mismatch", -1},
		{"1SN=", "", "", -1}, // the open room's result
		{",", "", "", -1},
	} {
		b := board(tc.rs, tc.tail)
		result := -1
		if b.HasResult {
			result = b.Result
		}
		if codes(b) != tc.problems || result != tc.result {
			t.Errorf("rs %q %q: problems %q result %d; want %q %d", tc.rs, tc.tail, codes(b), result, tc.problems, tc.result)
		}
		if result >= 0 && b.Tag("Result") != fmt.Sprint(result) {
			t.Errorf("rs %q: Result tag %q", tc.rs, b.Tag("Result"))
		}
	}
}

// TestLINDealTwice checks the card named when an md gives one twice: in
// one run of ranks, under a suit letter given again, and as "10".
func TestLINDealTwice(t *testing.T) {
	for _, tc := range []struct{ md, card string }{
		{"3SAKA", "SA"},
		{"3SAKHQSK", "SK"},
		{"3S10H2S10", "ST"},
		{"3STS10", "ST"},
		{"3S10ST", "ST"},
		{"3S2,S3,D4,C5H6H6", "H6"},
	} {
		_, errs := readAllLIN(t, "t.lin", "md|"+tc.md+"|sv|o|")
		want := "card " + tc.card + " appears twice in md"
		if len(errs) != 1 || errs[0].Code != "bad-deal" || !strings.Contains(errs[0].Error(), want) {
			t.Errorf("md %q: errors %v, want %q", tc.md, errs, want)
		}
	}
}

// TestLINCarryOver reads the vg carry-overs as the HomeCarry and
// VisitCarry tags of every board under the header, with one reader and in
// chunks cut at every place the splitter may cut (a board whose vg header
// is in an earlier chunk; a header that differs from the one before only
// in its carry-overs, which a stale guess must not keep).
func TestLINCarryOver(t *testing.T) {
	deal := "md|3" + suitDeal + "|" + mbs("1S p p p")
	for _, tc := range []struct {
		name, text string
		want       []string // HomeCarry/VisitCarry per board
	}{
		{"carry-over", "vg|E,S1,I,1,2,A,12.5,B,3|\nqx|o1|" + deal + "\nqx|c1|" + deal + "\nqx|o2|" + deal + "\n",
			[]string{"12.5/3", "12.5/3", "12.5/3"}},
		{"only the carry-over changes", "vg|E,S,I,1,1,A,5,B,0|\nqx|o1|" + deal + "\nvg|E,S,I,1,1,A,7,B,0|\nqx|c1|" + deal + "\nqx|o2|" + deal + "\nqx|c2|" + deal + "\n",
			[]string{"5/0", "7/0", "7/0", "7/0"}},
		{"zero and missing", "vg|E,S,I,1,1,A,0,B,0|\nqx|o1|" + deal + "\nvg|E,S,I,1,1,A|\nqx|c1|" + deal + "\n",
			[]string{"0/0", "/"}},
	} {
		boards, errs := readAllLIN(t, "t.lin", tc.text)
		if len(errs) > 0 {
			t.Errorf("%s: %v", tc.name, errs)
		}
		var got []string
		for _, b := range boards {
			got = append(got, b.Tag("HomeCarry")+"/"+b.Tag("VisitCarry"))
		}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
		data := []byte(tc.text)
		cuts := linLineCuts(data)
		for i := range cuts {
			checkLINCuts(t, tc.name, data, cuts[i:i+1])
			for j := i + 1; j < len(cuts); j++ {
				checkLINCuts(t, tc.name, data, []int{cuts[i], cuts[j]})
			}
		}
	}
}
