package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"revokes/pbn/pbntest"
	"revokes/report"
)

var updateRescore = flag.Bool("update-rescore", false, "rewrite testdata/rescore/*.jsonl")

// TestRescoreGolden runs -rescore on the fixtures of testdata/rescore
// (rescoring.md §1, §2, §3, §7) and compares the JSON Lines with the
// golden files beside them.
func TestRescoreGolden(t *testing.T) {
	cases := []struct {
		name string
		args []string
	}{
		{"worked", []string{"-rescore"}},     // §7: 22 tables, MP_NS/MP_EW stated
		{"scoretable", []string{"-rescore"}}, // ScoreTable shapes, Neuberg, a misstated board
		{"directions", []string{"-rescore"}}, // scoretable's boards; its TotalScoreTable ranks NS and EW apart (§8)
		{"neuberg", []string{"-rescore"}},    // one record per table, missing tables, pass-out
		{"butler", []string{"-rescore"}},     // IMP;Butler: the datum moves
		{"rotated", []string{"-rescore"}},    // two rooms, closed room rotated, ScoreIMP stated
		{"fouled", []string{"-rescore"}},     // one board number, two deals
		{"neuberg-mp2", []string{"-scoring", "mp2"}},
		{"neuberg-cross", []string{"-scoring", "cross"}},
		{"neuberg-cross-avg", []string{"-scoring", "cross-avg"}},
		{"rotated-bam", []string{"-scoring", "bam"}},
		{"rotated-mp", []string{"-scoring", "mp"}},   // a two-table match by matchpoints: allowed, top 2 (§9)
		{"neuberg-bam", []string{"-scoring", "bam"}}, // a teams method on a field: method-unknown (§9)
		{"neuberg-imp", []string{"-scoring", "imp"}}, // the same from -scoring imp
		{"unstable", []string{"-rescore"}},           // pair 3's names change: pair-identity-unstable
		{"vgpairs", []string{"-rescore"}},            // LIN vugraph, vg letter P, two rooms: method-unknown
		{"vgpairs-mp", []string{"-scoring", "mp"}},
		{"vgteams", []string{"-rescore"}}, // LIN vugraph, vg letter I; an rs result that is not the play: rs-play-mismatch
		{"vgcarry", []string{"-rescore"}}, // LIN vugraph, vg carry-overs 12.5 and 20: match totals from -7.5; a revoke moves them -8.5 → -7.5
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := strings.SplitN(c.name, "-", 2)[0]
			args := append([]string{"-q", "-o", "-", "-equity=false", "-workers", "1", "-lang", "en"}, c.args...)
			file := filepath.Join("..", "..", "testdata", "rescore", in+".pbn")
			if _, err := os.Stat(file); err != nil {
				file = strings.TrimSuffix(file, ".pbn") + ".lin"
			}
			args = append(args, file)
			code, out, errs := runCmd(t, nil, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			checkRows(t, parseRows(t, out))
			out = rescoreLines(out)
			golden := filepath.Join("..", "..", "testdata", "rescore", c.name+".jsonl")
			if *updateRescore {
				if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if out != string(want) {
				t.Errorf("output differs from %s (go test -run TestRescoreGolden -update-rescore rewrites it):\n%s", golden, out)
			}
		})
	}
}

// rescoreLines keeps the lines of a JSON Lines report that re-scoring
// writes (its rows and problems), so that the golden files do not change
// with the revoke rows.
func rescoreLines(out string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(out, "\n") {
		if strings.HasPrefix(l, `{"type":"rescore_`) || rescoreProblem.MatchString(l) {
			b.WriteString(l)
		}
	}
	return b.String()
}

var rescoreProblem = regexp.MustCompile(`^\{"type":"problem".*"code":"(field-missing|method-unknown|method-mismatch|row-unmatched|pair-identity-unstable|fouled-board|small-group|rs-play-mismatch|bad-score-table)"`)

// TestRescoreWorkedExample checks rescoring.md §7 value by value: table 15
// 33 → 37, the table at +140 38 → 37, the three others at +110 33 → 32,
// the other 17 unchanged, 22 of 22 stated values reproduced.
func TestRescoreWorkedExample(t *testing.T) {
	code, out, errs := runCmd(t, nil, "-q", "-o", "-", "-equity=false", "-rescore", filepath.Join("..", "..", "testdata", "rescore", "worked.pbn"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var board row
	for _, r := range parseRows(t, out) {
		if r.str("type") == "rescore_board" {
			board = r
		}
	}
	if board == nil || board.num("tables") != 22 || board.num("expected") != 22 || board.num("stated") != 22 || board.num("reproduced") != 22 {
		t.Fatalf("board: %v", board)
	}
	want := map[string][2]float64{"15": {33, 37}, "11": {38, 37}, "3": {33, 32}, "8": {33, 32}, "20": {33, 32}}
	rows, _ := board["rows"].([]any)
	changed := 0
	for _, x := range rows {
		r := row(x.(map[string]any))
		rec, _ := r["value_ns_recorded"].(float64)
		adj, _ := r["value_ns_adjusted"].(float64)
		w, ok := want[r.str("table")]
		if !ok {
			if rec != adj || r["changed"] != false {
				t.Errorf("table %s changed: %v -> %v", r.str("table"), rec, adj)
			}
			continue
		}
		changed++
		if rec != w[0] || adj != w[1] || r["changed"] != true {
			t.Errorf("table %s: %v -> %v, want %v -> %v", r.str("table"), rec, adj, w[0], w[1])
		}
		if (r.str("table") == "15") != (r["corrected"] == true) {
			t.Errorf("table %s: corrected %v", r.str("table"), r["corrected"])
		}
	}
	if changed != 5 || len(rows) != 22 {
		t.Errorf("%d rows, %d changed", len(rows), changed)
	}
}

// TestRescoreApplied: the re-scoring takes the applied revokes only
// (rescoring.md §10, laws.md A24). The worked example with E's revoke
// card changed to C6 (E holds D6 and never plays it: rank-typo, suspect)
// changes nothing by default, and with -apply all the five tables of the
// worked example, table 15 corrected.
func TestRescoreApplied(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "rescore", "worked.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "D2 DA C2 D3", "D2 DA C6 D3", 1)
	in := filepath.Join(t.TempDir(), "suspect.pbn")
	if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		apply            string
		applied          bool
		changed          int
		corrected        string
		recorded, adjust int
	}{
		{"plausible", false, 0, "", 8, 8},
		{"all", true, 5, "15", 8, 9},
	} {
		code, out, errs := runCmd(t, nil, "-q", "-o", "-", "-equity=false", "-rescore", "-apply", c.apply, in)
		if code != 0 {
			t.Fatalf("-apply %s: exit %d: %s", c.apply, code, errs)
		}
		changed, corrected := 0, ""
		for _, r := range parseRows(t, out) {
			switch r.str("type") {
			case "revoke":
				if r.str("assessment") != "suspect" || r["applied"] != c.applied ||
					r.num("tricks_recorded") != c.recorded || r.num("tricks_adjusted") != c.adjust {
					t.Errorf("-apply %s: revoke %s, applied %v, tricks %d→%d", c.apply, r.str("assessment"), r["applied"], r.num("tricks_recorded"), r.num("tricks_adjusted"))
				}
			case "rescore_board":
				rows, _ := r["rows"].([]any)
				for _, x := range rows {
					tr := row(x.(map[string]any))
					if tr["changed"] == true {
						changed++
					}
					if tr["corrected"] == true {
						corrected += tr.str("table")
					}
				}
			}
		}
		if changed != c.changed || corrected != c.corrected {
			t.Errorf("-apply %s: %d tables changed, corrected %q; want %d, %q", c.apply, changed, corrected, c.changed, c.corrected)
		}
		// The workbook's Boards sheet shows the same adjusted result, and
		// its Summary the revokes applied.
		xlsx := filepath.Join(t.TempDir(), "r.xlsx")
		if code, _, errs := runCmd(t, nil, "-q", "-o", xlsx, "-equity=false", "-apply", c.apply, in); code != 0 {
			t.Fatalf("-apply %s: exit %d: %s", c.apply, code, errs)
		}
		if got := boardsValue(t, xlsx, "Tricks adjusted"); got != strconv.Itoa(c.adjust) {
			t.Errorf("-apply %s: Boards Tricks adjusted %q, want %d", c.apply, got, c.adjust)
		}
		if got := boardsValue(t, xlsx, "Tricks transferred"); got != strconv.Itoa(c.adjust-c.recorded) {
			t.Errorf("-apply %s: Boards Tricks transferred %q, want %d", c.apply, got, c.adjust-c.recorded)
		}
		// laws.md A24: the board's assessment (its one revoke's) and how
		// many of its revokes were applied.
		if got := boardsValue(t, xlsx, "Assessment"); got != "suspect" {
			t.Errorf("-apply %s: Boards Assessment %q, want suspect", c.apply, got)
		}
		if got, want := boardsValue(t, xlsx, "Applied"), map[bool]string{false: "0", true: "1"}[c.applied]; got != want {
			t.Errorf("-apply %s: Boards Applied %q, want %s", c.apply, got, want)
		}
		if got, want := summaryValue(t, xlsx, "Revokes applied"), map[bool]string{false: "0", true: "1"}[c.applied]; got != want {
			t.Errorf("-apply %s: Summary Revokes applied %q, want %s", c.apply, got, want)
		}
		if got := summaryValue(t, xlsx, "Revokes that change a result"); !strings.Contains(got, "-apply "+c.apply) {
			t.Errorf("-apply %s: Summary says %q", c.apply, got)
		}
	}
}

// boardsValue returns the cell of the column headed header in the first
// row of the workbook's Boards sheet.
func boardsValue(t *testing.T, name, header string) string {
	t.Helper()
	f, err := excelize.OpenFile(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("Boards")
	if err != nil || len(rows) < 2 {
		t.Fatalf("%s: Boards sheet %d rows, %v", name, len(rows), err)
	}
	for i, h := range rows[0] {
		if h == header && i < len(rows[1]) {
			return rows[1][i]
		}
	}
	t.Errorf("%s: no %q on the Boards sheet", name, header)
	return ""
}

// TestRescoreCSV: NAME.rescore-boards.csv has one line per table row of
// the JSON Lines boards, NAME.rescore-ranks.csv one per rank row, and the
// summary gains the three counts.
func TestRescoreCSV(t *testing.T) {
	in := filepath.Join("..", "..", "testdata", "rescore", "scoretable.pbn")
	_, out, _ := runCmd(t, nil, "-q", "-o", "-", "-equity=false", "-rescore", in)
	tableRows, rankRows := 0, 0
	for _, r := range parseRows(t, out) {
		switch r.str("type") {
		case "rescore_board":
			rows, _ := r["rows"].([]any)
			tableRows += len(rows)
		case "rescore_rank":
			rankRows++
		}
	}
	dir := t.TempDir()
	if code, _, errs := runCmd(t, nil, "-q", "-o", filepath.Join(dir, "x.csv"), "-equity=false", "-rescore", in); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for name, want := range map[string]int{"x.rescore-boards.csv": tableRows, "x.rescore-ranks.csv": rankRows} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		if len(lines)-1 != want || want == 0 {
			t.Errorf("%s: %d lines after the header, want %d", name, len(lines)-1, want)
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, "x.summary.csv"))
	if !strings.Contains(string(b), "boards_rescored,pairs_affected,rank_changes") {
		t.Errorf("summary: %s", b)
	}
	// Without -rescore there are no re-scoring files.
	if code, _, _ := runCmd(t, nil, "-q", "-o", filepath.Join(dir, "y.csv"), "-equity=false", in); code != 0 {
		t.Fatal("exit")
	}
	if _, err := os.Stat(filepath.Join(dir, "y.rescore-boards.csv")); err == nil {
		t.Error("y.rescore-boards.csv written without -rescore")
	}
}

// TestRescoreBBOPairs: on the shared BBO pairs exports every board is
// matchpointed (-scoring mp), every table with a result has a value, and
// boards with fewer results than the session's most are scored by
// Neuberg (their top is still 2(E-1)).
func TestRescoreBBOPairs(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(pbntest.CorpusDir(t), "jarekczek__pbntools", "test", "*", "*pairs*.pbn"))
	if len(files) == 0 {
		t.Skip("../shared corpus absent")
	}
	for _, f := range files {
		_, out, _ := runCmd(t, nil, append([]string{"-q", "-o", "-", "-equity=false", "-scoring", "mp"}, f)...)
		rows := parseRows(t, out)
		sum := checkRows(t, rows)
		boards, neuberg := 0, 0
		for _, r := range rows {
			if r.str("type") != "rescore_board" {
				continue
			}
			boards++
			a, e := r.num("tables"), r.num("expected")
			if a < 2 || a > e || r.str("method") != "mp" {
				t.Errorf("%s board %s: %d tables of %d, method %s", f, r.str("board"), a, e, r.str("method"))
			}
			if a < e {
				neuberg++
			}
			tops := 0
			for _, x := range r["rows"].([]any) {
				row := row(x.(map[string]any))
				if row.str("contract") == "" {
					continue
				}
				v, ok := row["value_ns_recorded"].(float64)
				if !ok || v < -0.01 || v > float64(2*(e-1))+0.01 {
					t.Errorf("%s board %s: value %v of top %d", f, r.str("board"), row["value_ns_recorded"], 2*(e-1))
				}
				tops++
			}
			if tops != a {
				t.Errorf("%s board %s: %d rows with a result, tables %d", f, r.str("board"), tops, a)
			}
		}
		if boards == 0 || boards != sum.num("boards_rescored") {
			t.Errorf("%s: %d boards, summary %d", f, boards, sum.num("boards_rescored"))
		}
		t.Logf("%s: %d boards matchpointed, %d with Neuberg", filepath.Base(f), boards, neuberg)
	}
}

// TestRescoreReproducesPBNExample: the PBN standard's own traveller
// (correct_20.pbn game 45: 26 rows with Multiplicity for 155 tables,
// Percentage_NS in the 100·(MP+1)/(2n) form) is reproduced in full, and
// the stderr line says so.
func TestRescoreReproducesPBNExample(t *testing.T) {
	f := filepath.Join(pbntest.CorpusDir(t), "timheilman__bridge-pbn", "spec", "resource", "reference_impl_tests", "correct_20.pbn")
	if _, err := os.Stat(f); err != nil {
		t.Skip("../shared corpus absent")
	}
	_, out, _ := runCmd(t, nil, "-q", "-o", "-", "-equity=false", "-scoring", "mp", f)
	found := false
	for _, r := range parseRows(t, out) {
		if r.str("type") == "rescore_board" && r.num("game") == 45 {
			found = true
			if r.num("tables") != 155 || r.num("stated") != 155 || r.num("reproduced") != 155 {
				t.Errorf("game 45: tables %d, %d of %d reproduced", r.num("tables"), r.num("reproduced"), r.num("stated"))
			}
		}
	}
	if !found {
		t.Fatal("no rescore_board for game 45")
	}
	_, _, errs := runCmd(t, nil, "-o", filepath.Join(t.TempDir(), "x.jsonl"), "-equity=false", "-scoring", "mp", f)
	if !strings.Contains(errs, "(155 of 155 stated values reproduced)") {
		t.Errorf("stderr: %s", errs)
	}
}

// TestRescoreWorkbook: the Rescoring and Ranking sheets are written (names
// in the report's language), the changed board's traveller with the
// corrected table's old and new score, the ranking of every pair, and the
// Summary's re-scoring section; without -rescore there are no such sheets.
func TestRescoreWorkbook(t *testing.T) {
	in := filepath.Join("..", "..", "testdata", "rescore", "worked.pbn")
	for _, c := range []struct{ lang, resc, rank, sum string }{
		{"en", "Rescoring", "Ranking", "Re-scoring"},
		{"nl", "Herberekening", "Klassement", "Herberekening"},
	} {
		out := filepath.Join(t.TempDir(), "r.xlsx")
		if code, _, errs := runCmd(t, nil, "-q", "-lang", c.lang, "-equity=false", "-rescore", "-o", out, in); code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		f, err := excelize.OpenFile(out)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := f.GetRows(c.resc)
		if err != nil {
			t.Fatalf("%s: %v", c.lang, err)
		}
		found := false
		for _, r := range rows {
			// Table 15: 8 -> 9 tricks, +110 -> +140, 33 -> 37
			// matchpoints for North-South, 9 -> 5 for East-West (top
			// 42); no Room column, as no table has a room.
			if len(r) >= 13 && r[0] == "15" && r[5] == "8" && r[6] == "9" && r[7] == "110" && r[8] == "140" &&
				r[9] == "33" && r[10] == "37" && r[11] == "9" && r[12] == "5" {
				found = true
			}
			if p := report.NewPrinter(c.lang); len(r) > 1 && r[0] == p.Sprintf("Table") && r[1] != p.Sprintf("North-South") {
				t.Errorf("%s: header %q: a column between Table and North-South", c.lang, r)
			}
		}
		if !found {
			t.Errorf("%s: no row for table 15 in %v", c.lang, rows)
		}
		ranks, err := f.GetRows(c.rank)
		if err != nil || len(ranks) < 44 {
			t.Errorf("%s: ranking: %d rows, %v", c.lang, len(ranks), err)
		}
		sum, _ := f.GetRows(f.GetSheetName(0))
		if !strings.Contains(fmt.Sprint(sum), c.sum) || !strings.Contains(fmt.Sprint(sum), "22") {
			t.Errorf("%s: summary has no re-scoring section", c.lang)
		}
		// The re-scoring's counts come with the other counts, before
		// "How to read", which names the two sheets.
		at, last := map[string]int{}, map[string]int{} // first and last row of a label
		for i, r := range sum {
			if len(r) > 0 {
				if _, ok := at[r[0]]; !ok {
					at[r[0]] = i + 1
				}
				last[r[0]] = i + 1
			}
		}
		howTo := at[report.NewPrinter(c.lang).Sprintf("How to read this workbook")]
		if re := at[c.sum]; re == 0 || howTo == 0 || re > howTo {
			t.Errorf("%s: re-scoring section at row %d, How to read at %d", c.lang, re, howTo)
		}
		for _, sheet := range []string{c.resc, c.rank} {
			if last[sheet] < howTo {
				t.Errorf("%s: How to read does not name %s", c.lang, sheet)
			}
		}
		f.Close()
	}
	out := filepath.Join(t.TempDir(), "r.xlsx")
	runCmd(t, nil, "-q", "-equity=false", "-o", out, in)
	if f, err := excelize.OpenFile(out); err == nil {
		if i, _ := f.GetSheetIndex("Rescoring"); i >= 0 {
			t.Error("Rescoring sheet without -rescore")
		}
		f.Close()
	}
}

// TestRescoreTotals: the TotalScoreTable's percentages are reproduced from
// the file's own board values, which it states for every board
// (rescoring.md §9; a pair the boards do not know counts in neither), and
// a total that does not agree is a method-mismatch.
func TestRescoreTotals(t *testing.T) {
	in := filepath.Join("..", "..", "testdata", "rescore", "scoretable.pbn")
	_, _, errs := runCmd(t, nil, "-o", filepath.Join(t.TempDir(), "x.jsonl"), "-equity=false", "-rescore", in)
	if !strings.Contains(errs, "; 3 of 3 totals (TotalScoreTable, vugraph carry-overs) reproduced.") {
		t.Errorf("stderr: %s", errs)
	}
	b, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "bad.pbn")
	os.WriteFile(bad, []byte(strings.Replace(string(b), " 1  3  86.00", " 1  3  85.00", 1)), 0o644)
	_, out, _ := runCmd(t, nil, "-q", "-o", "-", "-equity=false", "-rescore", bad)
	if !strings.Contains(out, `"code":"method-mismatch","severity":"warning","message":"session \"Club session\": 2 of 3 totals`) {
		t.Errorf("no method-mismatch for the totals:\n%s", rescoreLines(out))
	}
}

// TestRescoreHostile: a board of 20,000 tables is cross-IMPed at once
// (n·log n), and a ScoreTable whose Multiplicity asks for more tables
// than allowed is cut with a bad-score-table warning.
func TestRescoreHostile(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&b, "[Event \"Big\"]\n[Board \"1\"]\n[North \"n%d\"]\n[South \"s%d\"]\n[Deal \"N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876\"]\n[Declarer \"N\"]\n[Contract \"3NT\"]\n[Result \"%d\"]\n\n", i, i, 6+i%7)
	}
	in := filepath.Join(t.TempDir(), "big.pbn")
	os.WriteFile(in, []byte(b.String()), 0o644)
	_, out, _ := runCmd(t, nil, "-q", "-o", "-", "-equity=false", "-scoring", "cross", in)
	rows := parseRows(t, out)
	if sum := checkRows(t, rows); sum.num("boards_rescored") != 1 {
		t.Errorf("boards_rescored %d", sum.num("boards_rescored"))
	}
	table := "[Event \"T\"]\n[Board \"1\"]\n[Deal \"N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876\"]\n[Scoring \"MP\"]\n" +
		"[ScoreTable \"Score_NS\\4R;Multiplicity\\2R\"]\n"
	for i := 0; i < 5; i++ {
		table += fmt.Sprintf("%d 9999\n", 100*i)
	}
	in2 := filepath.Join(t.TempDir(), "mult.pbn")
	os.WriteFile(in2, []byte(table), 0o644)
	_, out, _ = runCmd(t, nil, "-q", "-o", "-", "-equity=false", "-rescore", in2)
	if !strings.Contains(out, `"code":"bad-score-table"`) || !strings.Contains(out, `"tables":9999`) {
		t.Errorf("multiplicity not capped:\n%s", rescoreLines(out)[:min(2000, len(rescoreLines(out)))])
	}
}

// TestRescoreCompetition: Scoring "IMP" in a pairs competition names no
// method (cross-IMPs or Butler?), so the session is method-unknown; in a
// teams competition it is teams IMPs.
func TestRescoreCompetition(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "rescore", "rotated.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	for comp, want := range map[string]string{"Pairs": `"code":"method-unknown"`, "Teams": `"method":"imp"`} {
		in := filepath.Join(t.TempDir(), "c.pbn")
		os.WriteFile(in, []byte(strings.ReplaceAll(string(b), "[Scoring \"IMP\"]", "[Scoring \"IMP\"]\n[Competition \""+comp+"\"]")), 0o644)
		_, out, _ := runCmd(t, nil, "-q", "-o", "-", "-equity=false", "-rescore", in)
		if !strings.Contains(out, want) {
			t.Errorf("Competition %s: no %s in\n%s", comp, want, rescoreLines(out))
		}
	}
}

// TestRescoreMitchell: pair numbers given per direction (the same number
// North-South and East-West at a table) rank as two pairs, "3 NS" and
// "3 EW".
func TestRescoreMitchell(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "rescore", "scoretable.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`(?m)^(\d) (\d) 1\d `).ReplaceAllString(string(b), "$1 $2 $2 ")
	text = strings.ReplaceAll(text, `[PairEW "13"]`, `[PairEW "3"]`)
	in := filepath.Join(t.TempDir(), "m.pbn")
	os.WriteFile(in, []byte(text), 0o644)
	_, out, _ := runCmd(t, nil, "-q", "-o", "-", "-equity=false", "-rescore", in)
	for _, want := range []string{`"pair":"3 NS","names":"Anna – Bart"`, `"pair":"3 EW","names":"Cees – Dirk"`} {
		if !strings.Contains(out, want) {
			t.Errorf("no %s in\n%s", want, rescoreLines(out))
		}
	}
}
