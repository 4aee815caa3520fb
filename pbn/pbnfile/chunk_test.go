package pbnfile

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"revokes/pbn"
	"revokes/pbn/chunk"
)

// readAll reads data with one Reader: boards and errors in order.
func readAll(data []byte) []chunk.Result {
	r := NewReader(bytes.NewReader(data))
	r.File = "f"
	var out []chunk.Result
	for {
		b, err := r.Read()
		if err == io.EOF {
			return out
		}
		if pe, ok := err.(*pbn.ParseError); ok {
			out = append(out, chunk.Result{Err: pe})
		} else if err != nil {
			return out
		} else {
			out = append(out, chunk.Result{Board: b})
		}
	}
}

// splitAll reads data through a Splitter as the command does: the chunks
// read in goroutines (so in any order), then settled in order and
// renumbered. A size above 0 is the chunk size the Splitter aims at.
func splitAll(t testing.TB, data []byte, size int) (out []chunk.Result, chunks int, rest bool) {
	s := NewSplitter(bytes.NewReader(data), "f")
	if size > 0 {
		s.size = size
	}
	var cs []*Chunk
	var read []*[]chunk.Result
	var wg sync.WaitGroup
	for {
		cc, err := s.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		c := cc.(*Chunk)
		cs = append(cs, c)
		res := new([]chunk.Result)
		read = append(read, res)
		if c.inRest {
			rest = true
		} else {
			// What the Splitter says of the chunk's bytes, which lets
			// the Reader skip its looks at them, must hold.
			if c.plain && bytes.ContainsAny(c.data, specialBytes) {
				t.Fatalf("chunk %d is plain but has one of %q: %q", c.Seq, specialBytes, c.data)
			}
			if c.noCR && bytes.Contains(bytes.ReplaceAll(c.data, []byte("\r\n"), nil), []byte("\r")) {
				t.Fatalf("chunk %d has a bare CR: %q", c.Seq, c.data)
			}
		}
		wg.Add(1)
		go func() { defer wg.Done(); *res = c.Read() }()
	}
	wg.Wait()
	for i, c := range cs {
		fresh, base, keep := c.Settle()
		if len(fresh) > 0 || !keep {
			t.Fatalf("chunk %d: %d fresh records, keep %v", c.Seq, len(fresh), keep)
		}
		chunk.Renumber(*read[i], base)
		out = append(out, *read[i]...)
	}
	return out, len(cs), rest
}

func sameResults(t *testing.T, name string, want, got []chunk.Result) {
	t.Helper()
	if len(want) != len(got) {
		show := func(rs []chunk.Result) string {
			var b strings.Builder
			for _, r := range rs {
				if r.Board != nil {
					fmt.Fprintf(&b, " b%d@%d", r.Board.Index, r.Board.Line)
				} else {
					fmt.Fprintf(&b, " e%d@%d", r.Err.Record, r.Err.Line)
				}
			}
			return b.String()
		}
		t.Fatalf("%s: %d results, want %d\n got %s\nwant %s", name, len(got), len(want), show(got), show(want))
	}
	for i := range want {
		if !reflect.DeepEqual(want[i], got[i]) {
			t.Fatalf("%s: result %d differs:\n got %+v %+v\nwant %+v %+v", name, i, got[i].Board, got[i].Err, want[i].Board, want[i].Err)
		}
	}
}

// TestSplitterSameAsReader checks that chunks parsed in any order give the
// same boards, errors, indices and lines as one Reader, on the test files,
// the shared corpus (when present) and generated archives, with chunks cut
// small so that every file is cut many times.
func TestSplitterSameAsReader(t *testing.T) {
	files, _ := filepath.Glob("testdata/pbn/*.pbn")
	corpus, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpus", "real", "*", "*", "*", "*.pbn"))
	more, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpus", "real", "*", "*", "*", "*", "*.pbn"))
	files = append(append(files, corpus...), more...)
	var inputs [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, data)
	}
	inputs = append(inputs, []byte(strings.Repeat(chunkTestBoard, 50)),
		[]byte(strings.Repeat(chunkTestBoard, 20)+"[Event \"#\"]\n[Deal \"N:- - - -\"]\n\n"+strings.Repeat(chunkTestBoard, 20)),
		[]byte("\xef\xbb\xbf"+strings.Repeat(chunkTestBoard, 20)+"[Event \"x\"]\n[Play \"W\"]\nSA S2 S3 S4\n\n"+strings.Repeat(chunkTestBoard, 5)),
		[]byte(strings.ReplaceAll(strings.Repeat(chunkTestBoard, 20), "\n", "\r\n")),
		// laws.md A15: a record without a Deal that lost its empty line
		// before one with a Deal, at the start of a chunk, needs the
		// Deal of the record before the chunk.
		[]byte(strings.Repeat(chunkTestBoard, 20)+"[Board \"2\"]\n[Play \"W\"]\nC6 CA C3 C9\n[Board \"3\"]\n"+
			"[Deal \"N:83.AQJ64.JT9.AKQ J96.K97.876.5432 AKT4.T32.AKQ.JT9 Q752.85.5432.876\"]\n\n"+strings.Repeat(chunkTestBoard, 5)),
		[]byte(strings.Repeat(strings.ReplaceAll(chunkTestBoard, "{a comment\n\nwith a blank line}\n", ""), 20)+
			"[Board \"2\"]\n[Play \"W\"]\nC6 CA C3 C9\n[Board \"3\"]\n"+
			"[Deal \"N:83.AQJ64.JT9.AKQ J96.K97.876.5432 AKT4.T32.AKQ.JT9 Q752.85.5432.876\"]\n\n"+strings.Repeat(chunkTestBoard, 5)),
		[]byte(strings.ReplaceAll(strings.Repeat(chunkTestBoard, 20), "\n", "\r")),
	)
	for _, size := range []int{1, 300, 5000, chunk.Size} {
		for i, data := range inputs {
			name := fmt.Sprintf("generated %d size %d", i, size)
			if i < len(files) {
				name = files[i]
			}
			want := readAll(data)
			got, _, _ := splitAll(t, data, size)
			sameResults(t, name, want, got)
		}
	}
	// Generated boards are cut into many independent chunks.
	_, n, rest := splitAll(t, []byte(strings.Repeat(chunkTestBoard, 50)), 300)
	if n < 10 || rest {
		t.Errorf("%d chunks, rest %v: want many independent chunks", n, rest)
	}
}

const chunkTestBoard = `[Event "Chunks"]
[Site "Utrecht"]
[Date "2020.01.01"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:83.AQJ64.JT9.AKQ J96.K97.876.5432 AKT4.T32.AKQ.JT9 Q752.85.5432.876"]
[Declarer "S"]
[Contract "3NT"]
[Result "10"]
{a comment

with a blank line}
[Play "W"]
C6 CA C3 C9
C7 CK C4 CT
*

`

// FuzzSplitter checks on any input that the Splitter gives what one Reader
// gives.
func FuzzSplitter(f *testing.F) {
	files, _ := filepath.Glob("testdata/pbn/*.pbn")
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(strings.Repeat(chunkTestBoard, 3)))
	f.Fuzz(func(t *testing.T, data []byte) {
		want := readAll(data)
		got, _, _ := splitAll(t, data, 64)
		sameResults(t, "fuzz", want, got)
	})
}

// walkPlain looks at the records of b in order, as cut does, with one
// ahead for the whole of b, and checks every record quickRecord takes
// against the careful look: it must end where scanRecord says, be within
// the limits and not be dependent. It returns the number of records
// quickRecord took and of those it left to the careful look.
func walkPlain(t *testing.T, b []byte, eof bool) (plain, careful int) {
	t.Helper()
	var a ahead
	s := &Splitter{eof: eof}
	for p := 0; ; {
		next, ok := s.quickRecord(b, p, &a)
		start, end, want, ok2 := scanRecord(b, p, eof)
		if ok {
			if !ok2 || next != want || end != want || start == end || end-start > MaxRecord ||
				longLine(b[start:end]) || dependent(b[start:end]) {
				t.Fatalf("%q (eof %v), record at %d: plain record ends at %d; scanRecord says %d..%d, ok %v, dependent %v",
					b, eof, p, next, start, end, ok2, ok2 && dependent(b[start:end]))
			}
			plain++
		} else {
			careful++
		}
		if !ok2 || start == end {
			return plain, careful
		}
		p = want
	}
}

// TestPlainScan checks the Splitter's quick look at records against the
// careful one: on texts made of lines that are blank in every way, Deal
// and Dealer tags at and off the line start, play and comments, whenever
// quickRecord says a record is plain, it must end where scanRecord says
// and not be dependent.
func TestPlainScan(t *testing.T) {
	lines := []string{
		"", " ", "  \t", "\r", "\t", "[Deal \"N:AKQJ.T98.765.432 - - -\"]", "[Dealer \"N\"]",
		" [Deal \"N:...\"]", "[Deal\"N:\"]", "[Deals \"x\"]", "x [Deal \"y\"]", "[Play \"N\"]",
		"[Auction \"N\"]", "SA HK D2 C3", "; [Deal \"z\"]", "{ [Deal \"q\"] }", "% [Deal", "[Event \"#\"]",
		"[Event \"##x\"]", "\"[Deal \"", "[Board \"1\"]", "*",
		"[Deal \"N:AKQJ.T98.765.432 - - -\"]\r", "[Board \"2\"]\r", "SA HK D2 C3\r", " \r",
		"\t[Deal \"N:x\"]", "[Deal  \"N:x\"]", "[Deal \"W:x\"] [Deal \"E:y\"]", "[Time \"12:30:00\"]",
		"{", "}", "x { y", "[Event \"a\\\"b\"]", "[Site \"Caf\xc3\xa9\"]", "!!", "\r\r", "  x", "x  ",
		"[Deal \"N:AKQJ.T98.765.432 - - -\"] {", "[Deal \"N:A.K.Q.J - - -\"]; c", "% x", ";[Deal \"N:\"]",
	}
	r := rand.New(rand.NewPCG(1, 2))
	plain, careful := 0, 0
	for n := 0; n < 30000; n++ {
		var sb strings.Builder
		for k := r.IntN(40); k >= 0; k-- {
			sb.WriteString(lines[r.IntN(len(lines))])
			sb.WriteByte('\n')
		}
		if r.IntN(4) == 0 { // no final newline
			sb.WriteString(lines[r.IntN(len(lines))])
		}
		pl, ca := walkPlain(t, []byte(sb.String()), r.IntN(2) == 0)
		plain += pl
		careful += ca
	}
	if plain < 10000 || careful < 10000 {
		t.Errorf("%d plain records, %d careful ones: want many of each", plain, careful)
	}
}

// plainTestRecord returns a usual record of about 500 bytes.
func plainTestRecord(r *rand.Rand) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "[Event \"Club %d\"]\n[Site \"Utrecht\"]\n[Date \"2020.01.%02d\"]\n[Board \"%d\"]\n",
		r.IntN(1000), 1+r.IntN(28), 1+r.IntN(36))
	for _, seat := range []string{"West", "North", "East", "South"} {
		fmt.Fprintf(&sb, "[%s \"%s %d\"]\n", seat, seat, r.IntN(500))
	}
	sb.WriteString("[Dealer \"N\"]\n[Vulnerable \"None\"]\n")
	sb.WriteString("[Deal \"N:J62.T9543.94.K95 AQT85.2.AQ762.Q4 K74.A876.KJ8.T73 93.KQJ.T53.AJ862\"]\n")
	sb.WriteString("[Scoring \"IMP\"]\n[Declarer \"N\"]\n[Contract \"4C\"]\n[Result \"6\"]\n")
	sb.WriteString("[Auction \"N\"]\n4C Pass Pass Pass\n[Play \"E\"]\n")
	for k := r.IntN(14); k > 0; k-- {
		sb.WriteString("ST S4 S9 SJ\n")
	}
	return sb.String()
}

// TestPlainScanMutated checks the quick look at records against the
// careful one on usual records changed in every way that matters: blank
// lines with spaces, tabs and CRs, CRLF line ends, lines that start with
// white space, comments (over blank lines too), "#" values, escapes,
// missing or moved Deal tags, Dealer for Deal, bytes past 0x7F and control
// bytes, texts cut anywhere; and that it takes the usual records, in LF and
// CRLF, all of them.
func TestPlainScanMutated(t *testing.T) {
	bits := []string{
		"\n", "\n\n", " ", "  ", "\t", "\r", "\r\n", "\n \n", "\n\t\n", "\n\r\n", "\n  \t\r\n", "\n ", " \n",
		"\n\t", "{", "}", "{x\n\ny}", "{x\n \ny}\n", "#", "##", "\"#", "\\", ";", "; {\n", "%", "\n%{\n", "\"", ":", "!",
		"\x00", "\x1f", "\xc3\xbc", "\xa1\xa1", "[Deal \"N:", "[Dealer \"N\"]\n", "\n[Deal \"E:- - - -\"]\n",
		"[Play \"W\"]\n", "[Auction \"N\"]\n", "[Time \"12:30\"]\n", "[Deal", "Deal", "\n[Deal\n", "[Deal_",
	}
	r := rand.New(rand.NewPCG(3, 4))
	plain, careful := 0, 0
	for n := 0; n < 20000; n++ {
		var sb strings.Builder
		for k := 1 + r.IntN(5); k > 0; k-- {
			sb.WriteString(plainTestRecord(r))
			sb.WriteString(strings.Repeat("\n", 1+r.IntN(2)))
		}
		text := sb.String()
		crlf := r.IntN(4) == 0
		if crlf {
			text = strings.ReplaceAll(text, "\n", "\r\n")
		}
		mutated := n%8 != 0
		if mutated {
			for k := 1 + r.IntN(4); k > 0; k-- {
				i := r.IntN(len(text) + 1)
				switch r.IntN(6) {
				case 0: // delete some bytes
					j := min(len(text), i+r.IntN(80))
					text = text[:i] + text[j:]
				case 1: // at the start of a line
					if j := strings.LastIndexByte(text[:i], '\n'); j >= 0 {
						i = j + 1
					}
					fallthrough
				default:
					text = text[:i] + bits[r.IntN(len(bits))] + text[i:]
				}
			}
			if r.IntN(3) == 0 {
				text = text[:r.IntN(len(text)+1)]
			}
		}
		eof := !mutated || r.IntN(2) == 0
		pl, ca := walkPlain(t, []byte(text), eof)
		plain += pl
		careful += ca
		if !mutated && ca != 1 { // the end of the text only
			t.Fatalf("%q (CRLF %v): %d records for the careful look, want none", text, crlf, ca-1)
		}
	}
	if plain < 10000 || careful < 10000 {
		t.Errorf("%d plain records, %d careful ones: want many of each", plain, careful)
	}
	// A record of MaxLine bytes is plain; one longer is not.
	deal := "[Deal \"N:AKQJ.T98.765.432 - - -\"]\n"
	for _, n := range []int{MaxLine - 1, MaxLine, MaxLine + 1} {
		b := []byte(deal + strings.Repeat("x", n-len(deal)-1) + "\n\n" + deal)
		var a ahead
		s := &Splitter{eof: true}
		next, ok := s.quickRecord(b, 0, &a)
		if ok != (n <= MaxLine) || ok && next != n {
			t.Errorf("record of %d bytes: plain %v, next %d", n, ok, next)
		}
		walkPlain(t, b, true)
	}
}

// TestSplitterWholeSmallFile checks that a small input whose first record
// already inherits (a "#" value, play without a Deal) is one chunk parsed
// on its own, not read in order by the reading goroutine, and gives what
// one Reader gives; one over two chunks' worth still goes the sequential
// way.
func TestSplitterWholeSmallFile(t *testing.T) {
	const size = 1000
	small := "[Event \"#\"]\n[Board \"1\"]\n[Deal \"N:AKQJ.T98.765.432 - - -\"]\n\n" +
		strings.Repeat("[Event \"#\"]\n[Board \"2\"]\n[Deal \"N:AKQJ.T98.765.432 - - -\"]\n\n", 20)
	out, chunks, rest := splitAll(t, []byte(small), size)
	if chunks != 1 || rest {
		t.Errorf("%d chunks, rest %v: want one chunk", chunks, rest)
	}
	if want := readAll([]byte(small)); !reflect.DeepEqual(out, want) {
		t.Errorf("chunked reading differs from one Reader")
	}
	big := strings.Repeat(small, 2*size/len(small)+1)
	if _, _, rest := splitAll(t, []byte(big), size); !rest {
		t.Errorf("an input over two chunks that inherits from its start is not read in order")
	}
}

// TestSplitterQuotedPlay keeps a case FuzzSplitter found: a record whose
// "[Play" follows an odd number of quotes on its line, which hasTagName
// once took for text in a string and the Reader reads as a tag, so that
// dependent called the record independent although the Reader gives it
// the Deal of the record before.
func TestSplitterQuotedPlay(t *testing.T) {
	data := []byte("00000000000000000000[Deal\"N:... ... ... ...\"]000000000000000000\n\n" +
		"[0!\"00\"\"]00000000000\"\"00000000000000000000000000000000[Play 000]")
	got, _, _ := splitAll(t, data, 64)
	sameResults(t, "quoted play", readAll(data), got)
}
