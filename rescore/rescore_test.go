package rescore

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"revokes/pbn"
	"revokes/pbn/pbnfile"
)

func TestMethodOf(t *testing.T) {
	cases := []struct {
		tag, method string
		trim        int
	}{
		{"MP", "mp", -1}, {"MatchPoints", "mp", -1}, {"MP1", "mp", -1}, {"MP;MP1", "mp", -1}, {"MP2", "mp2", -1},
		{"IMP", "imp", -1}, {"IMP;Cross", "cross", -1}, {"IMP;Cross2", "cross-avg", -1},
		{"IMP;Butler", "butler", -1}, {"Butler-2", "butler", 1}, {"IMP;Butler-2", "butler", 1},
		{"BAM", "bam", -1}, {"", "", -1}, {"Rubber", "", -1}, {"imp ; cross", "cross", -1},
	}
	for _, c := range cases {
		if m, tr := methodOf(c.tag); m != c.method || tr != c.trim {
			t.Errorf("methodOf(%q) = %q, %d; want %q, %d", c.tag, m, tr, c.method, c.trim)
		}
	}
}

func TestRotation(t *testing.T) {
	b, err := pbnfile.NewReader(strings.NewReader(`[Deal "N:7652.432.AKQ.543 983.765.J654.762 KJT.AKQJT.73.A98 AQ4.98.T982.KQJT"]`)).Read()
	if err != nil {
		t.Fatal(err)
	}
	d := b.Deal
	k0, c0 := rotation(d)
	for r := 1; r < 4; r++ {
		var rd pbn.Deal
		for x := 0; x < 4; x++ {
			rd[x] = d[(x-r+4)%4] // seat x holds the hand of seat x-r
		}
		k, c := rotation(rd)
		if c != c0 {
			t.Fatalf("rotated by %d: another deal", r)
		}
		// Seats map back: x in the rotated record is x-(k-k0) here.
		if rel := (k - k0 + 4) % 4; rel != r {
			t.Errorf("rotated by %d: relative rotation %d", r, rel)
		}
	}
}

// TestReadSides reads the forms of a stated tag (rescoring.md §9): one
// side, both sides in either order, a number for declarer's side; a text
// that is none of these is not read.
func TestReadSides(t *testing.T) {
	cases := []struct {
		v      string
		decl   pbn.Seat
		ns, ew string // "" when not stated, else value/places
		ok     bool
	}{
		{"NS 110", pbn.East, "110/0", "", true},
		{"EW 3.5", pbn.North, "", "3.5/1", true},
		{"62.50", pbn.South, "62.5/2", "", true},
		{"62,5", pbn.West, "", "62.5/1", true},
		{"", pbn.North, "", "", true},
		{"-", pbn.North, "", "", true},
		{"NS 4 EW -4", pbn.North, "4/0", "-4/0", true},
		{"EW 40 NS 60", pbn.North, "60/0", "40/0", true},
		{"NS 10 EW 32", pbn.East, "10/0", "32/0", true},
		{"NS110", pbn.East, "110/0", "", true},
		{"EW 50. NS 50.0", pbn.East, "50/1", "50/0", true},
		{"a", pbn.North, "", "", false},
		{"NS 4 NS 4", pbn.North, "", "", false},
		{"NS 4 EW", pbn.North, "", "", false},
		{"XY 4", pbn.North, "", "", false},
		{"NS 4 EW -4 NS 2", pbn.North, "", "", false},
	}
	str := func(s stated) string {
		if !s.ok {
			return ""
		}
		return fmt.Sprintf("%v/%d", s.v, s.places)
	}
	for _, c := range cases {
		s, ok := readSides(c.v, c.decl)
		if ok != c.ok || str(s.ns) != c.ns || str(s.ew) != c.ew {
			t.Errorf("readSides(%q, %v) = %q %q %v; want %q %q %v", c.v, c.decl, str(s.ns), str(s.ew), ok, c.ns, c.ew, c.ok)
		}
	}
	if !(stated{v: 72.5, places: 1, ok: true}).agrees(72.46) || (stated{v: 72.5, places: 1, ok: true}).agrees(72.44) {
		t.Error("agrees: within half of the last place")
	}
	for _, c := range []struct {
		v    string
		want int
		ok   bool
	}{
		{"EW 620", -620, true}, {"NS 110 EW -110", 110, true}, {"EW -110 NS 110", 110, true}, {"+140", 140, true},
		{"NS:110", 110, true}, {"NS 110 EW 110", 0, false}, {"NS 1.5", 0, false}, {"x", 0, false}, {"", 0, false},
	} {
		if s, ok := statedScore(c.v, pbn.North); s != c.want || ok != c.ok {
			t.Errorf("statedScore(%q) = %d %v; want %d %v", c.v, s, ok, c.want, c.ok)
		}
	}
}

func TestCellsOf(t *testing.T) {
	cases := []struct {
		line string
		want []string
	}{
		{` 1  2 "2H"  S  8  110    -  3.0`, []string{"1", "2", "2H", "S", "8", "110", "-", "3.0"}},
		{`3 "Anna ;Bart" {note} PASS`, []string{"3", "Anna ;Bart", "PASS"}},
		{"\t\r", nil},
	}
	for _, c := range cases {
		if got := cellsOf(c.line); !slices.Equal(got, c.want) {
			t.Errorf("cellsOf(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}

// TestPackRoundTrip: what the Collector keeps comes back the same.
func TestPackRoundTrip(t *testing.T) {
	c := NewCollector(Options{})
	e := entry{file: "f.pbn", event: "Club", board: "7", pairNS: "1", pairEW: "11", namesNS: "A – B",
		contract: pbn.Contract{Level: 4, Strain: pbn.NoTrump, Doubled: 2}, declarer: pbn.West, vul: pbn.Vulnerability(3),
		played: true, hasTricks: true, tricksRec: 9, tricksAdj: 10, scoreRec: -600, scoreAdj: 800, corrected: true, ids: true,
		mp: stated{v: 3.5, places: 1, ok: true, ew: true}, pct: stated{v: 72.49, places: 2, ok: true}, game: 12, line: 340,
		scoreTable: &[2]string{"Table", "1"}, room: 'c'}
	r := c.pack(&e)
	got := c.unpack(&r)
	if got.scoreTable == nil || *got.scoreTable != *e.scoreTable {
		t.Fatal("scoreTable")
	}
	got.scoreTable = e.scoreTable
	if got != e {
		t.Errorf("unpack(pack(e)) = %+v\nwant %+v", got, e)
	}
}

// TestRanksApart: a TotalScoreTable ranks the directions apart with a
// Direction column holding both, or with a Rank column that starts again
// (rescoring.md §8); otherwise one list.
func TestRanksApart(t *testing.T) {
	cases := []struct {
		name, header, rows string
		want               map[string]string // nil: one list
	}{
		{"direction column", "Rank;PairId;Direction;TotalMP", "1 1 NS 10\n1 11 E-W 12\n2 2 N-S 8", map[string]string{"1": "NS", "11": "EW", "2": "NS"}},
		{"ranks start again", "Rank;PairId;TotalMP", "1 1 10\n2 2 8\n1 11 12\n2 12 6", map[string]string{}},
		{"one list", "Rank;PairId;TotalMP", "1 11 12\n2 1 10\n2 2 10\n4 12 6", nil},
		{"one direction only", "Rank;PairId;Direction;TotalMP", "1 1 NS 10\n2 2 NS 8", nil},
	}
	for _, c := range cases {
		st := &sessionState{c: NewCollector(Options{}), res: &Result{}, totals: map[string]*total{}}
		for _, p := range []string{"1", "2", "11", "12"} {
			st.totals[p] = &total{}
		}
		got := st.checkTotals([]*entry{{totalTable: &[2]string{c.header, c.rows}}})
		if (got == nil) != (c.want == nil) || len(got) != len(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
			continue
		}
		for p, d := range c.want {
			if got[p] != d {
				t.Errorf("%s: pair %s %q, want %q", c.name, p, got[p], d)
			}
		}
	}
}

// TestCarryTo checks the vg carry-over to the home team: its own less the
// other team's, turned when the record names the teams the other way, 0
// when none is stated or a value is not a number.
func TestCarryTo(t *testing.T) {
	for _, tc := range []struct {
		home, visit, hc, vc, to string
		want                    float64
	}{
		{"A", "B", "12.5", "20", "A", -7.5},
		{"A", "B", "12.5", "20", "B", 7.5},
		{"A", "B", "", "", "A", 0},
		{"A", "B", "5", "", "A", 5},
		{"A", "B", " 3 ", "1", "A", 2},
		{"A", "B", "x", "1", "A", 0},
		{"A", "B", "NaN", "1", "A", 0},
		{"A", "B", "Inf", "1", "A", 0},
	} {
		rows := []*entry{{home: tc.home, visit: tc.visit}, {home: tc.home, visit: tc.visit, homeCarry: tc.hc, visitCarry: tc.vc}}
		if got := carryTo(rows, tc.to); got != tc.want {
			t.Errorf("%+v: got %v, want %v", tc, got, tc.want)
		}
	}
}
