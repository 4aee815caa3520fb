package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"revokes/pbn"
	"revokes/pbn/chunk"
	"revokes/pbn/pbnfile"
	"revokes/pbn/pbntest"
	"revokes/synth"
)

// TestChunkedNumbering runs the command on PBN archives large enough to be
// cut into several chunks (one with inheritance in the middle, which is
// read in order from there) and checks that every board keeps its record
// index and line: the problem rows of every board name games 1..N in
// order, as one sequential reader numbers them.
func TestChunkedNumbering(t *testing.T) {
	g := synth.New(synth.Options{Seed: 9})
	var plain bytes.Buffer
	if _, err := g.Write(&plain, pbn.FormatPBN, 6000); err != nil {
		t.Fatal(err)
	}
	data := plain.Bytes()
	if len(data) < 2*chunk.Size {
		t.Fatalf("archive of %d bytes is too small to be cut", len(data))
	}
	// The same with a "##" tag in the middle: from there the records are
	// read in order.
	mid := bytes.Index(data[len(data)/2:], []byte("\n\n")) + len(data)/2 + 2
	inherit := append(append(append([]byte{}, data[:mid]...), "[Annotator \"##Kees\"]\n"...), data[mid:]...)

	dir := t.TempDir()
	for name, d := range map[string][]byte{"plain.pbn": data, "inherit.pbn": inherit} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, d, 0o644); err != nil {
			t.Fatal(err)
		}
		// -edition auto with boards of eight years: no problems; use the
		// revoke rows and a sequential reader as the reference.
		code, out, _ := runCmd(t, nil, "-q", "-equity=false", "-workers", "2", "-o", "-", path)
		if code != 0 {
			t.Fatalf("%s: exit %d", name, code)
		}
		rows := parseRows(t, out)
		sum := checkRows(t, rows)
		if sum.num("games") != 6000 || sum.num("games_analysed") != 6000 {
			t.Fatalf("%s: summary %v", name, sum)
		}
		// Reference: one sequential reader.
		bs, _ := pbntest.ReadAll(t, name, pbnfile.NewReader(bytes.NewReader(d)))
		lines := map[int]int{}
		for _, b := range bs {
			lines[b.Index] = b.Line
		}
		n := 0
		for _, row := range rows {
			if row.str("type") != "revoke" {
				continue
			}
			n++
			if want := lines[row.num("game")]; want == 0 || row.num("line") != want {
				t.Errorf("%s: revoke row game %d line %d; the reader says line %d", name, row.num("game"), row.num("line"), want)
			}
		}
		if n == 0 {
			t.Errorf("%s: no revoke rows to check", name)
		}
	}
}

// TestChunkedCap caps the records of PBN archives of several chunks (one
// with inheritance in the middle, read in order from there) inside a chunk
// and inside the part read in order: the output is what one Reader in
// order gives up to the cap, then the too-many-records problem, as for
// LIN (TestLINChunksInPipeline).
func TestChunkedCap(t *testing.T) {
	var gen bytes.Buffer
	if _, err := synth.New(synth.Options{Seed: 9}).Write(&gen, pbn.FormatPBN, 6000); err != nil {
		t.Fatal(err)
	}
	data := gen.Bytes()
	mid := bytes.Index(data[len(data)/2:], []byte("\n\n")) + len(data)/2 + 2
	inherit := append(append(append([]byte{}, data[:mid]...), "[Annotator \"##Kees\"]\n"...), data[mid:]...)
	dir := t.TempDir()
	defer func(n int) { maxRecords = n }(maxRecords)
	for name, d := range map[string][]byte{"plain.pbn": data, "inherit.pbn": inherit} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, d, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, max := range []int{1234, 4321} {
			maxRecords = max
			want := inOrder(t, path, d, max, false)
			for _, workers := range []string{"1", "2"} {
				code, out, _ := runCmd(t, nil, "-q", "-equity=false", "-workers", workers, "-format", "jsonl", "-o", "-", path)
				if got := withoutSummary(out); got != want || code != 1 {
					t.Errorf("%s capped at %d, -workers %s: exit %d, differs from one reader in order:\n%s",
						name, max, workers, code, pbntest.LineDiff(want, got))
				}
			}
		}
	}
}
