package correct

import (
	"errors"
	"testing"

	"revokes/rescore"
)

// TestCellLine puts new cells in table lines: a cell keeps its column
// (right-aligned: its right edge; left-aligned: its left edge), a gap
// keeps a space, a column without a width is written as it comes, and
// the line end stays.
func TestCellLine(t *testing.T) {
	for _, c := range []struct {
		name, line string
		texts      []rescore.Text
		want       string
	}{
		{"right, same width", ` 3  1 "420"   28.3 13.7`,
			[]rescore.Text{{Col: 3, Cell: "27.3", Width: 6, Right: true}}, ` 3  1 "420"   27.3 13.7`},
		{"right, wider", `  0.00 100.00`,
			[]rescore.Text{{Col: 0, Cell: "100.00", Width: 6, Right: true}, {Col: 1, Cell: "0.00", Width: 6, Right: true}}, `100.00   0.00`},
		{"right, no room left", `1 -0.1 x`,
			[]rescore.Text{{Col: 1, Cell: "-10.1", Width: 4, Right: true}}, `1 -10.1 x`},
		{"left, narrower", `"Amstel"  1`,
			[]rescore.Text{{Col: 0, Cell: `"Ams"`, Width: 10}}, `"Ams"     1`},
		{"left, wider", `ab  1`,
			[]rescore.Text{{Col: 0, Cell: "abcd", Width: 3}}, `abcd 1`},
		{"no width", `5 -  "140"`,
			[]rescore.Text{{Col: 2, Cell: `"1100"`}}, `5 -  "1100"`},
		{"CRLF kept", "1 2.0\r",
			[]rescore.Text{{Col: 1, Cell: "13.0", Width: 4, Right: true}}, "1 13.0\r"},
		{"last cell, left, trailing spaces", "x 12   ",
			[]rescore.Text{{Col: 1, Cell: "1", Width: 5}}, "x 1    "},
	} {
		got, ok := cellLine(c.line, c.texts)
		if !ok || got != c.want {
			t.Errorf("%s: %q → %q, %v; want %q", c.name, c.line, got, ok, c.want)
		}
	}
	if _, ok := cellLine("1 2", []rescore.Text{{Col: 2, Cell: "3"}}); ok {
		t.Error("a cell past the end of the line is written")
	}
}

// TestSidesValue rewrites a stated tag's numbers by side in the tag's own
// form (rescoring.md §9).
func TestSidesValue(t *testing.T) {
	for _, c := range []struct {
		v      string
		ns, ew string
		declNS bool
		want   string
		ok     bool
	}{
		{"NS 10 EW 32", "12", "30", true, "NS 12 EW 30", true},
		{"EW 40 NS 60", "55", "45", true, "EW 45 NS 55", true},
		{"NS:4 EW:-4", "+2", "-2", false, "NS:+2 EW:-2", true},
		{"NS110", "140", "-140", true, "NS140", true},
		{"33", "37", "5", true, "37", true},
		{"9", "37", "5", false, "5", true},
		{"ns 3,5", "4,5", "-4,5", true, "ns 4,5", true},
		{"NS 3 (avg)", "1", "-1", true, "", false},
	} {
		got, ok := sidesValue([]byte(c.v), rescore.Text{NS: c.ns, EW: c.ew, DeclNS: c.declNS})
		if ok != c.ok || ok && string(got) != c.want {
			t.Errorf("%q: %q, %v; want %q, %v", c.v, got, ok, c.want, c.ok)
		}
	}
}

// TestRewriteBadTexts gives texts that do not fit the file: each is an
// *Error with the record's line and changes nothing; nothing panics.
func TestRewriteBadTexts(t *testing.T) {
	src := "[Event \"x\"]\n[Board \"1\"]\n[ScoreMP \"NS 3 (avg)\"]\n[ScoreTable \"Table;MP_NS\"]\n1 3\n2 1\n"
	for _, tx := range []rescore.Text{
		{Line: 0, Tag: "ScoreMP", NS: "1"},
		{Line: 99, Tag: "ScoreMP", NS: "1"},
		{Line: 1, Tag: "ScoreIMP", NS: "1"},
		{Line: 1, Tag: "ScoreMP", NS: "1", EW: "2"},
		{Line: 1, Tag: "ScoreTable", Row: 5, Col: 1, Cell: "9"},
		{Line: 1, Tag: "ScoreTable", Row: 1, Col: 7, Cell: "9"},
		{Line: 1, Tag: "TotalScoreTable", Row: 0, Col: 0, Cell: "9"},
	} {
		out, errs := Rewrite([]byte(src), nil, []rescore.Text{tx})
		var e *Error
		if string(out) != src || len(errs) != 1 || !errors.As(errs[0], &e) || e.Line != tx.Line {
			t.Errorf("%+v: %d errors %v, changed %v", tx, len(errs), errs, string(out) != src)
		}
	}
}
