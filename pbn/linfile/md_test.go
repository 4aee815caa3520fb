package linfile

import (
	"fmt"
	"strings"
	"testing"
)

// TestLINDealWarnings checks boards with md problems: the deal's warnings
// among the others, its error before a later one, the cap on a board's
// warnings with its warnings in it, an error before it. Read in chunks cut
// at every byte, they must be what one reader gives.
func TestLINDealWarnings(t *testing.T) {
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
		for cut := 3; cut < len(c.text); cut++ {
			checkLINCuts(t, "md.lin", []byte(c.text), []int{cut})
		}
		if !strings.Contains(read, c.want) {
			t.Errorf("case %d: no %s in\n%s", i, c.want, read)
		}
	}
}
