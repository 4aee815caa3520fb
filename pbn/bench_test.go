package pbn_test

import (
	"bytes"
	"context"
	"io"
	"testing"

	"revokes/pbn"
	"revokes/synth"
)

// archive returns n generated boards in format f: full legal play
// (claims only when claims is set), from the synth generator.
func archive(b *testing.B, f pbn.Format, n int, claims bool) []byte {
	opt := synth.Options{Seed: 42, ClaimRate: 1e-9}
	if claims {
		opt.ClaimRate = 0
	}
	var buf bytes.Buffer
	if _, err := synth.New(opt).Write(&buf, f, n); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// benchRead reads data with the readers of newReader, b.N times, and
// checks that every board was read.
func benchRead(b *testing.B, data []byte, n int, newReader func([]byte) pbn.BoardReader) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ReportMetric(float64(len(data))/float64(n), "bytes/board")
	for b.Loop() {
		r := newReader(data)
		got := 0
		for {
			_, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			got++
		}
		if got != n {
			b.Fatalf("%d boards, want %d", got, n)
		}
	}
}

// BenchmarkReadPBN reads 4096 generated boards with full play.
func BenchmarkReadPBN(b *testing.B) {
	benchRead(b, archive(b, pbn.FormatPBN, 4096, false), 4096, func(d []byte) pbn.BoardReader {
		return pbn.NewReader(bytes.NewReader(d))
	})
}

// BenchmarkReadLIN reads 3000 generated boards in BBO tournament LIN, a
// third of them claimed.
func BenchmarkReadLIN(b *testing.B) {
	benchRead(b, archive(b, pbn.FormatLIN, 3000, true), 3000, func(d []byte) pbn.BoardReader {
		return pbn.NewLINReader(bytes.NewReader(d))
	})
}

// BenchmarkReadLINChunks reads 20,000 such boards cut by a LINSplitter,
// parsing the chunks in order (the work of the command's workers); no
// chunk may need reading twice.
func BenchmarkReadLINChunks(b *testing.B) {
	data := archive(b, pbn.FormatLIN, 20000, true)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		sp := pbn.NewLINSplitter(bytes.NewReader(data), "bench.lin")
		got := 0
		for {
			c, err := sp.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			for _, r := range c.Parse(context.Background()) {
				if r.Board == nil {
					b.Fatalf("error %v", r.Err)
				}
				got++
			}
			if c.Again {
				b.Fatalf("chunk %d read twice", c.Seq)
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
	data := archive(b, pbn.FormatLIN, 20000, true)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		sp := pbn.NewLINSplitter(bytes.NewReader(data), "bench.lin")
		for {
			if _, err := sp.Next(); err == io.EOF {
				break
			} else if err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkSplit cuts generated PBN into chunks without parsing them: the
// share of the reading goroutine in the command's pipeline.
func BenchmarkSplit(b *testing.B) {
	benchSplit(b, archive(b, pbn.FormatPBN, 8192, false), 8192)
}

// BenchmarkSplitCRLF is BenchmarkSplit with CRLF line ends, which the
// quick look at records takes too.
func BenchmarkSplitCRLF(b *testing.B) {
	data := archive(b, pbn.FormatPBN, 8192, false)
	benchSplit(b, bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n")), 8192)
}

// BenchmarkSplitCareful is BenchmarkSplit with a comment at the start of
// every record but the first, which sends them the careful way (scanRecord
// and dependent): what the quick look saves.
func BenchmarkSplitCareful(b *testing.B) {
	data := archive(b, pbn.FormatPBN, 8192, false)
	benchSplit(b, bytes.ReplaceAll(data, []byte("\n\n["), []byte("\n\n{c}\n[")), 8192)
}

// benchSplit cuts data, n records, into chunks without parsing them.
func benchSplit(b *testing.B, data []byte, n int) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		sp := pbn.NewSplitter(bytes.NewReader(data), "bench.pbn")
		for {
			c, err := sp.Next()
			if err == io.EOF {
				break
			}
			if err != nil || c.Rest != nil {
				b.Fatalf("chunk %v, error %v", c, err)
			}
		}
		if sp.Records() != n {
			b.Fatalf("%d records, want %d", sp.Records(), n)
		}
	}
}
