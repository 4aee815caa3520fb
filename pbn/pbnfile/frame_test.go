package pbnfile

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"

	"revokes/pbn/pbntest"
)

// frameLines are lines that matter to where a record ends: semi-empty in
// every way, comments over blank lines, strings, escapes and usual tags.
var frameLines = []string{
	"", " ", "\t", "\r", " \t\r", "[Event \"x\"]", "[Deal \"N:AKQJ.T98.765.432 - - -\"]", "[Play \"W\"]",
	"SA HK D2 C3", "{", "}", "{ x }", "x { y", "{a\n\nb}", "; {", "% {", "\"{\"", "[Site \"a;b\"]", "*",
	"[Board \"1\"]\r", " [Board \"2\"]", "\t*", "!", strings.Repeat("x", 200),
}

// randomFrameText is lines of frameLines, some without a final newline.
func randomFrameText(r *rand.Rand, braces bool) []byte {
	var sb strings.Builder
	for k := r.IntN(30); k >= 0; k-- {
		l := frameLines[r.IntN(len(frameLines))]
		if !braces && strings.ContainsAny(l, "{}") {
			continue
		}
		sb.WriteString(l)
		sb.WriteByte('\n')
	}
	if l := frameLines[r.IntN(len(frameLines))]; r.IntN(4) == 0 && (braces || !strings.ContainsAny(l, "{}")) {
		sb.WriteString(l)
	}
	return []byte(sb.String())
}

// TestQuickEndSameAsFrame checks the quick record framer against the
// general one on texts without a "{": whenever quickEnd ends a record,
// frame.end ends it at the same place, and quickEnd takes every record
// that ends with a newline within MaxLine bytes once the input tells.
func TestQuickEndSameAsFrame(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	quick := 0
	for n := 0; n < 50000; n++ {
		b := randomFrameText(r, false)
		eof := r.IntN(2) == 0
		for p := 0; p < len(b); {
			start, _, _, ok := scanRecord(b, p, eof)
			if !ok || start == len(b) {
				break
			}
			var fr frame
			want, st := fr.end(b[start:], eof, false)
			got, qok := quickEnd(b, start, eof, &pairs{})
			if qok {
				quick++
				if st != frameEnd || got != start+want {
					t.Fatalf("%q (eof %v) at %d: quickEnd ends at %d, frame.end at %d (status %d)", b, eof, start, got, start+want, st)
				}
			} else if st == frameEnd && b[start+want-1] == '\n' && (start+want < len(b) || eof) {
				t.Fatalf("%q (eof %v) at %d: quickEnd leaves the record ending at %d to frame.end", b, eof, start, start+want)
			}
			if st != frameEnd {
				break
			}
			p = start + want
		}
	}
	if quick < 50000 {
		t.Errorf("%d records for quickEnd: want many", quick)
	}
}

// TestReaderFrameResumes checks that the Reader's framer, which goes on
// where it stopped when its buffer ended first, gives the same records
// over an input that comes a byte at a time as over the whole input.
func TestReaderFrameResumes(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for n := 0; n < 2000; n++ {
		data := randomFrameText(r, true)
		whole := NewReader(bytes.NewReader(data))
		byByte := NewReader(iotest.OneByteReader(bytes.NewReader(data)))
		if want, got := pbntest.DumpAll(whole), pbntest.DumpAll(byByte); got != want {
			t.Fatalf("%q: a byte at a time\n%s\nwhole\n%s", data, got, want)
		}
	}
}
