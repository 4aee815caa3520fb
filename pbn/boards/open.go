package boards

import (
	"os"

	"revokes/pbn"
)

// File is an archive opened by Open: Read gives its boards, as the reader
// of its format does, and Close closes it.
type File struct {
	pbn.BoardReader
	// Format is the archive's format, told by its content.
	Format pbn.Format

	f *os.File
}

// Open opens the named archive, PBN or BBO LIN, and returns the reader of
// its boards (see NewReader; the boards' File is name). A file that is
// neither gives a *pbn.ParseError, and is closed.
func Open(name string) (*File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	r, format, err := NewReader(f, name)
	if err != nil {
		f.Close()
		return nil, err
	}
	return &File{BoardReader: r, Format: format, f: f}, nil
}

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }
