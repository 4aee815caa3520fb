package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"revokes/pbn"
	"revokes/synth"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// binary builds the command once per test run and returns its path.
func binary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "revokes-bin")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "revokes")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = err
			binPath = string(out)
		}
	})
	if buildErr != nil {
		t.Fatalf("go build: %v\n%s", buildErr, binPath)
	}
	return binPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" && buildErr == nil {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// TestBinarySmoke runs the real binary on the built-in sample.
func TestBinarySmoke(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	cmd := exec.Command(bin, "-o", "r.jsonl")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	data, err := os.ReadFile(filepath.Join(dir, "r.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if sum := checkRows(t, parseRows(t, string(data))); sum.num("revokes") == 0 {
		t.Errorf("no revokes in the sample: %v", sum)
	}
	if !bytes.Contains(stderr.Bytes(), []byte("r.jsonl")) {
		t.Errorf("summary paragraph does not say where the report is: %q", stderr.String())
	}

	if err := exec.Command(bin, "-edition", "1066").Run(); exitCode(err) != 2 {
		t.Errorf("bad edition: %v, want exit status 2", err)
	}
}

func exitCode(err error) int {
	if err == nil {
		return 0
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	return -1
}

// TestSignal interrupts a run that waits on standard input: exit status
// 130 (143 for SIGTERM) and no report, final or temporary, left behind.
func TestSignal(t *testing.T) {
	bin := binary(t)
	for _, sig := range []struct {
		s    syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		dir := t.TempDir()
		cmd := exec.Command(bin, "-q", "-o", "r.jsonl", "-")
		cmd.Dir = dir
		in, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		in.Write(genArchive(600)) // more than a batch, then the input stalls
		time.Sleep(300 * time.Millisecond)
		cmd.Process.Signal(sig.s)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err = <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("%v: the run did not stop", sig.s)
		}
		in.Close()
		if c := exitCode(err); c != sig.code {
			t.Errorf("%v: exit status %d, want %d", sig.s, c, sig.code)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Errorf("%v: left behind %v", sig.s, ents)
		}
	}
}

// BenchmarkEndToEnd runs the whole pipeline (reading, analysis, JSON
// Lines) on a generated PBN archive read from standard input.
func BenchmarkEndToEnd(b *testing.B) {
	benchRun(b, "-o", "-")
}

// BenchmarkEndToEndBoards is BenchmarkEndToEnd with a board row for every
// board (-boards all) in the JSON Lines.
func BenchmarkEndToEndBoards(b *testing.B) {
	benchRun(b, "-boards", "all", "-o", "-")
}

// BenchmarkEndToEndParquet is BenchmarkEndToEnd writing the four Parquet
// files (every board's row included) to a temporary folder: compare it
// with BenchmarkEndToEndFile, the same run to a JSON Lines file.
func BenchmarkEndToEndParquet(b *testing.B) {
	benchRun(b, "-o", filepath.Join(b.TempDir(), "r.parquet"))
}

// BenchmarkEndToEndFile is BenchmarkEndToEnd to a JSON Lines file.
func BenchmarkEndToEndFile(b *testing.B) {
	benchRun(b, "-o", filepath.Join(b.TempDir(), "r.jsonl"))
}

// benchRun runs the command with args, one worker and no equity, on a
// generated archive of 3,000 PBN boards read from standard input.
func benchRun(b *testing.B, args ...string) {
	var buf bytes.Buffer
	g := synth.New(synth.Options{Seed: 7})
	if _, err := g.Write(&buf, pbn.FormatPBN, 3000); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	args = append([]string{"-q", "-equity=false", "-workers", "1"}, append(args, "-")...)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if code := run(args, bytes.NewReader(data), io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
