package boards

import (
	"archive/zip"
	"io"
	"path"
	"strings"

	"revokes/pbn"
)

// walkZip reads the .pbn and .lin members of a zip archive, and the
// others whose content is PBN or LIN (Walker.records), in archive order,
// each through the size cap. Member names are only names: nothing
// is extracted to disk.
func (w *Walker) walkZip(in *Input, ra io.ReaderAt, fn WalkFunc) error {
	zr, err := zip.NewReader(ra, in.Size)
	if err != nil {
		err = fn(in.Name, nil, unreadable(in.Name, err))
		w.progress(in.Size)
		return err
	}
	max := w.maxMember()
	for _, m := range zr.File {
		if m.FileInfo().IsDir() || !m.Mode().IsRegular() {
			w.progress(int64(m.CompressedSize64))
			continue
		}
		name := in.Name + "!" + m.Name
		sniff := !memberExt[strings.ToLower(path.Ext(m.Name))]
		rc, err := m.Open()
		if err != nil && sniff {
			w.NotRecords++ // (a member of another name, not even readable)
			w.progress(int64(m.CompressedSize64))
			continue
		}
		if err != nil {
			err = fn(name, errReader{unreadable(name, err)}, nil)
			w.progress(int64(m.CompressedSize64))
			if err != nil {
				return err
			}
			continue
		}
		tooLarge := &inputError{p: pbn.Problem{File: name, Code: "zip-member-too-large", Severity: pbn.Error,
			Text: pbn.Msg("zip member inflates to more than %d bytes; the rest of it is not read", max)}}
		var r io.Reader = &limitReader{r: rc, n: max, tooLarge: tooLarge}
		if sniff {
			var ok bool
			if r, ok = w.records(r); !ok {
				rc.Close()
				w.progress(int64(m.CompressedSize64))
				continue
			}
		}
		if m.UncompressedSize64 >= minAhead {
			ra := newReadAhead(r)
			err = fn(name, ra, nil)
			ra.Close()
		} else {
			err = fn(name, r, nil)
		}
		rc.Close()
		w.progress(int64(m.CompressedSize64))
		if err != nil {
			return err
		}
	}
	return nil
}

// progress hands n bytes read to Progress.
func (w *Walker) progress(n int64) {
	if w.Progress != nil && n != 0 {
		w.Progress(n)
	}
}

// limitReader returns its tooLarge error once more than n bytes have been
// read. err keeps the last error other than io.EOF.
type limitReader struct {
	r        io.Reader
	n        int64
	tooLarge error
	err      error
}

func (l *limitReader) Read(b []byte) (int, error) {
	if l.n < 0 {
		l.err = l.tooLarge
		return 0, l.err
	}
	if int64(len(b)) > l.n+1 {
		b = b[:l.n+1]
	}
	n, err := l.r.Read(b)
	l.n -= int64(n)
	if l.n < 0 {
		l.err = l.tooLarge
		return n, l.err
	}
	if err != nil && err != io.EOF {
		l.err = err
	}
	return n, err
}
