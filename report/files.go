package report

import (
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// Inputs are what a run reads, told to the workbook so that its File
// columns show a file by its path below the folder given (a user gives
// archive/ and reads 1997/ROUND3.PBN). JSON Lines and CSV keep the path
// as given.
type Inputs struct {
	Paths   []string // the inputs as given
	Folders []string // those of Paths that are folders
	// Files are the files and archives the run will read (names as the
	// walk gives them), for the width of the File columns.
	Files []string
}

// fileNames shows the names of files in the workbook.
type fileNames struct {
	// below are the prefixes cut from a name ("archive/"): each folder
	// given, or, when more than one input is given, each folder's parent,
	// so that the folder's own name tells the inputs apart.
	below []string
	width float64 // of the File columns, wide enough not to wrap
}

// minFileWidth and maxFileWidth bound the width of the File columns; a
// longer name wraps.
const (
	minFileWidth = 20.0
	maxFileWidth = 60.0
)

// newFileNames returns how the workbook shows the file names of in.
func newFileNames(in Inputs) fileNames {
	var fn fileNames
	sep := string(filepath.Separator)
	for _, dir := range in.Folders {
		base := filepath.Clean(dir)
		if len(in.Paths) > 1 {
			base = filepath.Dir(base)
		}
		if base == "." {
			continue // names found in "." have no prefix
		}
		fn.below = append(fn.below, strings.TrimSuffix(base, sep)+sep)
	}
	fn.width = minFileWidth
	if len(in.Files) == 0 {
		fn.width = 26 // nothing told: a common name's width
	}
	for _, f := range in.Files {
		fn.width = max(fn.width, float64(utf8.RuneCountInString(fn.show(f)))+2)
	}
	fn.width = min(fn.width, maxFileWidth)
	return fn
}

// show returns the name of a file or archive member as the workbook
// shows it: below the longest folder prefix it starts with, else as
// given.
func (fn *fileNames) show(name string) string {
	best := ""
	for _, b := range fn.below {
		if len(b) > len(best) && strings.HasPrefix(name, b) && len(name) > len(b) {
			best = b
		}
	}
	return name[len(best):]
}
