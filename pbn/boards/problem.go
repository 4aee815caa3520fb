package boards

import (
	"errors"
	"io"
	"io/fs"

	"revokes/pbn"
)

// Problem returns the problem row of an error met reading the input name
// (a path, or archive!member): a record's *pbn.ParseError, an input that
// cannot be read ("unreadable-file"), a zip or tar member over the size
// cap ("zip-member-too-large"), an input that ends early.
func Problem(name string, err error) pbn.Problem {
	var pe *pbn.ParseError
	var ie *inputError
	switch {
	case errors.As(err, &pe):
		return pe.Problem()
	case errors.As(err, &ie):
		return ie.p
	case errors.Is(err, io.ErrUnexpectedEOF):
		return pbn.Problem{File: name, Code: "unreadable-file", Severity: pbn.Error,
			Text: pbn.Msg("the input ends early (truncated); the records before the break were analysed")}
	}
	return unreadable(name, err).p
}

// inputError is an error of an input whose problem row is known. It is
// never a *pbn.ParseError: readers take those for a record they skip.
type inputError struct {
	p   pbn.Problem
	err error
}

func (e *inputError) Error() string { return e.p.Error() }

// Unwrap returns the error of the file system or decompressor, if any.
func (e *inputError) Unwrap() error { return e.err }

// unreadable returns the error of an input that cannot be read.
func unreadable(name string, err error) *inputError {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the path is already in the file column
	}
	return &inputError{err: err, p: pbn.Problem{File: name, Code: "unreadable-file", Severity: pbn.Error,
		Text: pbn.Msg("cannot read the input: %v", err)}}
}
