package boards

import (
	"errors"
	"io"
	"iter"
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

// All returns the boards of every PBN and LIN file of paths, in order:
// files, folders, .gz files, zip and tar archives, as Walk finds them. A
// record or an input that cannot be read gives a *pbn.ParseError (its
// Problem is the row revokes reports) and the boards go on; an empty file
// gives nothing.
func All(paths ...string) iter.Seq2[*pbn.Board, error] {
	return func(yield func(*pbn.Board, error) bool) {
		Walk(paths, func(name string, r io.Reader, err error) error {
			if err != nil {
				return stopIf(yield(nil, problemError(Problem(name, err))))
			}
			in, f, err := sniffInput(r, name)
			switch {
			case err != nil:
				return stopIf(yield(nil, problemError(Problem(name, err))))
			case in == nil:
				return nil // an empty file: no boards, no problem
			}
			br := newReader(in, f, name)
			for {
				b, err := br.Read()
				var pe *pbn.ParseError
				switch {
				case err == io.EOF:
					return nil
				case err != nil && !errors.As(err, &pe):
					return stopIf(yield(nil, problemError(Problem(name, err))))
				}
				if !yield(b, err) {
					return errStop
				}
			}
		})
	}
}

// errStop ends a walk whose boards are no longer wanted.
var errStop = errors.New("stop")

// stopIf returns errStop when more is not wanted.
func stopIf(more bool) error {
	if !more {
		return errStop
	}
	return nil
}

// problemError returns p as the error of a record.
func problemError(p pbn.Problem) *pbn.ParseError {
	return &pbn.ParseError{File: p.File, Record: p.Game, Line: p.Line, Column: p.Column, Code: p.Code, Err: p.Text}
}

// Reader reads the boards of every file of paths, as All gives them.
type Reader struct {
	next func() (*pbn.Board, error, bool)
	stop func()
}

// OpenAll returns a reader of the boards of every PBN and LIN file of
// paths (see All). Read gives a *pbn.ParseError for a record or an input
// that cannot be read, and goes on; io.EOF at the end. Close must be
// called if Read did not give io.EOF.
func OpenAll(paths ...string) *Reader {
	next, stop := iter.Pull2(All(paths...))
	return &Reader{next: next, stop: stop}
}

// Read returns the next board, or the error of a record or an input, then
// io.EOF.
func (r *Reader) Read() (*pbn.Board, error) {
	b, err, ok := r.next()
	if !ok {
		return nil, io.EOF
	}
	return b, err
}

// Close ends the reading and closes the file being read.
func (r *Reader) Close() error {
	r.stop()
	return nil
}
