package boards

import (
	"archive/tar"
	"bytes"
	"io"
	"path"
	"strings"

	"revokes/pbn"
)

// tarHeader reports whether b is a tar header block: its checksum field
// holds, in octal, the sum of its bytes with that field read as blanks
// (every tar format has it; text never does by chance).
func tarHeader(b *[512]byte) bool {
	sum := int64(0)
	for i, c := range b {
		if i >= 148 && i < 156 {
			c = ' '
		}
		sum += int64(c)
	}
	field := bytes.Trim(b[148:156], " \x00")
	if len(field) == 0 || b[0] == 0 {
		return false
	}
	v := int64(0)
	for _, c := range field {
		if c < '0' || c > '7' {
			return false
		}
		v = v*8 + int64(c-'0')
	}
	return v == sum
}

// walkTar reads the .pbn and .lin members of a tar stream, and the others
// whose content is PBN or LIN (Walker.records), in archive order, each through the same size cap as a zip member (laws.md A17).
// Member names are only names: nothing is extracted to disk, whatever the
// name (../, absolute paths). A broken stream ends the walk of the archive.
func (w *Walker) walkTar(name string, stream io.Reader, fn WalkFunc) error {
	max := w.maxMember()
	tr := tar.NewReader(stream)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fn(name, nil, err)
		}
		if !h.FileInfo().Mode().IsRegular() {
			continue
		}
		member := name + "!" + h.Name
		tooLarge := &inputError{p: pbn.Problem{File: member, Code: "zip-member-too-large", Severity: pbn.Error,
			Text: pbn.Msg("tar member is larger than %d bytes; the rest of it is not read", max)}}
		in := &limitReader{r: tr, n: max, tooLarge: tooLarge}
		var r io.Reader = in
		if !memberExt[strings.ToLower(path.Ext(h.Name))] {
			var ok bool
			if r, ok = w.records(in); !ok {
				continue
			}
		}
		if err := fn(member, r, nil); err != nil {
			return err
		}
		if in.err != nil && in.err != tooLarge {
			return nil // the stream broke: the member's problem says so
		}
	}
}
