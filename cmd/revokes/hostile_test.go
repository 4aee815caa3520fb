package main

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// goodPBN is a board of our own with a known revoke (laws.md C5 in full:
// East revokes at trick 12). Every hostile file below puts good boards
// around the damage; they must still be analysed.
const goodPBN = `[Event "Hostile test"]
[Site "Utrecht"]
[Date "2020.01.01"]
[Board "%d"]
[West "Wim"]
[North "Nel"]
[East "Evert"]
[South "Saskia"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:83.AQJ64.JT9.AKQ J96.K97.876.5432 AKT4.T32.AKQ.JT9 Q752.85.5432.876"]
[Declarer "S"]
[Contract "3NT"]
[Result "10"]
[Play "W"]
C6 CA C3 C9
C7 CK C4 CT
C8 CQ C5 CJ
D3 DJ D6 DA
D4 DT D7 DK
D5 D9 D8 DQ
S2 S3 S6 SA
S7 S8 S9 SK
H8 H4 H9 H2
SQ H6 SJ ST
H5 HQ H7 HT
S5 HA C2 H3
D2 HJ HK S4

`

// goodLIN is the same board as one LIN line.
const goodLIN = "qx|o%d|pn|Saskia,Wim,Nel,Evert|md|3S38HAQJ64DJT9CAKQ,S9J6HK97D876C5432,SAKT4HT32DAKQCJT9,S2Q75H85D5432C876|sv|o|" +
	"mb|p|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||pc|C6|pc|CA|pc|C3|pc|C9|pc|CK|pc|C4|pc|CT|pc|C7|pc|CQ|pc|C5|pc|CJ|pc|C8|" +
	"pc|DJ|pc|D6|pc|DA|pc|D3|pc|DK|pc|D4|pc|DT|pc|D7|pc|DQ|pc|D5|pc|D9|pc|D8|pc|SA|pc|S2|pc|S3|pc|S6|" +
	"pc|SK|pc|S7|pc|S8|pc|S9|pc|H2|pc|H8|pc|H4|pc|H9|pc|SJ|pc|ST|pc|SQ|pc|H6|pc|H5|pc|HQ|pc|H7|pc|HT|" +
	"pc|HA|pc|C2|pc|H3|pc|S5|pc|HJ|pc|HK|pc|S4|pc|D2|\n"

func good(n int) string  { return fmt.Sprintf(goodPBN, n) }
func goodL(n int) string { return fmt.Sprintf(goodLIN, n) }
func replace(s, old, new string) string {
	if !strings.Contains(s, old) {
		panic("hostile test: " + old + " not in the board")
	}
	return strings.Replace(s, old, new, 1)
}

// hostileCase is one damaged input and what must survive it.
type hostileCase struct {
	name string
	file string // file name (its extension matters for nothing but readability)
	data []byte
	// goodBoards lists the Board numbers whose revoke row must be in the
	// report: the good records before and after the damage.
	goodBoards []int
	// wantCode is a problem code that must be reported ("" for none).
	wantCode string
	exit     int
}

func hostileCases() []hostileCase {
	rng := rand.New(rand.NewPCG(1, 2))
	garbage := make([]byte, 4096)
	for i := range garbage {
		garbage[i] = byte(rng.Uint32())
	}
	var cases []hostileCase
	// Truncated at every line boundary of the third record.
	lines := strings.SplitAfter(good(3), "\n")
	for i := 1; i < len(lines)-1; i++ {
		cases = append(cases, hostileCase{
			name: fmt.Sprintf("truncated-after-line-%d", i), file: "trunc.pbn",
			data:       []byte(good(1) + good(2) + strings.Join(lines[:i], "")),
			goodBoards: []int{1, 2},
		})
	}
	cases = append(cases,
		hostileCase{name: "binary-garbage", file: "garbage.pbn",
			data:       append(append([]byte(good(1)), garbage...), []byte("\n\n"+good(2))...),
			goodBoards: []int{1, 2}},
		hostileCase{name: "nul-in-tag", file: "nul.pbn",
			data:       []byte(good(1) + replace(good(2), `[Event "Hostile test"]`, "[Event \"Hos\x00tile\"]") + good(3)),
			goodBoards: []int{1, 2, 3}},
		hostileCase{name: "10MB-line", file: "longline.pbn",
			data:       []byte(good(1) + strings.Repeat("x", 10<<20) + "\n\n" + good(2)),
			goodBoards: []int{1, 2}, wantCode: "line-too-long"},
		hostileCase{name: "100000-open-braces", file: "braces.pbn",
			data:       []byte(good(1) + strings.Repeat("{", 100000) + "}\n\n" + good(2)),
			goodBoards: []int{1, 2}},
		hostileCase{name: "14-card-hand", file: "fourteen.pbn",
			data:       []byte(good(1) + replace(good(2), "N:83.AQJ64", "N:832.AQJ64") + good(3)),
			goodBoards: []int{1, 3}, wantCode: "bad-deal"},
		hostileCase{name: "card-in-two-hands", file: "twice.pbn",
			data:       []byte(good(1) + replace(good(2), "J96.K97", "J93.K97") + good(3)),
			goodBoards: []int{1, 3}, wantCode: "bad-deal"},
		hostileCase{name: "play-longer-than-13-tricks", file: "long.pbn",
			data:       []byte(good(1) + replace(good(2), "D2 HJ HK S4\n", "D2 HJ HK S4\nD2 HJ HK S4\n") + good(3)),
			goodBoards: []int{1, 3}},
		hostileCase{name: "contract-8NT", file: "8nt.pbn",
			data:       []byte(good(1) + replace(good(2), `[Contract "3NT"]`, `[Contract "8NT"]`) + good(3)),
			goodBoards: []int{1, 3}},
		hostileCase{name: "contract-0S", file: "0s.pbn",
			data:       []byte(good(1) + replace(good(2), `[Contract "3NT"]`, `[Contract "0S"]`) + good(3)),
			goodBoards: []int{1, 3}},
		hostileCase{name: "date-2017.13.45", file: "date.pbn",
			data:       []byte(good(1) + replace(good(2), `[Date "2020.01.01"]`, `[Date "2017.13.45"]`) + good(3)),
			goodBoards: []int{1, 2, 3}, wantCode: "no-date"},
		hostileCase{name: "lin-pc-before-md", file: "pcfirst.lin",
			data:       []byte(goodL(1) + "qx|o2|pc|C6|pc|CA|md|3S38HAQJ64DJT9CAKQ,S9J6HK97D876C5432,SAKT4HT32DAKQCJT9,|sv|o|\n" + goodL(3)),
			goodBoards: []int{1, 3}},
		hostileCase{name: "lin-mc-over-13", file: "mc.lin",
			data:       []byte(goodL(1) + strings.Replace(goodL(2), "pc|S4|pc|D2|", "pc|S4|pc|D2|mc|14|", 1) + goodL(3)),
			goodBoards: []int{1, 2, 3}},
		hostileCase{name: "empty-file", file: "empty.pbn", data: nil, exit: 1}, // no record at all
		hostileCase{name: "utf16", file: "utf16.pbn", data: utf16LE(good(1) + good(2)), goodBoards: []int{1, 2}},
	)
	return cases
}

// utf16LE encodes s as UTF-16 little endian with a byte-order mark.
func utf16LE(s string) []byte {
	b := []byte{0xff, 0xfe}
	for _, r := range s {
		b = append(b, byte(r), byte(r>>8))
	}
	return b
}

// updateHostile rewrites testdata/hostile from hostileCases.
var updateHostile = flag.Bool("update-hostile", false, "rewrite testdata/hostile")

// hostileDir keeps the small hostile inputs for people to look at and try
// (the large ones, like the 10 MB line, are only made by the test).
const hostileDir = "../../testdata/hostile"

// TestHostileFiles checks that testdata/hostile holds the small hostile
// inputs exactly as hostileCases makes them (go test -run TestHostileFiles
// -update-hostile rewrites them).
func TestHostileFiles(t *testing.T) {
	for _, c := range hostileCases() {
		if len(c.data) > 64<<10 || strings.HasPrefix(c.name, "truncated-") {
			continue
		}
		path := filepath.Join(hostileDir, c.name+"-"+c.file)
		if *updateHostile {
			if err := os.MkdirAll(hostileDir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, c.data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(got, c.data) {
			t.Errorf("%s is missing or out of date (go test -run TestHostileFiles -update-hostile): %v", path, err)
		}
	}
}

// TestHostile runs the command on every damaged input and checks that it
// finishes with the right exit code, keeps the summary invariant, reports
// the damage, and still analyses every good record around it.
func TestHostile(t *testing.T) {
	dir := t.TempDir()
	for _, c := range hostileCases() {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name+"-"+c.file)
			if err := os.WriteFile(path, c.data, 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, errOut := runCmd(t, nil, "-q", "-equity=false", "-o", "-", path)
			if code != c.exit {
				t.Fatalf("exit %d, want %d; stderr %s", code, c.exit, errOut)
			}
			rows := parseRows(t, out)
			checkRows(t, rows)
			revoked := map[string]bool{}
			codes := map[string]bool{}
			for _, r := range rows {
				switch r.str("type") {
				case "revoke":
					revoked[r.str("board")] = true
				case "problem":
					codes[r.str("code")] = true
					if r.num("line") == 0 && r.num("game") == 0 && r.str("code") != "unreadable-file" {
						t.Errorf("problem without a position: %v", r)
					}
				}
			}
			for _, n := range c.goodBoards {
				if !revoked[fmt.Sprint(n)] {
					t.Errorf("good board %d lost; rows:\n%s", n, out)
				}
			}
			if c.wantCode != "" && !codes[c.wantCode] {
				t.Errorf("no %s problem; rows:\n%s", c.wantCode, out)
			}
		})
	}
}

// TestTooManyRecords caps the records of one input: the rest of it is a
// problem row and the exit status 1, not endless work.
func TestTooManyRecords(t *testing.T) {
	defer func(n int) { maxRecords = n }(maxRecords)
	maxRecords = 10
	dir := t.TempDir()
	var pbnText, linText strings.Builder
	for i := 1; i <= 30; i++ {
		pbnText.WriteString(good(i))
		linText.WriteString(goodL(i))
	}
	for name, data := range map[string]string{"many.pbn": pbnText.String(), "many.lin": linText.String()} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, _ := runCmd(t, nil, "-q", "-equity=false", "-o", "-", path)
		if code != 1 {
			t.Errorf("%s: exit %d, want 1", name, code)
		}
		rows := parseRows(t, out)
		sum := checkRows(t, rows)
		if sum.num("games") > 10 || !strings.Contains(out, `"code":"too-many-records"`) {
			t.Errorf("%s: summary %v; want at most 10 games and a too-many-records problem", name, sum)
		}
	}
}
