// Package pbntest gives the tests of the readers (and of the packages
// that use them) one way to read a whole archive, the golden-file flag,
// generated archives and the shared corpus of real files.
package pbntest

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revokes/pbn"
	"revokes/synth"
)

// Update rewrites the golden files of the PBN and LIN readers' tests.
var Update = flag.Bool("update", false, "rewrite the golden files")

// ReadAll reads every record of r: the boards and the records that
// could not be read; any other error, or a reader that does not end,
// fails the test.
func ReadAll(t testing.TB, name string, r pbn.BoardReader) ([]*pbn.Board, []*pbn.ParseError) {
	t.Helper()
	var boards []*pbn.Board
	var errs []*pbn.ParseError
	for i := 0; ; i++ {
		if i > 1e6 {
			t.Fatalf("%s: Read does not end", name)
		}
		b, err := r.Read()
		if err == io.EOF {
			return boards, errs
		}
		var pe *pbn.ParseError
		if errors.As(err, &pe) {
			errs = append(errs, pe)
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		boards = append(boards, b)
	}
}

// Archive returns n generated boards in format f: full legal play
// (claims only when claims is set), from the synth generator.
func Archive(b *testing.B, f pbn.Format, n int, claims bool) []byte {
	opt := synth.Options{Seed: 42, ClaimRate: 1e-9}
	if claims {
		opt.ClaimRate = 0
	}
	var buf bytes.Buffer
	if _, err := synth.New(opt).Write(&buf, f, n); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// BenchRead reads data with the readers of newReader, b.N times, and
// checks that every board was read.
func BenchRead(b *testing.B, data []byte, n int, newReader func([]byte) pbn.BoardReader) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ReportMetric(float64(len(data))/float64(n), "bytes/board")
	for b.Loop() {
		r := newReader(data)
		got := 0
		for {
			_, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			got++
		}
		if got != n {
			b.Fatalf("%d boards, want %d", got, n)
		}
	}
}

// CorpusDir is the shared corpus of real files beside the repository
// (../shared/corpus/real from the module's root); the test is skipped
// when it is absent.
func CorpusDir(t testing.TB) string {
	t.Helper()
	c, err := corpusDir()
	if err != nil {
		t.Skip(err)
	}
	return c
}

// CorpusFiles returns the files of the shared corpus whose names end in
// ext (in any case), or none when the corpus is absent: for the tests
// that read it besides their own data.
func CorpusFiles(t testing.TB, ext string) []string {
	t.Helper()
	c, err := corpusDir()
	if err != nil {
		t.Log(err)
		return nil
	}
	var files []string
	filepath.WalkDir(c, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ext) {
			files = append(files, p)
		}
		return nil
	})
	return files
}

// corpusDir finds the shared corpus from the test's folder.
func corpusDir() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("no go.mod above the test's folder")
		}
		dir = up
	}
	c := filepath.Join(dir, "..", "shared", "corpus", "real")
	if _, err := os.Stat(c); err != nil {
		return "", fmt.Errorf("no shared corpus at %s", c)
	}
	return c, nil
}

// LineDiff shows the first line where two texts differ.
func LineDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var a, b string
		if i < len(wl) {
			a = wl[i]
		}
		if i < len(gl) {
			b = gl[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\nwant %s\ngot  %s", i+1, a, b)
		}
	}
	return "(same lines)"
}

// Golden compares got with the golden file, or writes it there when the
// test runs with -update.
func Golden(t testing.TB, golden, got string) {
	t.Helper()
	if *Update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (run with -update to accept):\n%s", golden, LineDiff(string(want), got))
	}
}
