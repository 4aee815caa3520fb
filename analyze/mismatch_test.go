package analyze

import (
	"strings"
	"testing"
)

// TestAuctionContract checks laws.md A16 on testdata/contract.pbn: the
// play of one deal (4H by South, South revokes at trick 3) under contract
// tags and auctions that agree or not. Each case gives the contract used,
// the revokes and whether the board got the contract-auction-mismatch
// warning.
func TestAuctionContract(t *testing.T) {
	want := map[string]struct {
		contract, revokes string
		warned            bool
	}{
		// Under 3NT the play has four failures to follow, under the
		// auction's 4H one: the auction wins, the revoke left is suspect.
		"strain":                {"4H by S", "S3 suspect contract-mismatch", true},
		"strain-no-revoke-left": {"4H by S", "", true},
		// The claim comes in trick 3 after East's one card: 3NT makes
		// North the leader there (an unknown card, then East's), 4H
		// makes East the leader (East's card, then the claim).
		"strain-claim-mid-trick": {"4H by S", "", true},
		// A difference of level or doubles alone changes nothing.
		"level-and-doubles-only": {"3H by S", "S3 plausible", false},
		"auction-incomplete":     {"3NT by S", "E2 suspect several-in-trick lead-odd-one, S2 suspect several-in-trick lead-odd-one, W2 suspect several-in-trick lead-odd-one rank-typo, S3 suspect rank-typo", false},
		"auction-not-better":     {"4H by S", "S3 plausible", false},
		"no-failure-to-follow":   {"4H by S", "", false},
		// Same strain, other declarer: the same failures to follow.
		"declarer-only": {"4H by N", "S3 suspect dummy", false},
	}
	a, err := New(Options{Edition: "auto"})
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, b := range readBoards(t, "testdata/contract.pbn") {
		name := strings.TrimPrefix(b.Tag("Event"), "contract: ")
		exp, ok := want[name]
		if !ok {
			t.Errorf("case %q not in the table", name)
			continue
		}
		seen++
		tags := b.Contract.String() + " by " + b.Declarer.String()
		f := a.Board(b)
		if got := f.Board.Contract.String() + " by " + f.Board.Declarer.String(); got != exp.contract {
			t.Errorf("%s: contract %s, want %s", name, got, exp.contract)
		}
		if got := revokeSummary(f); got != exp.revokes {
			t.Errorf("%s: revokes %q, want %q", name, got, exp.revokes)
		}
		warned := false
		for _, p := range f.Problems {
			if p.Code == codeContractAuction {
				warned = true
				if s := p.Text.String(); !strings.Contains(s, "("+tags+")") || !strings.Contains(s, "("+exp.contract+")") {
					t.Errorf("%s: the warning %q does not name both contracts", name, s)
				}
			}
		}
		if warned != exp.warned {
			t.Errorf("%s: warned %v, want %v (%v)", name, warned, exp.warned, f.Problems)
		}
		// The record itself is left as read.
		if got := b.Contract.String() + " by " + b.Declarer.String(); got != tags {
			t.Errorf("%s: the record's contract changed to %s", name, got)
		}
	}
	if seen != len(want) {
		t.Errorf("%d cases read, want %d", seen, len(want))
	}
}
