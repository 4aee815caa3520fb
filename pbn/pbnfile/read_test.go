package pbnfile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revokes/pbn"
	"revokes/pbn/pbntest"
)

// pbnReadAll reads every record of src, returning boards and parse errors.
func pbnReadAll(t testing.TB, file, src string) ([]*pbn.Board, []*pbn.ParseError) {
	t.Helper()
	r := NewReader(strings.NewReader(src))
	r.File = file
	return pbntest.ReadAll(t, file, r)
}

// TestPBNGolden reads every testdata/pbn/*.pbn file and compares its dump
// with the .golden file beside it.
func TestPBNGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "pbn", "*.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			r := NewReader(strings.NewReader(string(src)))
			r.File = filepath.Base(f)
			got := pbntest.DumpAll(r)
			golden := strings.TrimSuffix(f, ".pbn") + ".golden"
			pbntest.Golden(t, golden, got)
		})
	}
}

// TestPBNCorpus reads every real PBN file: no panic, and every card of a
// fully given deal is held by the seat that plays it.
func TestPBNCorpus(t *testing.T) {
	dir := pbntest.CorpusDir(t)
	files := pbntest.CorpusFiles(t, ".pbn")
	var nBoards, nPlay, nFallback, nFallbackTricks, nErrors, nClaims int
	codes := map[string]int{}
	var bad []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, f)
		boards, errs := pbnReadAll(t, rel, string(src))
		nErrors += len(errs)
		for _, e := range errs {
			codes["error "+e.Code]++
			t.Logf("%v", e)
		}
		for _, b := range boards {
			nBoards++
			if b.Claim {
				nClaims++
			}
			fb := 0
			for _, p := range b.Problems {
				codes[p.Code]++
				if p.Code == "play-order" {
					fb++
				}
			}
			if fb > 0 {
				nFallback++
				nFallbackTricks += fb
			}
			if len(b.Play) == 0 {
				continue
			}
			nPlay++
			full := b.Given == [4]bool{true, true, true, true}
			// The PBN Verifier's error files hold wrong plays on purpose.
			if !full || strings.HasPrefix(filepath.Base(f), "errors_") {
				continue
			}
			d := b.Deal
			for i, p := range b.Play {
				if p.Card == pbn.NoCard {
					continue // unknown (laws.md A12)
				}
				if !d[p.Seat].Has(p.Card) {
					bad = append(bad, fmt.Sprintf("%s record %d (line %d): card %d %s not held by %s",
						b.File, b.Index, b.Line, i+1, p.Card, p.Seat))
					break
				}
				d[p.Seat] = d[p.Seat].Without(p.Card)
			}
		}
	}
	t.Logf("files %d, boards %d, with play %d, claims %d, boards with fallback %d (%d tricks), parse errors %d",
		len(files), nBoards, nPlay, nClaims, nFallback, nFallbackTricks, nErrors)
	t.Logf("problem codes: %v", codes)
	for _, s := range bad {
		t.Error(s)
	}
}

// TestPBNLimits checks the limits on hostile input: an over-long line, an
// over-large record, deep braces, binary garbage. The reader must report
// the limit and go on with the next record.
func TestPBNLimits(t *testing.T) {
	good := "[Event \"next\"]\n[Board \"2\"]\n"
	long := strings.Repeat("x", MaxLine+10)
	bigRec := strings.Repeat("[Note \"1:"+strings.Repeat("y", 1000)+"\"]\n", MaxRecord/1000+10)
	tests := []struct {
		name  string
		src   string
		codes []string // error codes, in order
		good  int      // boards read
	}{
		{"long line", "[Event \"a\"]\n" + long + "\n[Site \"b\"]\n\n" + good, []string{"line-too-long"}, 1},
		{"long last line", "[Event \"a\"]\n" + long, []string{"line-too-long"}, 0},
		{"big record", "[Event \"a\"]\n" + bigRec + "\n" + good, []string{"record-too-large"}, 1},
		{"nested braces", "[Event \"a\"] " + strings.Repeat("{", 100000) + "\n\n" + strings.Repeat("}", 3) + "\n\n" + good, nil, 2},
		{"open brace swallows rest", "[Event \"a\"] {\n\n" + good, nil, 1},
		{"nul and garbage", "\x00\x01\xff[\x00]\n\n[Event \"\xff\x00\"]\n[Deal \"N:\x00\"]\n\n" + good, []string{"bad-tag"}, 2},
		{"empty", "", nil, 0},
		{"huge blank run", strings.Repeat(" \t", 3<<20) + "\n" + good, nil, 1},
		{"only blank", "\n \n\t\r\n", nil, 0},
		{"tag at eof", "[Event", []string{"bad-tag"}, 0},
		{"play past 13 tricks", "[Deal \"N:.AKQ2.AKQJ.A5432 KQJT9.J9.T98.KQJ 8765.T876.765.T9 A432.543.432.876\"]\n[Contract \"4H\"]\n[Declarer \"S\"]\n[Play \"W\"]\n" + strings.Repeat("SA H2 S9 S5\n", 20), nil, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			boards, errs := pbnReadAll(t, "limits.pbn", tc.src)
			var codes []string
			for _, e := range errs {
				codes = append(codes, e.Code)
				if e.File != "limits.pbn" || e.Record == 0 || e.Line == 0 {
					t.Errorf("error without place: %+v", e)
				}
			}
			if fmt.Sprint(codes) != fmt.Sprint(tc.codes) {
				t.Errorf("errors %v, want %v", codes, tc.codes)
			}
			if len(boards) != tc.good {
				t.Errorf("%d boards, want %d", len(boards), tc.good)
			}
		})
	}
}

// TestMissingSeparatorCorpus: the Forbo file of the shared corpus has a
// record without play followed by the next game's tags with no empty line
// between them (laws.md A15). The first record ends at the repeated Event,
// with a missing-separator warning; the second is a record of its own, its
// play replayed against its own deal.
func TestMissingSeparatorCorpus(t *testing.T) {
	f := filepath.Join(pbntest.CorpusDir(t), "ContractBridge__pbn-files", "2000-8th_Forbo_Krommenie_International_Bridge_Tournament", "T1BMODRU.PBN")
	src, err := os.ReadFile(f)
	if err != nil {
		t.Skip("shared corpus not found:", err)
	}
	boards, errs := pbnReadAll(t, "T1BMODRU.PBN", string(src))
	if len(errs) != 0 {
		t.Fatalf("parse errors: %v", errs)
	}
	var found bool
	for i, b := range boards {
		if b.Index != i+1 {
			t.Fatalf("board %d has index %d", i+1, b.Index)
		}
		for _, p := range b.Problems {
			if p.Code != "missing-separator" {
				continue
			}
			if found || p.Line != 379 || p.Severity != pbn.Warning || b.Line != 361 || len(b.Play) != 0 || i+1 == len(boards) {
				t.Fatalf("board %d (line %d): %v", b.Index, b.Line, p)
			}
			found = true
			next := boards[i+1]
			if next.Line != 379 || next.Tag("Board") != "7" || len(next.Play) != 20 || !next.Claim {
				t.Errorf("the next record: line %d, board %q, %d cards, claim %v", next.Line, next.Tag("Board"), len(next.Play), next.Claim)
			}
			d := next.Deal
			for _, pl := range next.Play {
				if !d[pl.Seat].Has(pl.Card) {
					t.Fatalf("next record: %s does not hold %s", pl.Seat, pl.Card)
				}
				d[pl.Seat] = d[pl.Seat].Without(pl.Card)
			}
		}
	}
	if !found {
		t.Error("no missing-separator warning")
	}
}

// TestUnclosedTag: a tag line that ends after its value without the "]"
// ([Event "?" before a complete record, a trailing [Score "+620") is one
// bad-tag warning on its record, the tag skipped, and the record goes on;
// anything else after the value is still an error of the record.
func TestUnclosedTag(t *testing.T) {
	rec := "[Event \"Cup\"]\n[Board \"1\"]\n[Deal \"N:.AKQ2.AKQJ.A5432 KQJT9.J9.T98.KQJ 8765.T876.765.T9 A432.543.432.876\"]\n" +
		"[Contract \"4H\"]\n[Declarer \"S\"]\n[Play \"W\"]\nSA H2 S9 S5\n"
	tests := []struct {
		name, src string
		line      int    // of the warning, 0 for none
		errs      string // error codes
		event     string
	}{
		{"before the record", "[Event \"?\"\n" + rec, 1, "[]", "Cup"},
		{"trailing", rec + "[Score \"+620\"  \r\n", 8, "[]", "Cup"},
		{"last line", rec + "[Score \"+620\"", 8, "[]", "Cup"},
		{"text after the value", "[Event \"?\" x\n" + rec, 0, "[bad-tag]", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			boards, errs := pbnReadAll(t, "u.pbn", tc.src)
			var codes []string
			for _, e := range errs {
				codes = append(codes, e.Code)
			}
			if fmt.Sprint(codes) != tc.errs {
				t.Errorf("errors %v, want %s", codes, tc.errs)
			}
			if tc.line == 0 {
				return
			}
			if len(boards) != 1 || boards[0].Tag("Event") != tc.event || len(boards[0].Play) != 4 {
				t.Fatalf("boards %v", boards)
			}
			var warn []pbn.Problem
			for _, p := range boards[0].Problems {
				if p.Code == "bad-tag" {
					warn = append(warn, p)
				}
			}
			if len(warn) != 1 || warn[0].Severity != pbn.Warning || warn[0].Line != tc.line {
				t.Errorf("problems %v, want one bad-tag warning on line %d", boards[0].Problems, tc.line)
			}
		})
	}
}
