package analyze

import (
	"testing"

	"revokes/pbn"
)

// TestScore checks that Score hands each edition's scoring table to
// score.Deal, whose own table test (score/deal_test.go) holds the cases of
// laws.md §5: the three tables score 1H by 7 tricks and 4SX down 5 apart.
func TestScore(t *testing.T) {
	cases := []struct {
		table    Scoring
		contract string
		vul      bool
		tricks   int
		want     int
	}{
		{Duplicate1987, "1H", false, 7, 80},
		{Rubber1935, "1H", false, 7, 30},
		{Duplicate1963, "4SX", false, 5, -900},
		{Duplicate1987, "4SX", false, 5, -1100},
	}
	for _, c := range cases {
		k, ok := pbn.ParseContract(c.contract)
		if !ok {
			t.Fatalf("bad contract %q", c.contract)
		}
		if got := Score(c.table, k, c.vul, c.tricks); got != c.want {
			t.Errorf("Score(%d, %s, vul=%v, %d) = %d, want %d", c.table, c.contract, c.vul, c.tricks, got, c.want)
		}
	}
}

func TestEditionOnDate(t *testing.T) {
	cases := []struct {
		date string
		want string
	}{
		{"1958.06.01", "1936"}, {"1962.12.31", "1936"}, {"1963.01.01", "1963"}, {"1974.12.31", "1963"},
		{"1975.01.01", "1975"}, {"1986.02.18", "1975"}, {"1987.01.01", "1987"}, {"1996.12.31", "1987"},
		{"1997.01.01", "1997"}, {"2007.12.31", "1997"}, {"2008.01.01", "2007"}, {"2017.08.31", "2007"},
		{"2017.09.01", "2017"}, {"2013-08-10 17:04", "2007"}, {"1-Dec-2023", "2017"}, {"2012.08.??", "2007"},
		{"10.08.1990", "1987"},
	}
	for _, c := range cases {
		d := ParseDate(c.date)
		if d == 0 {
			t.Errorf("ParseDate(%q) = 0", c.date)
			continue
		}
		if got := EditionOn(d).Name; got != c.want {
			t.Errorf("edition on %q = %s, want %s", c.date, got, c.want)
		}
	}
	for _, bad := range []string{"", "?", "2017.13.45", "????.??.??", "yesterday", "2017.02"} {
		if d := ParseDate(bad); d != 0 {
			t.Errorf("ParseDate(%q) = %d, want 0", bad, d)
		}
	}
}
