package report

import (
	"archive/zip"
	"io"
	"math"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"revokes/analyze"
	"revokes/pbn"
)

// TestStatsPeriods checks the Statistics sheet of the sample: the tables
// by year and by edition (boards with play, plausible revokes and rate,
// revokes and rate, established share), an empty rate where no board has
// play, the events with the most revokes first, the trick numbers stored
// as numbers, the titles that say what their blocks show, and count axes
// in whole-number steps.
func TestStatsPeriods(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.xlsx")
	writeSample(t, path, "en")
	f := openXLSX(t, path)
	for _, c := range []struct {
		a    string
		want []string
	}{
		// Sample: 2019 has one board with play and two revokes (one
		// plausible, one established): more revokes than boards, so no
		// interval for all revokes; the boards without a readable date
		// have two with play and one established revoke.
		{"2019", []string{"2019", "1", "1", "1,000.00", "206.55", "1,000.00", "2", "2,000.00", "", "", "50.0%"}},
		{"(no date)", []string{"(no date)", "2", "0", "0.00", "0.00", "657.62", "1", "500.00", "94.53", "905.47", "100.0%"}},
		{"1963", []string{"1963", "1", "0", "0.00", "0.00", "793.45", "1", "1,000.00", "206.55", "1,000.00", "100.0%"}},
		{"2017", []string{"2017", "2", "1", "500.00", "94.53", "905.47", "2", "1,000.00", "342.38", "1,000.00", "50.0%"}},
		// The board without an event has no play: its rates are empty.
		{"(no event)", []string{"(no event)", "1", "0", "0", "", "", "", "0"}},
		{"Revokes, established or not", []string{"Revokes, established or not"}},
		// The equity block's three parts add up to all revokes.
		{"With an estimate, not short", []string{"With an estimate, not short", "0", "0.00", "0.00", "561.50", "0", "0.0%", "0.00", "0.00", "561.50"}},
		{"Equity short (Law 64C)", []string{"Equity short (Law 64C)", "1"}},
		{"Without an estimate", []string{"Without an estimate", "0", "0.00", "0.00", "561.50", "2", "66.7%", "666.67", "207.66", "938.51"}},
		// The overview: the summary's counts of boards, the rates with
		// their intervals.
		{"Boards read", []string{"Boards read", "4"}},
		{"Boards read twice, copies left out", []string{"Boards read twice, copies left out", "0"}},
		{"Boards with play", []string{"Boards with play", "3"}},
		{"Revokes per 1,000 boards", []string{"Revokes per 1,000 boards", "1,000.00", "438.50", "1,000.00"}},
	} {
		if r := findRow(t, f, "Statistics", c.a); !reflect.DeepEqual(r, c.want) {
			t.Errorf("Statistics row %q, want %q", r, c.want)
		}
	}
	// One count of boards with play: the Summary's is the Statistics'.
	if r := findRow(t, f, "Summary", "Boards with play"); len(r) < 2 || r[1] != "3" {
		t.Errorf("Summary boards with play %q, want the Statistics' 3", r)
	}
	rows, err := f.GetRows("Statistics")
	if err != nil {
		t.Fatal(err)
	}
	var events []string
	for i, r := range rows {
		if len(r) > 0 && r[0] == "Event" {
			for _, e := range rows[i+1:] {
				events = append(events, e[0])
			}
		}
	}
	// No event has 100 boards with play: all are below the line that
	// leaves them out of the chart, the most revokes first.
	if want := []string{"Events with fewer than 100 boards with play (not in the chart)", "Example: one revoke, seven editions", hostile, "(no event)"}; !reflect.DeepEqual(events, want) {
		t.Errorf("events %q, want the most revokes first %q", events, want)
	}
	// Trick 3 is the number 3, not the text "3".
	for i, r := range rows {
		if len(r) > 0 && r[0] == "3" {
			ref := "A" + strconv.Itoa(i+1)
			if typ, _ := f.GetCellType("Statistics", ref); typ != excelize.CellTypeUnset && typ != excelize.CellTypeNumber {
				t.Errorf("trick number stored as type %v", typ)
			}
		}
	}
	noDate := 0
	for i, r := range rows {
		if len(r) > 0 && r[0] == "(no date)" {
			noDate = i + 1
		}
	}
	// Charts: every count axis has a whole-number step; the year chart
	// is a scatter chart (a time axis) of the years only, its axis from
	// the year before the first to the year after the last.
	z, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	unit := regexp.MustCompile(`<(?:c:)?majorUnit val="([^"]*)"`)
	var scatters, whole, eventCharts int
	for _, zf := range z.File {
		if !strings.HasPrefix(zf.Name, "xl/charts/chart") {
			continue
		}
		rc, _ := zf.Open()
		data, _ := io.ReadAll(rc)
		rc.Close()
		x := string(data)
		if strings.Contains(x, "<scatterChart>") || strings.Contains(x, "<c:scatterChart>") {
			scatters++
			// "(no date)" is not a point in time.
			m := regexp.MustCompile(`\$A\$(\d+):\$A\$(\d+)`).FindStringSubmatch(x)
			if m == nil || m[2] != strconv.Itoa(noDate-1) {
				t.Errorf("year chart categories %q, want up to row %d", m, noDate-1)
			}
			for _, v := range []string{`<max val="2020">`, `<min val="2018">`} {
				if !strings.Contains(x, v) {
					t.Errorf("year chart axis: no %s", v)
				}
			}
		}
		if strings.Contains(x, "Revokes by role of the offender") {
			m := unit.FindStringSubmatch(x)
			if m == nil || strings.Contains(m[1], ".") && !strings.HasSuffix(m[1], ".0") {
				t.Errorf("count axis step %q", m)
			}
			whole++
		}
		if strings.Contains(x, "by event") || strings.Contains(x, "boards with play") {
			eventCharts++
		}
	}
	if scatters != 1 || whole != 1 || eventCharts != 0 {
		t.Errorf("%d scatter charts (want 1, by year), %d by-role charts checked, %d event charts (want none: no event has 100 boards)", scatters, whole, eventCharts)
	}
}

func TestCountStep(t *testing.T) {
	for max, want := range map[int]float64{0: 1, 1: 1, 8: 1, 9: 2, 16: 2, 17: 5, 40: 5, 41: 10, 1000: 200} {
		if got := countStep(max); got != want {
			t.Errorf("countStep(%d) = %v, want %v", max, got, want)
		}
	}
}

// TestWilson checks the 95% Wilson score intervals per 1,000 boards
// against values computed by hand (and published tables: 1 of 2 gives
// 0.0945 to 0.9055), and the cases without an interval.
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		n, boards int
		lo, hi    float64
		ok        bool
	}{
		{0, 2, 0, 657.62, true},
		{1, 2, 94.53, 905.47, true},
		{1, 1, 206.55, 1000, true},
		{0, 10000, 0, 0.38, true},
		{84, 10377, 6.54, 10.01, true},
		{3, 2, 0, 0, false}, // more revokes than boards
		{0, 0, 0, 0, false}, // no board
	} {
		lo, hi, ok := wilson(c.n, c.boards)
		round := func(v float64) float64 { return math.Round(v*100) / 100 }
		if ok != c.ok || round(lo) != c.lo || round(hi) != c.hi {
			t.Errorf("wilson(%d, %d) = %.2f, %.2f, %v; want %.2f, %.2f, %v", c.n, c.boards, lo, hi, ok, c.lo, c.hi, c.ok)
		}
	}
}

// TestReachedTrick checks the last trick a record reaches: its complete
// tricks, the trick after them when the record holds a card of it, and
// the trick of a revoke in any case.
func TestReachedTrick(t *testing.T) {
	plays := func(n int) []pbn.Play { return make([]pbn.Play, n) }
	for _, c := range []struct {
		name     string
		complete int // Findings.TricksInRecord
		cards    int // cards of play in the record
		revoke   int // the trick of a revoke, 0 for none
		want     int
	}{
		{"no play", 0, 0, 0, 0},
		{"a lead only", 0, 1, 0, 1},
		{"five tricks and a claim", 5, 20, 0, 5},
		{"five tricks and two cards", 5, 22, 0, 6},
		{"the replay stopped in trick 3", 2, 40, 0, 3},
		{"all thirteen", 13, 52, 0, 13},
		{"a revoke beyond the play read", 0, 0, 4, 4},
	} {
		f := &analyze.Findings{Board: &pbn.Board{Play: plays(c.cards)}, TricksInRecord: c.complete}
		if c.revoke > 0 {
			f.Revokes = []analyze.Revoke{{Trick: c.revoke}}
		}
		if got := reachedTrick(f); got != c.want {
			t.Errorf("%s: reachedTrick = %d, want %d", c.name, got, c.want)
		}
	}
}

// TestBoardsWithPlayOneCount checks that the summary (the Summary sheet,
// the JSON summary's games_with_play) and the Statistics sheet count
// boards with play by one rule: play in the record, analysed or skipped,
// and not a later copy of a board (laws.md A23).
func TestBoardsWithPlayOneCount(t *testing.T) {
	ed := analyze.EditionByName("2017")
	var sum Summary
	var st stats
	st.init()
	for _, f := range []*analyze.Findings{
		{Analysed: true, HasPlay: true},
		{Analysed: false, HasPlay: true}, // skipped: an error stopped it
		{Analysed: true, HasPlay: false},
		{Analysed: true, HasPlay: true, DuplicateOf: "a.lin!1"},
	} {
		f.Board, f.Edition = &pbn.Board{}, ed
		sum.AddBoard(f)
		st.board(f)
	}
	if sum.GamesWithPlay != 2 || st.withPlay != 2 {
		t.Errorf("boards with play: summary %d, statistics %d; want 2 and 2", sum.GamesWithPlay, st.withPlay)
	}
}
