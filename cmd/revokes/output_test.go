package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/xuri/excelize/v2"
)

// readSpy is standard input that records whether it was read.
type readSpy struct{ read atomic.Bool }

func (r *readSpy) Read([]byte) (int, error) { r.read.Store(true); return 0, io.EOF }

// TestTargetRefused checks that a report target that cannot be written (a
// directory, a missing folder, a CSV companion that is a directory) is
// bad usage, refused before any input is read, with a message that names
// the target and no temporary file, and that nothing is left behind.
func TestTargetRefused(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "d.jsonl"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "c.problems.csv"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		out, name string // -o, the name the message must give
	}{
		{filepath.Join(dir, "d.jsonl"), filepath.Join(dir, "d.jsonl")},
		{dir, dir},
		{filepath.Join(dir, "no", "such", "r.xlsx"), filepath.Join(dir, "no", "such", "r.xlsx")},
		{filepath.Join(dir, "c.csv"), filepath.Join(dir, "c.problems.csv")},
	} {
		in := &readSpy{}
		code, _, stderr := runCmd(t, in, "-q", "-format", formatOf(tc.out), "-o", tc.out, "-")
		if code != exitUsage {
			t.Errorf("-o %s: exit %d, want %d", tc.out, code, exitUsage)
		}
		if !strings.Contains(stderr, tc.name) || strings.Contains(stderr, ".tmp-") {
			t.Errorf("-o %s: message %q should name %s and no temporary file", tc.out, stderr, tc.name)
		}
		if in.read.Load() {
			t.Errorf("-o %s: the input was read before the target was refused", tc.out)
		}
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("left behind in %s: %v", dir, ents)
	}
}

// formatOf is the -format for a test's -o (a directory gets jsonl).
func formatOf(out string) string {
	switch filepath.Ext(out) {
	case ".xlsx":
		return "xlsx"
	case ".csv":
		return "csv"
	}
	return "jsonl"
}

// TestTargetDevice checks that a device target is written directly and
// survives as a device, in every format: (as root) a device node made in a
// temporary folder, where nothing else may appear (no temporary file, no
// CSV companions), then /dev/null itself. The node comes first, so that a
// regression fails there before it can replace the machine's /dev/null
// (as non-root the rename into /dev would fail anyway).
func TestTargetDevice(t *testing.T) {
	if os.Geteuid() == 0 {
		dir := t.TempDir()
		dev := filepath.Join(dir, "null.csv")
		if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3); err != nil { // 1,3: /dev/null
			t.Fatalf("mknod: %v", err)
		}
		for _, format := range []string{"jsonl", "csv", "xlsx"} {
			code, _, stderr := runCmd(t, nil, "-format", format, "-o", dev, td+"/two.pbn")
			if code != 0 {
				t.Errorf("-o %s -format %s: exit %d: %s", dev, format, code, stderr)
			}
			if format == "csv" && !strings.Contains(stderr, "not a regular file") {
				t.Errorf("-format csv to a device: no note on the companions: %q", stderr)
			}
			fi, err := os.Stat(dev)
			if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
				t.Fatalf("-format %s: the device node was replaced: %v %v", format, fi, err)
			}
			if ents, _ := os.ReadDir(dir); len(ents) != 1 {
				t.Errorf("-format %s: left beside the device: %v", format, ents)
			}
		}
	}
	for _, format := range []string{"jsonl", "csv", "xlsx"} {
		code, _, stderr := runCmd(t, nil, "-q", "-format", format, "-o", "/dev/null", td+"/two.pbn")
		if code != 0 {
			t.Errorf("-o /dev/null -format %s: exit %d: %s", format, code, stderr)
		}
		if fi, err := os.Stat("/dev/null"); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
			t.Fatalf("/dev/null is no longer a character device: %v %v", fi, err)
		}
	}
}

// TestTargetFIFO checks that a FIFO target is written directly: a reader
// at the other end gets the whole report, and the FIFO stays a FIFO.
func TestTargetFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	for _, format := range []string{"jsonl", "csv"} {
		got := make(chan []byte)
		go func() {
			f, err := os.Open(fifo)
			if err != nil {
				got <- nil
				return
			}
			data, _ := io.ReadAll(f)
			f.Close()
			got <- data
		}()
		code, _, stderr := runCmd(t, nil, "-q", "-format", format, "-o", fifo, td+"/two.pbn")
		// Checked before waiting for the reader, which a replaced FIFO
		// would leave waiting for ever.
		if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
			t.Fatalf("-format %s: the FIFO was replaced: %v %v", format, fi, err)
		}
		data := <-got
		if code != 0 {
			t.Fatalf("-format %s: exit %d: %s", format, code, stderr)
		}
		switch format {
		case "jsonl":
			sum := checkRows(t, parseRows(t, string(data)))
			if sum.num("games") != 2 {
				t.Errorf("summary through the FIFO: %v", sum)
			}
		case "csv":
			if !strings.Contains(string(data), "file,game,line") {
				t.Errorf("CSV through the FIFO: %q", data)
			}
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 1 {
			t.Errorf("-format %s: left beside the FIFO: %v", format, ents)
		}
	}
}

// TestTargetStdoutLink checks that a link to an open file of the process
// (/dev/stdout, here /proc/self/fd/N of a file the test opened, as a shell
// redirection would) is written through the open file: the report lands
// in that file and nothing is renamed in its place.
func TestTargetStdoutLink(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "out.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	link := fmt.Sprintf("/proc/self/fd/%d", f.Fd())
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Skipf("no /proc/self/fd links: %v", err)
	}
	code, _, stderr := runCmd(t, nil, "-q", "-format", "jsonl", "-o", link, td+"/two.pbn")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	if sum := checkRows(t, parseRows(t, string(data))); sum.num("games") != 2 {
		t.Errorf("summary %v", sum)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("left beside the file: %v", ents)
	}
}

// TestNothingToRead checks that a run whose paths hold no input (an empty
// folder, a folder of files that are neither PBN nor LIN) says so and
// exits 1 without a report.
func TestNothingToRead(t *testing.T) {
	empty := t.TempDir()
	other := t.TempDir()
	for name, data := range map[string]string{"notes.txt": "Minutes of the meeting\n", "empty": "", "logo.png": "\x89PNG\r\n"} {
		if err := os.WriteFile(filepath.Join(other, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, in := range []string{empty, other} {
		out := filepath.Join(t.TempDir(), "r.xlsx")
		code, _, stderr := runCmd(t, nil, "-o", out, in)
		if code != exitFailure || !strings.Contains(stderr, "nothing to read") || !strings.Contains(stderr, in) {
			t.Errorf("%s: exit %d, stderr %q; want 1 and a message naming it", in, code, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: a report was written", in)
		}
	}
}

// TestCSVSepFlag checks -csv-sep end to end: each of the three CSV files
// starts with the UTF-8 byte-order mark and its header uses the separator.
func TestCSVSepFlag(t *testing.T) {
	for flag, sep := range map[string]string{",": ",", ";": ";", "tab": "\t"} {
		dir := t.TempDir()
		out := filepath.Join(dir, "r.csv")
		if code, _, stderr := runCmd(t, nil, "-q", "-csv-sep", flag, "-o", out, td+"/two.pbn"); code != 0 {
			t.Fatalf("-csv-sep %s: exit %d: %s", flag, code, stderr)
		}
		for n, head := range map[string]string{"r.csv": "file", "r.problems.csv": "file", "r.summary.csv": "files"} {
			data, err := os.ReadFile(filepath.Join(dir, n))
			if err != nil {
				t.Fatal(err)
			}
			line, _, _ := strings.Cut(string(data), "\n")
			if want := "\ufeff" + head + sep; !strings.HasPrefix(line, want) || strings.Count(line, sep) < 5 {
				t.Errorf("-csv-sep %s: %s header %q, want it to start %q", flag, n, line, want)
			}
		}
	}
}

// TestUsageDutch checks that -lang nl -h is in Dutch: every flag of the
// English help has its Dutch explanation (flagsNL), shown instead of the
// English one.
func TestUsageDutch(t *testing.T) {
	_, _, en := runCmd(t, nil, "-lang", "en", "-h")
	code, _, nl := runCmd(t, nil, "-lang", "nl", "-h")
	if code != 0 || !strings.Contains(nl, "Gebruik: revokes") || !strings.Contains(nl, "Afsluitstatus") {
		t.Fatalf("-lang nl -h: exit %d:\n%s", code, nl)
	}
	// flag.PrintDefaults: "  -name value" then "    \tusage" lines.
	usages := map[string]string{}
	name := ""
	for _, line := range strings.Split(en, "\n") {
		switch {
		case strings.HasPrefix(line, "  -"):
			name = strings.Fields(line)[0][1:]
		case strings.HasPrefix(line, "    \t") && name != "":
			usages[name] += strings.TrimPrefix(line, "    \t")
		}
	}
	if len(usages) < 8 {
		t.Fatalf("only %d flags found in\n%s", len(usages), en)
	}
	for name, english := range usages {
		nlText, ok := flagsNL[name]
		if !ok {
			t.Errorf("-%s has no Dutch explanation in flagsNL", name)
			continue
		}
		_, dutch := flag.UnquoteUsage(&flag.Flag{Usage: nlText})
		head, _, _ := strings.Cut(english, " (default")
		if strings.Contains(nl, head) || !strings.Contains(nl, dutch) {
			t.Errorf("-%s: Dutch help shows %q or lacks %q", name, head, dutch)
		}
	}
}

// TestMessagesDutch checks that a usage error is reported in the language
// of -lang.
func TestMessagesDutch(t *testing.T) {
	for lang, want := range map[string]string{
		"en": "revokes: -workers must be at least 1, not 0\nRun 'revokes -h' for usage.\n",
		"nl": "revokes: -workers moet minstens 1 zijn, niet 0\nZie 'revokes -h' voor het gebruik.\n",
	} {
		code, _, stderr := runCmd(t, nil, "-lang", lang, "-workers", "0")
		if code != exitUsage || stderr != want {
			t.Errorf("%s: exit %d, stderr %q, want %q", lang, code, stderr, want)
		}
	}
}

// TestFileBelowFolder checks that the workbook shows a file found in a
// folder by its path below the folder given, while JSON Lines keep the
// path as given.
func TestFileBelowFolder(t *testing.T) {
	dir := t.TempDir()
	src, err := fs.ReadFile(sampleFS, "sample/2019-02-14-club-night.pbn")
	if err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "archive", "2019")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "night.pbn"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "archive") + string(filepath.Separator)
	xlsx := filepath.Join(dir, "r.xlsx")
	if code, _, stderr := runCmd(t, nil, "-q", "-equity=false", "-o", xlsx, in); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	code, out, _ := runCmd(t, nil, "-q", "-equity=false", "-o", "-", in)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	want := filepath.Join(sub, "night.pbn")
	for _, r := range parseRows(t, out) {
		if r.str("type") == "revoke" && r.str("file") != want {
			t.Errorf("JSON Lines file %q, want the path as given %q", r.str("file"), want)
		}
	}
	f, err := excelize.OpenFile(xlsx)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("Revokes")
	if err != nil || len(rows) < 2 {
		t.Fatalf("Revokes rows %d, %v", len(rows), err)
	}
	if got := rows[1][0]; got != filepath.Join("2019", "night.pbn") {
		t.Errorf("Revokes File %q, want the path below the folder", got)
	}
}
