package pbn

import (
	"fmt"
	"strings"
	"testing"
)

// TestLINDeferredDeal checks boards whose md the reading goroutine leaves
// to the worker (ReadLater): its warnings among the others, its error
// before a later one, the cap on a board's warnings with its warnings in
// it, an error before it. Read and ReadLater must give the same.
func TestLINDeferredDeal(t *testing.T) {
	full := "md|3S47KH678AD8JKC37T,S39HJQKD35TC268JA,S26JH3459TD49C59K,S58TQAH2D267QAC4Q|"
	var many strings.Builder // 60 keys (most unknown), the md, 20 more
	for i := 0; i < 80; i++ {
		if i == 60 {
			many.WriteString("md|3SAKQ,SJT9,,|")
		}
		fmt.Fprintf(&many, "%c%c|x|", 'a'+i/26, 'a'+i%26)
	}
	cases := []struct {
		text, want string
	}{
		{"qx|o1|zz|x|md|3SAKQ,SJT9,,|yy|x|sv|o|mb|1S|mb|p|mb|p|mb|p|pc|SA|\n", "incomplete-deal"},
		{"qx|o1|md|3SAKQ,SAT9,,|mb|ZZ|pc|SA|\n", "bad-deal"},
		{"qx|o1|mb|ZZ|md|3SAKQ,SAT9,,|pc|SA|\n", "bad-call"},
		{"qx|o1|md|9SAKQ,SJT9,,|mb|1S|pc|S2|\n", "bad-dealer"},
		{"qx|o1|" + full + "mb|1S|mb|p|mb|p|mb|p|pc|S4|pc|S9|pc|S2|pc|S5|\nqx|o2|md|3SAKQ,SAT9,,|\nqx|o3|" + full + "\n", "bad-deal"},
		{"qx|o1|" + many.String() + "\n", "too-many-problems"},
		{"qx|o1|md|3S10KQ,SJ9,,|\n", "incomplete-deal"},
	}
	for i, c := range cases {
		read := dumpLIN("md.lin", c.text)
		later := dumpLINLater("md.lin", strings.NewReader(c.text))
		if read != later {
			t.Errorf("case %d: Read and ReadLater differ:\n%s", i, lineDiff(read, later))
		}
		if !strings.Contains(read, c.want) {
			t.Errorf("case %d: no %s in\n%s", i, c.want, read)
		}
	}
}

// mixedReader reads with ReadLater and Read in turn: a board begun by one
// may be ended by the other.
type mixedReader struct {
	r *LINReader
	n int
}

func (m *mixedReader) Read() (*Board, error) {
	m.n++
	if m.n%2 == 1 {
		return m.r.Read()
	}
	l, err := m.r.ReadLater()
	if err != nil {
		return nil, err
	}
	return l.Board()
}

// TestLINMixedReads reads boards with deferred md values alternately with
// Read and ReadLater: the same boards and errors as Read alone.
func TestLINMixedReads(t *testing.T) {
	text := "qx|o1|zz|x|md|3SAKQ,SJT9,,|yy|x|mb|1S|pc|SA|\n" +
		"qx|o2|md|3SAKQ,SAT9,,|mb|p|\n" +
		"qx|o3|md|3S47KH678AD8JKC37T,S39HJQKD35TC268JA,S26JH3459TD49C59K,S58TQAH2D267QAC4Q|mb|1S|mb|p|mb|p|mb|p|pc|S4|\n" +
		"qx|o4|md|9SAKQ,SJT9,,|ww|x|\n" +
		"qx|o5|md|3SAKQ,SJT9,,|mb|ZZ|\n" +
		"qx|o6|md|3SAKQ,SJT9,,|mb|1S|\n"
	// Without qx, the next board's md ends a board, and is read in the
	// same call: the board it begins is ended by the next call.
	for _, text := range []string{text, strings.ReplaceAll(text, "qx|o", "zz|o")} {
		want := dumpLIN("mixed.lin", text)
		lr := NewLINReader(strings.NewReader(text))
		lr.File = "mixed.lin"
		if got := dumpBoards(&mixedReader{r: lr}); got != want {
			t.Errorf("mixed reads differ from Read:\n%s", lineDiff(want, got))
		}
		for _, code := range []string{"incomplete-deal", "bad-deal", "bad-dealer", "bad-call"} {
			if !strings.Contains(want, code) {
				t.Errorf("no %s in\n%s", code, want)
			}
		}
	}
}
