package correct

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"revokes/analyze"
	"revokes/pbn"
	"revokes/pbn/pbnfile"
	"revokes/rescore"
)

// session7 returns the board of rescoring.md §7 as a session file with
// its stated values: 22 records, table t with pairs t (North-South) and
// 22+t (East-West), ScoreMP with both sides, ScorePercentage for
// declarer's side, and in the first record a TotalScoreTable whose
// columns the header aligns. Table 15 makes tricks15 tricks in 2♥;
// tables 1 and 2 score +420, table 20 +140, tables 3, 7, 11 +110, three
// +90, the rest −50. It returns the text and the line where table 15's
// record starts.
func session7(eol string, tricks15 int) (string, int) {
	type table struct {
		contract string
		tricks   int
		score    int // North-South's
	}
	tables := make([]table, 23)
	for t := 1; t <= 22; t++ {
		switch t {
		case 1, 2:
			tables[t] = table{"4H", 10, 420}
		case 20:
			tables[t] = table{"2H", 9, 140}
		case 3, 7, 11:
			tables[t] = table{"2H", 8, 110}
		case 15:
			tables[t] = table{"2H", tricks15, map[int]int{8: 110, 9: 140}[tricks15]}
		case 8, 9, 10:
			tables[t] = table{"1NT", 7, 90}
		default:
			tables[t] = table{"3NT", 8, -50}
		}
	}
	// Matchpoints on the scale of 2 a score beaten, 1 a tie (MP1, top 42).
	mp := make([]int, 23)
	for t := 1; t <= 22; t++ {
		for u := 1; u <= 22; u++ {
			switch {
			case u == t:
			case tables[t].score > tables[u].score:
				mp[t] += 2
			case tables[t].score == tables[u].score:
				mp[t]++
			}
		}
	}
	// Ranks in each direction: one more than the pairs with more.
	rank := func(v []int, t int) int {
		r := 1
		for u := 1; u <= 22; u++ {
			if v[u] > v[t] {
				r++
			}
		}
		return r
	}
	ew := make([]int, 23)
	for t := 1; t <= 22; t++ {
		ew[t] = 42 - mp[t]
	}
	l := newPBNLines(eol, "the worked example of rescoring.md §7, with its stated values")
	start15 := 0
	for t := 1; t <= 22; t++ {
		if t == 15 {
			start15 = l.line
		}
		l.w(`[Event "Club pairs"]`)
		l.w(`[Board "1"]`)
		l.w(fmt.Sprintf(`[Table "%d"]`, t))
		l.w(fmt.Sprintf(`[PairNS "%d"]`, t))
		l.w(fmt.Sprintf(`[PairEW "%d"]`, 22+t))
		l.w(`[Scoring "MP1"]`)
		l.w(`[Declarer "S"]`)
		l.w(fmt.Sprintf(`[Contract "%s"]`, tables[t].contract))
		l.w(fmt.Sprintf(`[Result "%d"]`, tables[t].tricks))
		if s := tables[t].score; s >= 0 {
			l.w(fmt.Sprintf(`[Score "NS %d"]`, s))
		} else {
			l.w(fmt.Sprintf(`[Score "EW %d"]`, -s))
		}
		l.w(fmt.Sprintf(`[ScoreMP "NS %d EW %d"]`, mp[t], 42-mp[t]))
		l.w(fmt.Sprintf(`[ScorePercentage "%.2f"]`, 100*float64(mp[t])/42))
		if t == 1 {
			l.w(`[TotalScoreTable "Rank\2R;PairId\2R;Direction\5R;TotalScoreMP\5R;TotalPercentage\6R"]`)
			for p := 1; p <= 44; p++ {
				v, dir, k := mp, "N-S", p
				if p > 22 {
					v, dir, k = ew, "E-W", p-22
				}
				l.w(fmt.Sprintf(`%2d %2d "%s" %5.1f %6.2f`, rank(v, k), p, dir, float64(v[k]), 100*float64(v[k])/42))
			}
		}
		l.w("")
	}
	return l.String(), start15
}

// rescoreText analyses a session file's records and re-scores them; the
// record that starts at line fixLine (0: none) gets an applied revoke of
// a defender, one trick transferred, declarer's score then score. It
// returns the re-scoring and the fixes.
func rescoreText(t *testing.T, src string, fixLine, score int) (*rescore.Result, []Fix) {
	t.Helper()
	a, err := analyze.New(analyze.Options{Edition: "2017"})
	if err != nil {
		t.Fatal(err)
	}
	c := rescore.NewCollector(rescore.Options{DatumTrim: -1})
	r := pbnfile.NewReader(strings.NewReader(src))
	var fixes []Fix
	for {
		b, err := r.Read()
		if err == io.EOF {
			break
		}
		var pe *pbn.ParseError
		if err != nil && !errors.As(err, &pe) {
			t.Fatal(err)
		}
		if err != nil {
			t.Fatalf("line %d: %v", pe.Line, err)
		}
		b.File = "session.pbn"
		f := a.Board(b)
		if b.Line == fixLine {
			f.TricksAdjusted, f.ScoreAdjusted = f.TricksRecorded+1, score
			f.Revokes = append(f.Revokes, analyze.Revoke{ID: "kq3vd5mxa2bc", Rule: "2017 64A2", Transfer: 1,
				Offender: pbn.West, Established: true, Applied: true})
			fx, ok := FixOf(f)
			if !ok {
				t.Fatal("table 15 has no fix")
			}
			fixes = append(fixes, fx)
		}
		c.Add(f)
	}
	return c.Finish(), fixes
}

// rewriteCopy re-scores src as rescoreText does, the record at fixLine
// given a trick (declarer's score then score), and returns the corrected
// copy Rewrite makes of it with the re-scoring's stated values; a
// problem fails the test.
func rewriteCopy(t *testing.T, src string, fixLine, score int) string {
	t.Helper()
	res, fixes := rescoreText(t, src, fixLine, score)
	out, errs := Rewrite([]byte(src), fixes, res.Texts)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return string(out)
}

// checkCopy compares a corrected copy with the one wanted.
func checkCopy(t *testing.T, out, want string) {
	t.Helper()
	if out != want {
		t.Errorf("the copy:\n%s\nwant:\n%s", out, want)
	}
}

// TestWorkedExampleRescored corrects table 15 of rescoring.md §7 with the
// re-scoring's stated values (-rescore -corrected): the copy is, line by
// line, the session as it would have been written with 9 tricks at table
// 15 (its Score, ScoreMP 33 → 37, percentage; table 20 38 → 37, the three
// other +110 tables 33 → 32, the East-West pairs the other way; the
// totals and ranks of the pairs that moved), plus the RevokeRuling line.
// Read again, its re-scoring reproduces every stated value and changes
// nothing.
func TestWorkedExampleRescored(t *testing.T) {
	for _, eol := range []string{"\n", "\r\n"} {
		t.Run(fmt.Sprintf("%q", eol), func(t *testing.T) {
			src, start := session7(eol, 8)
			out := rewriteCopy(t, src, start, 140)
			after, _ := session7(eol, 9)
			want := strings.SplitAfter(after, eol)
			ruling := start + 12 // after the record's 12 lines
			want = slices.Insert(want, ruling-1, `[RevokeRuling "kq3vd5mxa2bc 2017 64A2 1"]`+eol)
			got := strings.SplitAfter(out, eol)
			if len(got) != len(want) {
				t.Fatalf("%d lines, want %d", len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("line %d: %q, want %q", i+1, got[i], want[i])
				}
			}
			// The figures of §7.
			for _, f := range []string{`[ScoreMP "NS 37 EW 5"]`, `[ScoreMP "NS 32 EW 10"]`, `[ScorePercentage "88.10"]`,
				`15 "N-S"  37.0  88.10`, `20 "N-S"  37.0  88.10`, `37 "E-W"   5.0  11.90`} {
				if !strings.Contains(out, f) {
					t.Errorf("the copy has no %s", f)
				}
			}
			// Read again: nothing changes, every stated value reproduced.
			again, _ := rescoreText(t, out, 0, 0)
			for _, s := range again.Sessions {
				if s.Stated == 0 || s.Reproduced != s.Stated || s.TotalsStated == 0 || s.TotalsReproduced != s.TotalsStated {
					t.Errorf("read again: %+v", s)
				}
			}
			if len(again.Texts) > 0 {
				t.Errorf("read again, the re-scoring changes %+v", again.Texts)
			}
			for _, b := range again.Boards {
				if b.Changed {
					t.Errorf("read again, board %s changed", b.Board)
				}
			}
		})
	}
}

// TestTeamsRescored corrects the closed room of a two-table match stating
// both sides of its IMPs (4♥ by South, 9 tricks, one trick transferred:
// +420 as in the open room): both records' ScoreIMP become 0 in their own
// order of sides, and the copy read again reproduces them.
func TestTeamsRescored(t *testing.T) {
	record := func(room string, tricks int, imp string) string {
		return `[Event "Match"]
[Scoring "IMP"]
[Board "1"]
[Room "` + room + `"]
[HomeTeam "Home"]
[VisitTeam "Visit"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:7652.432.AKQ.543 983.765.J654.762 KJT.AKQJT.73.A98 AQ4.98.T982.KQJT"]
[Contract "4H"]
[Declarer "S"]
[Result "` + fmt.Sprint(tricks) + `"]
[ScoreIMP "` + imp + `"]
`
	}
	src := record("Open", 10, "NS +10 EW -10") + "\n" + record("Closed", 9, "EW:10 NS:-10")
	out := rewriteCopy(t, src, 15, 420)
	want := strings.NewReplacer(`"NS +10 EW -10"`, `"NS 0 EW 0"`, `"EW:10 NS:-10"`, `"EW:0 NS:0"`, `[Result "9"]`, `[Result "10"]`).Replace(src) +
		`[RevokeRuling "kq3vd5mxa2bc 2017 64A2 1"]` + "\n"
	checkCopy(t, out, want)
	again, _ := rescoreText(t, out, 0, 0)
	if s := again.Sessions[0]; s.Stated != 2 || s.Reproduced != 2 || len(again.Texts) > 0 {
		t.Errorf("read again: %+v, texts %+v", s, again.Texts)
	}
}

// TestButlerRescored corrects a Butler board of five tables (+420, +420,
// +450, −50, +140: datum 330, IMPs 3 3 3 −9 −5; rescoring.md §9) whose
// −50 table gets a trick (+420): the datum the first record states
// becomes 420 and each table's ScoreIMP its new IMPs (0 0 1 0 −7); the
// copy read again reproduces them.
func TestButlerRescored(t *testing.T) {
	var b strings.Builder
	starts := map[int]int{}
	line := 1
	for i, r := range []struct {
		contract string
		tricks   int
		imp      string
	}{{"4H", 10, "3"}, {"4H", 10, "NS 3"}, {"4H", 11, "NS 3 EW -3"}, {"4H", 9, "EW 9"}, {"3H", 9, "-5"}} {
		starts[i+1] = line
		rec := fmt.Sprintf("[Event \"Butler\"]\n[Scoring \"IMP;Butler\"]\n[Board \"1\"]\n[Table \"%d\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Contract \"%s\"]\n[Declarer \"S\"]\n[Result \"%d\"]\n[ScoreIMP \"%s\"]\n",
			i+1, r.contract, r.tricks, r.imp)
		if i == 0 {
			rec += "[Datum \"330\"]\n"
		}
		b.WriteString(rec + "\n")
		line += strings.Count(rec, "\n") + 1
	}
	src := b.String()
	out := rewriteCopy(t, src, starts[4], 420)
	want := strings.NewReplacer(`[ScoreIMP "3"]`, `[ScoreIMP "0"]`, `"NS 3"]`, `"NS 0"]`, `"NS 3 EW -3"`, `"NS 1 EW -1"`,
		`"-5"`, `"-7"`, `[Datum "330"]`, `[Datum "420"]`,
		"[Result \"9\"]\n[ScoreIMP \"EW 9\"]\n", "[Result \"10\"]\n[ScoreIMP \"EW 0\"]\n[RevokeRuling \"kq3vd5mxa2bc 2017 64A2 1\"]\n").Replace(src)
	checkCopy(t, out, want)
	again, _ := rescoreText(t, out, 0, 0)
	if s := again.Sessions[0]; s.Method != "butler" || s.Stated != 6 || s.Reproduced != 6 || len(again.Texts) > 0 {
		t.Errorf("read again: %+v, texts %+v", s, again.Texts)
	}
}

// TestButlerColumnRescored corrects a Butler board stated in a ScoreTable
// with a Datum column (five tables, −590 −420 −420 −110 −110: datum −320;
// rescoring.md §9): table 4, the record's own, gets a trick (2♠ by East
// making 9, −140): its Result and score cells, every row's datum (−330)
// and the IMPs that changed are rewritten; read again, nothing changes.
func TestButlerColumnRescored(t *testing.T) {
	src := `[Event "Butler column"]
[Scoring "IMP;Butler"]
[Board "1"]
[Table "4"]
[Dealer "N"]
[Vulnerable "None"]
[Contract "2S"]
[Declarer "E"]
[Result "8"]
[ScoreTable "Table\2R;Contract\3L;Declarer\1R;Result\2R;Score_NS\5R;Score_EW\5R;Datum\4R;IMP_NS\3R;IMP_EW\3R"]
 1 4SX E 10     -   590 -320  -7   7
 2 4S  E 10     -   420 -320  -3   3
 3 4S  E 10     -   420 -320  -3   3
 4 2S  E  8     -   110 -320   5  -5
 5 2S  E  8     -   110 -320   5  -5
`
	out := rewriteCopy(t, src, 1, 140)
	want := `[Event "Butler column"]
[Scoring "IMP;Butler"]
[Board "1"]
[Table "4"]
[Dealer "N"]
[Vulnerable "None"]
[Contract "2S"]
[Declarer "E"]
[Result "9"]
[ScoreTable "Table\2R;Contract\3L;Declarer\1R;Result\2R;Score_NS\5R;Score_EW\5R;Datum\4R;IMP_NS\3R;IMP_EW\3R"]
 1 4SX E 10     -   590 -330  -6   6
 2 4S  E 10     -   420 -330  -3   3
 3 4S  E 10     -   420 -330  -3   3
 4 2S  E  9     -   140 -330   5  -5
 5 2S  E  8     -   110 -330   6  -6
[RevokeRuling "kq3vd5mxa2bc 2017 64A2 1"]
`
	checkCopy(t, out, want)
	again, _ := rescoreText(t, out, 0, 0)
	if s := again.Sessions[0]; s.Method != "butler" || s.Stated == 0 || s.Reproduced != s.Stated || len(again.Texts) > 0 {
		t.Errorf("read again: %+v, texts %+v", s, again.Texts)
	}
}

// TestIndividualRescored corrects table 1 of an individual event whose
// ScoreTable states each player's matchpoints (rescoring.md §9: a
// player's value is his direction's): 2♠ by North, 8 tricks, gets a trick
// (+140); the players' cells of the two rows that changed and their
// totals are rewritten; read again, nothing changes.
func TestIndividualRescored(t *testing.T) {
	src := `[Event "Individual"]
[Scoring "MP"]
[Board "1"]
[Table "1"]
[Dealer "N"]
[Vulnerable "None"]
[Contract "2S"]
[Declarer "N"]
[Result "8"]
[ScoreTable "Table;PlayerId_North;PlayerId_East;PlayerId_South;PlayerId_West;Contract;Declarer;Result;MP_North;MP_East;MP_South;MP_West"]
1 1  2  3  4 2S N 8 3 1 3 1
2 5  6  7  8 2S N 8 3 1 3 1
3 9 10 11 12 4S N 8 0 4 0 4
[TotalScoreTable "PlayerId;TotalScoreMP"]
 1 3
 2 1
 5 3
 6 1
 9 0
10 4
`
	out := rewriteCopy(t, src, 1, 140)
	want := `[Event "Individual"]
[Scoring "MP"]
[Board "1"]
[Table "1"]
[Dealer "N"]
[Vulnerable "None"]
[Contract "2S"]
[Declarer "N"]
[Result "9"]
[ScoreTable "Table;PlayerId_North;PlayerId_East;PlayerId_South;PlayerId_West;Contract;Declarer;Result;MP_North;MP_East;MP_South;MP_West"]
1 1  2  3  4 2S N 9 4 0 4 0
2 5  6  7  8 2S N 8 2 2 2 2
3 9 10 11 12 4S N 8 0 4 0 4
[TotalScoreTable "PlayerId;TotalScoreMP"]
 1 4
 2 0
 5 2
 6 2
 9 0
10 4
[RevokeRuling "kq3vd5mxa2bc 2017 64A2 1"]
`
	checkCopy(t, out, want)
	again, _ := rescoreText(t, out, 0, 0)
	if s := again.Sessions[0]; s.Stated == 0 || s.Reproduced != s.Stated || s.TotalsReproduced != s.TotalsStated || len(again.Texts) > 0 {
		t.Errorf("read again: %+v, texts %+v", s, again.Texts)
	}
}

// TestTableCopiesRescored corrects a board whose two records each carry
// the board's ScoreTable and their own ScoreMP tag: table 1 (2♠ by North,
// 8 tricks) gets a trick (+140); both copies of the table and both
// records' tags state the new matchpoints.
func TestTableCopiesRescored(t *testing.T) {
	record := func(table int, mp string) string {
		return fmt.Sprintf(`[Event "Copies"]
[Scoring "MP1"]
[Board "1"]
[Table "%d"]
[Dealer "N"]
[Vulnerable "None"]
[Contract "2S"]
[Declarer "N"]
[Result "8"]
[ScoreMP "%s"]
[ScoreTable "Table;Contract;Declarer;Result;MP_NS;MP_EW"]
1 2S N 8 3 1
2 2S N 8 3 1
3 4S N 8 0 4
`, table, mp)
	}
	src := record(1, "NS 3 EW 1") + "\n" + record(2, "3")
	out := rewriteCopy(t, src, 1, 140)
	after := func(table int, mp, result string) string {
		return strings.NewReplacer("1 2S N 8 3 1", "1 2S N 9 4 0", "2 2S N 8 3 1", "2 2S N 8 2 2", `[Result "8"]`, `[Result "`+result+`"]`).Replace(record(table, mp))
	}
	want := after(1, "NS 4 EW 0", "9") + `[RevokeRuling "kq3vd5mxa2bc 2017 64A2 1"]` + "\n\n" + after(2, "2", "8")
	checkCopy(t, out, want)
	again, _ := rescoreText(t, out, 0, 0)
	if s := again.Sessions[0]; s.Stated == 0 || s.Reproduced != s.Stated || len(again.Texts) > 0 {
		t.Errorf("read again: %+v, texts %+v", s, again.Texts)
	}
}

// TestCumulativeRescored corrects a session whose TotalScoreTable gives
// the session's totals beside cumulative ones over sessions not in the
// input (rescoring.md §9): table 2 (2♠ by North, 8 tricks) gets a trick;
// the session's totals and percentages are the new ones, each cumulative
// total changes by as much as its session's, the cumulative percentages
// stay (the other sessions' tops are not known).
func TestCumulativeRescored(t *testing.T) {
	src := `[Event "Day two"]
[Scoring "MP"]
[Board "1"]
[Table "2"]
[Dealer "N"]
[Vulnerable "None"]
[Contract "2S"]
[Declarer "N"]
[Result "8"]
[ScoreTable "Table;PairId_NS;PairId_EW;Contract;Declarer;Result;MP_NS;MP_EW"]
1 1 11 2S N 9 2 0
2 2 12 2S N 8 0 2
[TotalScoreTable "Rank;PairId;SessionScoreMP;SessionPercentage;TotalScoreMP;TotalPercentage"]
1 1 2.0 100.00 50.0 62.50
2 2 0.0 0.00 44.0 55.00
1 12 2.0 100.00 39.0 48.75
2 11 0.0 0.00 61.0 76.25
`
	out := rewriteCopy(t, src, 1, 140)
	want := strings.NewReplacer(`[Result "8"]`, `[Result "9"]`, "1 1 11 2S N 9 2 0", "1 1 11 2S N 9 1 1", "2 2 12 2S N 8 0 2", "2 2 12 2S N 9 1 1",
		"1 1 2.0 100.00 50.0", "1 1 1.0 50.00 49.0", "2 2 0.0 0.00 44.0", "2 2 1.0 50.00 45.0",
		"1 12 2.0 100.00 39.0", "1 12 1.0 50.00 38.0", "2 11 0.0 0.00 61.0", "2 11 1.0 50.00 62.0").Replace(src) +
		`[RevokeRuling "kq3vd5mxa2bc 2017 64A2 1"]` + "\n"
	checkCopy(t, out, want)
	again, _ := rescoreText(t, out, 0, 0)
	if s := again.Sessions[0]; s.Stated == 0 || s.Reproduced != s.Stated || s.TotalsReproduced != s.TotalsStated || len(again.Texts) > 0 {
		t.Errorf("read again: %+v, texts %+v", s, again.Texts)
	}
}
