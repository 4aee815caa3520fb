package report

import (
	"bufio"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unsafe"

	"github.com/parquet-go/parquet-go"
	"golang.org/x/text/message"

	"revokes/analyze"
	"revokes/pbn"
)

// Parquet writes a report as four Parquet files (output.md Revision 3):
// NAME.parquet (the revoke rows), NAME.boards.parquet (a row for every
// board read), NAME.problems.parquet and NAME.summary.parquet, NAME being
// the path without ".parquet". The columns are those of the CSV report,
// typed: whole numbers INT64, true/false BOOLEAN, date_iso a DATE, lists
// (held, flags, problems, inputs, …) LIST of STRING, the rest STRING;
// absent values are nulls. Rows are written as they come, in row groups
// of parquetGroupRows, so that memory stays bounded at any size.
//
// The files are written under temporary names and renamed at Close, the
// sidecars first; Abort removes them. A target that is not a regular file
// (a FIFO) gets the revoke rows only, as a CSV report's companions.
type Parquet struct {
	p      *message.Printer
	path   string
	files  [4]*tempFile // revokes, boards, problems, summary
	bufs   [4]*bufio.Writer
	tabs   [3]*pqTable // revokes, problems (boards: brd)
	brd    *pqBoards
	cells  []cell
	dates  dateMemo // of the board rows
	closed bool
}

// parquetGroupRows is the most rows of a row group: large enough for the
// readers' parallel scans, small enough to keep the writer's memory low.
const parquetGroupRows = 100_000

// parquetNames returns the four files of a Parquet report to path.
func parquetNames(path string) [4]string {
	name := strings.TrimSuffix(path, ".parquet")
	return [4]string{path, name + ".boards.parquet", name + ".problems.parquet", name + ".summary.parquet"}
}

// The typed columns of each table, by key; any other key is a STRING.
var (
	revokeTypes = map[string]kind{
		"game": number, "line": number, "trick": number, "transfer": number, "year": number,
		"tricks_recorded": number, "tricks_adjusted": number, "score_recorded": number, "score_adjusted": number,
		"dd_with_revoke": number, "dd_without_revoke": number, "dd_gain": number,
		"established": boolean, "applied": boolean,
		"held": list, "evidence": list, "flags": list, "auction": list, "trick_cards": list,
		"date_iso": day,
	}
	problemTypes = map[string]kind{"game": number, "line": number, "column": number}
)

// NewParquet creates the temporary files of a Parquet report whose final
// name is path.
func NewParquet(path string, p *message.Printer) (*Parquet, error) {
	x := &Parquet{p: p, path: path}
	special := Special(path)
	for i, fn := range parquetNames(path) {
		if i > 0 && special {
			continue
		}
		t, err := createTemp(fn)
		if err != nil {
			x.Abort()
			return nil, err
		}
		x.files[i] = t
		x.bufs[i] = bufio.NewWriterSize(t, 64<<10)
	}
	if x.bufs[1] != nil {
		x.brd = newPQBoards(x.bufs[1])
	}
	for i, tab := range [3]struct {
		keys  []string
		types map[string]kind
	}{{revokeCSVKeys, revokeTypes}, {}, {problemKeys, problemTypes}} {
		if x.bufs[i] == nil || tab.keys == nil {
			continue
		}
		kinds := make([]kind, len(tab.keys))
		for j, k := range tab.keys {
			kinds[j] = tab.types[k] // absent (0): STRING
		}
		x.tabs[i] = newPQTable(x.bufs[i], tab.keys, kinds)
	}
	return x, nil
}

// Board writes the board's row, its revoke rows and its problems.
func (x *Parquet) Board(f *analyze.Findings) error {
	if x.closed {
		return errClosed
	}
	if x.brd != nil {
		x.cells = boardRow(x.cells, f, &x.dates)
		if err := x.brd.add(x.cells); err != nil {
			return err
		}
	}
	for i := range f.Revokes {
		x.cells = revokeCSVRow(x.cells, f, &f.Revokes[i], x.p)
		if err := x.tabs[0].add(x.cells); err != nil {
			return err
		}
	}
	for i := range f.Problems {
		if err := x.problem(&f.Problems[i]); err != nil {
			return err
		}
	}
	return nil
}

// Problem writes a problem row, and the board row of a record that could
// not be read.
func (x *Parquet) Problem(p pbn.Problem) error {
	if x.closed {
		return errClosed
	}
	if x.brd != nil && gameProblem(&p) {
		x.cells = unreadBoardRow(x.cells, &p)
		if err := x.brd.add(x.cells); err != nil {
			return err
		}
	}
	return x.problem(&p)
}

func (x *Parquet) problem(p *pbn.Problem) error {
	if x.tabs[2] == nil {
		return nil
	}
	x.cells = problemRow(x.cells, p, x.p)
	return x.tabs[2].add(x.cells)
}

// Close writes the summary, ends the files and renames them to their
// final names (the revoke file last). After an error nothing new is left
// under the final names.
func (x *Parquet) Close(s *Summary) error {
	if x.closed {
		return errClosed
	}
	err := x.writeSummary(s)
	if x.brd != nil {
		if e := x.brd.close(); e != nil && err == nil {
			err = e
		}
	}
	for i, t := range x.tabs {
		if t != nil {
			if e := t.close(); e != nil && err == nil {
				err = fmt.Errorf("%s: %w", parquetNames(x.path)[i], e)
			}
		}
	}
	for i, b := range x.bufs {
		if b == nil {
			continue
		}
		if e := b.Flush(); e != nil && err == nil {
			err = e
		}
		if e := x.files[i].finish(); e != nil && err == nil {
			err = e
		}
	}
	x.closed = true
	// The re-scoring's tables (-rescore) go beside as the CSV report's
	// NAME.rescore*.csv files.
	var more []*tempFile
	if err == nil && s.Rescore != nil && !Special(x.path) {
		more, err = rescoreCSV(strings.TrimSuffix(x.path, ".parquet")+".csv", s.Rescore, ',', x.p)
	}
	if err != nil {
		for _, t := range x.files {
			if t != nil {
				t.discard()
			}
		}
		return err
	}
	var files []*tempFile
	for _, t := range append([]*tempFile{x.files[1], x.files[2], x.files[3]}, append(more, x.files[0])...) {
		if t != nil {
			files = append(files, t)
		}
	}
	return commitAll(files...)
}

// writeSummary writes NAME.summary.parquet: one row, typed as its cells
// (the inputs a list).
func (x *Parquet) writeSummary(s *Summary) error {
	if x.bufs[3] == nil {
		return nil
	}
	keys, row := summaryKeys, summaryRow(s)
	if s.Rescore != nil {
		keys = append(keys[:len(keys):len(keys)], "boards_rescored", "pairs_affected", "rank_changes")
		row = append(row, numCell(s.Rescore.BoardsRescored), numCell(s.Rescore.PairsAffected), numCell(s.Rescore.RankChanges))
	}
	kinds := make([]kind, len(row))
	for i, c := range row {
		switch {
		case keys[i] == "inputs":
			kinds[i] = list
			row[i] = cell{kind: list, items: s.Inputs}
		case c.kind == number || c.kind == boolean:
			kinds[i] = c.kind
		}
	}
	t := newPQTable(x.bufs[3], keys, kinds)
	if err := t.add(row); err != nil {
		return err
	}
	return t.close()
}

// Abort removes the temporary files; it may be called at any time and
// more than once; after a successful Close it does nothing.
func (x *Parquet) Abort() {
	if x.closed {
		return
	}
	x.closed = true
	for _, t := range x.files {
		if t != nil {
			t.discard()
		}
	}
}

// pqTable is one Parquet file being written: its schema (one optional
// column per key, in order) and the rows not yet handed to the writer.
type pqTable struct {
	w     *parquet.Writer
	keys  []string
	kinds []kind
	rows  []parquet.Row // a batch, reused
	n     int           // rows of the batch in use
}

// pqBatch is the number of rows handed to the Parquet writer at a time.
const pqBatch = 256

// newPQTable starts a Parquet file on w with a column per key, typed by
// kinds: number INT64, boolean BOOLEAN, day DATE, list an optional LIST of
// STRING, any other a STRING.
func newPQTable(w *bufio.Writer, keys []string, kinds []kind) *pqTable {
	// The schema is that of a struct with a field per key, in order, so
	// that the columns keep the report's order.
	fields := make([]reflect.StructField, len(keys))
	for i, k := range keys {
		var typ reflect.Type
		tag := k + ",optional"
		switch kinds[i] {
		case number:
			typ = reflect.TypeFor[int64]()
		case boolean:
			typ = reflect.TypeFor[bool]()
		case day:
			typ, tag = reflect.TypeFor[int32](), tag+",date"
		case list:
			typ, tag = reflect.TypeFor[[]string](), tag+",list"
		default:
			typ = reflect.TypeFor[string]()
		}
		fields[i] = reflect.StructField{Name: "F" + strconv.Itoa(i), Type: typ, Tag: reflect.StructTag(`parquet:"` + tag + `"`)}
	}
	schema := parquet.SchemaOf(reflect.New(reflect.StructOf(fields)).Interface())
	pw := parquet.NewWriter(w, schema, parquet.Compression(&parquet.Snappy),
		parquet.MaxRowsPerRowGroup(parquetGroupRows), parquet.CreatedBy("revokes", "", ""))
	return &pqTable{w: pw, keys: keys, kinds: kinds, rows: make([]parquet.Row, pqBatch)}
}

// add appends one row of cells (one per key).
func (t *pqTable) add(cells []cell) error {
	r := t.rows[t.n][:0]
	for i, c := range cells {
		var err error
		if r, err = t.appendCell(r, i, c); err != nil {
			return err
		}
	}
	t.rows[t.n] = r
	t.n++
	if t.n == len(t.rows) {
		return t.flush()
	}
	return nil
}

// appendCell appends the values of column i (definition level 1 for a
// value, 0 for a null; a list's items at level 2, an empty list at 1).
func (t *pqTable) appendCell(r parquet.Row, i int, c cell) (parquet.Row, error) {
	if c.kind == absent {
		return append(r, parquet.NullValue().Level(0, 0, i)), nil
	}
	want := t.kinds[i]
	var v parquet.Value
	switch {
	case want == list && c.kind == list:
		n := 0
		each := func(s string) {
			rep := 0
			if n > 0 {
				rep = 1
			}
			r = append(r, parquet.ByteArrayValue(bytesOf(s)).Level(rep, 2, i))
			n++
		}
		if c.items != nil {
			for _, s := range c.items {
				each(s)
			}
		} else {
			for s := range strings.FieldsSeq(c.s) {
				each(s)
			}
		}
		if n == 0 {
			r = append(r, parquet.NullValue().Level(0, 1, i))
		}
		return r, nil
	case want == number && c.kind == number:
		v = parquet.Int64Value(int64(c.n))
	case want == boolean && c.kind == boolean:
		v = parquet.BooleanValue(c.b)
	case want == day && c.kind == day:
		v = parquet.Int32Value(int32(c.n))
	case want == absent && c.kind == number:
		v = parquet.ByteArrayValue([]byte(strconv.Itoa(c.n)))
	case want == absent && c.kind == boolean:
		v = parquet.ByteArrayValue([]byte(strconv.FormatBool(c.b)))
	case want == absent:
		v = parquet.ByteArrayValue(bytesOf(c.s))
	default:
		return r, fmt.Errorf("parquet column %s: a value of kind %d in a column of kind %d", t.keys[i], c.kind, want)
	}
	return append(r, v.Level(0, 1, i)), nil
}

// flush hands the batch to the writer.
func (t *pqTable) flush() error {
	if t.n == 0 {
		return nil
	}
	_, err := t.w.WriteRows(t.rows[:t.n])
	t.n = 0
	return err
}

// close writes what is left and the file's footer.
func (t *pqTable) close() error {
	if err := t.flush(); err != nil {
		return err
	}
	return t.w.Close()
}

// bytesOf returns the bytes of s without a copy; the writer copies them
// (and never changes them).
func bytesOf(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}
