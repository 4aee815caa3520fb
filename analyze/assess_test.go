package analyze

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"revokes/pbn"
	"revokes/pbn/pbnfile"
	"revokes/pbn/pbntest"
)

// revokeSummary describes the revokes of a board as "E2 suspect rank-typo,
// W2 plausible": offender and trick, assessment, evidence codes.
func revokeSummary(f *Findings) string {
	var out []string
	for _, r := range f.Revokes {
		s := fmt.Sprintf("%s%d %s", r.Offender, r.Trick, r.Assessment)
		if r.Evidence != 0 {
			s += " " + r.Evidence.String()
		}
		out = append(out, s)
	}
	return strings.Join(out, ", ")
}

// readBoards reads every board of a PBN file of testdata.
func readBoards(t *testing.T, path string) []*pbn.Board {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	r := pbnfile.NewReader(fh)
	r.File = path
	bs, _ := pbntest.ReadAll(t, path, r) // a record that cannot be read has no revoke
	return bs
}

// TestAssess checks the assessment and evidence of laws.md A14 on the
// small cases of testdata/assess.pbn, one board per code (the Event names
// the case).
func TestAssess(t *testing.T) {
	want := map[string]string{
		"plausible":           "E2 plausible",
		"plausible-marked":    "E2 plausible", // a ^R mark is no evidence
		"rank-typo":           "E2 suspect rank-typo",
		"rank-typo-marked":    "E2 suspect rank-typo",
		"several-in-trick":    "E2 suspect several-in-trick, W2 suspect several-in-trick",
		"lead-odd-one-three":  "E2 suspect several-in-trick lead-odd-one, S2 suspect several-in-trick lead-odd-one, W2 suspect several-in-trick lead-odd-one",
		"lead-odd-one-alone":  "S2 suspect lead-odd-one",
		"dummy":               "N1 suspect dummy",
		"last-recorded-trick": "W2 undetermined last-recorded-trick",
		"next-trick-begun":    "W2 plausible", // one card of trick 3: trick 2 is not the last
		// The record stops before either withheld card is played: rank-typo.
		"several-in-last-trick": "E2 suspect several-in-trick rank-typo last-recorded-trick, W2 suspect several-in-trick rank-typo last-recorded-trick",
		// laws.md A12 stops (A14): the duplicate of the revoke card stops
		// the replay before x is played; a stop at the next trick's lead
		// leaves the revoke trick not the last; a "-" in the revoke trick
		// hides the whole trick from lead-odd-one, and the replay stops
		// after it. A stop at the next trick's lead is also a cut of the
		// record (laws.md A20, record-cut).
		"rank-typo-duplicate": "E2 suspect rank-typo record-cut",
		"stop-at-next-lead":   "W2 suspect record-cut",
		// An unreadable card at which the reader cut the play stops the
		// replay as well: its trick (the next one) is a trick the
		// record holds, so the revoke trick is not the last; the cut is
		// in the next trick (record-cut).
		"bad-card-at-next-lead": "S2 suspect record-cut",
		"unknown-card-in-trick": "E2 suspect several-in-trick rank-typo last-recorded-trick, W2 suspect several-in-trick rank-typo last-recorded-trick",
		// laws.md A20: trick 1 written in no seat order (its cards given
		// to their holders one by one) before the revoke trick; the same
		// in trick 3, after it; trick 1 written round the table from
		// East (a seat order that fits: a format, no repair); a card not
		// held after the revoke card in its trick; an unreadable card two
		// tricks on.
		"record-repaired-before":    "E2 suspect record-repaired",
		"record-repaired-after":     "E2 plausible",
		"row-in-another-seat-order": "E2 plausible",
		"record-cut-in-trick":       "E2 suspect rank-typo record-cut last-recorded-trick",
		"record-cut-two-tricks-on":  "E2 plausible",
	}
	a, err := New(Options{Edition: "auto"})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, b := range readBoards(t, "testdata/assess.pbn") {
		name := strings.TrimPrefix(b.Tag("Event"), "assess: ")
		exp, ok := want[name]
		if !ok {
			continue
		}
		seen[name] = true
		f := a.Board(b)
		if got := revokeSummary(f); got != exp {
			t.Errorf("%s: %q, want %q (problems %v)", name, got, exp, f.Problems)
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("case %s not in testdata/assess.pbn", name)
		}
	}
}

// TestEvidenceCodes keeps the codes in the order of laws.md A14 and the
// assessment they give.
func TestEvidenceCodes(t *testing.T) {
	for _, c := range []struct {
		e    Evidence
		code string
		a    Assessment
	}{
		{0, "", Plausible},
		{EvLastRecordedTrick, "last-recorded-trick", Undetermined},
		{EvLastRecordedTrick | EvSeveralInTrick, "several-in-trick last-recorded-trick", Suspect},
		{EvContractMismatch | EvDummy | EvRankTypo | EvLeadOddOne, "lead-odd-one rank-typo dummy contract-mismatch", Suspect},
		{EvLastRecordedTrick | EvRecordCut | EvRecordRepaired | EvContractMismatch, "contract-mismatch record-repaired record-cut last-recorded-trick", Suspect},
		{EvRecordRepaired, "record-repaired", Suspect},
		{EvRecordCut, "record-cut", Suspect},
	} {
		if got := c.e.String(); got != c.code {
			t.Errorf("%b: %q, want %q", c.e, got, c.code)
		}
		if got := c.e.assessment(); got != c.a {
			t.Errorf("%q: %v, want %v", c.code, got, c.a)
		}
	}
}

// TestAssessRealRevokes checks the five revokes of the 1997 European Team
// Championship records that were judged real by hand (issue 14): each
// must come out plausible. It skips when ../shared is absent.
func TestAssessRealRevokes(t *testing.T) {
	dir := "../../shared/corpus/real/ContractBridge__pbn-files/1997-European_Team_Championship/"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("shared corpus not present:", err)
	}
	a, err := New(Options{Edition: "auto"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file, board string
		trick       int
	}{
		{"Itoruo.pbn", "1", 3},
		{"Ntohuo23.pbn", "8", 7},
		{"O1o10707.pbn", "18", 5},
		{"Sponvo30.pbn", "21", 3},
		{"Swogro20.pbn", "5", 8},
	} {
		found := false
		for _, b := range readBoards(t, dir+c.file) {
			if b.Tag("Board") != c.board || b.Tag("Room") != "Closed" {
				continue
			}
			f := a.Board(b)
			for _, r := range f.Revokes {
				if r.Trick != c.trick {
					continue
				}
				found = true
				if r.Assessment != Plausible {
					t.Errorf("%s board %s trick %d: %v %v, want plausible", c.file, c.board, c.trick, r.Assessment, r.Evidence)
				}
			}
		}
		if !found {
			t.Errorf("%s board %s Closed: no revoke in trick %d", c.file, c.board, c.trick)
		}
	}
}
