package report

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// tempFile is a file written under a temporary name in the directory of
// its final name, and renamed to it on commit. A final name that is not a
// regular file (a device such as /dev/null, a FIFO, /dev/stdout) is
// written directly instead (direct): renaming over it would replace the
// device or the pipe with a plain file.
type tempFile struct {
	*os.File
	final  string
	direct bool
}

// Special reports whether path names an existing target that is written
// directly, never replaced: one that is not a regular file or a directory
// (a device, a FIFO, a socket; links followed), or a link in /dev or /proc
// such as /dev/stdout or /proc/self/fd/1, which names an open file of the
// process even when that is a regular file the shell redirected to.
func Special(path string) bool {
	fi, err := os.Stat(path)
	if err != nil || fi.IsDir() {
		return false
	}
	if !fi.Mode().IsRegular() {
		return true
	}
	lfi, err := os.Lstat(path)
	if err != nil || lfi.Mode()&os.ModeSymlink == 0 {
		return false
	}
	abs, err := filepath.Abs(path)
	return err == nil && (strings.HasPrefix(abs, "/dev/") || strings.HasPrefix(abs, "/proc/"))
}

// CheckTarget tells whether a report of format ("xlsx", "csv" or "jsonl")
// can be written to path, before any input is read: not when path is a
// directory or its folder does not exist. For a CSV report to a regular
// file the two companion files are checked too. "-" (standard output) is
// always fine. The error names the target, not a temporary file.
func CheckTarget(path, format string) error {
	return CheckTargets(path, format, false)
}

// CheckTargets is CheckTarget for a report with board rows or not
// (-boards all: NAME.boards.csv is checked too; a Parquet report always
// has its four files).
func CheckTargets(path, format string, boards bool) error {
	if path == "-" {
		return nil
	}
	names := []string{path}
	switch {
	case Special(path):
	case format == "csv" && boards:
		all := csvNames(path)
		names = append(names, all[1:]...)
	case format == "csv":
		all := csvNames(path)
		names = append(names, all[1:3]...)
	case format == "parquet":
		all := parquetNames(path)
		names = append(names, all[1:]...)
	}
	for _, name := range names {
		if fi, err := os.Stat(name); err == nil && fi.IsDir() {
			return errorf("%s is a folder", name)
		}
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return errorf("the folder %s of %s does not exist", dir, path)
	case err != nil:
		return errorf("%s: %v", path, unwrapPath(err))
	case !fi.IsDir():
		return errorf("%s is not a folder, so %s cannot be written", dir, path)
	}
	return nil
}

// unwrapPath drops the path (perhaps a temporary name) from a
// *fs.PathError, leaving the reason.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// createTemp creates the temporary file for final, or opens final itself
// when it is Special. Errors name final, never the temporary name.
func createTemp(final string) (*tempFile, error) {
	if Special(final) {
		// No O_CREATE, no O_TRUNC: the device or pipe exists and stays.
		// A regular file behind /dev/stdout is appended to, as the
		// shell's >> or > (which truncated it already) asks.
		flag := os.O_WRONLY
		if fi, err := os.Stat(final); err == nil && fi.Mode().IsRegular() {
			flag |= os.O_APPEND
		}
		f, err := os.OpenFile(final, flag, 0)
		if err != nil {
			return nil, errorf("cannot write %s: %v", final, unwrapPath(err))
		}
		return &tempFile{File: f, final: final, direct: true}, nil
	}
	dir, base := filepath.Split(final)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return nil, errorf("cannot write %s: %v", final, unwrapPath(err))
	}
	// CreateTemp makes the file private; a report is an ordinary file.
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, errorf("cannot write %s: %v", final, unwrapPath(err))
	}
	return &tempFile{File: f, final: final}, nil
}

// finish syncs and closes the file without renaming it. A direct target
// is not synced: devices and pipes do not support it.
func (t *tempFile) finish() error {
	var err error
	if !t.direct {
		err = t.Sync()
	}
	if err2 := t.File.Close(); err == nil {
		err = err2
	}
	return err
}

// discard closes and removes the temporary file; a direct target is only
// closed (what was written to a device or pipe cannot be taken back).
func (t *tempFile) discard() {
	t.File.Close()
	if !t.direct {
		os.Remove(t.Name())
	}
}

// commitAll renames finished temporary files to their final names, in
// order (direct targets are already there). On an error the files renamed
// so far are removed again and the rest discarded, so that either all
// final names exist or none is new. The error names the final name.
func commitAll(files ...*tempFile) error {
	for i, t := range files {
		if t.direct {
			continue
		}
		if err := os.Rename(t.Name(), t.final); err != nil {
			for _, d := range files[:i] {
				if !d.direct {
					os.Remove(d.final)
				}
			}
			for _, d := range files[i:] {
				if !d.direct {
					os.Remove(d.Name())
				}
			}
			return errorf("cannot write %s: %v", t.final, unwrapPath(linkErr(err)))
		}
	}
	return nil
}

// linkErr drops the two names of a *os.LinkError, leaving the reason.
func linkErr(err error) error {
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// errClosed is returned by writers used after Close or Abort.
var errClosed = errors.New("report: writer is closed")
