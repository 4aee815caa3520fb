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
// draws nothing. Its figures are its own text, each named (how much is
// read, the time gone, the time left), and no speed: the first reads run
// ahead of the analysis, so a speed would mislead at the start.
type progress struct {
	w       io.Writer
	bar     *progressbar.ProgressBar
	printer *message.Printer
	total   int64 // bytes to read, -1 when unknown
	read    int64
	start   time.Time
	shown   time.Time // when the figures were last written
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
	return &progress{w: stderr, printer: report.NewPrinter(cfg.lang)}
}

// begin draws the bar for total bytes (-1 when unknown).
func (p *progress) begin(total int64) {
	if p == nil {
		return
	}
	p.total, p.start = total, time.Now()
	p.bar = progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionSetDescription(p.figures()),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetPredictTime(false),
		progressbar.OptionSetElapsedTime(false),
		progressbar.OptionShowDescriptionAtLineEnd(),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionUseANSICodes(true),
	)
}

// add counts n bytes read.
func (p *progress) add(n int64) {
	if p == nil || p.bar == nil || n == 0 {
		return
	}
	p.read += n
	if now := time.Now(); now.Sub(p.shown) >= 250*time.Millisecond {
		p.shown = now
		p.bar.Describe(p.figures())
	}
	p.bar.Add64(n)
}

// figures says how far the run is: bytes read (of the total), the time
// gone and, once a tenth is read, the time left at the pace so far.
func (p *progress) figures() string {
	gone := time.Since(p.start).Round(time.Second)
	if p.total <= 0 {
		return p.printer.Sprintf("read %s, %v gone", megabytes(p.read), gone)
	}
	if p.read*10 < p.total || p.read >= p.total {
		return p.printer.Sprintf("read %s of %s, %v gone", megabytes(p.read), megabytes(p.total), gone)
	}
	left := time.Duration(float64(time.Since(p.start)) * float64(p.total-p.read) / float64(p.read)).Round(time.Second)
	return p.printer.Sprintf("read %s of %s, %v gone, about %v left", megabytes(p.read), megabytes(p.total), gone, left)
}

// megabytes writes n bytes in MB with one decimal.
func megabytes(n int64) string {
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
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
