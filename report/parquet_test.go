package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	pqformat "github.com/parquet-go/parquet-go/format"

	"revokes/analyze"
	"revokes/pbn"
	"revokes/synth"
)

// pqFindings returns findings with every kind of row: generated PBN and
// LIN boards with revokes and claims, and the sample's.
func pqFindings(t *testing.T) []*analyze.Findings {
	t.Helper()
	fs := sampleFindings()
	for i, f := range []pbn.Format{pbn.FormatPBN, pbn.FormatLIN} {
		var buf bytes.Buffer
		if _, err := synth.New(synth.Options{Seed: uint64(7 + i), RevokeRate: 0.01}).Write(&buf, f, 300); err != nil {
			t.Fatal(err)
		}
		fs = append(fs, analyseText(t, "gen."+f.String(), buf.Bytes())...)
	}
	return fs
}

// unreadProblem is a record that could not be read: a game, skipped.
var unreadProblem = pbn.Problem{File: "bad.pbn", Game: 3, Line: 20, Code: "bad-deal", Severity: pbn.Error,
	Text: pbn.Msg("the deal has %d cards", 51)}

// writeBoth writes fs and the unreadable record to a JSON Lines report
// with board rows and to a Parquet report in dir, and returns the JSON
// rows decoded.
func writeBoth(t *testing.T, dir string, fs []*analyze.Findings) []map[string]any {
	t.Helper()
	var jbuf bytes.Buffer
	j := NewJSONL(&jbuf, NewPrinter("en"))
	j.SetBoards(true)
	x, err := NewParquet(filepath.Join(dir, "r.parquet"), NewPrinter("en"))
	if err != nil {
		t.Fatal(err)
	}
	var s Summary
	for _, w := range []Writer{j, x} {
		for _, f := range fs {
			if err := w.Board(f); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Problem(unreadProblem); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range fs {
		s.AddBoard(f)
	}
	s.AddProblem(unreadProblem)
	s.Files, s.Edition, s.Inputs = 3, "auto", []string{"gen.pbn", "a folder/gen.lin"}
	for _, n := range []string{"r.parquet", "r.boards.parquet"} {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			t.Errorf("%s exists before Close", n)
		}
	}
	if err := j.Close(&s); err != nil {
		t.Fatal(err)
	}
	if err := x.Close(&s); err != nil {
		t.Fatal(err)
	}
	var rows []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(jbuf.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, m)
	}
	return rows
}

// readParquet reads a Parquet file back with parquet-go's reader: its
// columns' types by name and its rows as JSON Lines would give them
// (nulls omitted, numbers float64, a DATE as YYYY-MM-DD, lists []any).
func readParquet(t *testing.T, path string) (map[string]parquet.Type, []map[string]any) {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	fi, _ := fh.Stat()
	pf, err := parquet.OpenFile(fh, fi.Size())
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]parquet.Type{}
	var names []string
	var lists []bool
	var maxDef []int // of a list's items
	for _, f := range pf.Schema().Fields() {
		types[f.Name()] = f.Type()
		names = append(names, f.Name())
		lists = append(lists, logical(f.Type()) == "list")
		leaf, _ := pf.Schema().Lookup(f.Name(), "list", "element")
		maxDef = append(maxDef, leaf.MaxDefinitionLevel)
	}
	var out []map[string]any
	for _, rg := range pf.RowGroups() {
		rs := rg.Rows()
		buf := make([]parquet.Row, 64)
		for {
			n, err := rs.ReadRows(buf)
			for _, r := range buf[:n] {
				m := map[string]any{}
				for _, v := range r {
					c := v.Column()
					name := names[c]
					switch {
					case lists[c] && v.DefinitionLevel() < maxDef[c]-1: // a null list
					case lists[c]:
						l, _ := m[name].([]any)
						if l == nil {
							l = []any{}
						}
						if v.DefinitionLevel() == maxDef[c] {
							l = append(l, string(v.ByteArray()))
						}
						m[name] = l
					case v.IsNull():
					case v.Kind() == parquet.Int64:
						m[name] = float64(v.Int64())
					case v.Kind() == parquet.Int32: // DATE: days since 1970-01-01
						m[name] = time.Unix(int64(v.Int32())*86400, 0).UTC().Format(time.DateOnly)
					case v.Kind() == parquet.Boolean:
						m[name] = v.Boolean()
					default:
						m[name] = string(v.ByteArray())
					}
				}
				out = append(out, m)
			}
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		rs.Close()
	}
	if int64(len(out)) != pf.NumRows() {
		t.Errorf("%s: %d rows read, %d in the footer", path, len(out), pf.NumRows())
	}
	return types, out
}

// asColumns returns a JSON row as the Parquet columns give it: without
// its type, players as the four columns north .. west.
func asColumns(r map[string]any) map[string]any {
	m := map[string]any{}
	for k, v := range r {
		switch k {
		case "type":
		case "players":
			for s, n := range v.(map[string]any) {
				m[map[string]string{"N": "north", "E": "east", "S": "south", "W": "west"}[s]] = n
			}
		default:
			m[k] = v
		}
	}
	return m
}

// TestParquetRoundTrip writes generated and sample boards as Parquet and
// as JSON Lines with board rows, reads the four Parquet files back, and
// compares them row by row: the same values, typed columns.
func TestParquetRoundTrip(t *testing.T) {
	dir := t.TempDir()
	fs := pqFindings(t)
	jrows := writeBoth(t, dir, fs)
	byType := map[string][]map[string]any{}
	for _, r := range jrows {
		byType[r["type"].(string)] = append(byType[r["type"].(string)], asColumns(r))
	}
	if len(byType["board"]) != len(fs)+1 || len(byType["revoke"]) < 10 || len(byType["problem"]) < 2 {
		t.Fatalf("%d boards, %d revokes, %d problems", len(byType["board"]), len(byType["revoke"]), len(byType["problem"]))
	}
	for _, c := range []struct{ file, typ string }{
		{"r.parquet", "revoke"}, {"r.boards.parquet", "board"}, {"r.problems.parquet", "problem"},
	} {
		types, rows := readParquet(t, filepath.Join(dir, c.file))
		want := byType[c.typ]
		if len(rows) != len(want) {
			t.Errorf("%s: %d rows, want %d", c.file, len(rows), len(want))
			continue
		}
		for i := range rows {
			if !reflect.DeepEqual(rows[i], want[i]) {
				t.Errorf("%s row %d:\n got %v\nwant %v", c.file, i+1, rows[i], want[i])
				break
			}
		}
		checkTypes(t, c.file, types)
	}
	types, sum := readParquet(t, filepath.Join(dir, "r.summary.parquet"))
	checkTypes(t, "r.summary.parquet", types)
	if len(sum) != 1 {
		t.Fatalf("%d summary rows", len(sum))
	}
	for k, v := range byType["summary"][0] {
		if k != "elapsed_ms" && !reflect.DeepEqual(sum[0][k], v) {
			t.Errorf("summary %s: %v, JSON %v", k, sum[0][k], v)
		}
	}
	if got := sum[0]["inputs"]; !reflect.DeepEqual(got, []any{"gen.pbn", "a folder/gen.lin"}) {
		t.Errorf("summary inputs %v", got)
	}
}

// checkTypes checks the Parquet types of the columns that have one:
// whole numbers INT64, booleans, date_iso a DATE, lists LIST of STRING,
// text STRING.
func checkTypes(t *testing.T, file string, types map[string]parquet.Type) {
	t.Helper()
	want := map[string]string{
		"game": "int64", "year": "int64", "trick": "int64", "tricks_in_record": "int64", "revokes": "int64",
		"score_adjusted": "int64", "games": "int64", "column": "int64",
		"established": "bool", "has_play": "bool", "skipped": "bool", "claim": "bool",
		"date_iso": "date", "held": "list", "flags": "list", "problems": "list", "inputs": "list", "auction": "list",
		"file": "string", "event": "string", "date": "string", "code": "string", "edition": "string",
	}
	if file == "r.summary.parquet" {
		want["established"], want["problems"] = "int64", "int64" // counts there
	}
	for name, typ := range types {
		w, ok := want[name]
		if !ok {
			continue
		}
		got := logical(typ)
		switch {
		case got != "":
		case typ.Kind() == parquet.Int64:
			got = "int64"
		case typ.Kind() == parquet.Boolean:
			got = "bool"
		}
		if got != w {
			t.Errorf("%s: column %s is %v, want %s", file, name, typ, w)
		}
	}
	if _, ok := types["file"]; !ok && file != "r.summary.parquet" {
		t.Errorf("%s: no file column", file)
	}
}

// TestParquetAbort checks that an aborted Parquet report leaves nothing,
// and that Close keeps what was there under other names.
func TestParquetAbort(t *testing.T) {
	dir := t.TempDir()
	x, err := NewParquet(filepath.Join(dir, "r.parquet"), NewPrinter("en"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range sampleFindings() {
		if err := x.Board(f); err != nil {
			t.Fatal(err)
		}
	}
	x.Abort()
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("left after Abort: %v", names)
	}
	if err := x.Board(sampleFindings()[0]); err == nil {
		t.Error("Board after Abort did not fail")
	}
	jrows := writeBoth(t, dir, sampleFindings())
	names := dirNames(t, dir)
	if want := []string{"r.boards.parquet", "r.parquet", "r.problems.parquet", "r.summary.parquet"}; !slices.Equal(names, want) {
		t.Errorf("files %v, want %v", names, want)
	}
	if len(jrows) == 0 {
		t.Error("no JSON rows")
	}
}

// logical returns "date", "list" or "string" for a column of that
// logical type, "" for others.
func logical(typ parquet.Type) string {
	lt := typ.LogicalType()
	if lt == nil {
		return ""
	}
	switch lt.Value.(type) {
	case *pqformat.DateType:
		return "date"
	case *pqformat.ListType:
		return "list"
	case *pqformat.StringType:
		if typ.Kind() == parquet.ByteArray {
			return "string"
		}
	}
	return ""
}

// TestDateCells checks date_iso and year: a complete date as YYYY-MM-DD,
// the year whenever it is known, nothing invented.
func TestDateCells(t *testing.T) {
	for _, c := range []struct {
		tag, iso string
		year     int
	}{
		{"1996.11.02", "1996-11-02", 1996},
		{"10.08.2013", "2013-08-10", 2013},
		{"2013-08-10 17:04", "2013-08-10", 2013},
		{"1-Dec-2023", "2023-12-01", 2023},
		{"2012.??.??", "", 2012},
		{"2012.05.??", "", 2012},
		{"2017.02.31", "", 2017},
		{"2017.13.45", "", 0},
		{"????.??.??", "", 0},
		{"", "", 0},
	} {
		iso, year := dateCells(c.tag)
		if iso.s != c.iso || (iso.kind == day) != (c.iso != "") || year.n != c.year || (year.kind == number) != (c.year != 0) {
			t.Errorf("%q: date_iso %+v, year %+v; want %q, %d", c.tag, iso, year, c.iso, c.year)
		}
		if iso.kind == day {
			if d := time.Unix(int64(iso.n)*86400, 0).UTC().Format(time.DateOnly); d != c.iso {
				t.Errorf("%q: day %d is %s", c.tag, iso.n, d)
			}
		}
	}
}

// TestPQBoardColumns checks that the columns of NAME.boards.parquet are
// the board keys, in order (pqBoard.set fills them by position).
func TestPQBoardColumns(t *testing.T) {
	var names []string
	for _, f := range parquet.SchemaOf(pqBoard{}).Fields() {
		names = append(names, f.Name())
	}
	if !slices.Equal(names, boardKeys) {
		t.Errorf("columns %v\nwant %v", names, boardKeys)
	}
}
