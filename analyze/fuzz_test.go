package analyze_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"revokes/analyze"
	"revokes/pbn"
	"revokes/pbn/boards"
	"revokes/pbn/pbnfile"
	"revokes/synth"
)

// addSeeds adds every PBN and LIN file of the readers' test data, and a
// few generated boards, to the fuzz corpus.
func addSeeds(f *testing.F) {
	for _, pat := range []string{"../pbn/pbnfile/testdata/pbn/*.pbn", "../pbn/linfile/testdata/lin/*.lin"} {
		files, _ := filepath.Glob(pat)
		for _, name := range files {
			if data, err := os.ReadFile(name); err == nil {
				f.Add(data)
			}
		}
	}
	g := synth.New(synth.Options{Seed: 5, RevokeRate: 0.05})
	for i := 0; i < 4; i++ {
		b := g.Board()
		f.Add(synth.AppendPBN(nil, b))
		f.Add(synth.AppendLIN(nil, b))
	}
}

// FuzzAnalyze reads any input with the format it sniffs and analyses every
// board under every edition: nothing may panic, every skipped board must
// carry an error problem, and every revoke row must be well formed.
func FuzzAnalyze(f *testing.F) {
	addSeeds(f)
	var analyzers []*analyze.Analyzer
	for _, e := range analyze.Editions {
		for _, att := range []analyze.Attention{analyze.EndOfPlay, analyze.HandsReturned, analyze.AfterRound} {
			a, err := analyze.New(analyze.Options{Edition: e.Name, Attention: att})
			if err != nil {
				f.Fatal(err)
			}
			analyzers = append(analyzers, a)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, _, err := boards.NewReader(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		eachBoard(r, func(b *pbn.Board) {
			for _, a := range analyzers {
				checkFindings(t, a.Board(b))
			}
		})
	})
}

// eachBoard calls f with each board of r (at most 1000), skipping the
// records that could not be read and stopping at any other error.
func eachBoard(r pbn.BoardReader, f func(*pbn.Board)) {
	for n := 0; n < 1000; n++ {
		b, err := r.Read()
		if _, bad := err.(*pbn.ParseError); bad {
			continue
		}
		if err != nil {
			return
		}
		f(b)
	}
}

func checkFindings(t *testing.T, fd *analyze.Findings) {
	if !fd.Analysed {
		hasErr := false
		for _, p := range fd.Problems {
			hasErr = hasErr || p.Severity == pbn.Error
		}
		if !hasErr {
			t.Fatalf("board skipped without an error problem: %v", fd.Problems)
		}
		if len(fd.Revokes) != 0 {
			t.Fatalf("skipped board with revoke rows")
		}
	}
	if fd.HasTricks && (fd.TricksAdjusted < 0 || fd.TricksAdjusted > 13) {
		t.Fatalf("adjusted tricks %d", fd.TricksAdjusted)
	}
	for _, r := range fd.Revokes {
		if r.Trick < 1 || r.Trick > 12 || r.Held == 0 || r.Card.Suit() == r.Led || r.Rule == "" || r.Transfer < 0 || r.Transfer > 13 {
			t.Fatalf("bad revoke %+v", r)
		}
		if !r.Established && r.Transfer != 0 {
			t.Fatalf("transfer for an unestablished revoke: %+v", r)
		}
		// laws.md A5, A10: a corrected trick-12 revoke goes to no review;
		// A4: claim-assumed exactly on claims before 1997.
		if r.Has(analyze.FlagTrick12) && (r.Has(analyze.FlagEquityReview) || r.Transfer != 0) {
			t.Fatalf("corrected trick-12 revoke with a review or transfer: %+v", r)
		}
		if r.Has(analyze.FlagClaimAssumed) != (r.EstablishedBy == analyze.ByClaim && fd.Edition.ClaimAssumed) {
			t.Fatalf("claim-assumed %v on a revoke established by %s in %s", r.Flags, r.EstablishedBy, fd.Edition.Name)
		}
	}
}

// FuzzRoundTrip reads PBN, writes every fully dealt board back as PBN and
// reads it again: the deal, contract, declarer, play and claim must come
// back the same.
func FuzzRoundTrip(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		eachBoard(pbnfile.NewReader(bytes.NewReader(data)), func(b *pbn.Board) {
			if !roundTrippable(b) {
				return
			}
			out := synth.AppendPBN(nil, strip(b))
			b2, err := pbnfile.NewReader(bytes.NewReader(out)).Read()
			if err != nil {
				t.Fatalf("written board does not read back: %v\n%s", err, out)
			}
			if b2.Deal != b.Deal || b2.Contract != b.Contract || b2.Declarer != b.Declarer ||
				len(b2.Play) != len(b.Play) || b2.Claim != b.Claim {
				t.Fatalf("round trip differs:\n%+v\n%+v\n%s", b, b2, out)
			}
			for i := range b.Play {
				if b.Play[i].Seat != b2.Play[i].Seat || b.Play[i].Card != b2.Play[i].Card {
					t.Fatalf("card %d: %v vs %v\n%s", i, b.Play[i], b2.Play[i], out)
				}
			}
		})
	})
}

// roundTrippable reports whether the board is a complete, legal record
// that AppendPBN can write: four hands of 13 distinct cards, a contract, a
// declarer, play led by declarer's LHO with every card held, no marks.
func roundTrippable(b *pbn.Board) bool {
	var all pbn.Hand
	for s := range b.Deal {
		if !b.Given[s] || b.Deal[s].Len() != 13 || all&b.Deal[s] != 0 {
			return false
		}
		all |= b.Deal[s]
	}
	if !b.HasContract || b.Contract.PassedOut() || !b.HasDeclarer || len(b.Play) == 0 ||
		b.Play[0].Seat != b.Declarer.Next() || !b.HasDealer {
		return false
	}
	if len(b.Play)%4 != 0 && !b.Claim {
		return false
	}
	hands := b.Deal
	for _, p := range b.Play {
		if p.Mark != 0 || !hands[p.Seat].Has(p.Card) {
			return false
		}
		hands[p.Seat] = hands[p.Seat].Without(p.Card)
	}
	return true
}

// strip returns a copy of b without the tags AppendPBN writes itself.
func strip(b *pbn.Board) *pbn.Board {
	c := *b
	c.Tags = nil
	c.Players = [4]string{}
	c.HasResult = false
	return &c
}
