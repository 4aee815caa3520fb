package linfile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revokes/pbn"
	"revokes/pbn/pbntest"
)

// FuzzLIN reads arbitrary text with the LIN reader: it must never panic,
// must end, must only fail with *ParseError, and every board with a full
// deal must have a play in which each card is held by its seat.
func FuzzLIN(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "lin", "*.lin"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{
		"", "|", "||||", "pc|SA|", "mc|99|", "md|", "md|5|", "qx||qx||",
		"pn|a,b,c,d,e,f,g,h,i|qx|c1|md|1SA,,,|",
		"md|3" + suitDeal + "|mb|1S|mb|p|mb|p|mb|p|pc|HA|pc|D2|pc|C2|pc|S2|mc|13|",
		"md|3" + suitDeal + "|mb|7N|mb|d|mb|r|pc|d2|pc|c2|pc|s2|pc|ha|",
		"\xef\xbb\xbfvg|a,b,c|rs|x|pn|\xf3,,,|ah|Board 1|sv|b|md|2S2,,,|an|x|y|z|",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// Reading byte by byte takes the slow paths; it must give the same.
		fast := dumpLINFrom("fuzz.lin", strings.NewReader(string(data)))
		if slow := dumpLINFrom("fuzz.lin", &oneByteReader{string(data)}); fast != slow {
			t.Fatalf("block and byte-by-byte reading differ:\n%s", pbntest.LineDiff(fast, slow))
		}
		// Read in chunks (cut where the splitter cuts, and at two other
		// places), it must give the same.
		if len(data) > 8 {
			checkLINCuts(t, "fuzz.lin", data, linLineCuts(data))
			checkLINCuts(t, "fuzz.lin", data, []int{3 + len(data)/3, 3 + 2*len(data)/3})
			for _, size := range []int{1, 16, 100} {
				if got, _ := splitLIN(t, "fuzz.lin", bytes.NewReader(data), size); got != fast {
					t.Fatalf("LINSplitter (chunks of %d) and one reader differ:\n%s", size, pbntest.LineDiff(fast, got))
				}
			}
			if got, _ := splitLIN(t, "fuzz.lin", &oneByteReader{string(data)}, 16); got != fast {
				t.Fatalf("LINSplitter (a byte at a time) and one reader differ:\n%s", pbntest.LineDiff(fast, got))
			}
		}
		r := NewReader(strings.NewReader(string(data)))
		r.File = "fuzz.lin"
		last := 0
		for calls := 0; ; calls++ {
			if calls > len(data)+2 {
				t.Fatalf("more than %d results", calls)
			}
			b, err := r.Read()
			if err == io.EOF {
				if _, err := r.Read(); err != io.EOF {
					t.Fatalf("Read after EOF: %v", err)
				}
				return
			}
			if err != nil {
				var pe *pbn.ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("error of type %T: %v", err, err)
				}
				if pe.Record <= last || pe.File != "fuzz.lin" || pe.Code == "" {
					t.Fatalf("bad error %+v after record %d", pe, last)
				}
				last = pe.Record
				continue
			}
			if b.Index <= last || b.Format != pbn.FormatLIN {
				t.Fatalf("board index %d after %d", b.Index, last)
			}
			last = b.Index
			if len(b.Play) > 52 || len(b.Auction) > linMaxCalls {
				t.Fatalf("%d cards, %d calls", len(b.Play), len(b.Auction))
			}
			if err := checkPlayHeld(b); err != nil {
				t.Fatalf("board %d: %v", b.Index, err)
			}
			if b.Claim && (b.ClaimTricks < 0 || b.ClaimTricks > 13) {
				t.Fatalf("claim %d", b.ClaimTricks)
			}
		}
	})
}
