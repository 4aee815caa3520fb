package linfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revokes/pbn"
	"revokes/pbn/pbntest"
)

// readAllLIN reads every board of a LIN text; errors other than
// *ParseError fail the test.
func readAllLIN(t testing.TB, name, text string) ([]*pbn.Board, []*pbn.ParseError) {
	t.Helper()
	r := NewReader(strings.NewReader(text))
	r.File = name
	return pbntest.ReadAll(t, name, r)
}

// dumpLIN reads a whole text and dumps its boards and errors in order.
func dumpLIN(name, text string) string {
	return dumpLINFrom(name, strings.NewReader(text))
}

// dumpLINFrom reads all of in and dumps its boards and errors in order.
func dumpLINFrom(name string, in io.Reader) string {
	lr := NewReader(in)
	lr.File = name
	return pbntest.DumpAll(lr)
}

// dumpLINChunked is dumpLINFrom reading with a Splitter of small
// chunks, parsed side by side.
func dumpLINChunked(t testing.TB, name string, in io.Reader) string {
	got, _ := splitLIN(t, name, in, 64)
	return got
}

func TestLINGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "lin", "*.lin"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got := dumpLIN(filepath.Base(f), string(data))
			if chunked := dumpLINChunked(t, filepath.Base(f), strings.NewReader(string(data))); chunked != got {
				t.Errorf("chunks give other boards than Read:\n%s", pbntest.LineDiff(got, chunked))
			}
			golden := strings.TrimSuffix(f, ".lin") + ".golden"
			pbntest.Golden(t, golden, got)
		})
	}
}

// checkPlayHeld checks that every card of the play is held by its seat
// when it is played.
func checkPlayHeld(b *pbn.Board) error {
	for s := range b.Given {
		if !b.Given[s] || b.Deal[s].Len() != 13 {
			return nil
		}
	}
	hands := b.Deal
	for i, p := range b.Play {
		if !hands[p.Seat].Has(p.Card) {
			return fmt.Errorf("card %d: %s does not hold %s", i+1, p.Seat, p.Card)
		}
		hands[p.Seat] = hands[p.Seat].Without(p.Card)
	}
	// Tricks in playing order: each trick's leader is the previous winner.
	if b.HasDeclarer && len(b.Play) > 0 {
		leader := b.Declarer.Next()
		for i := 0; i+4 <= len(b.Play); i += 4 {
			if b.Play[i].Seat != leader {
				return fmt.Errorf("trick %d led by %s, not %s", i/4+1, b.Play[i].Seat, leader)
			}
			var cards [4]pbn.Card
			for j := range 4 {
				cards[j] = b.Play[i+j].Card
				if b.Play[i+j].Seat != (leader+pbn.Seat(j))&3 {
					return fmt.Errorf("trick %d: card %d by %s", i/4+1, j+1, b.Play[i+j].Seat)
				}
			}
			leader = b.Play[i+pbn.TrickWinner(cards, b.Contract.Strain)].Seat
		}
	}
	return nil
}

func TestLINCorpus(t *testing.T) {
	pbntest.CorpusDir(t)
	files := pbntest.CorpusFiles(t, ".lin")
	if len(files) == 0 {
		t.Skip("no LIN files in the corpus")
	}
	var nb, played, fallbacks, claims, rsChecked int
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := dumpLINFrom(f, strings.NewReader(string(data))), dumpLINChunked(t, f, strings.NewReader(string(data))); a != b {
			t.Errorf("%s: Read and chunks differ:\n%s", f, pbntest.LineDiff(a, b))
		}
		boards, errs := readAllLIN(t, f, string(data))
		rsChecked += checkResults(t, f, string(data), boards)
		for _, e := range errs {
			t.Errorf("unexpected error: %v", e)
		}
		if len(boards) == 0 {
			t.Errorf("%s: no boards", f)
		}
		for _, b := range boards {
			nb++
			if len(b.Play) > 0 {
				played++
			}
			if b.Claim {
				claims++
			}
			if err := checkPlayHeld(b); err != nil {
				t.Errorf("%s board %d (line %d): %v", f, b.Index, b.Line, err)
			}
			for _, p := range b.Problems {
				switch p.Code {
				case "play-order":
					fallbacks++
				case "incomplete-deal", "claim-mismatch":
				default:
					t.Errorf("unexpected warning: %v", p.Error())
				}
			}
		}
	}
	t.Logf("corpus: %d LIN files, %d boards, %d with play, %d claims, %d holder fallbacks, %d contracts checked against rs", len(files), nb, played, claims, fallbacks, rsChecked)
}

// checkResults compares the contract and declarer of each board of a
// vugraph file with its rs list (two entries per board from the vg first
// board: open room, closed room). It returns the number of boards checked.
func checkResults(t *testing.T, file, text string, boards []*pbn.Board) int {
	field := func(key string) []string {
		i := strings.Index(text, key+"|")
		if i < 0 {
			return nil
		}
		v := text[i+3:]
		if j := strings.IndexByte(v, '|'); j >= 0 {
			v = v[:j]
		}
		return strings.Split(strings.ReplaceAll(v, "\n", ""), ",")
	}
	vg, rs := field("vg"), field("rs")
	if len(vg) < 5 || len(rs) == 0 {
		return 0
	}
	first := 0
	fmt.Sscan(vg[3], &first)
	n := 0
	for _, b := range boards {
		num := 0
		fmt.Sscan(b.Tag("Board"), &num)
		i := 2 * (num - first)
		if b.Tag("Room") == "Closed" {
			i++
		}
		if num == 0 || i < 0 || i >= len(rs) || rs[i] == "" || !b.HasContract {
			continue
		}
		e := strings.ToUpper(rs[i])
		want := "Pass"
		if e != "P" && e != "PASS" {
			if len(e) < 3 {
				continue
			}
			strain, dbl := e[1:2], ""
			if strain == "N" {
				strain = "NT"
			}
			switch {
			case strings.HasPrefix(e[3:], "XX"):
				dbl = "XX"
			case strings.HasPrefix(e[3:], "X"):
				dbl = "X"
			}
			want = e[:1] + strain + dbl + " " + e[2:3]
			// The claim gives declarer's total: it must match the result.
			res := e[3+len(dbl):]
			tricks := int(e[0]-'0') + 6
			if strings.HasPrefix(res, "+") || strings.HasPrefix(res, "-") {
				d := 0
				fmt.Sscan(res[1:], &d)
				if res[0] == '-' {
					d = -d
				}
				tricks += d
			}
			if b.Claim && b.ClaimTricks != tricks {
				t.Errorf("%s board %d: claim %d, rs says %d tricks (%s)", file, b.Index, b.ClaimTricks, tricks, rs[i])
			}
		}
		got := b.Contract.String()
		if b.HasDeclarer {
			got += " " + b.Declarer.String()
		}
		if got != want {
			t.Errorf("%s board %d (%s): contract %q, rs says %q (%s)", file, b.Index, b.Tag("Room"), got, want, rs[i])
		}
		n++
	}
	return n
}

// suitDeal is an md where every player holds one suit: S diamonds, W clubs,
// N spades, E hearts (dealer digit to be prefixed).
const suitDeal = "DAKQJT98765432,C23456789TJQKA,SAKQJT98765432,HAKQJT98765432"

// readOne reads a text that holds exactly one board.
func readOne(t *testing.T, text string) *pbn.Board {
	t.Helper()
	boards, errs := readAllLIN(t, "t.lin", text)
	if len(errs) > 0 || len(boards) != 1 {
		t.Fatalf("%q: %d boards, errors %v", text, len(boards), errs)
	}
	return boards[0]
}

// codes returns the problem codes of a board, space-separated.
func codes(b *pbn.Board) string {
	var s []string
	for _, p := range b.Problems {
		s = append(s, p.Code)
	}
	return strings.Join(s, " ")
}

// mbs writes calls as mb pairs.
func mbs(calls string) string {
	var w strings.Builder
	for _, c := range strings.Fields(calls) {
		w.WriteString("mb|" + c + "|")
	}
	return w.String()
}

func TestLINBoards(t *testing.T) {
	deal := "md|3" + suitDeal + "|"
	tests := []struct {
		name, text string
		boards     []string // per board: Board tag, Room tag, South name, line
	}{
		{"md starts boards", deal + "ah|Board 1|" + deal + "ah|Board 2|",
			[]string{"1  1", "2  1"}},
		{"qx starts boards", "qx|o3|" + deal + "qx|c3|" + deal,
			[]string{"3 Open  1", "3 Closed  1"}},
		{"pn before qx", "pn|a,b,c,d|qx|o1,BOARD 1|" + deal + "mb|p|\npn|e,f,g,h|qx|c1,BOARD 1|" + deal,
			[]string{"1 Open a 1", "1 Closed e 2"}},
		{"header names by room", "pn|s1,w1,n1,e1,s2,w2,n2,e2|\nqx|o1|" + deal + "\nqx|c1|" + deal + "\nqx|o2|pn|x,y,z,v|" + deal,
			[]string{"1 Open s1 2", "1 Closed s2 3", "2 Open x 4"}},
		{"single hands", "pn|a,b,c,d|st||" + deal + "rh||ah|Board 4|sv|o|mb|p|\npn|e,f,g,h|st||" + deal + "rh||ah|Board 5|\n",
			[]string{"4  a 1", "5  e 2"}},
		{"ah before md", "ah|Board 8|" + deal + mbs("p p p p") + "ah|Board 9|" + deal,
			[]string{"8  1", "9  1"}},
		{"last names carried", "pn|a,b,c,d|qx|o1|" + deal + "qx|o2|" + deal,
			[]string{"1 Open a 1", "2 Open a 1"}},
		{"concatenated vugraph files", "pn|s1,w1,n1,e1,s2,w2,n2,e2|qx|c1|" + deal + mbs("p p p p") +
			"\nvg|B,,I,1,1,x,0,y,0|pn|t1,w1,n1,e1,t2,w2,n2,e2|qx|c1|" + deal,
			[]string{"1 Closed s2 1", "1 Closed t2 2"}},
	}
	for _, tc := range tests {
		boards, errs := readAllLIN(t, "t.lin", tc.text)
		if len(errs) > 0 {
			t.Errorf("%s: %v", tc.name, errs)
		}
		var got []string
		for i, b := range boards {
			got = append(got, strings.Join(strings.Fields(fmt.Sprintf("%s %s %s %d", b.Tag("Board"), b.Tag("Room"), b.Players[pbn.South], b.Line)), " "))
			if b.Index != i+1 || b.Format != pbn.FormatLIN || b.File != "t.lin" {
				t.Errorf("%s: board %d index %d format %v file %q", tc.name, i+1, b.Index, b.Format, b.File)
			}
		}
		want := make([]string, len(tc.boards))
		for i, w := range tc.boards {
			want[i] = strings.Join(strings.Fields(w), " ")
		}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s: got %q, want %q", tc.name, got, want)
		}
	}
}

func TestLINErrors(t *testing.T) {
	good := "qx|o1|md|3" + suitDeal + "|" + mbs("1S p p p") + "pc|HA|\n"
	text := good + "qx|o2|\nmd|3SAKQX|\n" + good + "qx|o4|md|3" + suitDeal + "|pc|Q2|\n" + good
	boards, errs := readAllLIN(t, "bad.lin", text)
	if len(boards) != 4 || len(errs) != 1 {
		t.Fatalf("%d boards, errors %v", len(boards), errs)
	}
	e := errs[0]
	if e.File != "bad.lin" || e.Record != 2 || e.StartLine != 2 || e.Line != 3 || e.Code != "bad-deal" {
		t.Errorf("first error %+v", e)
	}
	if _, ok := e.Err.(pbn.Message); !ok {
		t.Errorf("error is not a Message: %T", e.Err)
	}
	// laws.md A12: an unreadable card in the first trick is an error
	// problem of the board (skipped); the record is read.
	bad := boards[2]
	if p := bad.Problems; bad.Index != 4 || len(bad.Play) != 0 || len(p) != 1 || p[0].Code != "bad-card" || p[0].Line != 5 || p[0].Severity != pbn.Error {
		t.Errorf("bad card: board %d play %v problems %v", bad.Index, bad.Play, p)
	}
	boards = append(boards[:2], boards[3])
	for i, b := range boards {
		if b.Index != 2*i+1 || len(b.Play) != 1 {
			t.Errorf("board %d: index %d play %v", i, b.Index, b.Play)
		}
	}
	if p := errs[0].Problem(); p.Severity != pbn.Error || p.Game != 2 {
		t.Errorf("problem %+v", p)
	}

	// Not LIN at all.
	_, errs = readAllLIN(t, "x.lin", "[Event \"x\"]\n")
	if len(errs) != 1 || errs[0].Code != "bad-lin" {
		t.Errorf("PBN text: %v", errs)
	}
	// Empty input.
	if boards, errs := readAllLIN(t, "x.lin", ""); len(boards)+len(errs) != 0 {
		t.Errorf("empty input: %v %v", boards, errs)
	}
}

func TestLINLimits(t *testing.T) {
	good := "qx|o1|md|3" + suitDeal + "|" + mbs("1S p p p") + "pc|HA|\n"
	long := "qx|o2|md|3" + suitDeal + "|nt|" + strings.Repeat("x", linMaxValue+10) + "|\n"
	var huge strings.Builder
	huge.WriteString("qx|o3|md|3" + suitDeal + "|")
	for huge.Len() < linMaxBoard+100 {
		huge.WriteString("nt|" + strings.Repeat("chat ", 1000) + "|")
	}
	text := good + long + good + huge.String() + "\n" + good
	boards, errs := readAllLIN(t, "big.lin", text)
	if len(boards) != 3 || len(errs) != 2 {
		t.Fatalf("%d boards, errors %v", len(boards), errs)
	}
	for _, e := range errs {
		if e.Code != "record-too-large" {
			t.Errorf("error %v", e)
		}
	}
	if errs[0].Record != 2 || errs[1].Record != 4 || errs[1].StartLine != 4 {
		t.Errorf("errors %+v %+v", errs[0], errs[1])
	}
	if boards[2].Index != 5 || boards[2].Line != 5 {
		t.Errorf("last board index %d line %d", boards[2].Index, boards[2].Line)
	}
}

// oneByteReader returns one byte per Read, to exercise buffer refills.
type oneByteReader struct{ s string }

// Read gives the next byte.
func (r *oneByteReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	p[0] = r.s[0]
	r.s = r.s[1:]
	return 1, nil
}

func TestLINSmallReads(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "lin", "*.lin"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want := dumpLIN(filepath.Base(f), string(data))
		got := dumpLINFrom(filepath.Base(f), &oneByteReader{string(data)})
		if got != want {
			t.Errorf("%s: byte-by-byte reading differs:\n%s", f, pbntest.LineDiff(want, got))
		}
	}
}

func TestLINText(t *testing.T) {
	if got := linText([]byte("Chorz\xf3w")); got != "Chorzów" {
		t.Errorf("Latin-1: %q", got)
	}
	if got := linText([]byte("Chorzów")); got != "Chorzów" {
		t.Errorf("UTF-8: %q", got)
	}
	if got := linText([]byte("\x80")); got != "€" {
		t.Errorf("Windows-1252: %q", got)
	}
	b := readOne(t, "pn|Chorz\xf3w,b,c,d|md|3"+suitDeal+"|")
	if b.Players[pbn.South] != "Chorzów" || b.Tag("South") != "Chorzów" {
		t.Errorf("names %q", b.Players)
	}
}

// TestLINBoardsIndependent checks that the slices of one board do not
// share room with the next: appending to them must not change it.
func TestLINBoardsIndependent(t *testing.T) {
	one := "qx|o1|md|3" + suitDeal + "|" + mbs("1S p p p") + "pc|HA|pc|D2|pc|C2|pc|S2|pc|SA|mc|13|\n"
	boards, errs := readAllLIN(t, "t.lin", one+one+one)
	if len(errs) > 0 || len(boards) != 3 {
		t.Fatalf("%d boards, %v", len(boards), errs)
	}
	want := pbntest.Dump(boards[1])
	b := boards[0]
	_ = append(b.Tags, pbn.Tag{Name: "X", Value: "Y"}, pbn.Tag{Name: "X", Value: "Y"})
	_ = append(b.Auction, pbn.Call{Text: "7NT"}, pbn.Call{Text: "7NT"})
	_ = append(b.Play, pbn.Play{}, pbn.Play{}, pbn.Play{}, pbn.Play{})
	if got := pbntest.Dump(boards[1]); got != want {
		t.Errorf("appending to board 1 changed board 2:\n%s", pbntest.LineDiff(want, got))
	}
}

func TestLINManyProblems(t *testing.T) {
	b := readOne(t, "md|3"+suitDeal+"|"+strings.Repeat("mb||", 1000))
	if n := len(b.Problems); n != linMaxProblems+1 || b.Problems[n-1].Code != "too-many-problems" {
		t.Errorf("%d problems, last %v", n, b.Problems[n-1])
	}
}

func TestLINStrayBars(t *testing.T) {
	text := "md|3" + suitDeal + "|mb|1S|an|a|" + strings.Repeat("b|", 200000) + "mb|p|mb|p|mb|p|pc|HA|"
	b := readOne(t, text)
	if n := len(b.Auction[0].Note); n < 100 || n > linMaxNote+10 {
		t.Errorf("note of %d bytes", n)
	}
	if len(b.Auction) != 4 || len(b.Play) != 1 {
		t.Errorf("auction %v play %v", b.Auction, b.Play)
	}
}
