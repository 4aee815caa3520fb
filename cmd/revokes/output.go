package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/text/message"

	"revokes/report"
)

// openReport creates the report writer that cfg asks for. Every writer to
// a file writes a temporary file and renames it at Close; Abort removes it.
func openReport(cfg config, stdout io.Writer, p *message.Printer) (report.Writer, error) {
	switch {
	case cfg.out == "-":
		return report.NewJSONL(stdout, p), nil
	case cfg.format == "jsonl":
		return newAtomicJSONL(cfg.out, p)
	case cfg.format == "csv":
		c, err := report.NewCSV(cfg.out, p)
		if err != nil {
			return nil, err
		}
		return c, nil
	default:
		x, err := report.NewXLSX(cfg.out, p)
		if err != nil {
			return nil, err
		}
		return x, nil
	}
}

// atomicJSONL writes JSON Lines to a temporary file beside the final name
// and renames it there at Close.
type atomicJSONL struct {
	*report.JSONL
	f     *os.File
	final string
	done  bool
}

func newAtomicJSONL(final string, p *message.Printer) (*atomicJSONL, error) {
	dir, base := filepath.Split(final)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &atomicJSONL{JSONL: report.NewJSONL(f, p), f: f, final: final}, nil
}

// Close writes the summary, then moves the file to its final name.
func (a *atomicJSONL) Close(s *report.Summary) error {
	if a.done {
		return nil
	}
	a.done = true
	err := a.JSONL.Close(s)
	if err == nil {
		err = a.f.Sync()
	}
	if err2 := a.f.Close(); err == nil {
		err = err2
	}
	if err == nil {
		err = os.Rename(a.f.Name(), a.final)
	}
	if err != nil {
		os.Remove(a.f.Name())
	}
	return err
}

// Abort removes the temporary file.
func (a *atomicJSONL) Abort() {
	if a.done {
		return
	}
	a.done = true
	a.f.Close()
	os.Remove(a.f.Name())
}

// progress is the progress bar on stderr, by bytes read. A nil *progress
// draws nothing.
type progress struct {
	w   io.Writer
	bar *progressbar.ProgressBar
}

// newProgress returns a progress bar, or nil when -q is given or stderr is
// not a terminal.
func newProgress(cfg config, stderr io.Writer) *progress {
	if cfg.quiet {
		return nil
	}
	f, ok := stderr.(*os.File)
	if !ok {
		return nil
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return &progress{w: stderr}
}

// start draws the bar for total bytes (-1 when unknown).
func (p *progress) start(total int64) {
	if p == nil {
		return
	}
	p.bar = progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionSetDescription("reading"),
		progressbar.OptionShowBytes(true),
		progressbar.OptionShowTotalBytes(true),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionUseANSICodes(true),
	)
}

// add counts n bytes read.
func (p *progress) add(n int64) {
	if p == nil || p.bar == nil || n == 0 {
		return
	}
	p.bar.Add64(n)
}

// done clears the bar.
func (p *progress) done() {
	if p == nil || p.bar == nil {
		return
	}
	p.bar.Finish()
	p.bar.Clear()
}

// printSummary writes the one-paragraph summary of the run on stderr.
func printSummary(w io.Writer, p *message.Printer, cfg config, s *report.Summary) {
	where := cfg.out
	if where == "-" {
		where = p.Sprintf("standard output")
	}
	fmt.Fprintln(w, p.Sprintf("Read %d files: %d games, %d analysed, %d skipped. Found %d revokes, %d established, %d tricks transferred; %d problems. Took %.1fs. Report: %s",
		s.Files, s.Games, s.GamesAnalysed, s.GamesSkipped, s.Revokes, s.Established,
		s.TricksTransferred, s.Problems, float64(s.ElapsedMS)/1000, where))
}
