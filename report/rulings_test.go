package report

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/message"

	"revokes/analyze"
	"revokes/pbn"
	"revokes/pbn/boards"
	"revokes/pbn/pbntest"
)

// rulingFindings returns the boards of the built-in sample archive and
// the bare record (no names, no auction), analysed.
func rulingFindings(t *testing.T) []*analyze.Findings {
	t.Helper()
	paths, _ := filepath.Glob("../cmd/revokes/sample/*")
	if len(paths) == 0 {
		t.Fatal("no sample archive")
	}
	var fs []*analyze.Findings
	for _, p := range paths {
		text, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		fs = append(fs, analyseText(t, "sample/"+filepath.Base(p), text)...)
	}
	return append(fs, analyseText(t, "bare.pbn", []byte(noNames))...)
}

// writeRulings writes the findings as a workbook in lang and opens it.
func writeRulings(t *testing.T, fs []*analyze.Findings, lang string) (*excelize.File, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "r.xlsx")
	w, err := NewXLSX(path, NewPrinter(lang))
	if err != nil {
		t.Fatal(err)
	}
	s := &Summary{Edition: "auto"}
	for _, f := range fs {
		s.AddBoard(f)
		if err := w.Board(f); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(s); err != nil {
		t.Fatal(err)
	}
	return openXLSX(t, path), path
}

// sheetXML returns the XML of the workbook's sheet number n (1-based).
func sheetXML(t *testing.T, path string, n int) string {
	t.Helper()
	z, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	for _, f := range z.File {
		if f.Name == "xl/worksheets/sheet"+strconv.Itoa(n)+".xml" {
			r, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(r)
			r.Close()
			return string(b)
		}
	}
	t.Fatalf("no sheet %d", n)
	return ""
}

// fillOf returns the fill colour of a cell's style, or "".
func fillOf(t *testing.T, f *excelize.File, sheet, cell string) string {
	t.Helper()
	id, err := f.GetCellStyle(sheet, cell)
	if err != nil {
		t.Fatal(err)
	}
	st, err := f.GetStyle(id)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Fill.Color) == 0 {
		return ""
	}
	return strings.TrimPrefix(strings.ToUpper(st.Fill.Color[0]), "#")
}

func TestRulingsSheet(t *testing.T) {
	fs := rulingFindings(t)
	var revs []struct {
		f *analyze.Findings
		r *analyze.Revoke
	}
	for _, f := range fs {
		for i := range f.Revokes {
			revs = append(revs, struct {
				f *analyze.Findings
				r *analyze.Revoke
			}{f, &f.Revokes[i]})
		}
	}
	if len(revs) != 16 {
		t.Fatalf("%d revokes in the sample and the bare record, want 16", len(revs))
	}
	for _, lang := range Languages {
		t.Run(lang, func(t *testing.T) {
			p := NewPrinter(lang)
			x, path := writeRulings(t, fs, lang)
			sheet, revSheet, brdSheet := tr(p, "Rulings"), tr(p, "Revokes"), tr(p, "Boards")
			if list := x.GetSheetList(); list[len(list)-1] != sheet {
				t.Fatalf("sheets %v, want %s last", list, sheet)
			}
			rows, err := x.GetRows(sheet)
			if err != nil {
				t.Fatal(err)
			}
			// One block per revoke, each starting with its title.
			var starts []int
			titleRE := regexp.MustCompile("^" + regexp.QuoteMeta(strings.SplitN(tr(p, "Ruling %d: revoke by %s, trick %d", 0, "", 0), "0", 2)[0]) + `\d+:`)
			for i, r := range rows {
				if len(r) > 0 && titleRE.MatchString(r[0]) {
					starts = append(starts, i) // the running head is the row above
				}
			}
			if len(starts) != len(revs) {
				t.Fatalf("%d blocks, want %d", len(starts), len(revs))
			}
			// A page break before every block but the first.
			xml := sheetXML(t, path, 6)
			for _, s := range starts[1:] {
				if !strings.Contains(xml, `<brk id="`+strconv.Itoa(s-1)+`"`) {
					t.Errorf("no page break before row %d", s)
				}
			}
			if n := strings.Count(xml, "<brk "); n != len(starts)-1 {
				t.Errorf("%d page breaks, want %d", n, len(starts)-1)
			}
			// A4 portrait, fitted to the page width.
			if pl, _ := x.GetPageLayout(sheet); pl.Size == nil || *pl.Size != 9 || *pl.Orientation != "portrait" || *pl.FitToWidth != 1 {
				t.Errorf("page layout %+v", pl)
			}
			area := false
			for _, d := range x.GetDefinedName() {
				if d.Name == "_xlnm.Print_Area" && d.Scope == sheet && strings.HasSuffix(d.RefersTo, "$A$1:$J$"+strconv.Itoa(len(rows))) {
					area = true
				}
			}
			if !area {
				t.Errorf("no print area over A1:J%d in %v", len(rows), x.GetDefinedName())
			}
			// The plausible revokes' pages first, each kind in input
			// order (output.md "Revision 3").
			lastRow := [2]int{}
			seen := map[int]bool{}
			for k, s := range starts {
				block := rows[s-1:]
				if k+1 < len(starts) {
					block = rows[s-1 : starts[k+1]-1]
				}
				// Links both ways between the block and its Revokes row.
				ok, back, _ := x.GetCellHyperLink(sheet, "I"+strconv.Itoa(s+1))
				revRow, err := strconv.Atoi(strings.TrimPrefix(back, "'"+revSheet+"'!B"))
				if !ok || err != nil || revRow < 2 || revRow-2 >= len(revs) || seen[revRow] {
					t.Fatalf("block %d links back to %q", k+1, back)
				}
				seen[revRow] = true
				rv := revs[revRow-2]
				kind := 0
				if rv.r.Assessment != analyze.Plausible {
					kind = 1
				}
				if revRow < lastRow[kind] || kind == 0 && lastRow[1] > 0 {
					t.Errorf("block %d (Revokes row %d, %s) out of order", k+1, revRow, rv.r.Assessment)
				}
				lastRow[kind] = revRow
				ok, target, _ := x.GetCellHyperLink(revSheet, "B"+strconv.Itoa(revRow))
				if want := cellRef(sheet, 1, s); !ok || target != want {
					t.Errorf("Revokes B%d links to %q, want %q", revRow, target, want)
				}
				ok, target, _ = x.GetCellHyperLink(revSheet, "G"+strconv.Itoa(revRow))
				if !ok || !strings.HasPrefix(target, "'"+brdSheet+"'!A") {
					t.Errorf("Revokes G%d links to %q, want a Boards row", revRow, target)
				}
				// Pages are numbered in the sheet's order.
				if m := titleRE.FindString(block[1][0]); !strings.HasSuffix(m, " "+strconv.Itoa(k+1)+":") {
					t.Errorf("block %d is titled %q", k+1, block[1][0])
				}
				// The revoke card: one cell with the revoke style, holding
				// the offender's letter and the card.
				want := seatLetter(p, rv.r.Offender) + " " + cardText(p, rv.r.Card)
				var revokeCells, heldCells []string
				for i, r := range block {
					for j, v := range r {
						cell, _ := excelize.CoordinatesToCellName(j+1, s+i)
						switch fillOf(t, x, sheet, cell) {
						case colRevoke:
							revokeCells = append(revokeCells, v)
						case colHeld:
							heldCells = append(heldCells, v)
						}
					}
				}
				if len(revokeCells) != 1 || revokeCells[0] != want {
					t.Errorf("block %d: revoke cells %q, want [%q]", k+1, revokeCells, want)
				}
				// The cards the offender withheld, highlighted where he
				// plays them later.
				var later []string
				for _, pl := range rv.f.Board.Play[rv.r.Trick*4:] {
					if pl.Seat == rv.r.Offender && rv.r.Held.Has(pl.Card) {
						later = append(later, seatLetter(p, pl.Seat)+" "+cardText(p, pl.Card))
					}
				}
				if strings.Join(heldCells, ",") != strings.Join(later, ",") {
					t.Errorf("block %d: held cells %q, want %q", k+1, heldCells, later)
				}
				text := ""
				for _, r := range block {
					text += strings.Join(r, "|") + "\n"
				}
				if rv.f.Board.Tag("Event") == "Bare" {
					if strings.Count(text, tr(p, "not recorded")) != 2 { // players, auction
						t.Errorf("bare block without %q:\n%s", tr(p, "not recorded"), text)
					}
				} else if strings.Contains(text, tr(p, "not recorded")) {
					t.Errorf("block %d says %q:\n%s", k+1, tr(p, "not recorded"), text)
				}
				if n := rv.f.Board.Players[rv.r.Offender]; n != "" && !strings.Contains(block[1][0], n) {
					t.Errorf("title %q without the offender's name %q", block[1][0], n)
				}
				if ev := rv.f.Board.Tag("Event"); !strings.HasPrefix(block[0][0], ev) || !strings.Contains(block[0][0], rv.f.Board.Tag("Board")) {
					t.Errorf("running head %q without event %q and board", block[0][0], ev)
				}
				if s := articleText(rv.f.Edition, rv.r.Rule); s == "" || !strings.Contains(text, tr(p, s)) {
					t.Errorf("block %d: no statement of %s", k+1, rv.r.Rule)
				}
			}
		})
	}
}

// TestProblemLinks checks that a board's problem links to its Boards row.
func TestProblemLinks(t *testing.T) {
	x, _ := writeRulings(t, sampleFindings(), "en")
	ok, target, _ := x.GetCellHyperLink("Problems", "B2")
	if !ok || target != "'Boards'!A2" {
		t.Errorf("problem of board 1 links to %q", target)
	}
	if ok, _, _ := x.GetCellHyperLink("Problems", "B3"); ok {
		t.Error("a problem outside any board has a link")
	}
}

// TestArticleTexts checks that every article an edition cites has a
// statement.
func TestArticleTexts(t *testing.T) {
	for _, e := range analyze.Editions {
		a := e.Art
		for _, art := range []string{a.Won, a.NotWon, a.NoTrick, a.SameSuit, a.Dummy, a.AfterRound, a.Trick12, a.Trick12Late, a.BothSides, a.NotEstablished} {
			if art != "" && articleText(e, e.Name+" "+art) == "" {
				t.Errorf("%s %s: no statement", e.Name, art)
			}
		}
	}
	if articleText(analyze.EditionByName("2017"), "1963 art. 64") != "" {
		t.Error("a statement for another edition's rule")
	}
}

// TestRevokesPrinting checks the Revokes sheet's print setup: not fitted
// to one page wide, the header row and the Game column repeated, the
// first columns frozen, the columns of the revoke and its effect printed, long texts wrapped, the linked cells styled as links.
func TestRevokesPrinting(t *testing.T) {
	x, _ := writeRulings(t, rulingFindings(t), "en")
	sh := "Revokes"
	if props, _ := x.GetSheetProps(sh); props.FitToPage == nil || *props.FitToPage {
		t.Errorf("Revokes fitted to the page: %+v", props)
	}
	if pl, _ := x.GetPageLayout(sh); pl.AdjustTo == nil || *pl.AdjustTo < 70 {
		t.Errorf("Revokes printed at %v%%", pl.AdjustTo)
	}
	titles, area := "", ""
	for _, d := range x.GetDefinedName() {
		if d.Name == "_xlnm.Print_Titles" && d.Scope == sh {
			titles = d.RefersTo
		}
		if d.Name == "_xlnm.Print_Area" && d.Scope == sh {
			area = d.RefersTo
		}
	}
	// The Game column (the link to the ruling) repeated, not the wide
	// File column; printed up to the adjusted score, the facts after it
	// being on the ruling pages.
	if titles != "'Revokes'!$B:$B,'Revokes'!$1:$1" {
		t.Errorf("print titles %q", titles)
	}
	if last, _ := excelize.ColumnNumberToName(keyIndex("score_adjusted") + 1); area != "'Revokes'!$A:$"+last {
		t.Errorf("print area %q, want columns A to %s", area, last)
	}
	if pn, _ := x.GetPanes(sh); !pn.Freeze || pn.XSplit != revokeFrozen || pn.YSplit != 1 {
		t.Errorf("panes %+v", pn)
	}
	style := func(cell string) *excelize.Style {
		id, _ := x.GetCellStyle(sh, cell)
		st, err := x.GetStyle(id)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	reason, _ := excelize.CoordinatesToCellName(keyIndex("reason")+1, 2)
	if st := style(reason); st.Alignment == nil || !st.Alignment.WrapText {
		t.Errorf("reason %s not wrapped", reason)
	}
	for _, cell := range []string{"B2", "G2"} {
		if st := style(cell); st.Font == nil || st.Font.Underline != "single" {
			t.Errorf("link %s not styled as a link", cell)
		}
	}
	if st := style("C2"); st.Font != nil && st.Font.Underline != "" {
		t.Error("line cell styled as a link")
	}
}

// TestRulingsCatalog checks that every Dutch text of the rulings is the
// one the catalog prints (a key that another table also holds must say
// the same there).
func TestRulingsCatalog(t *testing.T) {
	nl := NewPrinter("nl")
	for k, v := range dutchRulings {
		if got := nl.Sprintf(k); !strings.Contains(k, "%") && got != v {
			t.Errorf("%q prints %q, rulings table says %q", k, got, v)
		}
	} // Plural forms.
	en := NewPrinter("en")
	for _, c := range []struct {
		p    *message.Printer
		n    int
		want string
	}{
		{en, 1, "1 trick to North-South"}, {en, 2, "2 tricks to North-South"},
		{nl, 1, "1 slag naar Noord-Zuid"}, {nl, 2, "2 slagen naar Noord-Zuid"},
	} {
		if got := tr(c.p, "%d tricks to %s", c.n, tr(c.p, "North-South")); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
}

// TestPlayWinner checks the play table's winners: a trick with an unknown
// card (laws.md A12) or cut short has none.
func TestPlayWinner(t *testing.T) {
	x, err := NewXLSX(filepath.Join(t.TempDir(), "w.xlsx"), NewPrinter("en"))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Abort()
	pl := func(s pbn.Seat, c string) pbn.Play {
		if c == "-" {
			return pbn.Play{Seat: s}
		}
		return pbn.Play{Seat: s, Card: card(c)}
	}
	bd := &pbn.Board{HasContract: true, Contract: pbn.Contract{Level: 4, Strain: pbn.Strain(pbn.Hearts)},
		Play: []pbn.Play{
			pl(pbn.West, "SK"), pl(pbn.North, "H3"), pl(pbn.East, "SA"), pl(pbn.South, "S4"),
			pl(pbn.North, "D2"), pl(pbn.East, "-"), pl(pbn.South, "DA"), pl(pbn.West, "D3"),
			pl(pbn.South, "C2"),
		}}
	f := &analyze.Findings{Board: bd, Revokes: []analyze.Revoke{{Offender: pbn.North, Trick: 1, Led: pbn.Spades, Card: card("H3")}}}
	var b block
	x.rul.play(&b, f, 0)
	var won []any
	for _, r := range b.rows[2:5] { // after the title and the header
		won = append(won, r.vals[6].(excelize.Cell).Value)
	}
	if want := []any{"North", "—", "—"}; !reflect.DeepEqual(won, want) {
		t.Errorf("winners %v, want %v", won, want)
	}
}

// TestRulingsCapped: when the Rulings sheet is full, the plausible
// revokes have their pages first; a later plausible revoke takes the place
// of a kept page of another; the Summary says how many have none.
func TestRulingsCapped(t *testing.T) {
	fs := rulingFindings(t)
	var plausible, others []int // Revokes rows
	row := 2
	for _, f := range fs {
		for i := range f.Revokes {
			if f.Revokes[i].Assessment == analyze.Plausible {
				plausible = append(plausible, row)
			} else {
				others = append(others, row)
			}
			row++
		}
	}
	if len(plausible) < 3 || len(others) < 2 {
		t.Fatalf("%d plausible and %d other revokes: want more of each", len(plausible), len(others))
	}
	total := len(plausible) + len(others)
	for _, tc := range []struct {
		max  int
		want []int // Revokes rows with a page, in the sheet's order
	}{
		{2, plausible[:2]},
		{len(plausible), plausible},
		{len(plausible) + 1, append(slices.Clip(plausible), others[0])},
		{total, append(slices.Clip(plausible), others...)},
	} {
		path := filepath.Join(t.TempDir(), "r.xlsx")
		w, err := NewXLSX(path, NewPrinter("en"))
		if err != nil {
			t.Fatal(err)
		}
		w.rul.max = tc.max
		s := &Summary{}
		for _, f := range fs {
			s.AddBoard(f)
			if err := w.Board(f); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(s); err != nil {
			t.Fatal(err)
		}
		x := openXLSX(t, path)
		rows, _ := x.GetRows("Rulings")
		var got []int
		for i, r := range rows {
			if len(r) > 0 && strings.HasPrefix(r[0], "Ruling ") {
				_, back, _ := x.GetCellHyperLink("Rulings", "I"+strconv.Itoa(i+1))
				n, _ := strconv.Atoi(strings.TrimPrefix(back, "'Revokes'!B"))
				got = append(got, n)
				if !strings.HasPrefix(r[0], "Ruling "+strconv.Itoa(len(got))+":") {
					t.Errorf("max %d: page %d titled %q", tc.max, len(got), r[0])
				}
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("max %d: pages of Revokes rows %v, want %v", tc.max, got, tc.want)
		}
		// Only the revokes with a page link to one.
		for r := 2; r < total+2; r++ {
			ok, _, _ := x.GetCellHyperLink("Revokes", "B"+strconv.Itoa(r))
			if ok != slices.Contains(tc.want, r) {
				t.Errorf("max %d: Revokes B%d link %v", tc.max, r, ok)
			}
		}
		summary, _ := x.GetRows("Summary")
		note := ""
		for _, r := range summary {
			if len(r) > 1 && r[0] == "Rulings" && note == "" {
				note = r[1]
			}
		}
		want := tr(NewPrinter("en"), "%d revokes have no ruling page: the sheet holds %d, the plausible revokes first", total-len(tc.want), tc.max)
		if len(tc.want) < total && note != want {
			t.Errorf("max %d: Summary says %q, want %q", tc.max, note, want)
		}
		x.Close()
	}
}

// TestRulingApplied: a board with two revokes, one not applied (the
// director's no-revoke): each page gives its own transfer's effect apart
// from the whole board after the applied ruling, names the other ruling
// with whether it is applied, and the page of the revoke not applied says
// so at its top (laws.md A24).
func TestRulingApplied(t *testing.T) {
	text, err := os.ReadFile("../cmd/revokes/sample/2005-09-17-congress-teams.pbn")
	if err != nil {
		t.Fatal(err)
	}
	board := func(fs []*analyze.Findings) *analyze.Findings {
		for _, f := range fs {
			if len(f.Revokes) == 2 {
				return f
			}
		}
		t.Fatal("no board with two revokes")
		return nil
	}
	first := board(analyseText(t, "s.pbn", text))
	east, south := first.Revokes[0], first.Revokes[1]
	if east.Offender != pbn.East || south.Offender != pbn.South || east.Transfer != 1 || south.Transfer != 2 || first.TricksRecorded != 7 {
		t.Fatalf("the sample's board changed: %+v", first.Revokes)
	}
	br, _, err := boards.NewReader(bytes.NewReader(text), "s.pbn")
	if err != nil {
		t.Fatal(err)
	}
	a, err := analyze.New(analyze.Options{Edition: "auto", Decisions: map[string]analyze.Decision{
		south.ID: {Kind: analyze.DecideNoRevoke, Text: "no revoke"}}})
	if err != nil {
		t.Fatal(err)
	}
	bs, _ := pbntest.ReadAll(t, "s.pbn", br)
	var fs []*analyze.Findings
	for _, b := range bs {
		fs = append(fs, a.Board(b))
	}
	f := board(fs)
	if f.Applied() != 1 || f.TricksAdjusted != 8 {
		t.Fatalf("applied %d, tricks %d → %d", f.Applied(), f.TricksRecorded, f.TricksAdjusted)
	}
	for _, lang := range Languages {
		p := NewPrinter(lang)
		x, _ := writeRulings(t, []*analyze.Findings{f}, lang)
		rows, _ := x.GetRows(tr(p, "Rulings"))
		var pages []string
		titleRE := regexp.MustCompile("^" + regexp.QuoteMeta(strings.SplitN(tr(p, "Ruling %d: revoke by %s, trick %d", 0, "", 0), "0", 2)[0]) + `\d+:`)
		for _, r := range rows {
			if len(r) > 0 && titleRE.MatchString(r[0]) {
				pages = append(pages, "")
			}
			if len(pages) > 0 {
				pages[len(pages)-1] += strings.Join(r, "|") + "\n"
			}
		}
		if len(pages) != 2 {
			t.Fatalf("%s: %d pages", lang, len(pages))
		}
		score := func(tricks int) int {
			bd := f.Board
			return analyze.Score(f.Edition.Scoring, bd.Contract, bd.Vul.Vulnerable(bd.Declarer), tricks)
		}
		board := tr(p, "after the applied rulings (%d of %d revokes): %s", 1, 2,
			tr(p, "declarer's tricks %d → %d", 7, 8)+", "+tr(p, "score %d → %d", score(7), score(8)))
		for k, tc := range []struct {
			r                  *analyze.Revoke
			banner, alone, not bool
			tricks             int
			other              *analyze.Revoke
		}{
			{&f.Revokes[0], false, true, false, 8, &f.Revokes[1]},
			{&f.Revokes[1], true, true, true, 5, &f.Revokes[0]},
		} {
			page := pages[k]
			alone := tr(p, "its transfer alone: %s", tr(p, "declarer's tricks %d → %d", 7, tc.tricks)+", "+tr(p, "score %d → %d", score(7), score(tc.tricks)))
			if tc.not {
				alone += " " + tr(p, "(were it applied)")
			}
			want := []string{alone, board, otherRuling(p, f.Board, tc.other)}
			if tc.banner {
				want = append(want, notAppliedText(p, tc.r), decisionLine(p, tc.r))
				// The banner is the row below the title.
				if lines := strings.Split(page, "\n"); !strings.HasPrefix(lines[1], notAppliedText(p, tc.r)) {
					t.Errorf("%s page %d: row 2 is %q", lang, k+1, lines[1])
				}
			} else if strings.Contains(page, notAppliedText(p, tc.r)[:10]) {
				t.Errorf("%s page %d has a not-applied banner", lang, k+1)
			}
			for _, w := range want {
				if !strings.Contains(page, w) {
					t.Errorf("%s page %d lacks %q:\n%s", lang, k+1, w, page)
				}
			}
		}
		if !strings.Contains(pages[1], ", "+tr(p, "applied")+"\n") || !strings.Contains(pages[0], tr(p, "not applied (%s)", tr(p, "decision"))) {
			t.Errorf("%s: other rulings without applied or not", lang)
		}
		x.Close()
	}
}
