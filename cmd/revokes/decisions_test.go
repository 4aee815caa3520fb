package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestDecisionsUsage: a decisions file that cannot be read stops the run
// before any input is read (exit 2, no report), and the message names the
// file, the row and the text, in the language of -lang.
func TestDecisionsUsage(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bad := write("bad.csv", "\ufeffid;decision\nAAAA;apply\nBBBB;halve\n")
	noCols := write("cols.csv", "file,game\na.pbn,1\n")
	for _, tc := range []struct {
		lang, file string
		want       []string
	}{
		{"en", bad, []string{bad, "row 3", `"halve"`, "apply, no-revoke or a whole number of tricks"}},
		{"nl", bad, []string{bad, "rij 3", `"halve"`, "toepassen, geen-verzaking"}},
		{"en", noCols, []string{noCols, "no header row with the columns id and decision"}},
		{"en", filepath.Join(dir, "none.xlsx"), []string{"cannot read the decisions file", "none.xlsx"}},
		{"nl", filepath.Join(dir, "none.xlsx"), []string{"kan het beslissingenbestand", "none.xlsx"}},
	} {
		out := filepath.Join(dir, "r.jsonl")
		// The input does not exist: read first, it would be exit 1.
		code, stdout, stderr := runCmd(t, nil, "-lang", tc.lang, "-decisions", tc.file, "-o", out, filepath.Join(dir, "missing.pbn"))
		if code != 2 || stdout != "" {
			t.Errorf("%s %s: exit %d, stdout %q", tc.lang, tc.file, code, stdout)
		}
		for _, w := range tc.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%s %s: stderr lacks %q:\n%s", tc.lang, tc.file, w, stderr)
			}
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s %s: a report was written", tc.lang, tc.file)
		}
	}
}

// decided is what a re-run with decisions gives one revoke row.
type decided struct {
	applied              bool
	notApplied, decision string
	tricksAdjusted       int
}

// checkDecided checks the revoke rows of a re-run with decisions (by
// game) and the decision-unmatched problem of the made-up id.
func checkDecided(t *testing.T, out, decisions string, wantRow int, want map[int]decided) {
	t.Helper()
	rows := parseRows(t, out)
	checkRows(t, rows)
	seen := 0
	unmatched := 0
	for _, r := range rows {
		switch r.str("type") {
		case "revoke":
			w, ok := want[r.num("game")]
			if !ok {
				t.Errorf("unexpected row %v", r)
				continue
			}
			seen++
			applied, _ := r["applied"].(bool)
			got := decided{applied, r.str("not_applied"), r.str("decision"), r.num("tricks_adjusted")}
			if got != w {
				t.Errorf("game %d: got %+v, want %+v", r.num("game"), got, w)
			}
		case "problem":
			if r.str("code") != "decision-unmatched" {
				continue
			}
			unmatched++
			if r.str("file") != decisions || r.num("line") != wantRow || r.str("severity") != "warning" ||
				!strings.Contains(r.str("message"), "ZZZZZZZZZZZZ") {
				t.Errorf("decision-unmatched: %v", r)
			}
		}
	}
	if seen != len(want) || unmatched != 1 {
		t.Errorf("%d revoke rows, %d decision-unmatched", seen, unmatched)
	}
}

// TestDecisionsRoundTrip: a CSV report and a workbook of a run, their
// Decision column filled in by another program (the CSV's text edited; the
// workbook's cells written with excelize, as a director's spreadsheet
// would), read back with -decisions: each revoke is applied or not as
// decided, with the adjusted tricks that follow, and an id the run does
// not meet is the warning decision-unmatched at its row.
func TestDecisionsRoundTrip(t *testing.T) {
	in := td + "/two.pbn" // two boards, a revoke each: 5 tricks, 2 transferred
	want := map[int]decided{
		1: {false, "decision", "no-revoke", 5},
		2: {true, "", "1", 6},
	}
	wantNL := map[int]decided{
		1: {false, "decision", "Geen verzaking", 5},
		2: {true, "", "1", 6},
	}
	for _, tc := range []struct {
		name, lang, sep string
		want            map[int]decided
	}{
		{"csv", "en", ",", want},
		{"csv", "nl", ";", wantNL},
		{"xlsx", "en", ",", want},
		{"xlsx", "nl", ",", wantNL},
	} {
		t.Run(tc.name+"-"+tc.lang, func(t *testing.T) {
			dir := t.TempDir()
			first := filepath.Join(dir, "first."+tc.name)
			if code, _, stderr := runCmd(t, nil, "-q", "-lang", tc.lang, "-csv-sep", tc.sep, "-o", first, in); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			words := [2]string{"no-revoke", "1"}
			if tc.lang == "nl" {
				words[0] = "Geen verzaking"
			}
			var row int
			if tc.name == "csv" {
				row = fillCSV(t, first, tc.sep, words)
			} else {
				row = fillWorkbook(t, first, tc.lang, words)
			}
			code, out, stderr := runCmd(t, nil, "-q", "-decisions", first, "-o", "-", in)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			checkDecided(t, out, first, row, tc.want)
		})
	}
}

// fillCSV writes the decisions into the decision column of a CSV report,
// read and written again as another program would (encoding/csv, CRLF,
// the byte-order mark kept), adds a row with an id no run meets, and
// returns that row's number.
func fillCSV(t *testing.T, path, sep string, words [2]string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(data), "\ufeff")))
	r.Comma = []rune(sep)[0]
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	idCol, decCol := slices.Index(recs[0], "id"), slices.Index(recs[0], "decision")
	if idCol < 0 || decCol < 0 || len(recs) != 3 {
		t.Fatalf("header %v, %d records", recs[0], len(recs))
	}
	for k := 1; k <= 2; k++ {
		if recs[k][decCol] != "" {
			t.Fatalf("decision column not empty: %q", recs[k][decCol])
		}
		recs[k][decCol] = words[k-1]
	}
	extra := make([]string, len(recs[0]))
	extra[idCol], extra[decCol] = "ZZZZZZZZZZZZ", "apply"
	recs = append(recs, extra)
	var b strings.Builder
	b.WriteString("\ufeff")
	w := csv.NewWriter(&b)
	w.Comma, w.UseCRLF = r.Comma, true
	if err := w.WriteAll(recs); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return 4
}

// fillWorkbook writes the decisions into the Decision cells of the
// Revokes sheet with excelize, adds a row with an id no run meets, and
// returns that row's number.
func fillWorkbook(t *testing.T, path, lang string, words [2]string) int {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sheet, idHdr, decHdr := "Revokes", "Id", "Decision"
	if lang == "nl" {
		sheet, decHdr = "Verzakingen", "Beslissing"
	}
	rows, err := f.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	idCol, decCol := -1, -1
	for i, h := range rows[0] {
		switch h {
		case idHdr:
			idCol = i + 1
		case decHdr:
			decCol = i + 1
		}
	}
	if idCol < 0 || decCol < 0 || len(rows) != 3 {
		t.Fatalf("header %v, %d rows", rows[0], len(rows))
	}
	set := func(col, row int, v any) {
		ref, _ := excelize.CoordinatesToCellName(col, row)
		if err := f.SetCellValue(sheet, ref, v); err != nil {
			t.Fatal(err)
		}
	}
	set(decCol, 2, words[0])
	set(decCol, 3, 1) // a number, as a spreadsheet stores a typed 1
	set(idCol, 6, "ZZZZZZZZZZZZ")
	set(decCol, 6, "apply")
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	return 6
}
