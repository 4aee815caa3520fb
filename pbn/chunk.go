package pbn

import (
	"bytes"
	"errors"
	"io"
	"sync"
)

// ChunkSize is the size a Splitter aims at for one chunk of records:
// about 500 boards, so that the workers share even a small file whose
// boards are costly to analyse (the double-dummy estimate of revokes).
const ChunkSize = 256 << 10

// chunkSize is ChunkSize, smaller in tests.
var chunkSize = ChunkSize

// maxChunk bounds a chunk that finds no record boundary: from there the
// input is read sequentially.
const maxChunk = 8 << 20

// Splitter cuts PBN text into chunks of whole records that can be parsed
// in parallel, in any goroutine, giving the same boards as one Reader over
// the whole input. A record that depends on the records before it (a "#"
// or "##" tag value, or play or auction without a Deal: tag inheritance)
// cannot be parsed on its own: from the first such record on, the
// Splitter hands out the rest of the input as one sequential Reader that
// starts with the state the earlier records left (but a small input, up
// to two chunks, that inherits from its first record is one chunk: it has
// no earlier state).
//
// Board indices of a chunk, and of the rest, count from 1 within it (the
// caller adds the records of the chunks before it: Chunk.Records); line
// numbers are those of the whole input.
type Splitter struct {
	File string
	// MaxRecords, when set, caps the records handed out in chunks: past
	// it Next returns ErrTooManyRecords.
	MaxRecords int

	rd      io.Reader
	buf     []byte
	eof     bool
	err     error
	line    int // line number of buf[0]
	seq     int
	chunks  []*Chunk // chunks handed out, for the state of the rest
	rest    bool
	blocks  int  // records (blocks of text) handed out in chunks
	pending int  // blocks of the chunk being cut
	scanned int  // the blocks before buf[scanned] are counted in pending
	looked  bool // the first call looked whether the input is small
	conv    int  // buf[:conv] has its bare CRs turned into LFs
}

// ErrTooManyRecords says that an input has more records than the
// Splitter's MaxRecords.
var ErrTooManyRecords = errors.New("too many records")

// Records returns the number of blocks of text (records, counted as the
// Splitter cuts them) handed out in chunks so far.
func (s *Splitter) Records() int { return s.blocks }

// Chunk is a piece of the input: whole records to Parse, or (Rest set) the
// sequential reader of the remainder.
type Chunk struct {
	Seq  int     // 0, 1, 2, ... in input order
	Line int     // line where the chunk starts
	Rest *Reader // when set: read the rest of the input with it, in order

	// Records is the number of records of the chunk, set by Parse.
	Records int

	file     string
	data     []byte
	whole    []byte // the buffer data is cut from, for reuse
	done     chan struct{}
	end      readerState
	carrySet bool
}

// ChunkResult is one record of a parsed chunk: a board, or the error of a
// record that could not be read.
type ChunkResult struct {
	Board *Board
	Err   *ParseError
}

// readerState is what a Reader hands from one record to the next.
type readerState struct {
	hist    [numKnown]string
	histOK  [numKnown]bool
	histUnk map[string]string
	carry   carry
}

// NewSplitter returns a Splitter over PBN text (as given by SniffReader).
func NewSplitter(r io.Reader, file string) *Splitter {
	return &Splitter{File: file, rd: r, line: 1}
}

// Next returns the next chunk, then io.EOF. An error reading the input is
// returned after the chunks before it.
func (s *Splitter) Next() (*Chunk, error) {
	if s.rest {
		return nil, io.EOF
	}
	if s.seq == 0 && !s.looked {
		// A small input (two chunks' worth at most, so that a chunk's
		// boards stay few) is one chunk: from the start of the input a
		// Reader of its own gives what one Reader gives, even when
		// records inherit, so that folders of session files are read
		// side by side.
		s.looked = true
		for !s.eof && len(s.buf) <= 2*chunkSize {
			s.fill()
		}
		if s.eof && s.err == nil && len(s.buf) <= 2*chunkSize {
			if n := s.countRecords(s.buf); n > 0 && (s.MaxRecords == 0 || n <= s.MaxRecords) {
				s.pending = n
				return s.handOut(len(s.buf))
			}
		}
	}
	for {
		cut, dep, need := s.cut()
		if need && !s.eof && len(s.buf) < maxChunk {
			s.fill()
			continue
		}
		if len(s.buf) == 0 && s.eof {
			if s.err != nil {
				err := s.err
				s.err = nil
				return nil, err
			}
			return nil, io.EOF
		}
		if dep || (need && !s.eof) {
			// A record that needs the ones before it, or no record
			// boundary in sight: the rest is read in order.
			return s.restChunk(), nil
		}
		if need { // at the end of the input: the rest is one chunk
			cut = len(s.buf)
		}
		return s.handOut(cut)
	}
}

// handOut makes buf[:cut], s.pending records, the next chunk.
func (s *Splitter) handOut(cut int) (*Chunk, error) {
	s.blocks += s.pending
	s.pending, s.scanned = 0, 0
	if s.MaxRecords > 0 && s.blocks > s.MaxRecords {
		return nil, ErrTooManyRecords
	}
	c := &Chunk{Seq: s.seq, Line: s.line, file: s.File, done: make(chan struct{})}
	c.data, c.whole = s.buf[:cut:cut], s.buf
	s.line += countLines(c.data)
	if cut == len(s.buf) && s.eof {
		s.buf = nil // nothing left to read
	} else {
		nb, _ := chunkPool.Get().([]byte)
		s.buf = append(nb[:0], s.buf[cut:]...)
	}
	s.conv -= cut
	s.seq++
	s.chunks = append(s.chunks, c)
	return c, nil
}

// fill reads more input (at least a chunk's worth).
func (s *Splitter) fill() {
	if cap(s.buf)-len(s.buf) < chunkSize {
		size := max(2*cap(s.buf), len(s.buf)+2*chunkSize)
		nb, _ := chunkPool.Get().([]byte)
		if cap(nb) < size {
			nb = make([]byte, 0, size)
		}
		nb = append(nb[:0], s.buf...)
		if s.buf != nil && cap(s.buf) >= chunkSize {
			chunkPool.Put(s.buf[:0])
		}
		s.buf = nb
	}
	for !s.eof && cap(s.buf)-len(s.buf) > 0 {
		n, err := s.rd.Read(s.buf[len(s.buf):cap(s.buf)])
		s.buf = s.buf[:len(s.buf)+n]
		if err != nil {
			s.eof = true
			if err != io.EOF {
				s.err = err
			}
		}
		if n == 0 && err == nil {
			continue
		}
		if len(s.buf) >= chunkSize {
			break
		}
	}
	// Bare CRs (old Mac line ends) become LFs, as the Reader reads them;
	// a CR at the end waits for the next byte.
	b := s.buf
	for p := s.conv; p < len(b); {
		i := bytes.IndexByte(b[p:], '\r')
		if i < 0 {
			p = len(b)
			s.conv = p
			break
		}
		p += i
		if p+1 == len(b) && !s.eof {
			s.conv = p
			break
		}
		if p+1 == len(b) || b[p+1] != '\n' {
			b[p] = '\n'
		}
		p++
		s.conv = p
	}
}

// cut finds where the chunk at the start of the buffer ends: the end of
// the first record that ends past ChunkSize. dep is set when the record at
// the start of the buffer depends on earlier ones; the chunk is then cut
// before any later dependent record. need is set when the buffer ends
// before a cut was found.
func (s *Splitter) cut() (cut int, dep, need bool) {
	b := s.buf
	// Records before s.scanned were looked at by the call before, which
	// needed more input: go on after them.
	p := s.scanned
	var sp specials
	for {
		s.scanned = p
		if next, ok := s.plainRecord(b, p, &sp); ok {
			p = next
			s.pending++
			if p >= chunkSize {
				return p, false, false
			}
			continue
		}
		start, end, next, ok := scanRecord(b, p, s.eof)
		if !ok {
			return p, false, true
		}
		if start == end { // only blank lines left
			return len(b), false, false
		}
		if end-start > MaxRecord || longLine(b[start:end]) || dependent(b[start:end]) {
			// Limits and inheritance are the sequential Reader's job.
			if p == 0 {
				return 0, true, false
			}
			return p, false, false
		}
		p = next
		s.pending++
		if p >= chunkSize {
			return p, false, false
		}
	}
}

// plainScan finds the end of the record at the start of b when it is
// plain. With no tab about (see specials) and every CR before an LF, a
// semi-empty line is a newline right after a newline, a CRLF right after
// one, or spaces after one; the latter, rare, gives up (ok false), as does
// a record without a Deal tag at the start of a line ("[Deal" and no other
// name character: then the record cannot depend on the ones before it) or
// one that b does not hold whole. n is the length of the record up to and
// including its last newline.
func plainScan(b []byte, atEOF bool) (n int, ok bool) {
	deal := isDealAt(b, 0)
	for p := 0; ; {
		i := bytes.IndexByte(b[p:], '\n')
		if i < 0 {
			return 0, false
		}
		k := p + i + 1 // the next line
		if k == len(b) {
			return k, atEOF && deal
		}
		switch c := b[k]; {
		case c == '\n':
			return k, deal
		case c == '\r': // a CRLF blank line (fill made every other CR an LF)
			if k+1 < len(b) && b[k+1] == '\n' {
				return k, deal
			}
			return 0, false
		case c == ' ':
			return 0, false // perhaps a blank line
		case c == '[' && !deal:
			deal = isDealAt(b, k)
		}
		p = k
	}
}

// countRecords counts the records of b, the whole rest of the input
// (s.eof is set), as the Splitter counts them.
func (s *Splitter) countRecords(b []byte) int {
	n := 0
	var sp specials
	for p := 0; ; n++ {
		if next, ok := s.plainRecord(b, p, &sp); ok {
			p = next
			continue
		}
		start, end, next, ok := scanRecord(b, p, true)
		if !ok || start == end {
			return n
		}
		p = next
	}
}

// isDealAt reports whether b[i:] starts with a Deal tag's "[Deal" (not
// followed by another name character).
func isDealAt(b []byte, i int) bool {
	return i+5 <= len(b) && string(b[i:i+5]) == "[Deal" && (i+5 == len(b) || !isNameChar(b[i+5]))
}

// specials holds, for each byte that makes a record need the careful
// scan, where it next occurs in the buffer (found lazily).
type specials struct {
	at   [len(specialBytes)]int
	init bool
}

// specialBytes open comments ({ ; %), escape (\), may inherit (#) or
// may make a line semi-empty (tab). A CR needs no care: once the
// Splitter has read it, it is followed by an LF, and plainScan takes CRLF
// lines.
const specialBytes = "{;%\\#\t"

// specialWindow is how far ahead specials looks at a time, so that a byte
// that never occurs costs one look at each byte, not one at the whole
// buffer per chunk.
const specialWindow = 64 << 10

// next returns a position at or after p before which no special byte
// occurs: where the first one is, or where the search stopped.
func (sp *specials) next(b []byte, p int) int {
	first := len(b)
	for i := range sp.at {
		if !sp.init || sp.at[i] < p {
			w := b[p:min(len(b), p+specialWindow)]
			if k := bytes.IndexByte(w, specialBytes[i]); k >= 0 {
				sp.at[i] = p + k
			} else {
				sp.at[i] = p + len(w) // none up to here: look again past it
			}
		}
		first = min(first, sp.at[i])
	}
	sp.init = true
	return first
}

// plainRecord is scanRecord and dependent for the usual record, quickly:
// when the record at p has no special byte, is within the limits and has
// a Deal tag (so it cannot depend on the records before it), it reports
// ok and where the next record is looked for; otherwise the caller takes
// the careful path.
func (s *Splitter) plainRecord(b []byte, p int, sp *specials) (next int, ok bool) {
	// Skip semi-empty lines.
	for {
		q := p
		for q < len(b) && (b[q] == ' ' || b[q] == '\t' || b[q] == '\r') {
			q++
		}
		if q == len(b) || b[q] != '\n' {
			break
		}
		p = q + 1
	}
	if p == len(b) {
		return 0, false
	}
	n, ok := plainScan(b[p:], s.eof)
	// (A record across the end of a window of specials takes the careful
	// path: once in 64 KiB.)
	if !ok || n > MaxLine || p+n > sp.next(b, p) {
		return 0, false
	}
	return p + n, true
}

// scanRecord finds the record starting at or after p (a line start
// outside any comment): its bytes are b[start:end] and the next record is
// looked for from next. ok is false when b ends first (unless at the end
// of the input). A record ends at a semi-empty line outside a {} comment,
// exactly as the Reader splits records.
func scanRecord(b []byte, p int, eof bool) (start, end, next int, ok bool) {
	// Skip semi-empty lines.
	for {
		q := p
		for q < len(b) && (b[q] == ' ' || b[q] == '\t' || b[q] == '\r') {
			q++
		}
		if q == len(b) {
			if eof {
				return len(b), len(b), len(b), true
			}
			return 0, 0, 0, false
		}
		if b[q] != '\n' {
			break
		}
		p = q + 1
	}
	start = p
	checked := p
	inBrace := false
	for {
		i := bytes.IndexByte(b[p:], '\n')
		if i < 0 {
			if eof {
				return start, len(b), len(b), true
			}
			return 0, 0, 0, false
		}
		nl := p + i
		q := nl + 1
		for q < len(b) && (b[q] == ' ' || b[q] == '\t' || b[q] == '\r') {
			q++
		}
		if q == len(b) && !eof {
			return 0, 0, 0, false
		}
		p = nl + 1
		if q == len(b) || b[q] == '\n' {
			inBrace = braceState(b[checked:p], inBrace)
			checked = p
			if !inBrace {
				return start, p, p, true
			}
		}
	}
}

// longLine reports whether rec has a line longer than MaxLine.
func longLine(rec []byte) bool {
	if len(rec) <= MaxLine {
		return false
	}
	for len(rec) > MaxLine {
		i := bytes.IndexByte(rec, '\n')
		if i < 0 || i > MaxLine {
			return true
		}
		rec = rec[i+1:]
	}
	return false
}

// dependent reports whether a record may need the records before it: a
// tag value that starts with "#" (inheritance), or play or an auction
// without a Deal (the silent carry-over). It may say yes when the answer
// is no (then the record is just read in order), never the reverse for
// records that are tags and sections as usual.
func dependent(rec []byte) bool {
	if bytes.IndexByte(rec, '\\') >= 0 && bytes.IndexByte(rec, '#') >= 0 {
		return true // escapes make the strings uncertain
	}
	for off := 0; ; {
		i := bytes.IndexByte(rec[off:], '#')
		if i < 0 {
			break
		}
		i += off
		off = i + 1
		// A "#" inside a quoted string, not at its start, is text; any
		// other may be a value that starts with "#".
		ls := bytes.LastIndexByte(rec[:i], '\n') + 1
		quotes := 0
		for k := ls; k < i; k++ {
			switch rec[k] {
			case '\\':
				k++
			case '"':
				quotes++
			}
		}
		if quotes%2 == 0 || rec[i-1] == '"' {
			return true
		}
	}
	if !hasTagName(rec, "Play") && !hasTagName(rec, "Auction") {
		return false
	}
	// A Deal found inside a comment or a string would be wrong: look for
	// it outside them (as braceState reads them), and where escapes make
	// strings uncertain, say the record depends.
	if bytes.IndexByte(rec, '\\') >= 0 {
		return true
	}
	return !hasDealTag(rec)
}

// hasTagName reports whether rec has "[name" (white space allowed after
// the bracket, as a tag may be split over lines) not followed by another
// name character.
func hasTagName(rec []byte, name string) bool {
	for off := 0; ; {
		i := bytes.Index(rec[off:], []byte(name))
		if i < 0 {
			return false
		}
		i += off
		off = i + len(name)
		if off < len(rec) && isNameChar(rec[off]) {
			continue
		}
		k := i - 1
		for k >= 0 && (rec[k] == ' ' || rec[k] == '\t' || rec[k] == '\r' || rec[k] == '\n') {
			k--
		}
		if k < 0 || rec[k] != '[' {
			continue
		}
		// Not inside a string: an even number of quotes before it on
		// its line.
		quotes := 0
		for j := bytes.LastIndexByte(rec[:k], '\n') + 1; j < k; j++ {
			switch rec[j] {
			case '\\':
				j++
			case '"':
				quotes++
			}
		}
		if quotes%2 == 0 {
			return true
		}
	}
}

// hasDealTag reports whether rec has a Deal tag outside strings, {}
// comments, ; comments and % lines (read as braceState reads them).
func hasDealTag(rec []byte) bool {
	// The common case, quickly: the first "[Deal" that is not "[Dealer"
	// has no comment before it and is not inside a string on its line.
	for off := 0; ; {
		i := bytes.Index(rec[off:], []byte("[Deal"))
		if i < 0 {
			break
		}
		i += off
		off = i + 5
		if !isDealAt(rec, i) {
			continue // "[Dealer": look further
		}
		pre := rec[:i]
		if bytes.IndexByte(pre, '{') < 0 && bytes.IndexByte(pre, ';') < 0 && bytes.IndexByte(pre, '%') < 0 &&
			bytes.Count(pre[bytes.LastIndexByte(pre, '\n')+1:], []byte{'"'})%2 == 0 {
			return true
		}
		break
	}
	lineStart, quote, brace := true, false, false
	for i := 0; i < len(rec); i++ {
		c := rec[i]
		if brace {
			if c == '}' {
				brace = false
			}
			lineStart = c == '\n'
			continue
		}
		switch c {
		case '\n':
			quote, lineStart = false, true
			continue
		case '%', ';':
			if c == ';' && quote || c == '%' && !lineStart {
				break
			}
			j := bytes.IndexByte(rec[i:], '\n')
			if j < 0 {
				return false
			}
			i += j - 1
		case '"':
			quote = !quote
		case '{':
			brace = !quote
		case '[':
			if quote {
				break
			}
			j := i + 1
			for j < len(rec) && (rec[j] == ' ' || rec[j] == '\t' || rec[j] == '\r' || rec[j] == '\n') {
				j++
			}
			if bytes.HasPrefix(rec[j:], []byte("Deal")) && (j+4 == len(rec) || !isNameChar(rec[j+4])) {
				return true
			}
		}
		lineStart = false
	}
	return false
}

// isNameChar reports whether c may be part of a tag name.
func isNameChar(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z'
}

// countLines counts lines the way the Reader does: every LF, and every CR
// not followed by an LF.
func countLines(b []byte) int {
	n := bytes.Count(b, []byte{'\n'})
	for i := bytes.IndexByte(b, '\r'); i >= 0; {
		if i+1 >= len(b) || b[i+1] != '\n' {
			n++
		}
		j := bytes.IndexByte(b[i+1:], '\r')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return n
}

// restChunk hands out the rest of the input as one sequential Reader that
// starts with the state of the chunks before it (it waits for them to be
// parsed).
func (s *Splitter) restChunk() *Chunk {
	s.rest = true
	var st readerState
	for _, c := range s.chunks {
		<-c.done
		for id := range st.hist {
			if c.end.histOK[id] {
				st.hist[id], st.histOK[id] = c.end.hist[id], true
			}
		}
		for k, v := range c.end.histUnk {
			if st.histUnk == nil {
				st.histUnk = make(map[string]string)
			}
			st.histUnk[k] = v
		}
		if c.carrySet {
			st.carry = c.end.carry
		}
	}
	in := io.MultiReader(bytes.NewReader(s.buf), &errReader{s.rd, s.err, s.eof})
	r := NewReader(in)
	r.File = s.File
	r.line = s.line
	r.bom = s.seq > 0
	r.hist, r.histOK, r.histUnk, r.carry = st.hist, st.histOK, st.histUnk, st.carry
	s.buf = nil
	return &Chunk{Seq: s.seq, Line: s.line, Rest: r, file: s.File}
}

// errReader continues the input after the Splitter's buffer, giving the
// read error the Splitter met, if any.
type errReader struct {
	rd  io.Reader
	err error
	eof bool
}

func (e *errReader) Read(p []byte) (int, error) {
	if e.eof {
		if e.err != nil {
			return 0, e.err
		}
		return 0, io.EOF
	}
	return e.rd.Read(p)
}

// Parse reads the records of the chunk. It may run in any goroutine, once.
func (c *Chunk) Parse() []ChunkResult {
	if c.Rest != nil {
		panic("pbn: Parse of the rest of the input")
	}
	defer close(c.done)
	r := newBytesReader(c.data, c.Seq > 0)
	r.File = c.file
	r.line = c.Line
	var out []ChunkResult
	for {
		b, err := r.Read()
		if err == io.EOF {
			break
		}
		var pe *ParseError
		switch {
		case errors.As(err, &pe):
			out = append(out, ChunkResult{Err: pe})
			c.carrySet = true
		case err != nil: // cannot happen with a bytes.Reader
			out = append(out, ChunkResult{Err: &ParseError{File: c.file, Code: "unreadable-file", Err: err}})
		default:
			out = append(out, ChunkResult{Board: b})
			if hasTag(b.Tags, "Deal") {
				c.carrySet = true
			}
		}
	}
	c.Records = r.index
	r.flushHist()
	c.end = readerState{hist: r.hist, histOK: r.histOK, histUnk: r.histUnk, carry: r.carry}
	chunkPool.Put(c.whole[:0])
	c.data, c.whole = nil, nil
	return out
}

// chunkPool recycles chunk buffers: the boards of a chunk never point into
// its bytes (their text is copied into strings).
var chunkPool sync.Pool

// newBytesReader returns a Reader over data, which it may change (bare CRs
// become LFs), without copying it. bomDone says not to look for a byte
// order mark.
func newBytesReader(data []byte, bomDone bool) *Reader {
	r := &Reader{rd: eofReader{}, buf: data, w: len(data), eof: true, line: 1, bom: true}
	if !bomDone && len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		r.r, r.vis = 3, 3
	}
	// Bare CRs (old Mac line ends) become LFs, as fill does.
	for p := r.vis; p < len(data); {
		i := bytes.IndexByte(data[p:], '\r')
		if i < 0 {
			break
		}
		p += i
		if p+1 == len(data) || data[p+1] != '\n' {
			data[p] = '\n'
		}
		p++
	}
	r.vis = len(data)
	return r
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }
