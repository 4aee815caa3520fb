package analyze

import (
	"os"
	"testing"

	"revokes/pbn/pbnfile"
	"revokes/pbn/pbntest"
)

// TestTricksInRecordAndClaim checks the complete tricks and the claim of
// every board of testdata/readers/unknown_cards.pbn: unknown cards, a
// card not held, boards skipped (laws.md A12).
func TestTricksInRecordAndClaim(t *testing.T) {
	want := []struct {
		tricks int
		claim  bool
	}{
		1:  {13, false}, // the whole play
		2:  {2, false},  // trick 3 has an unknown card
		3:  {2, true},   // trick 3 has three cards, a Result above: a claim
		4:  {2, false},  // the same without a Result
		5:  {2, true},   // dashes pad the last trick of a claim
		6:  {1, false},  // trick 2 has an unknown card before a known one: no claim (laws.md A19)
		7:  {1, false},  // trick 2's lead is unknown: no claim (A19)
		8:  {3, true},   // a card not held in trick 4 stops the replay
		9:  {2, false},  // skipped: the record's two tricks
		10: {1, false},  // an unreadable card in trick 2
		11: {0, false},  // skipped in trick 1
		12: {13, false}, // Result ^7
		13: {1, false},  // skipped: no contract
		14: {1, false},  // the play stops after a trick
		15: {2, true},   // dashes after the last card, a Result above
		16: {0, false},  // A19: an unknown card before a known one, then "*"
		17: {0, false},  // A19: the same, a Result above the tricks played
		18: {0, true},   // A19: a dash that pads the end of the trick, then "*"
	}
	fh, err := os.Open("testdata/readers/unknown_cards.pbn")
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	boards, _ := pbntest.ReadAll(t, "unknown_cards.pbn", pbnfile.NewReader(fh))
	if len(boards) != len(want)-1 {
		t.Fatalf("%d boards, want %d", len(boards), len(want)-1)
	}
	a, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range boards {
		f := a.Board(b)
		w := want[i+1]
		if f.TricksInRecord != w.tricks || f.Claim != w.claim {
			t.Errorf("board %d: tricks_in_record %d, claim %v; want %d, %v", i+1, f.TricksInRecord, f.Claim, w.tricks, w.claim)
		}
	}
}
