package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/text/message"

	"revokes/report"
)

// openReport creates the report writer that cfg asks for. Every writer to
// a file writes a temporary file and renames it at Close; Abort removes it.
// A device, FIFO or /dev/stdout is written directly (report.Special). The
// workbook is told the inputs (in) for its File columns.
func openReport(cfg config, stdout io.Writer, p *message.Printer, in report.Inputs) (report.Writer, error) {
	switch {
	case cfg.out == "-":
		j := report.NewJSONL(stdout, p)
		j.SetBoards(cfg.boards)
		return j, nil
	case cfg.format == "jsonl":
		j, err := report.NewJSONLFile(cfg.out, p)
		if err != nil {
			return nil, err
		}
		j.SetBoards(cfg.boards)
		return j, nil
	case cfg.format == "csv":
		c, err := report.NewCSVSep(cfg.out, p, cfg.csvSep)
		if err != nil {
			return nil, err
		}
		if cfg.boards {
			if err := c.SetBoards(); err != nil {
				return nil, err
			}
		}
		return c, nil
	case cfg.format == "parquet":
		// Every board always has its row in Parquet (output.md Revision 3).
		x, err := report.NewParquet(cfg.out, p)
		if err != nil {
			return nil, err
		}
		return x, nil
	default:
		x, err := report.NewXLSXInputs(cfg.out, p, in)
		if err != nil {
			return nil, err
		}
		return x, nil
	}
}

// progress is the progress bar on stderr, by bytes read. A nil *progress
// draws nothing.
type progress struct {
	w     io.Writer
	bar   *progressbar.ProgressBar
	label string // "reading", in the language of -lang
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
	printer := report.NewPrinter(cfg.lang)
	return &progress{w: stderr, label: printer.Sprintf("reading")}
}

// start draws the bar for total bytes (-1 when unknown).
func (p *progress) start(total int64) {
	if p == nil {
		return
	}
	p.bar = progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionSetDescription(p.label),
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
	// The revokes by assessment (laws.md A14).
	// The revokes applied: those that change a result (laws.md A24).
	fmt.Fprintln(w, p.Sprintf("Read %d files: %d games, %d analysed, %d skipped. Found %d revokes (%d plausible, %d suspect, %d undetermined), %d established, %d tricks transferred, %d applied (-apply %s); %d problems. Took %.1fs. Report: %s",
		s.Files, s.Games, s.GamesAnalysed, s.GamesSkipped, s.Revokes,
		s.RevokesPlausible, s.RevokesSuspect, s.RevokesUndetermined, s.Established,
		s.TricksTransferred, s.RevokesApplied, cfg.apply.String(), s.Problems, float64(s.ElapsedMS)/1000, where))
	if len(cfg.paths) == 0 {
		// A first run without PATH: say what was read and what to do next.
		fmt.Fprintln(w, p.Sprintf("No PATH was given, so the sample archive built into revokes was analysed. To check your own records, name the files or folders: revokes -o audit.xlsx path/to/archive/"))
	}
}
