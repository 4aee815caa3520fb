// The auction's contract: one reading of the calls for both formats (Auction.Read), PBN's
// call texts through AuctionContract, LIN's call codes directly.

package pbn

// Call codes, one byte a call: what Auction.Read reads. A bid is
// BidCode(level, strain); CallUnreadable is a call that is no pass,
// double, redouble or bid (it takes a bid's place and names no strain).
const (
	CallPass       uint8 = 0
	CallDouble     uint8 = 1
	CallRedouble   uint8 = 2
	CallUnreadable uint8 = 255
)

// BidCode returns the code of a bid of level 1..7 in strain st.
func BidCode(level int, st Strain) uint8 { return uint8(3 + 5*(level-1) + int(st)) }

// CallCode returns the code of a call's text as the readers normalise
// it ("Pass", "X", "XX", "1C" … "7NT"); any other text is CallUnreadable.
func CallCode(text string) uint8 {
	switch text {
	case "Pass":
		return CallPass
	case "X":
		return CallDouble
	case "XX":
		return CallRedouble
	}
	if c, ok := ParseContract(text); ok && c.Level > 0 && c.Doubled == 0 {
		return BidCode(c.Level, c.Strain)
	}
	return CallUnreadable
}

// Auction is what the calls of an auction come to (Read).
type Auction struct {
	Contract Contract // the last bid and the doubles after it (zero without a bid)
	Declarer Seat     // the first player of the last bidder's side to name its strain
	Last     int      // the index of the last bid; -1 when there is none
	End      int      // the number of calls that belong to the auction
	Complete bool     // the auction ended: four passes, or three after a bid
}

// Read reads into a an auction of call codes starting with seat start.
// With toEnd the auction ends where the calls end it, at four passes or
// three passes after a bid (a double or redouble starts the count
// again), and the calls after that are not part of it (End); otherwise
// every call counts and Complete stays false. (LIN reads its auctions to
// the end; PBN's AuctionContract reads every call: the two answer
// differently only when calls follow the end, "1S P P P 2H P P P" is 1S
// against 2H, "P P P P 1S P P P" passed out against 1S.)
// (A method that fills a in place: the one reading of both readers costs
// no copy of its result.)
func (a *Auction) Read(start Seat, codes []uint8, toEnd bool) {
	*a = Auction{Last: -1, End: len(codes)}
	passes := 0
	var first [2][5]int8 // 1 + seat of the first to name a strain, by side
	seat := start & 3
	for i, code := range codes {
		switch code {
		case CallPass:
			passes++
		case CallDouble:
			passes, a.Contract.Doubled = 0, 1
		case CallRedouble:
			passes, a.Contract.Doubled = 0, 2
		default:
			passes, a.Contract.Doubled, a.Last = 0, 0, i
			if code != CallUnreadable {
				if st := (code - 3) % 5; first[seat&1][st] == 0 {
					first[seat&1][st] = int8(seat) + 1
				}
			}
		}
		seat = (seat + 1) & 3
		if toEnd && (a.Last < 0 && passes == 4 || a.Last >= 0 && passes == 3) {
			a.End, a.Complete = i+1, true
			break
		}
	}
	if a.Last < 0 {
		a.Contract.Doubled = 0
		return
	}
	code := codes[a.Last]
	if code == CallUnreadable {
		return
	}
	st := Strain((code - 3) % 5)
	a.Contract.Level, a.Contract.Strain = int(code-3)/5+1, st
	a.Declarer = Seat(first[(int(start)+a.Last)&1][st] - 1)
}

// AuctionContract returns the contract and declarer that the board's
// auction ends in, and false when the auction is not complete (three
// passes after the last bid, or four passes) or a bid cannot be read.
func (b *Board) AuctionContract() (Contract, Seat, bool) {
	n := len(b.Auction)
	if n < 4 {
		return Contract{}, 0, false
	}
	for _, c := range b.Auction[n-3:] {
		if c.Text != "Pass" {
			return Contract{}, 0, false
		}
	}
	return AuctionContract(b.AuctionStart, b.Auction)
}

// AuctionContract derives the final contract and declarer from the calls
// of an auction starting with seat start, every call counting
// (Auction.Read without toEnd): the last bid, doubles after it, and the
// first player of the winning side to name its strain. It reports false
// when the last bid cannot be read, or when there is no bid and fewer
// than four calls (four or more make a passed-out board).
func AuctionContract(start Seat, calls []Call) (Contract, Seat, bool) {
	var buf [64]uint8
	codes := buf[:0]
	for _, c := range calls {
		codes = append(codes, CallCode(c.Text))
	}
	var a Auction
	a.Read(start, codes, false)
	if a.Last < 0 {
		return Contract{}, 0, len(calls) >= 4
	}
	if codes[a.Last] == CallUnreadable {
		return Contract{}, 0, false
	}
	return a.Contract, a.Declarer, true
}
