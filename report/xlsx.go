package report

import (
	"archive/zip"
	"io"
	"slices"
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
