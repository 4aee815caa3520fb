package boards

import (
	"bytes"
	"strings"
	"sync"
	"testing"

	"revokes/pbn"
	"revokes/pbn/chunk"
	"revokes/pbn/pbntest"
	"revokes/synth"
)

// TestSplitterProtocol drives the splitter of each format as the command
// does (chunk.Chunk): every chunk Read in a goroutine of its own, in any
// order, then all Settled in input order, Read's records renumbered by
// the base Settle gives; that must be what one Reader gives. The archives
// have what makes the protocol work harder: a PBN record that inherits
// (the rest is read in order), LIN header values that change (guesses that
// do not hold: chunks read again).
func TestSplitterProtocol(t *testing.T) {
	for _, f := range []pbn.Format{pbn.FormatPBN, pbn.FormatLIN} {
		var gen bytes.Buffer
		if _, err := synth.New(synth.Options{Seed: 3, RevokeRate: 0.01}).Write(&gen, f, 4000); err != nil {
			t.Fatal(err)
		}
		text := gen.String()
		if f == pbn.FormatPBN {
			mid := strings.Index(text[len(text)/2:], "\n\n") + len(text)/2 + 2
			text = text[:mid] + "[Annotator \"##Kees\"]\n" + text[mid:]
		} else {
			lines := strings.SplitAfter(text, "\n")
			lines[len(lines)/3] = "vg|Cup,R2,P,3,8,Greens,0,Blacks,0|\nrs|3NN=,P,1S,2HE+1|\npn|s,t,u,v,w,x,y,z|\n" + lines[len(lines)/3]
			text = strings.Join(lines, "")
		}
		if len(text) < 4*chunk.Size {
			t.Fatalf("%v: %d bytes: too few chunks", f, len(text))
		}
		r, _, err := NewReader(strings.NewReader(text), "x")
		if err != nil {
			t.Fatal(err)
		}
		want := pbntest.DumpAll(r)

		sp, sf, err := NewSplitter(strings.NewReader(text), "x")
		if err != nil || sf != f {
			t.Fatalf("%v: NewSplitter: %v, %v", f, sf, err)
		}
		var chunks []chunk.Chunk
		var read [][]chunk.Result
		var wg sync.WaitGroup
		var mu sync.Mutex
		for {
			c, err := sp.Next()
			if err != nil {
				break
			}
			i := len(chunks)
			chunks = append(chunks, c)
			mu.Lock()
			read = append(read, nil)
			mu.Unlock()
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := c.Read()
				mu.Lock()
				read[i] = res
				mu.Unlock()
			}()
		}
		wg.Wait()
		var got strings.Builder
		kept := 0
		for i, c := range chunks {
			fresh, base, keep := c.Settle()
			res := fresh
			if keep {
				kept++
				chunk.Renumber(read[i], base)
				res = append(fresh, read[i]...)
			}
			for _, r := range res {
				if r.Board != nil {
					got.WriteString(pbntest.Dump(r.Board))
				} else {
					got.WriteString(pbntest.DumpError(r.Err))
				}
			}
		}
		if got.String() != want {
			t.Errorf("%v: %d chunks (%d kept) differ from one reader", f, len(chunks), kept)
		}
		if len(chunks) < 4 || f == pbn.FormatLIN && kept == len(chunks) {
			t.Errorf("%v: %d chunks, %d kept: want several, and for LIN some read again", f, len(chunks), kept)
		}
	}
}
