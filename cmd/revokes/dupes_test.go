package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revokes/pbn"
	"revokes/pbn/pbnfile"
	"revokes/pbn/pbntest"
)

// TestDuplicateArchive checks laws.md A23 end to end: an archive given
// twice on the command line counts once. The second copy's boards are
// analysed and written, each with a duplicate-record warning naming the
// first copy, its revoke rows flagged duplicate with duplicate_of; the
// summary counts them in games and games_duplicate only, whatever
// -workers says.
func TestDuplicateArchive(t *testing.T) {
	data, err := os.ReadFile(td + "/tree/a.pbn")
	if err != nil {
		t.Fatal(err)
	}
	zipPath := filepath.Join(t.TempDir(), "a.zip")
	if err := os.WriteFile(zipPath, pbntest.Zip(t, "a.pbn", string(data)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, once, _ := runCmd(t, nil, "-q", "-o", "-", zipPath)
	one := checkRows(t, parseRows(t, once))
	var outs []string
	for _, w := range []string{"1", "3"} {
		code, out, stderr := runCmd(t, nil, "-q", "-workers", w, "-o", "-", zipPath, zipPath)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		outs = append(outs, out)
	}
	if elapsed.ReplaceAllString(outs[0], "") != elapsed.ReplaceAllString(outs[1], "") {
		t.Error("reports differ between -workers 1 and 3")
	}
	rows := parseRows(t, outs[0])
	sum := checkRows(t, rows)
	n := one.num("games")
	if n == 0 || one.num("revokes") == 0 {
		t.Fatalf("the archive has %d games, %d revokes", n, one.num("revokes"))
	}
	if sum.num("games") != 2*n || sum.num("games_duplicate") != n || sum.num("games_analysed") != 2*one.num("games_analysed") {
		t.Errorf("summary %v, want %d games, %d duplicate", sum, 2*n, n)
	}
	for _, k := range []string{"games_with_play", "revokes", "revokes_plausible", "revokes_suspect",
		"revokes_undetermined", "established", "tricks_transferred", "revokes_applied", "equity_short"} {
		if sum.num(k) != one.num(k) {
			t.Errorf("%s = %d, want %d as for one copy", k, sum.num(k), one.num(k))
		}
	}
	dupRevokes, warnings := 0, 0
	for _, r := range rows {
		switch {
		case r.str("type") == "revoke" && r.num("game") > n:
			t.Errorf("revoke row of game %d: games are numbered per file", r.num("game"))
		case r.str("type") == "revoke":
			flags := fmt.Sprint(r["flags"])
			if r["duplicate_of"] == nil {
				if strings.Contains(flags, "duplicate") {
					t.Errorf("first copy flagged: %v", r)
				}
				continue
			}
			dupRevokes++
			if want := fmt.Sprintf("%s!a.pbn!%d", zipPath, r.num("game")); r.str("duplicate_of") != want || !strings.Contains(flags, "duplicate") {
				t.Errorf("duplicate_of %q, flags %s; want %q and the flag", r.str("duplicate_of"), flags, want)
			}
		case r.str("type") == "problem" && r.str("code") == "duplicate-record":
			warnings++
			if r.str("severity") != "warning" || !strings.Contains(r.str("message"), zipPath+"!a.pbn, game ") {
				t.Errorf("duplicate-record %v", r)
			}
		}
	}
	if dupRevokes != one.num("revokes") || warnings != n {
		t.Errorf("%d duplicate revoke rows, %d warnings; want %d and %d", dupRevokes, warnings, one.num("revokes"), n)
	}
}

// TestBoardKey checks that a board's key depends on what makes it one
// board (laws.md A23: event, board, room, deal, players, every card of the
// play) and on nothing else (file, game, site, date, result).
func TestBoardKey(t *testing.T) {
	base := func() *pbn.Board {
		b := &pbn.Board{File: "a.lin", Index: 3,
			Tags:    []pbn.Tag{{Name: "Event", Value: "Cup"}, {Name: "Site", Value: "X"}, {Name: "Board", Value: "7"}, {Name: "Room", Value: "Open"}},
			Players: [4]string{"n", "e", "s", "w"}, Given: [4]bool{true, true, true, true}}
		b.Deal[0], b.Deal[1], b.Deal[2], b.Deal[3] = 0xf, 0xf0, 0xf00, 0xf000
		b.Play = []pbn.Play{{Seat: pbn.East, Card: 0x12}, {Seat: pbn.South, Card: 0x13}}
		return b
	}
	var buf []byte
	key := func(b *pbn.Board) dupKey {
		var k dupKey
		k, buf = keyOf(buf, b)
		return k
	}
	k0 := key(base())
	same := map[string]func(*pbn.Board){
		"file and game": func(b *pbn.Board) { b.File, b.Index = "b.lin", 9 },
		"site":          func(b *pbn.Board) { b.Tags[1].Value = "Y" },
		"result":        func(b *pbn.Board) { b.Result, b.HasResult = 9, true },
		"mark":          func(b *pbn.Board) { b.Play[1].Mark = 'R' },
	}
	other := map[string]func(*pbn.Board){
		"event":   func(b *pbn.Board) { b.Tags[0].Value = "Cup 2" },
		"board":   func(b *pbn.Board) { b.Tags[2].Value = "8" },
		"room":    func(b *pbn.Board) { b.Tags[3].Value = "Closed" },
		"deal":    func(b *pbn.Board) { b.Deal[0], b.Deal[1] = b.Deal[1], b.Deal[0] },
		"hidden":  func(b *pbn.Board) { b.Given[3] = false },
		"players": func(b *pbn.Board) { b.Players[0], b.Players[1] = "ne", "" },
		"card":    func(b *pbn.Board) { b.Play[1].Card = 0x14 },
		"seat":    func(b *pbn.Board) { b.Play[1].Seat = pbn.West },
		"more":    func(b *pbn.Board) { b.Play = append(b.Play, pbn.Play{Seat: pbn.West, Card: 0x15}) },
	}
	for name, change := range same {
		b := base()
		change(b)
		if key(b) != k0 {
			t.Errorf("%s changed the key", name)
		}
	}
	for name, change := range other {
		b := base()
		change(b)
		if key(b) == k0 {
			t.Errorf("%s left the key as it was", name)
		}
	}
	if k := key(&pbn.Board{Tags: []pbn.Tag{{Name: "Event", Value: "x"}}}); k != (dupKey{}) {
		t.Errorf("a record with neither deal nor play has key %v, want none", k)
	}
}

// TestVugraphFolder runs the shared vugraph folders as one folder: every
// file is read by its content whatever its name (Segment 3.txt), the empty
// ones are counted as not record files with no problem row, no auction
// cell is a bad call (laws.md A22), and the segments stored twice (under
// two names, or as LIN and PBN) are counted once (A23).
func TestVugraphFolder(t *testing.T) {
	dir := filepath.Join(pbntest.CorpusDir(t), "hamzaco__bridge_bidding")
	files, empty := 0, 0
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files++
			if fi, err := d.Info(); err == nil && fi.Size() == 0 {
				empty++
			}
		}
		return nil
	})
	code, out, stderr := runCmd(t, nil, "-q", "-o", "-", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows := parseRows(t, out)
	sum := checkRows(t, rows)
	if sum.num("files") != files-empty || sum.num("files_not_records") != empty {
		t.Errorf("files %d, not records %d; want %d and the %d empty ones", sum.num("files"), sum.num("files_not_records"), files-empty, empty)
	}
	warnings := 0
	for _, r := range rows {
		switch r.str("code") {
		case "unknown-format", "bad-call":
			t.Errorf("problem %v", r)
		case "duplicate-record":
			warnings++
		}
	}
	if sum.num("games_duplicate") == 0 || warnings != sum.num("games_duplicate") {
		t.Errorf("%d duplicates, %d duplicate-record warnings", sum.num("games_duplicate"), warnings)
	}
	if sum.num("games_with_play")+sum.num("games_duplicate") > sum.num("games") {
		t.Errorf("summary %v: later copies among the boards with play", sum)
	}
}

// TestAppendPlay checks the quick path of appendPlay against the bytes it
// stands for (seat, card and a zero for the mark, a card after another),
// for every length of play and marks anywhere.
func TestAppendPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := range 53 {
		play := make([]pbn.Play, n)
		var want []byte
		for i := range play {
			play[i] = pbn.Play{Seat: pbn.Seat(r.IntN(4)), Card: pbn.Card(r.IntN(64)), Mark: byte(r.IntN(2)) * 'R'}
			want = append(want, byte(play[i].Seat), byte(play[i].Card), 0)
		}
		prefix := []byte{7, 8, 9}
		got := appendPlay(prefix, play)
		if !bytes.Equal(got[:3], prefix) || !bytes.Equal(got[3:], want) {
			t.Fatalf("%d cards: % x, want 07 08 09 % x", n, got, want)
		}
	}
}

// BenchmarkKeyOf makes the keys of generated boards (laws.md A23), as
// each worker does for every board it analyses.
func BenchmarkKeyOf(b *testing.B) {
	const n = 1000
	bs, errs := pbntest.ReadAll(b, "bench.pbn", pbnfile.NewReader(bytes.NewReader(pbntest.Archive(b, pbn.FormatPBN, n, false))))
	if len(bs) != n || len(errs) > 0 {
		b.Fatalf("%d boards, %d errors", len(bs), len(errs))
	}
	var buf []byte
	var k dupKey
	b.ReportAllocs()
	for b.Loop() {
		for _, bd := range bs {
			k, buf = keyOf(buf, bd)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/board")
	_ = k
}
