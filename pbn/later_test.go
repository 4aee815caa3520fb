package pbn_test

import (
	"bytes"
	"io"
	"reflect"
	"sync"
	"testing"

	"revokes/pbn"
	"revokes/synth"
)

// TestReadLaterConcurrent reads a generated LIN archive with ReadLater in
// one goroutine and finishes the boards in four others while the reading
// goes on (run it with -race): every board equals the one Read gives.
func TestReadLaterConcurrent(t *testing.T) {
	var buf bytes.Buffer
	if _, err := synth.New(synth.Options{Seed: 3, RevokeRate: 0.01}).Write(&buf, pbn.FormatLIN, 2000); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	var want []*pbn.Board
	r := pbn.NewLINReader(bytes.NewReader(data))
	for {
		b, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, b)
	}

	type job struct {
		i int
		l *pbn.LINLater
	}
	jobs := make(chan job, 16)
	got := make([]*pbn.Board, len(want))
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				b, err := j.l.Board()
				if err != nil {
					t.Error(err)
				}
				got[j.i] = b
			}
		}()
	}
	lr := pbn.NewLINReader(bytes.NewReader(data))
	n := 0
	for ; ; n++ {
		l, err := lr.ReadLater()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if n < len(got) {
			jobs <- job{n, l}
		}
	}
	close(jobs)
	wg.Wait()
	if n != len(want) {
		t.Fatalf("%d boards, want %d", n, len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Fatalf("board %d differs:\n%+v\nwant\n%+v", i+1, got[i], want[i])
		}
	}
}
