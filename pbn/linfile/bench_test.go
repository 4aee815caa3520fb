package linfile_test

import (
	"bytes"
	"io"
	"testing"

	"revokes/pbn"
	"revokes/pbn/linfile"
	"revokes/pbn/pbntest"
)

// BenchmarkReadLIN reads 3000 generated boards in BBO tournament LIN, a
// third of them claimed.
func BenchmarkReadLIN(b *testing.B) {
	pbntest.BenchRead(b, pbntest.Archive(b, pbn.FormatLIN, 3000, true), 3000, func(d []byte) pbn.BoardReader {
		return linfile.NewReader(bytes.NewReader(d))
	})
}

// BenchmarkReadLINChunks reads 20,000 such boards cut by a Splitter,
// reading and settling the chunks in order (the work of the command's
// workers and writer); no chunk may need reading twice.
func BenchmarkReadLINChunks(b *testing.B) {
	data := pbntest.Archive(b, pbn.FormatLIN, 20000, true)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		sp := linfile.NewSplitter(bytes.NewReader(data), "bench.lin")
		got := 0
		for {
			c, err := sp.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			res := c.Read()
			fresh, _, keep := c.Settle()
			if !keep {
				b.Fatalf("chunk %d read twice", c.(*linfile.Chunk).Seq)
			}
			for _, r := range append(fresh, res...) {
				if r.Board == nil {
					b.Fatalf("error %v", r.Err)
				}
				got++
			}
		}
		if got != 20000 {
			b.Fatalf("%d boards, want 20000", got)
		}
	}
}

// BenchmarkSplitLIN cuts the same LIN text into chunks without parsing
// them: the share of the reading goroutine in the command's pipeline.
func BenchmarkSplitLIN(b *testing.B) {
	data := pbntest.Archive(b, pbn.FormatLIN, 20000, true)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		sp := linfile.NewSplitter(bytes.NewReader(data), "bench.lin")
		for {
			if _, err := sp.Next(); err == io.EOF {
				break
			} else if err != nil {
				b.Fatal(err)
			}
		}
	}
}
