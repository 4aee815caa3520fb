package rescore

import (
	"io"
	"testing"

	"revokes/pbn"
	"revokes/pbn/pbnfile"
	"revokes/pbn/pbntest"
)

// readBoards reads a PBN input's boards (name for its errors); the
// records that cannot be read are left out.
func readBoards(t testing.TB, name string, r io.Reader) []*pbn.Board {
	t.Helper()
	boards, _ := pbntest.ReadAll(t, name, pbnfile.NewReader(r))
	return boards
}

// TestRecBlocks checks that the records kept come back in the order they
// were added, across the blocks.
func TestRecBlocks(t *testing.T) {
	var b recBlocks
	n := 2*recBlock + 5
	for i := range n {
		b.add(rec{game: int32(i)})
	}
	if b.len() != n || len(b.blocks) != 3 {
		t.Fatalf("%d records in %d blocks, want %d in 3", b.len(), len(b.blocks), n)
	}
	for i := range n {
		if g := b.at(i).game; g != int32(i) {
			t.Fatalf("record %d holds game %d", i, g)
		}
	}
}
