package pbn

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

func TestSniff(t *testing.T) {
	tests := []struct {
		name, text string
		want       Format
	}{
		{"pbn tag", "[Event \"x\"]\n", FormatPBN},
		{"pbn bom", "\xef\xbb\xbf[Event \"x\"]\n", FormatPBN},
		{"pbn header", "% PBN 2.1\n% EXPORT\n[Event \"x\"]\n", FormatPBN},
		{"pbn crlf header", "%Creator: BridgeComposer\r\n%Font:x\r\n\r\n[Board \"1\"]\r\n", FormatPBN},
		{"pbn comment", "{ hand records }\n[Event \"x\"]", FormatPBN},
		{"pbn multi-line comment", "{ a\n\nb }\r\n  [Deal \"N:...\"]", FormatPBN},
		{"pbn semicolon", "; note\n[Event \"\"]", FormatPBN},
		{"pbn only header", "% PBN 2.1\n% EXPORT\n", FormatPBN},
		{"pbn cut comment", "{ long comment", FormatPBN},
		{"lin pn", "pn|a,b,c,d|st||md|3S...", FormatLIN},
		{"lin vg", "vg|Cup,1,I,1,2,A,0,B,0|\nrs|...", FormatLIN},
		{"lin qx", "qx|o1|pn|a,b,c,d|", FormatLIN},
		{"lin md", "md|3SAK,,,|", FormatLIN},
		{"lin upper", "PN|a|", FormatLIN},
		{"lin bom blank", "\xef\xbb\xbf\r\n  pn|a|", FormatLIN},
		{"garbage", "hello world", FormatUnknown},
		{"binary", "\x00\x01\x02", FormatUnknown},
		{"html", "<html>", FormatUnknown},
		{"empty", "", FormatUnknown},
		{"blank", " \n\t", FormatUnknown},
		{"short", "pn", FormatUnknown},
		{"one letter key", "p|x|", FormatUnknown},
	}
	for _, tc := range tests {
		if got := Sniff([]byte(tc.text)); got != tc.want {
			t.Errorf("%s: Sniff(%q) = %v, want %v", tc.name, tc.text, got, tc.want)
		}
	}
}

func TestNewBoardReader(t *testing.T) {
	lin := "pn|a,b,c,d|md|3" + suitDeal + "|sv|o|mb|1S|mb|p|mb|p|mb|p|pc|HA|\n"
	pbn := "% PBN 2.1\n[Event \"e\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n\n"
	longHeader := strings.Repeat("%Font:some BridgeComposer header line\r\n", 1000) + "[Event \"e\"]\n[Board \"2\"]\n\n"
	tests := []struct {
		name, text string
		format     Format
		board      string // Board tag of the first board
	}{
		{"lin", lin, FormatLIN, ""},
		{"pbn", pbn, FormatPBN, "1"},
		{"pbn long header", longHeader, FormatPBN, "2"},
	}
	for _, tc := range tests {
		for _, slow := range []bool{false, true} {
			var in io.Reader = strings.NewReader(tc.text)
			if slow {
				in = iotest.OneByteReader(in)
			}
			br, f, err := NewBoardReader(in, "in."+tc.name)
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
			if tc.format == FormatLIN && (len(b.Play) != 1 || b.Players[South] != "a") {
				t.Errorf("%s: board %+v", tc.name, b)
			}
			if _, err := br.Read(); err != io.EOF {
				t.Errorf("%s: second Read: %v", tc.name, err)
			}
		}
	}
	for _, text := range []string{"", "  \n", "hello|", "\x00\x00"} {
		br, f, err := NewBoardReader(strings.NewReader(text), "x")
		var pe *ParseError
		if br != nil || f != FormatUnknown || !errors.As(err, &pe) || pe.Code != "unknown-format" || pe.File != "x" {
			t.Errorf("%q: %v %v %v", text, br, f, err)
		}
	}
	boom := errors.New("boom")
	if _, _, err := NewBoardReader(iotest.ErrReader(boom), "x"); !errors.Is(err, boom) {
		t.Errorf("read error: %v", err)
	}
}

// TestSniffCorpus checks that every PBN and LIN file of the shared corpus
// is recognised by its first bytes.
func TestSniffCorpus(t *testing.T) {
	dir := linCorpusDir(t)
	counts := map[Format]int{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		var want Format
		switch strings.ToLower(filepath.Ext(p)) {
		case ".pbn":
			want = FormatPBN
		case ".lin":
			want = FormatLIN
		default:
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			t.Error(err)
			return nil
		}
		defer f.Close()
		br, got, err := NewBoardReader(f, p)
		if got != want || err != nil {
			t.Errorf("%s: format %v (%v), want %v", p, got, err, want)
			return nil
		}
		if _, err := br.Read(); err != nil && err != io.EOF {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Errorf("%s: %v", p, err)
			}
		}
		counts[got]++
		return nil
	})
	t.Logf("sniffed %d PBN and %d LIN files", counts[FormatPBN], counts[FormatLIN])
}
