package main

import (
	"math/rand/v2"
	"testing"
)

// TestKeySet checks the set of board keys against a map on keys that
// collide in their slots (few distinct low bits) and on random ones,
// through several doublings of the table.
func TestKeySet(t *testing.T) {
	for _, lowBits := range []uint64{3, 1 << 40} {
		var s keySet
		m := map[dupKey]copyRef{}
		r := rand.New(rand.NewPCG(1, lowBits))
		for i := range 300000 {
			k := dupKey{1 + r.Uint64()%(lowBits*50000), r.Uint64() % 4}
			ref := copyRef{file: uint32(i % 7), game: uint32(i)}
			got, ok := s.add(k, ref)
			want, wok := m[k]
			if ok != wok || got != want {
				t.Fatalf("key %v: %v %v, want %v %v", k, got, ok, want, wok)
			}
			if !wok {
				m[k] = ref
			}
		}
		if len(s.refs) != len(m) {
			t.Errorf("%d keys, want %d", len(s.refs), len(m))
		}
	}
}
