package pbn

import (
	"math/rand/v2"
	"testing"
)

// callTexts are the call texts the readers make, by code.
var callTexts = func() []string {
	t := []string{"Pass", "X", "XX"}
	for l := 1; l <= 7; l++ {
		for st := Strain(0); st <= NoTrump; st++ {
			t = append(t, Contract{Level: l, Strain: st}.String())
		}
	}
	return t
}()

// TestAuctionRead checks both readings on auctions written out, among
// them those where they differ (calls after the end) and odd ones.
func TestAuctionRead(t *testing.T) {
	cases := []struct {
		calls    string
		start    Seat
		toEnd    bool
		contract string // "" when there is no bid
		declarer Seat
		end      int
		complete bool
	}{
		{"1S Pass 2S Pass 4S Pass Pass Pass", North, true, "4S", North, 8, true},
		{"1S Pass 2S Pass 4S Pass Pass Pass", North, false, "4S", North, 8, false},
		{"1H 1S 2H X XX Pass Pass Pass", East, true, "2HXX", East, 8, true},
		{"1H 1S 2H X Pass Pass XX Pass Pass Pass", East, true, "2HXX", East, 10, true},
		{"Pass 1NT Pass 3NT Pass Pass Pass", West, true, "3NT", North, 7, true},
		{"1S Pass Pass Pass 2H Pass Pass Pass", North, true, "1S", North, 4, true},
		{"1S Pass Pass Pass 2H Pass Pass Pass", North, false, "2H", North, 8, false},
		{"Pass Pass Pass Pass 1S Pass Pass Pass", South, true, "", 0, 4, true},
		{"Pass Pass Pass Pass 1S Pass Pass Pass", South, false, "1S", South, 8, false},
		{"1C Pass", North, true, "1C", North, 2, false},
		{"X Pass Pass Pass", North, true, "", 0, 4, false},
		{"1D 1H 2D 2H 3D 3H", North, true, "3H", East, 6, false},
		{"1S X 2S", North, true, "2S", North, 3, false},
		{"1S 2S", North, true, "2S", East, 2, false},
	}
	for _, tc := range cases {
		var codes []uint8
		for _, f := range splitFields(tc.calls) {
			codes = append(codes, CallCode(f))
		}
		var a Auction
		a.Read(tc.start, codes, tc.toEnd)
		got := ""
		if a.Last >= 0 {
			got = a.Contract.String()
		}
		if got != tc.contract || a.End != tc.end || a.Complete != tc.complete || got != "" && a.Declarer != tc.declarer {
			t.Errorf("%q from %v (to the end %v): %q by %v, end %d complete %v; want %q by %v, %d %v",
				tc.calls, tc.start, tc.toEnd, got, a.Declarer, a.End, a.Complete, tc.contract, tc.declarer, tc.end, tc.complete)
		}
	}
	if CallCode("1NT") != BidCode(1, NoTrump) || CallCode("7C") != BidCode(7, Strain(Clubs)) || CallCode("AP") != CallUnreadable || CallCode("2SX") != CallUnreadable {
		t.Error("CallCode")
	}
}

// splitFields splits on blanks.
func splitFields(s string) []string {
	var out []string
	for len(s) > 0 {
		i := 0
		for i < len(s) && s[i] != ' ' {
			i++
		}
		if i > 0 {
			out = append(out, s[:i])
		}
		if i < len(s) {
			i++
		}
		s = s[i:]
	}
	return out
}

// linContractRef is how the LIN reader read an auction before Auction.Read.
func linContractRef(dealer Seat, codes []uint8) (c Contract, decl Seat, has bool, end int, complete bool) {
	passes, last, lastSide, doubled := 0, -1, 0, 0
	var first [2][5]int8
	seat := dealer
	end = len(codes)
	for i, code := range codes {
		switch code {
		case 0:
			passes++
		case 1:
			passes, doubled = 0, 1
		case 2:
			passes, doubled = 0, 2
		default:
			passes, doubled = 0, 0
			last = int(code)
			lastSide = int(seat & 1)
			st := (code - 3) % 5
			if first[lastSide][st] == 0 {
				first[lastSide][st] = int8(seat) + 1
			}
		}
		seat = seat.Next()
		if (last < 0 && passes == 4) || (last >= 0 && passes == 3) {
			end, complete = i+1, true
			break
		}
	}
	if last < 0 {
		return Contract{}, 0, complete, end, complete
	}
	st := Strain((last - 3) % 5)
	return Contract{Level: (last-3)/5 + 1, Strain: st, Doubled: doubled}, Seat(first[lastSide][st] - 1), true, end, complete
}

// pbnContractRef is AuctionContract before Auction.Read.
func pbnContractRef(start Seat, calls []Call) (Contract, Seat, bool) {
	last, dbl := -1, 0
	for i, c := range calls {
		switch c.Text {
		case "Pass":
		case "X":
			dbl = 1
		case "XX":
			dbl = 2
		default:
			last, dbl = i, 0
		}
	}
	if last < 0 {
		return Contract{}, 0, len(calls) >= 4
	}
	c, ok := ParseContract(calls[last].Text)
	if !ok {
		return Contract{}, 0, false
	}
	c.Doubled = dbl
	side := (start + Seat(last)) & 3
	for i := 0; i <= last; i++ {
		s := (start + Seat(i)) & 3
		if s.NS() != side.NS() {
			continue
		}
		if b, ok := ParseContract(calls[i].Text); ok && b.Level > 0 && b.Strain == c.Strain {
			return c, s, true
		}
	}
	return c, side, true
}

// TestAuctionReadAsBefore compares Auction.Read with the two readings it
// replaces on random auctions: to the end as LIN read them, every call
// as PBN's AuctionContract read them (also with texts no reader makes).
func TestAuctionReadAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	odd := []string{"1Z", "P", "2SX", "pass", "1nt"}
	for i := 0; i < 200000; i++ {
		n := rng.IntN(14)
		codes := make([]uint8, n)
		calls := make([]Call, n)
		for j := range codes {
			switch r := rng.IntN(10); {
			case r < 5:
				codes[j] = CallPass
			case r == 5:
				codes[j] = CallDouble
			case r == 6:
				codes[j] = CallRedouble
			default:
				codes[j] = uint8(3 + rng.IntN(35))
			}
			calls[j] = Call{Text: callTexts[codes[j]]}
		}
		start := Seat(rng.IntN(4))
		var a Auction
		a.Read(start, codes, true)
		c, d, has, end, complete := linContractRef(start, codes)
		if has != (a.Last >= 0 || a.Complete) || a.End != end || a.Complete != complete || has && (a.Contract != c || a.Last >= 0 && a.Declarer != d) {
			t.Fatalf("LIN %v from %v: %+v, want %v %v %v %d %v", codes, start, a, c, d, has, end, complete)
		}
		if n > 0 && rng.IntN(20) == 0 {
			calls[rng.IntN(n)].Text = odd[rng.IntN(len(odd))]
		}
		c1, d1, ok1 := AuctionContract(start, calls)
		c2, d2, ok2 := pbnContractRef(start, calls)
		if ok1 != ok2 || ok1 && (c1 != c2 || d1 != d2) {
			// (Texts no reader makes, which ParseContract reads as a
			// passed-out or doubled contract, are now unreadable.)
			oddText := false
			for _, c := range calls {
				if c.Text == "P" || c.Text == "pass" || c.Text == "2SX" {
					oddText = true
				}
			}
			if !oddText {
				t.Fatalf("PBN %v from %v: %v %v %v, want %v %v %v", calls, start, c1, d1, ok1, c2, d2, ok2)
			}
		}
	}
}
