package rescore

import (
	"bytes"
	"math"
	"os"
	"strings"
	"testing"

	"revokes/pbn/pbntest"
)

// TestFormatStated writes values in the forms files state them in and
// reads them back: parseStated(formatStated(v, form)) is v rounded to the
// form's places, in the form's separator and sign.
func TestFormatStated(t *testing.T) {
	for _, c := range []struct {
		form string // a stated text giving the form
		v    float64
		want string
	}{
		{"2.0", 3, "3.0"},
		{"2.0", -0.04, "0.0"}, // no "-0.0"
		{"-1.0", -1.96, "-2.0"},
		{"83", 66.666, "67"},
		{"57.22", 57.2249, "57.22"},
		{"28,3", 27.35, "27,4"},
		{"+4", 3, "+3"},
		{"+4", -3, "-3"},
		{"+4", 0, "0"},
		{"-4", 5, "5"},
		{"771.2", 770.04, "770.0"},
		{"0.50", 1.005, "1.00"}, // 1.005 is below the half in binary
		{"13,75", -2.5, "-2,50"},
		{"50.", 66.7, "67."},
	} {
		f := parseStated(c.form, false)
		if !f.ok {
			t.Fatalf("%q is not a stated value", c.form)
		}
		got := formatStated(c.v, f)
		if got != c.want {
			t.Errorf("formatStated(%v, %q) = %q, want %q", c.v, c.form, got, c.want)
		}
		back := parseStated(got, false)
		p := math.Pow(10, float64(f.places))
		if !back.ok || back.places != f.places || back.comma != f.comma || math.Abs(back.v-math.Round(c.v*p)/p) > 1e-9 {
			t.Errorf("parseStated(%q) = %+v, want %v rounded to %d places", got, back, c.v, f.places)
		}
		if !back.agrees(c.v) {
			t.Errorf("%q does not reproduce %v", got, c.v)
		}
	}
}

// TestStatedFormsCorpus writes every stated value of the shared corpus's
// PBN files (the ScoreMP, ScorePercentage, ScoreIMP tags and the value
// cells of the ScoreTables and TotalScoreTables) back in its own form:
// formatStated(parseStated(s)) is s.
func TestStatedFormsCorpus(t *testing.T) {
	pbntest.CorpusDir(t)
	n := 0
	check := func(name, where, s string) {
		x := parseStated(s, false)
		if !x.ok {
			return
		}
		n++
		if got := formatStated(x.v, x); got != s {
			t.Errorf("%s: %s %q is written back as %q", name, where, s, got)
		}
	}
	for _, name := range pbntest.CorpusFiles(t, ".pbn") {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "Score") {
			continue
		}
		for _, b := range readBoards(t, name, bytes.NewReader(data)) {
			for _, tag := range []string{"ScoreMP", "ScorePercentage", "ScoreIMP"} {
				for _, w := range strings.Fields(b.Tag(tag)) {
					check(name, tag, strings.TrimLeft(w, "NSEWnsew:"))
				}
			}
			for _, sec := range b.Sections {
				if sec.Name != "ScoreTable" && sec.Name != "TotalScoreTable" {
					continue
				}
				cols := columns(b.Tag(sec.Name))
				for _, line := range strings.Split(sec.Value, "\n") {
					cells := cellsOf(line)
					if len(cells) != len(cols) {
						continue
					}
					for i, c := range cols {
						if valueColumn(c) {
							check(name, sec.Name+" "+c, cells[i])
						}
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no stated value in the corpus")
	}
	t.Logf("%d stated values written back", n)
}
