package analyze_test

import (
	"testing"

	"revokes/analyze"
	"revokes/pbn"
	"revokes/synth"
)

// BenchmarkAnalyze analyses generated boards with full play (about 560
// bytes of PBN each, so MB/s compares with the readers).
func BenchmarkAnalyze(b *testing.B) {
	g := synth.New(synth.Options{Seed: 3})
	boards := make([]*pbn.Board, 4096)
	size := 0
	for i := range boards {
		boards[i] = g.Board()
		size += len(synth.AppendPBN(nil, boards[i]))
	}
	a, _ := analyze.New(analyze.Options{Edition: "auto"})
	b.SetBytes(int64(size / len(boards)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a.Board(boards[i%len(boards)])
	}
}
