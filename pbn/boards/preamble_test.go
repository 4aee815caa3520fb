package boards

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"revokes/pbn"
)

// TestPreambleEnd checks where a preamble ends: only lines of prose
// before the first tag make one.
func TestPreambleEnd(t *testing.T) {
	for _, c := range []struct {
		text       string
		end, lines int
	}{
		{"[Event \"x\"]\n", 0, 0},
		{"% PBN 2.1\n[Event \"x\"]\n", 0, 0},
		{"Exported by X\n\n[Event \"x\"]\n", 15, 1},
		{"Exported by X\r\nSession 2\r\n% PBN\r\n[Event \"x\"]\r\n", 33, 2},
		{"\xef\xbb\xbfClub results\n[Board \"1\"]\n", 16, 1},
		{"Just prose\nand more prose\n", 0, 0},
	} {
		end, lines := preambleEnd([]byte(c.text))
		if end != c.end || lines != c.lines {
			t.Errorf("%q: end %d lines %d, want %d %d", c.text, end, lines, c.end, c.lines)
		}
	}
}

// TestPreambleRead checks a PBN file with four lines of introduction:
// read whole and in chunks it gives the same boards at the same lines as
// without them (shifted by the four lines), and one warning.
func TestPreambleRead(t *testing.T) {
	var rec strings.Builder
	for i := 1; i <= 16; i++ {
		rec.WriteString("[Event \"e\"]\n[Board \"" + string(rune('a'+i)) + "\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n\n")
	}
	plain := rec.String()
	text := "Results of the club\nprinted by ScorePro\nround 3\ncontact us\n" + plain

	lines := func(r pbn.BoardReader) (got []int, probs []string) {
		for {
			b, err := r.Read()
			if err == io.EOF {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, b.Line)
			for _, p := range b.Problems {
				probs = append(probs, p.Code)
			}
		}
	}
	base, _, err := NewReader(strings.NewReader(plain), "f.pbn")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := lines(base)
	r, f, err := NewReader(strings.NewReader(text), "f.pbn")
	if err != nil || f != pbn.FormatPBN {
		t.Fatalf("format %v, err %v", f, err)
	}
	got, probs := lines(r)
	if len(got) != 16 || len(probs) != 1 || probs[0] != "preamble" {
		t.Fatalf("%d boards, problems %v", len(got), probs)
	}
	for i := range got {
		if got[i] != want[i]+4 {
			t.Errorf("board %d at line %d, want %d", i+1, got[i], want[i]+4)
		}
	}
	sp, _, err := NewSplitter(bytes.NewReader([]byte(text)), "f.pbn")
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := Preamble(sp); !ok || p.Code != "preamble" || p.Line != 1 {
		t.Errorf("Preamble: %v %v", p, ok)
	}
	var chunked []int
	for {
		c, err := sp.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		res := c.Read()
		c.Settle()
		for _, r := range res {
			if r.Board != nil {
				chunked = append(chunked, r.Board.Line)
			}
		}
	}
	if len(chunked) != len(got) {
		t.Fatalf("chunks: %d boards, want %d", len(chunked), len(got))
	}
	for i := range got {
		if chunked[i] != got[i] {
			t.Errorf("chunks: board %d at line %d, want %d", i+1, chunked[i], got[i])
		}
	}
}
