package dd

import (
	"os"
	"slices"
	"testing"
	"time"

	"revokes/pbn"
)

// TestDevNodes prints node counts of the benchmark positions (set
// DD_DEV=1); a development aid.
func TestDevNodes(t *testing.T) {
	if os.Getenv("DD_DEV") == "" {
		t.Skip("DD_DEV not set")
	}
	for _, set := range []struct {
		name string
		ps   []Position
	}{{"full", benchFull(benchCount)[:12]}, {"mid", benchMid(benchCount)}} {
		s := NewSolver()
		var nodes []int64
		var total int64
		t0 := time.Now()
		for _, p := range set.ps {
			n0 := s.Nodes
			s.Tricks(p)
			nodes = append(nodes, s.Nodes-n0)
			total += s.Nodes - n0
		}
		el := time.Since(t0)
		c := slices.Clone(nodes)
		slices.Sort(c)
		t.Logf("%s: total %d nodes, median %d, worst %d, %v; %v", set.name, total, c[len(c)/2], c[len(c)-1], el, nodes)
	}
}


func TestDevOne(t *testing.T) {
	if os.Getenv("DD_ONE") == "" {
		t.Skip()
	}
	i := 0
	for _, c := range os.Getenv("DD_ONE") {
		i = i*10 + int(c-'0')
	}
	p := benchFull(benchCount)[i]
	s := NewSolver()
	t.Logf("%v %v leader %v: %d tricks", p.Hands, p.Trump, p.Leader, s.Tricks(p))
	t.Log(pbn.Deal(p.Hands))
	t.Log(s.Nodes)
	t.Log(cutStats)
	t.Log("tt lookups/hits by tricks left", ttStats, "evict", ttEvict, "new entries", ttStores, "replaced", ttReplace)
}

func TestDevBug(t *testing.T) {
	if os.Getenv("DD_BUG") == "" {
		t.Skip()
	}
	p := Position{Hands: parseDeal(t, "N:AQ.J96.JT3.A95 KJ.32.KQ2.KT8 4.Q84.A875.76 853.T75.4.QJ43"), Trump: pbn.Strain(pbn.Hearts), Leader: pbn.East}
	c1, _ := pbn.ParseCard("S6")
	c2, _ := pbn.ParseCard("S2")
	p.Played = []pbn.Card{c1, c2}
	t.Log(NewSolver().Tricks(p), NewSolver().Values(p))
	knobNoQT = true
	t.Log("noqt", NewSolver().Tricks(p))
	knobNoTop = true
	t.Log("notop", NewSolver().Tricks(p))
	knobFullK = true
	t.Log("fullk", NewSolver().Tricks(p))
	knobNoQT, knobNoTop = false, false
	t.Log("fullk only", NewSolver().Tricks(p))
}
