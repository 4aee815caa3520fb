package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"revokes/pbn/pbntest"
)

// td is the project's test data for the command.
const td = "../../testdata/cli"

// row is one JSON Lines row, decoded loosely.
type row map[string]any

func (r row) str(k string) string { s, _ := r[k].(string); return s }
func (r row) num(k string) int    { f, _ := r[k].(float64); return int(f) }

// runCmd runs the command in-process and returns its exit status, the
// standard output and standard error.
func runCmd(t testing.TB, stdin io.Reader, args ...string) (int, string, string) {
	t.Helper()
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	var out, errb bytes.Buffer
	code := run(args, stdin, &out, &errb)
	return code, out.String(), errb.String()
}

// parseRows decodes JSON Lines, failing the test on a bad line.
func parseRows(t testing.TB, s string) []row {
	t.Helper()
	var rows []row
	for i, line := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		if line == "" {
			continue
		}
		var r row
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("line %d is not JSON: %v\n%s", i+1, err, line)
		}
		rows = append(rows, r)
	}
	return rows
}

// checkRows checks the structure every report must have: known types, a
// file on every row, exactly one summary, last, with games == analysed +
// skipped, and an error problem naming every skipped game. It returns the
// summary.
func checkRows(t testing.TB, rows []row) row {
	t.Helper()
	if len(rows) == 0 {
		t.Fatal("no rows")
	}
	sum := rows[len(rows)-1]
	if sum.str("type") != "summary" {
		t.Fatalf("last row is not the summary: %v", sum)
	}
	errorGames := map[string]bool{}
	problems, stated, reproduced := 0, 0, 0
	for _, r := range rows[:len(rows)-1] {
		switch r.str("type") {
		case "revoke":
			if r.num("game") < 1 || r.num("trick") < 1 || r.num("trick") > 13 {
				t.Errorf("bad revoke row %v", r)
			}
		case "problem":
			problems++
			if r.str("code") == "" || r.str("severity") == "" {
				t.Errorf("bad problem row %v", r)
			}
			if r.str("severity") == "error" && r.num("game") > 0 {
				errorGames[fmt.Sprintf("%s#%d", r.str("file"), r.num("game"))] = true
			}
		case "rescore_board", "rescore_rank":
			continue // -rescore (rescore_test.go)
		case "rescore_session":
			// The summary's stated and reproduced add up the sessions'
			// board values and totals (rescoring.md §9).
			stated += r.num("stated") + r.num("totals_stated")
			reproduced += r.num("reproduced") + r.num("totals_reproduced")
			if r.num("reproduced") > r.num("stated") || r.num("totals_reproduced") > r.num("totals_stated") || r.str("why") == "" {
				t.Errorf("bad rescore_session row %v", r)
			}
		case "board":
			continue // -boards all (boards_test.go)
		case "summary":
			t.Fatalf("second summary: %v", r)
		default:
			t.Fatalf("unknown row type: %v", r)
		}
		if r.str("file") == "" {
			t.Errorf("row without file: %v", r)
		}
	}
	if g, a, s := sum.num("games"), sum.num("games_analysed"), sum.num("games_skipped"); g != a+s {
		t.Errorf("games %d != analysed %d + skipped %d", g, a, s)
	} else if s > len(errorGames) {
		t.Errorf("%d games skipped but only %d have an error problem", s, len(errorGames))
	}
	if sum.num("problems") != problems {
		t.Errorf("summary says %d problems, rows have %d", sum.num("problems"), problems)
	}
	if _, ok := sum["boards_rescored"]; ok && (sum.num("stated") != stated || sum.num("reproduced") != reproduced) {
		t.Errorf("summary says %d of %d stated values reproduced, the sessions %d of %d",
			sum.num("reproduced"), sum.num("stated"), reproduced, stated)
	}
	return sum
}

func TestFiles(t *testing.T) {
	code, out, _ := runCmd(t, nil, "-q", "-o", "-", td+"/two.pbn", td+"/empty.pbn")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	sum := checkRows(t, parseRows(t, out))
	if sum.num("files") != 2 || sum.num("games") != 2 {
		t.Errorf("summary %v, want 2 files, 2 games", sum)
	}
	if sum.str("edition") != "auto" || sum.str("attention") != "end-of-play" {
		t.Errorf("summary %v", sum)
	}
}

func TestDirectoryWalk(t *testing.T) {
	code, out, _ := runCmd(t, nil, "-q", "-o", "-", td+"/tree")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	sum := checkRows(t, parseRows(t, out))
	// a.pbn, sub/b.PBN and "sub/Segment 3.txt" (PBN by content); notes.md
	// is text, counted as not a record file, with no problem row. The
	// two boards of a.pbn are in the other two files again (b.PBN differs
	// only in its Site): four later copies (laws.md A23), one warning each.
	if sum.num("files") != 3 || sum.num("games") != 6 || sum.num("files_not_records") != 1 ||
		sum.num("games_duplicate") != 4 || sum.num("problems") != 4 || sum.num("games_with_play") != 2 {
		t.Errorf("summary %v, want 3 files, 6 games, 1 file not records, 4 duplicates and their 4 warnings, 2 with play", sum)
	}
}

func TestSymlinkLoop(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, td+"/two.pbn", filepath.Join(sub, "x.pbn"))
	if err := os.Symlink("../..", filepath.Join(sub, "loop")); err != nil {
		t.Skip("no symlinks:", err)
	}
	if err := os.Symlink("x.pbn", filepath.Join(sub, "y.pbn")); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCmd(t, nil, "-q", "-o", "-", dir)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	sum := checkRows(t, parseRows(t, out))
	if sum.num("files") != 2 { // x.pbn and the link y.pbn; the loop is not followed
		t.Errorf("summary %v, want 2 files", sum)
	}
}

func TestStdin(t *testing.T) {
	data, err := os.ReadFile(td + "/two.pbn")
	if err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCmd(t, bytes.NewReader(data), "-q", "-o", "-", "-")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	rows := parseRows(t, out)
	sum := checkRows(t, rows)
	if sum.num("games") != 2 || sum.num("files") != 1 {
		t.Errorf("summary %v", sum)
	}
	for _, r := range rows[:len(rows)-1] {
		if r.str("file") != "-" {
			t.Errorf("row from stdin with file %q", r.str("file"))
		}
	}
}

func TestUnreadable(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.pbn")
	code, out, stderr := runCmd(t, nil, "-q", "-o", "-", missing, td+"/two.pbn")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(stderr, missing) {
		t.Errorf("stderr does not name the unreadable input: %q", stderr)
	}
	rows := parseRows(t, out)
	sum := checkRows(t, rows)
	if rows[0].str("code") != "unreadable-file" || rows[0].str("file") != missing {
		t.Errorf("first row %v, want unreadable-file for %s", rows[0], missing)
	}
	if sum.num("games") != 2 { // the other input is still read
		t.Errorf("summary %v", sum)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{
		{"-nosuchflag"},
		{"-edition", "1999"},
		{"-format", "pdf"},
		{"-lang", "fr"},
		{"-attention", "never"},
		{"-apply", "some"},
		{"-apply", ""},
		{"-workers", "0"},
		{"-o", "report.txt"},
		{"-o", "-", "-format", "csv"},
		{"-csv-sep", `"`},
		{"-csv-sep", ";;"},
		{"-csv-sep", ""},
	} {
		code, out, errs := runCmd(t, nil, args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		if out != "" || errs == "" {
			t.Errorf("%v: stdout %q, stderr %q", args, out, errs)
		}
	}
	code, _, errs := runCmd(t, nil, "-h")
	if code != 0 || !strings.Contains(errs, "Examples:") || !strings.Contains(errs, "-edition") {
		t.Errorf("-h: exit %d, usage:\n%s", code, errs)
	}
}

func TestFlagsAfterPaths(t *testing.T) {
	code, out, _ := runCmd(t, nil, td+"/two.pbn", "-q", "-o", "-", "-edition", "1963")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	sum := checkRows(t, parseRows(t, out))
	if sum.str("edition") != "1963" || sum.num("games") != 2 {
		t.Errorf("summary %v", sum)
	}
}

func TestReportFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.jsonl")
	code, stdout, stderr := runCmd(t, nil, "-o", out, td+"/two.pbn")
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q", code, stdout)
	}
	if !strings.Contains(stderr, "2 games") || !strings.Contains(stderr, out) ||
		!strings.Contains(stderr, "2 revokes (2 plausible, 0 suspect, 0 undetermined)") {
		t.Errorf("summary paragraph: %q", stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	checkRows(t, parseRows(t, string(data)))
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("files left in the report directory: %v", ents)
	}
}

var elapsed = regexp.MustCompile(`"elapsed_ms":\d+`)

func TestWorkersSameOutput(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.pbn")
	writeArchive(t, big, 1500)
	args := []string{"-q", "-o", "-", td + "/tree", big, td + "/two.pbn"}
	_, out1, _ := runCmd(t, nil, append([]string{"-workers", "1"}, args...)...)
	_, out2, _ := runCmd(t, nil, append([]string{"-workers", "2"}, args...)...)
	_, out5, _ := runCmd(t, nil, append([]string{"-workers", "5"}, args...)...)
	same := elapsed.ReplaceAllString(out1, "")
	if same != elapsed.ReplaceAllString(out2, "") || same != elapsed.ReplaceAllString(out5, "") {
		t.Error("reports differ between -workers 1, 2 and 5")
	}
	sum := checkRows(t, parseRows(t, out1))
	if sum.num("games") != 6+1500+2 {
		t.Errorf("summary %v", sum)
	}
}

func copyFile(t testing.TB, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeArchive writes a PBN file of n boards to path.
func writeArchive(t testing.TB, path string, n int) {
	t.Helper()
	if err := os.WriteFile(path, genArchive(n), 0o644); err != nil {
		t.Fatal(err)
	}
}

// genArchive returns a PBN archive of n boards, copies of the board in
// two.pbn with their board numbers changed.
func genArchive(n int) []byte {
	data, err := os.ReadFile(td + "/two.pbn")
	if err != nil {
		panic(err)
	}
	recs := strings.SplitN(string(data), "\n\n", 2)
	rec := strings.TrimPrefix(recs[0], "% PBN 2.1\n")
	var b bytes.Buffer
	b.WriteString("% PBN 2.1\n")
	for i := 1; i <= n; i++ {
		b.WriteString(strings.Replace(rec, `[Board "30"]`, fmt.Sprintf(`[Board "%d"]`, i), 1))
		b.WriteString("\n\n")
	}
	return b.Bytes()
}

func TestSample(t *testing.T) {
	code, out, _ := runCmd(t, nil, "-q", "-o", "-")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	rows := parseRows(t, out)
	sum := checkRows(t, rows)
	if sum.num("files") != len(sampleEvents) || sum.num("games") < 15 || sum.num("revokes") == 0 {
		t.Errorf("summary %v", sum)
	}
	roles, editions, by := map[string]bool{}, map[string]bool{}, map[string]bool{}
	var trick12, bothSides, lin bool
	for _, r := range rows {
		if r.str("type") != "revoke" {
			continue
		}
		roles[r.str("role")] = true
		editions[r.str("edition")] = true
		by[r.str("established_by")] = true
		trick12 = trick12 || r.num("trick") == 12
		lin = lin || strings.HasSuffix(r.str("file"), ".lin")
		for _, f := range r["flags"].([]any) {
			bothSides = bothSides || f == "both-sides"
		}
	}
	if len(roles) != 3 || len(editions) < 4 || !by["claim"] || !trick12 || !bothSides || !lin {
		t.Errorf("sample lacks variety: roles %v, editions %v, established by %v, trick 12 %v, both sides %v, LIN %v",
			roles, editions, by, trick12, bothSides, lin)
	}
}

// TestApplyModes runs the sample with -apply plausible (the default) and
// -apply all (laws.md A24): the same revokes and ids, each row applied by
// its assessment and establishment, the summary's count of applied rows,
// and the stderr summary saying it.
func TestApplyModes(t *testing.T) {
	ids := map[string]string{} // id → file!game of the default run
	applied := map[string]int{}
	for _, mode := range []string{"", "plausible", "all"} {
		args := []string{"-o", "-", "-equity=false"}
		if mode != "" {
			args = append(args, "-apply", mode)
		}
		code, out, stderr := runCmd(t, nil, args...)
		if code != 0 {
			t.Fatalf("-apply %q: exit %d: %s", mode, code, stderr)
		}
		if mode == "" {
			mode = "plausible"
		}
		if !strings.Contains(stderr, "applied (-apply "+mode+")") {
			t.Errorf("-apply %s: stderr %q", mode, stderr)
		}
		rows := parseRows(t, out)
		sum := checkRows(t, rows)
		n, seen := 0, map[string]bool{}
		for _, r := range rows {
			if r.str("type") != "revoke" {
				continue
			}
			id, at := r.str("id"), fmt.Sprintf("%s!%d", r.str("file"), r.num("game"))
			if len(id) != 12 || seen[id] {
				t.Errorf("-apply %s: %s: id %q (seen %v)", mode, at, id, seen[id])
			}
			seen[id] = true
			if prev, ok := ids[id]; ok && prev != at {
				t.Errorf("id %s: %s, before %s", id, at, prev)
			}
			ids[id] = at
			ruled := r["established"] == true || slices.Contains(r["flags"].([]any), any("trick12-corrected"))
			want, why := ruled && (mode == "all" || r.str("assessment") == "plausible"), ""
			switch {
			case want:
			case !ruled:
				why = "not-established"
			default:
				why = r.str("assessment")
			}
			if r["applied"] != want || r.str("not_applied") != why {
				t.Errorf("-apply %s: %s trick %d: applied %v %q, want %v %q", mode, at, r.num("trick"), r["applied"], r.str("not_applied"), want, why)
			}
			if want {
				n++
			}
		}
		if sum.str("apply") != mode {
			t.Errorf("-apply %s: summary apply %q", mode, sum.str("apply"))
		}
		if sum.num("revokes_applied") != n {
			t.Errorf("-apply %s: summary revokes_applied %d, rows %d", mode, sum.num("revokes_applied"), n)
		}
		// The summary line says how many were found and how many applied.
		if found := fmt.Sprintf("Found %d revokes", len(seen)); !strings.Contains(stderr, found) || !strings.Contains(stderr, fmt.Sprintf(" %d applied (-apply %s)", n, mode)) {
			t.Errorf("-apply %s: stderr %q, want %q and %d applied", mode, stderr, found, n)
		}
		applied[mode] = n
	}
	if applied["all"] <= applied["plausible"] {
		t.Errorf("applied: %v; the sample has established revokes that are not plausible", applied)
	}
}

// TestSampleHint checks that the summary of a run without PATH says the
// built-in sample was read and how to run on one's own files, in the
// chosen language, and that a run with a PATH does not say it.
func TestSampleHint(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // "" for no hint
	}{
		{[]string{"-lang", "en", "-o", "-"}, "No PATH was given, so the sample archive built into revokes was analysed. To check your own records"},
		{[]string{"-lang", "nl", "-o", "-"}, "Er is geen PAD opgegeven, dus het voorbeeldarchief"},
		{[]string{"-lang", "en", "-o", "-", filepath.Join(td, "two.pbn")}, ""},
	} {
		code, _, stderr := runCmd(t, nil, tc.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, stderr)
		}
		hint := strings.Contains(stderr, "PATH")
		if tc.want == "" && hint || tc.want != "" && !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: stderr %q, want hint %q", tc.args, stderr, tc.want)
		}
	}
}

func TestCSVAndWorkbook(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"r.csv", "r.xlsx"} {
		out := filepath.Join(dir, name)
		code, _, stderr := runCmd(t, nil, "-q", "-lang", "nl", "-o", out, td+"/two.pbn")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, stderr)
		}
		if fi, err := os.Stat(out); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// TestLINBadDealInWorker runs LIN boards whose md the workers read (the
// reading goroutine leaves it to them): a deal that cannot be read is an
// error problem with its file and line, counted as a skipped game, and
// the boards around it are analysed, with one worker and with two.
func TestLINBadDealInWorker(t *testing.T) {
	dir := t.TempDir()
	good := "md|3S47KH678AD8JKC37T,S39HJQKD35TC268JA,S26JH3459TD49C59K,S58TQAH2D267QAC4Q|mb|1S|mb|p|mb|p|mb|p|"
	text := "qx|o1|" + good + "\nqx|o2|md|3SAKQ,SAT9,,|mb|p|\nqx|o3|" + good + "\n"
	name := filepath.Join(dir, "bad.lin")
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"1", "2"} {
		code, out, _ := runCmd(t, nil, "-q", "-equity=false", "-workers", w, "-format", "jsonl", "-o", "-", name)
		if code != 0 {
			t.Fatalf("workers %s: exit %d", w, code)
		}
		rows := parseRows(t, out)
		sum := checkRows(t, rows)
		if sum.num("games") != 3 || sum.num("games_skipped") != 1 {
			t.Errorf("workers %s: summary %v", w, sum)
		}
		found := false
		for _, r := range rows {
			if r.str("code") == "bad-deal" && r.str("severity") == "error" {
				found = true
				if r.str("file") != name || r.num("game") != 2 || r.num("line") != 2 {
					t.Errorf("workers %s: bad-deal row %v", w, r)
				}
			}
		}
		if !found {
			t.Errorf("workers %s: no bad-deal error in\n%s", w, out)
		}
	}
}

// TestAttentionMoments runs laws.md C5 (a revoke at trick 12) under each
// -attention moment of laws.md A9 and edition 2007, in every format: the
// revoke row follows the moment, and each summary names it.
func TestAttentionMoments(t *testing.T) {
	in := filepath.Join(td, "trick12.pbn")
	for _, c := range []struct {
		att, rule, flags string
		adjusted         int
		nl               string // the moment on the Dutch Summary sheet
	}{
		{"end-of-play", "2007 62D", "trick12-corrected", 11, "aan het einde van het afspel"},
		{"hands-returned", "2007 64B6", "equity-review", 10, "nadat de handen in het bord zijn geborgen"},
		{"after-round", "2007 64B5", "equity-review", 10, "na de ronde"},
	} {
		code, out, stderr := runCmd(t, nil, "-q", "-equity=false", "-edition", "2007", "-attention", c.att, "-o", "-", in)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.att, code, stderr)
		}
		rows := parseRows(t, out)
		sum := checkRows(t, rows)
		if sum.str("attention") != c.att {
			t.Errorf("%s: summary attention %q", c.att, sum.str("attention"))
		}
		var rv row
		for _, r := range rows {
			if r.str("type") == "revoke" {
				rv = r
			}
		}
		flags := ""
		if fl, ok := rv["flags"].([]any); ok {
			for i, f := range fl {
				if i > 0 {
					flags += " "
				}
				flags += fmt.Sprint(f)
			}
		}
		if rv.str("rule") != c.rule || flags != c.flags || rv.num("tricks_adjusted") != c.adjusted {
			t.Errorf("%s: revoke row %v", c.att, rv)
		}

		dir := t.TempDir()
		csvOut := filepath.Join(dir, "r.csv")
		if code, _, stderr := runCmd(t, nil, "-q", "-equity=false", "-edition", "2007", "-attention", c.att, "-o", csvOut, in); code != 0 {
			t.Fatalf("%s csv: exit %d: %s", c.att, code, stderr)
		}
		data, err := os.ReadFile(filepath.Join(dir, "r.summary.csv"))
		if err != nil {
			t.Fatal(err)
		}
		if lines := strings.Split(strings.TrimSpace(string(data)), "\n"); len(lines) != 2 ||
			!strings.Contains(lines[0], "attention") || !strings.Contains(lines[1], ","+c.att+",") {
			t.Errorf("%s: summary.csv %q", c.att, data)
		}
		data, err = os.ReadFile(csvOut)
		if err != nil || !strings.Contains(string(data), c.rule) {
			t.Errorf("%s: csv rows %q %v", c.att, data, err)
		}

		xlsxOut := filepath.Join(dir, "r.xlsx")
		if code, _, stderr := runCmd(t, nil, "-q", "-equity=false", "-lang", "nl", "-edition", "2007", "-attention", c.att, "-o", xlsxOut, in); code != 0 {
			t.Fatalf("%s xlsx: exit %d: %s", c.att, code, stderr)
		}
		if got := summaryValue(t, xlsxOut, "Onregelmatigheid opgemerkt"); got != c.nl {
			t.Errorf("%s: Summary sheet says %q, want %q", c.att, got, c.nl)
		}
	}
}

// summaryValue returns the value beside label on a workbook's first sheet.
func summaryValue(t *testing.T, name, label string) string {
	t.Helper()
	f, err := excelize.OpenFile(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if len(r) > 1 && r[0] == label {
			return r[1]
		}
	}
	t.Errorf("%s: no %q on the first sheet", name, label)
	return ""
}

// TestIDsAcrossCopies: a revoke's id is the record's (output.md `id`):
// the sample's PBN files copied under other names, into another folder,
// with CRLF line ends, or as a zip member give the ids of the sample's
// own run, each to the same game.
func TestIDsAcrossCopies(t *testing.T) {
	names, _ := filepath.Glob("sample/*.pbn")
	ids := func(t *testing.T, path string) map[string]int {
		t.Helper()
		code, out, stderr := runCmd(t, nil, "-q", "-equity=false", "-o", "-", path)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		got := map[string]int{}
		for _, r := range parseRows(t, out) {
			if r.str("type") == "revoke" {
				got[r.str("id")] = r.num("game")
			}
		}
		return got
	}
	for _, tc := range []struct {
		name string
		copy func(dir, name string, data []byte) string // writes the copy, returns the path to read
	}{
		{"another name", func(dir, _ string, data []byte) string {
			p := filepath.Join(dir, "renamed.PBN")
			os.WriteFile(p, data, 0o644)
			return p
		}},
		{"another folder", func(dir, name string, data []byte) string {
			p := filepath.Join(dir, "club", "2024", filepath.Base(name))
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, data, 0o644)
			return filepath.Join(dir, "club")
		}},
		{"CRLF", func(dir, _ string, data []byte) string {
			p := filepath.Join(dir, "crlf.pbn")
			os.WriteFile(p, []byte(strings.ReplaceAll(string(data), "\n", "\r\n")), 0o644)
			return p
		}},
		{"a zip member", func(dir, _ string, data []byte) string {
			p := filepath.Join(dir, "a.zip")
			os.WriteFile(p, pbntest.Zip(t, "x/y.pbn", string(data)), 0o644)
			return p
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := 0
			for _, name := range names {
				want := ids(t, name)
				data, err := os.ReadFile(name)
				if err != nil {
					t.Fatal(err)
				}
				got := ids(t, tc.copy(t.TempDir(), name, data))
				if !maps.Equal(got, want) {
					t.Errorf("%s: ids %v, want %v", name, got, want)
				}
				n += len(want)
			}
			if n == 0 {
				t.Fatal("the sample has no revokes")
			}
		})
	}
}
