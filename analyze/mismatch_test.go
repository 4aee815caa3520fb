package analyze

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revokes/pbn"
	"revokes/pbn/linfile"
	"revokes/pbn/pbntest"
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

// TestRSContract checks laws.md A21 as the analysis sees it, on the LIN
// boards of the reader's rs_contract.lin (the auction gives 3NT by North
// on each; the rs entry and the play differ): the contract analysed, the
// revokes, and whether the board was analysed.
func TestRSContract(t *testing.T) {
	want := []struct{ contract, revokes string }{
		{"3NT by S", ""}, // trick 1 re-seated under North
		{"3NT by S", ""}, // trick 1 not seatable under North: analysed
		{"3NT by S", "S2 suspect contract-mismatch"}, // a failure to follow under either
		{"3NT by N", ""}, // rs differs in level only
		{"3NT by N", ""}, // rs names South, the play fits North
	}
	a, err := New(Options{Edition: "auto"})
	if err != nil {
		t.Fatal(err)
	}
	const file = "../pbn/linfile/testdata/lin/rs_contract.lin"
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	bs, _ := pbntest.ReadAll(t, file, linfile.NewReader(bytes.NewReader(src)))
	if len(bs) != len(want) {
		t.Fatalf("%d boards, want %d", len(bs), len(want))
	}
	for i, b := range bs {
		f := a.Board(b)
		if !f.Analysed {
			t.Errorf("board %d not analysed: %v", i+1, f.Problems)
		}
		if got := f.Board.Contract.String() + " by " + f.Board.Declarer.String(); got != want[i].contract {
			t.Errorf("board %d: contract %s, want %s", i+1, got, want[i].contract)
		}
		if got := revokeSummary(f); got != want[i].revokes {
			t.Errorf("board %d: revokes %q, want %q", i+1, got, want[i].revokes)
		}
	}
}

// TestRSContractCorpus checks laws.md A21 on boards of the shared vugraph
// folders whose auction lost or gained a call: each takes its rs
// contract and is analysed without re-seated cards (skipped without the
// shared corpus).
func TestRSContractCorpus(t *testing.T) {
	dir := filepath.Join(pbntest.CorpusDir(t), "hamzaco__bridge_bidding", "All records")
	a, err := New(Options{Edition: "auto"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file     string
		game     int
		contract string
	}{
		{"2006 Australia National Open Teams/Segment 2.txt", 3, "3NT by S"},
		{"2007 Monte Carlo Tournament/Round 4.txt", 4, "4H by S"},
		{"2008 White House Junior/Segment 1.txt", 16, "5DX by W"},
	} {
		src, err := os.ReadFile(filepath.Join(dir, c.file))
		if err != nil {
			t.Fatal(err)
		}
		bs, _ := pbntest.ReadAll(t, c.file, linfile.NewReader(bytes.NewReader(src)))
		var b *pbn.Board
		for _, x := range bs {
			if x.Index == c.game {
				b = x
			}
		}
		if b == nil {
			t.Errorf("%s: no game %d", c.file, c.game)
			continue
		}
		f := a.Board(b)
		if got := f.Board.Contract.String() + " by " + f.Board.Declarer.String(); got != c.contract {
			t.Errorf("%s game %d: contract %s, want %s", c.file, c.game, got, c.contract)
		}
		if !f.Analysed || b.Reseated != 0 || !hasCode(f.Problems, codeContractAuction) || hasCode(f.Problems, "play-order") || hasCode(f.Problems, "rs-mismatch") {
			t.Errorf("%s game %d: analysed %v, re-seated %b, problems %v", c.file, c.game, f.Analysed, b.Reseated, f.Problems)
		}
	}
}
