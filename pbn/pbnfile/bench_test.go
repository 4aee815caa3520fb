package pbnfile_test

import (
	"bytes"
	"io"
	"testing"

	"revokes/pbn"
	"revokes/pbn/pbnfile"
	"revokes/pbn/pbntest"
)

// BenchmarkReadPBN reads 4096 generated boards with full play.
func BenchmarkReadPBN(b *testing.B) {
	pbntest.BenchRead(b, pbntest.Archive(b, pbn.FormatPBN, 4096, false), 4096, func(d []byte) pbn.BoardReader {
		return pbnfile.NewReader(bytes.NewReader(d))
	})
}

// BenchmarkSplit cuts generated PBN into chunks without parsing them: the
// share of the reading goroutine in the command's pipeline.
func BenchmarkSplit(b *testing.B) {
	benchSplit(b, pbntest.Archive(b, pbn.FormatPBN, 8192, false), 8192)
}

// BenchmarkSplitCRLF is BenchmarkSplit with CRLF line ends, which the
// quick look at records takes too.
func BenchmarkSplitCRLF(b *testing.B) {
	data := pbntest.Archive(b, pbn.FormatPBN, 8192, false)
	benchSplit(b, bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n")), 8192)
}

// BenchmarkSplitCareful is BenchmarkSplit with a comment at the start of
// every record but the first, which sends them the careful way (scanRecord
// and dependent): what the quick look saves.
func BenchmarkSplitCareful(b *testing.B) {
	data := pbntest.Archive(b, pbn.FormatPBN, 8192, false)
	benchSplit(b, bytes.ReplaceAll(data, []byte("\n\n["), []byte("\n\n{c}\n[")), 8192)
}

// benchSplit cuts data, n records, into chunks without parsing them.
func benchSplit(b *testing.B, data []byte, n int) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		sp := pbnfile.NewSplitter(bytes.NewReader(data), "bench.pbn")
		for {
			_, err := sp.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
		if sp.Records() != n {
			b.Fatalf("%d records, want %d", sp.Records(), n)
		}
	}
}
