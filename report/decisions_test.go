package report

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"revokes/analyze"
)

func TestParseDecision(t *testing.T) {
	apply := &analyze.Decision{Kind: analyze.DecideApply}
	none := &analyze.Decision{Kind: analyze.DecideNoRevoke}
	tricks := func(n int) *analyze.Decision { return &analyze.Decision{Kind: analyze.DecideTricks, Tricks: n} }
	for _, tc := range []struct {
		in   string
		want *analyze.Decision // Text aside
		ok   bool
	}{
		{"", nil, true},
		{"   ", nil, true},
		{"apply", apply, true},
		{" Apply ", apply, true},
		{"APPLY", apply, true},
		{"toepassen", apply, true},
		{"Toepassen", apply, true},
		{"no-revoke", none, true},
		{"No revoke", none, true},
		{"no_revoke", none, true},
		{"norevoke", none, true},
		{"no  -  revoke", none, true},
		{"geen-verzaking", none, true},
		{"geen verzaking", none, true},
		{"Geen Verzaking", none, true},
		{"geen\u00a0verzaking", none, true},
		{"0", tricks(0), true},
		{"2", tricks(2), true},
		{" 13 ", tricks(13), true},
		{"2.0", tricks(2), true},
		{"2,00", tricks(2), true},
		{"'2", tricks(2), true},
		{"14", nil, false},
		{"-1", nil, false},
		{"2.5", nil, false},
		{"1e3", nil, false},
		{"two", nil, false},
		{"applied", nil, false},
		{"no", nil, false},
		{"yes", nil, false},
		{"apply 2", nil, false},
		{"0002", nil, false},
	} {
		got, ok := ParseDecision(tc.in)
		if ok != tc.ok {
			t.Errorf("%q: ok %v, want %v", tc.in, ok, tc.ok)
			continue
		}
		if got != nil {
			if got.Text != strings.TrimSpace(tc.in) {
				t.Errorf("%q: Text %q", tc.in, got.Text)
			}
			g := *got
			g.Text = ""
			got = &g
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: got %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

// writeFile writes a file under a test's folder and returns its path.
func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// writeBook writes a workbook with one sheet of rows.
func writeBook(t *testing.T, sheet string, rows [][]any) string {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	if sheet != "Sheet1" {
		if err := f.SetSheetName("Sheet1", sheet); err != nil {
			t.Fatal(err)
		}
	}
	for i, r := range rows {
		ref, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow(sheet, ref, &r); err != nil {
			t.Fatal(err)
		}
	}
	p := filepath.Join(t.TempDir(), "book.xlsx")
	if err := f.SaveAs(p); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReadDecisions(t *testing.T) {
	want := map[string]analyze.Decision{
		"AAAA": {Kind: analyze.DecideApply, Text: "apply"},
		"BBBB": {Kind: analyze.DecideNoRevoke, Text: "no-revoke"},
		"CCCC": {Kind: analyze.DecideTricks, Tricks: 1, Text: "1"},
	}
	wantNL := map[string]analyze.Decision{
		"AAAA": {Kind: analyze.DecideApply, Text: "toepassen"},
		"BBBB": {Kind: analyze.DecideNoRevoke, Text: "Geen verzaking"},
		"CCCC": {Kind: analyze.DecideTricks, Tricks: 1, Text: "1"},
	}
	rows := map[string]int{"AAAA": 2, "BBBB": 3, "CCCC": 5}
	for _, tc := range []struct {
		name string
		path func(t *testing.T) string
		want map[string]analyze.Decision
	}{
		{"csv comma with BOM", func(t *testing.T) string {
			return writeFile(t, "r.csv", bom+"file,game,id,reason,decision\r\n"+
				"a.pbn,1,AAAA,\"x, y\",apply\r\n"+
				"a.pbn,2,BBBB,z,no-revoke\r\n"+
				"a.pbn,3,DDDD,z,\r\n"+
				"a.pbn,4,CCCC,z, 1 \r\n")
		}, want},
		{"csv semicolon without BOM, Dutch words", func(t *testing.T) string {
			return writeFile(t, "r.csv", "file;id;decision\n"+
				"a.pbn;AAAA;toepassen\n"+
				"a.pbn;BBBB;Geen verzaking\n"+
				"a.pbn;DDDD\n"+
				"a.pbn;CCCC;1\n")
		}, wantNL},
		{"csv tab, workbook headers", func(t *testing.T) string {
			return writeFile(t, "r.csv", bom+"Id\tDecision\nAAAA\tapply\nBBBB\tno-revoke\n\t\nCCCC\t1\n")
		}, want},
		{"csv Dutch workbook headers", func(t *testing.T) string {
			return writeFile(t, "r.csv", "Beslissing;Id\ntoepassen;AAAA\nGeen verzaking;BBBB\n;\n1;CCCC\n")
		}, wantNL},
		{"xlsx English", func(t *testing.T) string {
			return writeBook(t, "Revokes", [][]any{
				{"File", "Id", "Decision"},
				{"a.pbn", "AAAA", "apply"},
				{"a.pbn", "BBBB", "no-revoke"},
				{"a.pbn", "DDDD"},
				{"a.pbn", "CCCC", 1},
			})
		}, want},
		{"xlsx Dutch, an empty row", func(t *testing.T) string {
			return writeBook(t, "Verzakingen", [][]any{
				{"Bestand", "Id", "Beslissing"},
				{"a.pbn", "AAAA", "toepassen"},
				{"a.pbn", "BBBB", "Geen verzaking"},
				{},
				{"a.pbn", "CCCC", 1},
			})
		}, wantNL},
		{"xlsx another sheet name", func(t *testing.T) string {
			return writeBook(t, "Blad1", [][]any{
				{"id", "decision"},
				{"AAAA", "apply"},
				{"BBBB", "no-revoke"},
				{"DDDD", ""},
				{"CCCC", "1"},
			})
		}, want},
		{"same id twice, same decision", func(t *testing.T) string {
			return writeFile(t, "r.csv", "id,decision\nAAAA,apply\nBBBB,no-revoke\nAAAA,Apply\nCCCC,1\n")
		}, map[string]analyze.Decision{"AAAA": want["AAAA"], "BBBB": want["BBBB"], "CCCC": want["CCCC"]}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.path(t)
			d, err := ReadDecisions(p)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(d.ByID, tc.want) {
				t.Errorf("got %+v\nwant %+v", d.ByID, tc.want)
			}
			if tc.name != "same id twice, same decision" && !reflect.DeepEqual(d.Row, rows) {
				t.Errorf("rows %v, want %v", d.Row, rows)
			}
			if d.File != p {
				t.Errorf("File %q", d.File)
			}
		})
	}
}

func TestReadDecisionsErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		path   func(t *testing.T) string
		en, nl string // what the message says, in each language
	}{
		{"bad word", func(t *testing.T) string {
			return writeFile(t, "r.csv", "id,decision\nAAAA,apply\nBBBB,maybe\n")
		}, `row 3: cannot read the decision "maybe": want apply, no-revoke or a whole number of tricks from 0 to 13`,
			`rij 3: kan de beslissing "maybe" niet lezen: verwacht toepassen, geen-verzaking`},
		{"too many tricks", func(t *testing.T) string {
			return writeBook(t, "Revokes", [][]any{{"Id", "Decision"}, {"AAAA", 14}})
		}, `row 2: cannot read the decision "14"`, `rij 2: kan de beslissing "14" niet lezen`},
		{"no id", func(t *testing.T) string {
			return writeFile(t, "r.csv", "id;decision\n;apply\n")
		}, `row 2: the decision "apply" has no id`, `rij 2: de beslissing "apply" heeft geen id`},
		{"two decisions", func(t *testing.T) string {
			return writeFile(t, "r.csv", "id,decision\nAAAA,apply\nAAAA,2\n")
		}, `row 3: id AAAA has the decision "2", but "apply" in row 2`, `rij 3: id AAAA heeft de beslissing "2", maar "apply" in rij 2`},
		{"no decision column", func(t *testing.T) string {
			return writeFile(t, "r.csv", "file,id\na.pbn,AAAA\n")
		}, "no header row with the columns id and decision", "geen kopregel met de kolommen id en beslissing"},
		{"workbook without the columns", func(t *testing.T) string {
			return writeBook(t, "Revokes", [][]any{{"File", "Game"}, {"a", 1}})
		}, "no header row with the columns id and decision", "geen kopregel"},
		{"missing file", func(t *testing.T) string {
			return filepath.Join(t.TempDir(), "none.csv")
		}, "cannot read the decisions file", "kan het beslissingenbestand"},
		{"broken workbook", func(t *testing.T) string {
			return writeFile(t, "r.xlsx", "PK\x03\x04 not a zip")
		}, "cannot read the decisions file", "kan het beslissingenbestand"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.path(t)
			_, err := ReadDecisions(p)
			var de *DecisionError
			if !errors.As(err, &de) {
				t.Fatalf("error %v, want a DecisionError", err)
			}
			en := Text(NewPrinter("en"), de.Msg)
			nl := Text(NewPrinter("nl"), de.Msg)
			if !strings.Contains(en, p) || !strings.Contains(en, tc.en) {
				t.Errorf("en: %q lacks the file or %q", en, tc.en)
			}
			if !strings.Contains(nl, p) || !strings.Contains(nl, tc.nl) {
				t.Errorf("nl: %q lacks the file or %q", nl, tc.nl)
			}
		})
	}
}

// TestReadDecisionsEmpty: a report whose Decision column is empty, or
// that holds its header only (without a line end), has no decisions and
// is no error.
func TestReadDecisionsEmpty(t *testing.T) {
	for _, text := range []string{bom + "id,decision", "id;decision\r\nAAAA;\r\nBBBB; \r\n"} {
		d, err := ReadDecisions(writeFile(t, "r.csv", text))
		if err != nil || len(d.ByID) != 0 {
			t.Errorf("%q: %v, %v", text, d, err)
		}
	}
}
