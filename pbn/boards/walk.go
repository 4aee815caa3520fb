package boards

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"revokes/pbn"
)

// DefaultMaxMember is the most a zip or tar member may inflate to when
// Walker.MaxMember is 0.
const DefaultMaxMember = 256 << 20

// A Walker finds the PBN and LIN files of a list of paths and opens them:
// files, folders (walked in sorted order), .gz files, zip and tar archives
// (also gzipped), told apart by their content, and "-" for standard input.
// In a folder, and among an archive's members, a file under another name
// than .pbn, .lin or an archive's is read when its first bytes are PBN or
// LIN (Sniff), and counted in NotRecords otherwise.
// The zero Walker reads the operating system's files.
type Walker struct {
	// FS, when set, holds the paths instead of the operating system.
	FS fs.FS
	// Stdin is read for the path "-" (os.Stdin when nil).
	Stdin io.Reader
	// MaxMember caps the bytes a zip or tar member may inflate to,
	// counted while reading (DefaultMaxMember when 0).
	MaxMember int64
	// Progress, when set, is called with the number of bytes of the
	// inputs read (as stored: a zip member's compressed size once it is
	// done); for a large file, from the goroutine that reads it ahead.
	Progress func(n int64)
	// NotRecords counts the files of a folder and the archive members,
	// under another name than .pbn, .lin or an archive's, passed over
	// because their content is neither PBN nor LIN.
	NotRecords int
}

// An Input is one path after folders are walked (Walker.List): a file
// to read, or the reason it cannot be listed.
type Input struct {
	Name string // as given or found in a folder; "-" is standard input
	Size int64  // bytes stored; -1 when unknown (standard input)
	err  error
	// sniff: found in a folder under another name, read only when its
	// content is PBN or LIN.
	sniff bool
}

// WalkFunc is called by Walk for each file or archive member found, in
// order, with its name (a path, or "archive!member") and its bytes,
// decompressed. A path, folder or archive that cannot be read or listed
// gives r nil and err the reason; a file or member whose bytes cannot be
// read at all gives an r whose Read fails. Problem(name, err) is the
// problem row of err, or of an error of r. A non-nil result stops the walk
// and is returned by it.
type WalkFunc func(name string, r io.Reader, err error) error

// walkExt are the extensions read in a folder (any case) whatever their
// content; other files of a folder are read when their content is PBN or
// LIN. A file named explicitly is read whatever its name.
var walkExt = map[string]bool{".pbn": true, ".lin": true, ".zip": true, ".gz": true, ".tar": true, ".tgz": true}

// memberExt are the extensions of the zip and tar members read.
var memberExt = map[string]bool{".pbn": true, ".lin": true}

// Extensions returns the extensions of the files read in a folder, sorted.
func Extensions() []string {
	var e []string
	for x := range walkExt {
		e = append(e, x)
	}
	slices.Sort(e)
	return e
}

// Walk calls fn for every PBN and LIN file of paths, and every member of
// the archives among them, in order (see Walker).
func Walk(paths []string, fn WalkFunc) error {
	var w Walker
	return w.Walk(w.List(paths), fn)
}

// List turns paths into inputs, walking folders in sorted order. Links to
// folders found inside a folder are not followed (a link loop cannot hang
// the walk); links to files are read.
func (w *Walker) List(paths []string) (inputs []Input) {
	stat := os.Stat
	walk := filepath.WalkDir
	if w.FS != nil {
		stat = func(p string) (fs.FileInfo, error) { return fs.Stat(w.FS, p) }
		walk = func(root string, fn fs.WalkDirFunc) error { return fs.WalkDir(w.FS, root, fn) }
	}
	for _, p := range paths {
		if p == "-" {
			inputs = append(inputs, Input{Name: "-", Size: -1})
			continue
		}
		fi, err := stat(p)
		if err != nil {
			inputs = append(inputs, Input{Name: p, err: unreadable(p, err)})
			continue
		}
		if !fi.IsDir() {
			inputs = append(inputs, Input{Name: p, Size: fi.Size()})
			continue
		}
		walk(p, func(q string, d fs.DirEntry, err error) error {
			if err != nil {
				inputs = append(inputs, Input{Name: q, err: unreadable(q, err)})
				return nil // WalkDir skips the folder it could not read
			}
			if d.IsDir() {
				return nil
			}
			sniff := !walkExt[strings.ToLower(filepath.Ext(q))]
			if sniff && d.Type()&fs.ModeSymlink == 0 && !d.Type().IsRegular() {
				return nil // a device, a pipe, a socket
			}
			fi, err := stat(q) // follows a link to a file
			switch {
			case err != nil && !sniff:
				inputs = append(inputs, Input{Name: q, err: unreadable(q, err)})
			case err == nil && fi.Mode().IsRegular():
				inputs = append(inputs, Input{Name: q, Size: fi.Size(), sniff: sniff})
			}
			return nil
		})
	}
	return inputs
}

// Walk calls fn for each file of inputs (from List), and for each member
// of the archives among them, in order, until fn returns an error.
func (w *Walker) Walk(inputs []Input, fn WalkFunc) error {
	for i := range inputs {
		if err := w.walk(&inputs[i], fn); err != nil {
			return err
		}
	}
	return nil
}

// maxMember returns the cap on a member's size.
func (w *Walker) maxMember() int64 {
	if w.MaxMember > 0 {
		return w.MaxMember
	}
	return DefaultMaxMember
}

// open opens the input's bytes. The returned closer must be called.
func (w *Walker) open(in *Input) (io.Reader, io.Closer, error) {
	if in.Name == "-" && in.Size < 0 {
		if w.Stdin != nil {
			return w.Stdin, io.NopCloser(nil), nil
		}
		return os.Stdin, io.NopCloser(nil), nil
	}
	if w.FS != nil {
		f, err := w.FS.Open(in.Name)
		return f, f, err
	}
	f, err := os.Open(in.Name)
	return f, f, err
}

// walk reads one input: a plain, gzip, zip or tar file (a tar inside gzip
// too), told apart by its first bytes.
func (w *Walker) walk(in *Input, fn WalkFunc) error {
	if in.err != nil {
		return fn(in.Name, nil, in.err)
	}
	r, c, err := w.open(in)
	if err != nil {
		return fn(in.Name, nil, unreadable(in.Name, err))
	}
	defer c.Close()
	var raw io.Reader = r
	if w.Progress != nil {
		raw = &countReader{r: r, add: w.Progress}
	}

	if ra, ok := r.(io.ReaderAt); ok && in.Size >= 0 && !in.sniff {
		var magic [4]byte
		n, _ := ra.ReadAt(magic[:], 0)
		if n == 4 && (string(magic[:]) == "PK\x03\x04" || string(magic[:]) == "PK\x05\x06") {
			return w.walkZip(in, ra, fn)
		}
	}
	// Peek for the gzip magic without losing the bytes.
	var head [2]byte
	n, err := io.ReadFull(raw, head[:])
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return fn(in.Name, errReader{unreadable(in.Name, err)}, nil)
	}
	gzipped := n == 2 && head[0] == 0x1f && head[1] == 0x8b
	if err := notArchive(in.Name, gzipped); err != nil {
		return fn(in.Name, nil, unreadable(in.Name, err))
	}
	var stream io.Reader = io.MultiReader(bytes.NewReader(head[:n]), raw)
	if gzipped && !in.sniff {
		gz, err := gzip.NewReader(stream)
		if err != nil {
			return fn(in.Name, errReader{unreadable(in.Name, err)}, nil)
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
	if in.sniff && !isTar {
		var ok bool
		if stream, ok = w.records(stream); !ok {
			w.progress(in.Size - counted(raw))
			return nil
		}
	}
	if aheadOK(in, r) {
		ra := newReadAhead(stream)
		defer ra.Close()
		stream = ra
	}
	if isTar {
		return w.walkTar(in.Name, stream, fn)
	}
	return fn(in.Name, stream, nil)
}

// notArchive returns the error of an input whose name says zip or gzip
// but whose bytes are not (a zip's were looked at already): an empty or
// broken archive cannot be read, and is not taken for an empty record
// file. gzipped tells whether the input starts as a gzip stream does.
func notArchive(name string, gzipped bool) error {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".zip":
		return zip.ErrFormat
	case ".gz", ".tgz":
		if !gzipped {
			return gzip.ErrHeader
		}
	}
	return nil
}

// records reads the start of a file or member found under another name
// than .pbn or .lin, and tells whether it is PBN or LIN (Sniff: at most
// 8 KiB are read for most files); it returns a reader of the whole input
// again. A file that is neither is counted in NotRecords. A UTF-16 file
// is passed on: its reader decodes it and tells.
func (w *Walker) records(r io.Reader) (io.Reader, bool) {
	buf := make([]byte, 0, 512)
	for _, n := range [...]int{512, 8 << 10, sniffSize} {
		buf = slices.Grow(buf, n-len(buf))
		k, err := readFull(r, buf[len(buf):n])
		buf = buf[:len(buf)+k]
		f, sure := sniff(buf)
		utf16 := len(buf) >= 2 && (buf[0] == 0xff && buf[1] == 0xfe || buf[0] == 0xfe && buf[1] == 0xff)
		switch {
		case err != nil && err != io.EOF:
			return io.MultiReader(bytes.NewReader(buf), errReader{err}), true // a problem of the file
		case utf16 || f == pbn.FormatPBN || f == pbn.FormatLIN:
			if err == io.EOF {
				return bytes.NewReader(buf), true
			}
			return io.MultiReader(bytes.NewReader(buf), r), true
		case sure || err == io.EOF:
			w.NotRecords++
			return nil, false
		}
	}
	w.NotRecords++ // 64 KiB of blanks and comments
	return nil, false
}

// counted returns the bytes read through r, when r counts them.
func counted(r io.Reader) int64 {
	if c, ok := r.(*countReader); ok {
		return c.n
	}
	return 0
}

// minAhead is the smallest input read ahead: a smaller one is read in a
// few reads anyway.
const minAhead = 2 * readAheadSize

// aheadOK reports whether the input is worth reading ahead and may be: a
// regular file of minAhead or more, whose reads never wait for long (not
// standard input, not a named pipe).
func aheadOK(in *Input, r io.Reader) bool {
	if in.Size < minAhead {
		return false
	}
	f, ok := r.(fs.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode().IsRegular()
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

// countReader hands the number of bytes read to add.
type countReader struct {
	r   io.Reader
	add func(int64)
	n   int64 // bytes read so far
}

func (c *countReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	if n > 0 {
		c.add(int64(n))
		c.n += int64(n)
	}
	return n, err
}
