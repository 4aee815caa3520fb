package correct

import (
	"testing"

	"revokes/rescore"
)

// no stands for a value the function refuses (it reports false).
const no = "(refused)"

// got is a function's answer as a table states it.
func got(b []byte, ok bool) string {
	if !ok {
		return no
	}
	return string(b)
}

// formCases are the values of a sides field that the Result, the Score
// and the stated values are tried on, each with what resultSides,
// scoreValue and sidesValue make of it in the cases their tests name.
var formCases = []struct {
	v string
	// resultSides: declarer North-South with 9 tricks, East-West with 10.
	resultNS, resultEW string
	// scoreValue: North-South +140, East-West -100, North-South -50.
	ns140, ew100down, ns50down string
	// sidesValue: NS "12" EW "30" declarer North-South; NS "+2" EW "-2"
	// declarer East-West; NS "4,5" alone, declarer North-South.
	ns, ew, nsOnly string
}{
	{"NS 9", "NS 9", "NS 3", "NS 140", "NS 100", "NS -50", "NS 12", "NS +2", "NS 4,5"},
	{"EW 4", "EW 4", "EW 10", "EW -140", "EW -100", "EW 50", "EW 30", "EW -2", no},
	{"NS 9 EW 4", "NS 9 EW 4", "NS 3 EW 10", "NS 140 EW -140", "NS 100 EW -100", "NS -50 EW 50", "NS 12 EW 30", "NS +2 EW -2", no},
	{"EW 4 NS 9", "EW 4 NS 9", "EW 10 NS 3", "EW -140 NS 140", "EW -100 NS 100", "EW 50 NS -50", "EW 30 NS 12", "EW -2 NS +2", no},
	{"ns 9", "ns 9", "ns 3", "ns 140", "ns 100", "ns -50", "ns 12", "ns +2", "ns 4,5"},
	{"Ns 9", "Ns 9", "Ns 3", "Ns 140", "Ns 100", "Ns -50", "Ns 12", "Ns +2", "Ns 4,5"},
	{"eW 4", "eW 4", "eW 10", "eW -140", "eW -100", "eW 50", "eW 30", "eW -2", no},
	{"NS\t9", "NS\t9", "NS\t3", "NS\t140", "NS\t100", "NS\t-50", "NS\t12", "NS\t+2", "NS\t4,5"},
	{"NS9", "NS9", "NS3", "NS140", "NS100", "NS-50", "NS12", "NS+2", "NS4,5"},
	{"NS:9", no, no, "NS:140", "NS:100", "NS:-50", "NS:12", "NS:+2", "NS:4,5"},
	{"NS: 9", no, no, "NS: 140", "NS: 100", "NS: -50", "NS: 12", "NS: +2", "NS: 4,5"},
	{"NS : 9", no, no, "NS : 140", "NS : 100", "NS : -50", "NS : 12", "NS : +2", "NS : 4,5"},
	{"NS 9\tEW 4", "NS 9\tEW 4", "NS 3\tEW 10", "NS 140\tEW -140", "NS 100\tEW -100", "NS -50\tEW 50", "NS 12\tEW 30", "NS +2\tEW -2", no},
	{" NS 9 ", " NS 9 ", " NS 3 ", " NS 140 ", " NS 100 ", " NS -50 ", " NS 12 ", " NS +2 ", " NS 4,5 "},
	{"NS  9  EW  4", "NS  9  EW  4", "NS  3  EW  10", "NS  140  EW  -140", "NS  100  EW  -100", "NS  -50  EW  50", "NS  12  EW  30", "NS  +2  EW  -2", no},
	{"NS 0", "NS 9", "NS 3", "NS 140", "NS 100", "NS -50", "NS 12", "NS +2", "NS 4,5"},
	{"EW 13", "EW 4", "EW 10", "EW -140", "EW -100", "EW 50", "EW 30", "EW -2", no},
	{"NS 09", "NS 9", "NS 3", "NS 140", "NS 100", "NS -50", "NS 12", "NS +2", "NS 4,5"},
	{"9", no, no, "140", "-100", "-50", "12", "-2", "4,5"},
	{"+9", no, no, "+140", "-100", "-50", "12", "-2", "4,5"},
	{"-9", no, no, "140", "-100", "-50", "12", "-2", "4,5"},
	{"NS -9", no, no, "NS 140", "NS 100", "NS -50", "NS 12", "NS +2", "NS 4,5"},
	{"NS +9", no, no, "NS +140", "NS +100", "NS -50", "NS 12", "NS +2", "NS 4,5"},
	{"NS+5", no, no, "NS+140", "NS+100", "NS-50", "NS12", "NS+2", "NS4,5"},
	{"EW:+4", no, no, "EW:-140", "EW:-100", "EW:+50", "EW:30", "EW:-2", no},
	{"NS 9.5", no, no, no, no, no, "NS 12", "NS +2", "NS 4,5"},
	{"NS 9,5", no, no, no, no, no, "NS 12", "NS +2", "NS 4,5"},
	{"ns 3,5", no, no, no, no, no, "ns 12", "ns +2", "ns 4,5"},
	{"NS 6.06", no, no, no, no, no, "NS 12", "NS +2", "NS 4,5"},
	{"NS 1.000,5", no, no, no, no, no, "NS 12", "NS +2", "NS 4,5"},
	{"NS 10 EW 32", "NS 9 EW 4", "NS 3 EW 10", "NS 140 EW -140", "NS 100 EW -100", "NS -50 EW 50", "NS 12 EW 30", "NS +2 EW -2", no},
	{"EW 40 NS 60", "EW 4 NS 9", "EW 10 NS 3", "EW -140 NS 140", "EW -100 NS 100", "EW 50 NS -50", "EW 30 NS 12", "EW -2 NS +2", no},
	{"NS 4 EW -4", no, no, "NS 140 EW -140", "NS 100 EW -100", "NS -50 EW 50", "NS 12 EW 30", "NS +2 EW -2", no},
	{"NS:4 EW:-4", no, no, "NS:140 EW:-140", "NS:100 EW:-100", "NS:-50 EW:50", "NS:12 EW:30", "NS:+2 EW:-2", no},
	{"NS110", "NS9", "NS3", "NS140", "NS100", "NS-50", "NS12", "NS+2", "NS4,5"},
	{"NS 110 EW -110", no, no, "NS 140 EW -140", "NS 100 EW -100", "NS -50 EW 50", "NS 12 EW 30", "NS +2 EW -2", no},
	{"NS +110 EW -110", no, no, "NS +140 EW -140", "NS +100 EW -100", "NS -50 EW 50", "NS 12 EW 30", "NS +2 EW -2", no},
	{"NS:-620", no, no, "NS:140", "NS:100", "NS:-50", "NS:12", "NS:+2", "NS:4,5"},
	{"620", no, no, "140", "-100", "-50", "12", "-2", "4,5"},
	{"-100", no, no, "140", "-100", "-50", "12", "-2", "4,5"},
	{"+620", no, no, "+140", "-100", "-50", "12", "-2", "4,5"},
	{"+0", no, no, "+140", "-100", "-50", "12", "-2", "4,5"},
	{"33", no, no, "140", "-100", "-50", "12", "-2", "4,5"},
	{"3.5", no, no, no, no, no, "12", "-2", "4,5"},
	{"-0,5", no, no, no, no, no, "12", "-2", "4,5"},
	{"NS 3 (avg)", no, no, no, no, no, no, no, no},
	{"about 110", no, no, no, no, no, no, no, no},
	{"", no, no, no, no, no, no, no, no},
	{" ", no, no, no, no, no, no, no, no},
	{"\t", no, no, no, no, no, no, no, no},
	{":", no, no, no, no, no, no, no, no},
	{"NS", no, no, no, no, no, no, no, no},
	{"EW", no, no, no, no, no, no, no, no},
	{"NS EW 5", no, no, no, no, no, no, no, no},
	{"NSEW 5", no, no, no, no, no, no, no, no},
	{"NS 9 4", no, no, no, no, no, no, no, no},
	{"NS 9 EW", no, no, no, no, no, no, no, no},
	{"NS 9 NS 9", "NS 9 NS 9", "NS 3 NS 3", no, no, no, no, no, no},
	{"EW 4 EW 4", "EW 4 EW 4", "EW 10 EW 10", no, no, no, no, no, no},
	{"SN 9", no, no, no, no, no, no, no, no},
	{"N 9", no, no, no, no, no, no, no, no},
	{"NS 9x", no, no, no, no, no, no, no, no},
	{"5NS", no, no, no, no, no, no, no, no},
	{"5 EW", no, no, no, no, no, no, no, no},
	{"NS 5 5", no, no, no, no, no, no, no, no},
	{"1-2", no, no, no, no, no, no, no, no},
	{"+-5", no, no, no, no, no, no, no, no},
	{"--5", no, no, no, no, no, no, no, no},
	{"+", no, no, no, no, no, no, no, no},
	{"-", no, no, no, no, no, no, no, no},
	{"NS -", no, no, no, no, no, no, no, no},
	{".5", no, no, no, no, no, "12", "-2", "4,5"},
	{",5", no, no, no, no, no, "12", "-2", "4,5"},
	{"NS .5", no, no, no, no, no, "NS 12", "NS +2", "NS 4,5"},
	{"5.", no, no, no, no, no, "12", "-2", "4,5"},
	{"5,", no, no, no, no, no, "12", "-2", "4,5"},
	{".", no, no, no, no, no, no, no, no},
	{",", no, no, no, no, no, no, no, no},
	{"A+", no, no, no, no, no, no, no, no},
	{"60%", no, no, no, no, no, no, no, no},
	{"^5", no, no, no, no, no, no, no, no},
	{"NS 9\r", no, no, no, no, no, no, no, no},
	{"NS\u00a09", no, no, no, no, no, no, no, no},
	{"NS 62O", no, no, no, no, no, no, no, no},
	{"NS 1e3", no, no, no, no, no, no, no, no},
	{"NS ; 9", no, no, no, no, no, no, no, no},
	{"NS;9", no, no, no, no, no, no, no, no},
	{"NS/EW 5", no, no, no, no, no, no, no, no},
	{"NS 5;EW 5", no, no, no, no, no, no, no, no},
	{"NS 5 EW -5 ", no, no, "NS 140 EW -140 ", "NS 100 EW -100 ", "NS -50 EW 50 ", "NS 12 EW 30 ", "NS +2 EW -2 ", no},
}

// TestResultSidesForms pins what resultSides makes of each value: a
// Result by sides (formats.md §1.3) with its numbers replaced by the
// tricks of the side, every other form refused (resultValue then writes
// declarer's tricks alone).
func TestResultSidesForms(t *testing.T) {
	for _, c := range formCases {
		if g := got(resultSides([]byte(c.v), true, "9", "4")); g != c.resultNS {
			t.Errorf("%q, declarer North-South, 9 tricks: %q; want %q", c.v, g, c.resultNS)
		}
		if g := got(resultSides([]byte(c.v), false, "10", "3")); g != c.resultEW {
			t.Errorf("%q, declarer East-West, 10 tricks: %q; want %q", c.v, g, c.resultEW)
		}
	}
}

// TestScoreValueForms pins what scoreValue makes of each Score value
// (rescoring.md §9): whole numbers replaced by the side's new score, a
// '+' kept on a score that is not negative, sides, blanks and colons
// kept, anything else (decimals, junk, no number) refused.
func TestScoreValueForms(t *testing.T) {
	for _, c := range formCases {
		for _, w := range []struct {
			fx   Fix
			want string
		}{
			{Fix{Score: 140, DeclNS: true}, c.ns140},
			{Fix{Score: -100, DeclNS: false}, c.ew100down},
			{Fix{Score: -50, DeclNS: true}, c.ns50down},
		} {
			if g := got(scoreValue([]byte(c.v), &w.fx)); g != w.want {
				t.Errorf("%q, score %d, declarer North-South %v: %q; want %q", c.v, w.fx.Score, w.fx.DeclNS, g, w.want)
			}
		}
	}
}

// TestSidesValueForms pins what sidesValue makes of each stated value
// (ScoreIMP, ScoreMP, ScorePercentage; rescoring.md §9): each number,
// decimals and signs included, replaced by its side's text, a number
// before any side declarer's side's; a side without a text, junk or no
// number refused.
func TestSidesValueForms(t *testing.T) {
	for _, c := range formCases {
		for _, w := range []struct {
			tx   rescore.Text
			want string
		}{
			{rescore.Text{NS: "12", EW: "30", DeclNS: true}, c.ns},
			{rescore.Text{NS: "+2", EW: "-2", DeclNS: false}, c.ew},
			{rescore.Text{NS: "4,5", DeclNS: true}, c.nsOnly},
		} {
			if g := got(sidesValue([]byte(c.v), w.tx)); g != w.want {
				t.Errorf("%q, NS %q EW %q declarer North-South %v: %q; want %q", c.v, w.tx.NS, w.tx.EW, w.tx.DeclNS, g, w.want)
			}
		}
	}
}
