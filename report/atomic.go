package report

import (
	"errors"
	"os"
	"path/filepath"
)

// tempFile is a file written under a temporary name in the directory of
// its final name, and renamed to it on commit.
type tempFile struct {
	*os.File
	final string
}

// createTemp creates the temporary file for final.
func createTemp(final string) (*tempFile, error) {
	dir, base := filepath.Split(final)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return nil, err
	}
	// CreateTemp makes the file private; a report is an ordinary file.
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &tempFile{File: f, final: final}, nil
}

// finish syncs and closes the file without renaming it.
func (t *tempFile) finish() error {
	err := t.Sync()
	if err2 := t.File.Close(); err == nil {
		err = err2
	}
	return err
}

// discard closes and removes the temporary file.
func (t *tempFile) discard() {
	t.File.Close()
	os.Remove(t.Name())
}

// commitAll renames finished temporary files to their final names, in
// order. On an error the files renamed so far are removed again and the
// rest discarded, so that either all final names exist or none is new.
func commitAll(files ...*tempFile) error {
	for i, t := range files {
		if err := os.Rename(t.Name(), t.final); err != nil {
			for _, d := range files[:i] {
				os.Remove(d.final)
			}
			for _, d := range files[i:] {
				os.Remove(d.Name())
			}
			return err
		}
	}
	return nil
}

// errClosed is returned by writers used after Close or Abort.
var errClosed = errors.New("report: writer is closed")
