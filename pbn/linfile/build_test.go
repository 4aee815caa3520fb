package linfile

import (
	"fmt"
	"testing"

	"revokes/pbn"
)

func TestLINPlay(t *testing.T) {
	// Declarer N in 1S (dealer N); East leads. Each player holds one suit,
	// so the leader always wins in no-trump and spades win when trumps.
	base := "md|3" + suitDeal + "|" + mbs("1S p p p")
	tests := []struct {
		name, play string
		seats      string // seat of each card played
		claim      int
		problems   string
	}{
		{"one trick", "pc|HA|pc|D2|pc|C2|pc|S2|", "ESWN", -1, ""},
		{"lower case", "pc|ha|pc|d2|pc|c2|pc|s2|pc|sa|", "ESWNN", -1, ""},
		{"ten as 10", "pc|H10|pc|D10|pc|c10|pc|s10|", "ESWN", -1, ""},
		{"chat and page", "pc|HA|nt|hello|pc|D2|pg||pc|C2|nt|x|pc|S2|pg||pc|SA|", "ESWNN", -1, ""},
		{"claim mid-trick", "pc|HA|pc|D2|pc|C2|pc|S2|pc|SA|mc|13|", "ESWNN", 13, ""},
		{"claim after cards", "pc|HA|pc|D2|mc|12|pc|C2|", "ESW", 12, ""},
		{"claim too high", "pc|HA|mc|14|", "E", -1, "bad-claim"},
		{"claim below won", "pc|HA|pc|D2|pc|C2|pc|S2|mc|13|", "ESWN", 13, ""},
		{"rotated trick", "pc|D2|pc|C2|pc|S2|pc|HA|", "ESWN", -1, "play-order"},
		{"card twice", "pc|HA|pc|D2|pc|C2|pc|S2|pc|S2|", "ESWN", -1, "card-not-held"},
		{"partial rotated", "pc|D2|pc|HA|", "ES", -1, "play-order"},
		{"wrong holder", "pc|C2|pc|HA|", "", -1, "card-not-held"},
		{"packed", "pc|HAD2|pc|C2S2|", "ESWN", -1, "packed-cards packed-cards"},
		{"empty pc", "pc||pc|HA|", "E", -1, "empty-value"},
	}
	for _, tc := range tests {
		b := readOne(t, base+tc.play)
		seats := ""
		for _, p := range b.Play {
			seats += p.Seat.String()
		}
		claim := -1
		if b.Claim {
			claim = b.ClaimTricks
		}
		if seats != tc.seats || claim != tc.claim || codes(b) != tc.problems {
			t.Errorf("%s: seats %q claim %d problems %q; want %q %d %q", tc.name, seats, claim, codes(b), tc.seats, tc.claim, tc.problems)
		}
		if claim >= 0 && (b.Tag("Result") != fmt.Sprint(claim) || b.Result != claim || !b.HasResult) {
			t.Errorf("%s: Result tag %q", tc.name, b.Tag("Result"))
		}
		if err := checkPlayHeld(b); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	// The rotated trick is put in playing order from the leader.
	b := readOne(t, base+"pc|D2|pc|C2|pc|S2|pc|HA|")
	if b.Play[0].Card.String() != "HA" || b.Play[3].Card.String() != "S2" {
		t.Errorf("rotated trick kept as written: %v", b.Play)
	}
	// Trump wins: East leads HA, N ruffs and leads the next trick.
	b = readOne(t, "md|3"+suitDeal+"|"+mbs("1S p p p")+"pc|HA|pc|D2|pc|C2|pc|S2|pc|S3|pc|H2|pc|D3|pc|C3|")
	if b.Play[4].Seat != pbn.North || b.Play[5].Seat != pbn.East {
		t.Errorf("second trick: %v", b.Play[4:])
	}
	// No trump: the leader keeps the lead.
	b = readOne(t, "md|3"+suitDeal+"|"+mbs("1N p p p")+"pc|HA|pc|D2|pc|C2|pc|S2|pc|HK|")
	if b.Play[4].Seat != pbn.East {
		t.Errorf("second trick in NT led by %s", b.Play[4].Seat)
	}
	// Play without a contract: one error, the board skipped; its cards
	// are counted (PlayUnseated), so it is still a board with play.
	for _, text := range []string{"md|3" + suitDeal + "|" + mbs("p p p p") + "pc|HA|", "md|3" + suitDeal + "|pc|HA|pc|H2|"} {
		b = readOne(t, text)
		if len(b.Play) != 0 || codes(b) != "play-without-contract" || b.Problems[0].Severity != pbn.Error || b.PlayUnseated == 0 {
			t.Errorf("%s: play %v, %d unseated, problems %v", text, b.Play, b.PlayUnseated, b.Problems)
		}
	}
}
