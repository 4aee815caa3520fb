package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"revokes/pbn"
	"revokes/pbn/pbntest"
	"revokes/synth"
)

// boardKey names a board row or a problem row's board: file and game.
func boardKey(r row) string { return fmt.Sprintf("%s!%d", r.str("file"), r.num("game")) }

// strs returns a list value of a row as strings.
func (r row) strs(k string) []string {
	var out []string
	l, _ := r[k].([]any)
	for _, v := range l {
		s, _ := v.(string)
		out = append(out, s)
	}
	return out
}

// checkBoardRows checks the board rows of a -boards all run against its
// summary (output.md Revision 3): one row per game, no two for a board,
// and every count of the summary the sum of the rows; each board's
// problems are the codes of its problem rows, in order. It returns the
// number of board rows.
func checkBoardRows(t *testing.T, rows []row) int {
	t.Helper()
	sum := checkRows(t, rows)
	seen := map[string]bool{}
	var boards []row
	byBoard := map[string][]string{} // problem codes by board
	revokeRows, dupRevokeRows, problemRows := 0, 0, 0
	for _, r := range rows {
		switch r.str("type") {
		case "board":
			k := boardKey(r)
			if seen[k] {
				t.Errorf("two board rows for %s", k)
			}
			seen[k] = true
			boards = append(boards, r)
		case "revoke":
			revokeRows++
			if r.str("duplicate_of") != "" {
				dupRevokeRows++
			}
		case "problem":
			problemRows++
			if r.num("game") > 0 {
				byBoard[boardKey(r)] = append(byBoard[boardKey(r)], r.str("code"))
			}
		}
	}
	var got struct {
		withPlay, analysed, skipped, revokes, plausible, suspect, undetermined, applied, problems, duplicates int
	}
	for _, b := range boards {
		switch b["skipped"] {
		case true:
			got.skipped++
		case false:
			got.analysed++
		default:
			t.Errorf("board row without skipped: %v", b)
		}
		codes := b.strs("problems")
		got.problems += len(codes)
		if b.str("duplicate_of") != "" {
			// laws.md A23: a later copy counts only as a game, with
			// its problems.
			got.duplicates++
			if !slices.Contains(codes, "duplicate-record") {
				t.Errorf("%s: duplicate_of %s without duplicate-record", boardKey(b), b.str("duplicate_of"))
			}
			delete(byBoard, boardKey(b))
			continue
		}
		if b["has_play"] == true {
			got.withPlay++ // boards with play, analysed or skipped (report.Summary)
		}
		got.revokes += b.num("revokes")
		got.plausible += b.num("revokes_plausible")
		got.suspect += b.num("revokes_suspect")
		got.undetermined += b.num("revokes_undetermined")
		got.applied += b.num("applied")
		if n := b.num("revokes_plausible") + b.num("revokes_suspect") + b.num("revokes_undetermined"); n != b.num("revokes") {
			t.Errorf("%s: revokes %d, by assessment %d", boardKey(b), b.num("revokes"), n)
		}
		if want := byBoard[boardKey(b)]; !slices.Equal(codes, want) {
			t.Errorf("%s: problems %v, problem rows %v", boardKey(b), codes, want)
		}
		delete(byBoard, boardKey(b))
		if n := b.num("tricks_in_record"); n < 0 || n > 13 {
			t.Errorf("%s: tricks_in_record %d", boardKey(b), n)
		}
		if iso := b.str("date_iso"); iso != "" && (len(iso) != 10 || b.num("year") == 0 || !strings.HasPrefix(iso, fmt.Sprint(b.num("year")))) {
			t.Errorf("%s: date_iso %q, year %d", boardKey(b), iso, b.num("year"))
		}
	}
	for k, codes := range byBoard {
		if slices.Contains(codes, "") || len(codes) > 0 && seen[k] {
			t.Errorf("%s: problem rows %v not on its board row", k, codes)
		}
	}
	outside := problemRows - got.problems // problems of no board (a file that cannot be read)
	for _, c := range []struct {
		key  string
		rows int
	}{
		{"games", len(boards)}, {"games_with_play", got.withPlay}, {"games_analysed", got.analysed},
		{"games_skipped", got.skipped}, {"revokes", got.revokes}, {"revokes_plausible", got.plausible},
		{"revokes_suspect", got.suspect}, {"revokes_undetermined", got.undetermined},
		{"revokes_applied", got.applied}, {"games_duplicate", got.duplicates},
		{"problems", got.problems + outside},
	} {
		if sum.num(c.key) != c.rows {
			t.Errorf("summary %s = %d, board rows give %d", c.key, sum.num(c.key), c.rows)
		}
	}
	if got.revokes != revokeRows-dupRevokeRows {
		t.Errorf("board rows count %d revokes, %d revoke rows not of a later copy", got.revokes, revokeRows-dupRevokeRows)
	}
	return len(boards)
}

// genInputs writes generated archives (PBN and LIN with planted revokes
// and claims) and a file with records that cannot be read into dir.
func genInputs(t *testing.T, dir string) {
	t.Helper()
	for i, f := range []pbn.Format{pbn.FormatPBN, pbn.FormatLIN} {
		var buf bytes.Buffer
		g := synth.New(synth.Options{Seed: uint64(i + 1), RevokeRate: 0.01})
		if _, err := g.Write(&buf, f, 400); err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, "gen."+f.String())
		if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A deal of 14 cards, one of 12, a truncated record, garbage.
	bad := good(1) + replace(good(2), "N:83.AQJ64", "N:832.AQJ64") + replace(good(3), "N:83.AQJ64", "N:8.AQJ64") +
		good(4) + "\x00\x01\x02garbage\n\n" + strings.SplitAfterN(good(5), "\n", 4)[0]
	if err := os.WriteFile(filepath.Join(dir, "bad.pbn"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBoardRowsSumToSummary runs -boards all on generated archives and on
// the shared corpus: the board rows add up to the summary.
func TestBoardRowsSumToSummary(t *testing.T) {
	dir := t.TempDir()
	genInputs(t, dir)
	for _, name := range []string{"generated", "corpus"} {
		t.Run(name, func(t *testing.T) {
			path := dir
			if name == "corpus" {
				path = pbntest.CorpusDir(t)
			}
			code, out, errs := runCmd(t, nil, "-q", "-equity=false", "-boards", "all", "-o", "-", path)
			if code != exitOK && code != exitFailure {
				t.Fatalf("exit %d: %s", code, errs)
			}
			rows := parseRows(t, out)
			n := checkBoardRows(t, rows)
			if name != "generated" {
				return
			}
			// bad.pbn: boards skipped after reading, and records not read.
			skipped, unread := 0, 0
			for _, r := range rows {
				if r.str("type") == "board" && r["skipped"] == true {
					skipped++
					if _, ok := r["has_play"]; !ok {
						unread++
					}
				}
			}
			if n < 800 || skipped < 2 || unread < 1 {
				t.Errorf("%d board rows, %d skipped, %d not read", n, skipped, unread)
			}
		})
	}
}

// TestBoardsCSV checks NAME.boards.csv: written with -boards all only,
// its header the board keys, a row for every board of the JSON Lines
// run, the same values.
func TestBoardsCSV(t *testing.T) {
	dir := t.TempDir()
	genInputs(t, dir)
	in := filepath.Join(dir, "bad.pbn")
	out := filepath.Join(dir, "r.csv")
	if code, _, errs := runCmd(t, nil, "-q", "-o", out, in); code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "r.boards.csv")); err == nil {
		t.Error("r.boards.csv written without -boards all")
	}
	if code, _, errs := runCmd(t, nil, "-q", "-boards", "all", "-o", out, in); code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(filepath.Join(dir, "r.boards.csv"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff")))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	_, jout, _ := runCmd(t, nil, "-q", "-boards", "all", "-o", "-", in)
	var jrows []row
	for _, r := range parseRows(t, jout) {
		if r.str("type") == "board" {
			jrows = append(jrows, r)
		}
	}
	head := recs[0]
	if !slices.Contains(head, "tricks_in_record") || !slices.Contains(head, "date_iso") || !slices.Contains(head, "north") {
		t.Errorf("header %v", head)
	}
	if len(recs)-1 != len(jrows) || len(jrows) < 4 {
		t.Fatalf("%d CSV rows, %d JSON board rows", len(recs)-1, len(jrows))
	}
	seats := map[string]string{"north": "N", "east": "E", "south": "S", "west": "W"}
	for i, rec := range recs[1:] {
		j := jrows[i]
		for c, k := range head {
			want := ""
			switch v := j[k].(type) {
			case nil:
				if s, ok := seats[k]; ok {
					p, _ := j["players"].(map[string]any)
					want, _ = p[s].(string)
				}
			case string:
				want = v
			case float64, bool:
				want = fmt.Sprint(v)
			case []any:
				want = strings.Join(j.strs(k), " ")
			}
			if rec[c] != want {
				t.Errorf("row %d %s: CSV %q, JSON %q", i+1, k, rec[c], want)
			}
		}
	}
}

// TestBoardsParquetTargets checks the command line of the board rows and
// Parquet: -boards takes none or all; a report whose companion cannot be
// written is refused before any input is read (exit 2), and leaves
// nothing; -o NAME.parquet writes the four files.
func TestBoardsParquetTargets(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "bad.pbn")
	genInputs(t, dir)
	if code, _, errs := runCmd(t, nil, "-q", "-boards", "some", "-o", "-", in); code != exitUsage || !strings.Contains(errs, "-boards") {
		t.Errorf("-boards some: exit %d, %q", code, errs)
	}
	for _, c := range []struct{ out, blocker string }{
		{"r.parquet", "r.boards.parquet"},
		{"s.csv", "s.boards.csv"},
	} {
		if err := os.Mkdir(filepath.Join(dir, c.blocker), 0o755); err != nil {
			t.Fatal(err)
		}
		code, _, errs := runCmd(t, nil, "-q", "-boards", "all", "-o", filepath.Join(dir, c.out), in)
		if code != exitUsage || !strings.Contains(errs, c.blocker) {
			t.Errorf("%s beside a folder %s: exit %d, %q", c.out, c.blocker, code, errs)
		}
		if _, err := os.Stat(filepath.Join(dir, c.out)); err == nil {
			t.Errorf("%s written", c.out)
		}
		os.Remove(filepath.Join(dir, c.blocker))
	}
	if code, _, errs := runCmd(t, nil, "-q", "-o", filepath.Join(dir, "r.parquet"), in); code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, n := range []string{"r.parquet", "r.boards.parquet", "r.problems.parquet", "r.summary.parquet"} {
		if fi, err := os.Stat(filepath.Join(dir, n)); err != nil || fi.Size() < 100 {
			t.Errorf("%s: %v", n, err)
		}
	}
}

// TestParquetRescore: with -rescore, a Parquet report has the re-scoring
// tables beside it as the CSV report's NAME.rescore*.csv files.
func TestParquetRescore(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join("..", "..", "testdata", "rescore", "scoretable.pbn")
	if code, _, errs := runCmd(t, nil, "-q", "-equity=false", "-rescore", "-o", filepath.Join(dir, "x.parquet"), in); code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	csvs, _ := filepath.Glob(filepath.Join(dir, "x.rescore*.csv"))
	if len(csvs) < 3 {
		t.Errorf("re-scoring files %v", csvs)
	}
	for _, f := range csvs {
		if b, err := os.ReadFile(f); err != nil || bytes.Count(b, []byte("\n")) < 2 {
			t.Errorf("%s: %d bytes, %v", f, len(b), err)
		}
	}
}
