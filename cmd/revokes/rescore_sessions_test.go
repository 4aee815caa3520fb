package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"revokes/pbn/pbntest"
)

// rescoreFixture is a file of testdata/rescore.
func rescoreFixture(name string) string {
	return filepath.Join("..", "..", "testdata", "rescore", name)
}

// TestRescoreSessionsCSV: NAME.rescore-sessions.csv holds the
// rescore_session rows of the JSON Lines report, one line per session
// with the same values, and the summary gains stated and reproduced
// (rescoring.md §9).
func TestRescoreSessionsCSV(t *testing.T) {
	ins := []string{rescoreFixture("worked.pbn"), rescoreFixture("scoretable.pbn"), rescoreFixture("vgpairs.lin")}
	_, out, _ := runCmd(t, nil, append([]string{"-q", "-o", "-", "-equity=false", "-rescore"}, ins...)...)
	rows := parseRows(t, out)
	sum := checkRows(t, rows)
	var want [][]string
	for _, r := range rows {
		if r.str("type") != "rescore_session" {
			continue
		}
		n := func(k string) string { return strconv.Itoa(r.num(k)) }
		want = append(want, []string{r.str("file"), r.str("event"), r.str("section"), r.str("method"), r.str("why"),
			n("boards"), n("stated"), n("reproduced"), n("totals_stated"), n("totals_reproduced"), r.str("note")})
	}
	// worked (22 of 22), scoretable (16 of 17, totals 3 of 3), vgpairs
	// (refused).
	if len(want) != 3 || want[0][6] != "22" || want[0][7] != "22" || want[1][8] != "3" || want[2][4] != "pairs-on-two-rooms" {
		t.Fatalf("rescore_session rows: %v", want)
	}
	if sum.num("stated") != 22+17+3 || sum.num("reproduced") != 22+16+3 {
		t.Errorf("summary: %d of %d reproduced", sum.num("reproduced"), sum.num("stated"))
	}
	dir := t.TempDir()
	if code, _, errs := runCmd(t, nil, append([]string{"-q", "-o", filepath.Join(dir, "x.csv"), "-equity=false", "-rescore"}, ins...)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	f, err := os.Open(filepath.Join(dir, "x.rescore-sessions.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	got[0][0] = strings.TrimPrefix(got[0][0], "\ufeff")
	if strings.Join(got[0], ",") != "file,event,section,method,why,boards,stated,reproduced,totals_stated,totals_reproduced,note" {
		t.Errorf("header %v", got[0])
	}
	if len(got)-1 != len(want) {
		t.Fatalf("%d lines, want %d", len(got)-1, len(want))
	}
	for i, w := range want {
		if strings.Join(got[i+1], "|") != strings.Join(w, "|") {
			t.Errorf("line %d: %v, want %v", i+1, got[i+1], w)
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, "x.summary.csv"))
	if !strings.Contains(string(b), "rank_changes,stated,reproduced") || !strings.Contains(string(b), ",42,41") {
		t.Errorf("summary: %s", b)
	}
}

// TestRescoreMethodAgainstSession: a teams method on a field of more than
// two tables is refused, from -scoring or the file, with the reason; a
// two-table match may be matchpointed (rescoring.md §9).
func TestRescoreMethodAgainstSession(t *testing.T) {
	cases := []struct {
		in, flag, why, method string
		boards                int
	}{
		{"neuberg.pbn", "bam", "teams-on-field", "bam", 0},
		{"neuberg.pbn", "imp", "teams-on-field", "imp", 0},
		{"worked.pbn", "bam", "teams-on-field", "bam", 0},
		{"rotated.pbn", "mp", "flag", "mp", 2},
		{"rotated.pbn", "", "tag", "imp", 2},
		{"vgpairs.lin", "", "pairs-on-two-rooms", "mp", 0},
	}
	for _, c := range cases {
		args := []string{"-q", "-o", "-", "-equity=false", "-rescore"}
		if c.flag != "" {
			args = append(args, "-scoring", c.flag)
		}
		_, out, _ := runCmd(t, nil, append(args, rescoreFixture(c.in))...)
		var got []row
		boards := 0
		for _, r := range parseRows(t, out) {
			switch r.str("type") {
			case "rescore_session":
				got = append(got, r)
			case "rescore_board":
				boards++
				if r.num("tables") > 2 && (c.flag == "bam" || c.flag == "imp") {
					t.Errorf("%s -scoring %s: a board of %d tables scored as a match", c.in, c.flag, r.num("tables"))
				}
			}
		}
		if len(got) != 1 || got[0].str("why") != c.why || got[0].str("method") != c.method || got[0].num("boards") != c.boards || boards != c.boards {
			t.Errorf("%s -scoring %q: sessions %v, %d boards; want why %s, method %s, %d boards", c.in, c.flag, got, boards, c.why, c.method, c.boards)
		}
		if c.boards == 0 && !strings.Contains(out, `"code":"method-unknown"`) {
			t.Errorf("%s -scoring %q: no method-unknown", c.in, c.flag)
		}
	}
}

// TestRescoreEverySessionChecked: a session no revoke changes is checked
// all the same: every board gets its rescore_board row (changed false),
// and its rescore_session row counts what the file states (rescoring.md
// §9), here on the shared 22-table national final, which has no play.
func TestRescoreEverySessionChecked(t *testing.T) {
	in := filepath.Join(pbntest.CorpusDir(t), "lucbellicaud__bridgetrainer", "Boards", "Pbns", "open2dn1nationalfinaledirecte21-22-sance1.pbn")
	_, out, _ := runCmd(t, nil, "-q", "-o", "-", "-equity=false", "-rescore", in)
	rows := parseRows(t, out)
	checkRows(t, rows)
	boards, stated := 0, 0
	var sessions []row
	for _, r := range rows {
		switch r.str("type") {
		case "rescore_board":
			boards++
			stated += r.num("stated")
			if r["changed"] != false {
				t.Errorf("board %s changed without a revoke", r.str("board"))
			}
		case "rescore_session":
			sessions = append(sessions, r)
		}
	}
	if len(sessions) != 1 || boards == 0 || sessions[0].num("boards") != boards || sessions[0].num("stated") != stated || stated == 0 {
		t.Errorf("%d boards (%d stated values), sessions %v", boards, stated, sessions)
	}
}

// TestRescoreChecksBlock: the Summary sheet lists every session in its
// Checks block, in English and Dutch: the method and why, and the counts
// of boards, stated and reproduced values and totals, as numbers.
func TestRescoreChecksBlock(t *testing.T) {
	ins := []string{rescoreFixture("worked.pbn"), rescoreFixture("scoretable.pbn"), rescoreFixture("vgpairs.lin")}
	for _, c := range []struct{ lang, checks, worked, refused string }{
		{"en", "Checks", "matchpoints, from the file", "not re-scored: pairs scoring on the two rooms of a vugraph"},
		{"nl", "Controles", "matchpunten, uit het bestand", "niet herberekend: parentelling op de twee zalen van een vugraph"},
	} {
		out := filepath.Join(t.TempDir(), "r.xlsx")
		if code, _, errs := runCmd(t, nil, append([]string{"-q", "-lang", c.lang, "-equity=false", "-rescore", "-o", out}, ins...)...); code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		f, err := excelize.OpenFile(out)
		if err != nil {
			t.Fatal(err)
		}
		sheet := f.GetSheetName(0)
		rows, _ := f.GetRows(sheet)
		at := -1
		for i, r := range rows {
			if len(r) > 0 && r[0] == c.checks {
				at = i
			}
		}
		if at < 0 || len(rows) < at+5 {
			t.Fatalf("%s: no Checks block with three sessions in %v", c.lang, rows)
		}
		want := [][]string{
			{"Worked example", c.worked, "1", "22", "22", "0", "0"},
			{"Club session", "", "3", "17", "16", "3", "3"},
			{"Pairs vugraph / Seg 1", c.refused, "0", "0", "0", "0", "0"},
		}
		for i, w := range want {
			r := rows[at+2+i]
			if len(r) < 7 || r[0] != w[0] || !strings.HasPrefix(r[1], w[1]) || strings.Join(r[2:7], " ") != strings.Join(w[2:], " ") {
				t.Errorf("%s: row %d = %q, want %q", c.lang, i, r, w)
			}
		}
		// The counts are numbers, not text.
		cell, _ := excelize.CoordinatesToCellName(4, at+3)
		if typ, _ := f.GetCellType(sheet, cell); typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString {
			t.Errorf("%s: %s is text", c.lang, cell)
		}
		f.Close()
	}
}

// Two deals for vugraph fixtures, and a board of each in both rooms: the
// open room's North-South is the header's first team.
const (
	vgDealA = "3SKJTHAKQJTD73CA98,SAQ4H98DT982CKQJT,S7652H432DAKQC543,"
	vgDealB = "3SAKQHJT9D876C5432,SJT9H876D5432CAKQ,S876H5432DAKQCJT9,"
)

// vgBoard is a board of deal played in 3NT by North (deal B) or 2H by
// South (deal A) in both rooms, with the tricks of each room.
func vgBoard(n int, deal string, open, closed int) string {
	call, lead := "3N", "S2"
	if deal == vgDealA {
		call, lead = "2H", "D2"
	}
	var b strings.Builder
	for _, r := range []struct {
		room   string
		tricks int
	}{{"o", open}, {"c", closed}} {
		bid := "mb|" + call + "|mb|p|mb|p|mb|p|"
		if call == "2H" {
			bid = "mb|p|mb|p|mb|2H|mb|p|mb|p|mb|p|"
		}
		b.WriteString("qx|" + r.room + strconv.Itoa(n) + "|md|" + deal + "|sv|o|" + bid + "pc|" + lead + "|mc|" + strconv.Itoa(r.tricks) + "|\n")
	}
	return b.String()
}

// vgSegment is a vugraph file: the header, eight names, the boards.
func vgSegment(header string, boards ...string) string {
	return "vg|" + header + "|\npn|s1,w1,n1,e1,s2,w2,n2,e2|\n" + strings.Join(boards, "")
}

// TestRescoreVugraphSegments: a vugraph session is one file's segment
// (rescoring.md §9): board numbers reused by another file, even under the
// very same vg header, are other boards, never a fouled-board; two deals
// under one number inside one file are. Each segment's carry-overs are
// checked against the previous segment of the match: its carry-overs
// plus the IMPs each team won there.
func TestRescoreVugraphSegments(t *testing.T) {
	// Segment 1: board 1 (3NT= against 3NT-1: 450, 10 IMPs to Home),
	// board 2 (2H= against 2H+1: 30, 1 IMP to Visit); Home brings 5.
	seg1 := vgSegment("Teams vugraph,Seg 1/3,I,1,2,Home,5,Visit,0", vgBoard(1, vgDealB, 9, 8), vgBoard(2, vgDealA, 8, 9))
	// Segment 2 reuses the numbers for the other deals; the teams are
	// written the other way round: Visit 0+1, Home 5+10.
	seg2 := func(visit, home string) string {
		return vgSegment("Teams vugraph,Seg 2/3,I,1,2,Visit,"+visit+",Home,"+home, vgBoard(1, vgDealA, 8, 8), vgBoard(2, vgDealB, 9, 9))
	}
	type want struct {
		stated, repr, fouled, mismatch int
		note                           string
	}
	cases := []struct {
		name  string
		files map[string]string
		want  map[string]want // by file
	}{
		{"reproduced", map[string]string{"s1.lin": seg1, "s2.lin": seg2("1", "15")},
			map[string]want{"s1.lin": {note: "no previous segment"}, "s2.lin": {stated: 2, repr: 2}}},
		{"mismatch", map[string]string{"s1.lin": seg1, "s2.lin": seg2("1", "16")},
			map[string]want{"s1.lin": {note: "no previous segment"}, "s2.lin": {stated: 2, repr: 1, mismatch: 1}}},
		{"zero", map[string]string{"s1.lin": strings.Replace(seg1, "Home,5", "Home,0", 1), "s2.lin": seg2("0", "0")},
			map[string]want{"s1.lin": {}, "s2.lin": {}}},
		{"same header twice", map[string]string{"s1.lin": seg1, "s1b.lin": seg1, "s2.lin": seg2("1", "15")},
			map[string]want{"s1.lin": {note: "no previous segment"}, "s1b.lin": {note: "no previous segment"}, "s2.lin": {note: "2 files claim"}}},
		{"unnumbered", map[string]string{"s1.lin": strings.Replace(seg1, "Seg 1/3", "First half", 1), "s2.lin": strings.Replace(seg2("1", "15"), "Seg 2/3", "Second half", 1)},
			map[string]want{"s1.lin": {note: "no previous segment"}, "s2.lin": {note: "no previous segment"}}},
		{"fouled inside a file", map[string]string{"s1.lin": seg1 + vgBoard(2, vgDealB, 9, 9)},
			map[string]want{"s1.lin": {fouled: 2, note: "no previous segment"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			var files []string
			for name, text := range c.files {
				files = append(files, filepath.Join(dir, name))
				if err := os.WriteFile(files[len(files)-1], []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, out, _ := runCmd(t, nil, append([]string{"-q", "-o", "-", "-equity=false", "-rescore", "-workers", "1"}, files...)...)
			rows := parseRows(t, out)
			checkRows(t, rows)
			got := map[string]want{}
			for _, r := range rows {
				f := filepath.Base(r.str("file"))
				w := got[f]
				switch {
				case r.str("type") == "rescore_session":
					if r.str("method") != "imp" || r.num("boards") < 2 || r.num("reproduced") != r.num("stated") {
						t.Errorf("%s: session %v", f, r)
					}
					w.stated, w.repr = r.num("totals_stated"), r.num("totals_reproduced")
					for _, n := range []string{"no previous segment", "2 files claim"} {
						if strings.Contains(r.str("note"), n) {
							w.note = n
						}
					}
				case r.str("code") == "fouled-board":
					w.fouled++
				case r.str("code") == "method-mismatch" && strings.Contains(r.str("message"), "carries over"):
					w.mismatch++
				}
				got[f] = w
			}
			for f, w := range c.want {
				if got[f] != w {
					t.Errorf("%s: %+v, want %+v", f, got[f], w)
				}
			}
		})
	}
}

// TestRescoreVugraphCorpus: on the shared vugraph folders no session
// reports a fouled-board that is not one: every fouled-board names a
// board number under which its own file holds two deals; the carry-overs
// checked are counted in the sessions' totals.
func TestRescoreVugraphCorpus(t *testing.T) {
	dir := filepath.Join(pbntest.CorpusDir(t), "hamzaco__bridge_bidding")
	_, out, _ := runCmd(t, nil, "-q", "-o", "-", "-equity=false", "-rescore", dir)
	rows := parseRows(t, out)
	checkRows(t, rows)
	fouled, sessions, carries := 0, 0, 0
	deals := map[string]map[string]map[string]bool{} // file → board → deals
	for _, r := range rows {
		switch {
		case r.str("type") == "rescore_session":
			sessions++
			carries += r.num("totals_stated")
		case r.str("code") == "fouled-board":
			fouled++
			f := r.str("file")
			if deals[f] == nil {
				deals[f] = fileDeals(t, f)
			}
			board := strings.TrimPrefix(strings.SplitN(r.str("message"), ":", 2)[0], "board ")
			if len(deals[f][board]) < 2 {
				t.Errorf("%s board %s: fouled-board, but the file holds one deal under the number", f, board)
			}
		}
	}
	if sessions < 500 || carries == 0 {
		t.Errorf("%d sessions, %d carry-overs checked", sessions, carries)
	}
	t.Logf("%d sessions, %d fouled-board, %d carry-overs checked", sessions, fouled, carries)
}

// fileDeals reads a file's boards: for each board number, its deals,
// rotations made one.
func fileDeals(t *testing.T, file string) map[string]map[string]bool {
	recs := refRead(t, []string{file})
	out := map[string]map[string]bool{}
	for _, r := range recs {
		if out[r.board] == nil {
			out[r.board] = map[string]bool{}
		}
		out[r.board][refCanon(r.deal).String()] = true
	}
	return out
}

// TestRescoreReferenceVugraphFolders compares the command with the second
// reading of rescoring.md (rescore_ref_test.go) on whole vugraph folders
// of the shared corpus read in one run: sessions per file segment, no
// board of one file grouped with another's, the same fouled-board,
// field-missing and method-unknown counts.
func TestRescoreReferenceVugraphFolders(t *testing.T) {
	root := filepath.Join(pbntest.CorpusDir(t), "hamzaco__bridge_bidding", "All records")
	for _, folder := range []string{"2008 Polish Premier League", "2005 Australian Summer Festival", "Spingold Cup", "2009 Women US Bridge Championship"} {
		t.Run(folder, func(t *testing.T) {
			ents, err := os.ReadDir(filepath.Join(root, folder))
			if err != nil {
				t.Skip(err)
			}
			var files []string
			for _, e := range ents {
				if !e.IsDir() {
					files = append(files, filepath.Join(root, folder, e.Name()))
				}
			}
			b, r := refCompare(t, files, "")
			if b == 0 {
				t.Errorf("no board compared")
			}
			t.Logf("%d files, %d boards, %d rank rows", len(files), b, r)
		})
	}
}
