package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"revokes/analyze"
	"revokes/pbn"
	"revokes/pbn/boards"
	"revokes/pbn/pbntest"
)

var updateFacts = flag.Bool("update-facts", false, "rewrite testdata/facts.golden")

// analyseText reads every board of one input and analyses it.
func analyseText(t *testing.T, name string, text []byte) []*analyze.Findings {
	t.Helper()
	br, _, err := boards.NewReader(bytes.NewReader(text), name)
	if err != nil {
		t.Fatal(err)
	}
	a, err := analyze.New(analyze.Options{Edition: "auto", Equity: false})
	if err != nil {
		t.Fatal(err)
	}
	bs, errs := pbntest.ReadAll(t, name, br)
	if len(errs) > 0 {
		t.Fatalf("%s: %v", name, errs[0])
	}
	var out []*analyze.Findings
	for _, b := range bs {
		out = append(out, a.Board(b))
	}
	return out
}

// revokeJSON returns the JSON Lines revoke rows of the findings, decoded.
func revokeJSON(t *testing.T, fs []*analyze.Findings) []map[string]any {
	t.Helper()
	var rows []map[string]any
	for _, f := range fs {
		for i := range f.Revokes {
			var m map[string]any
			b := AppendRevokeJSON(nil, f, &f.Revokes[i], NewPrinter("en"))
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatalf("%s: %v", b, err)
			}
			rows = append(rows, m)
		}
	}
	return rows
}

// factKeys are the revoke fields of a ruling's facts (output.md).
var factKeys = []string{"players", "offender_name", "deal", "auction", "trick_cards", "scoring"}

// TestFactsSample checks the ruling facts of every revoke of the built-in
// sample archive (PBN and LIN) against testdata/facts.golden.
func TestFactsSample(t *testing.T) {
	paths, _ := filepath.Glob("../cmd/revokes/sample/*")
	if len(paths) == 0 {
		t.Fatal("no sample archive")
	}
	var got bytes.Buffer
	for _, p := range paths {
		text, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range revokeJSON(t, analyseText(t, filepath.Base(p), text)) {
			sub := map[string]any{"file": m["file"], "game": m["game"], "trick": m["trick"]}
			for _, k := range factKeys {
				if v, ok := m[k]; ok {
					sub[k] = v
				}
			}
			b, _ := json.Marshal(sub) // keys sorted
			got.Write(append(b, '\n'))
		}
	}
	golden := filepath.Join("testdata", "facts.golden")
	if *updateFacts {
		if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("facts differ from %s (-update-facts rewrites it):\n%s", golden, got.String())
	}
}

// TestFactsLIN checks the facts a LIN record gives: names from pn (South
// first), the auction from mb, the revoke trick from pc.
func TestFactsLIN(t *testing.T) {
	lin := "pn|Sam,Wim,Nel,Eva|md|3S7KH358D245JAC5TK,S4TQAHQKD7TQC239Q,S568JH4JAD6C4678A,S239H2679TD389KCJ|sv|o|" +
		"mb|p|mb|6S|mb|p|mb|p|mb|p|pg||pc|H3|pc|HK|pc|HA|pc|H2|pg||pc|D6|pc|D3|pc|D5|pc|DQ|pg||" +
		"pc|C2|pc|HJ|pc|CJ|pc|CK|pg||pc|H5|pc|HQ|pc|H4|pc|H6|pg||mc|8|\n"
	rows := revokeJSON(t, analyseText(t, "x.lin", []byte(lin)))
	if len(rows) != 1 {
		t.Fatalf("%d revokes, want 1", len(rows))
	}
	r := rows[0]
	want := map[string]any{
		"players":       map[string]any{"N": "Nel", "E": "Eva", "S": "Sam", "W": "Wim"},
		"offender_name": "Nel",
		"auction":       []any{"Pass", "6S", "Pass", "Pass", "Pass"},
		"trick_cards":   []any{"W:C2", "N:HJ", "E:CJ", "S:CK"},
	}
	for k, v := range want {
		if !reflect.DeepEqual(r[k], v) {
			t.Errorf("%s = %#v, want %#v", k, r[k], v)
		}
	}
	if r["offender"] != "N" || r["trick"] != 3.0 {
		t.Errorf("revoke %v by %v", r["trick"], r["offender"])
	}
	if _, ok := r["scoring"]; ok {
		t.Errorf("scoring %v from a record without one", r["scoring"])
	}
	if d, _ := r["deal"].(string); !strings.HasPrefix(d, "N:") || len(strings.Fields(d)) != 4 {
		t.Errorf("deal %q", d)
	}
}

// noNames is a PBN record with a revoke (East, trick 7), no player names,
// no auction and no Scoring tag.
const noNames = `[Event "Bare"]
[Date "2019.02.14"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:83.64.KJT832.AQ7 QJ65.AQ2.9.T8654 AT94.KJ53.Q5.K32 K72.T987.A764.J9"]
[Declarer "S"]
[Contract "6S"]
[Result "6"]
[Play "W"]
D4 D2 D9 D5
C9 CQ C8 C3
S2 S8 SJ ST
CJ C7 C4 CK
H8 H6 HA H3
H9 H4 H2 H5
H7 DJ S5 HK
SK S3 S6 SA
D7 D8 CT DQ
HT DK HQ HJ
D6 CA C5 C2
DA D3 C6 S9
S7 DT SQ S4
`

// TestFactsAbsent checks that a record without names, auction or Scoring
// has those fields omitted in JSON Lines and empty in CSV.
func TestFactsAbsent(t *testing.T) {
	fs := analyseText(t, "bare.pbn", []byte(noNames))
	rows := revokeJSON(t, fs)
	if len(rows) != 1 {
		t.Fatalf("%d revokes, want 1", len(rows))
	}
	for _, k := range []string{"players", "offender_name", "auction", "scoring"} {
		if v, ok := rows[0][k]; ok {
			t.Errorf("absent %s present: %v", k, v)
		}
	}
	if rows[0]["deal"] != "N:83.64.KJT832.AQ7 QJ65.AQ2.9.T8654 AT94.KJ53.Q5.K32 K72.T987.A764.J9" {
		t.Errorf("deal %v", rows[0]["deal"])
	}
	if !reflect.DeepEqual(rows[0]["trick_cards"], []any{"W:H7", "N:DJ", "E:S5", "S:HK"}) {
		t.Errorf("trick_cards %v", rows[0]["trick_cards"])
	}
	cells := revokeRow(nil, fs[0], &fs[0].Revokes[0], NewPrinter("en"))
	for i, k := range revokeKeys {
		switch k {
		case "north", "east", "south", "west", "offender_name", "auction", "scoring":
			if cells[i].kind != absent {
				t.Errorf("CSV %s = %q, want empty", k, cells[i].csvString())
			}
		case "trick_cards":
			if got := cells[i].csvString(); got != "W:H7 N:DJ E:S5 S:HK" {
				t.Errorf("CSV trick_cards %q", got)
			}
		}
	}
}

// TestDealPBN checks the deal of a record that hides a hand.
func TestDealPBN(t *testing.T) {
	var b pbn.Board
	if dealPBN(&b) != "" {
		t.Error("a record without hands has a deal")
	}
	b.Deal[pbn.North] = hand("SA", "HK")
	b.Given[pbn.North] = true
	b.Deal[pbn.South] = hand("C2")
	b.Given[pbn.South] = true
	if got := dealPBN(&b); got != "N:A.K.. - ...2 -" {
		t.Errorf("deal %q", got)
	}
}
