package report

import (
	"archive/zip"
	"compress/gzip"
	"errors"
	"io"
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/text/message"

	"revokes/pbn"
)

// textError is an error whose text is a message for people: it is said
// in the reader's language when printed with ErrorText, and still
// unwraps to its cause for errors.Is.
type textError struct {
	msg pbn.Message
	err error
}

func (e *textError) Error() string { return e.msg.String() }
func (e *textError) Unwrap() error { return e.err }

// errorf returns an error with the message format and args (a catalog
// key); the last argument, when it is an error, is its cause.
func errorf(format string, args ...any) error {
	e := &textError{msg: pbn.Msg(format, args...)}
	if n := len(args); n > 0 {
		e.err, _ = args[n-1].(error)
	}
	return e
}

// ErrorText says err in the printer's language: a message of the report
// or the readers from the catalog, a reason of the operating system or
// of an archive in words of the catalog, anything else as it is.
func ErrorText(p *message.Printer, err error) string {
	var te *textError
	var msg pbn.Message
	switch {
	case errors.As(err, &te):
		return Text(p, te.msg)
	case errors.As(err, &msg):
		return Text(p, msg)
	}
	if text := reasonText(p, err); text != "" {
		return text
	}
	return err.Error()
}

// reasonText says a reason the operating system or a decompressor gives
// in the printer's language, or returns "" for another error. An error that only
// wraps one of them (with a path, say) is not one: its own text has more.
func reasonText(p *message.Printer, err error) string {
	var pe *fs.PathError
	var le *os.LinkError
	var se *os.SyscallError
	switch {
	case errors.As(err, &pe) && pe == err:
		err = pe.Err
	case errors.As(err, &le) && le == err:
		err = le.Err
	case errors.As(err, &se) && se == err:
		err = se.Err
	}
	if errno, ok := err.(syscall.Errno); ok {
		switch errno {
		case syscall.ENOENT:
			return p.Sprintf("no such file or folder")
		case syscall.EACCES, syscall.EPERM:
			return p.Sprintf("permission denied")
		case syscall.EISDIR:
			return p.Sprintf("it is a folder")
		case syscall.ENOTDIR:
			return p.Sprintf("a part of the path is not a folder")
		case syscall.ENOSPC:
			return p.Sprintf("no space left on the disk")
		case syscall.EROFS:
			return p.Sprintf("the file system is read-only")
		case syscall.ELOOP:
			return p.Sprintf("too many symbolic links")
		case syscall.ENAMETOOLONG:
			return p.Sprintf("the name is too long")
		}
		return ""
	}
	switch err {
	case zip.ErrFormat:
		return p.Sprintf("not a valid zip archive")
	case gzip.ErrHeader, gzip.ErrChecksum:
		return p.Sprintf("not a valid gzip file")
	case io.ErrUnexpectedEOF:
		return p.Sprintf("the input ends early")
	}
	return ""
}
