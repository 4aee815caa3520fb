package correct

import (
	"strings"
	"testing"
	"testing/fstest"

	"revokes/pbn/boards"
)

// TestWriteUnreadable checks the problems of inputs that cannot be read a
// second time: each gives the cause its second reading met (a gzip that is
// not one, a file that is gone), not a file "not found", and neither is
// copied.
func TestWriteUnreadable(t *testing.T) {
	fsys := fstest.MapFS{"bad.pbn.gz": {Data: []byte("not gzip at all")}}
	fix := Fix{Line: 1, Tricks: 9, Rulings: []Ruling{{ID: "abcdefghijkl", Rule: "2017 64A2", Transfer: 1}}}
	a := &Archive{Dir: t.TempDir(), Walker: &boards.Walker{FS: fsys},
		fixes: map[string][]Fix{"bad.pbn.gz": {fix}, "gone.pbn": {fix}},
		order: []string{"bad.pbn.gz", "gone.pbn"}}
	n, probs := a.Write()
	if n != 0 || len(probs) != 2 {
		t.Fatalf("%d copies, problems %v; want none and two", n, probs)
	}
	for i, want := range []struct{ file, text string }{
		{"bad.pbn.gz", "cannot read the input a second time"},
		{"gone.pbn", "cannot read the input a second time"},
	} {
		p := probs[i]
		if p.File != want.file || p.Code != CodeNotWritten || !strings.Contains(p.Text.String(), want.text) {
			t.Errorf("problem %d: %s %s %q, want %s %s %q", i, p.File, p.Code, p.Text.String(), want.file, CodeNotWritten, want.text)
		}
	}
}
