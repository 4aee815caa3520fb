package main

import (
	"archive/zip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"revokes/correct"
)

// sampleCopies copies the PBN files of the built-in sample into dir/in,
// the last one as the member of dir/in.zip; it returns the two paths.
func sampleCopies(t *testing.T, dir string) (folder, archive string) {
	t.Helper()
	names, _ := filepath.Glob("sample/*.pbn")
	if len(names) < 2 {
		t.Fatal("the sample has too few PBN files")
	}
	folder, archive = filepath.Join(dir, "in"), filepath.Join(dir, "in.zip")
	if err := os.MkdirAll(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	last := len(names) - 1
	for _, n := range names[:last] {
		copyFile(t, n, filepath.Join(folder, filepath.Base(n)))
	}
	f, err := os.Create(archive)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	w, _ := zw.Create("club/" + filepath.Base(names[last]))
	data, _ := os.ReadFile(names[last])
	w.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return folder, archive
}

// revokeRows returns the revoke rows of a report by id, and its summary.
func revokeRows(t *testing.T, out string) (map[string]row, row) {
	t.Helper()
	rows := parseRows(t, out)
	sum := checkRows(t, rows)
	byID := map[string]row{}
	for _, r := range rows {
		if r.str("type") == "revoke" {
			byID[r.str("id")] = r
		}
	}
	return byID, sum
}

func hasFlag(r row, f string) bool {
	fl, _ := r["flags"].([]any)
	return slices.Contains(fl, any(f))
}

// TestCorrectedRoundTrip writes corrected copies of a folder and a zip
// member, reads them again, and checks rescoring.md §10: the same revokes,
// the transfers already in the Result (result-includes-transfer, applied
// nothing twice), and no board whose result still changes.
func TestCorrectedRoundTrip(t *testing.T) {
	dir := t.TempDir()
	folder, archive := sampleCopies(t, dir)
	cdir := filepath.Join(dir, "corrected")
	out, _ := runOK(t, "-q", "-equity=false", "-o", "-", "-corrected", cdir, folder, archive)
	first, sum := revokeRows(t, out)
	changed := map[string]bool{} // files with a board an applied revoke changed
	for _, r := range first {
		if r["applied"] == true && r.num("tricks_adjusted") != r.num("tricks_recorded") {
			changed[r.str("file")] = true
		}
	}
	if len(changed) < 2 || sum.num("corrected_files") != len(changed) {
		t.Fatalf("corrected_files %d, files with a changed board %v", sum.num("corrected_files"), changed)
	}
	// The zip member's copy: DIR/<archive>/<member path>.
	const base = "2019-02-14-club-night.pbn"
	if !changed[archive+"!club/"+base] {
		t.Fatalf("the zip member has no changed board: %v", changed)
	}
	if _, err := os.Stat(filepath.Join(cdir, strings.TrimPrefix(archive, "/"), "club", base)); err != nil {
		t.Errorf("no copy of the zip member: %v", err)
	}

	out, _ = runOK(t, "-q", "-equity=false", "-o", "-", cdir)
	again, _ := revokeRows(t, out)
	for id, r := range first {
		if !changed[r.str("file")] {
			continue
		}
		r2, ok := again[id]
		if !ok {
			t.Errorf("revoke %s of %s not found in the corrected copy", id, r.str("file"))
			continue
		}
		if r2.num("tricks_adjusted") != r2.num("tricks_recorded") {
			t.Errorf("%s: the copy's result still changes: %d → %d", id, r2.num("tricks_recorded"), r2.num("tricks_adjusted"))
		}
		if r["applied"] == true && r.num("tricks_adjusted") != r.num("tricks_recorded") {
			if r2["applied"] != false || r2.str("not_applied") != "already-in-result" || !hasFlag(r2, "result-includes-transfer") {
				t.Errorf("%s: read again applied=%v not_applied=%q flags=%v, want the transfer already in the result", id, r2["applied"], r2.str("not_applied"), r2["flags"])
			}
			if r2.num("tricks_recorded") != r.num("tricks_adjusted") {
				t.Errorf("%s: the copy records %d tricks, the first run adjusted to %d", id, r2.num("tricks_recorded"), r.num("tricks_adjusted"))
			}
		}
	}
}

// TestCorrectedNeverOverwrites names the inputs so that their copies
// would replace them: the run refuses each copy with a warning and leaves
// the inputs as they were.
func TestCorrectedNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	folder, _ := sampleCopies(t, dir)
	abs, _ := filepath.Abs(folder)
	before, _ := os.ReadFile(filepath.Join(abs, "2019-02-14-club-night.pbn"))
	out, _ := runOK(t, "-q", "-equity=false", "-o", "-", "-corrected", "/", abs)
	refused := 0
	for _, r := range parseRows(t, out) {
		if r.str("code") == "corrected-not-written" {
			refused++
		}
	}
	_, sum := revokeRows(t, out)
	if refused == 0 || sum.num("corrected_files") != 0 {
		t.Errorf("%d copies refused, %d written; want every copy refused", refused, sum.num("corrected_files"))
	}
	after, _ := os.ReadFile(filepath.Join(abs, "2019-02-14-club-night.pbn"))
	if string(before) != string(after) {
		t.Error("an input was overwritten")
	}
}

// TestCorrectedNotAFolder refuses a -corrected that names a file.
func TestCorrectedNotAFolder(t *testing.T) {
	f := filepath.Join(t.TempDir(), "x")
	os.WriteFile(f, nil, 0o644)
	if code, _, _ := runCmd(t, nil, "-q", "-o", "-", "-corrected", f); code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
}

// TestCorrectedResultForm corrects a board whose Result is written in
// each of its forms: the copy keeps the form (a "^" mark, laws.md A17;
// sides, formats.md) with the new count, and reading the copy again
// finds the transfer in the Result and applies nothing twice
// (rescoring.md §10).
func TestCorrectedResultForm(t *testing.T) {
	data, err := os.ReadFile("sample/2019-02-14-club-night.pbn")
	if err != nil {
		t.Fatal(err)
	}
	record, _, _ := strings.Cut(string(data), "\n\n") // board 1: South 6S, 6 tricks, 8 after the transfers
	const result = "[Result \"6\"]"
	if !strings.Contains(record, result) {
		t.Fatal("the sample's board 1 changed: no Result 6")
	}
	tests := []struct{ name, value, want string }{
		{"a number", "6", "8"},
		{"marked", "^6", "^8"},
		{"marked, a space after the mark", "^ 6", "^ 8"},
		{"marked, not the play's count", "^5", "^8"},
		{"by sides", "NS 6 EW 7", "NS 8 EW 5"},
		{"by sides, East-West first", "EW 7 NS 6", "EW 5 NS 8"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(dir, "in", "board.pbn")
			os.MkdirAll(filepath.Dir(in), 0o755)
			src := strings.Replace(record, result, "[Result \""+tc.value+"\"]", 1) + "\n"
			if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			cdir := filepath.Join(dir, "corrected")
			out, _ := runOK(t, "-q", "-equity=false", "-o", "-", "-corrected", cdir, filepath.Join(dir, "in"))
			first, _ := revokeRows(t, out)
			got, err := os.ReadFile(filepath.Join(cdir, strings.TrimPrefix(in, "/")))
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Replace(src, "[Result \""+tc.value+"\"]", "[Result \""+tc.want+"\"]", 1)
			if gotHead, _, _ := strings.Cut(string(got), "[RevokeRuling"); gotHead != want {
				t.Errorf("copy\n%s\nwant before the RevokeRuling tags\n%s", got, want)
			}
			out, _ = runOK(t, "-q", "-equity=false", "-o", "-", cdir)
			again, _ := revokeRows(t, out)
			if len(again) != len(first) {
				t.Fatalf("%d revokes read again, %d first", len(again), len(first))
			}
			for id, r := range first {
				r2 := again[id]
				if r["applied"] == true && (r2["applied"] != false || r2.str("not_applied") != "already-in-result" || !hasFlag(r2, "result-includes-transfer")) {
					t.Errorf("%s: read again applied=%v not_applied=%q flags=%v", id, r2["applied"], r2.str("not_applied"), r2["flags"])
				}
				if r2.num("tricks_recorded") != 8 || r2.num("tricks_adjusted") != 8 {
					t.Errorf("%s: read again %d → %d tricks, want 8 → 8", id, r2.num("tricks_recorded"), r2.num("tricks_adjusted"))
				}
			}
		})
	}
}

// TestCorrectedLINNotCopied corrects generated archives, one PBN and one
// LIN, each with a board an applied revoke changes: only the PBN file is
// copied, and the Summary and stderr say that the LIN input is not
// (rescoring.md §10).
func TestCorrectedLINNotCopied(t *testing.T) {
	dir := t.TempDir()
	in, cdir := filepath.Join(dir, "in"), filepath.Join(dir, "corrected")
	os.MkdirAll(in, 0o755)
	genInputs(t, in)
	os.Remove(filepath.Join(in, "bad.pbn"))
	out, stderr := runOK(t, "-equity=false", "-apply", "all", "-o", "-", "-corrected", cdir, in)
	_, sum := revokeRows(t, out)
	if sum.num("corrected_files") != 1 || sum.num("corrected_lin_not_copied") != 1 {
		t.Errorf("corrected_files %d, corrected_lin_not_copied %d, want 1 and 1", sum.num("corrected_files"), sum.num("corrected_lin_not_copied"))
	}
	if !strings.Contains(stderr, "1 PBN files written under "+cdir+"; LIN inputs are not copied (1 with a changed board)") {
		t.Errorf("stderr does not say what was copied:\n%s", stderr)
	}
	var copies []string
	filepath.WalkDir(cdir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			copies = append(copies, filepath.Base(p))
		}
		return nil
	})
	if !slices.Equal(copies, []string{"gen.pbn"}) {
		t.Errorf("copies %v, want gen.pbn only", copies)
	}
}

// TestCorrectedDecisions: a director's decisions (-decisions FILE) reach
// the corrected copy (laws.md A24, rescoring.md §10): a no-revoke board
// is not corrected, a board with the director's number of tricks states
// that number on its RevokeRuling tag and in its Result; read again with
// the same decisions, nothing is applied.
func TestCorrectedDecisions(t *testing.T) {
	in := td + "/two.pbn" // two boards, a revoke each: 5 tricks, 2 transferred
	dir := t.TempDir()
	out, _ := runOK(t, "-q", "-equity=false", "-o", "-", in)
	byGame := map[int]row{}
	rows, _ := revokeRows(t, out)
	for _, r := range rows {
		byGame[r.num("game")] = r
	}
	if len(byGame) != 2 || byGame[1].num("tricks_recorded") != 5 || byGame[2].num("tricks_adjusted") != 7 {
		t.Fatalf("testdata two.pbn changed: %v", byGame)
	}
	decisions := filepath.Join(dir, "decisions.csv")
	csv := "id,decision\n" + byGame[1].str("id") + ",no-revoke\n" + byGame[2].str("id") + ",1\n"
	if err := os.WriteFile(decisions, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	cdir := filepath.Join(dir, "corrected")
	out, _ = runOK(t, "-equity=false", "-decisions", decisions, "-o", "-", "-corrected", cdir, in)
	if _, sum := revokeRows(t, out); sum.num("revokes_applied") != 1 || sum.num("corrected_files") != 1 {
		t.Errorf("revokes_applied %d, corrected_files %d, want 1 and 1", sum.num("revokes_applied"), sum.num("corrected_files"))
	}
	src, _ := os.ReadFile(in)
	to, err := correct.Target(cdir, in)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(to)
	if err != nil {
		t.Fatalf("no copy: %v", err)
	}
	records, copies := strings.Split(string(src), "\n\n"), strings.Split(string(got), "\n\n")
	if len(records) != len(copies) || records[0] != copies[0] {
		t.Errorf("the no-revoke board changed:\n%s", copies[0])
	}
	ruling := "[RevokeRuling \"" + byGame[2].str("id") + " "
	if len(copies) > 1 && (!strings.Contains(copies[1], "[Result \"6\"]") || !strings.Contains(copies[1], ruling) ||
		!strings.Contains(copies[1][strings.Index(copies[1], ruling):], " 1\"]")) {
		t.Errorf("the director's one trick is not in the copy:\n%s", copies[1])
	}
	out, _ = runOK(t, "-q", "-equity=false", "-decisions", decisions, "-o", "-", cdir)
	again, sum := revokeRows(t, out)
	if sum.num("revokes_applied") != 0 {
		t.Errorf("read again, %d revokes applied", sum.num("revokes_applied"))
	}
	for _, r := range again {
		if r.num("tricks_adjusted") != r.num("tricks_recorded") {
			t.Errorf("read again, game %d: %d → %d tricks", r.num("game"), r.num("tricks_recorded"), r.num("tricks_adjusted"))
		}
	}
}

// TestCorrectedResultHolds: -corrected on an archive whose Result already
// holds the transfer (a director's ruling entered by hand, laws.md A24)
// writes no copy and applies nothing; a Result marked "^" is never
// compared with the play (laws.md A17) without the corrected copy's
// RevokeRuling tags, so its revokes are applied and the copy written.
func TestCorrectedResultHolds(t *testing.T) {
	data, err := os.ReadFile(td + "/two.pbn") // two boards, 5 tricks, 2 transferred each
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, result     string
		applied, copies  int
		recorded, adjust int
		notApplied       string
	}{
		{"the transfer in the Result", "7", 0, 0, 7, 7, "already-in-result"},
		{"a marked Result", "^7", 2, 1, 5, 7, ""},
		{"the play's Result", "5", 2, 1, 5, 7, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(dir, "in")
			os.MkdirAll(in, 0o755)
			src := strings.ReplaceAll(string(data), "[Result \"5\"]", "[Result \""+tc.result+"\"]")
			if err := os.WriteFile(filepath.Join(in, "two.pbn"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			out, _ := runOK(t, "-q", "-equity=false", "-o", "-", "-corrected", filepath.Join(dir, "corrected"), in)
			rows, sum := revokeRows(t, out)
			if sum.num("revokes_applied") != tc.applied || sum.num("corrected_files") != tc.copies {
				t.Errorf("revokes_applied %d, corrected_files %d; want %d, %d", sum.num("revokes_applied"), sum.num("corrected_files"), tc.applied, tc.copies)
			}
			for id, r := range rows {
				if r.num("tricks_recorded") != tc.recorded || r.num("tricks_adjusted") != tc.adjust || r.str("not_applied") != tc.notApplied ||
					hasFlag(r, "result-includes-transfer") != (tc.notApplied != "") {
					t.Errorf("%s: %d → %d tricks, not_applied %q, flags %v", id, r.num("tricks_recorded"), r.num("tricks_adjusted"), r.str("not_applied"), r["flags"])
				}
			}
		})
	}
}

// runOK runs the command as runCmd does and returns its standard output
// and standard error, failing the test when it does not exit 0.
func runOK(t *testing.T, args ...string) (string, string) {
	t.Helper()
	code, out, stderr := runCmd(t, nil, args...)
	if code != 0 {
		t.Fatalf("%s: exit %d: %s", strings.Join(args, " "), code, stderr)
	}
	return out, stderr
}
