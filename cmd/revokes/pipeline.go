package main

import (
	"context"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"golang.org/x/text/message"

	"revokes/analyze"
	"revokes/pbn"
	"revokes/pbn/boards"
	"revokes/pbn/chunk"
	"revokes/report"
)

// maxRecords caps the records read from one input: past it the rest of
// the input is a problem, not endless work (a variable for the tests).
var maxRecords = 50_000_000

// batchSize is the number of items (boards or problems) read into one
// batch of work.
const batchSize = 256

// item is one thing to report, in input order: a board (analysed by a
// worker into f) or a problem outside any board.
type item struct {
	board *pbn.Board
	f     *analyze.Findings
	prob  *pbn.Problem // a problem outside any board (rare: a pointer keeps an item small)
	key   dupKey       // the board's identity (laws.md A23), made by the worker
}

// batch is a run of consecutive items; seq orders the batches.
type batch struct {
	seq   int
	items []item

	// A chunk of an input, read by the worker into items and settled by
	// the writer (settler).
	chunk chunk.Chunk
	file  int    // input number
	name  string // and name, of the chunk
}

// pipeline reads the inputs in one goroutine, analyses batches of boards
// in cfg.workers goroutines (each with its own Analyzer), and writes the
// results in input order from the calling goroutine.
//
// Memory stays bounded: the reader takes a token for every batch it
// issues and the writer gives it back once the batch is written, so at
// most 2×workers+2 batches exist at any time, whatever the input size.
type pipeline struct {
	cfg config
	bar *progress

	// Owned by the reader goroutine until the results channel is closed.
	ctx         context.Context
	work        chan<- *batch
	tokens      chan struct{}
	cur         *batch
	seq         int
	fileID      int
	files       int
	emptyFiles  int         // inputs of nothing but white space
	inputFailed atomic.Bool // (set by the writer too: too many records)
	walker      *boards.Walker
	inputs      []boards.Input

	// Owned by the writer (the goroutine calling run).
	fileProblems []pbn.Problem // the first problems that stopped an input
	moreProblems int           // how many more there were
	dupes        dupes         // the boards seen (laws.md A23)
	warm         bool          // the run sets the memory limit, so it may warm the heap (warmHeap)
	keyBuf       []dupKey      // a batch's keys, for touchKeys
}

// maxShown is the number of input errors shown on standard error.
const maxShown = 10

// inputNames returns the inputs as given, for the summary.
func (p *pipeline) inputNames(printer *message.Printer) []string {
	if len(p.cfg.paths) == 0 {
		return []string{printer.Sprintf("(built-in sample)")}
	}
	return p.cfg.paths
}

// run analyses every input (p.inputs, of p.walker) and writes the results to w (but does not
// close w). It returns the totals, and the error of w if writing failed.
// When ctx is cancelled it returns early with a nil error.
func (p *pipeline) run(ctx context.Context, w report.Writer) (*report.Summary, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	p.ctx = ctx
	var total int64
	unknown := false
	for _, in := range p.inputs {
		total += max(in.Size, 0)
		unknown = unknown || in.Size < 0
	}
	// The set of board keys is made about as large as the inputs' boards
	// (a record takes some 500 bytes), so that it is seldom rebuilt.
	p.dupes.seen.reserve(total / 500)
	if p.warm {
		// A run's heap grows with its input, and a large run's up to the
		// memory limit: about as many bytes as the input, up to the
		// limit, are taken at once (warmHeap).
		warmHeap(min(total, heapRoom()))
	}
	if unknown {
		total = -1
	}
	p.bar.begin(total)

	nw := p.cfg.workers
	work := make(chan *batch, nw)
	results := make(chan *batch, nw)
	p.work = work
	p.tokens = make(chan struct{}, 2*nw+2)

	go func() {
		defer close(work)
		if ctx.Err() != nil {
			return
		}
		p.walk()
		p.flush()
	}()
	var wg sync.WaitGroup
	for range nw {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.analyse(ctx, work, results)
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	sum := &report.Summary{}
	pending := make(map[int]*batch)
	next := 0
	st := settler{opt: p.options(), overFile: -1}
	for {
		var b *batch
		var ok bool
		select {
		case <-ctx.Done():
			return sum, nil
		case b, ok = <-results:
		}
		if !ok {
			break
		}
		pending[b.seq] = b
		for {
			b := pending[next]
			if b == nil {
				break
			}
			delete(pending, next)
			next++
			if b.chunk != nil && st.settle(b) {
				p.inputFailed.Store(true)
			}
			p.touchKeys(b.items)
			for i := range b.items {
				it := &b.items[i]
				var err error
				if it.f != nil {
					p.dupes.check(it.f, it.key)
					sum.AddBoard(it.f)
					err = w.Board(it.f)
				} else {
					if it.prob.Game == 0 && it.prob.Severity == pbn.Error {
						if len(p.fileProblems) < maxShown {
							p.fileProblems = append(p.fileProblems, *it.prob)
						} else {
							p.moreProblems++
						}
					}
					sum.AddProblem(*it.prob)
					err = w.Problem(*it.prob)
				}
				if err != nil {
					return sum, err
				}
			}
			<-p.tokens
		}
	}
	if ctx.Err() != nil {
		return sum, nil
	}
	sum.Files = p.files
	sum.EmptyFiles = p.emptyFiles
	sum.FilesNotRecords = p.walker.NotRecords
	return sum, nil
}

// analyse is one worker: it analyses the boards of each batch it
// receives.
func (p *pipeline) analyse(ctx context.Context, work <-chan *batch, results chan<- *batch) {
	a := newAnalyser(p.options())
	for b := range work {
		if b.chunk != nil {
			b.items = resultItems(b.chunk.Read())
		}
		a.analyse(b.items)
		select {
		case results <- b:
		case <-ctx.Done():
			return
		}
	}
}

// options are the analysis options of the run.
func (p *pipeline) options() analyze.Options {
	return analyze.Options{Edition: p.cfg.edition, Attention: p.cfg.attention, Equity: p.cfg.equity,
		Apply: p.cfg.apply, SolverMade: p.cfg.solverMade, Decisions: p.cfg.decisions.Map()}
}

// analyser is the Analyzer of one goroutine (a worker, or the writer for
// the boards it reads when it settles a chunk).
type analyser struct {
	opt analyze.Options
	a   *analyze.Analyzer
	err error
	buf []byte // scratch space of keyOf
}

func newAnalyser(opt analyze.Options) *analyser {
	a, err := analyze.New(opt)
	return &analyser{opt: opt, a: a, err: err}
}

// analyse analyses the boards of items into their findings.
func (x *analyser) analyse(items []item) {
	for i := range items {
		it := &items[i]
		if it.board == nil {
			continue
		}
		if x.err != nil { // cannot happen: the edition was checked
			it.f = failed(x.opt, it.board, x.err)
			continue
		}
		it.f = analyseBoard(&x.a, x.opt, it.board)
		it.key, x.buf = keyOf(x.buf, it.board)
	}
}

// analyseBoard analyses one board. A panic in the analyzer becomes an
// "internal-error" problem on that board (counted as skipped), and the
// worker goes on with a fresh Analyzer.
func analyseBoard(a **analyze.Analyzer, opt analyze.Options, b *pbn.Board) (f *analyze.Findings) {
	defer func() {
		if r := recover(); r != nil {
			f = failed(opt, b, fmt.Errorf("%v", r))
			*a, _ = analyze.New(opt)
		}
	}()
	return (*a).Board(b)
}

// failed returns the findings of a board the analysis could not handle.
func failed(opt analyze.Options, b *pbn.Board, err error) *analyze.Findings {
	ed := analyze.EditionByName(opt.Edition)
	if ed == nil {
		ed = analyze.EditionByName("2017")
	}
	probs := append(b.Problems[:len(b.Problems):len(b.Problems)], pbn.Problem{
		File: b.File, Game: b.Index, Line: b.Line, Code: "internal-error", Severity: pbn.Error,
		Text: pbn.Msg("the analysis of this board failed: %v", err)})
	return &analyze.Findings{Board: b, Edition: ed, HasPlay: len(b.Play) > 0 || b.PlayUnseated > 0, Problems: probs}
}

// add appends an item to the current batch, sending the batch when full.
func (p *pipeline) add(it item) {
	if p.cur == nil {
		p.cur = &batch{items: make([]item, 0, batchSize), file: p.fileID}
	}
	p.cur.items = append(p.cur.items, it)
	if len(p.cur.items) == batchSize {
		p.flush()
	}
}

// flush sends the current batch to the workers, waiting for a token.
func (p *pipeline) flush() {
	if p.cur == nil || len(p.cur.items) == 0 {
		return
	}
	b := p.cur
	p.cur = nil
	p.send(b)
}

// send numbers a batch and sends it to the workers, waiting for a token.
func (p *pipeline) send(b *batch) {
	b.seq = p.seq
	p.seq++
	select {
	case p.tokens <- struct{}{}:
	case <-p.ctx.Done():
		return
	}
	select {
	case p.work <- b:
	case <-p.ctx.Done():
	}
}

// fail reports a problem that makes an input unreadable (exit status 1).
func (p *pipeline) fail(pr pbn.Problem) {
	p.inputFailed.Store(true)
	p.add(item{prob: &pr})
}

// readStream reads the boards of one input file and queues them, with the
// records that could not be read as problems in their place.
func (p *pipeline) readStream(name string, r io.Reader) {
	p.files++
	p.fileID++
	sp, f, err := boards.NewSplitter(r, name)
	if err != nil {
		p.readError(name, err)
		return
	}
	if pr, ok := boards.Preamble(sp); ok {
		p.add(item{prob: &pr})
	}
	if f == pbn.FormatUnknown {
		p.emptyFiles++ // nothing but white space: no chunk, no problem, a count
	}
	for p.ctx.Err() == nil {
		c, err := sp.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			p.readError(name, err)
			return
		}
		p.flush()
		p.send(&batch{chunk: c, file: p.fileID, name: name})
	}
}

// resultItems turns the results of a chunk into items.
func resultItems(res []chunk.Result) []item {
	items := make([]item, len(res))
	for i, r := range res {
		if r.Board != nil {
			items[i].board = r.Board
		} else {
			pr := r.Err.Problem()
			items[i].prob = &pr
		}
	}
	return items
}

// settler settles the chunks in the writer, in input order
// (chunk.Chunk.Settle): the records a chunk's start ended, the record
// numbers, the chunks read again, and the cap on an input's records. It
// analyses the boards that it reads itself, so that no worker waits for
// another.
type settler struct {
	opt      analyze.Options
	a        *analyser // made at the first board the writer reads
	overFile int       // the input whose records went past maxRecords
}

// settle settles the chunk of b, whose items a worker read and analysed.
// It reports whether the input went past maxRecords.
func (s *settler) settle(b *batch) (over bool) {
	c := b.chunk
	b.chunk = nil
	if s.overFile == b.file {
		c.Stop()
		b.items = nil
		return false
	}
	fresh, base, keep := c.Settle()
	if keep {
		renumber(b.items, base)
		if len(fresh) > 0 {
			b.items = append(s.analysed(resultItems(fresh)), b.items...)
		}
	} else {
		b.items = s.analysed(resultItems(fresh))
	}
	for i, it := range b.items {
		var n int
		if it.board != nil {
			n = it.board.Index
		} else {
			n = it.prob.Game
		}
		if n > maxRecords {
			c.Stop()
			s.overFile = b.file
			pr := tooManyProblem(b.name)
			b.items = append(b.items[:i], item{prob: &pr})
			return true
		}
	}
	return false
}

// analysed analyses the boards of items (with the writer's analyser).
func (s *settler) analysed(items []item) []item {
	if s.a == nil {
		s.a = newAnalyser(s.opt)
	}
	s.a.analyse(items)
	return items
}

// tooManyProblem is the problem of an input with more records than
// maxRecords.
func tooManyProblem(name string) pbn.Problem {
	return pbn.Problem{File: name, Code: "too-many-records", Severity: pbn.Error,
		Text: pbn.Msg("more than %d records in one input; the rest of it is not read", maxRecords)}
}

// renumber adds d to the record indices of items (boards, their
// findings' problems, problems).
func renumber(items []item, d int) {
	if d == 0 {
		return
	}
	for i := range items {
		it := &items[i]
		if it.board != nil {
			it.board.Renumber(d)
			if it.f != nil {
				for k := range it.f.Problems {
					if it.f.Problems[k].Game > 0 {
						it.f.Problems[k].Game += d
					}
				}
			}
		} else if it.prob.Game > 0 {
			it.prob.Game += d
		}
	}
}

// readError reports an error that ended the reading of an input.
func (p *pipeline) readError(name string, err error) {
	p.fail(boards.Problem(name, err))
}

// touchKeys has the set of board keys fetch the slots of a batch's
// boards before they are checked in order (keySet.touch).
func (p *pipeline) touchKeys(items []item) {
	keys := p.keyBuf[:0]
	for i := range items {
		if items[i].f != nil {
			keys = append(keys, items[i].key)
		}
	}
	p.dupes.seen.touch(keys)
	p.keyBuf = keys
}
