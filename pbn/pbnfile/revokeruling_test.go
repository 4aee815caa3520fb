package pbnfile

import (
	"strings"
	"testing"
)

// TestRevokeRulingRepeated: a corrected copy's record keeps every
// RevokeRuling tag (rescoring.md §10); another unknown tag given twice
// keeps its first value.
func TestRevokeRulingRepeated(t *testing.T) {
	for _, quickOff := range []bool{false, true} {
		r := NewReader(strings.NewReader("[Board \"1\"]\n[Foo \"a\"]\n[RevokeRuling \"aaaaaaaaaaaa 2017 64A2 1\"]\n[Foo \"b\"]\n[RevokeRuling \"bbbbbbbbbbbb 2017 64A1 -1\"]\n"))
		r.quickOff = quickOff
		b, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		var rulings, foo []string
		for _, tg := range b.Tags {
			switch tg.Name {
			case "RevokeRuling":
				rulings = append(rulings, tg.Value)
			case "Foo":
				foo = append(foo, tg.Value)
			}
		}
		if len(rulings) != 2 || rulings[1] != "bbbbbbbbbbbb 2017 64A1 -1" || len(foo) != 1 || foo[0] != "a" {
			t.Errorf("quickOff %v: RevokeRuling %q, Foo %q", quickOff, rulings, foo)
		}
	}
}
