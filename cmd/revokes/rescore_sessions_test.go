package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"revokes/pbn/pbntest"
)

// rescoreFixture is a file of testdata/rescore.
func rescoreFixture(name string) string {
	return filepath.Join("..", "..", "testdata", "rescore", name)
}

// TestRescoreSessionsCSV: NAME.rescore-sessions.csv holds the
// rescore_session rows of the JSON Lines report, one line per session
// with the same values, and the summary gains stated and reproduced
// (rescoring.md §9).
func TestRescoreSessionsCSV(t *testing.T) {
	ins := []string{rescoreFixture("worked.pbn"), rescoreFixture("scoretable.pbn"), rescoreFixture("vgpairs.lin")}
	_, out, _ := runCmd(t, nil, append([]string{"-q", "-o", "-", "-equity=false", "-rescore"}, ins...)...)
	rows := parseRows(t, out)
	sum := checkRows(t, rows)
	var want [][]string
	for _, r := range rows {
		if r.str("type") != "rescore_session" {
			continue
		}
		n := func(k string) string { return strconv.Itoa(r.num(k)) }
		want = append(want, []string{r.str("file"), r.str("event"), r.str("section"), r.str("method"), r.str("why"),
			n("boards"), n("stated"), n("reproduced"), n("totals_stated"), n("totals_reproduced"), r.str("note")})
	}
	// worked (22 of 22), scoretable (16 of 17, totals 3 of 3), vgpairs
	// (refused).
	if len(want) != 3 || want[0][6] != "22" || want[0][7] != "22" || want[1][8] != "3" || want[2][4] != "pairs-on-two-rooms" {
		t.Fatalf("rescore_session rows: %v", want)
	}
	if sum.num("stated") != 22+17+3 || sum.num("reproduced") != 22+16+3 {
		t.Errorf("summary: %d of %d reproduced", sum.num("reproduced"), sum.num("stated"))
	}
	dir := t.TempDir()
	if code, _, errs := runCmd(t, nil, append([]string{"-q", "-o", filepath.Join(dir, "x.csv"), "-equity=false", "-rescore"}, ins...)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	f, err := os.Open(filepath.Join(dir, "x.rescore-sessions.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	got[0][0] = strings.TrimPrefix(got[0][0], "\ufeff")
	if strings.Join(got[0], ",") != "file,event,section,method,why,boards,stated,reproduced,totals_stated,totals_reproduced,note" {
		t.Errorf("header %v", got[0])
	}
	if len(got)-1 != len(want) {
		t.Fatalf("%d lines, want %d", len(got)-1, len(want))
	}
	for i, w := range want {
		if strings.Join(got[i+1], "|") != strings.Join(w, "|") {
			t.Errorf("line %d: %v, want %v", i+1, got[i+1], w)
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, "x.summary.csv"))
	if !strings.Contains(string(b), "rank_changes,stated,reproduced") || !strings.Contains(string(b), ",42,41") {
		t.Errorf("summary: %s", b)
	}
}

// TestRescoreMethodAgainstSession: a teams method on a field of more than
// two tables is refused, from -scoring or the file, with the reason; a
// two-table match may be matchpointed (rescoring.md §9).
func TestRescoreMethodAgainstSession(t *testing.T) {
	cases := []struct {
		in, flag, why, method string
		boards                int
	}{
		{"neuberg.pbn", "bam", "teams-on-field", "bam", 0},
		{"neuberg.pbn", "imp", "teams-on-field", "imp", 0},
		{"worked.pbn", "bam", "teams-on-field", "bam", 0},
		{"rotated.pbn", "mp", "flag", "mp", 2},
		{"rotated.pbn", "", "tag", "imp", 2},
		{"vgpairs.lin", "", "pairs-on-two-rooms", "mp", 0},
	}
	for _, c := range cases {
		args := []string{"-q", "-o", "-", "-equity=false", "-rescore"}
		if c.flag != "" {
			args = append(args, "-scoring", c.flag)
		}
		_, out, _ := runCmd(t, nil, append(args, rescoreFixture(c.in))...)
		var got []row
		boards := 0
		for _, r := range parseRows(t, out) {
			switch r.str("type") {
			case "rescore_session":
				got = append(got, r)
			case "rescore_board":
				boards++
				if r.num("tables") > 2 && (c.flag == "bam" || c.flag == "imp") {
					t.Errorf("%s -scoring %s: a board of %d tables scored as a match", c.in, c.flag, r.num("tables"))
				}
			}
		}
		if len(got) != 1 || got[0].str("why") != c.why || got[0].str("method") != c.method || got[0].num("boards") != c.boards || boards != c.boards {
			t.Errorf("%s -scoring %q: sessions %v, %d boards; want why %s, method %s, %d boards", c.in, c.flag, got, boards, c.why, c.method, c.boards)
		}
		if c.boards == 0 && !strings.Contains(out, `"code":"method-unknown"`) {
			t.Errorf("%s -scoring %q: no method-unknown", c.in, c.flag)
		}
	}
}

// TestRescoreEverySessionChecked: a session no revoke changes is checked
// all the same: every board gets its rescore_board row (changed false),
// and its rescore_session row counts what the file states (rescoring.md
// §9), here on the shared 22-table national final, which has no play.
func TestRescoreEverySessionChecked(t *testing.T) {
	in := filepath.Join(pbntest.CorpusDir(t), "lucbellicaud__bridgetrainer", "Boards", "Pbns", "open2dn1nationalfinaledirecte21-22-sance1.pbn")
	_, out, _ := runCmd(t, nil, "-q", "-o", "-", "-equity=false", "-rescore", in)
	rows := parseRows(t, out)
	checkRows(t, rows)
	boards, stated := 0, 0
	var sessions []row
	for _, r := range rows {
		switch r.str("type") {
		case "rescore_board":
			boards++
			stated += r.num("stated")
			if r["changed"] != false {
				t.Errorf("board %s changed without a revoke", r.str("board"))
			}
		case "rescore_session":
			sessions = append(sessions, r)
		}
	}
	if len(sessions) != 1 || boards == 0 || sessions[0].num("boards") != boards || sessions[0].num("stated") != stated || stated == 0 {
		t.Errorf("%d boards (%d stated values), sessions %v", boards, stated, sessions)
	}
}

// TestRescoreChecksBlock: the Summary sheet lists every session in its
// Checks block, in English and Dutch: the method and why, and the counts
// of boards, stated and reproduced values and totals, as numbers.
func TestRescoreChecksBlock(t *testing.T) {
	ins := []string{rescoreFixture("worked.pbn"), rescoreFixture("scoretable.pbn"), rescoreFixture("vgpairs.lin")}
	for _, c := range []struct{ lang, checks, worked, refused string }{
		{"en", "Checks", "matchpoints, from the file", "not re-scored: pairs scoring on the two rooms of a vugraph"},
		{"nl", "Controles", "matchpunten, uit het bestand", "niet herberekend: parentelling op de twee zalen van een vugraph"},
	} {
		out := filepath.Join(t.TempDir(), "r.xlsx")
		if code, _, errs := runCmd(t, nil, append([]string{"-q", "-lang", c.lang, "-equity=false", "-rescore", "-o", out}, ins...)...); code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		f, err := excelize.OpenFile(out)
		if err != nil {
			t.Fatal(err)
		}
		sheet := f.GetSheetName(0)
		rows, _ := f.GetRows(sheet)
		at := -1
		for i, r := range rows {
			if len(r) > 0 && r[0] == c.checks {
				at = i
			}
		}
		if at < 0 || len(rows) < at+5 {
			t.Fatalf("%s: no Checks block with three sessions in %v", c.lang, rows)
		}
		want := [][]string{
			{"Worked example", c.worked, "1", "22", "22", "0", "0"},
			{"Club session", "", "3", "17", "16", "3", "3"},
			{"Pairs vugraph", c.refused, "0", "0", "0", "0", "0"},
		}
		for i, w := range want {
			r := rows[at+2+i]
			if len(r) < 7 || r[0] != w[0] || !strings.HasPrefix(r[1], w[1]) || strings.Join(r[2:7], " ") != strings.Join(w[2:], " ") {
				t.Errorf("%s: row %d = %q, want %q", c.lang, i, r, w)
			}
		}
		// The counts are numbers, not text.
		cell, _ := excelize.CoordinatesToCellName(4, at+3)
		if typ, _ := f.GetCellType(sheet, cell); typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString {
			t.Errorf("%s: %s is text", c.lang, cell)
		}
		f.Close()
	}
}
