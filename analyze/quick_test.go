package analyze

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"revokes/pbn"
	"revokes/synth"
)

// TestQuickReplay checks that the quick loop of the replay changes
// nothing: every board of the readers' test files and thousands of
// generated ones with many revokes, claims and marks give the same
// findings with and without it, under every edition.
func TestQuickReplay(t *testing.T) {
	var boards []*pbn.Board
	for _, pat := range []string{"../pbn/testdata/pbn/*.pbn", "../pbn/testdata/lin/*.lin"} {
		files, _ := filepath.Glob(pat)
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			br, _, err := pbn.NewBoardReader(bytes.NewReader(data), name)
			if err != nil {
				continue
			}
			for i := 0; i < 10000; i++ {
				b, err := br.Read()
				if b != nil {
					boards = append(boards, b)
				}
				if err != nil && b == nil {
					if _, ok := err.(*pbn.ParseError); !ok {
						break
					}
				}
			}
		}
	}
	g := synth.New(synth.Options{Seed: 9, RevokeRate: 0.02})
	for i := 0; i < 3000; i++ {
		b := g.Board()
		if i%7 == 3 && len(b.Play) > 20 { // a marked card, a card out of turn
			b.Play[9].Mark = 'R'
		}
		if i%11 == 5 && len(b.Play) > 30 {
			b.Play[29].Seat = b.Play[29].Seat.Next()
		}
		boards = append(boards, b)
	}
	if len(boards) < 3000 {
		t.Fatalf("only %d boards", len(boards))
	}
	defer func() { quickReplay = true }()
	for _, e := range Editions {
		a, err := New(Options{Edition: e.Name})
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range boards {
			quickReplay = true
			quick := a.Board(b)
			quickReplay = false
			plain := a.Board(b)
			if !reflect.DeepEqual(quick, plain) {
				t.Fatalf("%s, %s board %d: quick replay gives\n%+v\nthe general loop\n%+v", e.Name, b.File, b.Index, quick, plain)
			}
		}
	}
}
