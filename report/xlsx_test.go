package report

import (
	"archive/zip"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"revokes/analyze"
	"revokes/pbn"
)

var sampleOut = flag.String("out", "", "TestWriteSampleWorkbook: write the sample workbook here")
var sampleLang = flag.String("lang", "en", "TestWriteSampleWorkbook: language of the sample workbook")

// writeSample writes the sample workbook in lang to path.
func writeSample(t *testing.T, path, lang string) {
	t.Helper()
	w, err := NewXLSX(path, NewPrinter(lang))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sampleRun(w); err != nil {
		t.Fatal(err)
	}
}

// openXLSX opens a workbook for reading back.
func openXLSX(t *testing.T, path string) *excelize.File {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// findRow returns the row of sheet whose column A is a, or nil.
func findRow(t *testing.T, f *excelize.File, sheet, a string) []string {
	t.Helper()
	rows, err := f.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if len(r) > 0 && r[0] == a {
			return r
		}
	}
	return nil
}

func TestXLSX(t *testing.T) {
	for _, tc := range []struct {
		lang   string
		sheets []string
		hdr    []string // first headers of Revokes
		yes    string
		assess [3]string // the assessments of the rows and the second's evidence
		notEst string    // not_applied "not-established" as shown
		// a no-revoke decision as shown: in the workbook's words
		// (decisionShown), which read back
		noRevoke string
		held     string // the held cards of the first row, in the notation
	}{
		{"en", []string{"Summary", "Revokes", "Boards", "Problems", "Statistics", "Rulings"},
			[]string{"File", "Game", "Line", "Event"}, "yes",
			[3]string{"plausible", "suspect", "dummy's card (an exposed hand); the last trick the record holds"}, "not-established", "no-revoke", "H4 H5 H8"},
		{"nl", []string{"Overzicht", "Verzakingen", "Spellen", "Problemen", "Statistiek", "Uitspraken"},
			[]string{"Bestand", "Volgnr.", "Regel", "Evenement"}, "ja",
			[3]string{"plausibel", "verdacht", "kaart van de blinde (een open hand); de laatste slag van het verslag"}, "niet voldongen", "geen-verzaking", "♥4 ♥5 ♥8"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "r.xlsx")
			writeSample(t, path, tc.lang)
			if n := dirNames(t, dir); !reflect.DeepEqual(n, []string{"r.xlsx"}) {
				t.Errorf("files %v", n)
			}
			f := openXLSX(t, path)
			if got := f.GetSheetList(); !reflect.DeepEqual(got, tc.sheets) {
				t.Fatalf("sheets %v, want %v", got, tc.sheets)
			}
			rev, brd, prob, stat := tc.sheets[1], tc.sheets[2], tc.sheets[3], tc.sheets[4]
			rows, err := f.GetRows(rev)
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) != 4 || len(rows[0]) != len(revokeSheetColumns) {
				t.Fatalf("Revokes: %d rows of %d columns", len(rows), len(rows[0]))
			}
			if !reflect.DeepEqual(rows[0][:4], tc.hdr) {
				t.Errorf("headers %v, want %v", rows[0][:4], tc.hdr)
			}
			// Numbers are numbers, text is text.
			types := map[string]excelize.CellType{
				"B2":  excelize.CellTypeNumber,                                 // game
				"G2":  excelize.CellTypeNumber,                                 // board "30"
				"P2":  excelize.CellTypeNumber,                                 // trick
				"AI2": excelize.CellTypeNumber, "AJ2": excelize.CellTypeNumber, // scores
				"D2": excelize.CellTypeInlineString, "D4": excelize.CellTypeInlineString,
			}
			for ref, want := range types {
				got, _ := f.GetCellType(rev, ref)
				if got == excelize.CellTypeUnset { // a number cell without t=
					got = excelize.CellTypeNumber
				}
				if got != want {
					t.Errorf("%s type %v, want %v", ref, got, want)
				}
			}
			for ref, want := range map[string]string{"AI2": "-100", "AJ2": "-50", "U2": tc.yes,
				"Y2": tc.assess[0], "Y3": tc.assess[1], "Z3": tc.assess[2], "Z2": "",
				"S2": tc.held, "D4": hostile, "E4": "-x", "F4": "\tx", "T3": "",
				"AC2": "kq3vbx7d2hma", "AD2": tc.yes, "AE2": "", "AE3": tc.notEst, "AF4": tc.noRevoke} {
				if got, _ := f.GetCellValue(rev, ref, excelize.Options{RawCellValue: true}); got != want {
					t.Errorf("%s = %q, want %q", ref, got, want)
				}
			}
			// The Decision column: a drop-down of the two words of the
			// language over the revoke rows, with the note on numbers.
			dvs, err := f.GetDataValidations(rev)
			if err != nil || len(dvs) != 1 {
				t.Fatalf("data validations %v %v", dvs, err)
			}
			p := NewPrinter(tc.lang)
			if dv := dvs[0]; dv.Sqref != "AF2:AF4" || dv.Type != "list" ||
				dv.Formula1 != `"`+tr(p, "apply")+","+tc.noRevoke+`"` || dv.Prompt == nil || !strings.Contains(*dv.Prompt, "0") ||
				dv.ErrorStyle == nil || *dv.ErrorStyle != "information" {
				t.Errorf("Decision validation %+v", dv)
			}
			// A complete Date is a date cell, with its Year beside the
			// last column; a damaged one stays text without a year.
			for ref, want := range map[string]string{"F2": "2019-03-02", "AX2": "2019", "AX4": "", "F4": "\tx"} {
				if got, _ := f.GetCellValue(rev, ref); got != want {
					t.Errorf("%s = %q, want %q", ref, got, want)
				}
			}
			if got, _ := f.GetCellValue(rev, "F2", excelize.Options{RawCellValue: true}); got != "43526" {
				t.Errorf("F2 raw %q, want the date's serial number 43526", got)
			}
			for ref, want := range map[string]string{"D2": "2019-03-02", "S2": "2019"} {
				if got, _ := f.GetCellValue(brd, ref); got != want {
					t.Errorf("Boards %s = %q, want %q", ref, got, want)
				}
			}
			// The hostile event is text, never a formula.
			for _, ref := range []string{"D4", "A4", "E4"} {
				if fo, _ := f.GetCellFormula(rev, ref); fo != "" {
					t.Errorf("%s has formula %q", ref, fo)
				}
			}
			if fo, _ := f.GetCellFormula(brd, "C3"); fo != "" {
				t.Errorf("Boards C3 formula %q", fo)
			}
			if tb, err := f.GetTables(rev); err != nil || len(tb) != 1 || tb[0].Range != "A1:AX4" {
				t.Errorf("Revokes table %+v %v", tb, err)
			}
			if pn, _ := f.GetPanes(rev); !pn.Freeze || pn.YSplit != 1 {
				t.Errorf("Revokes panes %+v", pn)
			}
			// Boards: two boards with a revoke, score change +50.
			brows, _ := f.GetRows(brd)
			if len(brows) != 3 {
				t.Errorf("Boards: %d rows", len(brows))
			}
			if v, _ := f.GetCellValue(brd, "R2", excelize.Options{RawCellValue: true}); v != "50" {
				t.Errorf("score change %q", v)
			}
			// Problems: the board's two and the file's one.
			prows, _ := f.GetRows(prob)
			if len(prows) != 4 || prows[3][4] != "unreadable-file" {
				t.Errorf("Problems %q", prows)
			}
			if fo, _ := f.GetCellFormula(prob, "G3"); fo != "" {
				t.Errorf("problem message is a formula %q", fo)
			}
			// Statistics: counts by trick, and charts.
			// Plausible revokes first, all revokes beside (laws.md A14).
			for _, c := range []struct {
				a    string
				want []string
			}{
				// 3 boards with play; trick 3 plausible, 11 suspect, 1
				// undetermined. By trick: the boards reaching the trick,
				// and each rate with its 95% Wilson interval (1 of 1:
				// 206.55 to 1,000; 0 of 2: 0 to 657.62).
				{"3", []string{"3", "1", "1", "1,000.00", "206.55", "1,000.00", "1", "33.3%", "1,000.00", "206.55", "1,000.00"}},
				{"11", []string{"11", "1", "0", "0.00", "0.00", "793.45", "1", "33.3%", "1,000.00", "206.55", "1,000.00"}},
				{"1", []string{"1", "2", "0", "0.00", "0.00", "657.62", "1", "33.3%", "500.00", "94.53", "905.47"}},
				{"Example: one revoke, seven editions", []string{"Example: one revoke, seven editions", "2", "2", "1", "500.00", "94.53", "905.47", "2", "1,000.00", "342.38", "1,000.00"}},
			} {
				if r := findRow(t, f, stat, c.a); !reflect.DeepEqual(r, c.want) {
					t.Errorf("Statistics row %q, want %q", r, c.want)
				}
			}
			for label, want := range map[string]string{"Plausible revokes": "1", "Suspect revokes": "1", "Undetermined revokes": "1"} {
				if r := findRow(t, f, tc.sheets[0], tr(NewPrinter(tc.lang), label)); len(r) < 2 || r[1] != want {
					t.Errorf("summary %s: %q, want %s", label, r, want)
				}
				if r := findRow(t, f, stat, tr(NewPrinter(tc.lang), label)); len(r) < 2 || r[1] != want {
					t.Errorf("statistics %s: %q, want %s", label, r, want)
				}
			}
			// Summary: the equity-short count.
			label := tr(NewPrinter(tc.lang), "Equity short (Law 64C)")
			if r := findRow(t, f, tc.sheets[0], label); len(r) < 2 || r[1] != "1" {
				t.Errorf("summary equity short %q", r)
			}
			if n := countCharts(t, path); n < 8 {
				t.Errorf("%d charts, want at least 8", n)
			}
		})
	}
}

// countCharts counts the chart parts in the workbook's zip.
func countCharts(t *testing.T, path string) int {
	t.Helper()
	z, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	n := 0
	for _, f := range z.File {
		if strings.HasPrefix(f.Name, "xl/charts/chart") {
			n++
		}
	}
	return n
}

func TestXLSXAbort(t *testing.T) {
	dir := t.TempDir()
	w, err := NewXLSX(filepath.Join(dir, "r.xlsx"), NewPrinter("en"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range sampleFindings() {
		if err := w.Board(f); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "r.xlsx")); err == nil {
		t.Error("workbook exists before Close")
	}
	w.Abort()
	w.Abort()
	if n := dirNames(t, dir); len(n) != 0 {
		t.Errorf("Abort left %v", n)
	}
}

// TestXLSXStream writes many rows; with -short a few.
func TestXLSXStream(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 500
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "big.xlsx")
	w, err := NewXLSX(path, NewPrinter("nl"))
	if err != nil {
		t.Fatal(err)
	}
	base := sampleFindings()[0]
	s := &Summary{Edition: "2017"}
	for i := 1; i <= n; i++ {
		f := *base
		b := *base.Board
		b.Index = i
		b.Tags = append([]pbn.Tag{{Name: "Event", Value: "Event " + string(rune('A'+i%40))}}, b.Tags[1:]...)
		f.Board = &b
		f.Revokes = f.Revokes[:1]
		if i%3 != 0 {
			f.Revokes = nil
			f.Problems = nil
		}
		s.AddBoard(&f)
		if err := w.Board(&f); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(s); err != nil {
		t.Fatal(err)
	}
	f := openXLSX(t, path)
	rows, err := f.Rows("Verzakingen")
	if err != nil {
		t.Fatal(err)
	}
	count := 0
	for rows.Next() {
		count++
	}
	rows.Close()
	if count != n/3+1 {
		t.Errorf("%d rows, want %d", count, n/3+1)
	}
	if r := findRow(t, f, "Statistiek", "Event B"); len(r) < 5 {
		t.Errorf("event row %q", r)
	}
}

// TestWriteSampleWorkbook writes the sample workbook to -out (for
// looking at it: go test ./report -run TestWriteSampleWorkbook -args
// -out /tmp/x.xlsx -lang nl).
func TestWriteSampleWorkbook(t *testing.T) {
	if *sampleOut == "" {
		t.Skip("no -out")
	}
	w, err := NewXLSX(*sampleOut, NewPrinter(*sampleLang))
	if err != nil {
		t.Fatal(err)
	}
	s := &Summary{Files: 3, Edition: "auto", Attention: "end-of-play",
		Inputs: []string{"club/2019-03.pbn", "nbb/meesterklasse.zip", "bbo/vugraph.lin"}, ElapsedMS: 5321}
	// A few hundred boards from several events, with revokes spread over
	// tricks, seats and suits.
	events := []string{"Meesterklasse 2019", "Clubdrive Utrecht", "Vugraph: Bermuda Bowl", hostile}
	samples := sampleFindings()
	for i := 1; i <= 1200; i++ {
		f := *samples[0]
		b := *f.Board
		b.Index = i
		b.Tags = append([]pbn.Tag{{Name: "Event", Value: events[i%len(events)]}, {Name: "Board", Value: strconv.Itoa(i%32 + 1)}}, b.Tags[1:3]...)
		f.Board = &b
		f.Revokes = nil
		f.Problems = nil
		if i%23 == 0 || i%37 == 0 {
			r := samples[0].Revokes[0]
			r.Trick = 1 + (i*7)%13
			r.Offender = pbn.Seat(i % 4)
			r.Role = analyze.Role(i % 3)
			r.Led = pbn.Suit((i / 3) % 4)
			r.Transfer = (i / 5) % 4
			r.Established = i%5 != 0
			if !r.Established {
				r.EstablishedBy, r.Transfer = analyze.ByNone, 0
			} else if i%7 == 0 {
				r.EstablishedBy = analyze.ByClaim
			}
			if i%3 != 0 {
				r.Flags = nil
			}
			f.Revokes = []analyze.Revoke{r}
		}
		s.AddBoard(&f)
		if err := w.Board(&f); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range samples[1:] {
		s.AddBoard(f)
		if err := w.Board(f); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(s); err != nil {
		t.Fatal(err)
	}
}

// TestHeadersUnique checks that the headers of each table sheet are
// distinct in every language (an Excel table needs unique names).
func TestHeadersUnique(t *testing.T) {
	for _, lang := range Languages {
		p := NewPrinter(lang)
		for _, cols := range [][]column{revokeColumns, boardColumns, problemColumns} {
			seen := map[string]bool{}
			for _, c := range cols {
				h := tr(p, c.header)
				if seen[h] {
					t.Errorf("%s: header %q twice", lang, h)
				}
				seen[h] = true
			}
		}
	}
	if len(revokeColumns) != len(revokeKeys) || len(problemColumns) != len(problemKeys) {
		t.Error("columns and keys differ in number")
	}
}

// TestBoardAssessment: the Boards sheet's assessment is the most cautious
// of the board's revokes' (suspect, then undetermined, then plausible).
func TestBoardAssessment(t *testing.T) {
	P, S, U := analyze.Plausible, analyze.Suspect, analyze.Undetermined
	for _, tc := range []struct {
		revs []analyze.Assessment
		want analyze.Assessment
	}{
		{[]analyze.Assessment{P}, P},
		{[]analyze.Assessment{P, P}, P},
		{[]analyze.Assessment{P, U}, U},
		{[]analyze.Assessment{U, P}, U},
		{[]analyze.Assessment{P, S}, S},
		{[]analyze.Assessment{S, U}, S},
		{[]analyze.Assessment{U, S, P}, S},
	} {
		f := &analyze.Findings{}
		for _, a := range tc.revs {
			f.Revokes = append(f.Revokes, analyze.Revoke{Assessment: a})
		}
		if got := boardAssessment(f); got != tc.want {
			t.Errorf("%v: %v, want %v", tc.revs, got, tc.want)
		}
	}
}
