package correct

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	"revokes/analyze"
	"revokes/pbn"
	"revokes/pbn/boards"
	"revokes/rescore"
)

// CodeNotWritten is the warning of a corrected copy that was not written,
// or of a record left as it was in it.
const CodeNotWritten = "corrected-not-written"

// Archive keeps the fixes of a run's boards, file by file, and writes the
// corrected copies under Dir at the end (rescoring.md §10). Only boards
// with a fix are kept: a run without them reads nothing twice.
type Archive struct {
	Dir string
	// Walker re-reads the inputs that need a copy (its FS, Stdin and
	// MaxMember as for the run); nil reads the operating system's files.
	Walker *boards.Walker
	// Inputs are the files the run reads: a copy never replaces one.
	Inputs []string

	fixes map[string][]Fix          // by pbn.Board.File
	texts map[string][]rescore.Text // the re-scoring's, by file
	order []string                  // the files of fixes and texts, in input order
	lin   map[string]bool           // LIN files with a changed board: not copied
}

// Add keeps the fix of a board whose result an applied revoke changed.
func (a *Archive) Add(f *analyze.Findings) {
	fx, ok := FixOf(f)
	if !ok {
		return
	}
	name := f.Board.File
	if f.Board.Format == pbn.FormatLIN {
		if a.lin == nil {
			a.lin = map[string]bool{}
		}
		a.lin[name] = true
		return
	}
	if a.fixes == nil {
		a.fixes = map[string][]Fix{}
	}
	if _, ok := a.fixes[name]; !ok {
		a.order = append(a.order, name)
	}
	a.fixes[name] = append(a.fixes[name], fx)
}

// Texts keeps the stated values the re-scoring changed (-rescore,
// rescoring.md §10), to be written in the copies: a file that holds one
// is copied too, whether or not a board of its own changed.
func (a *Archive) Texts(ts []rescore.Text) {
	for _, t := range ts {
		if a.lin[t.File] {
			continue
		}
		if a.texts == nil {
			a.texts = map[string][]rescore.Text{}
		}
		if _, ok := a.fixes[t.File]; !ok && a.texts[t.File] == nil {
			a.order = append(a.order, t.File)
		}
		a.texts[t.File] = append(a.texts[t.File], t)
	}
}

// LIN returns the number of LIN inputs with a changed board, which are
// not copied.
func (a *Archive) LIN() int { return len(a.lin) }

// Write re-reads each file with a fix and writes its corrected copy. It
// returns the number of copies written and the problems: copies not
// written, records not corrected.
func (a *Archive) Write() (int, []pbn.Problem) {
	w := a.Walker
	if w == nil {
		w = &boards.Walker{}
	}
	written := 0
	var probs []pbn.Problem
	problem := func(file string, line int, m pbn.Message) {
		probs = append(probs, pbn.Problem{File: file, Line: line, Code: CodeNotWritten, Severity: pbn.Warning, Text: m})
	}
	for _, o := range outerPaths(a.order) {
		if o == "-" {
			problem(o, 0, pbn.Msg("standard input cannot be read a second time: no corrected copy"))
			continue
		}
		w.Walk(w.List([]string{o}), func(name string, r io.Reader, err error) error {
			fixes, ok := a.fixes[name]
			texts, hasTexts := a.texts[name]
			if !ok && !hasTexts {
				return nil
			}
			delete(a.fixes, name) // a name met twice is copied once
			delete(a.texts, name)
			var src []byte
			if err == nil {
				src, err = io.ReadAll(r)
			}
			if err != nil {
				problem(name, 0, pbn.Msg("cannot read the input a second time: %v", err))
				return nil
			}
			out, errs := Rewrite(src, fixes, texts)
			for _, e := range errs {
				var ce *Error
				if errors.As(e, &ce) {
					problem(name, ce.Line, ce.Msg)
				}
			}
			if m, ok := a.write(name, out); !ok {
				problem(name, 0, m)
				return nil
			}
			written++
			return nil
		})
	}
	for _, name := range a.order {
		if o, _, _ := strings.Cut(name, "!"); o == "-" {
			continue
		}
		_, left := a.fixes[name]
		if _, t := a.texts[name]; left || t {
			problem(name, 0, pbn.Msg("the input was not found a second time: no corrected copy"))
		}
	}
	return written, probs
}

// outerPaths returns the input paths of the names, each once, in order:
// an archive is walked once for all its members.
func outerPaths(names []string) []string {
	var outers []string
	seen := map[string]bool{}
	for _, name := range names {
		o, _, _ := strings.Cut(name, "!")
		if !seen[o] {
			seen[o] = true
			outers = append(outers, o)
		}
	}
	return outers
}

// The reasons Target refuses a name.
var (
	errNoName = errors.New("no file name")
	errLeaves = errors.New("the member's path leaves the folder")
)

// Target returns where the copy of the input name goes under dir: the
// same relative path ("a/b.pbn" → dir/a/b.pbn; a leading "/" or "../" is
// dropped), an archive member as dir/<archive>/<member>, a gzip file
// without its ".gz" (the copy is the PBN text). A member path that would
// leave dir is refused (laws.md A17).
func Target(dir, name string) (string, error) {
	outer, member, isMember := strings.Cut(name, "!")
	rel := filepath.Clean(filepath.FromSlash(outer))
	rel = strings.TrimPrefix(rel, filepath.VolumeName(rel))
	for {
		switch {
		case strings.HasPrefix(rel, string(filepath.Separator)):
			rel = rel[1:]
			continue
		case rel == "..":
			rel = ""
		case strings.HasPrefix(rel, ".."+string(filepath.Separator)):
			rel = rel[3:]
			continue
		}
		break
	}
	if rel == "" || rel == "." {
		return "", errNoName
	}
	if !isMember {
		if strings.EqualFold(filepath.Ext(rel), ".gz") {
			rel = rel[:len(rel)-3]
		}
		return filepath.Join(dir, rel), nil
	}
	m := filepath.FromSlash(strings.ReplaceAll(member, "!", "/"))
	if !filepath.IsLocal(m) {
		return "", errLeaves
	}
	return filepath.Join(dir, rel, m), nil
}

// write writes out as the copy of name: atomically (a temporary file in
// the same folder, renamed), never over an input.
func (a *Archive) write(name string, out []byte) (pbn.Message, bool) {
	target, err := Target(a.Dir, name)
	switch {
	case errors.Is(err, errLeaves):
		return pbn.Msg("no corrected copy: the member's path leaves the folder %s (laws.md A17)", a.Dir), false
	case err != nil:
		return pbn.Msg("no corrected copy: the input's name gives no file name"), false
	}
	if fi, err := os.Stat(target); err == nil {
		if fi.IsDir() {
			return pbn.Msg("no corrected copy: %s is a folder", target), false
		}
		for _, in := range a.Inputs {
			if o, _, _ := strings.Cut(in, "!"); o != "" {
				if ii, err := os.Stat(o); err == nil && os.SameFile(fi, ii) {
					return pbn.Msg("no corrected copy: %s is an input of the run, never overwritten", target), false
				}
			}
		}
	}
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return pbn.Msg("no corrected copy: %v", err), false
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		return pbn.Msg("no corrected copy: %v", err), false
	}
	err = tmp.Chmod(0o644) // as a file the user made, not a temporary one
	if err == nil {
		_, err = tmp.Write(out)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), target)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return pbn.Msg("no corrected copy: %v", err), false
	}
	return pbn.Message{}, true
}
