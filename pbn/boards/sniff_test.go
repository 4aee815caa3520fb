package boards

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"revokes/pbn"
	"revokes/pbn/pbntest"
)

func TestSniff(t *testing.T) {
	tests := []struct {
		name, text string
		want       pbn.Format
	}{
		{"pbn tag", "[Event \"x\"]\n", pbn.FormatPBN},
		{"pbn bom", "\xef\xbb\xbf[Event \"x\"]\n", pbn.FormatPBN},
		{"pbn header", "% PBN 2.1\n% EXPORT\n[Event \"x\"]\n", pbn.FormatPBN},
		{"pbn crlf header", "%Creator: BridgeComposer\r\n%Font:x\r\n\r\n[Board \"1\"]\r\n", pbn.FormatPBN},
		{"pbn comment", "{ hand records }\n[Event \"x\"]", pbn.FormatPBN},
		{"pbn multi-line comment", "{ a\n\nb }\r\n  [Deal \"N:...\"]", pbn.FormatPBN},
		{"pbn semicolon", "; note\n[Event \"\"]", pbn.FormatPBN},
		{"pbn only header", "% PBN 2.1\n% EXPORT\n", pbn.FormatPBN},
		{"pbn cut comment", "{ long comment", pbn.FormatPBN},
		{"lin pn", "pn|a,b,c,d|st||md|3S...", pbn.FormatLIN},
		{"lin vg", "vg|Cup,1,I,1,2,A,0,B,0|\nrs|...", pbn.FormatLIN},
		{"lin qx", "qx|o1|pn|a,b,c,d|", pbn.FormatLIN},
		{"lin md", "md|3SAK,,,|", pbn.FormatLIN},
		{"lin upper", "PN|a|", pbn.FormatLIN},
		{"lin bom blank", "\xef\xbb\xbf\r\n  pn|a|", pbn.FormatLIN},
		{"garbage", "hello world", pbn.FormatUnknown},
		{"preamble", "Results of the final\nplayed in Amsterdam\n\n[Event \"x\"]\n", pbn.FormatPBN},
		{"preamble crlf", "Round 1\r\n  [Board   \"1\"]\r\n", pbn.FormatPBN},
		{"prose with brackets", "see [1] and\n[note] here \"x\"\n", pbn.FormatUnknown},
		{"tag too far", "x\n" + strings.Repeat("prose\n", 2000) + "[Event \"x\"]\n", pbn.FormatUnknown},
		{"binary", "\x00\x01\x02", pbn.FormatUnknown},
		{"html", "<html>", pbn.FormatUnknown},
		{"empty", "", pbn.FormatUnknown},
		{"blank", " \n\t", pbn.FormatUnknown},
		{"short", "pn", pbn.FormatUnknown},
		{"one letter key", "p|x|", pbn.FormatUnknown},
	}
	for _, tc := range tests {
		if got := Sniff([]byte(tc.text)); got != tc.want {
			t.Errorf("%s: Sniff(%q) = %v, want %v", tc.name, tc.text, got, tc.want)
		}
	}
}

func TestNewReader(t *testing.T) {
	lin := "pn|a,b,c,d|md|3" + suitDeal + "|sv|o|mb|1S|mb|p|mb|p|mb|p|pc|HA|\n"
	pbnText := "% PBN 2.1\n[Event \"e\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n\n"
	longHeader := strings.Repeat("%Font:some BridgeComposer header line\r\n", 1000) + "[Event \"e\"]\n[Board \"2\"]\n\n"
	tests := []struct {
		name, text string
		format     pbn.Format
		board      string // Board tag of the first board
	}{
		{"lin", lin, pbn.FormatLIN, ""},
		{"pbn", pbnText, pbn.FormatPBN, "1"},
		{"pbn long header", longHeader, pbn.FormatPBN, "2"},
	}
	for _, tc := range tests {
		for _, slow := range []bool{false, true} {
			var in io.Reader = strings.NewReader(tc.text)
			if slow {
				in = iotest.OneByteReader(in)
			}
			br, f, err := NewReader(in, "in."+tc.name)
			if err != nil || f != tc.format {
				t.Fatalf("%s: format %v, err %v", tc.name, f, err)
			}
			b, err := br.Read()
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if b.File != "in."+tc.name || b.Format != tc.format || b.Tag("Board") != tc.board {
				t.Errorf("%s: file %q format %v board %q", tc.name, b.File, b.Format, b.Tag("Board"))
			}
			if tc.format == pbn.FormatLIN && (len(b.Play) != 1 || b.Players[pbn.South] != "a") {
				t.Errorf("%s: board %+v", tc.name, b)
			}
			if _, err := br.Read(); err != io.EOF {
				t.Errorf("%s: second Read: %v", tc.name, err)
			}
		}
	}
	for _, text := range []string{"", "  \n", "hello|", "\x00\x00"} {
		br, f, err := NewReader(strings.NewReader(text), "x")
		var pe *pbn.ParseError
		if br != nil || f != pbn.FormatUnknown || !errors.As(err, &pe) || pe.Code != "unknown-format" || pe.File != "x" {
			t.Errorf("%q: %v %v %v", text, br, f, err)
		}
	}
	boom := errors.New("boom")
	if _, _, err := NewReader(iotest.ErrReader(boom), "x"); !errors.Is(err, boom) {
		t.Errorf("read error: %v", err)
	}
}

// TestSniffCorpus checks that every PBN and LIN file of the shared corpus
// is recognised by its first bytes.
func TestSniffCorpus(t *testing.T) {
	dir := pbntest.CorpusDir(t)
	counts := map[pbn.Format]int{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		var want pbn.Format
		switch strings.ToLower(filepath.Ext(p)) {
		case ".pbn":
			want = pbn.FormatPBN
		case ".lin":
			want = pbn.FormatLIN
		default:
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			t.Error(err)
			return nil
		}
		defer f.Close()
		br, got, err := NewReader(f, p)
		if got != want || err != nil {
			t.Errorf("%s: format %v (%v), want %v", p, got, err, want)
			return nil
		}
		if _, err := br.Read(); err != nil && err != io.EOF {
			var pe *pbn.ParseError
			if !errors.As(err, &pe) {
				t.Errorf("%s: %v", p, err)
			}
		}
		counts[got]++
		return nil
	})
	t.Logf("sniffed %d PBN and %d LIN files", counts[pbn.FormatPBN], counts[pbn.FormatLIN])
}

// suitDeal is a LIN md value of four one-suit hands.
const suitDeal = "DAKQJT98765432,C23456789TJQKA,SAKQJT98765432,HAKQJT98765432"
