package analyze

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"revokes/pbn"
	"revokes/pbn/boards"
	"revokes/pbn/linfile"
	"revokes/pbn/pbnfile"
	"revokes/pbn/pbntest"
	"revokes/synth"
)

// TestQuickReplay checks that the quick loop of the replay, and taking the
// reader's own replay of a regular board (pbn.Board.Regular), change
// nothing: every board of the readers' test files and thousands of
// generated ones with many revokes, claims and marks, read back from PBN
// and LIN,
// give the same findings with and without them, under every edition.
func TestQuickReplay(t *testing.T) {
	var all []*pbn.Board
	for _, pat := range []string{"../pbn/pbnfile/testdata/pbn/*.pbn", "../pbn/linfile/testdata/lin/*.lin"} {
		files, _ := filepath.Glob(pat)
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			br, _, err := boards.NewReader(bytes.NewReader(data), name)
			if err != nil {
				continue
			}
			bs, _ := pbntest.ReadAll(t, name, br)
			all = append(all, bs...)
		}
	}
	g := synth.New(synth.Options{Seed: 9, RevokeRate: 0.02})
	var text, lin []byte
	for i := 0; i < 3000; i++ {
		b := g.Board()
		text = synth.AppendPBN(text, b)
		lin = synth.AppendLIN(lin, b)
	}
	read, _ := pbntest.ReadAll(t, "gen.pbn", pbnfile.NewReader(bytes.NewReader(text)))
	linRead, _ := pbntest.ReadAll(t, "gen.lin", linfile.NewReader(bytes.NewReader(lin)))
	read = append(read, linRead...)
	checked := 0
	for i, b := range read {
		if _, ok := b.Regular(); ok {
			checked++
		}
		if i%7 == 3 && len(b.Play) > 20 { // a marked card, a card out of turn (in a new Play)
			b.Play = slices.Clone(b.Play)
			b.Play[9].Mark = 'R'
		}
		if i%11 == 5 && len(b.Play) > 30 {
			b.Play = slices.Clone(b.Play)
			b.Play[29].Seat = b.Play[29].Seat.Next()
		}
		if _, ok := b.Regular(); ok && (i%7 == 3 && len(b.Play) > 20 || i%11 == 5 && len(b.Play) > 30) {
			t.Fatalf("board %d: regular after its Play was replaced", i)
		}
	}
	all = append(all, read...)
	if len(read) != 6000 || checked < 3000 || checked == len(read) {
		t.Fatalf("%d boards read back, %d of them checked by the reader", len(read), checked)
	}
	for _, e := range Editions {
		a, err := New(Options{Edition: e.Name})
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range all {
			a.slow = false
			quick := a.Board(b)
			a.slow = true
			plain := a.Board(b)
			if !reflect.DeepEqual(quick, plain) {
				t.Fatalf("%s, %s board %d: quick replay gives\n%+v\nthe general loop\n%+v", e.Name, b.File, b.Index, quick, plain)
			}
		}
	}
}
