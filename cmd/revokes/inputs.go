package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"revokes/pbn"
)

// maxMember is the most a zip or tar member may inflate to (counted while
// reading, never trusted from the header). A variable so that tests can
// lower it.
var maxMember int64 = 256 << 20

// leafKind says where a leaf's bytes come from.
type leafKind uint8

const (
	leafFile     leafKind = iota // a file on disk (plain, gzip, zip or tar by content)
	leafStdin                    // standard input ("-")
	leafEmbedded                 // a file of the built-in sample
	leafProblem                  // a path that could not be listed
)

// leaf is one input after directories are walked: a file to read, or a
// problem standing in its place.
type leaf struct {
	kind leafKind
	name string // as reported in the file column
	path string // on disk, or in the sample FS
	size int64  // bytes on disk; 0 when unknown
	prob pbn.Problem
}

// walkExt are the extensions read in a directory walk (any case). A file
// named explicitly is read whatever its name.
var walkExt = map[string]bool{".pbn": true, ".lin": true, ".zip": true, ".gz": true, ".tar": true, ".tgz": true}

// memberExt are the extensions of the zip and tar members read.
var memberExt = map[string]bool{".pbn": true, ".lin": true}

// unreadable returns the problem row of an input that could not be read.
func unreadable(name string, err error) pbn.Problem {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the path is already in the file column
	}
	return pbn.Problem{File: name, Code: "unreadable-file", Severity: pbn.Error,
		Text: pbn.Msg("cannot read the input: %v", err)}
}

// plan turns the paths of the command line into leaves, walking
// directories in sorted order. Symbolic links to directories found inside
// a directory are not followed (a link loop cannot hang the walk); links to
// files are read.
func plan(paths []string) (leaves []leaf) {
	if len(paths) == 0 {
		return sampleLeaves()
	}
	for _, p := range paths {
		if p == "-" {
			leaves = append(leaves, leaf{kind: leafStdin, name: "-"})
			continue
		}
		fi, err := os.Stat(p)
		if err != nil {
			leaves = append(leaves, leaf{kind: leafProblem, name: p, prob: unreadable(p, err)})
			continue
		}
		if !fi.IsDir() {
			leaves = append(leaves, leaf{kind: leafFile, name: p, path: p, size: fi.Size()})
			continue
		}
		filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
			if err != nil {
				leaves = append(leaves, leaf{kind: leafProblem, name: q, prob: unreadable(q, err)})
				return nil // WalkDir skips the directory it could not read
			}
			if d.IsDir() || !walkExt[strings.ToLower(filepath.Ext(q))] {
				return nil
			}
			fi, err := os.Stat(q) // follows a link to a file
			switch {
			case err != nil:
				leaves = append(leaves, leaf{kind: leafProblem, name: q, prob: unreadable(q, err)})
			case fi.Mode().IsRegular():
				leaves = append(leaves, leaf{kind: leafFile, name: q, path: q, size: fi.Size()})
			}
			return nil
		})
	}
	return leaves
}

// open opens a leaf's bytes. The returned closer must be called.
func (p *pipeline) open(l *leaf) (io.Reader, io.Closer, error) {
	switch l.kind {
	case leafStdin:
		return p.stdin, io.NopCloser(nil), nil
	case leafEmbedded:
		f, err := sampleFS.Open(l.path)
		return f, f, err
	}
	f, err := os.Open(l.path)
	return f, f, err
}

// readLeaf reads one leaf: a plain, gzip, zip or tar input (a tar inside
// gzip too), told apart by its first bytes.
func (p *pipeline) readLeaf(l *leaf) {
	if l.kind == leafProblem {
		p.fail(l.prob)
		return
	}
	r, c, err := p.open(l)
	if err != nil {
		p.fail(unreadable(l.name, err))
		return
	}
	defer c.Close()
	in := &countReader{r: r, bar: p.bar}

	if f, ok := r.(*os.File); ok && l.kind == leafFile {
		var magic [4]byte
		n, _ := f.ReadAt(magic[:], 0)
		if n == 4 && (string(magic[:]) == "PK\x03\x04" || string(magic[:]) == "PK\x05\x06") {
			p.readZip(l, f)
			return
		}
	}
	// Peek for the gzip magic without losing the bytes.
	var head [2]byte
	n, err := io.ReadFull(in, head[:])
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		p.files++
		p.fail(unreadable(l.name, err))
		return
	}
	var stream io.Reader = io.MultiReader(bytes.NewReader(head[:n]), in)
	if n == 2 && head[0] == 0x1f && head[1] == 0x8b {
		gz, err := gzip.NewReader(stream)
		if err != nil {
			p.files++
			p.fail(unreadable(l.name, err))
			return
		}
		defer gz.Close()
		stream = gz
	}
	// laws.md A17: a tar archive (.tar, .tar.gz, .tgz) starts with a
	// header block; peek at it without losing the bytes or an error.
	var block [512]byte
	n, err = readFull(stream, block[:])
	isTar := n == len(block) && tarHeader(&block)
	switch err {
	case nil:
		stream = io.MultiReader(bytes.NewReader(block[:n]), stream)
	case io.EOF:
		stream = bytes.NewReader(block[:n])
	default:
		stream = io.MultiReader(bytes.NewReader(block[:n]), errReader{err})
	}
	if aheadOK(l, r) {
		ra := newReadAhead(stream)
		defer ra.Close()
		stream = ra
	}
	if isTar {
		p.readTar(l.name, stream)
		return
	}
	p.readStream(l.name, stream)
}

// readFull reads into b until it is full or r fails, and returns the
// error as r gave it (io.EOF at the end, unlike io.ReadFull).
func readFull(r io.Reader, b []byte) (n int, err error) {
	for n < len(b) && err == nil {
		var k int
		k, err = r.Read(b[n:])
		n += k
	}
	return n, err
}

// errReader always fails with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

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

// readTar reads the .pbn and .lin members of a tar stream, in archive
// order, each through the same size limit as a zip member (laws.md A17).
// Member names are only names: nothing is extracted to disk, whatever
// the name (../, absolute paths).
func (p *pipeline) readTar(name string, stream io.Reader) {
	tr := tar.NewReader(stream)
	for p.ctx.Err() == nil {
		h, err := tr.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			p.readError(name, err)
			return
		}
		if !h.FileInfo().Mode().IsRegular() || !memberExt[strings.ToLower(path.Ext(h.Name))] {
			continue
		}
		in := &limitReader{r: tr, n: maxMember, tooLarge: errTarTooLarge}
		p.readStream(name+"!"+h.Name, in)
		if in.err != nil && in.err != errTarTooLarge {
			return // the stream broke: the member's problem says so
		}
	}
}

// minAhead is the smallest input read ahead: a smaller one is read in a
// few reads anyway.
const minAhead = 2 * readAheadSize

// aheadOK reports whether the input of l is worth reading ahead and may
// be: a regular file of minAhead or more, whose reads never wait for long
// (not standard input, not a named pipe).
func aheadOK(l *leaf, r io.Reader) bool {
	switch l.kind {
	case leafFile:
		if l.size < minAhead {
			return false
		}
		f, ok := r.(*os.File)
		if !ok {
			return false
		}
		fi, err := f.Stat()
		return err == nil && fi.Mode().IsRegular()
	}
	return false
}

// readZip reads the .pbn and .lin members of a zip archive, in archive
// order, each through a size limit. Member names are only names: nothing
// is extracted to disk.
func (p *pipeline) readZip(l *leaf, f *os.File) {
	zr, err := zip.NewReader(f, l.size)
	if err != nil {
		p.fail(unreadable(l.name, err))
		p.bar.add(l.size)
		return
	}
	for _, m := range zr.File {
		if p.ctx.Err() != nil {
			return
		}
		if m.FileInfo().IsDir() || !memberExt[strings.ToLower(path.Ext(m.Name))] {
			p.bar.add(int64(m.CompressedSize64))
			continue
		}
		name := l.name + "!" + m.Name
		rc, err := m.Open()
		if err != nil {
			p.files++
			p.fail(unreadable(name, err))
			p.bar.add(int64(m.CompressedSize64))
			continue
		}
		var in io.Reader = &limitReader{r: rc, n: maxMember}
		if m.UncompressedSize64 >= minAhead {
			ra := newReadAhead(in)
			p.readStream(name, ra)
			ra.Close()
		} else {
			p.readStream(name, in)
		}
		rc.Close()
		p.bar.add(int64(m.CompressedSize64))
	}
}

// errTooLarge ends a zip member that inflates past maxMember,
// errTarTooLarge a tar member.
var (
	errTooLarge    = errors.New("zip member too large")
	errTarTooLarge = errors.New("tar member too large")
)

// limitReader returns its tooLarge error (errTooLarge when nil) once more
// than n bytes have been read. err keeps the last error other than io.EOF.
type limitReader struct {
	r        io.Reader
	n        int64
	tooLarge error
	err      error
}

func (l *limitReader) Read(b []byte) (int, error) {
	if l.n < 0 {
		return 0, l.fail()
	}
	if int64(len(b)) > l.n+1 {
		b = b[:l.n+1]
	}
	n, err := l.r.Read(b)
	l.n -= int64(n)
	if l.n < 0 {
		return n, l.fail()
	}
	if err != nil && err != io.EOF {
		l.err = err
	}
	return n, err
}

// fail returns the error of a member too large.
func (l *limitReader) fail() error {
	l.err = l.tooLarge
	if l.err == nil {
		l.err = errTooLarge
	}
	return l.err
}

// countReader adds the bytes read to the progress bar.
type countReader struct {
	r   io.Reader
	bar *progress
}

func (c *countReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.bar.add(int64(n))
	return n, err
}
