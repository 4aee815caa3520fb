package pbnfile

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"revokes/pbn"
	"revokes/pbn/pbntest"
)

// readBoth reads data with the quick path on and off and fails the test
// when the boards or the errors differ.
func readBoth(t testing.TB, name string, data []byte) {
	t.Helper()
	read := func(off bool) ([]*pbn.Board, []*pbn.ParseError) {
		r := NewReader(bytes.NewReader(data))
		r.File = name
		r.quickOff = off
		return pbntest.ReadAll(t, name, r)
	}
	qb, qe := read(false)
	gb, ge := read(true)
	if len(qb) != len(gb) || len(qe) != len(ge) {
		t.Fatalf("%s: quick path %d boards %d errors, general loop %d boards %d errors",
			name, len(qb), len(qe), len(gb), len(ge))
	}
	for i := range qb {
		if !reflect.DeepEqual(qb[i], gb[i]) {
			t.Fatalf("%s %q: board %d differs:\nquick   %+v\ngeneral %+v", name, data, i+1, qb[i], gb[i])
		}
	}
	for i := range qe {
		if !reflect.DeepEqual(qe[i], ge[i]) {
			t.Fatalf("%s: error %d differs:\nquick   %v\ngeneral %v", name, i+1, qe[i], ge[i])
		}
	}
}

// quickSamples is a record in the usual layout and variants of it that
// the quick path must leave to the general loop, in part or whole.
var quickSamples = []string{
	"[Event \"E\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n" +
		"[Deal \"N:J62.T9543.94.K95 AQT85.2.AQ762.Q4 K74.A876.KJ8.T73 93.KQJ.T53.AJ862\"]\n" +
		"[Declarer \"N\"]\n[Contract \"4C\"]\n[Result \"6\"]\n[Auction \"N\"]\n4C Pass Pass Pass\n" +
		"[Play \"E\"]\nST S4 S9 SJ\nH2 H8 HJ H9\nDA DJ D3 D4\nD2 DK DT D9\n*\n",
	"[Auction \"N\"]\n1NT! =1= Pass 2C^S Pass\nAP\n[Note \"1:strong\"]\n",
	"[Play \"E\"]\n^R ST S4 S9 SJ\nH2 H8 HJ\tH9\nDA DJ D3 D4 \n- - - -\nS10 + D2 DK\n",
	"[Event  \"two spaces\"]\n[ Site \"space\"]\n[Date \"x\" ]\n[Board \"1\"] [Dealer \"N\"]\n",
	"[Event \"caf\xe9\"]\n[Site \"a \\\"quoted\\\" b\"]\n[X_1 \"unknown\"]\n[X_1 \"again\"]\n",
	"[Event \"not closed]\n[Site \"S\"]\n[Event \"dup\"]\n[Unknown\"nospace\"]\n",
	"[Play \"W\"]\nSA SK SQ SJ ; comment\nHA {c} HK HQ HJ\n%x\nDA DK DQ DJ\n",
	"[Event \"a\"]\r\n[Play \"N\"]\r\nSA SK SQ SJ\r\n\r\n[Event \"b\"]\n",
	"[Event \"a\"]\n  \n[Event \"b\"]\n[Auction \"S\"]\n1C 1D 1H 1S\n2N X XX 7NT\n",
	"[Play \"N\"]\nSA SK\nSQ\nSJ \n HA\n",
	// Rows read as words (quickRows), then: a short row, a marked card,
	// a comment between rows, a row out of column order (the general
	// replay re-assigns its cards), a hidden hand, a claim.
	"[Deal \"N:J62.T9543.94.K95 AQT85.2.AQ762.Q4 K74.A876.KJ8.T73 93.KQJ.T53.AJ862\"]\n" +
		"[Contract \"4C\"]\n[Declarer \"N\"]\n[Play \"E\"]\nST S4 S9 SJ\nH2 H8 HJ H9\nDA DJ\n",
	"[Deal \"N:J62.T9543.94.K95 AQT85.2.AQ762.Q4 K74.A876.KJ8.T73 93.KQJ.T53.AJ862\"]\n" +
		"[Contract \"4C\"]\n[Declarer \"N\"]\n[Play \"E\"]\nST S4 S9 SJ\nH2 ^RH8 HJ H9\nDA DJ D3 D4\n",
	"[Deal \"N:J62.T9543.94.K95 AQT85.2.AQ762.Q4 K74.A876.KJ8.T73 93.KQJ.T53.AJ862\"]\n" +
		"[Contract \"4C\"]\n[Declarer \"N\"]\n[Play \"E\"]\nST S4 S9 SJ\n; c\nH2 H8 HJ H9\nDA DJ D3 D4\n",
	"[Deal \"N:J62.T9543.94.K95 AQT85.2.AQ762.Q4 K74.A876.KJ8.T73 93.KQJ.T53.AJ862\"]\n" +
		"[Contract \"4C\"]\n[Declarer \"N\"]\n[Play \"E\"]\nST S4 S9 SJ\nH8 H2 HJ H9\nDA DJ D3 D4\n",
	"[Deal \"N:J62.T9543.94.K95 - K74.A876.KJ8.T73 93.KQJ.T53.AJ862\"]\n" +
		"[Contract \"4C\"]\n[Declarer \"N\"]\n[Play \"E\"]\nST S4 S9 SJ\nH2 H8 HJ H9\nDA DJ D3 D4\n",
	"[Deal \"N:J62.T9543.94.K95 AQT85.2.AQ762.Q4 K74.A876.KJ8.T73 93.KQJ.T53.AJ862\"]\n" +
		"[Contract \"4C\"]\n[Declarer \"N\"]\n[Result \"11\"]\n[Play \"E\"]\nST S4 S9 SJ\nH2 H8 HJ H9\n*\n",
	// Names of 8, 10, 15 and 17 letters; values empty, of 7, 8 and 9
	// bytes, with "#", a high byte at each end.
	"[Declarer \"\"]\n[Contract \"1234567\"]\n[Vulnerable \"12345678\"]\n" +
		"[ScorePercentage \"123456789\"]\n[DoubleDummyTricks \"x\"]\n[OptimumScore \"#\"]\n" +
		"[Event \"\xe9abc\"]\n[Site \"abcdefg\xe9\"]\n[Board \"1\"]",
	// Calls quickAuction reads with one load, and words like them.
	"[Auction \"E\"]\n1c 1NT 2nt XX XXX Passs PASS X;\n7N 8C Pass 1S1 1NTX X\tPass\n3D\n",
	"[Auction \"E\"]\nPass Pass 1H X\nXX 2C Pass Pass\n Pass\nPass",
	// Escapes, control characters and "#" in values, in their first
	// eight bytes and after; Notes, Play and Auction given again.
	"[Event \"abX\\\\cdefghij\"]\n[Site \"abcdefghi\\\\j\"]\n[Date \"\\\\\"]\n[Board \"1\\\\\"]\n" +
		"[West \"a\tb\"]\n[North \"abcdefgh\x01\"]\n[East \"\x7f\"]\n[South \"ab\rc\"]\n[Dealer \"#\"]\n" +
		"[Note \"1:x\"]\n[Note \"2:y\"]\n[Play \"N\"]\n[Auction \"N\"]\n[Play \"E\"]\n[Auction \"E\"]\n[Note \"3:z\"]\n",
}

// TestQuickSameAsGeneral reads the readers' test data, the samples above,
// mutations of them and the real corpus (when ../../shared is there) with
// the quick path on and off: the boards and errors must be the same.
func TestQuickSameAsGeneral(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "pbn", "*.pbn"))
	files = append(files, pbntest.CorpusFiles(t, ".pbn")...)
	var inputs [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		readBoth(t, f, data)
		if len(data) < 64<<10 {
			inputs = append(inputs, data)
		}
	}
	for i, s := range quickSamples {
		readBoth(t, "sample", []byte(s))
		inputs = append(inputs, []byte(s))
		_ = i
	}
	// Mutations: bytes that the quick path must notice, anywhere.
	r := rand.New(rand.NewPCG(3, 5))
	edits := []string{" ", "\t", "\n", "\n\n", "\r\n", "\\", "\"", "]", "[", "{", "}", ";", "%", "^R", "=1=", "!", "*", "-", "+", "#", "\xe9", "10", "x"}
	for k := 0; k < 3000; k++ {
		src := inputs[r.IntN(len(inputs))]
		m := []byte(string(src))
		for e := 1 + r.IntN(3); e > 0 && len(m) > 0; e-- {
			at := r.IntN(len(m))
			ed := edits[r.IntN(len(edits))]
			switch r.IntN(3) {
			case 0: // insert
				m = append(m[:at], append([]byte(ed), m[at:]...)...)
			case 1: // replace
				m = append(m[:at], append([]byte(ed), m[min(len(m), at+len(ed)):]...)...)
			default: // delete a byte
				m = append(m[:at], m[at+1:]...)
			}
		}
		readBoth(t, "mutation", m)
	}
}
