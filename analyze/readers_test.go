package analyze

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revokes/pbn"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// dumpFindings writes what the analysis of a board says, for golden files:
// whether it was analysed, the tricks, the revokes and the problems.
func dumpFindings(f *Findings) string {
	var sb strings.Builder
	b := f.Board
	fmt.Fprintf(&sb, "board %d line %d %q: analysed %v", b.Index, b.Line, b.Tag("Event"), f.Analysed)
	if f.HasTricks {
		fmt.Fprintf(&sb, ", tricks %d→%d", f.TricksRecorded, f.TricksAdjusted)
	}
	sb.WriteString("\n  play")
	for i, p := range b.Play {
		if i%4 == 0 && i > 0 {
			sb.WriteString(" |")
		}
		fmt.Fprintf(&sb, " %s:%s", p.Seat, p.Card)
		if p.Mark != 0 {
			fmt.Fprintf(&sb, "^%c", p.Mark)
		}
	}
	sb.WriteString("\n")
	for _, r := range f.Revokes {
		fmt.Fprintf(&sb, "  revoke trick %d %s %s on %s, established %v by %s, transfer %d, %s, flags %v\n",
			r.Trick, r.Offender, r.Card, r.Led, r.Established, r.EstablishedBy, r.Transfer, r.Assessment, r.Flags)
	}
	for _, p := range f.Problems {
		fmt.Fprintf(&sb, "  %s %s line %d: %s\n", p.Severity, p.Code, p.Line, p.Text)
	}
	return sb.String()
}

// TestReaderRulesGolden reads and analyses every testdata/readers/*.pbn
// file (the reader rules of laws.md A12, A15, A17 as the analysis sees
// them) and compares the findings with the .golden file beside it.
func TestReaderRulesGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "readers", "*.pbn"))
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := New(Options{Edition: "2017"})
			r := pbn.NewReader(strings.NewReader(string(src)))
			r.File = filepath.Base(file)
			var sb strings.Builder
			for {
				b, err := r.Read()
				if err == io.EOF {
					break
				}
				var pe *pbn.ParseError
				if errors.As(err, &pe) {
					fmt.Fprintf(&sb, "record %d: %v\n", pe.Record, pe)
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				sb.WriteString(dumpFindings(a.Board(b)))
			}
			got := sb.String()
			golden := strings.TrimSuffix(file, ".pbn") + ".golden"
			if *update {
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
				t.Errorf("findings differ from %s:\n--- got\n%s\n--- want\n%s", golden, got, want)
			}
		})
	}
}
