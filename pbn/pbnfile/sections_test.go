package pbnfile

import (
	"slices"
	"testing"

	"revokes/pbn"
	"revokes/pbn/chunk"
)

// TestSections: the rows of ScoreTable and TotalScoreTable are kept as
// written, other tables are not, and the Splitter's chunks keep them too.
func TestSections(t *testing.T) {
	text := `[Event "Club"]
[Board "1"]
[Deal "N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876"]
[Declarer "S"]
[Contract "2H"]
[Result "8"]
[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]
N  S  9
[ScoreTable "PairId_NS\2R;PairId_EW\2R;Contract\5L;Score_NS\6R;MP_NS\4R"]
 1  2 "2H"  110  3.0
 3  4 "2H"    -  1.0
[Room "Open"]
[TotalScoreTable "Rank\2R;PairId\2R;TotalMP\5R"]
 1  3  4.0

[Event "Club"]
[Board "2"]
[Deal "N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876"]
`
	want := [][]pbn.Tag{
		{{Name: "ScoreTable", Value: "1  2 \"2H\"  110  3.0\n 3  4 \"2H\"    -  1.0"}, {Name: "TotalScoreTable", Value: "1  3  4.0"}},
		nil,
	}
	for _, how := range []string{"reader", "chunks"} {
		var res []chunk.Result
		if how == "reader" {
			res = readAll([]byte(text))
		} else {
			res, _, _ = splitAll(t, []byte(text), 0)
		}
		if len(res) != 2 {
			t.Fatalf("%s: %d results", how, len(res))
		}
		for i, r := range res {
			if r.Board == nil {
				t.Fatalf("%s: record %d: %v", how, i+1, r.Err)
			}
			if !slices.Equal(r.Board.Sections, want[i]) {
				t.Errorf("%s: record %d: Sections %q, want %q", how, i+1, r.Board.Sections, want[i])
			}
		}
	}
}
