package main

import (
	"io"

	"revokes/pbn/boards"
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
