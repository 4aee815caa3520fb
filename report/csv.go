package report

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/message"

	"revokes/analyze"
	"revokes/pbn"
)

// CSV writes the revoke rows to a CSV file with the JSON keys of
// output.md as the header, the problems to NAME.problems.csv and the
// summary to NAME.summary.csv beside it (NAME is the path without
// ".csv"). Each file starts with a UTF-8 byte-order mark. Lists are joined
// with spaces, absent values are empty, and text that a spreadsheet would
// run as a formula gets a leading apostrophe.
//
// The three files are written under temporary names in the target
// directory and renamed at Close: nothing appears under the final names
// before Close succeeds. Abort removes the temporary files instead.
type CSV struct {
	p      *message.Printer
	files  [4]*tempFile // revokes, problems, summary, boards (nil without SetBoards)
	bufs   [4]*bufio.Writer
	w      [4]*csv.Writer
	cells  []cell
	dates  dateMemo // of the board rows
	fields []string
	closed bool
	path   string
	sep    rune
}

// NewCSV creates the temporary files of a CSV report to be renamed to
// path and its two sidecar files at Close, and writes the headers, with
// commas between the fields.
func NewCSV(path string, p *message.Printer) (*CSV, error) {
	return NewCSVSep(path, p, ',')
}

// bom is the UTF-8 byte-order mark every CSV file starts with: without it
// Excel and LibreOffice take the file for Latin-1 and show "MalmÃ¶"
// (output.md, CSV).
const bom = "\ufeff"

// ValidCSVSep reports whether sep can separate CSV fields: not a quote,
// CR, LF, the byte-order mark or the replacement character (the rules of
// encoding/csv).
func ValidCSVSep(sep rune) bool {
	return sep != 0 && sep != '"' && sep != '\r' && sep != '\n' && sep != '\ufeff' && sep != '\ufffd' && utf8.ValidRune(sep)
}

// NewCSVSep is NewCSV with sep between the fields (';' for spreadsheets
// of comma-decimal locales, -csv-sep), for all three files.
func NewCSVSep(path string, p *message.Printer, sep rune) (*CSV, error) {
	if !ValidCSVSep(sep) {
		return nil, fmt.Errorf("%q cannot separate CSV fields", sep)
	}
	c := &CSV{p: p, path: path, sep: sep}
	for i := range 3 {
		if err := c.open(i); err != nil {
			c.Abort()
			return nil, err
		}
	}
	// (The summary's header is written at Close: re-scoring adds columns.)
	for i, h := range [2][]string{revokeCSVKeys, problemKeys} {
		if err := c.w[i].Write(h); err != nil {
			c.Abort()
			return nil, err
		}
	}
	return c, nil
}

// revokeCSVKeys are the columns of a revoke row in CSV and Parquet: the
// keys of revokeKeys, then the date as YYYY-MM-DD and the year (output.md
// Revision 3; the workbook shows its own date cell and Year column).
var revokeCSVKeys = append(slices.Clip(revokeKeys), "date_iso", "year")

// open creates file i of the report (csvNames) with its byte-order mark.
func (c *CSV) open(i int) error {
	if i > 0 && Special(c.path) {
		// The companions of a device or pipe (NAME.problems.csv
		// beside /dev/stdout) would be files in /dev: they are
		// not written (documented in the README).
		c.w[i] = csv.NewWriter(io.Discard)
		return nil
	}
	t, err := createTemp(csvNames(c.path)[i])
	if err != nil {
		return err
	}
	c.files[i] = t
	c.bufs[i] = bufio.NewWriterSize(t, 64<<10)
	c.bufs[i].WriteString(bom) // errors come back at Flush
	c.w[i] = csv.NewWriter(c.bufs[i])
	c.w[i].Comma = c.sep
	return nil
}

// SetBoards adds NAME.boards.csv, a row for every board read (output.md
// Revision 3, -boards all). Call it before the first board.
func (c *CSV) SetBoards() error {
	if c.w[3] != nil {
		return nil
	}
	err := c.open(3)
	if err == nil {
		err = c.w[3].Write(boardKeys)
	}
	if err != nil {
		c.Abort()
	}
	return err
}

// csvNames returns the files of a CSV report to path: the report,
// NAME.problems.csv, NAME.summary.csv and, with -boards all,
// NAME.boards.csv (NAME is path without ".csv").
func csvNames(path string) [4]string {
	name := strings.TrimSuffix(path, ".csv")
	return [4]string{path, name + ".problems.csv", name + ".summary.csv", name + ".boards.csv"}
}

// write writes one row of cells to file i.
func (c *CSV) write(i int, cells []cell) error {
	if c.closed {
		return errClosed
	}
	c.fields = c.fields[:0]
	for _, x := range cells {
		c.fields = append(c.fields, x.csvString())
	}
	return c.w[i].Write(c.fields)
}

// Board writes the board's revoke rows and its problems.
func (c *CSV) Board(f *analyze.Findings) error {
	if c.cells == nil {
		c.cells = make([]cell, 0, len(revokeKeys))
	}
	if c.w[3] != nil {
		c.cells = boardRow(c.cells, f, &c.dates)
		if err := c.write(3, c.cells); err != nil {
			return err
		}
	}
	for i := range f.Revokes {
		c.cells = revokeCSVRow(c.cells, f, &f.Revokes[i], c.p)
		if err := c.write(0, c.cells); err != nil {
			return err
		}
	}
	for i := range f.Problems {
		if err := c.problem(&f.Problems[i]); err != nil {
			return err
		}
	}
	return nil
}

// Problem writes one problem row to the problems file, and the board
// row of a record that could not be read (with SetBoards).
func (c *CSV) Problem(p pbn.Problem) error {
	if c.w[3] != nil && gameProblem(&p) {
		c.cells = unreadBoardRow(c.cells, &p)
		if err := c.write(3, c.cells); err != nil {
			return err
		}
	}
	return c.problem(&p)
}

// revokeCSVRow fills dst with the cells of one revoke row of
// revokeCSVKeys.
func revokeCSVRow(dst []cell, f *analyze.Findings, r *analyze.Revoke, p *message.Printer) []cell {
	iso, year := dateCells(f.Board.Tag("Date"))
	return append(revokeRow(dst, f, r, p), iso, year)
}

func (c *CSV) problem(p *pbn.Problem) error {
	c.cells = problemRow(c.cells, p, c.p)
	return c.write(1, c.cells)
}

// Close writes the summary, then renames the three files to their final
// names. After an error nothing is left under the final names that was
// not there before, and the temporary files are removed.
func (c *CSV) Close(s *Summary) error {
	if c.closed {
		return errClosed
	}
	keys, row := summaryKeys, summaryRow(s)
	if s.Rescore != nil {
		stated, repr := statedCounts(s.Rescore)
		keys = append(keys[:len(keys):len(keys)], "boards_rescored", "pairs_affected", "rank_changes", "stated", "reproduced")
		row = append(row, numCell(s.Rescore.BoardsRescored), numCell(s.Rescore.PairsAffected), numCell(s.Rescore.RankChanges),
			numCell(stated), numCell(repr))
	}
	if err := c.w[2].Write(keys); err != nil {
		c.Abort()
		return err
	}
	if err := c.write(2, row); err != nil {
		c.Abort()
		return err
	}
	var more []*tempFile
	if s.Rescore != nil && !Special(c.path) {
		var err error
		if more, err = rescoreCSV(c.path, s.Rescore, c.sep, c.p); err != nil {
			c.Abort()
			return err
		}
	}
	c.closed = true
	var err error
	for i := range c.w {
		if c.w[i] == nil {
			continue
		}
		c.w[i].Flush()
		if e := c.w[i].Error(); e != nil && err == nil {
			err = e
		}
		if c.files[i] == nil {
			continue
		}
		if e := c.files[i].finish(); e != nil && err == nil {
			err = e
		}
	}
	if err != nil {
		for _, t := range append(c.files[:], more...) {
			if t != nil {
				t.discard()
			}
		}
		return err
	}
	// The sidecars first: the report itself appears last.
	var files []*tempFile
	for _, t := range append(append([]*tempFile{c.files[1], c.files[2], c.files[3]}, more...), c.files[0]) {
		if t != nil {
			files = append(files, t)
		}
	}
	return commitAll(files...)
}

// Abort removes the temporary files; nothing is written under the final
// names. It may be called at any time, also after a failed Close, and
// more than once; after a successful Close it does nothing.
func (c *CSV) Abort() {
	if c.closed {
		return
	}
	c.closed = true
	for _, t := range c.files {
		if t != nil {
			t.discard()
		}
	}
}
