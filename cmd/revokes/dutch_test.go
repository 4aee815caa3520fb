package main

import (
	"archive/zip"
	"html"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// englishWords are words of English that no Dutch text of the workbook
// holds and that the sample's own names (events, sites, files, players:
// Tuesday Pairs, County Teams, Round 3, club-night…) do not hold either.
// Codes are kebab-case and are left out before the check (codes stay
// codes in every language), and so is a code in brackets after the Dutch
// words, like "(dummy)".
var englishWords = regexp.MustCompile(`(?i)\b(the|and|with|which|when|trick|tricks|revoke|revoked|board|boards|declarer|defender|applied|established|ruling|rulings|yes|closed|room|player|players|played|held|suit|lead|led|none|unknown|missing|file|files|session|sessions|rescoring|ranking|summary|checks|before|after|changed|reproduced|stated|skipped|analysed|problem|problems|warning|error|passed|pass|run|by|from|not|has|were)\b`)

// englishRank finds a card written with an English honour (♠K, ♥Q, ♦J)
// or a deal with English ranks (N:AKT2.…): Dutch cards have H, V, B, 10.
var englishRank = regexp.MustCompile(`[♠♥♦♣](K|Q|J)\b|^[NESWOZ]:[AHVB0-9.]*[KQJT]`)

// codeOrBracket matches what may stay English: kebab-case codes and a
// code in brackets after Dutch words.
var codeOrBracket = regexp.MustCompile(`\([a-z0-9-]+\)|\S*[a-z0-9]-[a-z0-9]\S*`)

// TestDutchWorkbookHasNoEnglish writes the Dutch workbook of the sample
// with re-scoring and reads every text of every sheet and chart (inline
// strings, shared strings, chart titles and axes): none may hold an
// English word or an English honour; a cell that is all "Open" or
// "Closed" is the Room left untranslated. The run's standard error is
// checked likewise.
func TestDutchWorkbookHasNoEnglish(t *testing.T) {
	out := filepath.Join(t.TempDir(), "nl.xlsx")
	code, _, stderr := runCmd(t, nil, "-lang", "nl", "-rescore", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	texts := workbookTexts(t, out)
	if len(texts) < 100 {
		t.Fatalf("only %d texts read from the workbook", len(texts))
	}
	for _, line := range strings.Split(stderr, "\n") {
		texts = append(texts, "stderr\t"+line)
	}
	for _, ft := range texts {
		where, s, _ := strings.Cut(ft, "\t")
		if strings.Contains(s, "als codes (") {
			continue // the How to read line that lists the codes of CSV and JSON
		}
		words := codeOrBracket.ReplaceAllString(s, " ")
		if w := englishWords.FindString(words); w != "" {
			t.Errorf("%s: English %q in %q", where, w, s)
		}
		if r := englishRank.FindString(s); r != "" {
			t.Errorf("%s: English rank %q in %q", where, r, s)
		}
		if s == "Open" || s == "Closed" {
			t.Errorf("%s: the room %q is not translated", where, s)
		}
	}
}

// workbookTexts returns every text of the workbook's sheets, shared
// strings and charts, each as "part\ttext".
func workbookTexts(t *testing.T, name string) []string {
	t.Helper()
	z, err := zip.OpenReader(name)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	tags := regexp.MustCompile(`<(?:a:)?t(?: [^>]*)?>([^<]*)</(?:a:)?t>`)
	var texts []string
	for _, f := range z.File {
		if !strings.HasPrefix(f.Name, "xl/worksheets/sheet") && f.Name != "xl/sharedStrings.xml" &&
			!strings.HasPrefix(f.Name, "xl/charts/chart") {
			continue
		}
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range tags.FindAllStringSubmatch(string(b), -1) {
			if s := strings.TrimSpace(html.UnescapeString(m[1])); s != "" {
				texts = append(texts, f.Name+"\t"+s)
			}
		}
	}
	return texts
}
