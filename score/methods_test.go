package score

import (
	"fmt"
	"slices"
	"testing"
)

func TestIMP(t *testing.T) {
	// Law 78B: each threshold and the point below it, both signs.
	cases := []struct{ diff, want int }{
		{0, 0}, {10, 0}, {19, 0}, {20, 1}, {40, 1}, {50, 2}, {80, 2}, {90, 3},
		{120, 3}, {130, 4}, {170, 5}, {220, 6}, {270, 7}, {320, 8}, {370, 9},
		{420, 9}, {430, 10}, {500, 11}, {600, 12}, {630, 12}, {750, 13}, {900, 14},
		{1100, 15}, {1300, 16}, {1500, 17}, {1750, 18}, {2000, 19}, {2250, 20},
		{2500, 21}, {3000, 22}, {3500, 23}, {3990, 23}, {4000, 24}, {7600, 24},
		{-20, -1}, {-630, -12}, {-4000, -24}, {-19, 0},
	}
	for _, c := range cases {
		if got := IMP(c.diff); got != c.want {
			t.Errorf("IMP(%d) = %d, want %d", c.diff, got, c.want)
		}
	}
}

// worked is rescoring.md §7: 22 tables; table 15 (index 14) at +110 with
// three others, one table at +140, two above it and fifteen below.
func worked() []int {
	s := []int{-200, -150, -100, -100, -50, 50, 50, 80, 90, 90, 90, 100, 100, 100, 110, 110, 110, 110, 140, -300, 170, 200}
	return s
}

func TestMatchpoints(t *testing.T) {
	cases := []struct {
		scores []int
		want   []float64
	}{
		{[]int{420}, []float64{0}},
		{[]int{420, 450}, []float64{0, 2}},
		{[]int{420, 420, 450, -50}, []float64{3, 3, 6, 0}},
		{[]int{0, 0, 0}, []float64{2, 2, 2}},
	}
	for _, c := range cases {
		if got := Matchpoints(c.scores); !slices.Equal(got, c.want) {
			t.Errorf("Matchpoints(%v) = %v, want %v", c.scores, got, c.want)
		}
	}
}

// TestWorkedExample reproduces rescoring.md §7 exactly.
func TestWorkedExample(t *testing.T) {
	s := worked()
	before := Matchpoints(s)
	if len(s) != 22 || Top(22, false) != 42 {
		t.Fatalf("22 tables, top 42")
	}
	if before[14] != 33 || before[18] != 38 || before[15] != 33 {
		t.Fatalf("before: table 15 %v, +140 %v, +110 %v; want 33, 38, 33", before[14], before[18], before[15])
	}
	after := slices.Clone(s)
	after[14] = 140 // 2H by South, 9 tricks instead of 8
	if Deal(Duplicate1987, contract(t, "2H"), false, 8) != 110 || Deal(Duplicate1987, contract(t, "2H"), false, 9) != 140 {
		t.Fatal("2H: 8 tricks +110, 9 tricks +140")
	}
	now := Matchpoints(after)
	want := map[int]float64{14: 37, 18: 37, 15: 32, 16: 32, 17: 32}
	for i := range s {
		w, ok := want[i]
		if !ok {
			w = before[i] // the other 17 tables do not change
		}
		if now[i] != w {
			t.Errorf("table %d: %v -> %v, want %v", i+1, before[i], now[i], w)
		}
		// East-West move by the same amounts the other way.
		if ew, ewBefore := 42-now[i], 42-before[i]; ew-ewBefore != -(now[i] - before[i]) {
			t.Errorf("table %d: EW moves %v", i+1, ew-ewBefore)
		}
	}
	// Two tables removed (A = 20, E = 22).
	for _, c := range []struct{ raw, want float64 }{{38, 41.9}, {36, 39.7}, {34, 37.5}, {29, 32.0}} {
		if got := Round2(Neuberg(c.raw, 22, 20, false)); got != c.want {
			t.Errorf("Neuberg(%v, 22, 20) = %v, want %v", c.raw, got, c.want)
		}
	}
}

func TestNeuberg(t *testing.T) {
	cases := []struct {
		m    float64
		e, a int
		acbl bool
		want float64
	}{
		{10, 12, 12, false, 10},             // nothing missing
		{0, 12, 11, false, 12.0/11 - 1},     // a zero stays above zero
		{20, 12, 11, false, 21*12.0/11 - 1}, // a top of 20 becomes 21.9
		{10, 12, 11, true, 10.5*12/11 - 0.5},
		{4, 13, 4, false, 5*13.0/4 - 1}, // small group
	}
	for _, c := range cases {
		if got := Neuberg(c.m, c.e, c.a, c.acbl); Round2(got) != Round2(c.want) {
			t.Errorf("Neuberg(%v, %d, %d, %v) = %v, want %v", c.m, c.e, c.a, c.acbl, got, c.want)
		}
	}
	if Percent(21, 42) != 50 || Percent(1, 0) != 0 {
		t.Error("Percent")
	}
}

func TestCrossIMPs(t *testing.T) {
	s := []int{620, 170, 620, -100}
	// 620: 0 + IMP(450)=10 + IMP(720)=12; 170: -10 -10 +IMP(270)=7; -100: -12 -7 -12.
	want := []float64{22, -13, 22, -31}
	if got := CrossIMPs(s); !slices.Equal(got, want) {
		t.Errorf("CrossIMPs = %v, want %v", got, want)
	}
	// Against the plain double loop, on boards with ties and spreads.
	for seed := 0; seed < 50; seed++ {
		s := make([]int, 1+seed%17)
		for i := range s {
			s[i] = (seed*7919+i*104729)%4000 - 1500
			s[i] -= s[i] % 10
		}
		got := CrossIMPs(s)
		for i := range s {
			want := 0
			for j := range s {
				if i != j {
					want += IMP(s[i] - s[j])
				}
			}
			if got[i] != float64(want) {
				t.Fatalf("CrossIMPs(%v)[%d] = %v, want %d", s, i, got[i], want)
			}
		}
	}
	if CrossScale(12, 12) != 1 || CrossScale(12, 11) != 1.1 || CrossScale(5, 1) != 1 {
		t.Error("CrossScale")
	}
}

// TestRoundDatum: halves to even, or away from zero as a file that
// states its datums shows (rescoring.md §9: −285 is −290).
func TestRoundDatum(t *testing.T) {
	for _, c := range []struct {
		mean float64
		away bool
		want int
	}{
		{-285, true, -290}, {-285, false, -280}, {125, true, 130}, {125, false, 120}, {135, false, 140},
		{-284.9, true, -280}, {136.7, true, 140}, {-5, true, -10}, {-5, false, 0},
	} {
		if got := RoundDatum(c.mean, c.away); got != c.want {
			t.Errorf("RoundDatum(%v, %v) = %d, want %d", c.mean, c.away, got, c.want)
		}
	}
}

func TestDatumAndButler(t *testing.T) {
	cases := []struct {
		scores []int
		trim   int
		want   int
	}{
		{[]int{420, 450, 420, -50}, 1, 310},           // four: nothing dropped, 310
		{[]int{420, 450, 420, -50, 1400}, 1, 430},     // drop 1400 and -50: 430
		{[]int{100, 120, 140, 150, 1000}, 1, 140},     // mean 136.7 -> 140
		{[]int{110, 140}, 1, 120},                     // 125 -> 120 (half to even)
		{[]int{110, 120, 130, 140, 150, 160}, 1, 140}, // 135 -> 140 (half to even)
		{[]int{-110, -140}, 1, -120},
		{[]int{100, 200, 300, 400, 500, 600, 700}, 2, 400},
	}
	for _, c := range cases {
		if got := Datum(c.scores, c.trim); got != c.want {
			t.Errorf("Datum(%v, %d) = %d, want %d", c.scores, c.trim, got, c.want)
		}
	}
	// The datum moves with a corrected result: 420 -> 450 at one table of
	// five moves the datum from 430 to 440 and every table's IMPs.
	before := []int{420, 450, 420, -50, 1400}
	after := []int{450, 450, 420, -50, 1400}
	db, da := Datum(before, 1), Datum(after, 1)
	if db != 430 || da != 440 {
		t.Fatalf("datum %d -> %d, want 430 -> 440", db, da)
	}
	if got, want := Butler(before, db), []float64{0, 1, 0, -10, 14}; !slices.Equal(got, want) {
		t.Errorf("Butler before = %v, want %v", got, want)
	}
	if got, want := Butler(after, da), []float64{0, 0, -1, -10, 14}; !slices.Equal(got, want) {
		t.Errorf("Butler after = %v, want %v", got, want)
	}
}

func TestTeams(t *testing.T) {
	cases := []struct {
		open, closed int
		imp          int
		bam          float64
	}{
		{620, -620, 15, 1}, // 1240 points
		{420, 420, 0, 0.5},
		{420, 450, -1, 0},
		{-100, -620, 11, 1},
	}
	for _, c := range cases {
		if got := TeamsIMPs(c.open, c.closed); got != c.imp {
			t.Errorf("TeamsIMPs(%d, %d) = %d, want %d", c.open, c.closed, got, c.imp)
		}
		if got := BAM(c.open, c.closed); got != c.bam {
			t.Errorf("BAM(%d, %d) = %v, want %v", c.open, c.closed, got, c.bam)
		}
	}
}

func TestRanks(t *testing.T) {
	cases := []struct {
		totals []float64
		want   []string
	}{
		{[]float64{50, 60, 40}, []string{"2", "1", "3"}},
		{[]float64{50, 60, 50, 40}, []string{"2=", "1", "2=", "4"}},
		{[]float64{55.001, 55, 12}, []string{"1=", "1=", "3"}},
		{nil, []string{}},
	}
	for _, c := range cases {
		got := Ranks(c.totals)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("Ranks(%v) = %v, want %v", c.totals, got, c.want)
		}
	}
	for s, n := range map[string]int{"3=": 3, "12": 12, "": 0} {
		if RankNumber(s) != n {
			t.Errorf("RankNumber(%q) != %d", s, n)
		}
	}
}
