package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revokes/pbn/pbntest"
)

// statedProblems are the codes of the re-scoring that say a stated value
// was not reproduced or not read.
var statedProblems = map[string]bool{"bad-stated-value": true, "method-mismatch": true, "bad-score-table": true, "row-unmatched": true}

// problemCounts counts a report's problem rows of statedProblems by file
// (its base name) and code.
func problemCounts(rows []row) map[string]int {
	n := map[string]int{}
	for _, r := range rows {
		if r.str("type") == "problem" && statedProblems[r.str("code")] {
			n[filepath.Base(r.str("file"))+" "+r.str("code")]++
		}
	}
	return n
}

// checkReread checks the report of a corrected copy read again with
// -rescore (rescoring.md §10): no revoke is applied (each transfer is in
// the Result already, result-includes-transfer), no board or pair
// changes, every stated value the first run reproduced is reproduced,
// and no stated-value problem appears that the first run did not have.
func checkReread(t *testing.T, first, again []row) {
	t.Helper()
	sum1, sum2 := checkRows(t, first), checkRows(t, again)
	if n := sum2.num("revokes_applied"); n != 0 {
		t.Errorf("read again, %d revokes applied", n)
	}
	for _, r := range again {
		switch r.str("type") {
		case "revoke":
			if r.num("tricks_adjusted") != r.num("tricks_recorded") {
				t.Errorf("read again, revoke %s still changes the result", r.str("id"))
			}
		case "rescore_board":
			if r["changed"] == true {
				t.Errorf("read again, board %s of %s changes", r.str("board"), r.str("file"))
			}
		}
	}
	if sum2.num("pairs_affected") != 0 || sum2.num("rank_changes") != 0 {
		t.Errorf("read again, %d pairs affected, %d ranks changed", sum2.num("pairs_affected"), sum2.num("rank_changes"))
	}
	if sum2.num("stated") != sum1.num("stated") || sum2.num("stated")-sum2.num("reproduced") > sum1.num("stated")-sum1.num("reproduced") {
		t.Errorf("stated/reproduced %d/%d, read again %d/%d", sum1.num("reproduced"), sum1.num("stated"), sum2.num("reproduced"), sum2.num("stated"))
	}
	p1, p2 := problemCounts(first), problemCounts(again)
	for k, n := range p2 {
		if n > p1[k] {
			t.Errorf("read again, %d %s (first run %d)", n, k, p1[k])
		}
	}
}

// TestCorrectedRescoredSession corrects a session of four tables with a
// column-aligned ScoreTable and TotalScoreTable, table 1's revoke applied
// (-rescore -corrected): the copy is the golden file (table 1's Result,
// Score, the table's Result, score, matchpoint and percentage cells of the
// rows that changed, the totals and ranks, widths and decimals kept, every
// other byte as it was), with CRLF line ends kept; read again with
// -rescore, nothing changes and every stated value is reproduced.
func TestCorrectedRescoredSession(t *testing.T) {
	const golden = "testdata/corrected/session.corrected.pbn"
	src, err := os.ReadFile("testdata/corrected/session.pbn")
	if err != nil {
		t.Fatal(err)
	}
	for _, eol := range []string{"\n", "\r\n"} {
		t.Run(map[string]string{"\n": "LF", "\r\n": "CRLF"}[eol], func(t *testing.T) {
			dir := t.TempDir()
			in, cdir := filepath.Join(dir, "in"), filepath.Join(dir, "corrected")
			os.MkdirAll(in, 0o755)
			if err := os.WriteFile(filepath.Join(in, "session.pbn"), []byte(strings.ReplaceAll(string(src), "\n", eol)), 0o644); err != nil {
				t.Fatal(err)
			}
			out, _ := runOK(t, "-q", "-equity=false", "-rescore", "-apply", "all", "-o", "-", "-corrected", cdir, in)
			first := parseRows(t, out)
			got := readCopy(t, cdir, "session.pbn")
			if eol == "\n" {
				pbntest.Golden(t, golden, got)
			} else {
				want, _ := os.ReadFile(golden)
				if got != strings.ReplaceAll(string(want), "\n", "\r\n") {
					t.Errorf("the CRLF copy is not the golden file with CRLF:\n%s", pbntest.LineDiff(strings.ReplaceAll(string(want), "\n", "\r\n"), got))
				}
			}
			out, _ = runOK(t, "-q", "-equity=false", "-rescore", "-apply", "all", "-o", "-", cdir)
			again := parseRows(t, out)
			checkReread(t, first, again)
			sum := checkRows(t, again)
			if sum.num("stated") != 12 || sum.num("reproduced") != 12 {
				t.Errorf("read again, %d of %d stated values reproduced, want 12 of 12", sum.num("reproduced"), sum.num("stated"))
			}
			for _, r := range again {
				if r.str("type") == "revoke" && !hasFlag(r, "result-includes-transfer") {
					t.Errorf("read again, revoke %s without result-includes-transfer", r.str("id"))
				}
			}
		})
	}
}

// readCopy returns the one corrected copy named base under dir.
func readCopy(t *testing.T, dir, base string) string {
	t.Helper()
	var found []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Base(p) == base {
			found = append(found, p)
		}
		return nil
	})
	if len(found) != 1 {
		t.Fatalf("copies named %s under %s: %v", base, dir, found)
	}
	b, err := os.ReadFile(found[0])
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
