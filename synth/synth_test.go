package synth

import (
	"bytes"
	"io"
	"testing"

	"revokes/analyze"
	"revokes/pbn"
	"revokes/pbn/linfile"
	"revokes/pbn/pbnfile"
)

// revokesIn counts the failures to follow suit in a generated board.
func revokesIn(b *pbn.Board) int {
	hands := b.Deal
	n := 0
	for i, p := range b.Play {
		if i%4 != 0 {
			led := b.Play[i-i%4].Card.Suit()
			if p.Card.Suit() != led && hands[p.Seat].HasSuit(led) {
				n++
			}
		}
		hands[p.Seat] = hands[p.Seat].Without(p.Card)
	}
	return n
}

// TestRoundTrip writes generated boards as PBN and LIN, reads them back,
// and checks that the readers give the same board and that the analyser
// finds exactly the revokes the generator planted.
func TestRoundTrip(t *testing.T) {
	for _, f := range []pbn.Format{pbn.FormatPBN, pbn.FormatLIN} {
		g := New(Options{Seed: 7, RevokeRate: 0.05})
		want := make([]*pbn.Board, 300)
		var buf []byte
		for i := range want {
			want[i] = g.Board()
			if f == pbn.FormatPBN {
				buf = AppendPBN(buf, want[i])
			} else {
				buf = AppendLIN(buf, want[i])
			}
		}
		var r pbn.BoardReader
		if f == pbn.FormatPBN {
			r = pbnfile.NewReader(bytes.NewReader(buf))
		} else {
			r = linfile.NewReader(bytes.NewReader(buf))
		}
		a, _ := analyze.New(analyze.Options{Edition: "2017"})
		planted, found := 0, 0
		for i := 0; ; i++ {
			got, err := r.Read()
			if err == io.EOF {
				if i != len(want) {
					t.Fatalf("%v: read %d boards, want %d", f, i, len(want))
				}
				break
			}
			if err != nil {
				t.Fatalf("%v: board %d: %v", f, i+1, err)
			}
			w := want[i]
			if got.Deal != w.Deal || got.Contract != w.Contract || got.Declarer != w.Declarer ||
				got.Dealer != w.Dealer || got.Vul != w.Vul || len(got.Play) != len(w.Play) || got.Claim != w.Claim {
				t.Fatalf("%v: board %d differs:\n got %+v\nwant %+v", f, i+1, got, w)
			}
			for k := range w.Play {
				if got.Play[k].Seat != w.Play[k].Seat || got.Play[k].Card != w.Play[k].Card {
					t.Fatalf("%v: board %d card %d: got %v want %v", f, i+1, k, got.Play[k], w.Play[k])
				}
			}
			if w.Claim && got.ClaimTricks != w.ClaimTricks {
				t.Fatalf("%v: board %d claim %d, want %d", f, i+1, got.ClaimTricks, w.ClaimTricks)
			}
			fd := a.Board(got)
			if !fd.Analysed {
				t.Fatalf("%v: board %d not analysed: %v", f, i+1, fd.Problems)
			}
			planted += revokesIn(w)
			found += len(fd.Revokes)
		}
		if planted == 0 || planted != found {
			t.Errorf("%v: planted %d revokes, found %d", f, planted, found)
		}
	}
}
