package boards

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"revokes/pbn"
	"revokes/pbn/pbntest"
)

// TestOpen: Open reads a file of either format as NewReader does, refuses
// (and closes) a file of neither, and returns the error of a missing one.
func TestOpen(t *testing.T) {
	for _, tc := range []struct {
		name           string
		format         pbn.Format
		boards, errors int
	}{
		{"testdata/example.pbn", pbn.FormatPBN, 2, 1},
		{"testdata/example.lin", pbn.FormatLIN, 1, 0},
	} {
		f, err := Open(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		boards, errs := pbntest.ReadAll(t, tc.name, f)
		if f.Format != tc.format || len(boards) != tc.boards || len(errs) != tc.errors {
			t.Errorf("%s: format %v, %d boards, %d errors; want %v, %d, %d", tc.name, f.Format, len(boards), len(errs), tc.format, tc.boards, tc.errors)
		}
		for _, b := range boards {
			if b.File != tc.name {
				t.Errorf("%s: board %d of file %q", tc.name, b.Index, b.File)
			}
		}
		if err := f.Close(); err != nil {
			t.Errorf("%s: Close: %v", tc.name, err)
		}
	}

	other := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(other, []byte("Board 1: 4S by N, made\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var pe *pbn.ParseError
	if f, err := Open(other); f != nil || !errors.As(err, &pe) || pe.Code != "unknown-format" || pe.File != other {
		t.Errorf("neither format: %v, %v", f, err)
	}
	if f, err := Open(filepath.Join(t.TempDir(), "none.pbn")); f != nil || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v, %v", f, err)
	}
}
