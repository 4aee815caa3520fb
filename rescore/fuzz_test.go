package rescore

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"revokes/analyze"
)

// FuzzRescore reads a PBN input, analyses it and re-scores it with every
// method: nothing panics, and every board row has as many results with
// a value as it has results compared.
func FuzzRescore(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "rescore", "*.pbn"))
	forms, _ := filepath.Glob(filepath.Join("testdata", "*.pbn")) // the stated forms of §9
	files = append(files, forms...)
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(runOne)
}

// runOne is FuzzRescore's body.
func runOne(t *testing.T, data []byte) {
	if len(data) > 1<<16 {
		return
	}
	a, err := analyze.New(analyze.Options{Edition: "auto"})
	if err != nil {
		t.Fatal(err)
	}
	var boards []*analyze.Findings
	for _, b := range readBoards(t, "fuzz", bytes.NewReader(data)) {
		if len(boards) == 2000 {
			break
		}
		boards = append(boards, a.Board(b))
	}
	for _, m := range append([]string{""}, Methods...) {
		c := NewCollector(Options{Method: m, DatumTrim: -1})
		for _, f := range boards {
			c.Add(f)
		}
		res := c.Finish()
		for _, b := range res.Boards {
			values := 0
			for _, row := range b.Rows {
				if row.HasValue && row.HasScore {
					values++ // (an artificial score has a value, no result)
				}
			}
			if values != 0 && values != b.Tables {
				t.Fatalf("%s: board %s: %d values for %d tables", m, b.Board, values, b.Tables)
			}
		}
	}
}
