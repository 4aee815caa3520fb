package pbn

import (
	"errors"
	"flag"
	"io"
	"testing"
)

// update rewrites the golden files of the PBN and LIN readers' tests.
var update = flag.Bool("update", false, "rewrite the golden files")

// readBoards reads every record of r: the boards and the records that
// could not be read; any other error, or a reader that does not end,
// fails the test.
func readBoards(t testing.TB, name string, r BoardReader) ([]*Board, []*ParseError) {
	t.Helper()
	var boards []*Board
	var errs []*ParseError
	for i := 0; ; i++ {
		if i > 1e6 {
			t.Fatalf("%s: Read does not end", name)
		}
		b, err := r.Read()
		if err == io.EOF {
			return boards, errs
		}
		var pe *ParseError
		if errors.As(err, &pe) {
			errs = append(errs, pe)
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		boards = append(boards, b)
	}
}
