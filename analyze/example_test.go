package analyze_test

import (
	"fmt"

	"revokes/analyze"
	"revokes/pbn/boards"
)

// Example finds the revokes of every board of an archive (a PBN or LIN
// file, a folder, a zip or tar archive) under the laws of each board's
// date, with the transfer each gets.
func Example() {
	a, _ := analyze.New(analyze.Options{Edition: "auto"})
	for b, err := range boards.All("../testdata/cli/two.pbn") {
		if err != nil {
			continue // a record that cannot be read: err says where and why
		}
		for _, r := range a.Board(b).Revokes {
			fmt.Printf("board %s trick %d: %s revokes, established %v, %d trick(s) to the other side (%s)\n",
				b.Tag("Board"), r.Trick, r.Offender, r.Established, r.Transfer, r.Rule)
		}
	}
	// Output:
	// board 30 trick 3: E revokes, established true, 2 trick(s) to the other side (1975 art. 64)
	// board 31 trick 3: E revokes, established true, 2 trick(s) to the other side (1975 art. 64)
}
