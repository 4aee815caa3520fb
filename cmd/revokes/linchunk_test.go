package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revokes/analyze"
	"revokes/pbn"
	"revokes/pbn/boards"
	"revokes/pbn/chunk"
	"revokes/pbn/pbntest"
	"revokes/report"
	"revokes/synth"
)

// TestLINChunksInPipeline runs the command on LIN archives of several
// chunks and compares its JSON Lines with what one linfile.Reader and one
// Analyzer give in order: the chunks' boards are renumbered after the
// chunks before, the board a chunk's start ends comes first, and a chunk
// read from a guess that did not hold (here: a vugraph header and player
// list that change in the middle, then rs lists that no longer fit) is read
// again by the writer. With one and two workers, and with the cap on
// records inside the archive.
func TestLINChunksInPipeline(t *testing.T) {
	var gen bytes.Buffer
	if _, err := synth.New(synth.Options{Seed: 11, RevokeRate: 0.003}).Write(&gen, pbn.FormatLIN, 4000); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(gen.String(), "\n")
	var text strings.Builder
	text.WriteString("vg|Cup,R1,I,1,8,Reds,0,Blues,0|\nrs|4HE=,4SW-1,3NN+1,,4HE=,P|\npn|a,b,c,d,e,f,g,h|\n")
	for i, l := range lines {
		if i == len(lines)/3 {
			text.WriteString("vg|Cup,R2,P,3,8,Greens,0,Blacks,0|\nrs|3NN=,P,1S,2HE+1|\npn|s,t,u,v,w,x,y,z|\n")
		}
		if i == 2*len(lines)/3 {
			text.WriteString("rs|6NS=,3NN+1|\n")
		}
		if i%97 == 5 { // a board without players of its own
			l = strings.Replace(l, "|pn|", "|zz|", 1)
		}
		text.WriteString(l)
	}
	data := []byte(text.String())
	if len(data) < 4*chunk.Size {
		t.Fatalf("only %d bytes: too few chunks", len(data))
	}
	path := filepath.Join(t.TempDir(), "big.lin")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	want := inOrder(t, path, data, 0, false)
	if !strings.Contains(want, `"type":"revoke"`) || !strings.Contains(want, "rs-mismatch") {
		t.Fatalf("the archive has no revokes or no rs checks:\n%.2000s", want)
	}
	for _, workers := range []string{"1", "2"} {
		_, out, _ := runCmd(t, nil, "-q", "-equity=false", "-workers", workers, "-format", "jsonl", "-o", "-", path)
		if got := withoutSummary(out); got != want {
			t.Errorf("-workers %s: differs from one reader in order:\n%s", workers, pbntest.LineDiff(want, got))
		}
	}
	// With the double-dummy estimate (the writer's analyser has one too).
	want = inOrder(t, path, data, 0, true)
	_, out, _ := runCmd(t, nil, "-q", "-workers", "2", "-format", "jsonl", "-o", "-", path)
	if got := withoutSummary(out); got != want {
		t.Errorf("with -equity: differs from one reader in order:\n%s", pbntest.LineDiff(want, got))
	}
	// The cap on records falls in the middle of a chunk.
	defer func(n int) { maxRecords = n }(maxRecords)
	maxRecords = 1500
	want = inOrder(t, path, data, maxRecords, false)
	code, out, _ := runCmd(t, nil, "-q", "-equity=false", "-workers", "2", "-format", "jsonl", "-o", "-", path)
	if got := withoutSummary(out); got != want || code != 1 {
		t.Errorf("capped at %d: exit %d, differs from one reader in order:\n%s", maxRecords, code, pbntest.LineDiff(want, got))
	}
}

// inOrder gives the JSON Lines (without the summary) of the boards of
// data read by one Reader (of its format) in order and analysed by one
// Analyzer; past max records (when set), the too-many-records problem;
// equity: with the double-dummy estimate.
func inOrder(t *testing.T, path string, data []byte, max int, equity bool) string {
	var out bytes.Buffer
	w := report.NewJSONL(&out, report.NewPrinter("en"))
	a, err := analyze.New(analyze.Options{Edition: "auto", Attention: analyze.EndOfPlay, Equity: equity})
	if err != nil {
		t.Fatal(err)
	}
	r, _, err := boards.NewReader(bytes.NewReader(data), path)
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; ; n++ {
		b, err := r.Read()
		if err == io.EOF {
			break
		}
		if max > 0 && n > max {
			w.Problem(tooManyProblem(path))
			break
		}
		if pe, ok := err.(*pbn.ParseError); ok {
			w.Problem(pe.Problem())
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		w.Board(a.Board(b))
	}
	if err := w.Close(&report.Summary{}); err != nil {
		t.Fatal(err)
	}
	return withoutSummary(out.String())
}

// withoutSummary drops the summary line of JSON Lines.
func withoutSummary(s string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(s, "\n") {
		if !strings.Contains(l, `"type":"summary"`) {
			b.WriteString(l)
		}
	}
	return b.String()
}
