package main

import (
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

// maxMember is the most a zip member may inflate to (counted while
// reading, never trusted from the header). A variable so that tests can
// lower it.
var maxMember int64 = 256 << 20

// leafKind says where a leaf's bytes come from.
type leafKind uint8

const (
	leafFile     leafKind = iota // a file on disk (plain, gzip or zip by content)
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
var walkExt = map[string]bool{".pbn": true, ".lin": true, ".zip": true, ".gz": true}

// memberExt are the extensions of the zip members read.
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

// readLeaf reads one leaf: a plain, gzip or zip input, told apart by its
// first bytes.
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
	if aheadOK(l, r) {
		ra := newReadAhead(stream)
		defer ra.Close()
		stream = ra
	}
	p.readStream(l.name, stream)
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

// errTooLarge ends a zip member that inflates past maxMember.
var errTooLarge = errors.New("zip member too large")

// limitReader returns errTooLarge once more than n bytes have been read.
type limitReader struct {
	r io.Reader
	n int64
}

func (l *limitReader) Read(b []byte) (int, error) {
	if l.n < 0 {
		return 0, errTooLarge
	}
	if int64(len(b)) > l.n+1 {
		b = b[:l.n+1]
	}
	n, err := l.r.Read(b)
	l.n -= int64(n)
	if l.n < 0 {
		return n, errTooLarge
	}
	return n, err
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
