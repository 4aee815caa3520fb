package report

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/message"

	"revokes/pbn"
)

func TestJSONL(t *testing.T) {
	var buf bytes.Buffer
	if _, err := sampleRun(NewJSONL(&buf, NewPrinter("en"))); err != nil {
		t.Fatal(err)
	}
	var rows []map[string]any
	sc := bufio.NewScanner(&buf)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		rows = append(rows, m)
	}
	types := []string{}
	for _, r := range rows {
		types = append(types, r["type"].(string))
	}
	want := []string{"revoke", "revoke", "problem", "revoke", "problem", "problem", "summary"}
	if !reflect.DeepEqual(types, want) {
		t.Fatalf("types %v, want %v", types, want)
	}
	r := rows[0]
	keys := []string{}
	for k := range r {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	wantKeys := []string{"applied", "assessment", "board", "card", "contract", "date", "date_iso", "dd_gain", "dd_with_revoke",
		"dd_without_revoke", "dealer", "declarer", "edition", "established", "established_by",
		"event", "evidence", "file", "flags", "game", "held", "id", "led", "line", "offender", "reason", "role",
		"rule", "score_adjusted", "score_recorded", "site", "transfer", "trick", "tricks_adjusted",
		"tricks_recorded", "type", "vulnerable", "won_by", "year"}
	if !reflect.DeepEqual(keys, wantKeys) {
		t.Errorf("keys\n%v\nwant\n%v", keys, wantKeys)
	}
	check := map[string]any{"file": "editions.pbn", "game": 1.0, "line": 12.0, "board": "30",
		"contract": "1H", "declarer": "S", "dealer": "E", "vulnerable": "None", "edition": "2017",
		"offender": "E", "role": "defender", "trick": 3.0, "led": "H", "card": "D4",
		"held": []any{"H4", "H5", "H8"}, "won_by": "W", "established": true,
		"established_by": "next-trick", "transfer": 1.0, "rule": "2017 64A2",
		"flags": []any{"equity-short", "marked"}, "tricks_recorded": 5.0, "tricks_adjusted": 6.0,
		"score_recorded": -100.0, "score_adjusted": -50.0, "dd_gain": 2.0,
		"assessment": "plausible", "evidence": []any{}, "id": "kq3vbx7d2hma", "applied": true}
	for k, v := range check {
		if !reflect.DeepEqual(r[k], v) {
			t.Errorf("%s = %#v, want %#v", k, r[k], v)
		}
	}
	// The open dummy revoke: no won_by, not established; no dd values.
	if a, ev := rows[1]["assessment"], rows[1]["evidence"]; a != "suspect" || !reflect.DeepEqual(ev, []any{"dummy", "last-recorded-trick"}) {
		t.Errorf("row 2: assessment %v, evidence %v", a, ev)
	}
	if rows[1]["applied"] != false || rows[1]["not_applied"] != "not-established" {
		t.Errorf("row 2: applied %v, not_applied %v", rows[1]["applied"], rows[1]["not_applied"])
	}
	if rows[3]["not_applied"] != "decision" || rows[3]["decision"] != "no-revoke" {
		t.Errorf("row 3: not_applied %v, decision %v", rows[3]["not_applied"], rows[3]["decision"])
	}
	for _, k := range []string{"won_by", "dd_gain", "dd_with_revoke", "room", "decision"} {
		if _, ok := rows[1][k]; ok {
			t.Errorf("absent %s present in %v", k, rows[1])
		}
	}
	// The hostile board: absent values omitted.
	for _, k := range []string{"line", "contract", "declarer", "dealer", "vulnerable", "tricks_recorded", "score_recorded"} {
		if _, ok := rows[3][k]; ok {
			t.Errorf("absent %s present in %v", k, rows[3])
		}
	}
	if rows[3]["event"] != hostile {
		t.Errorf("event %v", rows[3]["event"])
	}
	s := rows[len(rows)-1]
	if s["games"] != 4.0 || s["games_analysed"] != 3.0 || s["games_skipped"] != 1.0 ||
		s["revokes"] != 3.0 || s["equity_short"] != 1.0 || s["problems"] != 3.0 ||
		s["revokes_plausible"] != 1.0 || s["revokes_suspect"] != 1.0 || s["revokes_undetermined"] != 1.0 ||
		s["revokes_applied"] != 1.0 {
		t.Errorf("summary %v", s)
	}
}

// readCSV reads a whole CSV file written with commas, failing the test
// when it does not start with the UTF-8 byte-order mark.
func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	return readCSVSep(t, path, ',')
}

// readCSVSep is readCSV for fields separated by sep.
func readCSVSep(t *testing.T, path string, sep rune) [][]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rest, ok := bytes.CutPrefix(data, []byte("\xef\xbb\xbf"))
	if !ok {
		t.Errorf("%s does not start with the UTF-8 byte-order mark: %q", path, data[:min(len(data), 8)])
	}
	r := csv.NewReader(bytes.NewReader(rest))
	r.Comma = sep
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// TestCSVSeparator writes the same report with ',' and ';' between the
// fields (-csv-sep): every file starts with the byte-order mark, the
// header line uses the separator, and read back with it the records are
// the same (texts holding ';' are quoted). A quote cannot separate.
func TestCSVSeparator(t *testing.T) {
	recs := map[rune][][][]string{}
	for _, sep := range []rune{',', ';'} {
		dir := t.TempDir()
		w, err := NewCSVSep(filepath.Join(dir, "r.csv"), NewPrinter("nl"), sep)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range sampleFindings() {
			if err := w.Board(f); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(&Summary{Games: 4, Revokes: 3, Edition: "auto", Inputs: []string{"a;b.pbn"}}); err != nil {
			t.Fatal(err)
		}
		for i, n := range []string{"r.csv", "r.problems.csv", "r.summary.csv"} {
			path := filepath.Join(dir, n)
			recs[sep] = append(recs[sep], readCSVSep(t, path, sep))
			data, _ := os.ReadFile(path)
			head := [][]string{revokeCSVKeys, problemKeys, summaryKeys}[i]
			if want := "\ufeff" + strings.Join(head, string(sep)) + "\n"; !strings.HasPrefix(string(data), want) {
				t.Errorf("%q: %s starts %q, want %q", sep, n, data[:min(len(data), len(want))], want)
			}
		}
	}
	if !reflect.DeepEqual(recs[','], recs[';']) {
		t.Errorf("records differ with ';':\n%q\n%q", recs[','], recs[';'])
	}
	if _, err := NewCSVSep(filepath.Join(t.TempDir(), "r.csv"), NewPrinter("en"), '"'); err == nil {
		t.Error(`'"' accepted as a separator`)
	}
}

// dirNames lists the names in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var n []string
	for _, e := range es {
		n = append(n, e.Name())
	}
	return n
}

func TestCSV(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	w, err := NewCSV(path, NewPrinter("en"))
	if err != nil {
		t.Fatal(err)
	}
	// Atomic: nothing under the final names before Close.
	for _, f := range sampleFindings() {
		if err := w.Board(f); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range []string{"out.csv", "out.problems.csv", "out.summary.csv"} {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			t.Errorf("%s exists before Close", n)
		}
	}
	if err := w.Close(&Summary{Games: 4, Revokes: 3, Edition: "auto", Inputs: []string{"a.pbn", "b.pbn"},
		RevokesPlausible: 2, RevokesUndetermined: 1}); err != nil {
		t.Fatal(err)
	}
	names := dirNames(t, dir)
	if want := []string{"out.csv", "out.problems.csv", "out.summary.csv"}; !reflect.DeepEqual(names, want) {
		t.Errorf("files %v, want %v (temporaries left?)", names, want)
	}

	recs := readCSV(t, path)
	header := strings.Fields(`file game line event site date board room dealer vulnerable
		contract declarer edition offender role trick led card held won_by established
		established_by transfer rule assessment evidence reason flags id applied not_applied decision
		tricks_recorded tricks_adjusted
		score_recorded score_adjusted dd_with_revoke dd_without_revoke dd_gain
		north east south west offender_name deal auction trick_cards scoring duplicate_of date_iso year`)
	if !reflect.DeepEqual(recs[0], header) {
		t.Errorf("header %v", recs[0])
	}
	if len(recs) != 4 {
		t.Fatalf("%d rows, want header + 3", len(recs))
	}
	row := func(i int) map[string]string {
		m := map[string]string{}
		for j, k := range recs[0] {
			m[k] = recs[i][j]
		}
		return m
	}
	r1 := row(1)
	for k, v := range map[string]string{"held": "H4 H5 H8", "flags": "equity-short marked",
		"score_recorded": "-100", "score_adjusted": "-50", "established": "true", "dd_gain": "2",
		"line": "12", "board": "30", "reason": "the offender did not win the revoke trick",
		"id": "kq3vbx7d2hma", "applied": "true", "not_applied": "", "decision": ""} {
		if r1[k] != v {
			t.Errorf("row 1 %s = %q, want %q", k, r1[k], v)
		}
	}
	r2 := row(2)
	if r2["assessment"] != "suspect" || r2["evidence"] != "dummy last-recorded-trick" || r1["assessment"] != "plausible" || r1["evidence"] != "" {
		t.Errorf("assessments %q %q, %q %q", r1["assessment"], r1["evidence"], r2["assessment"], r2["evidence"])
	}
	for _, k := range []string{"won_by", "dd_gain", "room"} {
		if r2[k] != "" {
			t.Errorf("row 2 absent %s = %q", k, r2[k])
		}
	}
	r3 := row(3)
	for k, v := range map[string]string{"event": "'" + hostile, "site": "'-x", "room": "'@a",
		"file": "'+evil.pbn", "date": "'\tx\x01\x0b", "board": "'\rB", "reason": "'+1 trick",
		"line": "", "contract": "", "flags": "", "north": "'-n", "east": "", "south": "'@s",
		"offender_name": "'@s", "deal": "", "auction": "", "trick_cards": "",
		"applied": "false", "not_applied": "decision", "decision": "no-revoke"} {
		if r3[k] != v {
			t.Errorf("row 3 %s = %q, want %q", k, r3[k], v)
		}
	}

	probs := readCSV(t, filepath.Join(dir, "out.problems.csv"))
	if !reflect.DeepEqual(probs[0], problemKeys) || len(probs) != 3 {
		t.Errorf("problems %q", probs)
	}
	if probs[2][6] != "'=1+1" {
		t.Errorf("problem message %q not neutralised", probs[2][6])
	}
	sum := readCSV(t, filepath.Join(dir, "out.summary.csv"))
	if len(sum) != 2 || !reflect.DeepEqual(sum[0], summaryKeys) {
		t.Fatalf("summary %q", sum)
	}
	if sum[1][1] != "4" || sum[1][5] != "3" || sum[1][10] != "auto" || sum[1][13] != "a.pbn b.pbn" {
		t.Errorf("summary row %q", sum[1])
	}
	for k, v := range map[string]string{"revokes_plausible": "2", "revokes_suspect": "0", "revokes_undetermined": "1"} {
		if got := sum[1][slices.Index(sum[0], k)]; got != v {
			t.Errorf("summary %s = %q, want %q", k, got, v)
		}
	}
}

func TestCSVAbort(t *testing.T) {
	dir := t.TempDir()
	w, err := NewCSV(filepath.Join(dir, "r.csv"), NewPrinter("nl"))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Board(sampleFindings()[0]); err != nil {
		t.Fatal(err)
	}
	if n := len(dirNames(t, dir)); n != 3 {
		t.Errorf("%d temporary files, want 3", n)
	}
	w.Abort()
	w.Abort()
	if n := dirNames(t, dir); len(n) != 0 {
		t.Errorf("Abort left %v", n)
	}
	if err := w.Board(sampleFindings()[0]); err == nil {
		t.Error("Board after Abort: no error")
	}
}

func TestNeutralise(t *testing.T) {
	for in, want := range map[string]string{
		"=1+1": "'=1+1", "+1": "'+1", "-x": "'-x", "@a": "'@a", "\tx": "'\tx", "\rx": "'\rx",
		"a=b": "a=b", "": "", "1H": "1H",
	} {
		if got := neutralise(in); got != want {
			t.Errorf("neutralise(%q) = %q, want %q", in, got, want)
		}
	}
	if got := numCell(-50).csvString(); got != "-50" {
		t.Errorf("number -50 written %q", got)
	}
}

func TestCleanText(t *testing.T) {
	if got := cleanText("a\x00b\x08c\x0bd\x0ce\x0ef\x1fg\th\ni\rj"); got != "abcdefg\th\ni\rj" {
		t.Errorf("cleanText = %q", got)
	}
	if got := cleanText("a\xffb"); got != "a\uFFFDb" {
		t.Errorf("cleanText invalid UTF-8 = %q", got)
	}
	long := strings.Repeat("x", 40000)
	if got := cleanText(long); len(got) != maxCellChars {
		t.Errorf("capped to %d", len(got))
	}
	emoji := strings.Repeat("😀", 20000) // two UTF-16 units each
	if got := cleanText(emoji); len([]rune(got)) != maxCellChars/2 {
		t.Errorf("capped to %d runes", len([]rune(got)))
	}
}

// TestTextCache checks that the kept texts are those of their printer and
// arguments: the same message in two languages, and with other arguments,
// gives other texts, each the same as formatting it afresh.
func TestTextCache(t *testing.T) {
	en, nl := NewPrinter("en"), NewPrinter("nl")
	m := func(date string) pbn.Message {
		return pbn.Msg("no usable date (%q): the 2017 laws are applied", date)
	}
	for round := 0; round < 2; round++ {
		for _, c := range []struct {
			p    *message.Printer
			date string
		}{{en, "??"}, {nl, "??"}, {en, "1999"}, {nl, "1999"}} {
			got, want := Text(c.p, m(c.date)), format(c.p, m(c.date))
			if got != want || !strings.Contains(got, c.date) {
				t.Errorf("round %d %q: %q, want %q", round, c.date, got, want)
			}
		}
	}
	if Text(en, m("x")) == Text(nl, m("x")) {
		t.Error("English and Dutch texts are the same")
	}
}

// TestJSONString checks the JSON string writer against encoding/json: every
// string reads back (each invalid UTF-8 byte as U+FFFD), and no control
// character, U+2028 or U+2029 is left raw.
func TestJSONString(t *testing.T) {
	cases := []string{"", "plain", `quote " and \ backslash`, "tab\tnew\nline\r", "\x00\x1f\x7f",
		"Zoë Ünal", "\xff\xfe bad", "line\u2028sep\u2029", strings.Repeat("a", 300) + "\""}
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		out := appendJSONString(nil, s)
		var got string
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("%q: %s is not JSON: %v", s, out, err)
		}
		var want strings.Builder
		for i := 0; i < len(s); {
			c, n := utf8.DecodeRuneInString(s[i:])
			want.WriteRune(c)
			i += n
		}
		if got != want.String() {
			t.Errorf("%q: read back %q", s, got)
		}
		for _, c := range string(out) {
			if c < 0x20 || c == 0x7f || c == '\u2028' || c == '\u2029' {
				t.Errorf("%q: raw %U in %s", s, c, out)
			}
		}
	}
}
