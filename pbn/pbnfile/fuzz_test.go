package pbnfile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"revokes/pbn"
)

// FuzzPBN feeds arbitrary bytes to the PBN reader: it must never panic,
// must end, every board it returns must be well formed, and the quick
// path must give what the general loop gives.
func FuzzPBN(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "pbn", "*.pbn"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("[Play \"W\"]\n^L\n^R SA\n"))
	f.Add([]byte("{{{{{{\n\n[Event \"x\"]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		readBoth(t, "fuzz", data)
		r := NewReader(bytes.NewReader(data))
		r.File = "fuzz"
		last := 0
		for reads := 0; ; reads++ {
			if reads > len(data)+2 {
				t.Fatalf("reader does not end after %d reads", reads)
			}
			b, err := r.Read()
			if err == io.EOF {
				return
			}
			var pe *pbn.ParseError
			if errors.As(err, &pe) {
				if pe.Record <= last {
					t.Fatalf("record number %d after %d", pe.Record, last)
				}
				last = pe.Record
				_ = pe.Error()
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			if b.Index <= last {
				t.Fatalf("board index %d after %d", b.Index, last)
			}
			last = b.Index
			if len(b.Play) > 52 {
				t.Fatalf("%d cards played", len(b.Play))
			}
			for i, p := range b.Play {
				// An unknown card only in the last trick, not at its end
				// (laws.md A12).
				unknownOK := p.Card == pbn.NoCard && i/4 == (len(b.Play)-1)/4 && i < len(b.Play)-1
				if !p.Card.Valid() && !unknownOK || p.Seat > pbn.West {
					t.Fatalf("bad play %d %+v of %d", i, p, len(b.Play))
				}
			}
			for _, p := range b.Problems {
				_ = p.Error()
			}
			if b.Contract.Level < 0 || b.Contract.Level > 7 {
				t.Fatalf("bad contract %+v", b.Contract)
			}
		}
	})
}
