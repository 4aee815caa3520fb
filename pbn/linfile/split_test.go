package linfile

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"revokes/pbn/chunk"
	"revokes/pbn/pbntest"
)

// linChunksAt cuts data before each of cuts (increasing, inside data) into
// chunks as a Splitter would.
func linChunksAt(name string, data []byte, cuts []int) []*Chunk {
	chain := &linChain{guessSeq: -1}
	var out []*Chunk
	var prev *Chunk
	from, line := 0, 1
	for i := 0; i <= len(cuts); i++ {
		to := len(data)
		if i < len(cuts) {
			to = cuts[i]
		}
		buf := append([]byte(nil), data[from:to]...)
		c := &Chunk{Seq: i, Line: line, file: name, data: buf, whole: buf, chain: chain,
			prev: prev, resolved: make(chan struct{}), last: i == len(cuts)}
		line += bytes.Count(buf, []byte{'\n'})
		out = append(out, c)
		prev, from = c, to
	}
	return out
}

// Modes of parsing chunks: in order (each chunk guesses what the one
// before left: the quick way), with a wrong guess (every chunk after the
// first is read again in order), and all at once in goroutines.
const (
	parseInOrder = iota
	parseWrongGuess
	parseTogether
	parseStaleGuess // every chunk guesses what the first left
)

// parseLINChunks parses chunks in the given mode and dumps their results
// as pbntest.DumpAll does; rereads counts the chunks read again.
func parseLINChunks(chunks []*Chunk, mode int) (dump string, rereads int) {
	if mode == parseWrongGuess && len(chunks) > 0 {
		ch := chunks[0].chain
		ch.guess = linCarry{event: "guess", rsFirst: 99, rs: []string{"x"},
			hdrNames: []string{"a", "b", "c", "d", "e"}, lastNames: []string{"z"}}
		ch.guessSeq = 1 << 30 // never replaced
	}
	results := make([][]chunk.Result, len(chunks))
	if mode == parseTogether {
		var wg sync.WaitGroup
		for i := len(chunks) - 1; i >= 0; i-- {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i] = chunks[i].parse(context.Background())
			}()
		}
		wg.Wait()
	} else {
		for i, c := range chunks {
			results[i] = c.parse(context.Background())
			if i == 0 && mode == parseStaleGuess {
				c.chain.guessSeq = 1 << 30 // never replaced
			}
		}
	}
	var w strings.Builder
	rereads = dumpResults(&w, chunks, results)
	return w.String(), rereads
}

// dumpResults dumps the results of chunks as pbntest.DumpAll does and counts
// the chunks read again.
func dumpResults(w *strings.Builder, chunks []*Chunk, results [][]chunk.Result) (rereads int) {
	for i, res := range results {
		if chunks[i].again {
			rereads++
		}
		for _, r := range res {
			if r.Err != nil {
				w.WriteString(pbntest.DumpError(r.Err))
				continue
			}
			w.WriteString(pbntest.Dump(r.Board))
		}
	}
	return rereads
}

// checkLINCuts compares reading data in chunks cut at cuts, in every mode,
// with one reader.
func checkLINCuts(t *testing.T, name string, data []byte, cuts []int) (inOrder, stale int) {
	t.Helper()
	want := dumpLINFrom(name, bytes.NewReader(data))
	for mode, label := range []string{"in order", "wrong guess", "together", "stale guess"} {
		got, n := parseLINChunks(linChunksAt(name, data, cuts), mode)
		if got != want {
			t.Fatalf("%s, cut at %v, %s: chunks differ from one reader:\n%s", name, cuts, label, pbntest.LineDiff(want, got))
		}
		switch mode {
		case parseInOrder:
			inOrder = n
		case parseStaleGuess:
			stale = n
		}
	}
	return inOrder, stale
}

// linTestFiles returns the LIN test files and a generated archive.
func linTestFiles(t *testing.T) map[string][]byte {
	files, _ := filepath.Glob(filepath.Join("testdata", "lin", "*.lin"))
	out := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = data
	}
	// 60 generated boards: go run ./cmd/synth -n 60 -format lin -seed 7 -revoke-rate 0.01
	data, err := os.ReadFile(filepath.Join("testdata", "linsplit", "gen.lin"))
	if err != nil {
		t.Fatal(err)
	}
	out["gen.lin"] = data
	return out
}

// TestLINChunksEveryCut cuts each test file in two at every byte (and in
// three at pairs of places) and compares the chunks with one reader.
func TestLINChunksEveryCut(t *testing.T) {
	for name, data := range linTestFiles(t) {
		if name == "gen.lin" {
			data = data[:min(len(data), 3000)]
		}
		for i := 3; i < len(data); i++ { // (the splitter never cuts a byte order mark)
			checkLINCuts(t, name, data, []int{i})
		}
		rng := rand.New(rand.NewPCG(3, uint64(len(data))))
		for range 200 {
			a, b := 3+rng.IntN(len(data)-3), 3+rng.IntN(len(data)-3)
			if a > b {
				a, b = b, a
			}
			if a < b {
				checkLINCuts(t, name, data, []int{a, b})
			}
		}
	}
}

// TestLINChunksQuick checks that chunks cut where the splitter cuts are
// not read again, read in order or guessing what the first chunk left (as
// when chunks are read side by side): the guess holds on usual files
// (vugraph headers, BBO lines starting with pn or qx).
func TestLINChunksQuick(t *testing.T) {
	for name, data := range linTestFiles(t) {
		cuts := linLineCuts(data)
		if len(cuts) == 0 {
			continue
		}
		n, stale := checkLINCuts(t, name, data, cuts)
		if n > 0 && (name == "gen.lin" || name == "vugraph.lin" || name == "single.lin") {
			t.Errorf("%s: %d of %d chunks read again; want none", name, n, len(cuts)+1)
		}
		// (In vugraph.lin the header's player list is in the second
		// chunk, not yet known to the first.)
		if stale > 0 && name == "gen.lin" {
			t.Errorf("%s: %d of %d chunks read again with a stale guess; want none", name, stale, len(cuts)+1)
		}
	}
}

// linLineCuts returns every place the splitter may cut data.
func linLineCuts(data []byte) []int {
	var cuts []int
	for from := 1; ; {
		c, ok := linCut(data, from)
		if !ok {
			return cuts
		}
		cuts = append(cuts, c)
		from = c
	}
}

// TestLINSplitter reads inputs through the splitter with small chunks and
// compares with one reader, including an input whose reading fails.
func TestLINSplitter(t *testing.T) {
	for name, data := range linTestFiles(t) {
		for _, size := range []int{1, 64, 300, 4096} {
			want := dumpLINFrom(name, bytes.NewReader(data))
			got, n := splitLIN(t, name, bytes.NewReader(data), size)
			if got != want {
				t.Fatalf("%s, chunks of %d: differ from one reader:\n%s", name, size, pbntest.LineDiff(want, got))
			}
			// An input that comes a byte at a time.
			if got, _ := splitLIN(t, name, &oneByteReader{string(data)}, size); got != want {
				t.Fatalf("%s, chunks of %d, a byte at a time: differ from one reader:\n%s", name, size, pbntest.LineDiff(want, got))
			}
			t.Logf("%s, chunks of %d: %d chunks read again", name, size, n)
		}
	}
	// An input that fails after some boards: the boards before, then the
	// error, as one reader gives them.
	data := linTestFiles(t)["gen.lin"]
	broken := func() io.Reader {
		return io.MultiReader(bytes.NewReader(data[:2500]), &failReader{io.ErrUnexpectedEOF})
	}
	want := dumpLINFrom("gen.lin", broken())
	got, _ := splitLIN(t, "gen.lin", broken(), 300)
	if got != want {
		t.Fatalf("failing input: differ from one reader:\n%s", pbntest.LineDiff(want, got))
	}
	if !strings.Contains(got, "fatal: unexpected EOF") {
		t.Fatalf("no error at the end:\n%s", got)
	}
}

type failReader struct{ err error }

func (f *failReader) Read([]byte) (int, error) { return 0, f.err }

// splitLIN reads in with a Splitter, parsing chunks in goroutines as
// they come, and dumps the results (and a read error) as pbntest.DumpAll does.
func splitLIN(t testing.TB, name string, in io.Reader, size int) (string, int) {
	sp := NewSplitter(in, name)
	if size > 0 {
		sp.size = size
	}
	var chunks []*Chunk
	var results [][]chunk.Result
	var wg sync.WaitGroup
	var fatal error
	for {
		cc, err := sp.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fatal = err
			break
		}
		c := cc.(*Chunk)
		i := len(chunks)
		chunks = append(chunks, c)
		results = append(results, nil)
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = c.parse(context.Background())
		}()
		if len(chunks) > 100000 {
			t.Fatal("too many chunks")
		}
		wg.Wait() // (results grows: no goroutine may hold it)
	}
	var w strings.Builder
	n := dumpResults(&w, chunks, results)
	if fatal != nil {
		fmt.Fprintf(&w, "fatal: %v\n", fatal)
	}
	return w.String(), n
}

// parse is Read and Settle in one, for the tests: the chunk's results with the
// record numbers of the input. It may run in any goroutine, once; it
// waits (until ctx is done) for the chunk before to be parsed.
func (c *Chunk) parse(ctx context.Context) []chunk.Result {
	out := c.Read()
	if c.prev != nil {
		select {
		case <-c.prev.resolved:
		case <-ctx.Done():
			c.settle(nil)
			return nil
		}
	}
	fresh, base, keep := c.Settle()
	if !keep {
		return fresh
	}
	chunk.Renumber(out, base)
	return append(fresh, out...)
}
