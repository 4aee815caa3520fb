package report

import (
	"archive/zip"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/message"

	"revokes/analyze"
	"revokes/pbn"
)

// XLSX writes the report as an Excel workbook with the sheets Summary,
// Revokes, Boards, Problems and Statistics (names in the printer's
// language). Revokes, Boards and Problems are streamed as the boards
// arrive, so memory stays bounded for archives of any size; Summary and
// Statistics are written at Close from counters.
//
// Every text from the input is a text cell (never a formula), cleaned of
// the control characters Excel rejects and capped at 32,767 characters;
// numbers are number cells.
//
// The workbook is written to a temporary file in the target directory and
// renamed at Close: nothing appears under the final name before Close
// succeeds. Abort discards the workbook instead.
type XLSX struct {
	f     *excelize.File
	p     *message.Printer
	tmp   *tempFile
	start time.Time
	names sheetNames
	st    styles
	rev   *stream
	brd   *stream
	prob  *stream
	stats stats
	rul   *rulings      // the Rulings sheet (rulings.go)
	cards *cardNotation // the printer's card notation (values.go), made at first use
	files fileNames     // how the File columns show a file's name (files.go)
	// linkCount counts the hyperlinks of each sheet (maxLinks).
	linkCount map[string]int
	cells     []cell
	vals      []any
	closed    bool
}

type sheetNames struct {
	summary, revokes, boards, problems, stats string
	rulings                                   string
}

// stream is one streamed sheet with a header row.
type stream struct {
	sw    *excelize.StreamWriter
	sheet string
	table string // name of its Excel table
	rows  int    // rows written, header included
	cols  int
	// dropped counts the rows beyond Excel's limit of 1,048,576 rows,
	// which are left out (the CSV and JSON Lines reports have them all).
	dropped int
}

// styles are the cell styles of the workbook.
type styles struct {
	header, title, subtitle, section, label, note int
	integer, signed, percent, rate, date, bold    int
	leftRate, center, intCenter                   int
	linkInt, linkText, wrap                       int // rulings.go
	day, year, numLeft                            int // a date without time; a year (no thousands separator), centred; a plain number, left
}

// column is one column of a streamed sheet: the English header (a
// catalog key) and its width.
type column struct {
	header string
	width  float64
	center bool // short codes and small numbers are centred
}

// revokeColumns are the columns of the Revokes sheet, one per revokeKeys.
var revokeColumns = []column{
	{"File", 26, false}, {"Game", 7, true}, {"Line", 7, true}, {"Event", 28, false}, {"Site", 16, false}, {"Date", 11, false},
	{"Board", 7, true}, {"Room", 13, true}, {"Dealer", 7, true}, {"Vulnerable", 11, true}, {"Contract", 9, true},
	{"Declarer", 9, true}, {"Edition", 8, true}, {"Offender", 9, true}, {"Role", 10, false}, {"Trick", 7, true},
	{"Led", 6, true}, {"Card", 6, true}, {"Held", 14, false}, {"Won by", 8, true}, {"Established", 12, true},
	{"Established by", 12, false}, {"Transfer", 9, true}, {"Rule", 14, false},
	{"Assessment", 13, false}, {"Evidence", 48, false}, {"Reason", 60, false}, {"Flags", 29, false},
	{"Id", 14, false}, {"Applied", 9, true}, {"Not applied", 14, false}, {"Decision", 12, true},
	{"Tricks recorded", 10, true}, {"Tricks adjusted", 10, true}, {"Score recorded", 10, false},
	{"Score adjusted", 10, false}, {"DD with revoke", 10, true}, {"DD without revoke", 10, true}, {"DD gain", 8, true},
	{"North", 16, false}, {"East", 16, false}, {"South", 16, false}, {"West", 16, false},
	{"Offender's name", 18, false}, {"Deal", 40, false}, {"Auction", 30, false}, {"Trick cards", 22, false},
	{"Scoring", 10, false}, {"Duplicate of", 26, false},
}

// revokeSheetColumns are the columns of the Revokes sheet: one per
// revokeKeys, then the Year of the board's Date (a workbook column only).
var revokeSheetColumns = append(slices.Clip(revokeColumns), column{"Year", 7, true})

// boardColumns are the columns of the Boards sheet.
var boardColumns = []column{
	{"File", 26, false}, {"Game", 7, true}, {"Event", 28, false}, {"Date", 11, false}, {"Board", 7, true}, {"Contract", 9, true},
	{"Declarer", 9, true}, {"Edition", 8, true}, {"Revokes", 9, true}, {"Established", 12, true},
	{"Assessment", 13, false}, {"Applied", 9, true}, {"Tricks transferred", 11, true}, {"Tricks recorded", 10, true}, {"Tricks adjusted", 10, true},
	{"Score recorded", 10, false}, {"Score adjusted", 10, false}, {"Score change", 10, false},
	{"Year", 7, true},
}

// problemColumns are the columns of the Problems sheet, one per problemKeys.
var problemColumns = []column{
	{"File", 26, false}, {"Game", 7, true}, {"Line", 7, true}, {"Column", 8, true}, {"Code", 20, false},
	{"Severity", 10, false}, {"Message", 90, false},
}

// NewXLSX starts a workbook to be written to path at Close, printing
// sheet names, headers and texts with p.
func NewXLSX(path string, p *message.Printer) (*XLSX, error) {
	return NewXLSXInputs(path, p, Inputs{})
}

// NewXLSXInputs is NewXLSX for a run that reads in: the File columns show
// the files found in a folder by their path below it, in a column as wide
// as the longest of those names (files.go).
func NewXLSXInputs(path string, p *message.Printer, in Inputs) (*XLSX, error) {
	tmp, err := createTemp(path)
	if err != nil {
		return nil, err
	}
	x := &XLSX{f: excelize.NewFile(), p: p, tmp: tmp, start: time.Now(), files: newFileNames(in)}
	x.stats.init()
	if err := x.setup(); err != nil {
		x.Abort()
		return nil, err
	}
	return x, nil
}

// setup creates the sheets in their final order, the styles, and the
// header rows of the streamed sheets.
func (x *XLSX) setup() error {
	p, f := x.p, x.f
	x.names = sheetNames{
		summary:  tr(p, "Summary"),
		revokes:  tr(p, "Revokes"),
		boards:   tr(p, "Boards"),
		problems: tr(p, "Problems"),
		stats:    tr(p, "Statistics"),
		rulings:  tr(p, "Rulings"),
	}
	if err := f.SetSheetName("Sheet1", x.names.summary); err != nil {
		return err
	}
	for _, n := range []string{x.names.revokes, x.names.boards, x.names.problems, x.names.stats, x.names.rulings} {
		if _, err := f.NewSheet(n); err != nil {
			return err
		}
	}
	if err := x.newStyles(); err != nil {
		return err
	}
	// Page setup goes first: a stream writer copies it at its start.
	for i, n := range []string{x.names.summary, x.names.revokes, x.names.boards, x.names.problems, x.names.stats} {
		if err := x.pageSetup(n, i >= 1 && i <= 3); err != nil {
			return err
		}
	}
	if err := x.printRevokes(); err != nil {
		return err
	}
	var err error
	if x.rev, err = x.newStream(x.names.revokes, "RevokeRows", revokeSheetColumns); err != nil {
		return err
	}
	if x.brd, err = x.newStream(x.names.boards, "BoardRows", boardColumns); err != nil {
		return err
	}
	if x.prob, err = x.newStream(x.names.problems, "ProblemRows", problemColumns); err != nil {
		return err
	}
	x.rul, err = x.newRulings(x.names.rulings)
	return err
}

func (x *XLSX) newStyles() error {
	const blue = "1F4E78"
	const font = "Calibri"
	thin := []excelize.Border{
		{Type: "left", Color: "BFBFBF", Style: 1}, {Type: "right", Color: "BFBFBF", Style: 1},
		{Type: "top", Color: "BFBFBF", Style: 1}, {Type: "bottom", Color: "BFBFBF", Style: 1},
	}
	signed := "+#,##0;-#,##0;0"
	pct := "0.0%"
	rate := "#,##0.00"
	date := "yyyy-mm-dd hh:mm"
	day := "yyyy-mm-dd"
	defs := []struct {
		id *int
		s  excelize.Style
	}{
		{&x.st.header, excelize.Style{
			Font:      &excelize.Font{Family: font, Bold: true, Color: "FFFFFF"},
			Fill:      excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{blue}},
			Alignment: &excelize.Alignment{Vertical: "center", WrapText: true},
			Border:    thin,
		}},
		{&x.st.title, excelize.Style{Font: &excelize.Font{Family: font, Bold: true, Size: 18, Color: blue}}},
		{&x.st.subtitle, excelize.Style{Font: &excelize.Font{Family: font, Italic: true, Color: "595959"}}},
		{&x.st.section, excelize.Style{
			Font:   &excelize.Font{Family: font, Bold: true, Size: 13, Color: blue},
			Border: []excelize.Border{{Type: "bottom", Color: blue, Style: 2}},
		}},
		{&x.st.label, excelize.Style{Font: &excelize.Font{Family: font, Bold: true},
			Alignment: &excelize.Alignment{Vertical: "top"}}},
		{&x.st.note, excelize.Style{Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}}},
		{&x.st.integer, excelize.Style{NumFmt: 3}},
		{&x.st.signed, excelize.Style{CustomNumFmt: &signed}},
		{&x.st.percent, excelize.Style{CustomNumFmt: &pct}},
		{&x.st.rate, excelize.Style{CustomNumFmt: &rate}},
		{&x.st.date, excelize.Style{CustomNumFmt: &date, Alignment: &excelize.Alignment{Horizontal: "left"}}},
		{&x.st.bold, excelize.Style{Font: &excelize.Font{Family: font, Bold: true}, NumFmt: 3,
			Alignment: &excelize.Alignment{Horizontal: "left"}}},
		{&x.st.center, excelize.Style{Alignment: &excelize.Alignment{Horizontal: "center"}}},
		{&x.st.intCenter, excelize.Style{NumFmt: 3, Alignment: &excelize.Alignment{Horizontal: "center"}}},
		{&x.st.leftRate, excelize.Style{CustomNumFmt: &rate, Alignment: &excelize.Alignment{Horizontal: "left"}}},
		{&x.st.day, excelize.Style{CustomNumFmt: &day, Alignment: &excelize.Alignment{Horizontal: "left"}}},
		{&x.st.year, excelize.Style{NumFmt: 1, Alignment: &excelize.Alignment{Horizontal: "center"}}},
		{&x.st.numLeft, excelize.Style{NumFmt: 1, Alignment: &excelize.Alignment{Horizontal: "left"}}},
		{&x.st.linkInt, excelize.Style{NumFmt: 3, Font: &excelize.Font{Color: "0563C1", Underline: "single"},
			Alignment: &excelize.Alignment{Horizontal: "center"}}},
		{&x.st.linkText, excelize.Style{Font: &excelize.Font{Color: "0563C1", Underline: "single"},
			Alignment: &excelize.Alignment{Horizontal: "center"}}},
		{&x.st.wrap, excelize.Style{Alignment: &excelize.Alignment{WrapText: true}}},
	}
	for _, d := range defs {
		id, err := x.f.NewStyle(&d.s)
		if err != nil {
			return err
		}
		*d.id = id
	}
	return nil
}

// pageSetup prints the sheet on A4 landscape, one page wide, with the
// sheet name and page numbers in the footer; table sheets repeat their
// header row on every page.
func (x *XLSX) pageSetup(sheet string, table bool) error {
	a4, landscape, one, any := 9, "landscape", 1, 0
	if err := x.f.SetPageLayout(sheet, &excelize.PageLayoutOptions{
		Size: &a4, Orientation: &landscape, FitToWidth: &one, FitToHeight: &any,
	}); err != nil {
		return err
	}
	fit := true
	if err := x.f.SetSheetProps(sheet, &excelize.SheetPropsOptions{FitToPage: &fit}); err != nil {
		return err
	}
	if err := x.f.SetHeaderFooter(sheet, &excelize.HeaderFooterOptions{
		OddFooter: "&L&8revokes&C&8&A&R&8" + tr(x.p, "page &P of &N"),
	}); err != nil {
		return err
	}
	if !table {
		return nil
	}
	return x.f.SetDefinedName(&excelize.DefinedName{
		Name: "_xlnm.Print_Titles", RefersTo: "'" + sheet + "'!$1:$1", Scope: sheet,
	})
}

// newStream opens the stream writer of a sheet: column widths, frozen
// header row, and the header.
func (x *XLSX) newStream(sheet, table string, cols []column) (*stream, error) {
	sw, err := x.f.NewStreamWriter(sheet)
	if err != nil {
		return nil, err
	}
	for i, c := range cols {
		if c.header == "File" {
			c.width = x.files.width
		}
		if err := sw.SetColWidth(i+1, i+1, headerWidth(tr(x.p, c.header), c.width)); err != nil {
			return nil, err
		}
	}
	panes := &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}
	if sheet == x.names.revokes {
		panes = revokePanes // rulings.go: the first columns frozen too
	}
	if err := sw.SetPanes(panes); err != nil {
		return nil, err
	}
	hdr := make([]any, len(cols))
	for i, c := range cols {
		hdr[i] = excelize.Cell{StyleID: x.st.header, Value: tr(x.p, c.header)}
	}
	if err := sw.SetRow("A1", hdr, excelize.RowOpts{Height: 46}); err != nil {
		return nil, err
	}
	return &stream{sw: sw, sheet: sheet, table: table, rows: 1, cols: len(cols)}, nil
}

// centre returns the value v of a centred column.
func (x *XLSX) centre(v any) any {
	switch c := v.(type) {
	case string:
		return excelize.Cell{StyleID: x.st.center, Value: c}
	case excelize.Cell:
		if c.StyleID == x.st.integer {
			c.StyleID = x.st.intCenter
		}
		return c
	}
	return v
}

// centreRow centres the values of the centred columns.
func (x *XLSX) centreRow(vals []any, cols []column) []any {
	for i := range vals {
		if cols[i].center {
			vals[i] = x.centre(vals[i])
		}
	}
	return vals
}

// add appends one row to a streamed sheet.
func (s *stream) add(vals []any, opts ...excelize.RowOpts) error {
	if s.rows >= excelize.TotalRows {
		s.dropped++
		return nil
	}
	s.rows++
	ref, err := excelize.CoordinatesToCellName(1, s.rows)
	if err != nil {
		return err
	}
	return s.sw.SetRow(ref, vals, opts...)
}

// finish adds the Excel table (filters, banded rows) and flushes.
func (s *stream) finish() error {
	last, err := excelize.CoordinatesToCellName(s.cols, max(s.rows, 2))
	if err != nil {
		return err
	}
	if err := s.sw.AddTable(&excelize.Table{Range: "A1:" + last, Name: s.table, StyleName: "TableStyleLight9"}); err != nil {
		return err
	}
	return s.sw.Flush()
}

// value returns the workbook value of a cell: text as a cleaned string,
// numbers as numbers (styled), booleans as yes/no in the language, nil
// for an absent value.
func (x *XLSX) value(c cell) any {
	switch c.kind {
	case absent:
		return nil
	case number:
		return excelize.Cell{StyleID: x.st.integer, Value: c.n}
	case boolean:
		if c.b {
			return tr(x.p, "yes")
		}
		return tr(x.p, "no")
	}
	return cleanText(c.s)
}

// boardValue returns a Board tag as a number when it is one (so that
// boards sort as numbers), else as text.
func (x *XLSX) boardValue(c cell) any {
	s := c.s
	if c.kind == text && len(s) > 0 && len(s) <= 9 && s[0] != '0' {
		n := 0
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return x.value(c)
			}
			n = n*10 + int(s[i]-'0')
		}
		return excelize.Cell{StyleID: x.st.integer, Value: n}
	}
	return x.value(c)
}

// Board streams the board's revoke rows, its Boards row when it has a
// revoke, and its problems, and counts it for the statistics.
func (x *XLSX) Board(f *analyze.Findings) error {
	if x.closed {
		return errClosed
	}
	if f.DuplicateOf == "" { // laws.md A23: a later copy is in no statistic
		x.stats.board(f)
	}
	if x.cells == nil {
		x.cells = make([]cell, 0, len(revokeKeys))
	}
	boardCol := 6 // index of "board" in revokeKeys
	dateCol := 5  // index of "date"
	// The board's Boards row, when it has one and the sheet has room.
	brdRow := 0
	if len(f.Revokes) > 0 && x.brd.rows < excelize.TotalRows {
		brdRow = x.brd.rows + 1
	}
	for i := range f.Revokes {
		revRow := 0
		if x.rev.rows < excelize.TotalRows {
			revRow = x.rev.rows + 1
		}
		rulRow, err := x.rul.add(f, i, revRow, brdRow)
		if err != nil {
			return err
		}
		x.cells = revokeRow(x.cells, f, &f.Revokes[i], x.p)
		x.vals = x.vals[:0]
		for j, c := range x.cells {
			switch j {
			case boardCol:
				x.vals = append(x.vals, x.boardValue(c))
			case dateCol:
				x.vals = append(x.vals, x.dateValue(c))
			case assessCol: // laws.md A14, in the reader's language
				x.vals = append(x.vals, assessmentText(x.p, f.Revokes[i].Assessment))
			case evidenceCol:
				x.vals = append(x.vals, x.value(textCell(evidenceText(x.p, f.Revokes[i].Evidence))))
			case decisionCol: // the director's, in the workbook's words
				x.vals = append(x.vals, x.decisionValue(&f.Revokes[i]))
			default:
				x.vals = append(x.vals, x.shown(revokeKeys[j], c))
			}
		}
		x.vals = append(x.vals, yearValue(f, x.st.year))
		x.vals = x.centreRow(x.vals, revokeSheetColumns)
		if err := x.rev.add(x.vals, x.revokeRowLayout(x.vals, rulRow != 0, brdRow > 0)); err != nil {
			return err
		}
		if err := x.revokeLinks(revRow, rulRow, brdRow); err != nil {
			return err
		}
	}
	if len(f.Revokes) > 0 {
		if err := x.brd.add(x.centreRow(x.boardRow(f), boardColumns)); err != nil {
			return err
		}
	}
	for i := range f.Problems {
		if err := x.problem(&f.Problems[i], brdRow); err != nil {
			return err
		}
	}
	return nil
}

// boardRow returns the Boards sheet row of a board with revokes.
func (x *XLSX) boardRow(f *analyze.Findings) []any {
	bd := f.Board
	num := func(n int) any { return excelize.Cell{StyleID: x.st.integer, Value: n} }
	opt := func(ok bool, s string) any {
		if !ok {
			return nil
		}
		return s
	}
	v := []any{
		x.value(textCell(x.files.show(bd.File))), num(bd.Index),
		x.value(textCell(bd.Tag("Event"))), x.dateValue(textCell(bd.Tag("Date"))),
		x.boardValue(textCell(bd.Tag("Board"))),
		opt(bd.HasContract, x.notation("contract", bd.Contract.String())), opt(bd.HasDeclarer, shownCode(x.p, bd.Declarer.String())),
		f.Edition.Name, num(len(f.Revokes)), num(f.Established()),
		assessmentText(x.p, boardAssessment(f)), num(f.Applied()), num(f.TransferredApplied()),
		nil, nil, nil, nil, nil,
		yearValue(f, x.st.year),
	}
	if f.HasTricks {
		v[13], v[14] = num(f.TricksRecorded), num(f.TricksAdjusted)
	}
	if f.HasScore {
		v[15], v[16] = num(f.ScoreRecorded), num(f.ScoreAdjusted)
		v[17] = excelize.Cell{StyleID: x.st.signed, Value: f.ScoreAdjusted - f.ScoreRecorded}
	}
	return v
}

// boardAssessment is the board's assessment on the Boards sheet: the most
// cautious of its revokes' (laws.md A14), suspect before undetermined
// before plausible, so that a changed score never hides a doubt about
// one of its revokes.
func boardAssessment(f *analyze.Findings) analyze.Assessment {
	a := analyze.Plausible
	for i := range f.Revokes {
		switch f.Revokes[i].Assessment {
		case analyze.Suspect:
			return analyze.Suspect
		case analyze.Undetermined:
			a = analyze.Undetermined
		}
	}
	return a
}

// Problem streams one problem row.
func (x *XLSX) Problem(p pbn.Problem) error {
	if x.closed {
		return errClosed
	}
	return x.problem(&p, 0)
}

// problem streams one problem row; a problem of a board that has a
// Boards row (brdRow > 0) links to it.
func (x *XLSX) problem(p *pbn.Problem, brdRow int) error {
	x.cells = problemRow(x.cells, p, x.p)
	x.vals = x.vals[:0]
	for j, c := range x.cells {
		x.vals = append(x.vals, x.shown(problemKeys[j], c))
	}
	x.vals = x.centreRow(x.vals, problemColumns)
	if brdRow > 0 {
		x.vals[1] = x.linkStyle(x.vals[1])
	}
	if err := x.prob.add(x.vals); err != nil {
		return err
	}
	return x.problemLink(brdRow)
}

// Close finishes the streamed sheets, writes Summary and Statistics,
// saves the workbook to the temporary file and renames it to its final
// name. After an error the temporary file is removed.
func (x *XLSX) Close(s *Summary) error {
	if x.closed {
		return errClosed
	}
	err := x.write(s)
	if err == nil {
		// Zip straight into the file rather than into a buffer the size
		// of the workbook (WriteTo's way).
		x.f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return zip.NewWriter(x.tmp) })
		_, err = x.f.WriteToBuffer()
	}
	if e := x.f.Close(); err == nil {
		err = e
	}
	x.closed = true
	if err == nil {
		err = x.tmp.finish()
	}
	if err != nil {
		x.tmp.discard()
		return err
	}
	return commitAll(x.tmp)
}

// write finishes every sheet in memory.
func (x *XLSX) write(s *Summary) error {
	// Rulings first: its last pages link from the open Revokes sheet.
	if err := x.rul.finish(); err != nil {
		return err
	}
	if err := x.decisionValidation(); err != nil {
		return err
	}
	for _, st := range []*stream{x.rev, x.brd, x.prob} {
		if err := st.finish(); err != nil {
			return err
		}
	}
	if err := x.writeSummary(s); err != nil {
		return err
	}
	if err := x.writeStats(s); err != nil {
		return err
	}
	if err := x.rescoreSheets(s.Rescore); err != nil {
		return err
	}
	// The Summary sheet is the first and active one. (SetActiveSheet
	// would load every streamed sheet back into memory.)
	return x.f.SetDocProps(&excelize.DocProperties{
		Title:   tr(x.p, "Revoke audit"),
		Creator: "revokes",
		Subject: tr(x.p, "Revokes found in bridge play records"),
	})
}

// Abort discards the workbook: the temporary file and the stream
// writers' scratch files are removed and nothing is written under the
// final name. It may be called at any time, also after a failed Close,
// and more than once; after a successful Close it does nothing.
func (x *XLSX) Abort() {
	if x.closed {
		return
	}
	x.closed = true
	x.f.Close()
	x.tmp.discard()
}

// ---- Summary sheet ----

// writeSummary writes the run facts, the counts and how to read the
// workbook.
func (x *XLSX) writeSummary(s *Summary) error {
	f, p, sh := x.f, x.p, x.names.summary
	row := 1
	widthA := 36.0 // grows to the longest bold label of the language
	set := func(col string, v any, style int) error {
		ref := fmt.Sprintf("%s%d", col, row)
		if err := f.SetCellValue(sh, ref, v); err != nil {
			return err
		}
		if l, ok := v.(string); ok && col == "A" && style == x.st.label {
			widthA = max(widthA, float64(len([]rune(l)))*1.15+2)
		}
		if style != 0 {
			return f.SetCellStyle(sh, ref, ref, style)
		}
		return nil
	}
	pair := func(label string, v any, style int) error {
		if err := set("A", tr(p, label), x.st.label); err != nil {
			return err
		}
		if err := set("B", v, style); err != nil {
			return err
		}
		row++
		return nil
	}
	section := func(title string) error {
		row++
		if err := set("A", tr(p, title), x.st.section); err != nil {
			return err
		}
		if err := f.SetCellStyle(sh, fmt.Sprintf("B%d", row), fmt.Sprintf("B%d", row), x.st.section); err != nil {
			return err
		}
		row++
		return nil
	}
	if err := f.SetColWidth(sh, "A", "A", 36); err != nil {
		return err
	}
	if err := f.SetColWidth(sh, "B", "B", 90); err != nil {
		return err
	}
	if err := set("A", tr(p, "Revoke audit"), x.st.title); err != nil {
		return err
	}
	if err := f.SetRowHeight(sh, 1, 28); err != nil {
		return err
	}
	row++
	if err := set("A", tr(p, "Bridge play records checked for revokes under the Laws of Duplicate Bridge"), x.st.subtitle); err != nil {
		return err
	}
	row++

	// Run facts.
	if err := section("Run"); err != nil {
		return err
	}
	edition := s.Edition
	if edition == "" || edition == "auto" {
		edition = tr(p, "auto: the edition in force on the date of each board")
	}
	attention := s.Attention
	if attention == "" {
		attention = "end-of-play"
	}
	facts := []struct {
		label string
		v     any
		style int
	}{
		{"Date of the run", x.start.Truncate(time.Minute), x.st.date},
		{"Edition of the laws", edition, 0},
		{"Irregularity noticed", tr(p, attention), 0},
		{"Revokes that change a result", tr(p, applyText(s.Apply)), 0}, // laws.md A24
		{"Language", tr(p, "English"), 0},
		{"Elapsed time (seconds)", float64(s.ElapsedMS) / 1000, x.st.leftRate},
	}
	for _, fa := range facts {
		if err := pair(fa.label, fa.v, fa.style); err != nil {
			return err
		}
	}
	const maxInputs = 50
	for i, in := range s.Inputs {
		label := ""
		if i == 0 {
			label = "Inputs"
		}
		if i == maxInputs {
			if err := pair(label, tr(p, "… and %d more", len(s.Inputs)-maxInputs), 0); err != nil {
				return err
			}
			break
		}
		if err := set("A", tr(p, label), x.st.label); err != nil {
			return err
		}
		if err := set("B", cleanText(in), 0); err != nil {
			return err
		}
		row++
	}
	if len(x.stats.editions) > 0 {
		names := make([]string, 0, len(x.stats.editions))
		for n := range x.stats.editions {
			names = append(names, n)
		}
		sort.Strings(names)
		parts := make([]string, len(names))
		for i, n := range names {
			parts[i] = tr(p, "%s: %d", n, x.stats.editions[n])
		}
		if err := pair("Editions applied (boards)", strings.Join(parts, "; "), 0); err != nil {
			return err
		}
	}

	// Counts.
	if err := section("Counts"); err != nil {
		return err
	}
	counts := []struct {
		label string
		n     int
	}{
		{"Files read", s.Files},
		{"Empty files", s.EmptyFiles},
		{"Files that are not records (not PBN or LIN)", s.FilesNotRecords},
		{"Boards read", s.Games},
		{"Boards with play", s.GamesWithPlay},
		{"Boards analysed", s.GamesAnalysed},
		{"Boards skipped", s.GamesSkipped},
		{"Boards read twice (later copies, left out of the other counts)", s.GamesDuplicate},
		{"Revokes", s.Revokes},
		{"Plausible revokes", s.RevokesPlausible}, // laws.md A14
		{"Suspect revokes", s.RevokesSuspect},
		{"Undetermined revokes", s.RevokesUndetermined},
		{"Revokes applied", s.RevokesApplied}, // laws.md A24
		{"Established revokes", s.Established},
		{"Tricks transferred", s.TricksTransferred},
		{"Equity short (Law 64C)", s.EquityShort},
		{"Problems", s.Problems},
	}
	for _, c := range counts {
		if err := pair(c.label, c.n, x.st.bold); err != nil {
			return err
		}
	}
	if c := s.Corrected; c != nil {
		// rescoring.md §10: the corrected archive.
		if err := pair("Corrected copies", tr(p, "%d PBN files written under %s; LIN inputs are not copied (%d with a changed board)", c.Files, c.Dir, c.LIN), 0); err != nil {
			return err
		}
	}

	for _, st := range []*stream{x.rev, x.brd, x.prob} {
		if st.dropped > 0 {
			msg := tr(p, "%d rows left out: a sheet holds at most 1,048,576 rows (the CSV and JSON Lines reports hold them all)", st.dropped)
			if err := pair(st.sheet, msg, 0); err != nil {
				return err
			}
		}
	}
	if n := x.rul.dropped; n > 0 {
		if err := pair(x.names.rulings, tr(p, "%d revokes have no ruling page: the sheet holds %d, the plausible revokes first", n, x.rul.max), 0); err != nil {
			return err
		}
	}
	// The re-scoring's counts, with the others (rescore_xlsx.go).
	if s.Rescore != nil {
		if err := section("Re-scoring"); err != nil {
			return err
		}
		for _, c := range x.rescoreCounts(s.Rescore) {
			if err := pair(c.label, c.v, c.style); err != nil {
				return err
			}
		}
	}

	// How to read.
	if err := section("How to read this workbook"); err != nil {
		return err
	}
	notes := [][2]string{
		{"Revokes", "One row per revoke: where it happened, who revoked, the card played and the cards of the led suit still held, whether it was established, the tricks transferred, the law applied (Rule) and the reason. Use the filter buttons in the header row."},
		{"Boards", "One row per board with at least one revoke: its assessment (the most cautious of its revokes': suspect, then undetermined, then plausible), how many revokes were applied, and declarer's tricks and score as recorded and after the transfers of the applied revokes."},
		{"Problems", "What could not be read, or was read with an assumption. A board with an error is counted as skipped, never dropped silently."},
		{"Statistics", "Revokes per 1,000 boards with play with their 95%% intervals, overall and by trick, year, edition and event, and how the revokes are distributed, each table with a chart. A board stored twice counts once."},
		{"Rulings", "One printable page per revoke, what a director needs to rule: the deal, the auction, the play trick by trick and the ruling with its article. On Revokes, click the game number for the revoke's ruling and the board number for its row on Boards; each ruling links back."},
		{"Assessment", "Plausible: nothing in the record speaks against a revoke by the players. Suspect: the record itself makes a typing or conversion error the likelier story (the Evidence column says why). Undetermined: the revoke is in the last trick the record holds, so nothing shows how the hand went on. Every failure to follow is listed with the law's answer, whatever its assessment."},
		{"Equity short (Law 64C)", "A double-dummy estimate suggests the revoke gained more tricks than the penalty gave back, so the director may need to adjust. The estimate is advisory."},
		{"Codes", "Flags, rule references and problem codes are the same in every language. Seats, vulnerability, roles and the other values are shown in the language of this workbook; the CSV and JSON reports give them as codes (N, E, S, W; None, NS, EW, All; declarer, dummy, defender)."},
	}
	if s.Rescore != nil {
		notes = append(notes, [2]string{"Rescoring", "One block per board whose score changed: every table's contract, tricks, score and value before and after the applied transfers, North-South and East-West, the corrected table marked; under each block the method and how many of the file's stated values were reproduced."},
			[2]string{"Ranking", "Every pair or team of each re-scored session: rank, total and percentage before and after the corrections, the changed rows marked, and a chart of the largest moves in rank."})
	}
	for _, n := range notes {
		if err := set("A", tr(p, n[0]), x.st.label); err != nil {
			return err
		}
		txt := tr(p, n[1])
		if err := set("B", txt, x.st.note); err != nil {
			return err
		}
		// Wrapped text: give the row the height of its lines.
		lines := (len([]rune(txt)) + 99) / 100
		if err := f.SetRowHeight(sh, row, float64(15*max(lines, 1)+3)); err != nil {
			return err
		}
		row++
	}
	return f.SetColWidth(sh, "A", "A", widthA)
}

// applyText is the catalog key that says which revokes change a result
// under the -apply mode (laws.md A24).
func applyText(mode string) string {
	if mode == "all" {
		return "every established revoke (-apply all)"
	}
	return "the established revokes assessed plausible (-apply plausible)"
}
