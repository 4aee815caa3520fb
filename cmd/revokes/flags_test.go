package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"revokes/report"
)

// TestFlagErrorsInLanguage checks that what is wrong with a flag is said
// in the language of -lang, wherever -lang stands, with the exit status
// of bad usage and without the flag package's English words.
func TestFlagErrorsInLanguage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-lang", "nl", "-bogus"}, "onbekende optie -bogus"},
		{[]string{"-bogus", "-lang", "nl"}, "onbekende optie -bogus"},
		{[]string{"-lang=nl", "-workers"}, "optie -workers heeft een waarde nodig"},
		{[]string{"-lang", "nl", "-workers", "x"}, `"x" is geen geldige waarde voor -workers`},
		{[]string{"-lang", "nl", "-q=maybe"}, `"maybe" is geen geldige waarde voor -q`},
		{[]string{"-lang", "nl", "-datum-trim", "-5"}, `-datum-trim "-5": geef een aantal scores, 0 of meer`},
		{[]string{"-bogus"}, "unknown flag -bogus"},
		{[]string{"-datum-trim", "x"}, `-datum-trim "x": want a number of scores, 0 or more`},
	} {
		code, out, errs := runCmd(t, nil, c.args...)
		if code != exitUsage || out != "" {
			t.Errorf("%v: exit %d, stdout %q", c.args, code, out)
		}
		if !strings.Contains(errs, c.want) {
			t.Errorf("%v: stderr %q, want %q", c.args, errs, c.want)
		}
		if strings.Contains(errs, "flag provided") || strings.Contains(errs, "Flags:") || strings.Contains(errs, "Opties:") {
			t.Errorf("%v: the flag package's words or the whole help: %q", c.args, errs)
		}
	}
}

// TestHelpDefaultsOnce checks the help in both languages: each default
// is shown once, and no flag sends the user to a file he does not have.
func TestHelpDefaultsOnce(t *testing.T) {
	twice := regexp.MustCompile(`\((default|standaard)[^)]*\).*\((default|standaard)`)
	for _, lang := range []string{"en", "nl"} {
		code, _, help := runCmd(t, nil, "-lang", lang, "-h")
		if code != exitOK {
			t.Fatalf("-lang %s -h: exit %d", lang, code)
		}
		for _, line := range strings.Split(help, "\n") {
			if twice.MatchString(line) {
				t.Errorf("-lang %s: a default shown twice: %q", lang, line)
			}
			if strings.Contains(line, ".md") {
				t.Errorf("-lang %s: a file users do not have: %q", lang, line)
			}
		}
		if !strings.Contains(help, "-version") {
			t.Errorf("-lang %s: no -version in the help", lang)
		}
	}
}

// TestVersion checks -version: one line on standard output, exit 0.
func TestVersion(t *testing.T) {
	code, out, errs := runCmd(t, nil, "-version")
	if code != exitOK || errs != "" || !strings.HasPrefix(out, "revokes ") || strings.Count(out, "\n") != 1 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestFlagWithoutEffect checks that a flag whose value does nothing in
// the run is said so on stderr, and the run goes on.
func TestFlagWithoutEffect(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-csv-sep", ";", "-o", "-"}, "-csv-sep has no effect on a jsonl report"},
		{[]string{"-datum-trim", "2", "-o", "-"}, "-datum-trim has no effect without -rescore"},
	} {
		code, _, errs := runCmd(t, nil, append(c.args, "-q", "-equity=false", td+"/two.pbn")...)
		if code != exitOK || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errs, c.want)
		}
	}
}

// TestNoRecord checks the inputs that hold no record: an empty or broken
// archive is an unreadable file, a run that read no record at all exits
// 1, and empty files beside records are counted, not an error.
func TestNoRecord(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	two, err := os.ReadFile(td + "/two.pbn")
	if err != nil {
		t.Fatal(err)
	}
	write("mixed/a.pbn", string(two))
	write("mixed/empty.pbn", "")
	write("mixed/blank.lin", " \n\n")
	for _, c := range []struct {
		path      string
		code      int
		unreadble bool
		empty     int
	}{
		{write("zero.zip", ""), exitFailure, true, 0},
		{write("text.gz", "[Event \"x\"]\n"), exitFailure, true, 0},
		{write("empty.pbn", ""), exitFailure, false, 1},
		{filepath.Join(dir, "mixed"), exitOK, false, 2},
	} {
		code, out, errs := runCmd(t, nil, "-q", "-equity=false", "-o", "-", c.path)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d; stderr %q", c.path, code, c.code, errs)
		}
		rows := parseRows(t, out)
		checkRows(t, rows)
		unreadable := false
		for _, r := range rows {
			if r.str("type") == "problem" && r.str("code") == "unreadable-file" {
				unreadable = true
			}
			if r.str("type") == "summary" && r.num("files_empty") != c.empty {
				t.Errorf("%s: files_empty %v, want %v", c.path, r.num("files_empty"), c.empty)
			}
		}
		if unreadable != c.unreadble {
			t.Errorf("%s: unreadable-file %v, want %v", c.path, unreadable, c.unreadble)
		}
	}
}

// TestMessagesInDutch checks that the messages of a Dutch run about its
// inputs and its report hold no English reason of the operating system.
func TestMessagesInDutch(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", filepath.Join(dir, "missing", "n7.xlsx")}, "de map"},
		{[]string{"-o", filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "nosuch.pbn")}, "bestand of map bestaat niet"},
	} {
		_, _, errs := runCmd(t, nil, append([]string{"-lang", "nl", "-q"}, c.args...)...)
		if !strings.Contains(errs, c.want) || strings.Contains(errs, "does not exist") || strings.Contains(errs, "no such file") {
			t.Errorf("%v: stderr %q, want %q and no English", c.args, errs, c.want)
		}
	}
}

// TestProgressFigures checks the progress bar's own figures: each one
// named, in the language of -lang, the time left only once a tenth is
// read, and no speed.
func TestProgressFigures(t *testing.T) {
	for _, c := range []struct {
		lang        string
		total, read int64
		want        []string
	}{
		{"en", 100e6, 1e6, []string{"read 1.0 MB of 100.0 MB", "gone"}},
		{"en", 100e6, 50e6, []string{"read 50.0 MB of 100.0 MB", "gone, about", "left"}},
		{"en", -1, 3e6, []string{"read 3.0 MB", "gone"}},
		{"nl", 100e6, 50e6, []string{"50.0 MB van 100.0 MB gelezen", "verstreken, nog ongeveer"}},
	} {
		p := &progress{printer: report.NewPrinter(c.lang), total: c.total, read: c.read, start: time.Now().Add(-2 * time.Second)}
		got := p.figures()
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s %d of %d: %q, want %q", c.lang, c.read, c.total, got, w)
			}
		}
		if strings.Contains(got, "/s") || (c.read*10 < c.total && strings.Contains(got, "left")) {
			t.Errorf("%s %d of %d: %q", c.lang, c.read, c.total, got)
		}
	}
}

// TestDatumTrimNotice checks that -datum-trim says when it did nothing:
// more scores to drop than a Butler board has, or no Butler session.
func TestDatumTrimNotice(t *testing.T) {
	const rs = "../../testdata/rescore/"
	for _, c := range []struct {
		file, trim, want string
	}{
		{"butler.pbn", "50", "-datum-trim 50 drops no score on 1 of 1 Butler boards"},
		{"butler.pbn", "1", ""},
		{"neuberg.pbn", "1", "no session was scored by Butler"},
	} {
		code, _, errs := runCmd(t, nil, "-rescore", "-datum-trim", c.trim, "-equity=false", "-o", filepath.Join(t.TempDir(), "r.jsonl"), rs+c.file)
		if code != exitOK {
			t.Fatalf("%s -datum-trim %s: exit %d: %s", c.file, c.trim, code, errs)
		}
		if got := strings.Contains(errs, "-datum-trim"); got != (c.want != "") || !strings.Contains(errs, c.want) {
			t.Errorf("%s -datum-trim %s: stderr %q, want %q", c.file, c.trim, errs, c.want)
		}
	}
}
