// Command revokes audits bridge play records (PBN files, BBO LIN files,
// folders, zip and gzip archives of them) for revokes and writes a report:
// an Excel workbook, CSV files or JSON Lines.
//
// Usage:
//
//	revokes [flags] [PATH ...]
//
// Each PATH is a file (the format, PBN or LIN, is read from the content, so
// any extension works when the file is named explicitly), a directory
// (walked recursively in sorted order; files ending in .pbn, .lin, .zip,
// .gz, .tar or .tgz are read, any case, and files of other names whose
// first bytes are PBN or LIN; symbolic links to directories are not
// followed, so a link loop cannot hang the walk), a .zip archive (its .pbn
// and .lin members, reported as "archive.zip!member.pbn", at most 256 MiB
// uncompressed each), a gzip file, or "-" for standard input. Without a
// PATH the sample archive built into the binary is analysed.
//
// Exit status: 0 when the run completed, whatever it found; 1 when an input
// could not be read (the other inputs are still analysed and a report is
// written), when the paths hold nothing to read (no report), or the report
// could not be written; 2 for bad usage, and for a report target that
// cannot be written (a directory, a missing folder: refused before any
// input is read); 130 after
// SIGINT and 143 after SIGTERM (the run stops at once and no report is
// left under the final name).
//
// The report is the same whatever -workers says: boards are analysed in
// parallel but written in input order (inputs as given, directory entries
// in sorted order, zip members in archive order, records in file order).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/text/message"

	"revokes/analyze"
	"revokes/analyze/dd"
	"revokes/pbn"
	"revokes/pbn/boards"
	"revokes/report"
	"revokes/rescore"
)

// Exit statuses.
const (
	exitOK        = 0
	exitFailure   = 1
	exitUsage     = 2
	exitInterrupt = 130 // 128 + SIGINT
	exitTerm      = 143 // 128 + SIGTERM
)

func main() {
	// The boards in flight are few (the pipeline is bounded): a large
	// run's heap soon reaches the memory limit, which then sets the pace
	// of the collector and keeps the peak bounded. A smaller run would
	// not collect before the limit, and each page it takes fresh costs a
	// page fault, dearer than collecting a small live heap: GOGC 200 lets
	// the heap grow to three times what is live before a collection. The
	// environment (GOGC, GOMEMLIMIT) still decides when it says something.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(200)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	// REVOKES_CPUPROFILE names a file for a CPU profile of the run, a
	// developer's aid for the speed work (ARCHITECTURE.md).
	if f := os.Getenv("REVOKES_CPUPROFILE"); f != "" {
		if out, err := os.Create(f); err == nil {
			if pprof.StartCPUProfile(out) == nil {
				code := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
				pprof.StopCPUProfile()
				out.Close()
				os.Exit(code)
			}
		}
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// memoryLimit is the soft memory limit main sets (unless GOMEMLIMIT is
// set): the boards in flight are few, so the heap stays well under it.
const memoryLimit = 120 << 20

// parquetRoom is what the memory limit is raised by for a Parquet report,
// room for the row groups it buffers (docs/performance.md).
const parquetRoom = 40 << 20

// config is the parsed command line.
type config struct {
	edition   string
	out       string
	format    string // "xlsx", "csv", "jsonl" or "parquet"
	boards    bool   // -boards all: a row for every board read
	lang      string
	attention analyze.Attention
	apply     analyze.Apply // -apply: which revokes change a result (laws.md A24)
	workers   int
	quiet     bool
	equity    bool
	paths     []string
	csvSep    rune            // between CSV fields (-csv-sep)
	rescore   rescore.Options // -rescore, -scoring, -datum-trim
	rescoring bool
	// decisions are the director's decisions of -decisions, nil without
	// (laws.md A24; report/decisions.go).
	decisions *report.Decisions
	// corrected is the folder of the corrected copies (-corrected,
	// rescoring.md §10); "" without.
	corrected string

	set map[string]bool // the flags given on the command line

	// solverMade is called when an analyser makes its double-dummy
	// solver (analyze.Options.SolverMade); nil when nothing is to be done.
	solverMade func()
}

const usageText = `Usage: revokes [flags] [PATH ...]

revokes replays every board of bridge play records (PBN and BBO LIN) card
by card, finds each revoke, decides whether it was established and what
trick transfer the selected edition of the laws applies, and writes a report.

PATH is a .pbn or .lin file (the format is read from the content, so a .txt
works too), a directory (walked recursively; .pbn, .lin, .zip, .gz, .tar
and .tgz files are read, and files of other names whose content is PBN or
LIN), a .zip or .tar archive (its members that are PBN or LIN), a .gz file, or - for standard input. Without PATH the sample archive built into the
program is analysed.

Examples:

  A federation auditing its archive folder, one workbook for the committee:
    revokes -o audit-2024.xlsx -lang nl archive/

  A score corrector re-running one session under the 1997 laws, noticing
  at the end of the round:
    revokes -edition 1997 -attention after-round -o session12.csv club/2001-03-14.pbn

  A statistician piping JSON Lines to another tool:
    revokes -q -o - -equity=false corpus.zip | jq 'select(.type=="revoke")'

Flags:
`

const exitText = `
Exit status: 0 the run completed (whatever it found); 1 an input could not
be read, nothing was found to read, or the report could not be written; 2
bad usage or a report target that cannot be written; 130 interrupted
(SIGINT), 143 terminated (SIGTERM) - no report is left behind then.
`

// flagValues are the flags whose text parseArgs checks and converts into
// the config once the command line is parsed.
type flagValues struct {
	boards, attention, apply, csvSep, datumTrim, decisions *string
	version                                                *bool
}

// defineFlags makes the command's flag set, each flag with its English
// explanation (usage_nl.go has the Dutch); the flags that need no check
// are read straight into cfg, the others into the flagValues.
func defineFlags(cfg *config) (fs *flag.FlagSet, v flagValues) {
	fs = flag.NewFlagSet("revokes", flag.ContinueOnError)
	// The flag package's own messages are English: it is kept quiet, and
	// what it finds is said again in the language of -lang (flagError).
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.StringVar(&cfg.edition, "edition", "auto", "`edition` of the laws: 1936, 1963, 1975, 1987, 1997, 2007, 2017, or auto (by each board's Date, else 2017)")
	fs.StringVar(&cfg.out, "o", "revokes.xlsx", "report `file`: .xlsx, .csv, .jsonl or .parquet by extension; - writes JSON Lines to standard output")
	fs.StringVar(&cfg.format, "format", "", "report format `xlsx|csv|jsonl|parquet`, overriding the extension of -o")
	v.boards = fs.String("boards", "none", "`none|all`; all: a row for every board read, with or without a finding (JSON Lines; NAME.boards.csv beside a CSV report; always in Parquet)")
	fs.StringVar(&cfg.lang, "lang", report.LangFromEnv(), "language of the report and messages: `en|nl` (default: the locale's language, else English)")
	v.attention = fs.String("attention", "end-of-play", "when the revoke is taken to be noticed: `end-of-play|hands-returned|after-round` (at the end of the play, when the hands are back in the board, after the round)")
	v.apply = fs.String("apply", "plausible", "which revokes change a result: `plausible|all` (plausible: the established revokes whose record speaks for a revoke by the players; all: every established revoke)")
	fs.IntVar(&cfg.workers, "workers", runtime.NumCPU(), "use `N` cores: N workers parse and analyse boards in parallel (default: every core)")
	fs.BoolVar(&cfg.quiet, "q", false, "quiet: no progress bar and no summary on standard error")
	fs.BoolVar(&cfg.equity, "equity", true, "compute the double-dummy equity estimate of each revoke")
	v.csvSep = fs.String("csv-sep", ",", "`separator` of the fields of a CSV report: , or ; (for comma-decimal spreadsheets) or tab")
	fs.BoolVar(&cfg.rescoring, "rescore", false, "re-score the sessions after the transfers: matchpoints or IMPs before and after")
	fs.StringVar(&cfg.rescore.Method, "scoring", "", "re-scoring `method`: mp, mp2, cross, cross-avg, butler, imp or bam, in place of the file's own (implies -rescore)")
	v.datumTrim = fs.String("datum-trim", "", "Butler: `N` scores dropped at each side of the datum (default: 1 when a board has five results or more)")
	v.version = fs.Bool("version", false, "print the version of revokes and stop")
	fs.StringVar(&cfg.corrected, "corrected", "", "write corrected copies of the PBN inputs under `folder`: Result and Score of the boards an applied revoke changed, and a RevokeRuling tag per applied revoke; LIN inputs are not copied")
	v.decisions = fs.String("decisions", "", "a director's decisions: the workbook or CSV report (`file`) of an earlier run with its Decision column filled in (apply, no-revoke or a number of tricks); rows are matched by id")
	return fs, v
}

// parseArgs reads the command line. It returns the exit status to use when
// the program should stop (help, bad usage) and ok false.
func parseArgs(args []string, stdout, stderr io.Writer) (cfg config, status int, ok bool) {
	fs, v := defineFlags(&cfg)
	lang := langOf(args)

	var err error
	if cfg.paths, err = parsePaths(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage(stderr, fs, lang)
			return cfg, exitOK, false
		}
		p := report.NewPrinter(lang)
		fmt.Fprintln(stderr, "revokes: "+flagError(p, err))
		fmt.Fprintln(stderr, p.Sprintf("Run 'revokes -h' for usage."))
		return cfg, exitUsage, false
	}
	if *v.version {
		fmt.Fprintln(stdout, versionText())
		return cfg, exitOK, false
	}

	// Messages in the language of -lang (English when that is what is
	// wrong); each format is a catalog key (TestCatalogComplete).
	printer := report.NewPrinter(cfg.lang)
	refuse := func(text string) (config, int, bool) {
		fmt.Fprintln(stderr, "revokes: "+text)
		fmt.Fprintln(stderr, printer.Sprintf("Run 'revokes -h' for usage."))
		return cfg, exitUsage, false
	}
	if err := cfg.setValues(v); err != nil {
		return refuse(report.ErrorText(printer, err))
	}
	cfg.set = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { cfg.set[f.Name] = true })
	warnIdleFlags(stderr, printer, cfg)
	if cfg.corrected != "" {
		if fi, err := os.Stat(cfg.corrected); err == nil && !fi.IsDir() {
			return refuse(printer.Sprintf("-corrected %s: not a folder", cfg.corrected))
		}
	}
	if *v.decisions != "" {
		// Read before any input: a decision that cannot be read is bad
		// usage (output.md "Revision 3").
		d, err := report.ReadDecisions(*v.decisions)
		if err != nil {
			return refuse(decisionsErrorText(printer, err))
		}
		cfg.decisions = d
	}
	return cfg, 0, true
}

// parsePaths parses the flags of args into fs and returns the paths
// among them, so that a path may come before a flag; after "--" every
// argument is a path.
func parsePaths(fs *flag.FlagSet, args []string) (paths []string, err error) {
	// Flags may follow paths: parse, take one path, parse again.
	for {
		if err = fs.Parse(args); err != nil {
			return paths, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return paths, nil
		}
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(paths, rest...), nil
		}
		paths = append(paths, rest[0])
		args = rest[1:]
	}
}

// setValues checks the value of each flag that needs it and converts it
// into cfg, in the order the flags are checked: the first wrong value is
// returned as a pbn.Message, said as bad usage.
func (cfg *config) setValues(v flagValues) error {
	if err := cfg.setChoices(v); err != nil {
		return err
	}
	if err := cfg.setReport(v); err != nil {
		return err
	}
	cfg.rescore.DatumTrim = -1
	if *v.datumTrim != "" {
		n, err := strconv.Atoi(*v.datumTrim)
		if err != nil || n < 0 {
			return pbn.Msg("-datum-trim %q: want a number of scores, 0 or more", *v.datumTrim)
		}
		cfg.rescore.DatumTrim = n
	}
	return nil
}

// setChoices checks the flags that say how the boards are judged and the
// run made (-edition, -attention, -apply, -lang, -scoring, -workers) and
// converts them into cfg.
func (cfg *config) setChoices(v flagValues) error {
	if cfg.edition != "auto" && analyze.EditionByName(cfg.edition) == nil {
		return pbn.Msg("unknown edition %q (want 1936, 1963, 1975, 1987, 1997, 2007, 2017 or auto)", cfg.edition)
	}
	a, err := analyze.ParseAttention(*v.attention)
	if err != nil || *v.attention == "" {
		return pbn.Msg("unknown -attention %q (want end-of-play, hands-returned or after-round)", *v.attention)
	}
	cfg.attention = a
	if cfg.apply, err = analyze.ParseApply(*v.apply); err != nil || *v.apply == "" {
		return pbn.Msg("unknown -apply %q (want plausible or all)", *v.apply)
	}
	if !slices.Contains(report.Languages, cfg.lang) {
		return pbn.Msg("unknown language %q (want en or nl)", cfg.lang)
	}
	if m := cfg.rescore.Method; m != "" {
		if !slices.Contains(rescore.Methods, m) {
			return pbn.Msg("unknown -scoring %q (want %s)", m, strings.Join(rescore.Methods, ", "))
		}
		cfg.rescoring = true
	}
	if cfg.workers < 1 {
		return pbn.Msg("-workers must be at least 1, not %d", cfg.workers)
	}
	return nil
}

// setReport checks the flags of the report (-o, -boards, -format,
// -csv-sep) and converts them into cfg; without -format the format is
// the extension's (formatByName).
func (cfg *config) setReport(v flagValues) error {
	if cfg.out == "" {
		return pbn.Msg("-o needs a file name")
	}
	switch *v.boards {
	case "none", "":
	case "all":
		cfg.boards = true
	default:
		return pbn.Msg("unknown -boards %q (want none or all)", *v.boards)
	}
	switch cfg.format {
	case "xlsx", "csv", "jsonl", "parquet":
	case "":
		f, err := formatByName(cfg.out)
		if err != nil {
			return err
		}
		cfg.format = f
	default:
		return pbn.Msg("unknown -format %q (want xlsx, csv, jsonl or parquet)", cfg.format)
	}
	if cfg.out == "-" && cfg.format != "jsonl" {
		return pbn.Msg("-o - writes JSON Lines only (not %s)", cfg.format)
	}
	switch sep := []rune(*v.csvSep); {
	case *v.csvSep == "tab" || *v.csvSep == `\t`:
		cfg.csvSep = '\t'
	case len(sep) == 1 && report.ValidCSVSep(sep[0]):
		cfg.csvSep = sep[0]
	default:
		return pbn.Msg("-csv-sep %q: want one character such as , or ; (or tab), not a quote or a line break", *v.csvSep)
	}
	return nil
}

// formatByName returns the report format that the name of the report says:
// JSON Lines for standard output (-), else by its extension.
func formatByName(out string) (string, error) {
	if out == "-" {
		return "jsonl", nil
	}
	switch strings.ToLower(filepath.Ext(out)) {
	case ".xlsx":
		return "xlsx", nil
	case ".csv":
		return "csv", nil
	case ".jsonl", ".ndjson", ".json":
		return "jsonl", nil
	case ".parquet":
		return "parquet", nil
	}
	return "", pbn.Msg("cannot tell the report format from %q: use .xlsx, .csv, .jsonl or .parquet, or -format", out)
}

// warnIdleFlags says of each flag given a possible value that does
// nothing in this run that it has no effect.
func warnIdleFlags(stderr io.Writer, printer *message.Printer, cfg config) {
	// A flag whose value is possible but does nothing in this run is
	// said so, never silently ignored.
	if cfg.set["csv-sep"] && cfg.format != "csv" {
		fmt.Fprintln(stderr, "revokes: "+printer.Sprintf("-csv-sep has no effect on a %s report (only on CSV)", cfg.format))
	}
	if cfg.set["datum-trim"] && !cfg.rescoring {
		fmt.Fprintln(stderr, "revokes: "+printer.Sprintf("-datum-trim has no effect without -rescore"))
	}
}

// decisionsErrorText says why the decisions file could not be read: the
// reader's message in the printer's language, else the error as it is.
func decisionsErrorText(printer *message.Printer, err error) string {
	var de *report.DecisionError
	if errors.As(err, &de) {
		return report.Text(printer, de.Msg)
	}
	return err.Error()
}

// run is the whole command: it parses args, analyses the inputs and writes
// the report, and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	start := time.Now()
	cfg, status, ok := parseArgs(args, stdout, stderr)
	if !ok {
		return status
	}
	printer := report.NewPrinter(cfg.lang)
	// -workers N uses N cores: the reader, the analysers and the writer
	// share them, so -workers 1 is a one-core run.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(cfg.workers))
	// The run makes room in the soft memory limit for what it keeps that
	// the collector cannot free, unless the environment set the limit.
	ownLimit := os.Getenv("GOMEMLIMIT") == "" && debug.SetMemoryLimit(-1) == memoryLimit
	if ownLimit {
		defer debug.SetMemoryLimit(memoryLimit)
	}
	makeRoom(&cfg, ownLimit)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	caught, stopSignals := cancelOnSignal(ctx, cancel)
	defer stopSignals()

	w, walker, ins, status := openRun(cfg, stdin, stdout, stderr, printer)
	if w == nil {
		return status
	}
	warnSpecialTarget(stderr, printer, cfg)

	w = wrapWriter(w, cfg, ownLimit, walker, ins)
	p := newPipeline(cfg, walker, ins, ownLimit, stderr)
	sum, werr := p.run(ctx, w)
	p.bar.done()

	sig, _ := caught.Load().(os.Signal)
	if status, stop := abandon(w, sig, werr, sum, cfg, stderr, printer); stop {
		return status
	}
	if err := closeReport(w, sum, cfg, p.inputNames(printer), start); err != nil {
		abort(w)
		fmt.Fprintln(stderr, report.Text(printer, pbn.Msg("revokes: writing the report: %v", err)))
		return exitFailure
	}
	printInputProblems(stderr, printer, p)
	if !cfg.quiet {
		printTotals(stderr, printer, cfg, sum)
	}
	return exitStatus(stderr, printer, p, sum)
}

// makeRoom makes room in the run's own soft memory limit (ownLimit, run's
// one decision about it) for what the run keeps that the collector cannot
// free: the double-dummy solvers' tables, a Parquet report's row groups.
func makeRoom(cfg *config, ownLimit bool) {
	if cfg.equity && ownLimit {
		// Each analyser's double-dummy solver, made at its first revoke,
		// holds a table of fixed size that the collector cannot free:
		// under the plain limit it would collect (and give pages back
		// to the system) without end. Room is made for each solver when
		// it is made, so that a run that needs none keeps the plain limit.
		cfg.solverMade = func() { raiseMemoryLimit(dd.TableBytes) }
	}
	if cfg.format == "parquet" && ownLimit {
		// A Parquet report holds a row group of every table's columns
		// until it is full: under the plain limit the collector would
		// run without end over those buffers.
		raiseMemoryLimit(parquetRoom)
	}
}

// cancelOnSignal cancels the run (cancel, of ctx) at the first SIGINT or
// SIGTERM, so that it stops at once; it returns where the signal caught
// is stored (an os.Signal) and the function that stops listening.
func cancelOnSignal(ctx context.Context, cancel context.CancelFunc) (caught *atomic.Value, stop func()) {
	caught = new(atomic.Value)
	sigc := make(chan os.Signal, 1)
	signal.Notify(sigc, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case s := <-sigc:
			caught.Store(s)
			signal.Stop(sigc) // a second signal kills at once
			cancel()
		case <-ctx.Done():
		}
	}()
	return caught, func() { signal.Stop(sigc) }
}

// openRun checks the report's target, lists the inputs and opens the
// report, before any input is read; when the run cannot start it says why
// and returns a nil writer and the exit status.
func openRun(cfg config, stdin io.Reader, stdout, stderr io.Writer, printer *message.Printer) (w report.Writer, walker *boards.Walker, ins []boards.Input, status int) {
	// The target is checked, and the inputs listed, before any input is
	// read: a report that cannot be written is bad usage (exit 2), and a
	// run with nothing to read stops with a message (exit 1).
	if err := report.CheckTargets(cfg.out, cfg.format, cfg.boards); err != nil {
		fmt.Fprintln(stderr, report.Text(printer, pbn.Msg("revokes: cannot write the report: %v", err)))
		return nil, nil, nil, exitUsage
	}
	walker, ins = inputs(cfg, stdin)
	if len(ins) == 0 {
		exts := boards.Extensions()
		fmt.Fprintln(stderr, printer.Sprintf("revokes: nothing to read in %s: no file ending in %s", strings.Join(cfg.paths, ", "), strings.Join(exts, ", ")))
		return nil, nil, nil, exitFailure
	}
	w, err := openReport(cfg, stdout, printer, reportInputs(cfg, ins))
	if err != nil {
		fmt.Fprintln(stderr, report.Text(printer, pbn.Msg("revokes: cannot write the report: %v", err)))
		return nil, nil, nil, exitUsage
	}
	return w, walker, ins, exitOK
}

// warnSpecialTarget says, unless -q, that a CSV or Parquet report written
// to a device or pipe has no companion files beside it.
func warnSpecialTarget(stderr io.Writer, printer *message.Printer, cfg config) {
	if cfg.format == "csv" && report.Special(cfg.out) && !cfg.quiet {
		// Companions beside a device or pipe would be files in /dev.
		fmt.Fprintln(stderr, printer.Sprintf("revokes: %s is not a regular file: the problems and the summary are not written as CSV files beside it (-format jsonl writes them into the one stream)", cfg.out))
	}
	if cfg.format == "parquet" && report.Special(cfg.out) && !cfg.quiet {
		fmt.Fprintln(stderr, printer.Sprintf("revokes: %s is not a regular file: the boards, the problems and the summary are not written as Parquet files beside it", cfg.out))
	}
}

// wrapWriter wraps the report's writer w in the writers of -rescore,
// -decisions and -corrected, each passing every board on to the one it
// wraps; the corrected copies take their stated values from the
// re-scoring. ownLimit (run's one decision about the memory limit) lets
// the re-scoring make room in the limit for its records.
func wrapWriter(w report.Writer, cfg config, ownLimit bool, walker *boards.Walker, ins []boards.Input) report.Writer {
	var rw *rescoreWriter
	if cfg.rescoring {
		rw = newRescoreWriter(w, cfg.rescore, ownLimit)
		w = rw
	}
	if cfg.decisions != nil {
		w = newDecisionsWriter(w, cfg.decisions)
	}
	if cfg.corrected != "" {
		cw := newCorrectedWriter(w, cfg.corrected, walker, ins)
		cw.rescored = rw // nil without -rescore
		w = cw
	}
	return w
}

// newPipeline makes the run's pipeline over the inputs ins (of walker),
// with its progress bar on stderr; ownLimit (run's one decision about the
// memory limit) lets it warm the heap and make room for the boards' keys.
func newPipeline(cfg config, walker *boards.Walker, ins []boards.Input, ownLimit bool, stderr io.Writer) *pipeline {
	// A run with the double-dummy estimate does not warm its heap: the
	// solvers' tables, made later, would take the warm pages and count
	// in full, where they are touched here and there.
	p := &pipeline{cfg: cfg, walker: walker, inputs: ins, warm: ownLimit && !cfg.equity}
	if ownLimit {
		// The table of the boards' keys (laws.md A23) is kept to the end.
		p.dupes.seen.grown = raiseMemoryLimit
	}
	p.bar = newProgress(cfg, stderr)
	return p
}

// abandon discards the report when the run cannot complete it (a signal
// caught, sig; the report failed, werr; folders of other files only),
// says why, and returns the exit status and stop true.
func abandon(w report.Writer, sig os.Signal, werr error, sum *report.Summary, cfg config, stderr io.Writer, printer *message.Printer) (status int, stop bool) {
	if sig != nil {
		abort(w)
		fmt.Fprintln(stderr, printer.Sprintf("revokes: interrupted; no report written"))
		if sig == syscall.SIGTERM {
			return exitTerm, true
		}
		return exitInterrupt, true
	}
	if werr != nil {
		abort(w)
		fmt.Fprintln(stderr, report.Text(printer, pbn.Msg("revokes: writing the report: %v", werr)))
		return exitFailure, true
	}
	if sum.Files == 0 && sum.FilesNotRecords > 0 && sum.Problems == 0 {
		// Folders of other files only: nothing to report.
		abort(w)
		fmt.Fprintln(stderr, printer.Sprintf("revokes: nothing to read in %s: %d files, none of them PBN or LIN", strings.Join(cfg.paths, ", "), sum.FilesNotRecords))
		return exitFailure, true
	}
	return exitOK, false
}

// closeReport completes the summary with what the run was asked (edition,
// attention, apply), its inputs and its time since start, and closes the
// report.
func closeReport(w report.Writer, sum *report.Summary, cfg config, inputs []string, start time.Time) error {
	sum.Edition = cfg.edition
	sum.Attention = cfg.attention.String()
	sum.Apply = cfg.apply.String()
	sum.Inputs = inputs
	sum.ElapsedMS = time.Since(start).Milliseconds()
	return w.Close(sum)
}

// printInputProblems says on stderr why each of the first inputs that
// could not be read was not, and how many more there were.
func printInputProblems(stderr io.Writer, printer *message.Printer, p *pipeline) {
	for _, pr := range p.fileProblems {
		fmt.Fprintf(stderr, "revokes: %s: %s\n", pr.File, report.Text(printer, pr.Text))
	}
	if p.moreProblems > 0 {
		fmt.Fprintln(stderr, printer.Sprintf("revokes: %d more inputs could not be read (see the report)", p.moreProblems))
	}
}

// printTotals writes the run's summary on stderr: the totals, the files
// counted but not analysed, the re-scoring, the datum trim and the
// corrected copies.
func printTotals(stderr io.Writer, printer *message.Printer, cfg config, sum *report.Summary) {
	printSummary(stderr, printer, cfg, sum)
	if sum.EmptyFiles > 0 {
		fmt.Fprintln(stderr, printer.Sprintf("%d empty files (nothing but white space) were counted, not analysed", sum.EmptyFiles))
	}
	if sum.FilesNotRecords > 0 {
		fmt.Fprintln(stderr, printer.Sprintf("%d files of the folders and archives are neither PBN nor LIN: passed over", sum.FilesNotRecords))
	}
	printRescore(stderr, printer, sum)
	if cfg.rescore.DatumTrim >= 0 {
		datumTrimNotice(stderr, printer, cfg.rescore.DatumTrim, sum.Rescore)
	}
	printCorrected(stderr, printer, sum)
}

// exitStatus returns the exit status of a run whose report is written:
// failure when an input could not be read, or when the inputs held no
// record (said so).
func exitStatus(stderr io.Writer, printer *message.Printer, p *pipeline, sum *report.Summary) int {
	if sum.Games == 0 && len(sum.Inputs) > 0 && !p.inputFailed.Load() {
		// A run that read nothing is no audit: say so, and fail.
		fmt.Fprintln(stderr, printer.Sprintf("revokes: the inputs hold no record (PBN or LIN): nothing was analysed"))
		return exitFailure
	}
	if p.inputFailed.Load() {
		return exitFailure
	}
	return exitOK
}

// abort discards a report that will not be completed.
func abort(w report.Writer) {
	if a, ok := w.(interface{ Abort() error }); ok {
		a.Abort()
	} else if a, ok := w.(interface{ Abort() }); ok {
		a.Abort()
	}
}
