package pbn

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readAllLIN reads every board of a LIN text; errors other than
// *ParseError fail the test.
func readAllLIN(t testing.TB, name, text string) ([]*Board, []*ParseError) {
	t.Helper()
	r := NewLINReader(strings.NewReader(text))
	r.File = name
	return readBoards(t, name, r)
}

// dumpBoard writes a board in a stable text form for golden files.
func dumpBoard(b *Board) string {
	var w strings.Builder
	fmt.Fprintf(&w, "board %d line %d format %s file %s\n", b.Index, b.Line, b.Format, b.File)
	for _, t := range b.Tags {
		fmt.Fprintf(&w, "  [%s %q]\n", t.Name, t.Value)
	}
	fmt.Fprintf(&w, "  players N=%q E=%q S=%q W=%q\n", b.Players[North], b.Players[East], b.Players[South], b.Players[West])
	dealer := "-"
	if b.HasDealer {
		dealer = b.Dealer.String()
	}
	fmt.Fprintf(&w, "  dealer %s vul %s\n", dealer, b.Vul)
	given := ""
	for s := North; s <= West; s++ {
		if b.Given[s] {
			given += s.String()
		}
	}
	fmt.Fprintf(&w, "  deal %s given %q\n", b.Deal, given)
	if len(b.Auction) > 0 {
		fmt.Fprintf(&w, "  auction from %s:", b.AuctionStart)
		for _, c := range b.Auction {
			w.WriteString(" " + c.Text)
			if c.Alert {
				w.WriteString("!")
			}
			if c.Note != "" {
				fmt.Fprintf(&w, "(%s)", c.Note)
			}
		}
		w.WriteString("\n")
	}
	switch {
	case b.HasContract && b.HasDeclarer:
		fmt.Fprintf(&w, "  contract %s by %s\n", b.Contract, b.Declarer)
	case b.HasContract:
		fmt.Fprintf(&w, "  contract %s\n", b.Contract)
	}
	for i := 0; i < len(b.Play); i += 4 {
		fmt.Fprintf(&w, "  trick %2d:", i/4+1)
		for _, p := range b.Play[i:min(i+4, len(b.Play))] {
			fmt.Fprintf(&w, " %s:%s", p.Seat, p.Card)
		}
		w.WriteString("\n")
	}
	if b.Claim {
		fmt.Fprintf(&w, "  claim %d\n", b.ClaimTricks)
	}
	if b.HasResult {
		fmt.Fprintf(&w, "  result %d\n", b.Result)
	}
	for _, p := range b.Problems {
		fmt.Fprintf(&w, "  %s %s line %d: %s\n", p.Severity, p.Code, p.Line, p.Text)
	}
	return w.String()
}

// dumpLIN reads a whole text and dumps its boards and errors in order.
func dumpLIN(name, text string) string {
	return dumpLINFrom(name, strings.NewReader(text))
}

// dumpLINFrom reads all of in and dumps its boards and errors in order.
func dumpLINFrom(name string, in io.Reader) string {
	lr := NewLINReader(in)
	lr.File = name
	return dumpBoards(lr)
}

// dumpLINChunked is dumpLINFrom reading with a LINSplitter of small
// chunks, parsed side by side.
func dumpLINChunked(t testing.TB, name string, in io.Reader) string {
	got, _ := splitLIN(t, name, in, 64)
	return got
}

// dumpBoards dumps the boards and errors of r in order.
func dumpBoards(r BoardReader) string {
	var w strings.Builder
	for i := 0; i < 100000; i++ {
		b, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *ParseError
			if errors.As(err, &pe) {
				fmt.Fprintf(&w, "error record %d from line %d code %s: %v\n", pe.Record, pe.StartLine, pe.Code, pe)
				continue
			}
			fmt.Fprintf(&w, "fatal: %v\n", err)
			break
		}
		w.WriteString(dumpBoard(b))
	}
	return w.String()
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
				t.Errorf("chunks give other boards than Read:\n%s", lineDiff(got, chunked))
			}
			golden := strings.TrimSuffix(f, ".lin") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if got != string(want) {
				t.Errorf("dump differs from %s (run with -update to accept):\n%s", golden, lineDiff(string(want), got))
			}
		})
	}
}

// lineDiff shows the first differing lines of two texts.
func lineDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var a, b string
		if i < len(wl) {
			a = wl[i]
		}
		if i < len(gl) {
			b = gl[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\nwant %s\ngot  %s", i+1, a, b)
		}
	}
	return "(same lines)"
}

// linCorpusDir is where the shared corpus of real files sits beside the
// repository; the test is skipped when it is absent.
func linCorpusDir(t *testing.T) string {
	dir := filepath.Join("..", "..", "shared", "corpus", "real")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no shared corpus at %s", dir)
	}
	return dir
}

// checkPlayHeld checks that every card of the play is held by its seat
// when it is played.
func checkPlayHeld(b *Board) error {
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
			var cards [4]Card
			for j := range 4 {
				cards[j] = b.Play[i+j].Card
				if b.Play[i+j].Seat != (leader+Seat(j))&3 {
					return fmt.Errorf("trick %d: card %d by %s", i/4+1, j+1, b.Play[i+j].Seat)
				}
			}
			leader = b.Play[i+TrickWinner(cards, b.Contract.Strain)].Seat
		}
	}
	return nil
}

func TestLINCorpus(t *testing.T) {
	dir := linCorpusDir(t)
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".lin") {
			files = append(files, p)
		}
		return nil
	})
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
			t.Errorf("%s: Read and chunks differ:\n%s", f, lineDiff(a, b))
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
func checkResults(t *testing.T, file, text string, boards []*Board) int {
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
func readOne(t *testing.T, text string) *Board {
	t.Helper()
	boards, errs := readAllLIN(t, "t.lin", text)
	if len(errs) > 0 || len(boards) != 1 {
		t.Fatalf("%q: %d boards, errors %v", text, len(boards), errs)
	}
	return boards[0]
}

// codes returns the problem codes of a board, space-separated.
func codes(b *Board) string {
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

func TestLINAuction(t *testing.T) {
	tests := []struct {
		dealer   string // md digit
		calls    string
		play     string
		contract string // "" when none
		declarer string // "" when none
		alerts   int
		problems string
	}{
		{"3", "1H p 2H p 4H d p p r p p p", "", "4HXX", "N", 0, ""},
		{"1", "p p p p", "", "Pass", "", 0, ""},
		{"2", "P PASS p Pass", "", "Pass", "", 0, ""},
		{"1", "1C! p 1N p 3N p p p", "", "3NT", "N", 1, ""},
		{"4", "1S 2H 2S 3H p p d p p p", "", "3HX", "S", 0, ""},
		{"4", "1S 2H 2S 3H p p D p p P", "", "3HX", "S", 0, ""},
		{"3", "1D d r p p p", "", "1DXX", "N", 0, ""},
		{"3", "1d! D! R! P! p p", "", "1DXX", "N", 4, ""},
		{"1", "1N p p 2C! p p p", "", "2C", "E", 1, ""},
		{"2", "1NT p 3NT p p p", "", "3NT", "W", 0, ""},
		{"1", "7N d r", "", "", "", 0, ""},
		{"1", "p 1S p 2S", "pc|S2|", "2S", "W", 0, "auction-incomplete"},
		{"1", "p p p p 1S", "", "Pass", "", 0, "calls-after-auction"},
		{"1", "1S p p p p", "", "1S", "S", 0, "calls-after-auction"},
		{"1", "", "", "", "", 0, ""},
		{"3", "1C p 1H p 1S p 2C p 3H p 4H p p p", "", "4H", "S", 0, ""},
	}
	for _, tc := range tests {
		text := "md|" + tc.dealer + suitDeal + "|" + mbs(tc.calls) + tc.play
		b := readOne(t, text)
		got, decl := "", ""
		if b.HasContract {
			got = b.Contract.String()
		}
		if b.HasDeclarer {
			decl = b.Declarer.String()
		}
		alerts := 0
		for _, c := range b.Auction {
			if c.Alert {
				alerts++
			}
		}
		if got != tc.contract || decl != tc.declarer || alerts != tc.alerts || codes(b) != tc.problems {
			t.Errorf("%s %q: contract %q by %q, %d alerts, problems %q; want %q by %q, %d, %q",
				tc.dealer, tc.calls, got, decl, alerts, codes(b), tc.contract, tc.declarer, tc.alerts, tc.problems)
		}
		if tc.contract != "" && b.Tag("Contract") != tc.contract {
			t.Errorf("%q: Contract tag %q", tc.calls, b.Tag("Contract"))
		}
		if tc.declarer != "" && b.Tag("Declarer") != tc.declarer {
			t.Errorf("%q: Declarer tag %q", tc.calls, b.Tag("Declarer"))
		}
	}
}

func TestLINDeal(t *testing.T) {
	const (
		s = "S2345H2345D234C23"     // 13 cards
		w = "S6789H6789D567C45"     // 13 cards
		n = "STJQKHTJQKD89TC67"     // 13 cards
		e = "SAHAJQKADJQKAC89TJQKA" // not used directly
	)
	_ = e
	tests := []struct {
		md       string
		dealer   string
		given    string // seats given, NESW order
		east     string // East's hand when given
		problems string
		errCode  string
	}{
		{"3" + s + "," + w + "," + n + ",", "N", "NESW", "A.A.AKQJ.AKQJT98", "", ""},
		{"1" + s + "," + w + "," + n, "S", "NESW", "A.A.AKQJ.AKQJT98", "", ""},
		{"2" + strings.ToLower(s) + "," + w + "," + n + ",SAHADAJQKC89TJQKA", "W", "NESW", "A.A.AKQJ.AKQJT98", "", ""},
		{"4" + s + "," + w + "," + n + ",SAHADAJQKC89TJQKA", "E", "NESW", "A.A.AKQJ.AKQJT98", "", ""},
		{"3S2345H2345D234C2," + w + "," + n + ",", "N", "NSW", "", "incomplete-deal", ""},
		{"3" + strings.ReplaceAll(n, "T", "10") + ",,,", "N", "S", "", "incomplete-deal", ""},
		{s + "," + w + "," + n + ",", "", "NESW", "A.A.AKQJ.AKQJT98", "bad-dealer", ""},
		{"7" + s + "," + w + "," + n + ",", "", "NESW", "A.A.AKQJ.AKQJT98", "bad-dealer", ""},
		{"3" + s + "," + w + "," + n + ",SA,S2", "", "", "", "", "bad-deal"},
		{"3" + s + "," + s, "", "", "", "", "bad-deal"},
		{"32345", "", "", "", "", "bad-deal"},
		{"3S23456789TJQKAH2", "", "", "", "", "bad-deal"},
		{"3SAK%", "", "", "", "", "bad-deal"},
	}
	for _, tc := range tests {
		boards, errs := readAllLIN(t, "t.lin", "md|"+tc.md+"|sv|o|")
		if tc.errCode != "" {
			if len(errs) != 1 || errs[0].Code != tc.errCode || len(boards) != 0 {
				t.Errorf("md %q: boards %d errors %v; want %s", tc.md, len(boards), errs, tc.errCode)
			}
			continue
		}
		if len(errs) != 0 || len(boards) != 1 {
			t.Errorf("md %q: boards %d errors %v", tc.md, len(boards), errs)
			continue
		}
		b := boards[0]
		dealer, given := "", ""
		if b.HasDealer {
			dealer = b.Dealer.String()
		}
		for st := North; st <= West; st++ {
			if b.Given[st] {
				given += st.String()
			}
		}
		if dealer != tc.dealer || given != tc.given || codes(b) != tc.problems {
			t.Errorf("md %q: dealer %q given %q problems %q; want %q %q %q", tc.md, dealer, given, codes(b), tc.dealer, tc.given, tc.problems)
		}
		if tc.east != "" && b.Deal[East].String() != tc.east {
			t.Errorf("md %q: East %s, want %s", tc.md, b.Deal[East], tc.east)
		}
		if b.HasDealer && b.AuctionStart != b.Dealer {
			t.Errorf("md %q: auction starts with %s", tc.md, b.AuctionStart)
		}
	}
}

func TestLINVulnerability(t *testing.T) {
	for _, tc := range []struct{ sv, want, problems string }{
		{"o", "None", ""}, {"O", "None", ""}, {"0", "None", ""},
		{"n", "NS", ""}, {"N", "NS", ""},
		{"e", "EW", ""}, {"E", "EW", ""},
		{"b", "All", ""}, {"B", "All", ""},
		{"q", "", "bad-vul"},
	} {
		b := readOne(t, "md|3"+suitDeal+"|sv|"+tc.sv+"|")
		if b.Tag("Vulnerable") != tc.want || codes(b) != tc.problems {
			t.Errorf("sv %q: tag %q problems %q; want %q %q", tc.sv, b.Tag("Vulnerable"), codes(b), tc.want, tc.problems)
		}
		if tc.want != "" && b.Vul.String() != tc.want {
			t.Errorf("sv %q: Vul %s", tc.sv, b.Vul)
		}
	}
}

func TestLINPlay(t *testing.T) {
	// Declarer N in 1S (dealer N); East leads. Each player holds one suit,
	// so the leader always wins in no-trump and spades win when trumps.
	base := "md|3" + suitDeal + "|" + mbs("1S p p p")
	tests := []struct {
		name, play string
		seats      string // seat of each card played
		claim      int
		problems   string
	}{
		{"one trick", "pc|HA|pc|D2|pc|C2|pc|S2|", "ESWN", -1, ""},
		{"lower case", "pc|ha|pc|d2|pc|c2|pc|s2|pc|sa|", "ESWNN", -1, ""},
		{"ten as 10", "pc|H10|pc|D10|pc|c10|pc|s10|", "ESWN", -1, ""},
		{"chat and page", "pc|HA|nt|hello|pc|D2|pg||pc|C2|nt|x|pc|S2|pg||pc|SA|", "ESWNN", -1, ""},
		{"claim mid-trick", "pc|HA|pc|D2|pc|C2|pc|S2|pc|SA|mc|13|", "ESWNN", 13, ""},
		{"claim after cards", "pc|HA|pc|D2|mc|12|pc|C2|", "ESW", 12, ""},
		{"claim too high", "pc|HA|mc|14|", "E", -1, "bad-claim"},
		{"claim below won", "pc|HA|pc|D2|pc|C2|pc|S2|mc|13|", "ESWN", 13, ""},
		{"rotated trick", "pc|D2|pc|C2|pc|S2|pc|HA|", "ESWN", -1, "play-order"},
		{"card twice", "pc|HA|pc|D2|pc|C2|pc|S2|pc|S2|", "ESWN", -1, "card-not-held"},
		{"partial rotated", "pc|D2|pc|HA|", "ES", -1, "play-order"},
		{"wrong holder", "pc|C2|pc|HA|", "", -1, "card-not-held"},
		{"packed", "pc|HAD2|pc|C2S2|", "ESWN", -1, "packed-cards packed-cards"},
		{"empty pc", "pc||pc|HA|", "E", -1, "empty-value"},
	}
	for _, tc := range tests {
		b := readOne(t, base+tc.play)
		seats := ""
		for _, p := range b.Play {
			seats += p.Seat.String()
		}
		claim := -1
		if b.Claim {
			claim = b.ClaimTricks
		}
		if seats != tc.seats || claim != tc.claim || codes(b) != tc.problems {
			t.Errorf("%s: seats %q claim %d problems %q; want %q %d %q", tc.name, seats, claim, codes(b), tc.seats, tc.claim, tc.problems)
		}
		if claim >= 0 && (b.Tag("Result") != fmt.Sprint(claim) || b.Result != claim || !b.HasResult) {
			t.Errorf("%s: Result tag %q", tc.name, b.Tag("Result"))
		}
		if err := checkPlayHeld(b); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	// The rotated trick is put in playing order from the leader.
	b := readOne(t, base+"pc|D2|pc|C2|pc|S2|pc|HA|")
	if b.Play[0].Card.String() != "HA" || b.Play[3].Card.String() != "S2" {
		t.Errorf("rotated trick kept as written: %v", b.Play)
	}
	// Trump wins: East leads HA, N ruffs and leads the next trick.
	b = readOne(t, "md|3"+suitDeal+"|"+mbs("1S p p p")+"pc|HA|pc|D2|pc|C2|pc|S2|pc|S3|pc|H2|pc|D3|pc|C3|")
	if b.Play[4].Seat != North || b.Play[5].Seat != East {
		t.Errorf("second trick: %v", b.Play[4:])
	}
	// No trump: the leader keeps the lead.
	b = readOne(t, "md|3"+suitDeal+"|"+mbs("1N p p p")+"pc|HA|pc|D2|pc|C2|pc|S2|pc|HK|")
	if b.Play[4].Seat != East {
		t.Errorf("second trick in NT led by %s", b.Play[4].Seat)
	}
	// Play without a contract is skipped.
	b = readOne(t, "md|3"+suitDeal+"|"+mbs("p p p p")+"pc|HA|")
	if len(b.Play) != 0 || codes(b) != "play-without-contract" {
		t.Errorf("passed out with play: %v %q", b.Play, codes(b))
	}
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
			got = append(got, strings.Join(strings.Fields(fmt.Sprintf("%s %s %s %d", b.Tag("Board"), b.Tag("Room"), b.Players[South], b.Line)), " "))
			if b.Index != i+1 || b.Format != FormatLIN || b.File != "t.lin" {
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
	if _, ok := e.Err.(Message); !ok {
		t.Errorf("error is not a Message: %T", e.Err)
	}
	// laws.md A12: an unreadable card in the first trick is an error
	// problem of the board (skipped); the record is read.
	bad := boards[2]
	if p := bad.Problems; bad.Index != 4 || len(bad.Play) != 0 || len(p) != 1 || p[0].Code != "bad-card" || p[0].Line != 5 || p[0].Severity != Error {
		t.Errorf("bad card: board %d play %v problems %v", bad.Index, bad.Play, p)
	}
	boards = append(boards[:2], boards[3])
	for i, b := range boards {
		if b.Index != 2*i+1 || len(b.Play) != 1 {
			t.Errorf("board %d: index %d play %v", i, b.Index, b.Play)
		}
	}
	if p := errs[0].Problem(); p.Severity != Error || p.Game != 2 {
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
		r := NewLINReader(&oneByteReader{string(data)})
		r.File = filepath.Base(f)
		var w strings.Builder
		for {
			b, err := r.Read()
			if err == io.EOF {
				break
			}
			var pe *ParseError
			if errors.As(err, &pe) {
				fmt.Fprintf(&w, "error record %d from line %d code %s: %v\n", pe.Record, pe.StartLine, pe.Code, pe)
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			w.WriteString(dumpBoard(b))
		}
		if w.String() != want {
			t.Errorf("%s: byte-by-byte reading differs:\n%s", f, lineDiff(want, w.String()))
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
	if b.Players[South] != "Chorzów" || b.Tag("South") != "Chorzów" {
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
	want := dumpBoard(boards[1])
	b := boards[0]
	_ = append(b.Tags, Tag{"X", "Y"}, Tag{"X", "Y"})
	_ = append(b.Auction, Call{Text: "7NT"}, Call{Text: "7NT"})
	_ = append(b.Play, Play{}, Play{}, Play{}, Play{})
	if got := dumpBoard(boards[1]); got != want {
		t.Errorf("appending to board 1 changed board 2:\n%s", lineDiff(want, got))
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

// trickWinner is TrickWinner as the laws say it, plainly: the highest card
// of the led suit wins unless trumps were played, then the highest trump.
func trickWinner(cards [4]Card, trump Strain) int {
	best := 0
	for i := 1; i < 4; i++ {
		c, b := cards[i], cards[best]
		switch {
		case c.Suit() == b.Suit():
			if c.Rank() > b.Rank() {
				best = i
			}
		case trump != NoTrump && c.Suit() == Suit(trump):
			best = i
		}
	}
	return best
}

// TestTrickWinner compares TrickWinner with the plain rule on many tricks.
func TestTrickWinner(t *testing.T) {
	var cards []Card
	for s := Spades; s <= Clubs; s++ {
		for r := Rank(2); r <= Ace; r++ {
			cards = append(cards, NewCard(s, r))
		}
	}
	n := 0
	for i := 0; i < 52; i += 3 {
		for j := 1; j < 52; j += 5 {
			for k := 2; k < 52; k += 7 {
				for l := 3; l < 52; l += 4 {
					tr := [4]Card{cards[i], cards[j], cards[k], cards[l]}
					if tr[0] == tr[1] || tr[0] == tr[2] || tr[0] == tr[3] || tr[1] == tr[2] || tr[1] == tr[3] || tr[2] == tr[3] {
						continue
					}
					for st := Strain(0); st <= NoTrump; st++ {
						n++
						if got, want := TrickWinner(tr, st), trickWinner(tr, st); got != want {
							t.Fatalf("%v trumps %v: %d, want %d", tr, st, got, want)
						}
					}
				}
			}
		}
	}
	if n < 10000 {
		t.Errorf("only %d tricks", n)
	}
}

func TestLINResults(t *testing.T) {
	for _, tc := range []struct {
		e        string
		contract string
		decl     string
		tricks   int
		ok       bool
	}{
		{"4HE=", "4H", "E", 10, true},
		{"3NW+1", "3NT", "W", 10, true},
		{"4SWx-4", "4SX", "W", 6, true},
		{"3HNxx=", "3HXX", "N", 9, true},
		{"7CS+1", "", "", 0, false},
		{"P", "Pass", "", 0, true},
		{"PASS", "Pass", "", 0, true},
		{"", "", "", 0, false},
		{"4HQ=", "", "", 0, false},
		{"4HE", "", "", 0, false},
		{"1SN-9", "", "", 0, false},
	} {
		c, decl, tricks, ok := linResult(tc.e)
		if ok != tc.ok || (ok && (c.String() != tc.contract || tricks != tc.tricks || (c.Level > 0 && decl.String() != tc.decl))) {
			t.Errorf("%q: %v %v %d %v", tc.e, c, decl, tricks, ok)
		}
	}
	// Dealer N; 1S by N; East leads.
	board := func(rs, tail string) *Board {
		return readOne(t, "vg|E,S,I,5,5,A,0,B,0|rs|"+rs+"|qx|c5|md|3"+suitDeal+"|"+mbs("1S p p p")+tail)
	}
	for _, tc := range []struct {
		rs, tail, problems string
		result             int
	}{
		{",1SN=", "", "", 7},
		{",1SN+2", "pc|HA|mc|9|", "", 9},
		{",1SN+1", "pc|HA|mc|9|", "rs-mismatch", 9},
		{",2SN=", "", "rs-mismatch", -1},
		{",1SS=", "", "rs-mismatch", -1},
		{",P", "", "rs-mismatch", -1},
		{",1SNx", "", "rs-mismatch", -1},
		{"1SN=", "", "", -1}, // the open room's result
		{",", "", "", -1},
	} {
		b := board(tc.rs, tc.tail)
		result := -1
		if b.HasResult {
			result = b.Result
		}
		if codes(b) != tc.problems || result != tc.result {
			t.Errorf("rs %q %q: problems %q result %d; want %q %d", tc.rs, tc.tail, codes(b), result, tc.problems, tc.result)
		}
		if result >= 0 && b.Tag("Result") != fmt.Sprint(result) {
			t.Errorf("rs %q: Result tag %q", tc.rs, b.Tag("Result"))
		}
	}
}

// TestLINDealTwice checks the card named when an md gives one twice: in
// one run of ranks, under a suit letter given again, and as "10".
func TestLINDealTwice(t *testing.T) {
	for _, tc := range []struct{ md, card string }{
		{"3SAKA", "SA"},
		{"3SAKHQSK", "SK"},
		{"3S10H2S10", "ST"},
		{"3STS10", "ST"},
		{"3S10ST", "ST"},
		{"3S2,S3,D4,C5H6H6", "H6"},
	} {
		_, errs := readAllLIN(t, "t.lin", "md|"+tc.md+"|sv|o|")
		want := "card " + tc.card + " appears twice in md"
		if len(errs) != 1 || errs[0].Code != "bad-deal" || !strings.Contains(errs[0].Error(), want) {
			t.Errorf("md %q: errors %v, want %q", tc.md, errs, want)
		}
	}
}
