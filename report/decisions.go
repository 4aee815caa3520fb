package report

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/message"

	"revokes/analyze"
	"revokes/pbn"
)

// Decisions are a director's decisions read from the report of an earlier
// run (-decisions, output.md "Revision 3"; laws.md A24): the Decision
// column of its Revokes sheet or CSV file, keyed by the row's id.
type Decisions struct {
	File string                      // the file as named on the command line
	ByID map[string]analyze.Decision // analyze.Options.Decisions
	Row  map[string]int              // the row of each id (the first, for an id given twice)
}

// The words of a decision, English and Dutch (output.md "Revision 3"). A
// decision is read without regard to case, and a space, '-' or '_'
// between its words are alike ("No revoke", "geen_verzaking").
const (
	DecisionApply      = "apply"
	DecisionNoRevoke   = "no-revoke"
	decisionApplyNL    = "toepassen"
	decisionNoRevokeNL = "geen-verzaking"
)

// decisionWords maps a decision's words, lower case and joined with '-',
// to its kind.
var decisionWords = map[string]analyze.DecisionKind{
	DecisionApply:      analyze.DecideApply,
	DecisionNoRevoke:   analyze.DecideNoRevoke,
	"norevoke":         analyze.DecideNoRevoke,
	decisionApplyNL:    analyze.DecideApply,
	decisionNoRevokeNL: analyze.DecideNoRevoke,
	"geenverzaking":    analyze.DecideNoRevoke,
}

// maxDecisionTricks is the most tricks a decision can transfer.
const maxDecisionTricks = 13

// ParseDecision reads one cell of the Decision column: "" is no decision
// (ok true, nil); apply, no-revoke (or their Dutch words) or a whole number
// of tricks from 0 to 13 is one; anything else is an error (ok false).
func ParseDecision(s string) (d *analyze.Decision, ok bool) {
	text := strings.TrimSpace(s)
	// A spreadsheet's marks of text: a leading apostrophe (the CSV
	// writer's guard against formulas, neutralise) and a no-break space.
	norm := strings.TrimSpace(strings.Trim(strings.TrimPrefix(text, "'"), "\u00a0"))
	if norm == "" {
		return nil, true
	}
	if n, ok := wholeNumber(norm); ok {
		if n > maxDecisionTricks {
			return nil, false
		}
		return &analyze.Decision{Kind: analyze.DecideTricks, Tricks: n, Text: text}, true
	}
	key := strings.Join(strings.FieldsFunc(strings.ToLower(norm), func(r rune) bool {
		return r == ' ' || r == '-' || r == '_' || r == '\u00a0' || r == '\t'
	}), "-")
	if k, found := decisionWords[key]; found {
		return &analyze.Decision{Kind: k, Text: text}, true
	}
	return nil, false
}

// wholeNumber reads "2", and "2.0" or "2,00" as a spreadsheet may show a
// whole number of a cell with decimals.
func wholeNumber(s string) (int, bool) {
	if i := strings.IndexAny(s, ".,"); i > 0 && strings.Trim(s[i+1:], "0") == "" {
		s = s[:i]
	}
	if s == "" || len(s) > 3 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// DecisionError is a decisions file that cannot be read; Msg says why, in
// a catalog format (printed in the run's language).
type DecisionError struct {
	Msg pbn.Message
}

func (e *DecisionError) Error() string { return e.Msg.String() }

func decisionErr(format string, args ...any) error {
	return &DecisionError{Msg: pbn.Msg(format, args...)}
}

// ReadDecisions reads the decisions of a workbook (.xlsx, by its content:
// a zip archive) or a CSV report (UTF-8 with or without its byte-order
// mark; fields separated by ',', ';' or a tab) of an earlier run, in
// English or Dutch. Rows are found by the headers id and decision (also
// Id/Decision and Dutch Beslissing, any case); a row without a decision is
// skipped. Any decision that cannot be read, a decision without an id, or
// two different decisions for one id make the whole file an error.
func ReadDecisions(path string) (*Decisions, error) {
	in, err := os.Open(path)
	if err != nil {
		return nil, decisionErr("cannot read the decisions file %s: %v", path, err)
	}
	defer in.Close()
	// Read as a stream: the report of a large run is large.
	br := bufio.NewReaderSize(in, 64<<10)
	magic, _ := br.Peek(4)
	d := &Decisions{File: path, ByID: map[string]analyze.Decision{}, Row: map[string]int{}}
	if bytes.Equal(magic, []byte("PK\x03\x04")) {
		err = d.readXLSX(path)
	} else {
		err = d.readCSV(br)
	}
	if err != nil {
		return nil, err
	}
	return d, nil
}

// header is where the two columns are in a header row.
type header struct{ id, decision int }

// findHeader returns the columns id and decision of a header row, matched
// as the CSV report writes them (the JSON keys) and as the workbook shows
// them in either language.
func findHeader(row []string) (header, bool) {
	h := header{-1, -1}
	for i, c := range row {
		c = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(c, bom)))
		switch {
		case h.id < 0 && headerIs(c, "id", "Id"):
			h.id = i
		case h.decision < 0 && headerIs(c, "decision", "Decision"):
			h.decision = i
		}
	}
	return h, h.id >= 0 && h.decision >= 0
}

// headerIs reports whether c (lower case) is the key or the workbook
// header col in one of the report languages.
func headerIs(c, key, col string) bool {
	if c == key {
		return true
	}
	for _, lang := range Languages {
		if c == strings.ToLower(tr(NewPrinter(lang), col)) {
			return true
		}
	}
	return false
}

// add records the decision of one row (row as a spreadsheet numbers it).
func (d *Decisions) add(row int, id, text string) error {
	id = strings.TrimSpace(id)
	dec, ok := ParseDecision(text)
	switch {
	case !ok:
		return decisionErr("%s, row %d: cannot read the decision %q: want apply, no-revoke or a whole number of tricks from 0 to 13", d.File, row, strings.TrimSpace(text))
	case dec == nil:
		return nil
	case id == "":
		return decisionErr("%s, row %d: the decision %q has no id", d.File, row, dec.Text)
	}
	if old, dup := d.ByID[id]; dup {
		if old.Kind != dec.Kind || old.Tricks != dec.Tricks {
			return decisionErr("%s, row %d: id %s has the decision %q, but %q in row %d", d.File, row, id, dec.Text, old.Text, d.Row[id])
		}
		return nil
	}
	d.ByID[id] = *dec
	d.Row[id] = row
	return nil
}

// readCSV reads a CSV report: the separator is the one of ',', ';' and tab
// whose header row holds both columns.
func (d *Decisions) readCSV(br *bufio.Reader) error {
	if b, _ := br.Peek(len(bom)); string(b) == bom {
		br.Discard(len(bom))
	}
	first, err := br.ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return decisionErr("cannot read the decisions file %s: %v", d.File, err)
	}
	for _, sep := range []rune{',', ';', '\t'} {
		hdr, err := csvReader(strings.NewReader(first), sep).Read()
		if err != nil {
			continue
		}
		if h, ok := findHeader(hdr); ok {
			return d.readRows(csvReader(io.MultiReader(strings.NewReader(first), br), sep), h)
		}
	}
	return decisionErr("%s: no header row with the columns id and decision (a CSV report or workbook of revokes, with its Decision column)", d.File)
}

func csvReader(r io.Reader, sep rune) *csv.Reader {
	c := csv.NewReader(r)
	c.Comma = sep
	c.FieldsPerRecord = -1
	c.LazyQuotes = true
	c.ReuseRecord = true
	return c
}

// readRows reads the rows after the header; row 1 is the header.
func (d *Decisions) readRows(c *csv.Reader, h header) error {
	if _, err := c.Read(); err != nil {
		return decisionErr("%s: %v", d.File, err)
	}
	for row := 2; ; row++ {
		rec, err := c.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return decisionErr("%s, row %d: %v", d.File, row, err)
		}
		if err := d.add(row, field(rec, h.id), field(rec, h.decision)); err != nil {
			return err
		}
	}
}

func field(rec []string, i int) string {
	if i < len(rec) {
		return rec[i]
	}
	return ""
}

// readXLSX reads a workbook: the Revokes sheet (either language's name)
// first, then any other sheet whose first row holds both columns.
func (d *Decisions) readXLSX(path string) error {
	f, err := excelize.OpenFile(path)
	if err != nil {
		return decisionErr("cannot read the decisions file %s: %v", d.File, err)
	}
	defer f.Close()
	sheets := f.GetSheetList()
	var order []string
	for _, lang := range Languages {
		name := tr(NewPrinter(lang), "Revokes")
		for _, s := range sheets {
			if strings.EqualFold(s, name) {
				order = append(order, s)
			}
		}
	}
	order = append(order, sheets...)
	for _, s := range order {
		ok, err := d.readSheet(f, s)
		if ok || err != nil {
			return err
		}
	}
	return decisionErr("%s: no header row with the columns id and decision (a CSV report or workbook of revokes, with its Decision column)", d.File)
}

// readSheet reads the decisions of one sheet; ok is false when its first
// row lacks either column.
func (d *Decisions) readSheet(f *excelize.File, sheet string) (ok bool, err error) {
	rows, err := f.Rows(sheet)
	if err != nil {
		return false, nil
	}
	defer rows.Close()
	var h header
	for n := 1; rows.Next(); n++ {
		rec, err := rows.Columns()
		if err != nil {
			return true, decisionErr("%s, row %d: %v", d.File, n, err)
		}
		if n == 1 {
			if h, ok = findHeader(rec); !ok {
				return false, nil
			}
			continue
		}
		if err := d.add(n, field(rec, h.id), field(rec, h.decision)); err != nil {
			return true, err
		}
	}
	return ok, rows.Error()
}

// decisionShown returns a decision as the workbook shows it: the word in
// the printer's language (which reads back), or the number of tricks.
func decisionShown(p *message.Printer, d *analyze.Decision) any {
	switch d.Kind {
	case analyze.DecideApply:
		return tr(p, "apply")
	case analyze.DecideNoRevoke:
		return tr(p, "no-revoke")
	}
	return d.Tricks
}

// Map returns the decisions by id for analyze.Options.Decisions; nil for
// no decisions (d nil).
func (d *Decisions) Map() map[string]analyze.Decision {
	if d == nil {
		return nil
	}
	return d.ByID
}

// decisionCol is the Decision column in revokeKeys (-1 without one).
var decisionCol = slices.Index(revokeKeys, "decision")

// decisionValue is the Revokes sheet's Decision cell of r: empty for the
// director to fill in, or the decision read (-decisions).
func (x *XLSX) decisionValue(r *analyze.Revoke) any {
	if r.Decision == nil {
		return nil
	}
	return decisionShown(x.p, r.Decision)
}

// decisionValidation gives the Decision column of the Revokes rows a
// drop-down of the two words of the workbook's language, with a note that
// a number of tricks is typed instead; any other text is let through with
// that note (a number is not in the list), and the next run that reads
// the file says which row it cannot read.
func (x *XLSX) decisionValidation() error {
	if decisionCol < 0 || x.rev.rows < 2 {
		return nil
	}
	col, err := excelize.ColumnNumberToName(decisionCol + 1)
	if err != nil {
		return err
	}
	p := x.p
	dv := excelize.NewDataValidation(true)
	dv.SetSqref(fmt.Sprintf("%s2:%s%d", col, col, x.rev.rows))
	if err := dv.SetDropList([]string{tr(p, "apply"), tr(p, "no-revoke")}); err != nil {
		return err
	}
	title := tr(p, "Decision")
	msg := tr(p, "apply: the law's transfer; no-revoke: an error of the record, nothing changes; or type a whole number of tricks (0 to 13) to transfer. Read back with -decisions.")
	dv.SetInput(title, msg)
	dv.SetError(excelize.DataValidationErrorStyleInformation, title, msg)
	return x.f.AddDataValidation(x.names.revokes, dv)
}
