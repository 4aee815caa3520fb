package pbnfile

import (
	"math/rand/v2"
	"strings"
	"testing"

	"revokes/pbn"
)

// TestParseHand compares parseHand with parseHandSlow, the general
// reading, on made-up hands with and without oddities.
func TestParseHand(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	alphabet := "AKQJT98765432..akqjt10SHDCx -"
	for k := 0; k < 200000; k++ {
		var h []byte
		if k%2 == 0 {
			// A real hand: a random part of a deck in four suits.
			perm := r.Perm(52)[:r.IntN(15)]
			var suits [4][]byte
			for _, c := range perm {
				suits[c/13] = append(suits[c/13], "AKQJT98765432"[c%13])
			}
			h = []byte(string(suits[0]) + "." + string(suits[1]) + "." + string(suits[2]) + "." + string(suits[3]))
			if r.IntN(4) == 0 && len(h) > 0 { // and an oddity
				h[r.IntN(len(h))] = alphabet[r.IntN(len(alphabet))]
			}
		} else {
			for n := r.IntN(20); n > 0; n-- {
				h = append(h, alphabet[r.IntN(len(alphabet))])
			}
		}
		got, gok := parseHand(string(h))
		want, wok := parseHandSlow(string(h))
		if got != want || gok != wok {
			t.Fatalf("parseHand(%q) = %v %v, want %v %v", h, got, gok, want, wok)
		}
	}
}

// TestQuickDeal compares parseDeal (with quickDeal) and parseDealSlow on
// random deals and mutations of them.
func TestQuickDeal(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 11))
	alphabet := "AKQJT98765432.. akqjt10SHDC-xNESW:"
	quick := 0
	for k := 0; k < 100000; k++ {
		perm := r.Perm(52)
		var hands []string
		for h := 0; h < 4; h++ {
			var suits [4][]byte
			for _, c := range perm[13*h : 13*h+13] {
				suits[c/13] = append(suits[c/13], "AKQJT98765432"[c%13])
			}
			hands = append(hands, string(suits[0])+"."+string(suits[1])+"."+string(suits[2])+"."+string(suits[3]))
		}
		v := []byte(string("NESW"[r.IntN(4)]) + ":" + strings.Join(hands, " "))
		for e := r.IntN(3); e > 0; e-- {
			v[r.IntN(len(v))] = alphabet[r.IntN(len(alphabet))]
		}
		dealer := pbn.Seat(r.IntN(4))
		d, g, m, ok := parseDeal(string(v), dealer)
		sd, sg, sm, sok := parseDealSlow(trimSpace(string(v)), dealer)
		if d != sd || g != sg || ok != sok || m.Format != sm.Format || len(m.Args) != len(sm.Args) {
			t.Fatalf("parseDeal(%q) = %v %v %v %v, want %v %v %v %v", v, d, g, m, ok, sd, sg, sm, sok)
		}
		if _, q := quickDeal(string(v)); q {
			quick++
		}
	}
	if quick < 10000 {
		t.Errorf("quickDeal took only %d deals", quick)
	}
}
