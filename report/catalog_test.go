package report

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/language"
	"golang.org/x/text/message/catalog"

	"revokes/pbn"
)

// constString returns the value of a constant string expression made of
// string literals and +.
func constString(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.ParenExpr:
		return constString(e.X)
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		a, ok1 := constString(e.X)
		b, ok2 := constString(e.Y)
		return a + b, ok1 && ok2
	}
	return "", false
}

// sourceFormats returns every constant message format in the Go sources
// (tests excluded) under dir: the first argument of calls to Msg or
// pbn.Msg, the Format of pbn.Message literals, and the key of tr calls;
// with the position of each, and the positions of calls whose format is
// not constant.
func sourceFormats(t *testing.T, dir string) (formats map[string]string, dynamic []string) {
	t.Helper()
	formats = map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		add := func(e ast.Expr) {
			pos := fset.Position(e.Pos()).String()
			if s, ok := constString(e); ok {
				formats[s] = pos
			} else {
				dynamic = append(dynamic, pos)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				name := ""
				switch fn := n.Fun.(type) {
				case *ast.Ident:
					name = fn.Name
				case *ast.SelectorExpr:
					if x, ok := fn.X.(*ast.Ident); ok && x.Name == "pbn" {
						name = fn.Sel.Name
					} else if ok && (x.Name == "p" || x.Name == "printer") && fn.Sel.Name == "Sprintf" {
						name = "Sprintf" // a message.Printer's Sprintf
					}
				}
				switch {
				case (name == "Msg" || name == "bad" || name == "errorf") && len(n.Args) > 0: // bad: cmd/revokes usage errors; errorf: report errors
					add(n.Args[0])
				case name == "Sprintf" && len(n.Args) > 0:
					add(n.Args[0])
				case name == "tr" && len(n.Args) > 1:
					add(n.Args[1])
				}
			case *ast.CompositeLit:
				typ := ""
				switch tt := n.Type.(type) {
				case *ast.Ident:
					typ = tt.Name
				case *ast.SelectorExpr:
					typ = tt.Sel.Name
				}
				if typ == "Message" {
					for _, el := range n.Elts {
						if kv, ok := el.(*ast.KeyValueExpr); ok {
							if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Format" {
								add(kv.Value)
							}
						}
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return formats, dynamic
}

// TestCatalogComplete fails for every message format of packages pbn and
// analyze, and every UI text of this package, that has no Dutch entry.
func TestCatalogComplete(t *testing.T) {
	var missing []string
	for _, dir := range []string{"../pbn", "../analyze", ".", "../cmd/revokes", "../rescore", "../correct"} {
		formats, dynamic := sourceFormats(t, dir)
		if len(formats) == 0 {
			t.Errorf("no message formats found under %s", dir)
		}
		for f, pos := range formats {
			if f == "" {
				continue
			}
			if _, ok := dutch[f]; !ok {
				missing = append(missing, pos+": "+strconv.Quote(f))
			}
		}
		for _, pos := range dynamic {
			t.Logf("%s: message format is not a constant: not checked", pos)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("%d message formats without a Dutch entry in catalog_nl.go:\n%s",
			len(missing), strings.Join(missing, "\n"))
	}
}

// verbRE matches a fmt verb with its flags, index, width and precision.
var verbRE = regexp.MustCompile(`%(?:%|[-+# 0]*(?:\[\d+\])?(?:\d+|\*)?(?:\.(?:\d+|\*))?[a-zA-Z])`)

// verbs returns the verbs of a format, without %%; indexed verbs are
// sorted by index so that a translation may reorder them.
func verbs(format string) []string {
	var out []string
	for _, v := range verbRE.FindAllString(format, -1) {
		if v != "%%" {
			out = append(out, v)
		}
	}
	if strings.Contains(format, "%[") {
		sort.Strings(out)
	}
	return out
}

// TestCatalogBothLanguages checks that every entry exists in both
// languages with the same verbs, and that the printers use them.
func TestCatalogBothLanguages(t *testing.T) {
	en, nl := NewPrinter("en"), NewPrinter("nl")
	for k, v := range dutch {
		if strings.TrimSpace(v) == "" {
			t.Errorf("%q: empty Dutch text", k)
		}
		if strings.Contains(k, "${") || strings.Contains(v, "${") {
			t.Errorf("%q: ${ is catalog syntax", k)
		}
		if a, b := strings.Join(verbs(k), " "), strings.Join(verbs(v), " "); a != b {
			t.Errorf("%q: verbs %q, Dutch %q has %q", k, a, v, b)
		}
		if len(verbs(k)) == 0 {
			if got := en.Sprintf(k); got != strings.ReplaceAll(k, "%%", "%") {
				t.Errorf("English %q prints %q", k, got)
			}
			if got := nl.Sprintf(k); got != strings.ReplaceAll(v, "%%", "%") {
				t.Errorf("Dutch %q prints %q, want %q", k, got, v)
			}
		}
	}
	if got := nl.Sprintf("Revokes"); got != "Verzakingen" {
		t.Errorf("nl Revokes = %q", got)
	}
	if got := en.Sprintf("Revokes"); got != "Revokes" {
		t.Errorf("en Revokes = %q", got)
	}
}

// TestWorkbookTextsTranslated writes workbooks in both languages and
// fails on any text printed through tr without a catalog entry (texts
// chosen at run time, which TestCatalogComplete cannot see).
func TestWorkbookTextsTranslated(t *testing.T) {
	missing := map[string]bool{}
	trMissing = func(k string) { missing[k] = true }
	defer func() { trMissing = nil }()
	for _, lang := range Languages {
		writeSample(t, filepath.Join(t.TempDir(), "x.xlsx"), lang)
		w, err := NewXLSX(filepath.Join(t.TempDir(), "y.xlsx"), NewPrinter(lang))
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Close(&Summary{Edition: "1997", Attention: "after-round"}); err != nil {
			t.Fatal(err)
		}
	}
	for k := range missing {
		t.Errorf("workbook text without a catalog entry: %q", k)
	}
}

func TestDutchNumbers(t *testing.T) {
	nl, en := NewPrinter("nl"), NewPrinter("en")
	if got := nl.Sprintf("%d", 1234); got != "1.234" {
		t.Errorf("nl %%d 1234 = %q", got)
	}
	if got := nl.Sprintf("%.1f", 1234.5); got != "1.234,5" {
		t.Errorf("nl %%.1f 1234.5 = %q", got)
	}
	if got := en.Sprintf("%d", 1234); got != "1,234" {
		t.Errorf("en %%d 1234 = %q", got)
	}
	// A catalog message with a number, in Dutch.
	if got := tr(nl, "… and %d more", 1234); got != "… en nog 1.234" {
		t.Errorf("nl message = %q", got)
	}
	// A problem message printed by the JSON Lines writer in Dutch.
	var buf bytes.Buffer
	if _, err := sampleRun(NewJSONL(&buf, nl)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"message":"zip: not a valid zip file"`) {
		t.Errorf("message not printed: %s", buf.String())
	}
}

func TestLangFromEnv(t *testing.T) {
	for _, tc := range []struct {
		all, msgs, lang, want string
	}{
		{"", "", "", "en"},
		{"", "", "nl_NL.UTF-8", "nl"},
		{"", "", "nl_BE", "nl"},
		{"", "", "en_GB.UTF-8", "en"},
		{"C", "", "nl_NL.UTF-8", "en"},
		{"", "nl_NL", "en_US", "nl"},
		{"nl", "en_US", "en_US", "nl"},
		{"", "", "C", "en"},
	} {
		t.Setenv("LC_ALL", tc.all)
		t.Setenv("LC_MESSAGES", tc.msgs)
		t.Setenv("LANG", tc.lang)
		if got := LangFromEnv(); got != tc.want {
			t.Errorf("LC_ALL=%q LC_MESSAGES=%q LANG=%q: %q, want %q", tc.all, tc.msgs, tc.lang, got, tc.want)
		}
	}
}

func TestTextNested(t *testing.T) {
	inner := pbn.Msg("the offender did not win the revoke trick: one trick is transferred")
	m := pbn.Msg("%v; advisory double-dummy estimate: the revoke gained %d trick(s), %d more than transferred (Law 64C)", inner, 3, 2)
	got := Text(NewPrinter("nl"), m)
	want := "de overtreder won de verzakingsslag niet: één slag wordt overgedragen; adviserende double-dummy-schatting: de verzaking won 3 slagen, 2 meer dan overgedragen (art. 64C)"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got := Text(NewPrinter("en"), m); !strings.HasPrefix(got, "the offender did not win") {
		t.Errorf("en %q", got)
	}
	if _, ok := m.Args[0].(pbn.Message); !ok {
		t.Error("Text changed the message's arguments")
	}
}

// TestCatalogRulingsApart: a key of the rulings' catalog must not also be
// in catalog_nl.go, where one of the two texts would silently win.
func TestCatalogRulingsApart(t *testing.T) {
	for _, k := range catalogDup {
		t.Errorf("%q is in both catalog_nl.go and catalog_nl_reasons.go", k)
	}
	if nl := NewPrinter("nl"); nl.Sprintf("hands-returned") != dutchReasons["hands-returned"] {
		t.Errorf("rulings catalog not merged: %q", nl.Sprintf("hands-returned"))
	}
	// A capped reason (laws.md A7) with its plural forms, in both languages.
	capped := func(won, alone, got int) pbn.Message {
		return pbn.Msg("%v: its rule alone gives %d tricks, but a later revoke of the same side took its tricks first, leaving %d for this one (allocation-cap: this order is this tool's reading, the laws are silent)",
			pbn.Msg("the offending side won %d tricks from the revoke trick on", won), alone, got)
	}
	for _, tc := range []struct {
		lang            string
		won, alone, got int
		want            string
	}{
		{"en", 1, 1, 0, "the offending side won 1 trick from the revoke trick on: its rule alone gives 1 trick, but a later revoke of the same side took its tricks first, leaving 0 for this one (allocation-cap: this order is this tool's reading, the laws are silent)"},
		{"en", 3, 2, 1, "the offending side won 3 tricks from the revoke trick on: its rule alone gives 2 tricks, but a later revoke of the same side took its tricks first, leaving 1 for this one (allocation-cap: this order is this tool's reading, the laws are silent)"},
		{"nl", 1, 1, 0, "de overtredende partij won 1 slag vanaf de verzakingsslag: haar regel alleen geeft 1 slag, maar een latere verzaking van dezelfde partij nam die slagen eerst, zodat deze er 0 krijgt (allocation-cap: deze volgorde is de lezing van dit programma, de spelregels zwijgen erover)"},
		{"nl", 3, 2, 1, "de overtredende partij won 3 slagen vanaf de verzakingsslag: haar regel alleen geeft 2 slagen, maar een latere verzaking van dezelfde partij nam die slagen eerst, zodat deze er 1 krijgt (allocation-cap: deze volgorde is de lezing van dit programma, de spelregels zwijgen erover)"},
	} {
		if got := Text(NewPrinter(tc.lang), capped(tc.won, tc.alone, tc.got)); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.lang, got, tc.want)
		}
	}
}

// TestCatalogPlurals checks the {one|other} choices of both languages
// (x/text plural rules): one number gives the singular, others the plural.
func TestCatalogPlurals(t *testing.T) {
	const rescored = "Re-scored %d boards (%d of %d stated values reproduced); %d pairs or teams changed total or rank, %d changed rank"
	const sum = "Read %d files: %d games, %d analysed, %d skipped. Found %d revokes (%d plausible, %d suspect, %d undetermined), %d established, %d tricks transferred, %d applied (-apply %s); %d problems. Took %.1fs. Report: %s"
	for _, tc := range []struct {
		lang, key string
		args      []any
		want      string
	}{
		{"en", sum, []any{1, 1, 1, 0, 1, 1, 0, 0, 1, 1, 1, "plausible", 1, 0.5, "r.xlsx"},
			"Read 1 file: 1 game, 1 analysed, 0 skipped. Found 1 revoke (1 plausible, 0 suspect, 0 undetermined), 1 established, 1 trick transferred, 1 applied (-apply plausible); 1 problem. Took 0.5s. Report: r.xlsx"},
		{"en", sum, []any{2, 0, 0, 0, 2, 1, 1, 0, 2, 0, 2, "all", 3, 0.5, "r.xlsx"},
			"Read 2 files: 0 games, 0 analysed, 0 skipped. Found 2 revokes (1 plausible, 1 suspect, 0 undetermined), 2 established, 0 tricks transferred, 2 applied (-apply all); 3 problems. Took 0.5s. Report: r.xlsx"},
		{"nl", sum, []any{1, 1, 1, 0, 1, 1, 0, 0, 1, 1, 0, "plausible", 1, 0.5, "r.xlsx"},
			"1 bestand gelezen: 1 spel, 1 geanalyseerd, 0 overgeslagen. 1 verzaking gevonden (1 plausibel, 0 verdacht, 0 onbepaald), 1 voldongen, 1 slag overgedragen, 0 toegepast (-apply plausible); 1 probleem. Duur 0,5s. Rapport: r.xlsx"},
		{"nl", sum, []any{1234, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, "plausible", 2, 1.25, "-"},
			"1.234 bestanden gelezen: 2 spellen, 2 geanalyseerd, 0 overgeslagen. 0 verzakingen gevonden (0 plausibel, 0 verdacht, 0 onbepaald), 0 voldongen, 0 slagen overgedragen, 0 toegepast (-apply plausible); 2 problemen. Duur 1,2s. Rapport: -"},
		{"nl", "the play stops after %d cards without a claim", []any{1}, "het afspel stopt na 1 kaart zonder claim"},
		{"nl", "the play stops after %d cards without a claim", []any{7}, "het afspel stopt na 7 kaarten zonder claim"},
		{"en", "the play stops after %d cards without a claim", []any{1}, "the play stops after 1 card without a claim"},
		{"en", rescored, []any{1, 22, 22, 1, 0}, "Re-scored 1 board (22 of 22 stated values reproduced); 1 pair or team changed total or rank, 0 changed rank"},
		{"nl", rescored, []any{1, 22, 22, 16, 13}, "1 spel herberekend (22 van 22 opgegeven waarden gereproduceerd); 16 paren of teams veranderden van totaal of plaats, 13 van plaats"},
		{"nl", rescored, []any{3, 0, 0, 1, 1}, "3 spellen herberekend (0 van 0 opgegeven waarden gereproduceerd); 1 paar of team veranderde van totaal of plaats, 1 van plaats"},
	} {
		if got := NewPrinter(tc.lang).Sprintf(tc.key, tc.args...); got != tc.want {
			t.Errorf("%s %v:\n got %q\nwant %q", tc.lang, tc.args, got, tc.want)
		}
	}
	// Every English text with choices keeps the key's verbs, and every
	// choice of either language follows a verb.
	b := catalog.NewBuilder()
	for k, en := range english {
		if _, ok := dutch[k]; !ok {
			t.Errorf("%q: English plural text without a Dutch entry", k)
		}
		if a, e := strings.Join(verbs(k), " "), strings.Join(verbs(en), " "); a != e {
			t.Errorf("%q: English text %q has verbs %q", k, en, e)
		}
		if err := setText(b, language.English, k, en); err != nil {
			t.Error(err)
		}
	}
	for k, nl := range dutch {
		if err := setText(b, language.Dutch, k, nl); err != nil {
			t.Error(err)
		}
	}
}

// TestDutchVocabulary keeps the Dutch texts in the words of the laws
// (laws.md §0): voldongen, not bekrachtigd; blinde, not dummy (double
// dummy is the analysts' term); afspel, not kaartspel (a pack of cards);
// uitgave, not editie; Law 64C's "onvoldoende gecompenseerd", not "te
// weinig hersteld" (herstellen is correcting a revoke).
func TestDutchVocabulary(t *testing.T) {
	bad := regexp.MustCompile(`bekrachtig|kaartspel|editie|dummy|te weinig hersteld`)
	for k, v := range dutch {
		l := strings.ToLower(v)
		// The analysts' term, and the codes of the CSV and JSON reports.
		l = strings.NewReplacer("double-dummy", "", "double dummy", "", "declarer, dummy, defender", "").Replace(l)
		if w := bad.FindString(l); w != "" {
			t.Errorf("%q: Dutch %q says %q", k, v, w)
		}
	}
	nl := NewPrinter("nl")
	for k, want := range map[string]string{
		"Established": "Voldongen", "dummy": "blinde", "Edition": "Uitgave",
		"Equity short (Law 64C)": "Onvoldoende gecompenseerd (art. 64C)", "Boards with play": "Spellen met afspel",
	} {
		if got := nl.Sprintf(k); got != want {
			t.Errorf("nl %q = %q, want %q", k, got, want)
		}
	}
}

// TestDutchValues writes the sample workbook in both languages: the
// Dutch sheets show seats (N/O/Z/W), vulnerability, roles,
// established_by and severities in Dutch, the English ones the codes,
// which the CSV and JSON Lines reports keep in every language.
func TestDutchValues(t *testing.T) {
	want := map[string][][]string{
		// dealer, vulnerable, declarer, offender, role, won_by, established_by per revoke row
		// then led, card, held in the language's card notation
		"en": {{"E", "None", "S", "E", "defender", "W", "next-trick", "H", "D4", "H4 H5 H8"}, {"E", "None", "S", "N", "dummy", "", "none", "C", "S2", "C3"}, {"", "", "", "S", "declarer", "S", "claim", "S", "HT", "SA"}},
		"nl": {{"O", "Niemand", "Z", "O", "tegenspeler", "W", "volgende slag", "♥", "♦4", "♥4 ♥5 ♥8"}, {"O", "Niemand", "Z", "N", "blinde", "", "geen", "♣", "♠2", "♣3"}, {"", "", "", "Z", "leider", "Z", "claim", "♠", "♥10", "♠A"}},
	}
	severities := map[string][]string{"en": {"warning", "error", "error"}, "nl": {"waarschuwing", "fout", "fout"}}
	for _, lang := range Languages {
		path := filepath.Join(t.TempDir(), "x.xlsx")
		writeSample(t, path, lang)
		f, err := excelize.OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		p := NewPrinter(lang)
		rows, err := f.GetRows(tr(p, "Revokes"))
		if err != nil {
			t.Fatal(err)
		}
		col := func(header string) int { return slices.Index(rows[0], tr(p, header)) }
		cols := []int{col("Dealer"), col("Vulnerable"), col("Declarer"), col("Offender"), col("Role"), col("Won by"), col("Established by"),
			col("Led"), col("Card"), col("Held")}
		for i, w := range want[lang] {
			var got []string
			for _, c := range cols {
				v := ""
				if c >= 0 && c < len(rows[i+1]) {
					v = rows[i+1][c]
				}
				got = append(got, v)
			}
			if !slices.Equal(got, w) {
				t.Errorf("%s revoke row %d: %q, want %q", lang, i+1, got, w)
			}
		}
		// Headers wrap between words: each column is wider than the
		// longest word of its header in this language.
		for i, h := range rows[0] {
			name, _ := excelize.ColumnNumberToName(i + 1)
			w, err := f.GetColWidth(tr(p, "Revokes"), name)
			if err != nil {
				t.Fatal(err)
			}
			for _, word := range strings.Fields(h) {
				if float64(len([]rune(word)))+1 > w {
					t.Errorf("%s column %s %q: width %.1f breaks %q", lang, name, h, w, word)
				}
			}
		}
		// The Summary's labels fit their column in this language.
		label := tr(p, "Equity short (Law 64C)")
		if w, _ := f.GetColWidth(tr(p, "Summary"), "A"); w < float64(len([]rune(label)))+1 {
			t.Errorf("%s Summary column A width %.1f cuts %q", lang, w, label)
		}
		probs, err := f.GetRows(tr(p, "Problems"))
		if err != nil {
			t.Fatal(err)
		}
		sev := slices.Index(probs[0], tr(p, "Severity"))
		var got []string
		for _, r := range probs[1:] {
			got = append(got, r[sev])
		}
		if !slices.Equal(got, severities[lang]) {
			t.Errorf("%s severities %q, want %q", lang, got, severities[lang])
		}
		f.Close()
	}
}

// TestCardNotation checks the Dutch notation of suits, cards, contracts,
// bids and trick cards in the workbook, and that English keeps the codes.
func TestCardNotation(t *testing.T) {
	nl, en := newCardNotation(NewPrinter("nl")), newCardNotation(NewPrinter("en"))
	for _, c := range []struct{ key, in, want string }{
		{"led", "D", "♦"}, {"led", "C", "♣"}, {"card", "HQ", "♥V"}, {"card", "DT", "♦10"},
		{"held", "SA SK CJ", "♠A ♠H ♣B"},
		{"contract", "3NT", "3SA"}, {"contract", "2D", "2R"}, {"contract", "4SX", "4SX"}, {"contract", "6CXX", "6KXX"},
		{"auction", "1C Pass 1NT X XX Pass AP", "1K pas 1SA X XX pas AP"},
		{"trick_cards", "W:SK N:HQ E:D3 S:C2", "W:♠H N:♥V O:♦3 Z:♣2"},
	} {
		if got := nl.show(c.key, c.in); got != c.want {
			t.Errorf("nl %s %q = %q, want %q", c.key, c.in, got, c.want)
		}
		if got := en.show(c.key, c.in); got != c.in {
			t.Errorf("en %s %q = %q, want it unchanged", c.key, c.in, got)
		}
	}
}
