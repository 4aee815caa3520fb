package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revokes/pbn/pbntest"
)

// writeZip writes a zip archive of the members (name → content), in the
// order given.
func writeZip(t testing.TB, path string, members ...string) {
	t.Helper()
	if err := os.WriteFile(path, pbntest.Zip(t, members...), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestZip(t *testing.T) {
	old := maxMember
	maxMember = 64 << 10
	defer func() { maxMember = old }()

	two, err := os.ReadFile(td + "/two.pbn")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	arc := filepath.Join(dir, "arc.zip")
	bomb := "[Event \"bomb\"]\n" + strings.Repeat("\n", 4<<20) // 4 MiB: a few kB deflated
	writeZip(t, arc,
		"a.pbn", string(two),
		"notes.txt", "not read",
		"../evil.pbn", string(two),
		"bomb.pbn", bomb,
		"z/last.LIN", "",
	)
	code, out, _ := runCmd(t, nil, "-q", "-o", "-", arc)
	if code != 1 {
		t.Errorf("exit %d, want 1 (a member could not be read)", code)
	}
	rows := parseRows(t, out)
	sum := checkRows(t, rows)
	if sum.num("files") != 4 || sum.num("games") != 5 { // the bomb starts with one record
		t.Errorf("summary %v, want 4 files (a, evil, bomb, last), 5 games", sum)
	}
	var tooLarge bool
	files := map[string]bool{}
	for _, r := range rows {
		files[r.str("file")] = true
		if r.str("code") == "zip-member-too-large" {
			tooLarge = r.str("file") == arc+"!bomb.pbn" && r.str("severity") == "error"
		}
	}
	if !tooLarge {
		t.Errorf("no zip-member-too-large error row for the bomb: %v", rows)
	}
	if !files[arc+"!a.pbn"] || !files[arc+"!../evil.pbn"] {
		t.Errorf("member names not reported as archive!member: %v", files)
	}
	if _, err := os.Stat(filepath.Join(dir, "..", "evil.pbn")); err == nil {
		t.Error("a member was extracted to disk")
	}
}

func TestZipInDirectory(t *testing.T) {
	dir := t.TempDir()
	two, _ := os.ReadFile(td + "/two.pbn")
	writeZip(t, filepath.Join(dir, "b.zip"), "x.pbn", string(two))
	if err := os.WriteFile(filepath.Join(dir, "a.pbn.gz"), pbntest.Gzip(t, two), 0o644); err != nil {
		t.Fatal(err)
	}
	// Content, not the name, says zip: a zip named .pbn is read as a zip.
	writeZip(t, filepath.Join(dir, "c.pbn"), "y.pbn", string(two))
	code, out, _ := runCmd(t, nil, "-q", "-o", "-", dir)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	sum := checkRows(t, parseRows(t, out))
	if sum.num("files") != 3 || sum.num("games") != 6 {
		t.Errorf("summary %v, want 3 files, 6 games", sum)
	}
}

func TestBadZip(t *testing.T) {
	dir := t.TempDir()
	arc := filepath.Join(dir, "broken.zip")
	if err := os.WriteFile(arc, []byte("PK\x03\x04 this is no zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCmd(t, nil, "-q", "-o", "-", arc, td+"/two.pbn")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	rows := parseRows(t, out)
	sum := checkRows(t, rows)
	if rows[0].str("code") != "unreadable-file" || sum.num("games") != 2 {
		t.Errorf("rows %v", rows)
	}
}

func TestGzip(t *testing.T) {
	dir := t.TempDir()
	data := genArchive(300)
	z := pbntest.Gzip(t, data)
	full := filepath.Join(dir, "full.pbn.gz")
	if err := os.WriteFile(full, z, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCmd(t, nil, "-q", "-o", "-", full)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if sum := checkRows(t, parseRows(t, out)); sum.num("games") != 300 {
		t.Errorf("summary %v", sum)
	}

	// Truncated: what was read is analysed, the break is a problem.
	cut := filepath.Join(dir, "cut.gz")
	if err := os.WriteFile(cut, z[:len(z)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCmd(t, nil, "-q", "-o", "-", cut)
	if code != 1 {
		t.Errorf("truncated gzip: exit %d, want 1", code)
	}
	rows := parseRows(t, out)
	sum := checkRows(t, rows)
	if g := sum.num("games"); g == 0 || g >= 300 {
		t.Errorf("truncated gzip: %d games, want some but not all", g)
	}
	last := rows[len(rows)-2]
	if last.str("code") != "unreadable-file" || last.str("file") != cut {
		t.Errorf("truncated gzip: last row %v, want unreadable-file", last)
	}

	// Gzip on standard input.
	code, out, _ = runCmd(t, bytes.NewReader(z), "-q", "-o", "-", "-")
	if sum := checkRows(t, parseRows(t, out)); code != 0 || sum.num("games") != 300 {
		t.Errorf("gzip on stdin: exit %d, summary %v", code, sum)
	}
}

// TestTar: laws.md A17, .tar, .tar.gz and .tgz archives are read like
// zip ones: their .pbn/.lin members in order, the same size cap, names
// archive!member, members whose names leave the archive read but never
// written anywhere.
func TestTar(t *testing.T) {
	old := maxMember
	maxMember = 64 << 10
	defer func() { maxMember = old }()

	two, err := os.ReadFile(td + "/two.pbn")
	if err != nil {
		t.Fatal(err)
	}
	bomb := "[Event \"bomb\"]\n" + strings.Repeat("\n", 4<<20)
	arc := pbntest.Tar(t,
		"a.pbn", string(two),
		"notes.txt", "not read",
		"../evil.pbn", string(two),
		"/abs/x.PBN", string(two),
		"bomb.pbn", bomb,
		"z/last.LIN", "",
	)
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"arc.tar", arc},
		{"arc.tar.gz", pbntest.Gzip(t, arc)},
		{"arc.tgz", pbntest.Gzip(t, arc)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "in", tc.name)
			os.Mkdir(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			// Named, and found in a directory walk.
			for _, in := range []string{p, filepath.Dir(p)} {
				code, out, _ := runCmd(t, nil, "-q", "-o", "-", in)
				if code != 1 {
					t.Errorf("exit %d, want 1 (a member is too large)", code)
				}
				rows := parseRows(t, out)
				sum := checkRows(t, rows)
				if sum.num("files") != 5 || sum.num("games") != 7 {
					t.Errorf("summary %v, want 5 files (a, evil, abs, bomb, last), 7 games", sum)
				}
				var tooLarge bool
				files := map[string]bool{}
				for _, r := range rows {
					files[r.str("file")] = true
					if r.str("code") == "zip-member-too-large" {
						tooLarge = r.str("file") == p+"!bomb.pbn" && r.str("severity") == "error"
					}
				}
				if !tooLarge {
					t.Errorf("no zip-member-too-large error row for the bomb: %v", rows)
				}
				for _, m := range []string{"a.pbn", "../evil.pbn", "/abs/x.PBN"} {
					if !files[p+"!"+m] {
						t.Errorf("member %s not reported as archive!member: %v", m, files)
					}
				}
			}
			if _, err := os.Stat(filepath.Join(dir, "evil.pbn")); err == nil {
				t.Error("a member was extracted to disk")
			}
		})
	}
}

// TestTarBroken: a truncated .tgz is read up to the break, which is a
// problem row; so is a tar whose header is damaged after the first member.
func TestTarBroken(t *testing.T) {
	data := genArchive(300)
	arc := pbntest.Tar(t, "full.pbn", string(data), "second.pbn", string(data))
	dir := t.TempDir()
	z := pbntest.Gzip(t, arc)
	cut := filepath.Join(dir, "cut.tgz")
	if err := os.WriteFile(cut, z[:len(z)/4], 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCmd(t, nil, "-q", "-o", "-", cut)
	if code != 1 {
		t.Errorf("truncated tgz: exit %d, want 1", code)
	}
	rows := parseRows(t, out)
	sum := checkRows(t, rows)
	if g := sum.num("games"); g == 0 || g >= 300 {
		t.Errorf("truncated tgz: %d games, want some but not all of the first member", g)
	}
	last := rows[len(rows)-2]
	if last.str("code") != "unreadable-file" || last.str("file") != cut+"!full.pbn" {
		t.Errorf("truncated tgz: last row %v, want unreadable-file of the member", last)
	}

	// The second member's header is damaged: the first is read whole.
	bad := append([]byte(nil), arc...)
	off := (512 + len(data) + 511) / 512 * 512
	copy(bad[off+148:], "9999999\x00") // no octal checksum
	p := filepath.Join(dir, "bad.tar")
	if err := os.WriteFile(p, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCmd(t, nil, "-q", "-o", "-", p)
	rows = parseRows(t, out)
	sum = checkRows(t, rows)
	if code != 1 || sum.num("games") != 300 || sum.num("files") != 1 {
		t.Errorf("damaged tar: exit %d, summary %v, want 1 and 300 games of one member", code, sum)
	}
	if last := rows[len(rows)-2]; last.str("code") != "unreadable-file" || last.str("file") != p {
		t.Errorf("damaged tar: last row %v, want unreadable-file of the archive", last)
	}

}
