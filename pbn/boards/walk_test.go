package boards

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"revokes/pbn"
	"revokes/pbn/pbntest"
)

// walked is what a walk gave for one name: the bytes read and the
// problem code of the error, of the walk or of the reader.
type walked struct {
	name, data, code string
}

// walkAll walks the inputs of w, reading each file whole.
func walkAll(t *testing.T, w *Walker, paths ...string) []walked {
	t.Helper()
	var got []walked
	err := w.Walk(w.List(paths), func(name string, r io.Reader, err error) error {
		x := walked{name: name}
		if err == nil {
			var b []byte
			b, err = io.ReadAll(r)
			x.data = string(b)
		}
		if err != nil {
			x.code = Problem(name, err).Code
		}
		got = append(got, x)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestWalk: a folder is walked in sorted order; zip, tar, .tgz and .gz
// files are told by their content and their .pbn and .lin members read
// in archive order as archive!member; files and members of other names
// are read when their content is PBN or LIN, and counted in NotRecords
// otherwise (text, binary junk, empty); a link to a folder is not
// followed, a broken link and a missing path are problems in their place.
func TestWalk(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.pbn", []byte("A"))
	write("b.zip", pbntest.Zip(t, "x.pbn", "X", "notes.txt", "no", "../up.LIN", "U", "seg.txt", "qx|o1|"))
	write("c.tgz", pbntest.Gzip(t, pbntest.Tar(t, "y.lin", "Y", "z.txt", "no", "w", "[Event \"w\"]")))
	write("d.pbn.gz", pbntest.Gzip(t, []byte("D")))
	write("e.txt", []byte("not read"))
	write("e2.txt", pbntest.Gzip(t, []byte("[Event \"gz\"]"))) // only plain text is sniffed
	write("e3", []byte("\x00\x01binary"))
	write("e4.txt", nil)
	write("Segment 3.txt", []byte("vg|Cup,1,I,1,2,A,0,B,0|"))
	write("noext", []byte("Four lines\nof preamble\n[Event \"p\"]"))
	write("sub/f.lin", []byte("F"))
	write("sub/g.pbn", pbntest.Zip(t, "in.pbn", "G")) // a zip by content
	write("sub/i.txt", []byte(strings.Repeat("prose\n", 3000)))
	os.Symlink(dir, filepath.Join(dir, "sub", "loop"))
	os.Symlink(filepath.Join(dir, "gone"), filepath.Join(dir, "sub", "h.pbn"))

	w := &Walker{}
	got := walkAll(t, w, dir, filepath.Join(dir, "missing.pbn"))
	if w.NotRecords != 7 {
		t.Errorf("NotRecords = %d, want 7 (notes.txt, z.txt, e.txt, e2.txt, e3, e4.txt, sub/i.txt)", w.NotRecords)
	}
	want := []walked{
		{"Segment 3.txt", "vg|Cup,1,I,1,2,A,0,B,0|", ""},
		{"a.pbn", "A", ""},
		{"b.zip!x.pbn", "X", ""},
		{"b.zip!../up.LIN", "U", ""},
		{"b.zip!seg.txt", "qx|o1|", ""},
		{"c.tgz!y.lin", "Y", ""},
		{"c.tgz!w", "[Event \"w\"]", ""},
		{"d.pbn.gz", "D", ""},
		{"noext", "Four lines\nof preamble\n[Event \"p\"]", ""},
		{"sub/f.lin", "F", ""},
		{"sub/g.pbn!in.pbn", "G", ""},
		{"sub/h.pbn", "", "unreadable-file"},
		{"missing.pbn", "", "unreadable-file"},
	}
	for i := range got {
		got[i].name = strings.TrimPrefix(got[i].name, dir+"/")
	}
	if len(got) != len(want) {
		t.Fatalf("walked %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("walk %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestWalkCap: a zip or tar member that inflates past MaxMember gives
// zip-member-too-large after MaxMember bytes; the members after it are
// read. A broken zip, a damaged gzip header and a truncated tar are
// problems of their file.
func TestWalkCap(t *testing.T) {
	big := strings.Repeat("x", 5000)
	fsys := fstest.MapFS{
		"a.zip":      {Data: pbntest.Zip(t, "big.pbn", big, "small.pbn", "s")},
		"b.tar":      {Data: pbntest.Tar(t, "big.pbn", big, "small.pbn", "s")},
		"broken.zip": {Data: []byte("PK\x05\x06 no zip")},
		"bad.gz":     {Data: []byte("\x1f\x8b\x08")},
		"cut.tar":    {Data: pbntest.Tar(t, "one.pbn", big)[:1024]},
	}
	got := walkAll(t, &Walker{FS: fsys, MaxMember: 1000}, "a.zip", "b.tar", "broken.zip", "bad.gz", "cut.tar")
	want := []walked{
		{"a.zip!big.pbn", big[:1001], "zip-member-too-large"},
		{"a.zip!small.pbn", "s", ""},
		{"b.tar!big.pbn", big[:1001], "zip-member-too-large"},
		{"b.tar!small.pbn", "s", ""},
		{"broken.zip", "", "unreadable-file"},
		{"bad.gz", "", "unreadable-file"},
		{"cut.tar!one.pbn", big[:512], "unreadable-file"},
	}
	if len(got) != len(want) {
		t.Fatalf("walked %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("walk %d: %q %d bytes %q, want %q %d bytes %q", i, got[i].name, len(got[i].data), got[i].code,
				want[i].name, len(want[i].data), want[i].code)
		}
	}
	p := Problem("a.zip!big.pbn", errors.New("boom")) // any other error: unreadable
	if p.Code != "unreadable-file" {
		t.Errorf("Problem of an unknown error: %v", p)
	}
}

// TestWalkStdinProgress: "-" reads Stdin; Progress counts the bytes as
// stored (a zip's members by their compressed size), and a walk stops at
// the first error of fn.
func TestWalkStdinProgress(t *testing.T) {
	arc := pbntest.Zip(t, "x.pbn", strings.Repeat("[Event \"\"]\n", 100), "y.txt", "no")
	fsys := fstest.MapFS{"a.zip": {Data: arc}, "b.pbn": {Data: []byte("B")}}
	var n int64
	w := &Walker{FS: fsys, Stdin: strings.NewReader("stdin"), Progress: func(k int64) { n += k }}
	ins := w.List([]string{"-", "b.pbn"})
	if ins[0].Size != -1 || ins[1].Size != 1 {
		t.Errorf("inputs %+v, want the size of stdin unknown", ins)
	}
	got := walkAll(t, w, "-", "b.pbn")
	if len(got) != 2 || got[0] != (walked{"-", "stdin", ""}) || n != 6 {
		t.Errorf("walked %v, %d bytes, want stdin and b.pbn, 6 bytes", got, n)
	}

	n = 0
	zr, _ := zip.NewReader(bytes.NewReader(arc), int64(len(arc)))
	want := int64(zr.File[0].CompressedSize64 + zr.File[1].CompressedSize64)
	walkAll(t, w, "a.zip")
	if n != want {
		t.Errorf("progress of a zip %d, want its members' compressed sizes %d", n, want)
	}

	stop := errors.New("stop")
	calls := 0
	err := w.Walk(w.List([]string{"b.pbn", "a.zip", "b.pbn"}), func(string, io.Reader, error) error {
		calls++
		return stop
	})
	if err != stop || calls != 1 {
		t.Errorf("walk returned %v after %d calls, want stop after 1", err, calls)
	}
}

// TestTarHeader: text is never taken for a tar header, a tar header is.
func TestTarHeader(t *testing.T) {
	var block [512]byte
	copy(block[:], "[Event \"Club night\"]\n[Board \"1\"]\n"+strings.Repeat("[Site \"x\"]\n", 60))
	if tarHeader(&block) {
		t.Error("PBN text read as a tar header")
	}
	copy(block[:], pbntest.Tar(t, "a.pbn", "A"))
	if !tarHeader(&block) {
		t.Error("a tar header not read as one")
	}
}

// TestAll: All and OpenAll give the boards of every file of a walk, an
// input that cannot be read as a *pbn.ParseError in its place, nothing for
// an empty file; a reader closed early stops the walk.
func TestAll(t *testing.T) {
	dir := t.TempDir()
	pbnText, err := os.ReadFile("testdata/example.pbn")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "a.zip"), pbntest.Zip(t, "one.pbn", string(pbnText), "empty.lin", " \n"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.pbn"), []byte("no boards here\n"), 0o644)
	var got []string
	for b, err := range All(dir, filepath.Join(dir, "c.pbn")) {
		if err != nil {
			got = append(got, err.(*pbn.ParseError).Code)
			continue
		}
		got = append(got, strings.TrimPrefix(b.File, dir+"/")+" "+b.Tag("Board"))
	}
	want := "a.zip!one.pbn 1,bad-deal,a.zip!one.pbn 3,unknown-format,unreadable-file"
	if strings.Join(got, ",") != want {
		t.Errorf("All gave %v, want %s", got, want)
	}

	r := OpenAll(dir)
	if b, err := r.Read(); err != nil || b.Tag("Board") != "1" {
		t.Errorf("OpenAll: first Read %v %v", b, err)
	}
	r.Close()
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("Read after Close: %v, want io.EOF", err)
	}

	// A member large enough to be read ahead: Close in its middle ends
	// the reading goroutine and closes the archive.
	big := strings.Repeat(string(pbnText), 2*minAhead/len(pbnText)+1)
	os.WriteFile(filepath.Join(dir, "big.zip"), pbntest.Zip(t, "big.pbn", big), 0o644)
	r = OpenAll(filepath.Join(dir, "big.zip"))
	for range 100 {
		if _, err := r.Read(); err == io.EOF {
			t.Fatal("early end")
		}
	}
	r.Close()
}
