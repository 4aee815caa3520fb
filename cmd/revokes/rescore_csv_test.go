package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestRescoreCSVDecimals: with -csv-sep ';' the re-scoring CSV files
// write decimals with a comma (comma-decimal spreadsheets read 92,67 as
// a number); with ',' or a tab with a point. Each value must be the
// rescore_rank row's value of the JSON Lines report.
func TestRescoreCSVDecimals(t *testing.T) {
	in := filepath.Join("..", "..", "testdata", "rescore", "scoretable.pbn")
	_, out, _ := runCmd(t, nil, "-q", "-o", "-", "-equity=false", "-rescore", in)
	want := map[string]row{} // pair → its rescore_rank row
	for _, r := range parseRows(t, out) {
		if r.str("type") == "rescore_rank" {
			want[r.str("pair")] = r
		}
	}
	cases := []struct {
		flag  string
		sep   rune
		point string
	}{
		{",", ',', "."},
		{";", ';', ","},
		{"tab", '\t', "."},
	}
	for _, c := range cases {
		t.Run(c.flag, func(t *testing.T) {
			dir := t.TempDir()
			if code, _, errs := runCmd(t, nil, "-q", "-csv-sep", c.flag, "-o", filepath.Join(dir, "x.csv"), "-equity=false", "-rescore", in); code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			b, err := os.ReadFile(filepath.Join(dir, "x.rescore-ranks.csv"))
			if err != nil {
				t.Fatal(err)
			}
			r := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(b), "\ufeff")))
			r.Comma = c.sep
			recs, err := r.ReadAll()
			if err != nil || len(recs) < 2 {
				t.Fatalf("%d lines: %v", len(recs), err)
			}
			col := map[string]int{}
			for i, k := range recs[0] {
				col[k] = i
			}
			decimals := 0
			for _, rec := range recs[1:] {
				w := want[rec[col["pair"]]]
				if w == nil {
					t.Fatalf("pair %s not in the JSON Lines report", rec[col["pair"]])
				}
				for _, k := range []string{"total_recorded", "total_adjusted", "pct_recorded", "pct_adjusted"} {
					v, _ := w[k].(float64)
					exp := strings.Replace(strconv.FormatFloat(v, 'f', -1, 64), ".", c.point, 1)
					if got := rec[col[k]]; got != exp {
						t.Errorf("pair %s %s: %q, want %q", rec[col["pair"]], k, got, exp)
					}
					if strings.Contains(exp, c.point) {
						decimals++
					}
				}
			}
			if decimals == 0 {
				t.Error("no value with decimals: the test proves nothing")
			}
			// The boards file: its values with the same mark, none with the other.
			b, err = os.ReadFile(filepath.Join(dir, "x.rescore-boards.csv"))
			if err != nil {
				t.Fatal(err)
			}
			r = csv.NewReader(strings.NewReader(strings.TrimPrefix(string(b), "\ufeff")))
			r.Comma = c.sep
			recs, err = r.ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			other := map[string]string{".": ",", ",": "."}[c.point]
			seen := 0
			for _, rec := range recs[1:] {
				for i, k := range recs[0] {
					if !strings.HasPrefix(k, "value_") && !strings.HasPrefix(k, "pct_") {
						continue
					}
					if strings.Contains(rec[i], other) {
						t.Errorf("%s %q: decimal mark %q", k, rec[i], other)
					}
					if strings.Contains(rec[i], c.point) {
						seen++
					}
				}
			}
			if seen == 0 {
				t.Error("boards file: no value with decimals")
			}
		})
	}
}
