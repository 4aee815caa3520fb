package main

import (
	"io"
	"io/fs"
	"os"

	"revokes/pbn/boards"
	"revokes/report"
)

// maxMember is the most a zip or tar member may inflate to (a variable so
// that tests can lower it).
var maxMember int64 = boards.DefaultMaxMember

// inputs returns the walker of the inputs of cfg and what it will read:
// the paths, or the files of the built-in sample when there are none.
func inputs(cfg config, stdin io.Reader) (*boards.Walker, []boards.Input) {
	w := &boards.Walker{Stdin: stdin, MaxMember: maxMember}
	paths := cfg.paths
	if len(paths) == 0 {
		w.FS = sampleFS
		paths = []string{"sample"}
	}
	return w, w.List(paths)
}

// reportInputs returns what the run reads (ins, of inputs), for the
// workbook's File columns: the paths, which of them are folders, and the
// files found.
func reportInputs(cfg config, ins []boards.Input) report.Inputs {
	paths, stat := cfg.paths, os.Stat
	if len(paths) == 0 {
		paths = []string{"sample"}
		stat = func(name string) (fs.FileInfo, error) { return fs.Stat(sampleFS, name) }
	}
	in := report.Inputs{Paths: paths}
	for _, p := range paths {
		if fi, err := stat(p); err == nil && fi.IsDir() {
			in.Folders = append(in.Folders, p)
		}
	}
	for _, i := range ins {
		in.Files = append(in.Files, i.Name)
	}
	return in
}

// walk reads every input in turn (boards.Walker.Walk), into the pipeline.
func (p *pipeline) walk() {
	if p.bar != nil {
		p.walker.Progress = p.bar.add
	}
	p.walker.Walk(p.inputs, func(name string, r io.Reader, err error) error {
		if err != nil {
			p.readError(name, err)
		} else {
			p.readStream(name, r)
		}
		return p.ctx.Err()
	})
}
