package report

import (
	"path/filepath"
	"testing"
)

// TestFileNames checks how the workbook shows file names: below the
// folder given, below the folder's parent when several inputs are given,
// as given otherwise; and a File column as wide as the longest name
// shown, within bounds.
func TestFileNames(t *testing.T) {
	j := filepath.Join
	for _, c := range []struct {
		name  string
		in    Inputs
		file  string
		shown string
		width float64
	}{
		{"one folder", Inputs{Paths: []string{"archive/"}, Folders: []string{"archive/"}, Files: []string{j("archive", "1997", "ROUND3.PBN")}},
			j("archive", "1997", "ROUND3.PBN"), j("1997", "ROUND3.PBN"), minFileWidth},
		{"a zip member in the folder", Inputs{Paths: []string{"archive"}, Folders: []string{"archive"}},
			j("archive", "x.zip") + "!2001/a.pbn", "x.zip!2001/a.pbn", 26},
		{"two folders", Inputs{Paths: []string{j("a", "1997"), j("a", "1998")}, Folders: []string{j("a", "1997"), j("a", "1998")}},
			j("a", "1998", "R1.PBN"), j("1998", "R1.PBN"), 26},
		{"a file given", Inputs{Paths: []string{j("club", "x.pbn")}, Files: []string{j("club", "x.pbn")}},
			j("club", "x.pbn"), j("club", "x.pbn"), minFileWidth},
		{"the current folder", Inputs{Paths: []string{"."}, Folders: []string{"."}},
			"x.pbn", "x.pbn", 26},
		{"a long name", Inputs{Paths: []string{"d"}, Folders: []string{"d"}, Files: []string{j("d", string(make([]byte, 100)))}},
			j("d", "e.pbn"), "e.pbn", maxFileWidth},
	} {
		fn := newFileNames(c.in)
		if got := fn.show(c.file); got != c.shown {
			t.Errorf("%s: %q shown as %q, want %q", c.name, c.file, got, c.shown)
		}
		if fn.width != c.width {
			t.Errorf("%s: width %v, want %v", c.name, fn.width, c.width)
		}
	}
}
